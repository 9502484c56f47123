//! The playground's comparison: `playground.html?compare=a,b,c` shows two
//! to four algorithms side by side, on one seed and (unless a map is
//! given its own, `2.exponent=9`) one exponent, each with its own
//! settings, under one shared camera ([`crate::page`]'s
//! [`crate::page::PageInput::ShareCamera`]).
//!
//! The address's keys are every map's (`seed=7`, `palette=slope`); a key
//! after a map's place in the list and a dot is that map's alone
//! (`2.octaves=3`). An address without a seed or an exponent gets one
//! for all: every map must show the same ground for the plots to compare
//! them, and the address then records it.
//!
//! The shell builds one demo element per algorithm from
//! [`Comparison::attributes`] and writes [`Comparison::query`] into the
//! page's address, so the share link keeps the comparison as shown.

use terrain_core::query::{self, encode, parse_pairs};
use terrain_core::registry::fields;
use terrain_core::spec::{Spec, Surface, quote};
use terrain_core::{ALGORITHM, Algorithm, Field, Params, STAGE, Stage, Unread};

use crate::settings::{AttributeProblem, Controls, DemoConfig, SETTINGS};

/// The address key that lists the algorithms.
pub const COMPARE_KEY: &str = "compare";

/// How many algorithms a comparison shows.
pub const COMPARED: std::ops::RangeInclusive<usize> = 2..=4;

/// The demos' shared link name: a Refresh on one gives all a new seed.
pub const COMPARE_LINK: &str = "compare";

/// A setting and its text, as the address gave it (checked).
type Given = (&'static Spec, String);

/// A comparison read from an address.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The algorithms, in the order given.
    pub algorithms: Vec<Algorithm>,
    /// The settings every demo takes (always a seed and an exponent, then
    /// what else the address gave: palette, octaves...).
    pub shared: Vec<Given>,
    /// Each demo's own settings, over the shared ones.
    pub own: Vec<Vec<Given>>,
    /// What the address said that is not used, one sentence each, naming
    /// the key, the value and what is allowed.
    pub problems: Vec<String>,
}

/// The comparison `query` asks for, `None` if it asks for none, or the
/// sentence refusing it (naming the key, the value and what is allowed).
/// `fresh_seed` is every map's seed when the address gives none.
pub fn read(query: &str, fresh_seed: u64) -> Option<Result<Comparison, String>> {
    let pairs: Vec<(String, String)> = parse_pairs(query)
        .into_iter()
        .map(|(key, value)| (numbered_plainly(key), value))
        .collect();
    let Some((_, list)) = pairs.iter().rfind(|(key, _)| key == COMPARE_KEY) else {
        // A slip (`Compare`, `comapre`) leaves the playground as it is,
        // saying why.
        let (key, value) = pairs
            .iter()
            .rfind(|(key, _)| query::misspelt(key, COMPARE_KEY))?;
        return Some(Err(format!(
            "URL parameter {COMPARE_KEY} was given as {}, which is not read: write {}",
            quote(key),
            query::assignment(COMPARE_KEY, value)
        )));
    };
    let refuse = |why: &str| {
        Err(format!(
            "URL parameter compare must list {} to {} algorithms, separated by commas, from {}; \
             got {list:?} ({why})",
            COMPARED.start(),
            COMPARED.end(),
            terrain_core::generators::NAMES.join(", ")
        ))
    };
    let names: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
        .collect();
    if !COMPARED.contains(&names.len()) {
        return Some(refuse(&format!("{} given", names.len())));
    }
    let mut algorithms = Vec::new();
    for name in names {
        match name.parse::<Algorithm>() {
            Ok(algorithm) => algorithms.push(algorithm),
            Err(_) => return Some(refuse(&format!("{name:?} is not one"))),
        }
    }
    let mut comparison = Comparison {
        own: vec![Vec::new(); algorithms.len()],
        algorithms,
        shared: Vec::new(),
        problems: Vec::new(),
    };
    // The last value of a key counts, and what is wrong with it is said
    // once, in the address's order.
    let mut problems: Vec<(usize, String)> = Vec::new();
    for (place, (key, values)) in query::placed_groups(&pairs) {
        comparison.take(key, values[values.len() - 1]);
        problems.extend(
            comparison
                .problems
                .drain(..)
                .map(|problem| (place, problem)),
        );
    }
    comparison.complete(fresh_seed);
    let unread = comparison.check_own();
    problems.extend(
        unread
            .into_iter()
            .map(|(key, problem)| (query::place_of(&pairs, &key), problem)),
    );
    // A shared key no map reads (octaves on diamond-square alone) is not
    // said to count, however often it is given.
    let configs: Vec<DemoConfig> = (0..comparison.algorithms.len())
        .map(|index| config_from(&comparison.attributes(index)).0)
        .collect();
    let read_by_a_map = |spec: &Spec| configs.iter().any(|config| config.params.reads(spec));
    // A shared setting no map reads is said so, and left out of the
    // address the page writes.
    for (spec, _) in &comparison.shared {
        if let Some(field) = fields().find(|field| field.spec() == *spec)
            && !read_by_a_map(spec)
        {
            let why = comparison.unread_by_all(field, &configs);
            problems.push((query::place_of(&pairs, spec.option), why));
        }
    }
    comparison.shared.retain(|(spec, _)| read_by_a_map(spec));
    let shared_specs = fields()
        .map(|field| field.spec())
        .chain(SETTINGS.iter().map(|entry| entry.spec))
        .filter(|spec| shared_spec(spec.option).is_some() && read_by_a_map(spec));
    // A map's own keys are `take`'s to tell of.
    let shared_problems = query::placed_key_problems(&pairs, shared_specs);
    problems.extend(
        (shared_problems.into_iter())
            .filter(|(place, _)| query::map_key(&pairs[*place].0).is_none()),
    );
    problems.extend(comparison.given_twice(&pairs));
    comparison.problems = query::in_address_order(problems);
    Some(Ok(comparison))
}

