//! The quick path: every check on every file of its seed corpus, then on
//! inputs made by proptest. `cargo xtask fuzz` is the long run.

// The checks, proptest and the corpus on disk are native-only.
#![cfg(not(target_arch = "wasm32"))]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::{Index, select};
use terrain_core::erosion::Method;
use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Value};
use terrain_core::{ALL, Algorithm, Params, Stage};
use terrain_fuzz::input::{self, PngHeader, StagePick};

/// `fuzz/corpus/<target>/`, from the workspace root.
fn corpus_folder(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target)
}

/// Seeds that still make a check panic start with this: the bug is
/// known and not fixed yet. The corpus tests and `cargo xtask fuzz` leave
/// them out, and [`open_bugs`] replays them. Once the bug is fixed, rename
/// the file to `bug-...`, and it is replayed like every other seed.
const OPEN_BUG: &str = "open-bug-";

/// The files of `target`'s seed corpus, sorted, and the target's check.
fn seeds(target: &str) -> (Vec<PathBuf>, terrain_fuzz::Check) {
    let (_, check) = terrain_fuzz::TARGETS
        .into_iter()
        .find(|(name, _)| *name == target)
        .unwrap_or_else(|| panic!("no target {target}"));
    let folder = corpus_folder(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        .map(|entry| {
            entry
                .unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
                .path()
        })
        .collect();
    files.sort();
    (files, check)
}

/// Whether a seed is a crash not fixed yet.
fn is_open_bug(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with(OPEN_BUG))
}

/// The files among `files` that make `check` panic.
fn panicking(files: &[PathBuf], check: terrain_fuzz::Check) -> Vec<String> {
    files
        .iter()
        .filter(|path| {
            let bytes =
                std::fs::read(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
            assert!(bytes.len() <= 8192, "{}: seeds stay small", path.display());
            catch_unwind(AssertUnwindSafe(|| check(&bytes))).is_err()
        })
        .map(|path| path.display().to_string())
        .collect()
}

/// Feeds `target`'s check every file of its seed corpus but the open bugs,
/// and names each file that made it panic.
fn run_corpus(target: &str) {
    let (files, check) = seeds(target);
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|path| !is_open_bug(path))
        .collect();
    assert!(files.len() >= 5, "{target}: only {} seeds", files.len());
    let failed = panicking(&files, check);
    assert!(failed.is_empty(), "{target} failed on {failed:?}");
}

/// The crashes the long run found that are not fixed yet, if any. While
/// one is open, mark this `#[ignore = "bug: ..."]` so the workspace stays
/// green; remove the mark when it is fixed (and rename the files, see
/// [`OPEN_BUG`]).
#[test]
fn open_bugs() {
    let mut failed = Vec::new();
    for (target, _) in terrain_fuzz::TARGETS {
        let (files, check) = seeds(target);
        let open: Vec<PathBuf> = files.into_iter().filter(|path| is_open_bug(path)).collect();
        failed.extend(panicking(&open, check));
    }
    assert!(failed.is_empty(), "still failing: {failed:?}");
}

#[test]
fn every_target_has_a_corpus_a_fuzz_target_and_a_long_run() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let read = |path: PathBuf| {
        std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path:?}: {error}"))
    };
    let manifest = read(root.join("fuzz/Cargo.toml"));
    let long_run = read(root.join("xtask/src/fuzz.rs"));
    for (target, _) in terrain_fuzz::TARGETS {
        assert!(corpus_folder(target).is_dir(), "no corpus for {target}");
        let source = read(root.join(format!("fuzz/fuzz_targets/{target}.rs")));
        assert!(
            source.contains(&format!("terrain_fuzz::{target}(data)")),
            "{target}"
        );
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "{target}"
        );
        assert!(long_run.contains(&format!("\"{target}\",")), "{target}");
    }
}

#[test]
fn params_text_corpus() {
    run_corpus("params_text");
}

#[test]
fn stage_text_corpus() {
    run_corpus("stage_text");
}

#[test]
fn query_corpus() {
    run_corpus("query");
}

#[test]
fn embed_attributes_corpus() {
    run_corpus("embed_attributes");
}

#[test]
fn png_import_corpus() {
    run_corpus("png_import");
}

#[test]
fn png_differential_corpus() {
    run_corpus("png_differential");
}

#[test]
fn generate_corpus() {
    run_corpus("generate");
}

