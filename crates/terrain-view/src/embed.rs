//! Embedding a demo elsewhere: the two snippets a demo's Embed panel hands
//! out for exactly what it shows, and how the iframe page, `embed.html`,
//! reads its address.
//!
//! Both snippets point at the site's folder, which is where the demo's
//! share links lead: the playground, `embed.html` and `terrain.js` sit side
//! by side there.

use terrain_core::query;
use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec, Surface, Surfaces, Value};
use terrain_core::{ALGORITHM, Params, STAGE};

use crate::compare::COMPARE_KEY;
use crate::element::attribute;
use crate::settings::{Controls, DemoConfig, Display, SETTINGS, Setting, bare_switch};

/// The snippets that embed exactly what a demo shows.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snippets {
    /// An `<iframe>` of `embed.html`, for hosts that take no scripts.
    pub iframe: String,
    /// The script and a `<terrain-demo>` element, for hosts that do.
    pub element: String,
}

/// The words of the embed panel's copy status, by whether it worked.
pub fn copy_status(worked: bool) -> &'static str {
    if worked {
        "Copied."
    } else {
        "Could not copy: select the snippet and copy it yourself."
    }
}

/// `embed.html`'s `controls` key: which controls the framed demo has.
pub static EMBED_CONTROLS: Spec = Spec {
    label: "controls",
    title: "Controls",
    option: "controls",
    attribute: "data-controls",
    help: "none, the numbers and scrubber (compact), or everything (full)",
    // The element's words too (`true`, a bare `controls`), so a setting
    // copied from a `<terrain-demo>` means the same in a frame.
    kind: Kind::SwitchOr(&Controls::NAMES),
    step: 1.0,
    surfaces: Surfaces {
        attribute: false,
        url: true,
        generate: false,
        erode: false,
        control: false,
    },
};

/// The settings of a page's demos beyond a share link's that a frame reads
/// too, so both snippets carry them: a demo made to show its crease index
/// or its plots shows them embedded.
const FRAMED_TOO: [Setting; 2] = [Setting::Creases, Setting::Analyze];

/// How a display setting is written ([`crate::settings::SettingEntry`]'s
/// `set`).
type SetDisplay = fn(&mut Display, &Value);

/// The height, in CSS pixels, an iframe snippet asks for: the view and its
/// bar, and the controls it has.
fn frame_height(controls: Controls) -> u32 {
    match controls {
        Controls::None => 480,
        Controls::Compact => 760,
        Controls::Full => 1180,
    }
}

/// The folder of `playground` (an address ending in `/playground.html`),
/// with its closing slash: where the site's files are.
fn site_folder(playground: &str) -> &str {
    playground
        .rfind('/')
        .map_or("", |slash| &playground[..=slash])
}

/// `text` in an HTML attribute value between double quotes.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The settings both snippets give for `config`, each with its text: the
/// algorithm and the seed always, then every other setting that applies
/// and differs from what the demo would read without it, and last the
/// controls if it has any, named as the embed address names them
/// (`compact`), so the two snippets read alike.
fn settings_shown(config: &DemoConfig) -> Vec<(&'static Spec, String)> {
    let params = &config.params;
    let defaults = Params::new(params.algorithm);
    let mut settings = Vec::new();
    for field in fields() {
        let spec = field.spec();
        let text = params.text(field);
        let always = spec == &ALGORITHM || spec.option == "seed";
        let applies = (field.parameter().applies)(params);
        if always || (applies && text != defaults.text(field)) {
            settings.push((spec, text));
        }
    }
    if params.stages().last() != Some(&config.stage) {
        settings.push((&STAGE, config.stage.to_string()));
    }
    let default = Display::of(params.algorithm);
    let framed_too = FRAMED_TOO.iter().map(|setting| setting.entry());
    let relief = Setting::Relief.entry().spec;
    for entry in (SETTINGS.iter().filter(|entry| entry.spec.surfaces.url)).chain(framed_too) {
        let text = entry.spec.show(&(entry.get)(&config.display));
        // A relief chosen is kept chosen, even where it is the algorithm's own.
        let chosen = entry.spec == relief && config.display.relief_chosen;
        if chosen || text != entry.spec.show(&(entry.get)(&default)) {
            settings.push((entry.spec, text));
        }
    }
    if config.display.controls != Controls::None {
        let level = config.display.controls.name();
        settings.push((&EMBED_CONTROLS, level.to_owned()));
    }
    settings
}

