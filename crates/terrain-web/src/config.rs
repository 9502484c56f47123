//! What a demo shows, read from its element's `data-*` attributes, and the
//! words that describe it.

use terrain_core::{Algorithm, Error, Field, Params, Stage};

use crate::mesh::Palette;

/// Everything a demo needs to know to draw its first terrain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DemoConfig {
    /// Algorithm, exponent, spreads, seed, normalization.
    pub params: Params,
    /// How far to run.
    pub stage: Stage,
    /// Whether to show parameter controls under the view.
    pub controls: bool,
    /// How heights are coloured.
    pub palette: Palette,
    /// Whether the page chose the seed (otherwise the demo picks one).
    pub seed_given: bool,
}

impl Default for DemoConfig {
    fn default() -> Self {
        Self {
            params: Params::default(),
            stage: Stage::Done,
            controls: false,
            palette: Palette::default(),
            seed_given: false,
        }
    }
}

/// One attribute a demo could not use, and why. The demo uses the default
/// for it instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeProblem {
    /// The attribute's name, such as `data-exponent`.
    pub attribute: &'static str,
    /// A sentence naming the attribute, its value and what is allowed.
    pub message: String,
}

/// The attribute that marks an element as a demo; its value is the algorithm.
pub const DEMO_ATTRIBUTE: &str = "data-terrain-demo";

/// Attributes read through [`Params::set_text`], in the order applied.
const PARAMETER_ATTRIBUTES: [(&str, Field); 5] = [
    ("data-exponent", Field::Exponent),
    ("data-spread", Field::Spread),
    ("data-spread-reduction", Field::SpreadReduction),
    ("data-seed", Field::Seed),
    ("data-normalize", Field::Normalize),
];

impl DemoConfig {
    /// Reads a demo's attributes through `read` (which returns an
    /// attribute's value, if present). Every value goes through the core's
    /// one validation point; a bad one is reported and its default kept.
    pub fn from_attributes(read: impl Fn(&str) -> Option<String>) -> (Self, Vec<AttributeProblem>) {
        let mut problems = Vec::new();
        let mut report = |attribute: &'static str, error: &Error| {
            problems.push(AttributeProblem {
                attribute,
                message: error.describe(attribute),
            });
        };
        let algorithm = match read(DEMO_ATTRIBUTE).map(|text| text.parse::<Algorithm>()) {
            Some(Ok(algorithm)) => algorithm,
            Some(Err(error)) => {
                report(DEMO_ATTRIBUTE, &error);
                Algorithm::DiamondSquare
            }
            None => Algorithm::DiamondSquare,
        };
        let mut config = DemoConfig {
            params: Params::new(algorithm),
            ..DemoConfig::default()
        };
        for (attribute, field) in PARAMETER_ATTRIBUTES {
            if let Some(text) = read(attribute) {
                match config.params.set_text(field, &text) {
                    Ok(()) => config.seed_given |= field == Field::Seed,
                    Err(error) => report(attribute, &error),
                }
            }
        }
        if let Some(text) = read("data-stage") {
            let stage = text.parse::<Stage>().and_then(|stage| {
                algorithm
                    .check_stage(stage, config.params.exponent)
                    .map(|()| stage)
            });
            match stage {
                Ok(stage) => config.stage = stage,
                Err(error) => report("data-stage", &error),
            }
        }
        if let Some(text) = read("data-controls") {
            match parse_switch(&text) {
                Some(controls) => config.controls = controls,
                None => problems.push(AttributeProblem {
                    attribute: "data-controls",
                    message: format!(
                        "data-controls must be true or false (or empty, meaning true); got {:?}",
                        shorten(&text)
                    ),
                }),
            }
        }
        if let Some(text) = read("data-palette") {
            match Palette::parse(&text) {
                Some(palette) => config.palette = palette,
                None => problems.push(AttributeProblem {
                    attribute: "data-palette",
                    message: format!(
                        "data-palette must be one of terrain, bands, green, greyscale; got {:?}",
                        shorten(&text)
                    ),
                }),
            }
        }
        (config, problems)
    }
}

