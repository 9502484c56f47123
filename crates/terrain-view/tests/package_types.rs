//! The npm package's option types, written from the registries: the
//! algorithm names, the stages' words and every choice as string-literal
//! unions, and each option of `generate` and `erode` documented with its
//! help, range and default, so an editor shows what the site's messages
//! say. `npm/options.d.ts` is committed; this test fails when it is out of
//! date, and `UPDATE_TYPES=1 cargo test -p terrain-view --test
//! package_types` writes it anew (as `tests/settings.json`).

use std::path::PathBuf;

use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec};
use terrain_core::{Algorithm, DEFAULT_ALGORITHM, Field, Params, STAGE, Stage};
use terrain_view::element::attribute_names;
use terrain_view::palette::Palette;

/// The largest whole number a JavaScript number holds exactly.
const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

fn quoted(name: &str) -> String {
    format!("\"{name}\"")
}

fn union(names: &[&str]) -> String {
    names
        .iter()
        .map(|name| quoted(name))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The words of the stages `generate` can stop after: each variant's
/// spelling, a numbered one as a template-literal type. The match has no
/// catch-all, so a new stage cannot be left out.
fn stage_words() -> String {
    let examples = [
        Stage::Corners,
        Stage::Edges,
        Stage::Center,
        Stage::Square,
        Stage::Diamond,
        Stage::Pass(1),
        Stage::Lattice,
        Stage::Octave(1),
        Stage::Done,
        Stage::Droplets(1),
        Stage::Slides(1),
        Stage::Step(1),
    ];
    let words: Vec<String> = examples
        .iter()
        .filter_map(|stage| match stage {
            Stage::Corners
            | Stage::Edges
            | Stage::Center
            | Stage::Square
            | Stage::Diamond
            | Stage::Lattice
            | Stage::Done => Some(quoted(&stage.to_string())),
            Stage::Pass(_) => Some("`pass-${number}`".to_owned()),
            Stage::Octave(_) => Some("`octave-${number}`".to_owned()),
            // Erosion's stages are a demo's, not generate()'s.
            Stage::Droplets(_) | Stage::Slides(_) | Stage::Step(_) => None,
        })
        .collect();
    words.join(" | ")
}

/// The TypeScript type of a setting of `kind`.
fn type_of(spec: &Spec) -> String {
    match spec.kind {
        _ if spec == &terrain_core::ALGORITHM => "Algorithm".to_owned(),
        // Past 2^53 a number is not the one meant: a string or a BigInt.
        Kind::Whole { max, .. } if max > MAX_SAFE_INTEGER => "number | bigint | string".to_owned(),
        Kind::Whole { .. } | Kind::Number { .. } => "number".to_owned(),
        Kind::Switch => "boolean".to_owned(),
        Kind::SwitchOr(names) => format!("boolean | {}", union(names)),
        Kind::Choice(names) => union(names),
        Kind::Name { .. } => "string".to_owned(),
        Kind::Stage => "Stage".to_owned(),
    }
}

/// The algorithms that read `field` with their default settings; when
/// none does (a setting that only counts after another is changed), all.
fn readers(field: Field) -> Vec<Algorithm> {
    let reading: Vec<Algorithm> = Algorithm::all()
        .filter(|&algorithm| (field.parameter().applies)(&Params::new(algorithm)))
        .collect();
    if reading.is_empty() {
        Algorithm::all().collect()
    } else {
        reading
    }
}

/// The defaults of `field` by algorithm, grouped: `5` when all agree,
/// else `5` for diamond-square, …; `7` for value-noise, ….
fn defaults(field: Field) -> String {
    if field.spec() == &terrain_core::ALGORITHM {
        return format!("`{}`", DEFAULT_ALGORITHM.name());
    }
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for algorithm in readers(field) {
        let value = Params::new(algorithm).text(field);
        match groups.iter_mut().find(|(known, _)| *known == value) {
            Some((_, names)) => names.push(algorithm.name()),
            None => groups.push((value, vec![algorithm.name()])),
        }
    }
    match groups.as_slice() {
        [(value, _)] => format!("`{value}`"),
        _ => groups
            .iter()
            .map(|(value, names)| format!("`{value}` for {}", names.join(", ")))
            .collect::<Vec<_>>()
            .join("; "),
    }
}

/// Which algorithms read `field`, unless all do.
fn applies(field: Field) -> Option<String> {
    let reading: Vec<&str> = Algorithm::all()
        .filter(|&algorithm| (field.parameter().applies)(&Params::new(algorithm)))
        .map(Algorithm::name)
        .collect();
    if reading.is_empty() {
        return Some("Read only once another option asks for it (see above).".to_owned());
    }
    (reading.len() < Algorithm::all().len()).then(|| format!("Read by {}.", reading.join(", ")))
}

/// One documented option of an options interface.
fn option(spec: &Spec, lines: &[String]) -> String {
    let mut text = format!("  /**\n   * {}: {}.\n", spec.title, spec.help);
    for line in lines {
        text.push_str(&format!("   * {line}\n"));
    }
    text.push_str(&format!("   */\n  {}?: {};\n", spec.option, type_of(spec)));
    text
}

/// An interface of the options that `wanted` picks from the registry;
/// `generating` for `generate`'s (each default by algorithm), else
/// `erode`'s, which has no algorithm: it reads what is left out as the
/// default algorithm's parameters.
fn options(name: &str, about: &str, wanted: impl Fn(&Spec) -> bool, generating: bool) -> String {
    let mut text = format!("/** {about} */\nexport interface {name} {{\n");
    for field in fields().filter(|field| wanted(field.spec())) {
        let spec = field.spec();
        let default = if generating {
            defaults(field)
        } else {
            format!("`{}`", Params::new(DEFAULT_ALGORITHM).text(field))
        };
        let mut lines = vec![format!("Takes {}. Default: {default}.", spec.allowed())];
        // erode() runs the droplets whatever a demo's erosion would be.
        if spec.surfaces.generate {
            lines.extend(applies(field));
        }
        text.push_str(&option(spec, &lines));
    }
    if generating {
        text.push_str(&option(
            &STAGE,
            &[
                "Which stages exist depends on the algorithm and the exponent. Default: `done`."
                    .to_owned(),
            ],
        ));
    }
    text.push_str("}\n");
    text
}

fn options_d_ts() -> String {
    let algorithms: Vec<&str> = Algorithm::all().map(Algorithm::name).collect();
    let attributes: Vec<&str> = attribute_names();
    [
        "// Written by crates/terrain-view/tests/package_types.rs from the registries:\n\
         // do not edit. `UPDATE_TYPES=1 cargo test -p terrain-view --test package_types`\n\
         // writes it anew.\n"
            .to_owned(),
        format!(
            "/** The generators, by the names the site, links and attributes use. */\n\
             export type Algorithm = {};\n",
            union(&algorithms)
        ),
        format!(
            "/** How far a generator runs; which stages an algorithm has depends on it and on the exponent. */\n\
             export type Stage = {};\n",
            stage_words()
        ),
        options(
            "GenerateOptions",
            "The options of `generate`: any left out takes its default for the algorithm.",
            |spec| spec.surfaces.generate,
            true,
        ),
        options(
            "ErodeOptions",
            "The options of `erode`: any left out takes the erosion chapter's default.",
            |spec| spec.surfaces.erode,
            false,
        ),
        format!(
            "/** How heights become colours: a demo's palette, and a GLB's vertex colours. */\n\
             export type Palette = {};\n",
            union(&Palette::NAMES)
        ),
        format!(
            "/** The attributes a `<terrain-demo>` element reads (the `data-` ones of an embed, without the prefix). */\n\
             export type TerrainDemoAttribute = {};\n",
            union(&attributes)
        ),
    ]
    .join("\n")
}

#[test]
fn the_package_types_are_up_to_date() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../npm/options.d.ts");
    let fresh = options_d_ts();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(&path, &fresh).expect("write npm/options.d.ts");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "npm/options.d.ts is out of date: run \
         `UPDATE_TYPES=1 cargo test -p terrain-view --test package_types`"
    );
}
