//! What a demo shows, read from its element's `data-*` attributes (and, for
//! the playground, from the page's URL), and the words that describe it.

use terrain_core::query::{self, QueryState};
use terrain_core::{Algorithm, Error, Field, Params, Stage, StageDetails};

use crate::mesh::Palette;

/// Which controls a demo shows under its view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Controls {
    /// Refresh and the seed only.
    #[default]
    None,
    /// Exponent, spread, spread reduction, seed, and the pass-by-pass
    /// scrubber: the posts' final demos.
    Basic,
    /// Everything: algorithm, normalization, palette, view, wireframe,
    /// sharing, export and import. The playground.
    Full,
}

/// How a demo shows its heightmap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum View {
    /// A lit 3D surface.
    #[default]
    Surface,
    /// A greyscale picture seen from above: black lowest, white highest.
    Picture,
    /// Four copies of the surface side by side, to show how it tiles.
    Tiles,
    /// Four copies of the picture side by side.
    PictureTiles,
}

impl View {
    /// Every view, in menu order.
    pub const ALL: [View; 4] = [
        View::Surface,
        View::Picture,
        View::Tiles,
        View::PictureTiles,
    ];

    /// The name in attributes and URLs.
    pub fn name(self) -> &'static str {
        match self {
            View::Surface => "3d",
            View::Picture => "2d",
            View::Tiles => "tiled",
            View::PictureTiles => "tiled-2d",
        }
    }

    /// The name in menus.
    pub fn title(self) -> &'static str {
        match self {
            View::Surface => "3D surface",
            View::Picture => "2D greyscale",
            View::Tiles => "3D, 2 × 2 tiles",
            View::PictureTiles => "2D, 2 × 2 tiles",
        }
    }

    /// Reads [`View::name`], ignoring case and surrounding white space.
    pub fn parse(text: &str) -> Option<View> {
        let text = text.trim();
        View::ALL
            .into_iter()
            .find(|view| view.name().eq_ignore_ascii_case(text))
    }

    /// Whether this view is drawn in 3D.
    pub fn is_3d(self) -> bool {
        matches!(self, View::Surface | View::Tiles)
    }

    /// Whether this view repeats the map 2 x 2.
    pub fn is_tiled(self) -> bool {
        matches!(self, View::Tiles | View::PictureTiles)
    }
}

/// Everything a demo needs to know to draw its first terrain.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoConfig {
    /// Algorithm, exponent, spreads, seed, normalization.
    pub params: Params,
    /// How far to run.
    pub stage: Stage,
    /// Which controls to show.
    pub controls: Controls,
    /// How heights are coloured in 3D.
    pub palette: Palette,
    /// 3D or 2D, single or tiled.
    pub view: View,
    /// Whether the 3D surface shows its triangles' edges.
    pub wireframe: bool,
    /// Whether the page chose the seed (otherwise the demo picks one).
    pub seed_given: bool,
    /// Whether the demo mirrors its state in the page's URL (the
    /// playground), so the address can be shared.
    pub url_state: bool,
    /// Demos with the same link name share a seed: Refresh in one
    /// refreshes them all, for side-by-side comparisons.
    pub link: Option<String>,
    /// Whether to show the map's crease index (see `terrain_core::seams`).
    pub creases: bool,
}

