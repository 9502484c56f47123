//! How each check reads its bytes, and encoders that write such bytes.
//!
//! Any byte string is an input to every check: bytes past the end read as
//! zero, and text is read as UTF-8 with bad sequences replaced by U+FFFD. The
//! text targets keep their text readable, and their selector bytes are
//! digits (`b'0' + n` selects `n`), so a seed file can be read and written
//! by hand:
//!
//! | target | bytes |
//! |---|---|
//! | `params_text` | field digit, start digit, then the text: `10 40 ` sets the exponent of the default params to `" 40 "` |
//! | `stage_text` | algorithm digit, exponent digit, then the text: `35pass-2` reads `pass-2` for diamond-square at exponent 5 |
//! | `query` | the query string itself |
//! | `embed_attributes` | one `name=value` attribute a line; a line starting with `?` is a URL query applied afterwards |
//! | `png_import` | the file itself |
//! | `png_differential` | the file itself |
//! | `generate` | binary: see [`decode_generate`] |
//!
//! Every list of algorithms, fields, stages and names here comes from the
//! registries ([`terrain_core::ALL`], [`fields`], each algorithm's stages,
//! [`SETTINGS`]), so a new algorithm or setting is fuzzed at once.

mod generate;
mod png;
mod reader;

use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec};
use terrain_core::{ALL, Algorithm, Field, MAX_EXPONENT, MIN_EXPONENT, Params, STAGE, ValidParams};
use terrain_view::settings::SETTINGS;

pub use generate::{
    EROSION_COUNTS, MAX_GENERATE_EXPONENT, NUMBERED_STAGES, StagePick, UNUSUAL_EXPONENTS, by_kind,
    decode_generate, generate, in_range, out_of_range, set_erosion,
};
pub use png::{PngHeader, png_file};
pub use reader::Reader;
/// PNG framing, from terrain-io's writer.
pub use terrain_io::test_support::{crc32, fix_crcs, write_chunk, zlib_stored};

/// The digit byte that [`Reader::selector`] reads as `value`.
fn digit(value: usize) -> u8 {
    b'0'.wrapping_add(value as u8)
}

/// The params a `params_text` input starts from: selector 0 is what a
/// reader makes of no settings at all (diamond-square at exponent 5); any
/// other `n` is algorithm `n % ALL.len()` (in [`ALL`] order) at exponent
/// `1 + (n / 5) % 12`.
pub fn start_params(selector: u8) -> ValidParams {
    if selector == 0 {
        return Params::read(|_| Ok(None)).params;
    }
    let algorithm = ALL[usize::from(selector) % ALL.len()];
    let exponent = MIN_EXPONENT + u32::from(selector / 5) % (MAX_EXPONENT - MIN_EXPONENT + 1);
    ValidParams::new(algorithm)
        .with_exponent(exponent)
        .unwrap_or_else(|error| panic!("exponent {exponent} is in range: {error}"))
}

/// Reads a `params_text` input: the field (digit `n` is the `n % count`-th
/// of the registry's [`fields`], in order: 0 algorithm, 1 exponent, 2
/// spread, 3 spread reduction, 4 seed, 5 normalize...), the params to
/// start from (see [`start_params`]) and the text.
pub fn decode_params_text(data: &[u8]) -> (Field, ValidParams, String) {
    let mut reader = Reader::new(data);
    let index = usize::from(reader.selector()) % fields().count();
    let field = fields().nth(index).unwrap_or(Field::ALGORITHM);
    let start = start_params(reader.selector());
    (field, start, reader.rest_text())
}

