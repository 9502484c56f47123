//! The `<terrain-demo>` element: a demo whose attributes are the `data-*`
//! embed attributes without their prefix (`exponent`, `spread-reduction`,
//! `palette`…, and `algorithm` for `data-terrain-demo`), spelled from the
//! registries ([`Spec::element_attribute`]), read by the same reader, and
//! read again whenever one changes.
//!
//! A change keeps what the reader sees: an attribute given a bad value is
//! reported by name (its value and what is allowed) and keeps its last good
//! value, so the picture stays; a seed the element never gave stays the
//! seed the demo drew.

use terrain_core::query;
use terrain_core::registry::fields;
use terrain_core::spec::{Spec, Surface, quote};
use terrain_core::{ALGORITHM, STAGE, registry::SEED};

use crate::settings::{AttributeProblem, DemoConfig, SETTINGS, Setting};

/// The attributes of one element, as names and values, read at once: what
/// the page reads a changed element's settings from.
pub type Attributes = Vec<(String, String)>;

/// Every setting an element takes: the map's parameters in the registry's
/// order, the stage, then the display settings.
fn specs() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .chain([&STAGE])
        .chain(SETTINGS.iter().map(|entry| entry.spec))
        .filter(|spec| spec.surfaces.attribute)
}

/// The attributes a `<terrain-demo>` element reads (its
/// `observedAttributes`), in the order of the registries.
pub fn attribute_names() -> Vec<&'static str> {
    specs().map(Spec::element_attribute).collect()
}

/// The value of attribute `name` in `attributes`, if given.
pub fn attribute(attributes: &Attributes, name: &str) -> Option<String> {
    attributes
        .iter()
        .find(|(given, _)| given == name)
        .map(|(_, value)| value.clone())
}

/// A demo's settings from its element's attributes (through `read`), and
/// what could not be used. On a first reading (`shown` is `None`), a bad
/// value takes its default, as a `data-*` attribute's does; on a later one,
/// it keeps the value `shown` has, and so does a missing seed.
pub fn read_attributes(
    read: impl Fn(&str) -> Option<String>,
    shown: Option<&DemoConfig>,
) -> (DemoConfig, Vec<AttributeProblem>) {
    let (first, mut problems) = DemoConfig::from_attributes_on(Surface::Element, &read);
    // A `data-terrain-demo` element names its algorithm by being one; a
    // `<terrain-demo>` must say it.
    if read(ALGORITHM.element_attribute()).is_none() {
        problems.insert(
            0,
            AttributeProblem {
                attribute: ALGORITHM.element_attribute(),
                message: format!(
                    "algorithm is not given; enter {}",
                    ALGORITHM.allowed_on(Surface::Element)
                ),
            },
        );
    }
    let Some(shown) = shown else {
        return (first, problems);
    };
    // A value refused (not one merely unread) keeps the one shown.
    let read_by = |config: &DemoConfig, problem: &AttributeProblem| {
        specs()
            .find(|spec| spec.element_attribute() == problem.attribute)
            .is_none_or(|spec| config.params.reads(spec))
    };
    let refused: Vec<AttributeProblem> = problems
        .into_iter()
        .filter(|problem| read_by(&first, problem))
        .collect();
    let is_refused = |name: &str| refused.iter().any(|problem| problem.attribute == name);
    let (mut config, unread) = DemoConfig::from_attributes_on(Surface::Element, |name| {
        if is_refused(name) {
            text_in(shown, name)
        } else {
            read(name)
        }
    });
    if !config.seed_given {
        config.params = config.params.with_seed(shown.params.map.seed);
        config.seed_given = read(SEED.element_attribute()).is_some();
    }
    // What the settings kept do not read is said of them, not of the
    // defaults the first reading fell back to (a refused algorithm).
    let problems = (refused.into_iter())
        .filter(|problem| read_by(&config, problem))
        .chain(unread)
        .collect();
    (config, problems)
}

/// The text `config` gives the setting whose element attribute is `name`,
/// as the reader reads it back; `None` for a setting it leaves unset.
fn text_in(config: &DemoConfig, name: &str) -> Option<String> {
    if let Some(field) = fields().find(|field| field.spec().element_attribute() == name) {
        return Some(config.params.text(field));
    }
    if name == STAGE.element_attribute() {
        return Some(config.stage.to_string());
    }
    let setting = Setting::ALL
        .into_iter()
        .find(|setting| setting.entry().spec.element_attribute() == name)?;
    let entry = setting.entry();
    let text = entry.spec.show(&(entry.get)(&config.display));
    (!text.is_empty()).then_some(text)
}

