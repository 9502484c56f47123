//! The playground's comparison: `playground.html?compare=a,b,c` shows two
//! to four algorithms side by side, on one seed and exponent, each with
//! its own settings, under one shared camera ([`crate::page`]'s
//! [`crate::page::PageInput::ShareCamera`]).
//!
//! The shell builds one demo element per algorithm from
//! [`Comparison::attributes`] and writes [`Comparison::query`] into the
//! page's address, so the share link keeps the comparison.

use terrain_core::query::{encode, parse_pairs};
use terrain_core::registry::fields;
use terrain_core::spec::Spec;
use terrain_core::{ALGORITHM, Algorithm};

use crate::settings::{Controls, SETTINGS};

/// The address key that lists the algorithms.
pub const COMPARE_KEY: &str = "compare";

/// How many algorithms a comparison shows.
pub const COMPARED: std::ops::RangeInclusive<usize> = 2..=4;

/// The demos' shared link name: a Refresh on one gives all a new seed.
pub const COMPARE_LINK: &str = "compare";

/// A comparison read from an address.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The algorithms, in the order given.
    pub algorithms: Vec<Algorithm>,
    /// The other settings the address gave (seed, exponent, palette...),
    /// as option and text, for every demo alike.
    pub shared: Vec<(&'static Spec, String)>,
}

/// The comparison `query` asks for, `None` if it asks for none, or the
/// sentence refusing it (naming the key, the value and what is allowed).
pub fn read(query: &str) -> Option<Result<Comparison, String>> {
    let pairs = parse_pairs(query);
    let (_, list) = pairs.iter().find(|(key, _)| key == COMPARE_KEY)?;
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
    let shared = pairs
        .iter()
        .filter_map(|(key, value)| Some((shared_spec(key)?, value.clone())))
        .collect();
    Some(Ok(Comparison { algorithms, shared }))
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

impl Comparison {
    /// The attributes of demo `index`'s element: its algorithm, the
    /// shared settings, the seed link, and the numbers it reads as
    /// controls.
    pub fn attributes(&self, index: usize) -> Vec<(String, String)> {
        let mut attributes = vec![(
            ALGORITHM.attribute.to_owned(),
            self.algorithms
                .get(index)
                .map_or(String::new(), |algorithm| algorithm.name().to_owned()),
        )];
        for (spec, value) in &self.shared {
            attributes.push((spec.attribute.to_owned(), value.clone()));
        }
        attributes.push(("data-link".to_owned(), COMPARE_LINK.to_owned()));
        attributes.push((
            "data-controls".to_owned(),
            Controls::Compact.name().to_owned(),
        ));
        attributes
    }

    /// The address's query for this comparison on `seed` and `exponent`
    /// (the demos' own, which a Refresh or a control may have changed).
    pub fn query(&self, seed: u64, exponent: u32) -> String {
        let names: Vec<&str> = self
            .algorithms
            .iter()
            .map(|algorithm| algorithm.name())
            .collect();
        let mut query = format!(
            "{COMPARE_KEY}={}&seed={seed}&exponent={exponent}",
            names.join(",")
        );
        for (spec, value) in &self.shared {
            if !["seed", "exponent"].contains(&spec.option) {
                query.push_str(&format!("&{}={}", spec.option, encode(value)));
            }
        }
        query
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comparison_lists_two_to_four_algorithms_and_keeps_its_settings() {
        assert_eq!(read("?algorithm=perlin-noise"), None);
        let Some(Ok(comparison)) = read(
            "?compare=diamond-square,perlin-noise,simplex-noise&seed=7&palette=slope&stage=done",
        ) else {
            panic!("a comparison");
        };
        assert_eq!(comparison.algorithms.len(), 3);
        let attributes = comparison.attributes(1);
        assert!(attributes.contains(&("data-terrain-demo".to_owned(), "perlin-noise".to_owned())));
        assert!(attributes.contains(&("data-seed".to_owned(), "7".to_owned())));
        assert!(attributes.contains(&("data-palette".to_owned(), "slope".to_owned())));
        assert!(attributes.contains(&("data-link".to_owned(), "compare".to_owned())));
        assert!(!attributes.iter().any(|(name, _)| name == "data-stage"));
        assert_eq!(
            comparison.query(9, 8),
            "compare=diamond-square,perlin-noise,simplex-noise&seed=9&exponent=8&palette=slope"
        );
        for (query, why) in [
            ("compare=perlin-noise", "1 given"),
            ("compare=a,b,c,d,e", "5 given"),
            ("compare=perlin-noise,mountains", "\"mountains\" is not one"),
        ] {
            let Some(Err(message)) = read(query) else {
                panic!("{query} is refused");
            };
            assert!(message.starts_with("URL parameter compare must list 2 to 4 algorithms"));
            assert!(message.ends_with(&format!("({why})")), "{message}");
        }
    }
}