/// `key` with its map's number written plainly (`01.octaves` and
/// `+1.octaves`, whose `+` arrives as a space, are `1.octaves`), so each
/// map's key is one key, and given twice is said to be.
fn numbered_plainly(key: String) -> String {
    match query::map_key(&key) {
        // A number past u64 stays as given, for its notice to quote.
        Some((number, own)) if number < u64::MAX => format!("{number}.{own}"),
        Some(_) => key,
        None => key,
    }
}

/// The setting `key` names, if every demo of a comparison takes it from
/// the address: any map parameter or display setting with an attribute,
/// but not the algorithm, which the list gives, nor the stage, which
/// differs from one algorithm to the next.
fn shared_spec(key: &str) -> Option<&'static Spec> {
    fields()
        .map(|field| field.spec())
        .chain(SETTINGS.iter().map(|entry| entry.spec))
        .find(|spec| {
            spec.option == key
                && spec.surfaces.attribute
                && spec.surfaces.url
                && **spec != ALGORITHM
        })
        .filter(|spec| !["link", "urlState", "controls"].contains(&spec.option))
}

/// The setting `key` names, if one demo of a comparison takes it as its
/// own: a shared one, or the stage it shows.
fn own_spec(key: &str) -> Option<&'static Spec> {
    shared_spec(key).or((key == STAGE.option).then_some(&STAGE))
}

/// Why a map's own seed is refused, and what to write.
fn one_seed(seed: &str, value: &str) -> String {
    format!(
        "the maps of a comparison share one seed, as a Refresh gives all a new one; \
         write {}",
        query::assignment(seed, value)
    )
}

/// Every setting a map of a comparison can take as its own.
fn own_specs() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .chain([&STAGE])
        .chain(SETTINGS.iter().map(|entry| entry.spec))
        .filter(|spec| own_spec(spec.option).is_some())
}

/// The text of setting `spec` in `config`.
fn text_in(spec: &Spec, config: &DemoConfig) -> String {
    if spec.option == STAGE.option {
        return config.stage.to_string();
    }
    if let Some(field) = fields().find(|field| field.spec().option == spec.option) {
        return config.params.text(field);
    }
    SETTINGS
        .iter()
        .find(|entry| entry.spec.option == spec.option)
        .map_or(String::new(), |entry| {
            entry.spec.show(&(entry.get)(&config.display))
        })
}