/// The element's attributes for `config`: the settings both snippets give
/// (the algorithm and the seed, then what differs from the defaults, then
/// the controls).
pub fn element_attributes(config: &DemoConfig) -> Vec<(&'static str, String)> {
    settings_shown(config)
        .into_iter()
        .map(|(spec, text)| (spec.element_attribute(), text))
        .collect()
}

/// `embed.html`'s query for `config`: [`settings_shown`] under their
/// JavaScript names (a share link's keys, with what goes without saying
/// left out).
fn embed_query(config: &DemoConfig) -> String {
    query_of(settings_shown(config))
}

/// A share link's query for `config`: [`settings_shown`] that a share
/// link reads (not a frame's controls), under their JavaScript names.
fn playground_query(config: &DemoConfig) -> String {
    query_of(
        settings_shown(config)
            .into_iter()
            .filter(|(spec, _)| spec.surfaces.url && **spec != EMBED_CONTROLS),
    )
}

/// `settings` as an address's query: each under its JavaScript name.
fn query_of(settings: impl IntoIterator<Item = (&'static Spec, String)>) -> String {
    let pairs: Vec<String> = settings
        .into_iter()
        .map(|(spec, text)| format!("{}={}", spec.option, query::encode(&text)))
        .collect();
    pairs.join("&")
}

/// What a frame of `config` is called: the iframe snippet's `title` and
/// `embed.html`'s own, so a reader moving between frames hears which map
/// each holds.
pub fn frame_title(config: &DemoConfig) -> String {
    format!("A 3D terrain: {}", config.params.algorithm.title())
}

/// The snippets for `config`, whose share links lead to `playground`.
pub fn snippets(config: &DemoConfig, playground: &str) -> Snippets {
    let site = site_folder(playground);
    let source = format!("{site}embed.html?{}", embed_query(config));
    let iframe = format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"640\" height=\"{}\" loading=\"lazy\" \
         sandbox=\"allow-scripts allow-popups allow-popups-to-escape-sandbox\"></iframe>",
        escaped(&source),
        escaped(&frame_title(config)),
        frame_height(config.display.controls),
    );
    let attributes: String = element_attributes(config)
        .into_iter()
        .map(|(name, value)| format!(" {name}=\"{}\"", escaped(&value)))
        .collect();
    // What shows where the script does not run (a feed reader, an email
    // of the post, a host that strips `type="module"`): a link to the
    // same map in the playground. The demo replaces it.
    let fallback = format!(
        "<a href=\"{}\">{} (open it in the playground)</a>",
        escaped(&format!("{playground}?{}", playground_query(config))),
        escaped(&frame_title(config)),
    );
    let element = format!(
        "<script type=\"module\" src=\"{}terrain.js\"></script>\n<terrain-demo{attributes}>{fallback}</terrain-demo>",
        escaped(site)
    );
    Snippets { iframe, element }
}