/// Every word a text strategy draws from: the odd ones
/// ([`input::ODD_WORDS`]), and every name the registries know
/// ([`input::known_words`]).
fn words() -> Vec<String> {
    input::ODD_WORDS
        .iter()
        .map(|word| (*word).to_owned())
        .chain(input::known_words())
        .collect()
}

/// White space a reader or a page might put around a value.
const PADDING: &[&str] = &["", "", " ", "  ", "\t", "\r", "\u{a0}", "\u{2003}", "\u{b}"];

/// Text for a field: known words padded, numbers of every form, garbage.
fn field_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (select(PADDING), select(words()), select(PADDING))
            .prop_map(|(before, word, after)| format!("{before}{word}{after}")),
        1 => any::<f64>().prop_map(|value| value.to_string()),
        1 => (0.0..6.0f64).prop_map(|value| value.to_string()),
        1 => any::<f64>().prop_map(|value| format!("{value:e}")),
        1 => any::<u64>().prop_map(|value| value.to_string()),
        1 => any::<i64>().prop_map(|value| value.to_string()),
        1 => "[0-9+\\-.eE_]{0,24}",
        1 => "pass-[0-9]{0,12}",
        1 => ".{0,40}",
    ]
}

/// Any algorithm.
fn algorithm() -> impl Strategy<Value = Algorithm> {
    select(ALL)
}

/// Every key a link may hold, from the registries, and some it may not.
fn query_keys() -> Vec<&'static str> {
    input::every_spec()
        .filter(|spec| spec.surfaces.url)
        .map(|spec| spec.option)
        .chain(["utm_source", "spreadreduction", "exp%6Fnent", ""])
        .collect()
}

/// A query string: pairs of known and unknown keys, values of every kind,
/// some percent-encoded, with or without `?`.
fn query_text() -> impl Strategy<Value = String> {
    let pair = (
        select(query_keys()),
        field_text(),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(key, value, encoded, bare)| {
            let value = if encoded {
                terrain_core::query::encode(&value)
            } else {
                value
            };
            if bare && value.is_empty() {
                key.to_owned()
            } else {
                format!("{key}={value}")
            }
        });
    prop_oneof![
        4 => (any::<bool>(), prop::collection::vec(pair, 0..9))
            .prop_map(|(mark, pairs)| format!("{}{}", if mark { "?" } else { "" }, pairs.join("&"))),
        1 => ".{0,200}",
        1 => "[?&=%+a-z0-9A-F]{0,80}",
    ]
}

/// The attributes a demo reads, and one misspelt.
fn attribute_names() -> Vec<&'static str> {
    input::demo_attributes().chain(["data-Exponent"]).collect()
}

/// A value of `kind` a `fraction` of the way through its range.
fn in_range(kind: Kind, fraction: f64) -> Option<Value> {
    Some(match kind {
        Kind::Whole { min, max } => Value::Whole(min + ((max - min) as f64 * fraction) as u64),
        Kind::Number { min, max } => Value::Number((min + (max - min) * fraction).min(max)),
        Kind::Switch => Value::Switch(fraction < 0.5),
        Kind::Choice(names) => {
            Value::Choice(((names.len() as f64 * fraction) as usize).min(names.len() - 1))
        }
        _ => return None,
    })
}

/// A value of `kind` out of its range (`which` chooses one), if it has one.
fn out_of_range(kind: Kind, which: usize) -> Option<Value> {
    Some(match kind {
        Kind::Whole { max, .. } => Value::Whole([max.saturating_add(1), u64::MAX][which % 2]),
        Kind::Number { min, max } => Value::Number(
            [
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                min.next_down(),
                max.next_up(),
                -f64::MAX,
                f64::MAX,
            ][which % 7],
        ),
        _ => return None,
    })
}