/// The `params_text` input that sets `field` to `text`, starting from
/// [`start_params`]`(start)`.
pub fn params_text(field: Field, start: u8, text: &str) -> Vec<u8> {
    let index = fields().position(|other| other == field).unwrap_or(0);
    let mut bytes = vec![digit(index), b'0'.wrapping_add(start)];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// The highest exponent a `stage_text` input names: past 12 so that
/// invalid exponents are checked too.
pub const MAX_STAGE_EXPONENT: u32 = 16;

/// Reads a `stage_text` input: the algorithm (digit `n` is
/// [`ALL`]`[n % ALL.len()]`), the exponent (`n % 17`, so 0 to 16) and the
/// text.
pub fn decode_stage_text(data: &[u8]) -> (Algorithm, u32, String) {
    let mut reader = Reader::new(data);
    let algorithm = ALL[usize::from(reader.selector()) % ALL.len()];
    let exponent = u32::from(reader.selector()) % (MAX_STAGE_EXPONENT + 1);
    (algorithm, exponent, reader.rest_text())
}

/// The `stage_text` input that reads `text` for `algorithm` at `exponent`
/// (0 to [`MAX_STAGE_EXPONENT`]).
pub fn stage_text(algorithm: Algorithm, exponent: u32, text: &str) -> Vec<u8> {
    let mut bytes = vec![digit(algorithm.index()), digit(exponent as usize)];
    bytes.extend_from_slice(text.as_bytes());
    bytes
}

/// Every spec a page's settings have: the map's parameters, the stage,
/// then the display's.
pub fn every_spec() -> impl Iterator<Item = &'static Spec> + Clone {
    fields()
        .map(Field::spec)
        .chain([&STAGE])
        .chain(SETTINGS.iter().map(|entry| entry.spec))
}

/// The attributes `DemoConfig::from_attributes` reads: the registries'.
pub fn demo_attributes() -> impl Iterator<Item = &'static str> {
    every_spec()
        .filter(|spec| spec.surfaces.attribute)
        .map(|spec| spec.attribute)
}

/// The stages of every algorithm at its defaults, then of erosion by each
/// method (two of each, to keep the list short), in order and once each.
pub fn every_stage() -> Vec<terrain_core::Stage> {
    let mut stages = Vec::new();
    for algorithm in Algorithm::all() {
        for method in terrain_core::erosion::Method::ALL {
            let mut params = Params::new(algorithm);
            set_erosion(&mut params, method, 2);
            for stage in params.stages() {
                if !stages.contains(&stage) {
                    stages.push(stage);
                }
            }
        }
    }
    stages
}

/// The stages of [`every_stage`] with a name of their own, not a number
/// (`corners`, `square`, but not `pass-2`).
pub fn named_stages() -> Vec<terrain_core::Stage> {
    every_stage()
        .into_iter()
        .filter(|stage| {
            let name = stage.to_string();
            name.bytes().all(|byte| byte.is_ascii_lowercase())
        })
        .collect()
}

/// Every stage's name (of [`every_stage`]), numbered ones also as their
/// bare prefix (`pass-`), in order and once each.
pub fn stage_words() -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for stage in every_stage() {
        let name = stage.to_string();
        if let Some((prefix, number)) = name.rsplit_once('-')
            && number.bytes().all(|byte| byte.is_ascii_digit())
        {
            words.push(format!("{prefix}-"));
        }
        words.push(name);
    }
    dedup_in_order(words)
}

/// The words the text parsers know, from the registries: every name a
/// setting chooses from (algorithms, fades, shapes, erosion methods,
/// palettes, views...), then [`stage_words`], in order and once each.
pub fn known_words() -> Vec<String> {
    let names = every_spec().flat_map(|spec| match spec.kind {
        Kind::Choice(names) | Kind::SwitchOr(names) => names,
        _ => &[],
    });
    dedup_in_order(
        names
            .map(|name| (*name).to_owned())
            .chain(stage_words())
            .collect(),
    )
}

/// `words` without repeats, each where it first came.
fn dedup_in_order(words: Vec<String>) -> Vec<String> {
    let mut unique: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        if !unique.contains(&word) {
            unique.push(word);
        }
    }
    unique
}