/// Puts `(spec, text)` in `given`, in place of an earlier value: the
/// last given counts.
fn put(given: &mut Vec<Given>, spec: &'static Spec, text: String) {
    match given.iter_mut().find(|(old, _)| old.option == spec.option) {
        Some(old) => old.1 = text,
        None => given.push((spec, text)),
    }
}

/// The settings a demo with `attributes` starts from, and what it would
/// say of them.
fn config_from(attributes: &[(String, String)]) -> (DemoConfig, Vec<AttributeProblem>) {
    DemoConfig::from_attributes(|name| {
        attributes
            .iter()
            .find(|(attribute, _)| attribute == name)
            .map(|(_, text)| text.clone())
    })
}

/// The attributes of a demo of `algorithm` given the settings `given`.
fn demo_attributes(algorithm: Option<&Algorithm>, given: &[Given]) -> Vec<(String, String)> {
    let mut attributes = vec![(
        ALGORITHM.attribute.to_owned(),
        algorithm.map_or(String::new(), |algorithm| algorithm.name().to_owned()),
    )];
    for (spec, text) in given {
        attributes.push((spec.attribute.to_owned(), text.clone()));
    }
    attributes.push(("data-link".to_owned(), COMPARE_LINK.to_owned()));
    attributes.push((
        "data-controls".to_owned(),
        Controls::Compact.name().to_owned(),
    ));
    attributes
}

impl Comparison {
    /// Takes the address's pair `key=value`: a setting for every map, one
    /// for one map (`2.octaves`), or a problem to tell. A refused value
    /// takes the place of what came before it, as the last given counts,
    /// and leaves the default.
    fn take(&mut self, key: &str, value: &str) {
        if let Some((place, own)) = key.split_once('.') {
            if let Some(problem) = self.take_own(place, own, key, value) {
                self.problems.push(problem);
            }
            return;
        }
        let is = |option: &str| query::names(key, option);
        if is(ALGORITHM.option) {
            self.problems.push(format!(
                "URL parameter {key} is not read in a comparison: {COMPARE_KEY} lists the algorithms"
            ));
        } else if is(STAGE.option) {
            let stage = STAGE.option;
            self.problems.push(format!(
                "URL parameter {key} is not read in a comparison: write 1.{stage}, 2.{stage}… \
                 for a map's stage"
            ));
        } else if key != COMPARE_KEY && is(COMPARE_KEY) {
            self.problems.push(format!(
                "URL parameter {key} is not read: {COMPARE_KEY} is the key that lists the algorithms"
            ));
        } else if let Some(spec) = shared_spec(key) {
            match spec.parse_on(Surface::Url, value) {
                Ok(_) => put(&mut self.shared, spec, value.to_owned()),
                Err(refusal) => {
                    self.shared.retain(|(old, _)| old.option != spec.option);
                    self.problems.push(spec.refuse_on(Surface::Url, &refusal));
                }
            }
        }
    }

    /// Takes `place.own=value`, one map's setting, or says why not. A
    /// dotted key that names none of our settings is someone else's.
    fn take_own(&mut self, place: &str, own: &str, key: &str, value: &str) -> Option<String> {
        let maps = self.algorithms.len();
        let not_read = |why: String| Some(format!("URL parameter {key} is not read: {why}"));
        // `+1.octaves` arrives as ` 1.octaves`.
        let place = place.trim();
        let numbered = !place.is_empty() && place.bytes().all(|byte| byte.is_ascii_digit());
        // `.octaves` and `1a.octaves` miss a number; `ui.seed` is someone
        // else's.
        let misnumbered = place.is_empty() || place.bytes().any(|byte| byte.is_ascii_digit());
        let slip = || own_specs().find(|spec| query::misspelt(own, spec.option));
        let is = |option: &str| query::names(own, option);
        if numbered && (is(ALGORITHM.option) || is(COMPARE_KEY)) {
            return not_read(format!("{COMPARE_KEY} lists the algorithms"));
        }
        let spec = match (own_spec(own), numbered) {
            (Some(spec), true) => spec,
            (None, true) => {
                return not_read(match slip() {
                    Some(spec) if spec.option == Field::SEED.spec().option => {
                        one_seed(spec.option, value)
                    }
                    Some(spec) => {
                        format!("write {place}.{}", query::assignment(spec.option, value))
                    }
                    None => format!(
                        "a map of a comparison has no setting {} (given {})",
                        quote(own),
                        quote(value)
                    ),
                });
            }
            (ours, false) => {
                let spec = ours.or_else(slip).filter(|_| misnumbered)?;
                return not_read(format!(
                    "a map's own setting starts with its number, 1 to {maps}, as 1.{}",
                    spec.option
                ));
            }
        };
        let Some(index) = place
            .parse::<usize>()
            .ok()
            .and_then(|number| number.checked_sub(1))
            .filter(|&index| index < maps)
        else {
            return not_read(format!("the comparison's maps are numbered 1 to {maps}"));
        };
        if spec.option == Field::SEED.spec().option {
            return not_read(one_seed(own, value));
        }
        match spec.parse_on(Surface::Url, value) {
            Ok(_) => put(&mut self.own[index], spec, value.to_owned()),
            Err(refusal) => {
                self.own[index].retain(|(old, _)| old.option != spec.option);
                return Some(spec.refuse(&format!("URL parameter {key}"), &refusal));
            }
        }
        None
    }

