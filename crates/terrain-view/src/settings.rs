//! What a demo shows, read from its element's `data-*` attributes (and, for
//! the playground, from the page's URL).
//!
//! The map's parameters come from the core's registry
//! ([`terrain_core::registry`]); how the map is shown (palette, view,
//! wireframe, which controls...) from [`SETTINGS`], this crate's registry of
//! display settings, described with the same [`Spec`]s so that every surface
//! reads them alike.

use terrain_core::query::{self, QueryState};
use terrain_core::registry::{SEED, fields};

use terrain_core::spec::{Kind, Refusal, Spec, Surface, Surfaces, Value};
use terrain_core::{
    ALGORITHM, Algorithm, DEFAULT_ALGORITHM, Error, Parameter, Params, STAGE, Stage, ValidParams,
    choice_parameter, switch_parameter,
};

use crate::palette::Palette;

mod choices;

pub use choices::{Controls, Overlay, View};

/// How a demo shows its map: everything but the map itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Display {
    /// Which controls to show.
    pub controls: Controls,
    /// How heights are coloured in 3D.
    pub palette: Palette,
    /// 3D or 2D, single or tiled.
    pub view: View,
    /// Whether the 3D surface shows its triangles' edges.
    pub wireframe: bool,
    /// How tall the 3D view draws heights, against the posts' scale (a
    /// height of 1 half as tall as the map is wide): 1 is theirs; lower
    /// flattens busy maps (many-octave noise) into hills. Unless a page
    /// asks, it is the algorithm's own ([`Description::relief`]). The map
    /// and its files keep their heights.
    ///
    /// [`Description::relief`]: terrain_core::Description::relief
    pub relief: f64,
    /// Whether a page, a link or the reader chose the relief (set through
    /// [`SETTINGS`]), rather than leaving it the algorithm's own, which
    /// follows a new algorithm.
    pub relief_chosen: bool,
    /// What the 2D view draws over the map.
    pub overlay: Overlay,
    /// Whether water gathered from rain is drawn on the map: rivers.
    pub water: bool,
    /// Whether to show the map's crease index, or in a tiled view its seam
    /// index (see `terrain_core::seams`).
    pub creases: bool,
    /// Demos with the same link name share a seed: Refresh in one
    /// refreshes them all, for side-by-side comparisons.
    pub link: Option<String>,
    /// Whether the demo mirrors its state in the page's URL (the
    /// playground), so the address can be shared.
    pub url_state: bool,
    /// Whether its Analyze panel starts open (an article's demo whose
    /// plots the text talks about).
    pub analyze: bool,
}

impl Display {
    /// What a demo of `algorithm` shows unless a page asks otherwise.
    pub fn of(algorithm: Algorithm) -> Self {
        Self {
            relief: algorithm.description().relief,
            ..Self::default()
        }
    }

    /// Keeps up with a map now made by `algorithm`: a relief left as the
    /// algorithm's own becomes the new one's; one a page, a link or the
    /// reader chose stays.
    pub fn follow(&mut self, algorithm: Algorithm) {
        if !self.relief_chosen {
            self.relief = algorithm.description().relief;
        }
    }
}

/// The display of a demo of [`DEFAULT_ALGORITHM`].
impl Default for Display {
    fn default() -> Self {
        Self {
            controls: Controls::default(),
            palette: Palette::default(),
            view: View::default(),
            wireframe: false,
            relief: DEFAULT_ALGORITHM.description().relief,
            relief_chosen: false,
            overlay: Overlay::default(),
            water: false,
            creases: false,
            link: None,
            url_state: false,
            analyze: false,
        }
    }
}

/// A display setting, by the name Rust code gives it. `Setting::X as
/// usize` is its entry's place in [`SETTINGS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Setting {
    /// [`Display::controls`].
    Controls,
    /// [`Display::palette`].
    Palette,
    /// [`Display::view`].
    View,
    /// [`Display::wireframe`].
    Wireframe,
    /// [`Display::relief`].
    Relief,
    /// [`Display::overlay`].
    Overlay,
    /// [`Display::water`].
    Water,
    /// [`Display::creases`].
    Creases,
    /// [`Display::link`].
    Link,
    /// [`Display::url_state`].
    UrlState,
    /// [`Display::analyze`].
    Analyze,
}