impl Default for DemoConfig {
    fn default() -> Self {
        Self {
            params: Params::default(),
            stage: Stage::Done,
            controls: Controls::None,
            palette: Palette::default(),
            view: View::default(),
            wireframe: false,
            seed_given: false,
            url_state: false,
            link: None,
            creases: false,
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
            if let Some(mut text) = read(attribute) {
                // Like the other switches, a bare `data-normalize` means on.
                if field == Field::Normalize && text.trim().is_empty() {
                    text = "true".to_owned();
                }
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
            match text.trim().to_ascii_lowercase().as_str() {
                "full" => config.controls = Controls::Full,
                other => match parse_switch(other) {
                    Some(true) => config.controls = Controls::Basic,
                    Some(false) => config.controls = Controls::None,
                    None => problems.push(problem(
                        "data-controls",
                        "true, false or full (empty means true)",
                        &text,
                    )),
                },
            }
        }
        if let Some(text) = read("data-palette") {
            match Palette::parse(&text) {
                Some(palette) => config.palette = palette,
                None => problems.push(problem(
                    "data-palette",
                    "one of terrain, bands, green, greyscale",
                    &text,
                )),
            }
        }
        if let Some(text) = read("data-view") {
            match View::parse(&text) {
                Some(view) => config.view = view,
                None => problems.push(problem(
                    "data-view",
                    "one of 3d, 2d, tiled, tiled-2d",
                    &text,
                )),
            }
        }
        for (attribute, flag) in [
            ("data-wireframe", &mut config.wireframe),
            ("data-url-state", &mut config.url_state),
            ("data-creases", &mut config.creases),
        ] {
            if let Some(text) = read(attribute) {
                match parse_switch(&text) {
                    Some(on) => *flag = on,
                    None => problems.push(problem(
                        attribute,
                        "true or false (empty means true)",
                        &text,
                    )),
                }
            }
        }
        if let Some(text) = read("data-link") {
            let name = text.trim();
            if name.is_empty() || name.chars().count() > 40 {
                problems.push(problem("data-link", "a name of 1 to 40 characters", &text));
            } else {
                config.link = Some(name.to_owned());
            }
        }
        (config, problems)
    }
}

fn problem(attribute: &'static str, allowed: &str, text: &str) -> AttributeProblem {
    AttributeProblem {
        attribute,
        message: format!("{attribute} must be {allowed}; got {:?}", shorten(text)),
    }
}

impl DemoConfig {
    /// Replaces the parameters, stage and view with those in a URL query,
    /// when it has any; returns a message for each value it could not use
    /// (the value in the attributes, or the default, stays).
    pub fn apply_query(&mut self, query: &str) -> Vec<String> {
        if query::parse_pairs(query).is_empty() {
            return Vec::new();
        }
        let QueryState {
            params,
            stage,
            other,
            errors,
        } = query::from_query(query);
        let mut messages: Vec<String> = errors
            .iter()
            .map(|error| {
                format!(
                    "URL parameter {}",
                    error.describe(error.field().map_or("", Field::option_name))
                )
            })
            .collect();
        self.params = params;
        self.stage = stage;
        self.seed_given = true;
        for (key, value) in other {
            let mut refuse = |allowed: &str| {
                messages.push(format!(
                    "URL parameter {key} must be {allowed}; got {:?}",
                    shorten(&value)
                ));
            };
            match key.as_str() {
                "palette" => match Palette::parse(&value) {
                    Some(palette) => self.palette = palette,
                    None => refuse("one of terrain, bands, green, greyscale"),
                },
                "view" => match View::parse(&value) {
                    Some(view) => self.view = view,
                    None => refuse("one of 3d, 2d, tiled, tiled-2d"),
                },
                "wireframe" => match parse_switch(&value) {
                    Some(on) => self.wireframe = on,
                    None => refuse("true or false"),
                },
                // Someone else's parameter (an analytics tag, say): not ours.
                _ => {}
            }
        }
        messages
    }