    /// The list and the maps' own keys given more than once with different
    /// values, when the last is read (the shared keys are
    /// [`key_problems`]'s).
    fn given_twice(&self, pairs: &[(String, String)]) -> Vec<(usize, String)> {
        let read = |key: &str| {
            key == COMPARE_KEY
                || key.split_once('.').is_some_and(|(place, own)| {
                    let index = place
                        .trim()
                        .parse::<usize>()
                        .ok()
                        .and_then(|n| n.checked_sub(1));
                    index
                        .and_then(|index| self.own.get(index))
                        .is_some_and(|given| given.iter().any(|(spec, _)| spec.option == own))
                })
        };
        query::placed_groups(pairs)
            .into_iter()
            .filter(|(_, (key, values))| {
                read(key) && values.iter().any(|value| *value != values[0])
            })
            .map(|(place, (key, values))| {
                let problem = query::given_times(&format!("URL parameter {key}"), &values);
                (place, problem)
            })
            .collect()
    }

    /// Checks each map's own settings against its algorithm and exponent:
    /// one it does not read, or a stage it does not have, is named and
    /// dropped, so the demo shows what the address can give it. Returns
    /// each key dropped (`2.talus`) with why.
    fn check_own(&mut self) -> Vec<(String, String)> {
        let mut unread = Vec::new();
        for index in 0..self.algorithms.len() {
            let attributes = self.attributes(index);
            let (config, _) = config_from(&attributes);
            let mut refused = Vec::new();
            for (spec, text) in &self.own[index] {
                let key = format!("URL parameter {}.{}", index + 1, spec.option);
                if spec.option == STAGE.option {
                    let stage = text.parse::<Stage>();
                    if let Err(error) = stage.and_then(|stage| config.params.check_stage(stage)) {
                        refused.push((spec.option, error.describe(&key)));
                    }
                } else if let Some(unread) = fields()
                    .find(|field| field.spec().option == spec.option)
                    .and_then(|field| Unread::of(&config.params, field))
                {
                    let number = index + 1;
                    let why = unread.describe(&key, |choice, value| {
                        format!("{number}.{}={value}", choice.option)
                    });
                    refused.push((spec.option, why));
                }
            }
            for (option, problem) in refused {
                self.own[index].retain(|(spec, _)| spec.option != option);
                unread.push((format!("{}.{option}", index + 1), problem));
            }
        }
        unread
    }

    /// Why the shared setting `field` is read by none of the maps showing
    /// `configs`: the choice that would turn it on for one, if any
    /// (`erosion=thermal` for talus), or the algorithms without it.
    fn unread_by_all(&self, field: Field, configs: &[DemoConfig]) -> String {
        let key = format!("URL parameter {}", field.spec().option);
        let reasons: Vec<Unread> = configs
            .iter()
            .filter_map(|config| Unread::of(&config.params, field))
            .collect();
        match reasons
            .iter()
            .find(|unread| matches!(unread, Unread::OnlyWith { .. }))
        {
            Some(unread) => {
                unread.describe(&key, |choice, value| format!("{}={value}", choice.option))
            }
            None => {
                let titles: Vec<&str> = self
                    .algorithms
                    .iter()
                    .map(|algorithm| algorithm.title())
                    .collect();
                format!(
                    "{key} is not read: no map here has {} ({})",
                    field.spec().label,
                    titles.join(", ")
                )
            }
        }
    }