/// Values every text parser must refuse or read calmly, and odd forms of
/// good ones, for the property tests and the fuzzers' dictionaries. The
/// words the parsers know come from the registries ([`known_words`]).
pub const ODD_WORDS: &[&str] = &[
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
    "centre",
    "pass-0",
    "pass-12",
    "pass--1",
    "pass-99999999999",
    "PASS-3",
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

/// Reads an `embed_attributes` input: lines of `name=value` (a line with no
/// `=` is an attribute with an empty value, as `data-wireframe` alone is),
/// and lines starting with `?`, the URL queries to apply afterwards, in
/// order. Empty lines are skipped; a later attribute of the same name
/// replaces an earlier one.
pub fn decode_embed_attributes(data: &[u8]) -> (Vec<(String, String)>, Vec<String>) {
    let text = String::from_utf8_lossy(data);
    let mut attributes: Vec<(String, String)> = Vec::new();
    let mut queries = Vec::new();
    for line in text.split('\n').filter(|line| !line.is_empty()) {
        if line.starts_with('?') {
            queries.push(line.to_owned());
            continue;
        }
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        attributes.retain(|(earlier, _)| earlier != name);
        attributes.push((name.to_owned(), value.to_owned()));
    }
    (attributes, queries)
}

/// The `embed_attributes` input for these attributes and queries. Values
/// must not hold a line break (an attribute can, but this format cannot).
pub fn embed_attributes(attributes: &[(&str, &str)], queries: &[&str]) -> Vec<u8> {
    let mut lines: Vec<String> = attributes
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    lines.extend(
        queries
            .iter()
            .map(|query| format!("?{}", query.trim_start_matches('?'))),
    );
    lines.join("\n").into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use terrain_core::Stage;

    #[test]
    fn text_encoders_and_decoders_agree() {
        let (field, start, text) =
            decode_params_text(&params_text(Field::SPREAD_REDUCTION, 7, " 0.5"));
        assert_eq!(
            (field, start, text.as_str()),
            (Field::SPREAD_REDUCTION, start_params(7), " 0.5")
        );
        assert_eq!(decode_params_text(b"10 40 ").0, Field::EXPONENT);
        assert_eq!(
            decode_params_text(b"").1,
            ValidParams::new(Algorithm::DIAMOND_SQUARE)
        );
        for (index, field) in fields().enumerate() {
            let (read, _, _) = decode_params_text(&params_text(field, 0, ""));
            assert_eq!(read, field, "field {index}");
        }

        for algorithm in Algorithm::all() {
            let (read, exponent, text) =
                decode_stage_text(&stage_text(algorithm, MAX_STAGE_EXPONENT, "pass-2"));
            assert_eq!(
                (read, exponent, text.as_str()),
                (algorithm, MAX_STAGE_EXPONENT, "pass-2")
            );
        }

        let (attributes, queries) = decode_embed_attributes(&embed_attributes(
            &[
                ("data-exponent", " 3"),
                ("data-wireframe", ""),
                ("data-exponent", "4"),
            ],
            &["seed=1", "?view=2d"],
        ));
        assert_eq!(
            attributes,
            [
                ("data-wireframe".to_owned(), String::new()),
                ("data-exponent".to_owned(), "4".to_owned())
            ]
        );
        assert_eq!(queries, ["?seed=1", "?view=2d"]);
    }

    #[test]
    fn the_word_lists_come_from_the_registries() {
        let words = known_words();
        for algorithm in Algorithm::all() {
            assert!(
                words.iter().any(|word| word == algorithm.name()),
                "{algorithm}"
            );
        }
        for expected in [
            "corners", "square", "pass-", "pass-1", "lattice", "octave-", "slides-2", "step-",
        ] {
            assert!(words.iter().any(|word| word == expected), "{expected}");
        }
        let stages = every_stage();
        for stage in [
            Stage::Edges,
            Stage::Diamond,
            Stage::Droplets(2),
            Stage::Done,
        ] {
            assert!(stages.contains(&stage), "{stage}");
        }
        assert!(demo_attributes().any(|attribute| attribute == "data-octaves"));
    }
}