impl Setting {
    /// Every setting, in the order of [`SETTINGS`].
    pub const ALL: [Setting; 11] = [
        Setting::Controls,
        Setting::Palette,
        Setting::View,
        Setting::Wireframe,
        Setting::Relief,
        Setting::Overlay,
        Setting::Water,
        Setting::Creases,
        Setting::Link,
        Setting::UrlState,
        Setting::Analyze,
    ];

    /// Its entry in the registry.
    pub fn entry(self) -> &'static SettingEntry {
        &SETTINGS[self as usize]
    }
}

/// One display setting, described once, as the core describes a map's
/// parameters.
pub type SettingEntry = Parameter<Display>;

/// Every display setting is read whatever the map.
fn always(_: &Display) -> bool {
    true
}

/// The registry of display settings, in the order forms show them.
pub static SETTINGS: [SettingEntry; 11] = [
    SettingEntry {
        spec: &Spec {
            label: "controls",
            title: "Controls",
            option: "controls",
            attribute: "data-controls",
            help: "the demo's controls: none, parameters and scrubber (compact), or everything (full)",
            // The embed address's words too (`controls=compact`), so a
            // setting copied from an iframe's address means the same.
            kind: Kind::SwitchOr(&Controls::NAMES),
            step: 1.0,
            surfaces: Surfaces::ATTRIBUTE,
        },
        applies: always,
        get: |display| Value::Choice(display.controls as usize),
        set: |display, value| {
            display.controls = match value {
                Value::Switch(false) => Controls::None,
                Value::Switch(true) => Controls::Compact,
                other => Controls::ALL
                    .get(other.choice())
                    .copied()
                    .unwrap_or_default(),
            }
        },
    },
    choice_parameter!(
        &Spec {
            label: "palette",
            title: "Colours",
            option: "palette",
            attribute: "data-palette",
            help: "how heights are coloured",
            kind: Kind::Choice(&Palette::NAMES),
            step: 1.0,
            surfaces: Surfaces::DISPLAY,
        },
        always,
        Palette::ALL,
        palette
    ),
    choice_parameter!(
        &Spec {
            label: "view",
            title: "View",
            option: "view",
            attribute: "data-view",
            help: "3D or from above, one map or 2 × 2 tiles",
            kind: Kind::Choice(&View::NAMES),
            step: 1.0,
            surfaces: Surfaces::DISPLAY,
        },
        always,
        View::ALL,
        view
    ),
    switch_parameter!(
        &Spec {
            label: "wireframe",
            title: "Wireframe",
            option: "wireframe",
            attribute: "data-wireframe",
            help: "outline the surface's triangles",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::DISPLAY,
        },
        always,
        wireframe
    ),
    SettingEntry {
        spec: &Spec {
            label: "relief",
            title: "Relief",
            option: "relief",
            attribute: "data-relief",
            help: "0.1 to 2: how tall the 3D view draws heights (1: as in the posts, 0.5 for the noises)",
            kind: Kind::Number { min: 0.1, max: 2.0 },
            step: 0.05,
            surfaces: Surfaces::DISPLAY,
        },
        applies: always,
        get: |display| Value::Number(display.relief),
        // Set, it is chosen: it no longer follows the algorithm.
        set: |display, value| {
            if let Value::Number(relief) = value {
                display.relief = *relief;
                display.relief_chosen = true;
            }
        },
    },
    choice_parameter!(
        &Spec {
            label: "overlay",
            title: "Drawn over the 2D view",
            option: "overlay",
            attribute: "data-overlay",
            help: "a noise's lattice or gradients, or the downhill slope, on the 2D view",
            kind: Kind::Choice(&Overlay::NAMES),
            step: 1.0,
            surfaces: Surfaces::DISPLAY,
        },
        always,
        Overlay::ALL,
        overlay
    ),
    switch_parameter!(
        &Spec {
            label: "water",
            title: "Rivers",
            option: "water",
            attribute: "data-water",
            help: "draw the rivers rain makes as it runs downhill, and the lakes where it pools",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::DISPLAY,
        },
        always,
        water
    ),
    switch_parameter!(
        &Spec {
            label: "creases",
            title: "Crease or seam index",
            option: "creases",
            attribute: "data-creases",
            help: "show how much the surface bends across the first chunks' borders, or in a tiled \
                   view across the lines where copies meet",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::ATTRIBUTE,
        },
        always,
        creases
    ),
    SettingEntry {
        spec: &Spec {
            label: "link",
            title: "Link",
            option: "link",
            attribute: "data-link",
            help: "demos with the same link name share their seed",
            kind: Kind::Name { max_chars: 40 },
            step: 1.0,
            surfaces: Surfaces::ATTRIBUTE,
        },
        applies: always,
        get: |display| Value::Name(display.link.clone().unwrap_or_default()),
        set: |display, value| {
            if let Value::Name(name) = value {
                display.link = Some(name.clone());
            }
        },
    },
    switch_parameter!(
        &Spec {
            label: "URL state",
            title: "Mirror in the URL",
            option: "urlState",
            attribute: "data-url-state",
            help: "keep the page's address in step with the demo, to share it",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::ATTRIBUTE,
        },
        always,
        url_state
    ),
    switch_parameter!(
        &Spec {
            label: "analyze",
            title: "Analysis open",
            option: "analyze",
            attribute: "data-analyze",
            help: "open the demo's Analyze panel from the start: its histogram, hypsometric curve, \
                   spectrum and slopes",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::ATTRIBUTE,
        },
        always,
        analyze
    ),
];