/// Params of any algorithm, every field read by kind (the registry's, see
/// [`input::by_kind`]) at its default or anywhere in its range, and a
/// quarter of the time one of them, or the exponent, out of it; erosion by
/// any method (none more often); and a stage picked as `generate`'s input
/// picks one: the map's last (more often), another of its own, another
/// algorithm's, or any numbered one.
fn generated_params() -> impl Strategy<Value = (Params, Stage)> {
    let settings = prop::collection::vec(
        prop_oneof![Just(None), (0.0..=1.0f64).prop_map(Some)],
        input::by_kind().count(),
    );
    let broken = prop::option::weighted(0.25, (any::<Index>(), any::<usize>()));
    let exponent = prop_oneof![
        8 => 1..=input::MAX_GENERATE_EXPONENT,
        1 => select(input::UNUSUAL_EXPONENTS.to_vec()),
    ];
    let method = prop_oneof![2 => Just(Method::None), 1 => select(Method::ALL.to_vec())];
    let erosion = (method, 0..input::EROSION_COUNTS);
    let pick = prop_oneof![
        2 => Just(StagePick::Own(0)),
        3 => any::<u8>().prop_map(StagePick::Own),
        1 => (any::<u8>(), any::<u8>())
            .prop_map(|(algorithm, index)| StagePick::Other { algorithm, index }),
        1 => (any::<u8>(), 0u32..20).prop_map(|(kind, number)| StagePick::Numbered { kind, number }),
        1 => (any::<u8>(), any::<u32>())
            .prop_map(|(kind, number)| StagePick::Numbered { kind, number }),
    ];
    (algorithm(), exponent, erosion, settings, broken, pick).prop_map(
        |(algorithm, exponent, (method, count), settings, broken, pick)| {
            let mut params = Params::new(algorithm);
            params.map.exponent = exponent;
            input::set_erosion(&mut params, method, count);
            for (field, fraction) in input::by_kind().zip(settings) {
                if let Some(value) = fraction.and_then(|at| in_range(field.spec().kind, at)) {
                    (field.parameter().set)(&mut params, &value);
                }
            }
            let broken = broken.and_then(|(index, which)| {
                let field = input::by_kind().nth(index.index(input::by_kind().count()))?;
                Some((field, out_of_range(field.spec().kind, which)?))
            });
            if let Some((field, value)) = broken {
                (field.parameter().set)(&mut params, &value);
            }
            (params, pick.stage(&params))
        },
    )
}

/// Valid (bit depth, colour type) pairs, and two invalid ones.
const PNG_FORMATS: &[(u8, u8)] = &[
    (1, 0),
    (2, 0),
    (4, 0),
    (8, 0),
    (16, 0),
    (8, 2),
    (16, 2),
    (1, 3),
    (2, 3),
    (4, 3),
    (8, 3),
    (8, 4),
    (16, 4),
    (8, 6),
    (16, 6),
    (3, 0),
    (16, 3),
];

/// A PNG made by hand of any format and a small size (or a huge one in
/// its header), with random pixels and filters, then maybe damaged.
fn png_bytes() -> impl Strategy<Value = Vec<u8>> {
    let side = prop_oneof![
        8 => 1u32..40,
        1 => select(vec![0, 4097, 8192, 8193, 65_535, u32::MAX]),
    ];
    let header = (side.clone(), side, select(PNG_FORMATS), any::<bool>()).prop_map(
        |(width, height, (bit_depth, colour_type), interlaced)| PngHeader {
            width,
            height,
            bit_depth,
            colour_type,
            interlaced,
        },
    );
    let damage = prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..4);
    (
        header,
        0usize..=256,
        any::<u64>(),
        damage,
        any::<bool>(),
        prop::option::of(any::<prop::sample::Index>()),
    )
        .prop_map(|(header, palette, seed, damage, fix, cut)| {
            // Small images only get their promised data; huge ones get a little.
            let length = if header.width < 64 && header.height < 64 {
                header.data_len()
            } else {
                64
            };
            let mut state = seed;
            let data: Vec<u8> = (0..length)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    (state >> 56) as u8
                })
                .collect();
            let mut png = input::png_file(&header, palette, &data);
            for (index, value) in damage {
                let at = index.index(png.len());
                png[at] = value;
            }
            if fix {
                input::fix_crcs(&mut png);
            }
            if let Some(cut) = cut {
                png.truncate(cut.index(png.len() + 1));
            }
            png
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn params_text_generated(
        field in select(fields().collect::<Vec<_>>()),
        start: u8,
        text in field_text(),
    ) {
        terrain_fuzz::params_text(&input::params_text(field, start, &text));
    }

    #[test]
    fn stage_text_generated(
        algorithm in algorithm(),
        exponent in 0..=input::MAX_STAGE_EXPONENT,
        text in field_text(),
    ) {
        terrain_fuzz::stage_text(&input::stage_text(algorithm, exponent, &text));
    }

    #[test]
    fn query_generated(query in query_text()) {
        terrain_fuzz::query(query.as_bytes());
    }

    #[test]
    fn raw_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..96)) {
        for (_, check) in terrain_fuzz::TARGETS {
            check(&bytes);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn embed_attributes_generated(
        attributes in prop::collection::vec((select(attribute_names()), field_text()), 0..10),
        queries in prop::collection::vec(query_text(), 0..3),
    ) {
        // The input format has one attribute a line.
        let attributes: Vec<(&str, String)> = attributes
            .into_iter()
            .map(|(name, value)| (name, value.replace('\n', " ")))
            .collect();
        let attributes: Vec<(&str, &str)> =
            attributes.iter().map(|(name, value)| (*name, value.as_str())).collect();
        let queries: Vec<String> = queries.into_iter().map(|query| query.replace('\n', "")).collect();
        let queries: Vec<&str> = queries.iter().map(String::as_str).collect();
        terrain_fuzz::embed_attributes(&input::embed_attributes(&attributes, &queries));
    }

    #[test]
    fn png_import_generated(png in png_bytes()) {
        terrain_fuzz::png_import(&png);
    }

    #[test]
    fn png_differential_generated(png in png_bytes()) {
        terrain_fuzz::png_differential(&png);
    }

    #[test]
    fn generate_generated((params, stage) in generated_params()) {
        terrain_fuzz::generate(&input::generate(&params, stage));
    }
}

/// What the `generate` check does with an input: refuse the params,
/// refuse the stage, or make a map (and of which algorithm, eroded or not).
fn outcome(params: &Params, stage: Stage) -> &'static str {
    if input::out_of_range(params).next().is_some() {
        "params refused"
    } else if params.check_stage(stage).is_err() {
        "stage refused"
    } else if stage.is_erosion() {
        "eroded map"
    } else {
        "map"
    }
}