/// What `embed.html` shows for its address's `query`: the share link's
/// settings, and the `controls` key ([`EMBED_CONTROLS`]); the messages are
/// for values it could not use (their defaults stay). It never mirrors its
/// state in the address or links its seed with other demos: an iframe's
/// page has neither to share.
pub fn read_embed_query(query: &str) -> (DemoConfig, Vec<String>) {
    let mut config = DemoConfig::default();
    // What a frame reads beyond a share link's keys, each read alike: its
    // controls, in the embed's spelling, and the settings of FRAMED_TOO.
    let controls = (&EMBED_CONTROLS, Setting::Controls.entry().set);
    let framed_too = FRAMED_TOO.map(|setting| (setting.entry().spec, setting.entry().set));
    let read_too: Vec<(&'static Spec, SetDisplay)> =
        [controls].into_iter().chain(framed_too).collect();
    let specs: Vec<&'static Spec> = read_too.iter().map(|&(spec, _)| spec).collect();
    let mut messages = config.apply_placed_query(query, &specs);
    let pairs: Vec<(String, String)> = query::parse_pairs(query);
    for (spec, set) in read_too {
        let Some(text) = attribute(&pairs, spec.option) else {
            continue;
        };
        match spec.parse_on(Surface::Url, &bare_switch(spec, text)) {
            Ok(value) => set(&mut config.display, &value),
            Err(refusal) => messages.push((
                query::place_of(&pairs, spec.option),
                spec.refuse_on(Surface::Url, &refusal),
            )),
        }
    }
    // A frame shows one map; a comparison is the playground's.
    if let Some(place) = pairs
        .iter()
        .rposition(|(key, _)| query::names(key, COMPARE_KEY))
    {
        messages.push((
            place,
            format!(
                "URL parameter {} is not read: a frame shows one map; compare maps \
                 in the playground (playground.html?{COMPARE_KEY}=…)",
                pairs[place].0
            ),
        ));
    }
    config.display.url_state = false;
    config.display.link = None;
    // As a share link's: without a seed, seed 0, so every reader of a
    // frame sees the same map.
    config.seed_given = true;
    (config, query::in_address_order(messages))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::element::read_attributes;
    use crate::palette::Palette;
    use crate::settings::{Overlay, View};
    use terrain_core::{Algorithm, Stage};

    const PLAYGROUND: &str = "https://example.org/terrain/playground.html";

    /// The name="value" pairs of one tag, as a browser reads them.
    fn attributes_of(tag: &str) -> Vec<(String, String)> {
        tag.split('"')
            .collect::<Vec<_>>()
            .chunks(2)
            .filter_map(|pair| match pair {
                [name, value] => Some((
                    name.trim()
                        .trim_start_matches("<terrain-demo")
                        .trim()
                        .trim_end_matches('=')
                        .to_owned(),
                    value
                        .replace("&quot;", "\"")
                        .replace("&lt;", "<")
                        .replace("&gt;", ">")
                        .replace("&amp;", "&"),
                )),
                _ => None,
            })
            .collect()
    }

    fn configs() -> Vec<DemoConfig> {
        let mut perlin = Params::new(Algorithm::PERLIN_NOISE);
        perlin.noise.octaves = 3;
        perlin.map.seed = u64::MAX;
        let mut eroded = Params::new(Algorithm::TILEABLE_DIAMOND_SQUARE);
        eroded.map.seed = 42;
        eroded.erosion.method = terrain_core::erosion::Method::Droplets;
        vec![
            DemoConfig {
                params: Params::new(Algorithm::DIAMOND_SQUARE)
                    .check()
                    .expect("valid"),
                stage: Stage::Square,
                ..DemoConfig::default()
            },
            DemoConfig {
                params: perlin.check().expect("valid"),
                stage: Stage::Octave(2),
                display: Display {
                    palette: Palette::Bands,
                    view: View::Picture,
                    controls: Controls::Full,
                    link: Some("a \"quoted\" <name> & more".into()),
                    // The posts' relief, chosen on a noise.
                    relief: 1.0,
                    relief_chosen: true,
                    ..Display::default()
                },
                seed_given: true,
            },
            DemoConfig {
                params: Params::new(Algorithm::VALUE_NOISE).check().expect("valid"),
                display: Display {
                    wireframe: true,
                    relief: 0.5,
                    overlay: Overlay::Flow,
                    water: true,
                    // A chapter's demo that shows its creases and plots.
                    creases: true,
                    analyze: true,
                    ..Display::default()
                },
                ..DemoConfig::default()
            },
            DemoConfig {
                params: eroded.check().expect("valid"),
                stage: Stage::Done,
                display: Display {
                    controls: Controls::Compact,
                    ..Display::default()
                },
                seed_given: true,
            },
        ]
    }

    #[test]
    fn the_element_snippet_reads_back_as_the_same_demo() {
        for config in configs() {
            let snippets = snippets(&config, PLAYGROUND);
            let (script, element) = snippets.element.split_once('\n').expect("two lines");
            assert_eq!(
                script,
                "<script type=\"module\" src=\"https://example.org/terrain/terrain.js\"></script>"
            );
            assert!(
                element.starts_with("<terrain-demo algorithm=\""),
                "{element}"
            );
            let (tag, fallback) = element.split_once("><a href=\"").expect("a fallback link");
            let (href, words) = fallback.split_once("\">").expect("a link");
            assert_eq!(
                words,
                format!(
                    "{} (open it in the playground)</a></terrain-demo>",
                    frame_title(&config)
                )
            );
            let query = href.replace("&amp;", "&");
            let query = query.strip_prefix(PLAYGROUND).expect("to the playground");
            let mut linked = DemoConfig::default();
            let problems = linked.apply_query(query.trim_start_matches('?'));
            assert!(problems.is_empty(), "{problems:?} in {query}");
            assert_eq!(linked.params, config.params, "the same map: {query}");
            assert_eq!(linked.stage, config.stage);
            let shown = |display: &Display| {
                (
                    display.palette,
                    display.view,
                    display.wireframe,
                    display.relief,
                    display.overlay,
                    display.water,
                )
            };
            assert_eq!(shown(&linked.display), shown(&config.display), "{query}");
            let pairs = attributes_of(tag);
            let (read, problems) = read_attributes(|name| attribute(&pairs, name), None);
            assert!(problems.is_empty(), "{problems:?} in {element}");
            let expected = DemoConfig {
                seed_given: true,
                display: Display {
                    link: None,
                    ..config.display.clone()
                },
                ..config.clone()
            };
            assert_eq!(
                DemoConfig {
                    display: Display {
                        link: None,
                        ..read.display
                    },
                    ..read
                },
                expected,
                "{element}"
            );
        }
    }

    #[test]
    fn a_snippet_names_the_relief_only_when_it_is_not_the_algorithms_own() {
        let perlin = |relief: f64| DemoConfig {
            params: Params::new(Algorithm::PERLIN_NOISE).check().expect("valid"),
            display: Display {
                relief,
                ..Display::default()
            },
            ..DemoConfig::default()
        };
        let relief_given = |config: &DemoConfig| {
            element_attributes(config)
                .into_iter()
                .find(|(name, _)| *name == "relief")
                .map(|(_, text)| text)
        };
        assert_eq!(relief_given(&perlin(0.5)), None, "the noise's own");
        assert_eq!(relief_given(&perlin(1.0)), Some("1".to_owned()));
        assert_eq!(relief_given(&DemoConfig::default()), None);
    }

    #[test]
    fn the_iframe_snippet_reads_back_as_the_demo_on_the_embed_page() {
        for config in configs() {
            let iframe = snippets(&config, PLAYGROUND).iframe;
            let source = iframe
                .split('"')
                .nth(1)
                .expect("a src")
                .replace("&amp;", "&");
            let query = source
                .strip_prefix("https://example.org/terrain/embed.html?")
                .expect("the embed page beside the playground");
            let (read, messages) = read_embed_query(query);
            assert!(messages.is_empty(), "{messages:?}");
            assert_eq!(
                (read.params, read.stage, read.display.controls),
                (config.params, config.stage, config.display.controls)
            );
            for entry in SETTINGS.iter().filter(|entry| entry.spec.surfaces.url) {
                let shown = |display: &Display| entry.spec.show(&(entry.get)(display));
                assert_eq!(shown(&read.display), shown(&config.display), "{query}");
            }
            assert!(iframe.contains("sandbox=\"allow-scripts "), "{iframe}");
            assert!(!iframe.contains("style="), "no inline style: {iframe}");
        }
    }

    #[test]
    fn both_snippets_name_the_controls_with_the_same_word() {
        for config in configs() {
            let Snippets { iframe, element } = snippets(&config, PLAYGROUND);
            let word = config.display.controls.name();
            if config.display.controls == Controls::None {
                assert!(!element.contains(" controls"), "{element}");
                assert!(!iframe.contains("controls="), "{iframe}");
            } else {
                assert!(iframe.contains(&format!("controls={word}\"")), "{iframe}");
                assert!(
                    element.contains(&format!(" controls=\"{word}\"")),
                    "{element}"
                );
            }
        }
    }

    #[test]
    fn the_embed_page_refuses_bad_values_by_name_and_keeps_nothing_of_the_page() {
        let (config, messages) = read_embed_query(
            "algorithm=plasma&exponent=4&controls=sideways&urlState=true&link=x&utm_source=blog",
        );
        assert_eq!(
            messages,
            [
                "URL parameter algorithm must be one of random-noise, midpoint-displacement, \
                 recursive-midpoint-displacement, diamond-square, tileable-diamond-square, \
                 value-noise, perlin-noise, simplex-noise, cellular-noise; got \"plasma\"",
                "URL parameter controls must be true, false, none, compact or full (empty means true); \
                 got \"sideways\""
            ]
        );
        assert_eq!(config.params.map.exponent, 4);
        assert_eq!(config.display.controls, Controls::None);
        assert!(!config.display.url_state && config.display.link.is_none());
        let (_, messages) =
            read_embed_query("controls=sideways&exponent=40&Seed=3&seed=1&seed=2&palette=x");
        assert_eq!(
            messages,
            [
                "URL parameter controls must be true, false, none, compact or full (empty means true); \
                 got \"sideways\"",
                "URL parameter exponent must be a whole number from 1 to 12; got 40",
                "URL parameter seed was given as \"Seed\", which is not read: write seed=3",
                "URL parameter seed is given 2 times, as \"1\", \"2\"; the last counts",
                "URL parameter palette must be one of terrain, bands, green, greyscale, slope, curvature, \
                 flow; got \"x\"",
            ],
            "in the address's order"
        );
        let (config, messages) = read_embed_query("controls=compact");
        assert!(messages.is_empty());
        assert_eq!(config.display.controls, Controls::Compact);
        let (_, messages) = read_embed_query("compare=perlin-noise,value-noise&1.octaves=3&seed=2");
        assert_eq!(
            messages,
            [
                "URL parameter compare is not read: a frame shows one map; compare maps in the \
                 playground (playground.html?compare=…)",
                "URL parameter 1.octaves is not read: a numbered key is one map's of a comparison; \
                 write octaves=3",
            ]
        );
        // The element's words mean the same in a frame's address.
        for (query, controls) in [
            ("controls", Controls::Compact),
            ("controls=", Controls::Compact),
            ("controls=true", Controls::Compact),
            ("controls=false", Controls::None),
            ("controls=full", Controls::Full),
        ] {
            let (config, messages) = read_embed_query(query);
            assert!(messages.is_empty(), "{query}: {messages:?}");
            assert_eq!(config.display.controls, controls, "{query}");
        }
        // The frame's own key is checked with the map's, each problem once.
        let (_, messages) =
            read_embed_query("contrls=full&1.controls=none&controls=none&controls=full");
        assert_eq!(
            messages,
            [
                "URL parameter controls was given as \"contrls\", which is not read: write \
                 controls=full",
                "URL parameter 1.controls is not read: a numbered key is one map's of a \
                 comparison; write controls=none",
                "URL parameter controls is given 2 times, as \"none\", \"full\"; the last counts",
            ]
        );
        assert!(config.seed_given && config.params.map.seed == 0, "seed 0");
    }

    #[test]
    fn an_address_names_keys_given_twice_or_spelt_otherwise() {
        let (config, messages) =
            read_embed_query("algorithm=perlin-noise&seed=1&seed=2&Controls=full&utm_source=blog");
        assert_eq!(
            messages,
            [
                "URL parameter seed is given 2 times, as \"1\", \"2\"; the last counts",
                "URL parameter controls was given as \"Controls\", which is not read: write \
                 controls=full"
            ]
        );
        assert_eq!(config.params.map.seed, 2);
        assert_eq!(config.display.controls, Controls::None);
    }

    #[test]
    fn values_that_could_be_markup_stay_text() {
        let mut config = configs().remove(1);
        config.display.link = Some("\"><script>alert(1)</script>".into());
        let snippets = snippets(&config, "https://x.org/\"><b>/playground.html");
        for snippet in [&snippets.iframe, &snippets.element] {
            assert!(!snippet.contains("<script>alert"), "{snippet}");
            assert!(!snippet.contains("\"><b>"), "{snippet}");
        }
    }
}