/// Everything a demo needs to know to draw its first terrain.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoConfig {
    /// The map's parameters, every value checked.
    pub params: ValidParams,
    /// How far to run.
    pub stage: Stage,
    /// How the map is shown.
    pub display: Display,
    /// Whether the page chose the seed (otherwise the demo picks one).
    pub seed_given: bool,
}

impl Default for DemoConfig {
    fn default() -> Self {
        Self {
            params: ValidParams::default(),
            stage: Stage::Done,
            display: Display::default(),
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

impl DemoConfig {
    /// Reads a demo's attributes through `read` (which returns an
    /// attribute's value, if present). Every value goes through the
    /// registries' one reader; a bad one is reported and its default kept.
    pub fn from_attributes(read: impl Fn(&str) -> Option<String>) -> (Self, Vec<AttributeProblem>) {
        Self::from_attributes_on(Surface::Attribute, read)
    }

    /// [`DemoConfig::from_attributes`], with the attributes as `surface`
    /// spells them: `data-*` ([`Surface::Attribute`]) or those of a
    /// `<terrain-demo>` element ([`Surface::Element`]).
    pub fn from_attributes_on(
        surface: Surface,
        read: impl Fn(&str) -> Option<String>,
    ) -> (Self, Vec<AttributeProblem>) {
        let mut seed_given = false;
        let reading = Params::read(|spec| {
            let text = read(spec.attribute_on(surface)).filter(|_| spec.surfaces.attribute);
            seed_given |= spec.option == "seed" && text.is_some();
            Ok(text.map(|text| bare_switch(spec, text)))
        });
        let mut problems: Vec<AttributeProblem> = (reading.said_on(surface))
            .map(|(spec, message)| AttributeProblem {
                attribute: spec.unwrap_or(&ALGORITHM).attribute_on(surface),
                message,
            })
            .collect();
        // A seed that was refused is not a seed given.
        seed_given &= !problems
            .iter()
            .any(|problem| problem.attribute == SEED.attribute_on(surface));
        let mut display = Display::of(reading.params.algorithm);
        for entry in SETTINGS
            .iter()
            .filter(|entry| entry.spec.surfaces.attribute)
        {
            if let Some(text) = read(entry.spec.attribute_on(surface)) {
                match entry.spec.parse_on(surface, &text) {
                    Ok(value) => (entry.set)(&mut display, &value),
                    Err(refusal) => problems.push(AttributeProblem {
                        attribute: entry.spec.attribute_on(surface),
                        message: entry.spec.refuse_on(surface, &refusal),
                    }),
                }
            }
        }
        let config = DemoConfig {
            params: reading.params,
            stage: reading.stage,
            display,
            seed_given,
        };
        (config, problems)
    }

    /// Replaces the parameters, stage and display settings with those in a
    /// URL query with any of the demo's keys (the whole state, as a share
    /// link: what it leaves out or refuses is the default, seed 0 too);
    /// returns a message for each value it could not use, in order.
    pub fn apply_query(&mut self, query: &str) -> Vec<String> {
        query::in_address_order(self.apply_placed_query(query, &[]))
    }

    /// [`DemoConfig::apply_query`]'s messages, each with the place in the
    /// query of the key it is about, for a caller with more to say, whose
    /// page reads the keys of `more` too.
    pub fn apply_placed_query(
        &mut self,
        query: &str,
        more: &[&'static Spec],
    ) -> Vec<(usize, String)> {
        let pairs = query::parse_pairs(query);
        // The keys these settings read: a key they do not (talus without
        // erosion) is not said to count, however often it is given.
        let read_by = |params: &Params| -> Vec<&'static Spec> {
            fields()
                .filter(|field| (field.parameter().applies)(params))
                .map(|field| field.spec())
                .chain([&STAGE])
                .chain(SETTINGS.iter().map(|entry| entry.spec))
                .filter(|spec| spec.surfaces.url)
                .chain(more.iter().copied())
                .collect()
        };
        let state: QueryState = query::from_query(query);
        let a_setting = |(key, _): &(String, String)| {
            SETTINGS
                .iter()
                .any(|entry| entry.spec.surfaces.url && entry.spec.option == key)
        };
        if state.other.len() == pairs.len() && !state.other.iter().any(a_setting) {
            // Only someone else's keys (`?fbclid=…`), or slips for ours:
            // no share link, so the page's own settings stay.
            return query::placed_key_problems(&pairs, read_by(&self.params));
        }
        let read_here = read_by(&state.params);
        let place_of = |spec: &Spec| query::place_of(&pairs, spec.option);
        let mut messages: Vec<(usize, String)> = (state.said())
            .map(|(spec, message)| (spec.map_or(pairs.len(), place_of), message))
            .chain(query::placed_key_problems(&pairs, read_here))
            .collect();
        // What a link leaves out is the default: the algorithm's own relief
        // unless the link names one.
        self.display.relief_chosen = false;
        self.display.follow(state.params.algorithm);
        self.params = state.params;
        self.stage = state.stage;
        self.seed_given = true;
        for entry in SETTINGS.iter().filter(|entry| entry.spec.surfaces.url) {
            // Keys of someone else's (an analytics tag, say) are not ours.
            let Some((_, text)) = state
                .other
                .iter()
                .rev()
                .find(|(key, _)| key == entry.spec.option)
            else {
                continue;
            };
            match entry.spec.parse_on(Surface::Url, text) {
                Ok(value) => (entry.set)(&mut self.display, &value),
                Err(refusal) => messages.push((
                    place_of(entry.spec),
                    entry.spec.refuse_on(Surface::Url, &refusal),
                )),
            }
        }
        messages
    }

    /// The URL query that [`DemoConfig::apply_query`] reads back as this
    /// demo's state.
    pub fn to_query(&self) -> String {
        let mut query = query::to_query(&self.params, self.stage);
        let relief = Setting::Relief.entry();
        // A relief left as the algorithm's own is left out, so that it
        // still follows the algorithm when the link is opened.
        let written = |entry: &&SettingEntry| {
            entry.spec.surfaces.url && (self.display.relief_chosen || entry.spec != relief.spec)
        };
        for entry in SETTINGS.iter().filter(written) {
            let text = entry.spec.show(&(entry.get)(&self.display));
            query.push_str(&format!("&{}={}", entry.spec.option, query::encode(&text)));
        }
        query
    }
}

/// `text` as the attribute surface and embed.html's address read it: a bare
/// switch is on.
pub(crate) fn bare_switch(spec: &Spec, text: String) -> String {
    if spec.bare_means_on() && text.trim().is_empty() {
        "true".to_owned()
    } else {
        text
    }
}

/// The sentence for a refusal of a display setting's value, as a control
/// says it.
pub fn refuse_in_control(spec: &Spec, refusal: &Refusal) -> String {
    spec.refuse_on(Surface::Control, refusal)
}

/// The message an error from the core gives on a control.
pub fn control_message(error: &Error) -> String {
    error.describe_on(Surface::Control)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use terrain_core::Algorithm;

    fn read_from(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|&(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        move |name| map.get(name).cloned()
    }

    #[test]
    fn entries_sit_at_their_settings_place() {
        assert_eq!(Setting::ALL.len(), SETTINGS.len());
        for (index, setting) in Setting::ALL.into_iter().enumerate() {
            assert_eq!(setting as usize, index, "{setting:?}");
            let spelled = |name: &str| name.replace(' ', "").to_lowercase();
            assert_eq!(
                spelled(&format!("{setting:?}")),
                spelled(setting.entry().spec.label)
            );
        }
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
        assert_eq!(config.params.algorithm, Algorithm::DIAMOND_SQUARE);
        assert_eq!(config.stage, Stage::Square);
        assert_eq!(config.params.map.exponent, 3);
        assert_eq!(config.params.map.seed, 7);
        assert!(config.seed_given);
        assert_eq!(config.display.controls, Controls::None);
        assert_eq!(config.display.view, View::Surface);
    }

    #[test]
    fn algorithm_defaults_follow_the_posts() {
        let (config, _) = DemoConfig::from_attributes(read_from(&[(
            "data-terrain-demo",
            "recursive-midpoint-displacement",
        )]));
        assert_eq!(config.params.subdivision.spread_reduction, 0.55);
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
        assert_eq!(config.params, ValidParams::new(Algorithm::DIAMOND_SQUARE));
        assert_eq!(config.stage, Stage::Done);
        assert!(!config.seed_given, "a refused seed is not a seed given");
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
            "data-exponent must be a whole number from 1 to 12; got 40"
        );
        assert!(
            problems[5].message.contains("for diamond-square"),
            "{}",
            problems[5].message
        );
        assert_eq!(
            problems[6].message,
            "data-controls must be true, false, none, compact or full (empty means true); got \"sometimes\""
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
    fn switches_read_presence_as_on() {
        for (text, expected) in [
            ("", Controls::Compact),
            ("true", Controls::Compact),
            ("off", Controls::None),
            (" 0 ", Controls::None),
            ("Full", Controls::Full),
            (" compact", Controls::Compact),
            ("NONE", Controls::None),
        ] {
            let (config, problems) =
                DemoConfig::from_attributes(read_from(&[("data-controls", text)]));
            assert!(problems.is_empty());
            assert_eq!(config.display.controls, expected, "{text:?}");
        }
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "midpoint-displacement"),
            ("data-normalize", ""),
        ]));
        assert!(problems.is_empty() && config.params.map.normalize);
    }

    #[test]
    fn view_options_and_links_are_read() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "tileable-diamond-square"),
            ("data-view", "tiled"),
            ("data-wireframe", ""),
            ("data-link", " tiling "),
            ("data-creases", "true"),
            ("data-url-state", "false"),
        ]));
        assert!(problems.is_empty(), "{problems:?}");
        let display = &config.display;
        assert_eq!(display.view, View::Tiles);
        assert!(display.wireframe && display.creases && !display.url_state);
        assert_eq!(display.link.as_deref(), Some("tiling"));
        let (_, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-view", "sideways"),
            ("data-wireframe", "maybe"),
            ("data-link", ""),
        ]));
        let named: Vec<&str> = problems.iter().map(|problem| problem.attribute).collect();
        assert_eq!(named, ["data-view", "data-wireframe", "data-link"]);
        assert_eq!(
            problems[2].message,
            "data-link is empty; enter a name of 1 to 40 characters"
        );
    }

    #[test]
    fn url_state_round_trips_and_reports_bad_values() {
        let mut config = DemoConfig {
            params: {
                let mut params = Params::new(Algorithm::RECURSIVE_MIDPOINT_DISPLACEMENT);
                params.map = terrain_core::MapSettings::new(6, 99);
                params.subdivision.spread = 0.45;
                params.check().expect("valid")
            },
            stage: Stage::Pass(4),
            display: Display {
                palette: Palette::Bands,
                view: View::Picture,
                wireframe: true,
                ..Display::default()
            },
            ..DemoConfig::default()
        };
        let query = config.to_query();
        assert!(
            query.ends_with("&palette=bands&view=2d&wireframe=true&overlay=none&water=false"),
            "a relief left as the algorithm's own is left out: {query}"
        );
        let mut restored = DemoConfig::default();
        assert!(restored.apply_query(&query).is_empty());
        assert_eq!(
            (restored.params, restored.stage, &restored.display),
            (config.params, config.stage, &config.display)
        );
        let messages = config.apply_query("?exponent=40&view=sideways&utm_source=blog&wireframe");
        assert_eq!(
            messages,
            [
                "URL parameter exponent must be a whole number from 1 to 12; got 40",
                "URL parameter view must be one of 3d, 2d, tiled, tiled-2d, difference; got \"sideways\"",
            ]
        );
        assert!(config.display.wireframe, "a bare switch is on");
        let before = config.clone();
        assert!(config.apply_query("").is_empty());
        assert_eq!(config, before, "an empty query changes nothing");
        let before = config.clone();
        assert_eq!(
            config.apply_query("?fbclid=x&utm_source=y&Seed=3"),
            ["URL parameter seed was given as \"Seed\", which is not read: write seed=3"]
        );
        assert_eq!(config, before, "no key of ours: the settings stay");
        assert_eq!(
            config.apply_query("?algorithm=perlin-noise&talus=1&talus=2&octaves=2&octaves=3"),
            [
                "URL parameter talus is read only with erosion=thermal",
                "URL parameter octaves is given 2 times, as \"2\", \"3\"; the last counts"
            ],
            "talus is not read without erosion, so neither value counts"
        );
        // What the map does not read is said so, its bad value included,
        // rather than refused as if it counted.
        assert_eq!(
            config.apply_query("?algorithm=diamond-square&octaves=junk&frequency=8&exponent=4"),
            [
                "URL parameter octaves is not read: Diamond-square has no octaves",
                "URL parameter frequency is not read: Diamond-square has no frequency"
            ]
        );
    }

    #[test]
    fn a_number_setting_out_of_its_range_is_refused_by_name() {
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "perlin-noise"),
            ("data-relief", "40"),
        ]));
        assert_eq!(config.display.relief, 0.5, "the noise's own stays");
        assert_eq!(
            problems[0].message,
            "data-relief must be a number from 0.1 to 2; got 40"
        );
        let (config, problems) = DemoConfig::from_attributes(read_from(&[
            ("data-terrain-demo", "perlin-noise"),
            ("data-relief", "1"),
        ]));
        assert!(problems.is_empty());
        assert_eq!(config.display.relief, 1.0);
    }

    #[test]
    fn relief_is_the_algorithms_own_unless_given() {
        let relief_of = |pairs: &[(&str, &str)]| DemoConfig::from_attributes(read_from(pairs)).0;
        let noise = relief_of(&[("data-terrain-demo", "simplex-noise")]);
        assert_eq!(noise.display.relief, 0.5);
        let posts = relief_of(&[("data-terrain-demo", "midpoint-displacement")]);
        assert_eq!(posts.display.relief, 1.0);
        assert_eq!(Display::default().relief, 1.0, "diamond-square's");

        // A share link without relief draws its map at its algorithm's own;
        // one with it, at that.
        let mut config = posts.clone();
        assert!(
            config
                .apply_query("algorithm=value-noise&seed=3")
                .is_empty()
        );
        assert_eq!(config.display.relief, 0.5);
        assert!(
            config
                .apply_query("algorithm=diamond-square&seed=3")
                .is_empty()
        );
        assert_eq!(config.display.relief, 1.0);
        assert!(
            config
                .apply_query("algorithm=perlin-noise&relief=1.5")
                .is_empty()
        );
        assert_eq!(config.display.relief, 1.5);
        config.display.follow(Algorithm::DIAMOND_SQUARE);
        assert_eq!(config.display.relief, 1.5, "a chosen relief stays");
        // A link is the whole state: one without relief, the algorithm's own.
        assert!(config.apply_query("algorithm=perlin-noise").is_empty());
        assert_eq!(config.display.relief, 0.5);
        // Chosen, even as the algorithm's own, it is written and stays so.
        assert!(
            config
                .apply_query("algorithm=perlin-noise&relief=0.5")
                .is_empty()
        );
        assert!(config.to_query().contains("&relief=0.5&"));
        config.display.follow(Algorithm::DIAMOND_SQUARE);
        assert_eq!(config.display.relief, 0.5);
        // What a link writes, it reads back.
        let mut linked = noise.clone();
        assert!(linked.apply_query(&noise.to_query()).is_empty());
        assert_eq!(
            linked,
            DemoConfig {
                seed_given: true,
                ..noise
            }
        );
    }
}