    /// Gives every map the same seed (`fresh_seed`) and exponent (the
    /// largest the algorithms' defaults ask for) when the address gives
    /// none, so the maps stand on the same ground.
    fn complete(&mut self, fresh_seed: u64) {
        let given = |shared: &[Given], field: Field| {
            shared
                .iter()
                .any(|(spec, _)| spec.option == field.spec().option)
        };
        if !given(&self.shared, Field::EXPONENT) {
            let exponent = self
                .algorithms
                .iter()
                .map(|&algorithm| Params::new(algorithm).map.exponent)
                .max()
                .unwrap_or_default();
            self.shared
                .insert(0, (Field::EXPONENT.spec(), exponent.to_string()));
        }
        if !given(&self.shared, Field::SEED) {
            self.shared
                .insert(0, (Field::SEED.spec(), fresh_seed.to_string()));
        }
    }

    /// What map `index` is called above its demo and in the plots'
    /// legends: its number, which its own keys in the address start with,
    /// and its algorithm (`Map 2 · Perlin noise`), so two maps of one
    /// algorithm are told apart.
    pub fn map_name(&self, index: usize) -> String {
        let title = self
            .algorithms
            .get(index)
            .map_or("", |algorithm| algorithm.title());
        format!("Map {} · {title}", index + 1)
    }

    /// The attributes of demo `index`'s element: its algorithm, the
    /// shared settings and its own, the seed link, and the numbers it
    /// reads as controls.
    pub fn attributes(&self, index: usize) -> Vec<(String, String)> {
        let mut given = self.shared.clone();
        for (spec, text) in self.own.get(index).into_iter().flatten() {
            put(&mut given, spec, text.clone());
        }
        // A shared setting this map does not read (octaves, on
        // diamond-square beside Perlin noise) is not given to its demo,
        // which would say so.
        let (config, _) = config_from(&demo_attributes(self.algorithms.get(index), &given));
        given.retain(|(spec, _)| config.params.reads(spec));
        demo_attributes(self.algorithms.get(index), &given)
    }

