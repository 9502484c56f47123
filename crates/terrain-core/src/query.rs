//! Parameters and stage in a URL query string, so a view can be shared.
//!
//! `?algorithm=diamond-square&exponent=5&spread=0.3&spreadReduction=0.5&seed=7&normalize=true&stage=pass-2`
//!
//! Keys are the JavaScript API's option names. Numbers are written in
//! Rust's shortest form that reads back to the same `f64`, so a shared link
//! gives the same heights bit for bit. Reading is lenient about what it does
//! not know (other keys are left for the caller) and strict about what it
//! does: a bad value is reported and its default kept.

use crate::error::Error;
use crate::params::Params;
use crate::reading::ValidParams;
use crate::registry::fields;
use crate::spec::{Spec, Surface, quote};
use crate::stage::{STAGE, Stage};
use crate::unread::Unread;

/// The query (without `?`) that [`from_query`] reads back as `params` and
/// `stage`: the algorithm, every parameter it reads, and the stage.
pub fn to_query(params: &Params, stage: Stage) -> String {
    let mut pairs: Vec<String> = fields()
        .filter(|field| field.spec().surfaces.url && (field.parameter().applies)(params))
        .map(|field| format!("{}={}", field.name(), encode(&params.text(field))))
        .collect();
    pairs.push(format!("{}={}", STAGE.option, encode(&stage.to_string())));
    pairs.join("&")
}

/// What a query says: parameters (starting from the algorithm's defaults),
/// a stage (default `done`), the keys it did not know, and an error for
/// each value it could not use.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryState {
    /// The parameters, valid.
    pub params: ValidParams,
    /// The stage, valid for the parameters' algorithm and exponent.
    pub stage: Stage,
    /// Pairs with keys this module does not read, for the caller.
    pub other: Vec<(String, String)>,
    /// One error per key whose value was refused, of those the
    /// parameters read.
    pub errors: Vec<Error>,
    /// Each key given that the parameters do not read, and why.
    pub unread: Vec<Unread>,
}

impl QueryState {
    /// What an address says of the keys it was given: each refusal, then
    /// each key not read, with the setting each is about.
    pub fn said(&self) -> impl Iterator<Item = (Option<&'static Spec>, String)> + '_ {
        crate::unread::said_on(self.errors.iter(), &self.unread, Surface::Url)
    }
}

/// Reads a query string (with or without its leading `?`). A key given
/// twice counts as its last value.
pub fn from_query(query: &str) -> QueryState {
    let pairs = parse_pairs(query);
    let reading = Params::read(|spec| {
        Ok(spec
            .surfaces
            .url
            .then(|| pairs.iter().rev().find(|(key, _)| key == spec.option))
            .flatten()
            .map(|(_, value)| {
                // A bare switch (`?normalize`) is on, as in an attribute.
                if spec.bare_means_on() && value.trim().is_empty() {
                    "true".to_owned()
                } else {
                    value.clone()
                }
            }))
    });
    let known = |key: &str| {
        key == STAGE.option
            || fields().any(|field| field.spec().surfaces.url && field.name() == key)
    };
    let other = pairs.into_iter().filter(|(key, _)| !known(key)).collect();
    QueryState {
        params: reading.params,
        stage: reading.stage,
        other,
        errors: reading.heeded().cloned().collect(),
        unread: reading.unread,
    }
}

/// What a reader would want to know of `pairs`' keys for the settings
/// `specs`, in the address's order: a key given twice with two values
/// (the last counts), and a key that is a slip for one of ours
/// ([`misspelt`]: `Seed`, `spread-reduction`, `octave`), which is not
/// read. Keys nothing like ours (an analytics tag's, `share`, `state`)
/// are someone else's, and pass unremarked.
pub fn key_problems<'a>(
    pairs: &[(String, String)],
    specs: impl IntoIterator<Item = &'a Spec>,
) -> Vec<String> {
    placed_key_problems(pairs, specs)
        .into_iter()
        .map(|(_, problem)| problem)
        .collect()
}

