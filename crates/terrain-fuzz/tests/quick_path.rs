//! The quick path: every check on every file of its seed corpus, then on
//! inputs made by proptest. `cargo xtask fuzz` is the long run.

// The checks, proptest and the corpus on disk are native-only.
#![cfg(not(target_arch = "wasm32"))]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::select;
use terrain_core::{Algorithm, PARAMETERS, Params, STAGE, Stage};
use terrain_fuzz::input::{self, PngHeader};
use terrain_view::settings::SETTINGS;

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

/// Words the parsers know, and the bad values every one must refuse.
const WORDS: &[&str] = &[
    "",
    "40",
    "-1",
    "0",
    "1",
    "5",
    "12",
    "13",
    "1e309",
    "NaN",
    "nan",
    "inf",
    "-inf",
    "infinity",
    "2^64",
    "18446744073709551615",
    "18446744073709551616",
    "abc",
    "<script>alert(1)</script>",
    "0.3",
    "0.55",
    "+0.6",
    "-0",
    "+",
    "1.5",
    "5.000001",
    "2.0000001",
    "true",
    "false",
    "on",
    "off",
    "yes",
    "no",
    "full",
    "corners",
    "edges",
    "center",
    "centre",
    "square",
    "diamond",
    "done",
    "pass-1",
    "pass-12",
    "pass-0",
    "pass-",
    "pass--1",
    "pass-99999999999",
    "PASS-3",
    "random-noise",
    "midpoint-displacement",
    "recursive-midpoint-displacement",
    "diamond-square",
    "tileable-diamond-square",
    "terrain",
    "bands",
    "green",
    "greyscale",
    "3d",
    "2d",
    "tiled",
    "tiled-2d",
    "%",
    "%zz",
    "%FF",
    "%3C",
    "&",
    "=",
    "?",
    "\u{0}",
    "é",
    "🏔",
];

/// White space a reader or a page might put around a value.
const PADDING: &[&str] = &["", "", " ", "  ", "\t", "\r", "\u{a0}", "\u{2003}", "\u{b}"];

/// Text for a field: known words padded, numbers of every form, garbage.
fn field_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (select(PADDING), select(WORDS), select(PADDING))
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
    select(Algorithm::all().to_vec())
}

/// The keys a URL of the site may carry, and some it may not.
/// Every key a link may hold, from the registries, and some it may not.
fn query_keys() -> Vec<&'static str> {
    let parameters = PARAMETERS
        .iter()
        .map(|parameter| parameter.spec)
        .chain([&STAGE]);
    let display = SETTINGS.iter().map(|entry| entry.spec);
    parameters
        .chain(display)
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

fn generated_params() -> impl Strategy<Value = (Params, Stage)> {
    let number = prop_oneof![
        4 => 0.0..=5.0f64,
        1 => any::<f64>(),
        1 => select(vec![0.0, -0.0, 2.0, 5.0, 5.000001, -1e-300, f64::NAN, f64::INFINITY]),
    ];
    let stage = prop_oneof![
        select(vec![
            Stage::Corners,
            Stage::Edges,
            Stage::Center,
            Stage::Square,
            Stage::Diamond,
            Stage::Done,
        ]),
        (0u32..10).prop_map(Stage::Pass),
        any::<u32>().prop_map(Stage::Pass),
        Just(Stage::Lattice),
        (0u32..14).prop_map(Stage::Octave),
        (0u32..64).prop_map(Stage::Droplets),
        (0u32..64).prop_map(Stage::Slides),
        (0u32..64).prop_map(Stage::Step),
    ];
    (
        algorithm(),
        prop_oneof![8 => 0u32..=7, 1 => select(vec![13, 40, u32::MAX])],
        number.clone(),
        number,
        any::<u64>(),
        any::<bool>(),
        stage,
    )
        .prop_map(
            |(algorithm, exponent, spread, spread_reduction, seed, normalize, stage)| {
                let params = Params {
                    algorithm,
                    exponent,
                    spread,
                    spread_reduction,
                    seed,
                    normalize,
                    ..Params::new(algorithm)
                };
                (params, stage)
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
        field in select(PARAMETERS.iter().map(|parameter| parameter.field).collect::<Vec<_>>()),
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