    /// The URL query that [`DemoConfig::apply_query`] reads back as this
    /// demo's state.
    pub fn to_query(&self) -> String {
        format!(
            "{}&palette={}&view={}&wireframe={}",
            query::to_query(&self.params, self.stage),
            self.palette.name(),
            self.view.name(),
            self.wireframe
        )
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
pub fn stage_caption(algorithm: Algorithm, stage: Stage, exponent: u32, normalize: bool) -> String {
    match (algorithm, stage) {
        (Algorithm::RandomNoise, _) => "Every point random".to_owned(),
        (_, Stage::Corners) => "Corners set at random".to_owned(),
        (_, Stage::Edges) => "Edge midpoints set".to_owned(),
        (_, Stage::Center) => "Centre set".to_owned(),
        (_, Stage::Square) => "First square step".to_owned(),
        (_, Stage::Diamond) => "First diamond step".to_owned(),
        (_, Stage::Pass(pass)) => format!("Pass {pass} of {exponent}"),
        (_, Stage::Done) if normalize => "Finished and normalized".to_owned(),
        (_, Stage::Done) => "Finished".to_owned(),
    }
}

/// The numbers behind a stage, for the scrubber (the stage's name says
/// which pass): "squares 16 cells wide (radius 8) · jitter up to ±0.15".
pub fn stage_numbers(details: &StageDetails) -> String {
    match (details.radius, details.chunk_size, details.spread) {
        (Some(radius), Some(chunk), Some(spread)) => format!(
            "squares {chunk} cells wide (radius {radius}) · jitter up to ±{}",
            round_for_display(spread)
        ),
        _ => String::new(),
    }
}

/// A number with at most four significant decimals, trailing zeros gone.
pub fn round_for_display(value: f64) -> String {
    let text = format!("{value:.4}");
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    if trimmed.is_empty() || trimmed == "-" {
        "0".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// What a generated map is, for the text alternative: "made by
/// diamond-square, first square step, seed 7".
pub fn provenance(params: &Params, stage: Stage) -> String {
    format!(
        "made by {}, {}, seed {}",
        params.algorithm.title().to_ascii_lowercase(),
        stage_caption(params.algorithm, stage, params.exponent, params.normalize)
            .to_ascii_lowercase(),
        params.seed
    )
}

/// The text alternative of a demo's canvas: what it shows and, in 3D, how
/// to move it.
pub fn describe(view: View, side: usize, provenance: &str, marked_points: usize) -> String {
    let shown = match view {
        View::Surface => "3D view",
        View::Picture => "Greyscale picture, seen from above,",
        View::Tiles => "3D view of four copies, side by side,",
        View::PictureTiles => "Greyscale picture of four copies, side by side,",
    };
    let marked = match marked_points {
        0 => String::new(),
        1 => " The one point this step set is highlighted.".to_owned(),
        count => format!(" The {count} points this step set are highlighted."),
    };
    let moving = if view.is_3d() {
        " Drag or use the arrow keys to turn it, Shift with arrows to pan, scroll or + and - to zoom, 0 to reset."
    } else {
        ""
    };
    format!("{shown} of a {side} by {side} heightmap {provenance}.{marked}{moving}")
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
        assert_eq!(config.controls, Controls::None);
        assert_eq!(config.view, View::Surface);
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
        for (text, expected) in [
            ("", Controls::Basic),
            ("true", Controls::Basic),
            ("off", Controls::None),
            (" 0 ", Controls::None),
            ("Full", Controls::Full),
        ] {
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
        let what = provenance(&config.params, config.stage);
        let text = describe(View::Surface, 9, &what, 1);
        for part in [
            "9 by 9",
            "diamond-square",
            "first square step",
            "seed 7",
            "one point",
            "arrow keys",
        ] {
            assert!(text.contains(part), "{text} lacks {part}");
        }
        let flat = describe(View::Picture, 9, "imported from hills.png", 0);
        assert!(
            flat.starts_with("Greyscale picture") && !flat.contains("arrow keys"),
            "{flat}"
        );
    }

    #[test]
    fn view_options_and_links_are_read() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "tileable-diamond-square"),
            ("data-view", "tiled"),
            ("data-wireframe", ""),
            ("data-link", "tiling"),
            ("data-creases", "true"),
            ("data-url-state", "false"),
        ]));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.view, View::Tiles);
        assert!(config.wireframe && config.creases && !config.url_state);
        assert_eq!(config.link.as_deref(), Some("tiling"));
        let (_, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-view", "sideways"),
            ("data-wireframe", "maybe"),
            ("data-link", ""),
        ]));
        let named: Vec<&str> = problems.iter().map(|problem| problem.attribute).collect();
        assert_eq!(named, ["data-view", "data-wireframe", "data-link"]);
    }

    #[test]
    fn url_state_round_trips_and_reports_bad_values() {
        let mut config = DemoConfig {
            params: Params {
                exponent: 6,
                seed: 99,
                spread: 0.45,
                ..Params::new(Algorithm::RecursiveMidpointDisplacement)
            },
            stage: Stage::Pass(4),
            palette: Palette::Bands,
            view: View::Picture,
            wireframe: true,
            ..DemoConfig::default()
        };
        let query = config.to_query();
        let mut restored = DemoConfig::default();
        assert!(restored.apply_query(&query).is_empty());
        assert_eq!(
            (
                restored.params,
                restored.stage,
                restored.palette,
                restored.view,
                restored.wireframe
            ),
            (
                config.params,
                config.stage,
                config.palette,
                config.view,
                config.wireframe
            )
        );
        let messages = config.apply_query("?exponent=40&view=sideways&utm_source=blog");
        assert_eq!(
            messages,
            [
                "URL parameter exponent must be a whole number from 1 to 12; got \"40\"",
                "URL parameter view must be one of 3d, 2d, tiled, tiled-2d; got \"sideways\"",
            ]
        );
        let before = config.clone();
        assert!(config.apply_query("").is_empty());
        assert_eq!(config, before, "an empty query changes nothing");
    }

    #[test]
    fn stage_numbers_read_well() {
        let params = Params {
            exponent: 5,
            ..Params::new(Algorithm::DiamondSquare)
        };
        assert_eq!(
            stage_numbers(&Stage::Pass(2).details(&params)),
            "squares 16 cells wide (radius 8) · jitter up to ±0.15"
        );
        assert_eq!(stage_numbers(&Stage::Done.details(&params)), "");
        assert_eq!(round_for_display(0.30000000000000004), "0.3");
        assert_eq!(round_for_display(0.0), "0");
    }
}