/// `true` for an empty attribute (its presence), true/on/yes/1 and
/// false/off/no/0; `None` otherwise.
fn parse_switch(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "" | "true" | "on" | "yes" | "1" => Some(true),
        "false" | "off" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn shorten(text: &str) -> String {
    let mut short: String = text.trim().chars().take(40).collect();
    if short.len() < text.trim().len() {
        short.push('…');
    }
    short
}

/// A few words on what a stage shows, for the bar under a demo.
pub fn stage_caption(algorithm: Algorithm, stage: Stage, exponent: u32) -> String {
    match (algorithm, stage) {
        (Algorithm::RandomNoise, _) => "Every point random".to_owned(),
        (_, Stage::Corners) => "Corners set at random".to_owned(),
        (_, Stage::Edges) => "Edge midpoints set".to_owned(),
        (_, Stage::Center) => "Centre set".to_owned(),
        (_, Stage::Square) => "First square step".to_owned(),
        (_, Stage::Diamond) => "First diamond step".to_owned(),
        (_, Stage::Pass(pass)) => format!("Pass {pass} of {exponent}"),
        (_, Stage::Done) => "Finished and normalized".to_owned(),
    }
}

/// The text alternative of a demo's canvas: what it shows and how to move it.
pub fn describe(config: &DemoConfig, marked_points: usize) -> String {
    let params = &config.params;
    let side = params.side();
    let caption = stage_caption(params.algorithm, config.stage, params.exponent);
    let marked = match marked_points {
        0 => String::new(),
        1 => " The one point this step set is highlighted.".to_owned(),
        count => format!(" The {count} points this step set are highlighted."),
    };
    format!(
        "3D view of a {side} by {side} heightmap made by {algorithm}: {caption}, seed {seed}.{marked} \
         Drag or use the arrow keys to turn it, Shift with arrows to pan, scroll or + and - to zoom, 0 to reset.",
        algorithm = params.algorithm.title().to_lowercase(),
        seed = params.seed,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn read_from(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|&(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn reads_the_readme_snippet() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "diamond-square"),
            ("data-stage", "square"),
            ("data-exponent", "3"),
            ("data-seed", "7"),
        ]));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.params.algorithm, Algorithm::DiamondSquare);
        assert_eq!(config.stage, Stage::Square);
        assert_eq!(config.params.exponent, 3);
        assert_eq!(config.params.seed, 7);
        assert!(config.seed_given);
        assert!(!config.controls);
    }

    #[test]
    fn algorithm_defaults_follow_the_posts() {
        let (config, _) = DemoConfig::from_attributes(read_from(&[(
            "data-terrain-demo",
            "recursive-midpoint-displacement",
        )]));
        assert_eq!(config.params.spread_reduction, 0.55);
        assert_eq!(config.stage, Stage::Done);
        assert!(!config.seed_given);
    }

    #[test]
    fn bad_attributes_are_named_and_fall_back_to_defaults() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "plasma"),
            ("data-exponent", "40"),
            ("data-spread", "abc"),
            ("data-spread-reduction", "-1"),
            ("data-seed", "<script>alert(1)</script>"),
            ("data-stage", "edges"),
            ("data-controls", "sometimes"),
            ("data-palette", "purple"),
        ]));
        assert_eq!(config.params, Params::new(Algorithm::DiamondSquare));
        assert_eq!(config.stage, Stage::Done);
        let named: Vec<&str> = problems.iter().map(|problem| problem.attribute).collect();
        assert_eq!(
            named,
            [
                "data-terrain-demo",
                "data-exponent",
                "data-spread",
                "data-spread-reduction",
                "data-seed",
                "data-stage",
                "data-controls",
                "data-palette"
            ]
        );
        for problem in &problems {
            assert!(
                problem.message.starts_with(problem.attribute),
                "{}",
                problem.message
            );
        }
        assert_eq!(
            problems[1].message,
            "data-exponent must be a whole number from 1 to 12; got \"40\""
        );
        assert!(
            problems[5].message.contains("for diamond-square"),
            "{}",
            problems[5].message
        );
    }

    #[test]
    fn a_stage_is_checked_against_the_exponent_given() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "midpoint-displacement"),
            ("data-exponent", "2"),
            ("data-stage", "pass-2"),
        ]));
        assert!(problems.is_empty());
        assert_eq!(config.stage, Stage::Pass(2));
        let (_, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-exponent", "2"),
            ("data-stage", "pass-3"),
        ]));
        assert_eq!(problems.len(), 1);
    }

    #[test]
    fn controls_switch_reads_presence_as_on() {
        for (text, expected) in [("", true), ("true", true), ("off", false), (" 0 ", false)] {
            let (config, problems) =
                DemoConfig::from_attributes(read_from(&[("data-controls", text)]));
            assert!(problems.is_empty());
            assert_eq!(config.controls, expected, "{text:?}");
        }
    }

    #[test]
    fn the_description_says_what_is_shown_and_how_to_move_it() {
        let (config, _) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "diamond-square"),
            ("data-stage", "square"),
            ("data-exponent", "3"),
            ("data-seed", "7"),
        ]));
        let text = describe(&config, 1);
        for part in [
            "9 by 9",
            "diamond-square",
            "First square step",
            "seed 7",
            "one point",
            "arrow keys",
        ] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
    }
}