/// [`key_problems`], each with the place in `pairs` of the key it is
/// about, so that other notices can be put in the address's order too
/// ([`in_address_order`]).
pub fn placed_key_problems<'a>(
    pairs: &[(String, String)],
    specs: impl IntoIterator<Item = &'a Spec>,
) -> Vec<(usize, String)> {
    let specs: Vec<&Spec> = specs.into_iter().collect();
    let mut problems = Vec::new();
    for (place, (key, values)) in placed_groups(pairs) {
        let last = values[values.len() - 1];
        if let Some(spec) = specs.iter().find(|spec| spec.option == key) {
            if values.iter().any(|value| *value != last) {
                problems.push((place, given_times(&spec.name_on(Surface::Url), &values)));
            }
        } else if let Some((_, own)) = map_key(key)
            && (known(own) || specs.iter().any(|spec| spec.option == own))
        {
            // `1.octaves` on a page of one map.
            let problem = format!(
                "URL parameter {key} is not read: a numbered key is one map's of a \
                 comparison; write {}",
                assignment(own, last)
            );
            problems.push((place, problem));
        } else if !known(key)
            && let Some(spec) = specs.iter().find(|spec| misspelt(key, spec.option))
        {
            let problem = format!(
                "{} was given as {}, which is not read: write {}",
                spec.name_on(Surface::Url),
                quote(key),
                assignment(spec.option, last)
            );
            problems.push((place, problem));
        }
    }
    problems
}

/// The map number and setting of a comparison's key: `2.octaves` is map
/// 2's `octaves`, and so are `02.octaves` and ` 2.octaves` (`+2.`, as a
/// `+` arrives). Only digits before the dot make a number, so `ui.seed`,
/// `1a.seed` and `.seed` are no map's; a number past `u64` is
/// `u64::MAX`, past any list.
pub fn map_key(key: &str) -> Option<(u64, &str)> {
    let (place, own) = key.split_once('.')?;
    let place = place.trim();
    if place.is_empty() || !place.bytes().all(|byte| byte.is_ascii_digit()) {
        return None;
    }
    Some((place.parse().unwrap_or(u64::MAX), own))
}

/// The place in `pairs` of the value of `key` that counts, its last;
/// past the end when the key is not given.
pub fn place_of(pairs: &[(String, String)], key: &str) -> usize {
    pairs
        .iter()
        .rposition(|(given, _)| given == key)
        .unwrap_or(pairs.len())
}

/// `notices` in the order of the places they are about (those about one
/// place keep their order), without their places.
pub fn in_address_order(mut notices: Vec<(usize, String)>) -> Vec<String> {
    notices.sort_by_key(|&(place, _)| place);
    notices.into_iter().map(|(_, notice)| notice).collect()
}

/// Each key of `pairs` once, in the order keys first appear, with its
/// values in the order given (the last counts). Linear in the pairs, so
/// an address of thousands of keys is read at once.
pub fn grouped(pairs: &[(String, String)]) -> Vec<(&str, Vec<&str>)> {
    placed_groups(pairs)
        .into_iter()
        .map(|(_, group)| group)
        .collect()
}

/// [`grouped`], each group with the place of its key's first pair.
pub fn placed_groups(pairs: &[(String, String)]) -> Vec<(usize, (&str, Vec<&str>))> {
    let mut places: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut groups: Vec<(usize, (&str, Vec<&str>))> = Vec::new();
    for (place, (key, value)) in pairs.iter().enumerate() {
        let group = *places.entry(key.as_str()).or_insert_with(|| {
            groups.push((place, (key.as_str(), Vec::new())));
            groups.len() - 1
        });
        groups[group].1.1.push(value.as_str());
    }
    groups
}