/// A sentence for each of `attributes` that is the other embed's spelling
/// of a setting, which this one does not read: a `<terrain-demo>`
/// (`on_element`) reads `exponent`, not `data-exponent`, and a
/// `data-terrain-demo` element the other way round; then one for each
/// that reads as a slip for a setting ([`query::misspelt`]): the
/// JavaScript name `spreadReduction` (which HTML hands over as
/// `spreadreduction`), `octave`, `data-spread-redution`.
pub fn misplaced<'a>(attributes: &'a Attributes, on_element: bool) -> Vec<String> {
    let (here, there) = if on_element {
        ("a <terrain-demo>", "the data-terrain-demo element's")
    } else {
        ("a data-terrain-demo element", "<terrain-demo>'s")
    };
    let spelled = |spec: &'static Spec| {
        if on_element {
            (spec.element_attribute(), spec.attribute)
        } else {
            (spec.attribute, spec.element_attribute())
        }
    };
    let other_spelling = specs().filter_map(|spec| {
        let (read, unread) = spelled(spec);
        let value = quote(&attribute(attributes, unread)?);
        Some(format!(
            "{unread}={value} is {there} spelling, not read on {here}: write {read}={value}"
        ))
    });
    let ours = |name: &str| specs().any(|spec| spelled(spec).0 == name || spelled(spec).1 == name);
    // On a data-terrain-demo element, compared without `data-`, so the
    // five letters a slip needs are the setting's own: a blog's
    // `data-speed` is no `data-seed`.
    let bare = |name: &'a str| {
        if on_element {
            Some(name)
        } else {
            name.strip_prefix("data-")
        }
    };
    let slips = attributes
        .iter()
        .filter(|(name, _)| !ours(name))
        .filter_map(|(name, value)| {
            let given = bare(name)?;
            let (read, _) = specs()
                .map(spelled)
                .find(|(read, _)| bare(read).is_some_and(|read| query::misspelt(given, read)))?;
            let value = quote(value);
            Some(format!(
                "{name}={value} is not read on {here}: write {read}={value}"
            ))
        });
    other_spelling.chain(slips).collect()
}