/// The `generate` check can only fail on a map it makes: most seeds and
/// generated inputs must get that far (a decoder that left some field out
/// of range by default would turn every input into a refusal), and every
/// algorithm and method of erosion must be among them. Refusals of both
/// kinds must be common too.
#[test]
fn generate_inputs_reach_maps_and_refusals() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    let (files, _) = seeds("generate");
    let seed_outcomes: Vec<&str> = files
        .iter()
        .map(|path| {
            let bytes = std::fs::read(path).unwrap_or_else(|error| panic!("{path:?}: {error}"));
            let (params, stage) = input::decode_generate(&bytes);
            outcome(&params, stage)
        })
        .collect();
    let maps = seed_outcomes
        .iter()
        .filter(|outcome| outcome.ends_with("map"))
        .count();
    assert!(
        2 * maps > files.len(),
        "{maps} of {} seeds make maps",
        files.len()
    );

    let mut runner = TestRunner::deterministic();
    let strategy = generated_params();
    let mut counts: std::collections::HashMap<String, usize> = Default::default();
    let samples = 1000;
    for _ in 0..samples {
        let (params, stage) = strategy.new_tree(&mut runner).expect("a sample").current();
        let (params, stage) = input::decode_generate(&input::generate(&params, stage));
        let outcome = outcome(&params, stage);
        *counts.entry(outcome.to_owned()).or_default() += 1;
        if outcome.ends_with("map") {
            *counts
                .entry(params.algorithm.name().to_owned())
                .or_default() += 1;
            if stage.is_erosion() {
                let method = format!("{:?}", params.erosion.method);
                *counts.entry(method).or_default() += 1;
            }
        }
    }
    let count = |key: &str| counts.get(key).copied().unwrap_or(0);
    // FUZZING.md quotes these (`cargo test -p terrain-fuzz --test quick_path
    // generate_inputs -- --nocapture`).
    println!(
        "{maps} of {} seeds make a map; of {samples} generated inputs, {} make a map \
         and {} an eroded map, {} are refused for a field and {} for a stage",
        files.len(),
        count("map"),
        count("eroded map"),
        count("params refused"),
        count("stage refused"),
    );
    assert!(
        count("map") + count("eroded map") > samples / 3,
        "{counts:?}"
    );
    for refusal in ["params refused", "stage refused"] {
        assert!(count(refusal) > samples / 10, "{counts:?}");
    }
    for algorithm in Algorithm::all() {
        assert!(count(algorithm.name()) > 0, "{algorithm}: {counts:?}");
    }
    for method in Method::ALL
        .into_iter()
        .filter(|&method| method != Method::None)
    {
        assert!(count(&format!("{method:?}")) > 0, "{method:?}: {counts:?}");
    }
}