/// What to say of setting `name` given `values`, more than one: which
/// counts. Past four values, the first three and the last are quoted.
pub fn given_times(name: &str, values: &[&str]) -> String {
    let quoted = |values: &[&str]| -> String {
        values
            .iter()
            .map(|value| quote(value))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let listed = match values {
        [first @ .., last] if first.len() > 3 => {
            format!("{} … {}", quoted(&first[..3]), quote(last))
        }
        _ => quoted(values),
    };
    format!(
        "{name} is given {} times, as {listed}; the last counts",
        values.len()
    )
}

/// `key=value` as it is written in an address (`octaves=3`,
/// `compare=a,b`), for advice: only what would end or change the pair
/// (`&`, `#`, `+`, a space…) is percent-encoded. A key without a value is
/// written alone, for the reader to finish.
pub fn assignment(key: &str, value: &str) -> String {
    let value = value.trim();
    if value.is_empty() {
        return key.to_owned();
    }
    let mut written = format!("{key}=");
    for c in value.chars() {
        if c.is_ascii_graphic() && !"&#%+=?".contains(c) {
            written.push(c);
        } else {
            written.push_str(&encode(c.encode_utf8(&mut [0; 4])));
        }
    }
    written
}

/// Whether `key` is a map setting's or the stage's (read elsewhere, when
/// not among the settings asked about: `droplet` is no slip for
/// `droplets`).
fn known(key: &str) -> bool {
    key == STAGE.option || fields().any(|field| field.spec().option == key)
}

/// Whether `key` is the key `option` as written or as a slip for it
/// ([`misspelt`]): what a page asks before telling which key was meant.
pub fn names(key: &str, option: &str) -> bool {
    key == option || misspelt(key, option)
}

/// Whether `key` reads as a slip for the key `option`: the same but for
/// case, `-` and `_` (`Seed`, `spread-reduction`), or, both being words
/// of five letters or more, one letter added or dropped (`octave`,
/// `exponet`) or two neighbours swapped (`ocatves`). A changed letter is
/// not a slip: `share` and `state` are other sites' words, not `shape`
/// and `stage`. [`key_problems`] never takes a map setting's key for a
/// slip; the pages' own keys are kept apart from all others by a test in
/// `terrain-view`.
pub fn misspelt(key: &str, option: &str) -> bool {
    let folded = |key: &str| -> Vec<char> {
        key.chars()
            .filter(|c| !matches!(c, '-' | '_'))
            .flat_map(char::to_lowercase)
            .collect()
    };
    let (typed, ours) = (folded(key), folded(option));
    key != option
        && (typed == ours
            || (typed.len().min(ours.len()) >= 5
                && key
                    .chars()
                    .all(|c| c.is_ascii_alphabetic() || c == '-' || c == '_')
                && one_step(&typed, &ours)))
}

/// Whether `a` becomes `b` with one letter added or dropped, or two
/// neighbours swapped.
fn one_step(a: &[char], b: &[char]) -> bool {
    let (short, long) = if a.len() < b.len() { (a, b) } else { (b, a) };
    if long.len() == short.len() + 1 {
        let same = short.iter().zip(long).take_while(|(x, y)| x == y).count();
        return short[same..] == long[same + 1..];
    }
    let differ: Vec<usize> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .collect();
    a.len() == b.len() && matches!(differ[..], [i, j] if j == i + 1 && a[i] == b[j] && a[j] == b[i])
}

/// Splits `a=1&b=two` into decoded pairs. A key without `=` has an empty
/// value; empty keys are dropped.
pub fn parse_pairs(query: &str) -> Vec<(String, String)> {
    query
        .strip_prefix('?')
        .unwrap_or(query)
        .split('&')
        .filter_map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = decode(key);
            (!key.is_empty()).then(|| (key, decode(value)))
        })
        .collect()
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
pub fn encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// Undoes percent-encoding and `+` for space; malformed escapes are kept
/// as they are, and invalid UTF-8 becomes U+FFFD.
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = |offset: usize| {
            bytes
                .get(index + offset)
                .and_then(|&byte| char::from(byte).to_digit(16))
        };
        match (bytes[index], hex(1), hex(2)) {
            (b'%', Some(high), Some(low)) => {
                decoded.push((high * 16 + low) as u8);
                index += 3;
            }
            (b'+', _, _) => {
                decoded.push(b' ');
                index += 1;
            }
            (byte, _, _) => {
                decoded.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::{Algorithm, MapSettings, generate};
    use proptest::prelude::*;

    #[test]
    fn a_maps_numbered_key_is_named_on_a_page_of_one_map() {
        assert_eq!(map_key("2.octaves"), Some((2, "octaves")));
        assert_eq!(map_key("02.octaves"), Some((2, "octaves")));
        assert_eq!(map_key(" 2.octaves"), Some((2, "octaves")));
        assert_eq!(
            map_key("99999999999999999999.seed"),
            Some((u64::MAX, "seed"))
        );
        for key in ["ui.seed", "1a.seed", ".seed", "seed", "+.seed"] {
            assert_eq!(map_key(key), None, "{key}");
        }
        let pairs = parse_pairs("1.octaves=3&ui.seed=2&2.octaves=4&2.octaves=5&3.shine=1");
        let specs = fields().map(|field| field.spec());
        assert_eq!(
            placed_key_problems(&pairs, specs),
            [
                (
                    0,
                    "URL parameter 1.octaves is not read: a numbered key is one map's of a \
                     comparison; write octaves=3"
                        .to_owned()
                ),
                (
                    2,
                    "URL parameter 2.octaves is not read: a numbered key is one map's of a \
                     comparison; write octaves=5"
                        .to_owned()
                ),
            ]
        );
    }

    #[test]
    fn keys_given_twice_or_spelt_otherwise_are_named_and_others_pass() {
        let pairs = parse_pairs(
            "seed=1&Seed=3&seed=2&spread-reduction=2&exponent=5&exponent=5&utm_source=x&fbclid=y",
        );
        let specs = fields()
            .map(|field| field.spec())
            .filter(|spec| spec.surfaces.url);
        assert_eq!(
            key_problems(&pairs, specs),
            [
                "URL parameter seed is given 2 times, as \"1\", \"2\"; the last counts",
                "URL parameter seed was given as \"Seed\", which is not read: write seed=3",
                "URL parameter spreadReduction was given as \"spread-reduction\", which is not \
                 read: write spreadReduction=2",
            ]
        );
        let slips = parse_pairs(
            "exponet=5&octave=3&Lacunarity=2&ocatves=4&ref=x&gclid=y&page=2&s=q&seed=1\
             &share=twitter&state=abc&speed=2&views=3&filter=x&version=2&feed=rss",
        );
        assert_eq!(
            key_problems(&slips, fields().map(|field| field.spec())),
            [
                "URL parameter exponent was given as \"exponet\", which is not read: write exponent=5",
                "URL parameter octaves was given as \"octave\", which is not read: write octaves=3",
                "URL parameter lacunarity was given as \"Lacunarity\", which is not read: write \
                 lacunarity=2",
                "URL parameter octaves was given as \"ocatves\", which is not read: write octaves=4",
            ]
        );
    }

    #[test]
    fn many_values_are_quoted_by_their_ends_and_advice_writes_a_usable_value() {
        let values: Vec<String> = (0..20_000).map(|n| n.to_string()).collect();
        let values: Vec<&str> = values.iter().map(String::as_str).collect();
        assert_eq!(
            given_times("URL parameter seed", &values),
            "URL parameter seed is given 20000 times, as \"0\", \"1\", \"2\" … \"19999\"; \
             the last counts"
        );
        assert_eq!(
            given_times("URL parameter seed", &values[..4]),
            "URL parameter seed is given 4 times, as \"0\", \"1\", \"2\", \"3\"; the last counts"
        );
        let octaves = fields()
            .map(|field| field.spec())
            .find(|spec| spec.option == "octaves")
            .expect("octaves");
        assert_eq!(
            key_problems(&parse_pairs("octave=&Octaves=a b&ocatves=3"), [octaves]),
            [
                "URL parameter octaves was given as \"octave\", which is not read: write octaves",
                "URL parameter octaves was given as \"Octaves\", which is not read: write \
                 octaves=a%20b",
                "URL parameter octaves was given as \"ocatves\", which is not read: write octaves=3",
            ]
        );
    }

    #[test]
    fn a_key_of_ours_is_no_slip_for_another() {
        let droplets = fields()
            .map(|field| field.spec())
            .find(|spec| spec.option == "droplets")
            .expect("droplets");
        assert!(misspelt("droplet", "droplets"), "the words are close");
        assert_eq!(
            key_problems(&parse_pairs("droplet=3&stage=done"), [droplets]),
            Vec::<String>::new(),
            "but droplet is a key of ours"
        );
        for (key, option) in [
            ("palettes", "palette"),
            ("exponet", "exponent"),
            ("ocatves", "octaves"),
        ] {
            assert!(misspelt(key, option), "{key} is a slip for {option}");
        }
        for (key, option) in [
            ("pallete", "palette"),
            ("plate", "palette"),
            ("share", "shape"),
            ("seeds", "seed"),
        ] {
            assert!(!misspelt(key, option), "{key} is not taken for {option}");
        }
    }

    #[test]
    fn writes_every_field_and_the_stage() {
        let params = Params {
            map: MapSettings::new(7, 42),
            ..Params::new(Algorithm::MIDPOINT_DISPLACEMENT)
        };
        assert_eq!(
            to_query(&params, Stage::Pass(3)),
            "algorithm=midpoint-displacement&exponent=7&spread=0.3&spreadReduction=0.5&seed=42&normalize=true&erosion=none&stage=pass-3"
        );
    }

    #[test]
    fn a_shared_link_gives_the_same_heights_bit_for_bit() {
        let mut params = Params {
            map: MapSettings::new(6, u64::MAX - 1),
            ..Params::new(Algorithm::DIAMOND_SQUARE)
        };
        params.subdivision.spread = 0.1 + 0.2;
        params.subdivision.spread_reduction = 1.0 / 3.0;
        let params = params.check().expect("valid");
        let state = from_query(&format!("?{}", to_query(&params, Stage::Done)));
        assert!(state.errors.is_empty(), "{:?}", state.errors);
        assert_eq!(state.params, params);
        let original = generate(&params, Stage::Done).expect("valid");
        let shared = generate(&state.params, state.stage).expect("valid");
        assert_eq!(original.heightmap, shared.heightmap);
    }

    #[test]
    fn bad_values_are_reported_and_defaults_kept() {
        let state = from_query(
            "algorithm=midpoint-displacement&exponent=40&spread=abc&seed=-1&stage=square&palette=green&wireframe",
        );
        assert_eq!(
            state.params,
            ValidParams::new(Algorithm::MIDPOINT_DISPLACEMENT)
        );
        assert_eq!(state.stage, Stage::Done);
        let refused: Vec<_> = state
            .errors
            .iter()
            .filter_map(|error| error.spec().map(|spec| spec.option))
            .collect();
        assert_eq!(refused, ["exponent", "spread", "seed", "stage"]);
        assert_eq!(
            state.other,
            [
                ("palette".to_owned(), "green".to_owned()),
                ("wireframe".to_owned(), String::new())
            ]
        );
    }

    #[test]
    fn decoding_handles_escapes_plus_and_garbage() {
        assert_eq!(decode("a%20b+c"), "a b c");
        assert_eq!(decode("%3Cscript%3E"), "<script>");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%FF"), "\u{FFFD}");
        assert_eq!(
            parse_pairs("?=x&&a=1&b"),
            [("a".into(), "1".into()), ("b".into(), String::new())]
        );
    }

    proptest! {
        #[test]
        fn any_text_decodes_without_panicking(query in ".{0,200}") {
            let state = from_query(&query);
            prop_assert!(state.params.into_params().check().is_ok());
            prop_assert!(state.params.check_stage(state.stage).is_ok());
        }

        #[test]
        fn encode_then_decode_is_the_identity(text in "\\PC{0,60}") {
            prop_assert_eq!(decode(&encode(&text)), text);
        }

        #[test]
        fn every_valid_state_round_trips(
            algorithm_index in 0..crate::ALL.len(),
            exponent in 1u32..=12,
            spread in 0.0..=5.0f64,
            spread_reduction in 0.0..=2.0f64,
            seed: u64,
            normalize: bool,
            stage_pick: prop::sample::Index,
        ) {
            let algorithm = crate::ALL[algorithm_index];
            let mut params = Params::new(algorithm);
            params.map = MapSettings { exponent, seed, normalize };
            params.subdivision.spread = spread;
            params.subdivision.spread_reduction = spread_reduction;
            let params = params.check().expect("valid");
            let stages = params.stages();
            let stage = stages[stage_pick.index(stages.len())];
            let state = from_query(&to_query(&params, stage));
            prop_assert!(state.errors.is_empty());
            // What the algorithm reads comes back exactly; the rest, which
            // links leave out, takes its defaults.
            let defaults = Params::new(algorithm);
            for field in fields() {
                let expected = if (field.parameter().applies)(&params) { &params } else { &defaults };
                prop_assert_eq!(state.params.get(field), expected.get(field));
            }
            prop_assert_eq!(state.stage, stage);
            prop_assert_eq!(
                generate(&state.params, stage).map(|terrain| terrain.heightmap),
                generate(&params, stage).map(|terrain| terrain.heightmap)
            );
        }
    }
}