/// Whether going from `shown` to `next` needs the demo's elements built
/// anew: its controls are another set (none, the numbers, or everything).
pub fn needs_new_view(shown: &DemoConfig, next: &DemoConfig) -> bool {
    shown.display.controls != next.display.controls
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::Controls;
    use std::collections::HashSet;
    use terrain_core::{Algorithm, Stage};

    fn owned(pairs: &[(&str, &str)]) -> Attributes {
        pairs
            .iter()
            .map(|&(name, value)| (name.to_owned(), value.to_owned()))
            .collect()
    }

    fn reader(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let attributes = owned(pairs);
        move |name| attribute(&attributes, name)
    }

    #[test]
    fn the_other_embeds_spelling_is_named_with_the_one_to_write() {
        let given = owned(&[
            ("data-terrain-demo", "perlin-noise"),
            ("data-exponent", "3"),
            ("seed", "5"),
            ("class", "wide"),
        ]);
        assert_eq!(
            misplaced(&given, true),
            [
                "data-terrain-demo=\"perlin-noise\" is the data-terrain-demo element's spelling, \
                 not read on a <terrain-demo>: write algorithm=\"perlin-noise\"",
                "data-exponent=\"3\" is the data-terrain-demo element's spelling, not read on a \
                 <terrain-demo>: write exponent=\"3\""
            ]
        );
        assert_eq!(
            misplaced(&given, false),
            [
                "seed=\"5\" is <terrain-demo>'s spelling, not read on a data-terrain-demo element: \
              write data-seed=\"5\""
            ]
        );
        // Slips: a JavaScript name as HTML hands it over, a letter short,
        // a letter dropped; a page's own attributes are not ours to name.
        let slips = owned(&[
            ("spreadreduction", "0.9"),
            ("octave", "2"),
            ("style", "color: red"),
            // A parallax library's, not a slip for data-seed.
            ("data-speed", "0.8"),
            ("data-spread-redution", "0.9"),
            ("data-spreadreduction", "0.8"),
        ]);
        assert_eq!(
            misplaced(&slips, true),
            [
                "spreadreduction=\"0.9\" is not read on a <terrain-demo>: write spread-reduction=\"0.9\"",
                "octave=\"2\" is not read on a <terrain-demo>: write octaves=\"2\"",
            ]
        );
        assert_eq!(
            misplaced(&slips, false),
            [
                "data-spread-redution=\"0.9\" is not read on a data-terrain-demo element: write \
                 data-spread-reduction=\"0.9\"",
                "data-spreadreduction=\"0.8\" is not read on a data-terrain-demo element: write \
                 data-spread-reduction=\"0.8\"",
            ]
        );
    }

    #[test]
    fn every_attribute_is_a_data_attribute_without_its_prefix() {
        let names = attribute_names();
        assert_eq!(names[0], "algorithm");
        assert!(names.contains(&"spread-reduction") && names.contains(&"url-state"));
        assert!(names.contains(&"stage") && names.contains(&"controls"));
        let distinct: HashSet<&str> = names.iter().copied().collect();
        assert_eq!(distinct.len(), names.len(), "{names:?}");
        for spec in specs() {
            let name = spec.element_attribute();
            if name != "algorithm" {
                assert_eq!(format!("data-{name}"), spec.attribute);
            }
        }
        assert_eq!(names.len(), specs().count());
    }

    #[test]
    fn an_element_reads_what_a_data_element_reads() {
        let (config, problems) = read_attributes(
            reader(&[
                ("algorithm", "diamond-square"),
                ("stage", "square"),
                ("exponent", "3"),
                ("seed", "7"),
                ("controls", ""),
            ]),
            None,
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.params.algorithm, Algorithm::DIAMOND_SQUARE);
        assert_eq!(
            (config.stage, config.params.map.exponent),
            (Stage::Square, 3)
        );
        assert_eq!(config.params.map.seed, 7);
        assert_eq!(config.display.controls, Controls::Compact);
        let (data, _) = DemoConfig::from_attributes(|name| match name {
            "data-terrain-demo" => Some("diamond-square".into()),
            "data-stage" => Some("square".into()),
            "data-exponent" => Some("3".into()),
            "data-seed" => Some("7".into()),
            "data-controls" => Some(String::new()),
            _ => None,
        });
        assert_eq!(data, config);
    }

    #[test]
    fn a_bad_value_is_named_without_the_prefix_and_takes_the_default_at_first() {
        let (config, problems) = read_attributes(
            reader(&[
                ("algorithm", "plasma"),
                ("exponent", "40"),
                ("palette", "<img src=x onerror=alert(1)>"),
            ]),
            None,
        );
        let named: Vec<&str> = problems.iter().map(|problem| problem.attribute).collect();
        assert_eq!(named, ["algorithm", "exponent", "palette"]);
        assert_eq!(
            problems[1].message,
            "exponent must be a whole number from 1 to 12; got 40"
        );
        assert!(
            problems[2].message.starts_with("palette must be one of"),
            "{}",
            problems[2].message
        );
        assert_eq!(config.params.map.exponent, 5);
    }

    #[test]
    fn a_later_bad_value_keeps_the_last_good_one_and_the_seed_stays() {
        let (shown, _) = read_attributes(
            reader(&[
                ("algorithm", "perlin-noise"),
                ("exponent", "6"),
                ("seed", "9"),
            ]),
            None,
        );
        let (next, problems) = read_attributes(
            reader(&[
                ("algorithm", "perlin-noise"),
                ("exponent", "abc"),
                ("octaves", "3"),
                ("seed", "9"),
            ]),
            Some(&shown),
        );
        assert_eq!(problems.len(), 1);
        assert_eq!(next.params.map.exponent, 6, "the last good exponent");
        assert_eq!(next.params.noise.octaves, 3, "the good change is taken");
        let (shown, problems) = read_attributes(reader(&[("exponent", "4")]), None);
        assert_eq!(
            messages(&problems),
            [format!(
                "algorithm is not given; enter one of {}",
                terrain_core::generators::NAMES.join(", ")
            )]
        );
        assert_eq!(shown.params.algorithm, Algorithm::DIAMOND_SQUARE);
        let shown = DemoConfig {
            params: shown.params.with_seed(1234),
            ..shown
        };
        let (next, problems) = read_attributes(
            reader(&[("algorithm", "diamond-square"), ("exponent", "5")]),
            Some(&shown),
        );
        assert!(problems.is_empty());
        assert_eq!(
            next.params.map.seed, 1234,
            "no seed given: the demo's stays"
        );
        assert!(!needs_new_view(&shown, &next));
        let (full, _) = read_attributes(reader(&[("controls", "full")]), Some(&shown));
        assert!(needs_new_view(&shown, &full));
    }

    fn messages(problems: &[AttributeProblem]) -> Vec<&str> {
        problems
            .iter()
            .map(|problem| problem.message.as_str())
            .collect()
    }

    #[test]
    fn an_attribute_the_map_does_not_read_is_said_to_be_unread() {
        let (_, problems) = read_attributes(
            reader(&[
                ("algorithm", "diamond-square"),
                ("frequency", "8"),
                ("ridge-offset", "junk"),
                ("talus", "2"),
            ]),
            None,
        );
        assert_eq!(
            messages(&problems),
            [
                "frequency is not read: Diamond-square has no frequency",
                "ridge-offset is not read: Diamond-square has no ridge offset",
                "talus is read only with erosion=\"thermal\"",
            ]
        );
        // Said of the settings kept: a refused algorithm keeps Perlin
        // noise, which reads octaves, and a good value still counts.
        let (shown, _) = read_attributes(reader(&[("algorithm", "perlin-noise")]), None);
        let (next, problems) = read_attributes(
            reader(&[("algorithm", "plasma"), ("octaves", "3"), ("spread", "x")]),
            Some(&shown),
        );
        assert_eq!(next.params.algorithm, Algorithm::PERLIN_NOISE);
        assert_eq!(next.params.noise.octaves, 3);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(problems[0].message.starts_with("algorithm must be one of"));
        assert_eq!(
            problems[1].message,
            "spread is not read: Perlin noise has no spread"
        );
    }
}