    /// The address's query for the demos showing `configs` (in the
    /// comparison's order): the list, the seed they share (the first's,
    /// which a Refresh or a typed seed gives all), the other shared
    /// settings, and each map's settings that differ from those.
    pub fn query(&self, configs: &[DemoConfig]) -> String {
        let names: Vec<&str> = self
            .algorithms
            .iter()
            .map(|algorithm| algorithm.name())
            .collect();
        let mut shared = self.shared.clone();
        if let Some(first) = configs.first() {
            put(
                &mut shared,
                Field::SEED.spec(),
                first.params.map.seed.to_string(),
            );
        }
        // Seed and exponent first, as people read them.
        let rank = |spec: &Spec| {
            [Field::SEED, Field::EXPONENT]
                .iter()
                .position(|field| field.spec().option == spec.option)
                .unwrap_or(2)
        };
        shared.sort_by_key(|(spec, _)| rank(spec));
        let mut query = format!("{COMPARE_KEY}={}", names.join(","));
        for (spec, text) in &shared {
            query.push_str(&format!("&{}={}", spec.option, encode(text)));
        }
        let own_specs: Vec<&Spec> = own_specs().collect();
        for (index, config) in configs.iter().enumerate() {
            let attributes = demo_attributes(self.algorithms.get(index), &shared);
            let (base, _) = config_from(&attributes);
            for spec in own_specs.iter().filter(|spec| config.params.reads(spec)) {
                let text = text_in(spec, config);
                if text != text_in(spec, &base) {
                    query.push_str(&format!("&{}.{}={}", index + 1, spec.option, encode(&text)));
                }
            }
        }
        query
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The settings demo `index` of `comparison` starts from.
    fn config_of(comparison: &Comparison, index: usize) -> DemoConfig {
        let attributes = comparison.attributes(index);
        let (config, problems) = config_from(&attributes);
        assert!(problems.is_empty(), "{problems:?}");
        config
    }

    fn comparison(query: &str) -> Comparison {
        match read(query, 1234) {
            Some(Ok(comparison)) => comparison,
            other => panic!("{query} is a comparison: {other:?}"),
        }
    }

    #[test]
    fn a_comparison_lists_two_to_four_algorithms_and_keeps_its_settings() {
        assert_eq!(read("?algorithm=perlin-noise", 1), None);
        let comparison = comparison(
            "?compare=diamond-square,perlin-noise,simplex-noise&seed=7&palette=slope&exponent=8",
        );
        assert_eq!(comparison.algorithms.len(), 3);
        assert_eq!(comparison.map_name(1), "Map 2 · Perlin noise");
        assert!(comparison.problems.is_empty(), "{:?}", comparison.problems);
        let attributes = comparison.attributes(1);
        assert!(attributes.contains(&("data-terrain-demo".to_owned(), "perlin-noise".to_owned())));
        assert!(attributes.contains(&("data-seed".to_owned(), "7".to_owned())));
        assert!(attributes.contains(&("data-palette".to_owned(), "slope".to_owned())));
        assert!(attributes.contains(&("data-link".to_owned(), "compare".to_owned())));
        assert!(!attributes.iter().any(|(name, _)| name == "data-stage"));
        let mut configs: Vec<DemoConfig> =
            (0..3).map(|index| config_of(&comparison, index)).collect();
        for config in &mut configs {
            config.params = config.params.with_text(Field::SEED, "9").expect("a seed");
        }
        assert_eq!(
            comparison.query(&configs),
            "compare=diamond-square,perlin-noise,simplex-noise&seed=9&exponent=8&palette=slope",
            "a seed all took is the address's"
        );
        for (query, why) in [
            ("compare=perlin-noise", "1 given"),
            ("compare=a,b,c,d,e", "5 given"),
            ("compare=perlin-noise,mountains", "\"mountains\" is not one"),
        ] {
            let Some(Err(message)) = read(query, 1) else {
                panic!("{query} is refused");
            };
            assert!(message.starts_with("URL parameter compare must list 2 to 4 algorithms"));
            assert!(message.ends_with(&format!("({why})")), "{message}");
        }
    }

    #[test]
    fn without_a_seed_or_an_exponent_every_map_gets_the_same_and_the_address_says_so() {
        let comparison = comparison("?compare=diamond-square,perlin-noise,simplex-noise");
        let configs: Vec<DemoConfig> = (0..3).map(|index| config_of(&comparison, index)).collect();
        for config in &configs {
            assert_eq!(config.params.map.seed, 1234, "one seed");
            assert_eq!(
                config.params.map.exponent, 7,
                "one exponent: the largest the algorithms ask for"
            );
        }
        let query = comparison.query(&configs);
        assert_eq!(
            query,
            "compare=diamond-square,perlin-noise,simplex-noise&seed=1234&exponent=7"
        );
        assert_eq!(
            read(&query, 99),
            Some(Ok(comparison)),
            "reopened, the address gives the same maps"
        );
    }

    #[test]
    fn a_maps_own_settings_are_its_alone_and_the_address_keeps_them() {
        let comparison =
            comparison("?compare=perlin-noise,perlin-noise&seed=3&octaves=5&2.octaves=2");
        let mut configs: Vec<DemoConfig> =
            (0..2).map(|index| config_of(&comparison, index)).collect();
        assert_eq!(configs[0].params.noise.octaves, 5);
        assert_eq!(configs[1].params.noise.octaves, 2);
        assert_eq!(
            comparison.query(&configs),
            "compare=perlin-noise,perlin-noise&seed=3&exponent=7&octaves=5&2.octaves=2"
        );
        configs[0].params = configs[0]
            .params
            .with_text(Field::GAIN, "0.25")
            .expect("a gain");
        configs[1].stage = "octave-1".parse().expect("a stage");
        let query = comparison.query(&configs);
        assert_eq!(
            query,
            "compare=perlin-noise,perlin-noise&seed=3&exponent=7&octaves=5\
             &1.gain=0.25&2.octaves=2&2.stage=octave-1"
        );
        let reopened = super::tests::comparison(&query);
        for (index, config) in configs.iter().enumerate() {
            assert_eq!(&config_of(&reopened, index), config, "map {}", index + 1);
        }
    }

    #[test]
    fn slips_misplaced_numbers_and_settings_a_map_cannot_take_are_named() {
        let comparison = comparison(
            "?compare=perlin-noise,perlin-noise&compare=diamond-square,perlin-noise\
             &seed=3&seed=junk&exponet=5&palettes=slope&.octaves=2&%2B1.octave=2&utm.source=x\
             &1.octave=3&2.Octaves=3&1.seed=5&1.seed=6&1.Seed=7&1.octaves=3&2.stage=pass-9\
             &2.gain=0.2&2.gain=0.3&2.talus=1&Stage=done&Compare=x&share=y&state=z",
        );
        assert_eq!(
            comparison.algorithms,
            [Algorithm::DIAMOND_SQUARE, Algorithm::PERLIN_NOISE]
        );
        assert_eq!(
            comparison.problems,
            [
                "URL parameter compare is given 2 times, as \"perlin-noise,perlin-noise\", \
                 \"diamond-square,perlin-noise\"; the last counts",
                "URL parameter seed must be a whole number from 0 to 18446744073709551615; got \"junk\"",
                "URL parameter seed is given 2 times, as \"3\", \"junk\"; the last counts",
                "URL parameter exponent was given as \"exponet\", which is not read: write exponent=5",
                "URL parameter palette was given as \"palettes\", which is not read: write \
                 palette=slope",
                "URL parameter .octaves is not read: a map's own setting starts with its number, \
                 1 to 2, as 1.octaves",
                "URL parameter +1.octave is not read: a map's own setting starts with its number, \
                 1 to 2, as 1.octaves",
                "URL parameter 1.octave is not read: write 1.octaves=3",
                "URL parameter 2.Octaves is not read: write 2.octaves=3",
                "URL parameter 1.seed is not read: the maps of a comparison share one seed, as a \
                 Refresh gives all a new one; write seed=6",
                "URL parameter 1.Seed is not read: the maps of a comparison share one seed, as a \
                 Refresh gives all a new one; write seed=7",
                "URL parameter 1.octaves is not read: Diamond-square has no octaves",
                "URL parameter 2.stage must be one of lattice, done or octave-1 to octave-5 for \
                 perlin-noise; got \"pass-9\"",
                "URL parameter 2.gain is given 2 times, as \"0.2\", \"0.3\"; the last counts",
                "URL parameter 2.talus is read only with 2.erosion=thermal",
                "URL parameter Stage is not read in a comparison: write 1.stage, 2.stage… for a \
                 map's stage",
                "URL parameter Compare is not read: compare is the key that lists the algorithms",
            ]
        );
        let with_erosion = super::tests::comparison(
            "?compare=perlin-noise,value-noise&2.erosion=thermal&2.talus=1",
        );
        assert!(
            with_erosion.problems.is_empty(),
            "{:?}",
            with_erosion.problems
        );
        for (query, refusal) in [
            (
                "?Compare=perlin-noise,value-noise",
                "URL parameter compare was given as \"Compare\", which is not read: write compare=perlin-noise,value-noise",
            ),
            (
                "?comapre=a",
                "URL parameter compare was given as \"comapre\", which is not read: write compare=a",
            ),
        ] {
            assert_eq!(read(query, 1), Some(Err(refusal.to_owned())));
        }
        assert_eq!(read("?share=compare&state=x", 1), None, "other sites' keys");
        let configs: Vec<DemoConfig> = (0..2).map(|index| config_of(&comparison, index)).collect();
        assert_eq!(
            configs[0].params.map.seed, 1234,
            "a refused last seed leaves the default"
        );
        assert_eq!(configs[1].params.map.seed, 1234, "one seed for all");
        assert_eq!(configs[1].params.noise.gain, 0.3, "the last gain");
        assert_eq!(
            configs[1].stage,
            configs[1].params.final_stage(),
            "a stage it lacks is dropped"
        );
    }

    #[test]
    fn a_maps_key_is_one_key_however_numbered_and_others_dotted_keys_pass() {
        let comparison = comparison(
            "?compare=perlin-noise,value-noise&1.octaves=3&01.octaves=6&ui.seed=2&amp.view=x\
             &1.ridgeOffset=0.5&2.algorithm=perlin-noise&1.compare=x",
        );
        assert_eq!(
            comparison.problems,
            [
                "URL parameter 1.octaves is given 2 times, as \"3\", \"6\"; the last counts",
                "URL parameter 1.ridgeOffset is read only with 1.shape=ridged-multifractal",
                "URL parameter 2.algorithm is not read: compare lists the algorithms",
                "URL parameter 1.compare is not read: compare lists the algorithms",
            ]
        );
        assert_eq!(config_of(&comparison, 0).params.noise.octaves, 6);
        let unread = super::tests::comparison(
            "?compare=diamond-square,midpoint-displacement&octaves=2&octaves=3&talus=1&talus=2",
        );
        assert_eq!(
            unread.problems,
            [
                "URL parameter octaves is not read: no map here has octaves \
                 (Diamond-square, Midpoint displacement)",
                "URL parameter talus is read only with erosion=thermal",
            ],
            "no map reads them, so neither value is said to count"
        );
        assert!(
            !unread.query(&[]).contains("octaves") && !unread.query(&[]).contains("talus"),
            "{}",
            unread.query(&[])
        );
        // A shared setting one map reads is not given to the other's demo,
        // nor written as that map's own.
        let mixed = super::tests::comparison("?compare=diamond-square,perlin-noise&octaves=3");
        assert!(mixed.problems.is_empty(), "{:?}", mixed.problems);
        assert!(
            !mixed
                .attributes(0)
                .iter()
                .any(|(name, _)| name == "data-octaves"),
            "{:?}",
            mixed.attributes(0)
        );
        assert!(
            mixed
                .attributes(1)
                .contains(&("data-octaves".to_owned(), "3".to_owned()))
        );
        let configs = [config_of(&mixed, 0), config_of(&mixed, 1)];
        let (_, problems) = config_from(&mixed.attributes(0));
        assert!(problems.is_empty(), "{problems:?}");
        assert!(
            !mixed.query(&configs).contains("1.octaves"),
            "{}",
            mixed.query(&configs)
        );
        let ridged = super::tests::comparison(
            "?compare=perlin-noise,value-noise&1.shape=ridged-multifractal&1.ridgeOffset=0.5",
        );
        assert!(ridged.problems.is_empty(), "{:?}", ridged.problems);
    }

    #[test]
    fn no_key_the_pages_read_is_a_slip_for_another() {
        // The map settings' keys are never taken for slips; the pages'
        // own must keep apart from every key by themselves.
        let pages: Vec<&str> = SETTINGS
            .iter()
            .map(|entry| entry.spec.option)
            .chain([crate::embed::EMBED_CONTROLS.option, COMPARE_KEY])
            .collect();
        let every: Vec<&str> = fields()
            .map(|field| field.spec().option)
            .chain([STAGE.option])
            .chain(pages.iter().copied())
            .collect();
        for key in &pages {
            for option in &every {
                assert!(
                    !query::misspelt(key, option),
                    "{key} reads as a slip for {option}"
                );
            }
        }
    }

    #[test]
    fn what_a_comparison_does_not_read_is_named_with_what_to_write() {
        let comparison = comparison(
            "?compare=perlin-noise,simplex-noise&3.octaves=2&1.colour=red&2.octaves=lots\
             &seed=junk&algorithm=perlin-noise&stage=done&Seed=4&utm_source=x",
        );
        assert_eq!(
            comparison.problems,
            [
                "URL parameter 3.octaves is not read: the comparison's maps are numbered 1 to 2",
                "URL parameter 1.colour is not read: a map of a comparison has no setting \"colour\" \
                 (given \"red\")",
                "URL parameter 2.octaves must be a whole number from 1 to 12; got \"lots\"",
                "URL parameter seed must be a whole number from 0 to 18446744073709551615; got \"junk\"",
                "URL parameter algorithm is not read in a comparison: compare lists the algorithms",
                "URL parameter stage is not read in a comparison: write 1.stage, 2.stage… for a map's stage",
                "URL parameter seed was given as \"Seed\", which is not read: write seed=4",
            ]
        );
        assert_eq!(
            config_of(&comparison, 1).params.map.seed,
            1234,
            "a refused seed is not used"
        );
    }
}
