//! The registries as JSON, for the browser tests: `tests/settings.json`
//! lists every setting a reader can give (its spellings, kind, range, the
//! words its messages use on each surface, its defaults), so that the bad-
//! input battery (`tests/battery.js`) derives its cases from the same
//! description as the code. This test fails when the file is out of date;
//! `UPDATE_SETTINGS=1 cargo test -p terrain-view --test settings_json`
//! writes it anew.

use std::fmt::Write as _;
use std::path::PathBuf;

use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec, Surface};
use terrain_core::{ALGORITHM, Algorithm, DEFAULT_ALGORITHM, Params, STAGE};
use terrain_view::settings::{Display, SETTINGS};

fn text(value: &str) -> String {
    let mut quoted = String::from("\"");
    for character in value.chars() {
        match character {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            '\n' => quoted.push_str("\\n"),
            control if control < ' ' => {
                let _ = write!(quoted, "\\u{:04x}", control as u32);
            }
            other => quoted.push(other),
        }
    }
    quoted.push('"');
    quoted
}

fn list(values: impl IntoIterator<Item = String>) -> String {
    format!("[{}]", values.into_iter().collect::<Vec<_>>().join(", "))
}

fn kind(kind: Kind) -> String {
    let names = |names: &[&str]| list(names.iter().map(|name| text(name)));
    match kind {
        // As strings: a seed's range is past what a JSON number holds.
        Kind::Whole { min, max } => {
            format!("{{\"type\": \"whole\", \"min\": \"{min}\", \"max\": \"{max}\"}}")
        }
        Kind::Number { min, max } => {
            format!("{{\"type\": \"number\", \"min\": {min}, \"max\": {max}}}")
        }
        Kind::Switch => "{\"type\": \"switch\"}".to_owned(),
        Kind::SwitchOr(extra) => format!("{{\"type\": \"switchOr\", \"names\": {}}}", names(extra)),
        Kind::Choice(choices) => format!("{{\"type\": \"choice\", \"names\": {}}}", names(choices)),
        Kind::Name { max_chars } => format!("{{\"type\": \"name\", \"maxChars\": {max_chars}}}"),
        Kind::Stage => "{\"type\": \"stage\"}".to_owned(),
    }
}

/// One setting's entry; `defaults` and `applies` only for parameters.
fn entry(group: &str, spec: &Spec, defaults: Option<String>, applies: Option<String>) -> String {
    let surfaces = spec.surfaces;
    let mut fields = vec![
        format!("\"group\": {}", text(group)),
        format!("\"option\": {}", text(spec.option)),
        format!("\"attribute\": {}", text(spec.attribute)),
        format!("\"label\": {}", text(spec.label)),
        format!("\"title\": {}", text(spec.title)),
        format!("\"help\": {}", text(spec.help)),
        format!("\"kind\": {}", kind(spec.kind)),
        format!("\"step\": {}", spec.step),
        format!("\"slider\": {}", spec.has_slider()),
        format!(
            "\"surfaces\": {{\"attribute\": {}, \"url\": {}, \"generate\": {}, \"erode\": {}, \"control\": {}}}",
            surfaces.attribute, surfaces.url, surfaces.generate, surfaces.erode, surfaces.control
        ),
        format!(
            "\"allowed\": {{\"attribute\": {}, \"url\": {}, \"option\": {}, \"control\": {}}}",
            text(&spec.allowed_on(Surface::Attribute)),
            text(&spec.allowed_on(Surface::Url)),
            text(&spec.allowed_on(Surface::Option)),
            text(&spec.allowed_on(Surface::Control)),
        ),
    ];
    fields.extend(defaults.map(|defaults| format!("\"defaults\": {defaults}")));
    fields.extend(applies.map(|applies| format!("\"applies\": {applies}")));
    format!("    {{{}}}", fields.join(", "))
}

fn settings_json() -> String {
    let mut entries = Vec::new();
    for field in fields() {
        let defaults: Vec<String> = Algorithm::all()
            .map(|algorithm| {
                format!(
                    "{}: {}",
                    text(algorithm.name()),
                    text(&Params::new(algorithm).text(field))
                )
            })
            .collect();
        let applies = Algorithm::all()
            .filter(|&algorithm| (field.parameter().applies)(&Params::new(algorithm)))
            .map(|algorithm| text(algorithm.name()));
        entries.push(entry(
            "parameter",
            field.spec(),
            Some(format!("{{{}}}", defaults.join(", "))),
            Some(list(applies)),
        ));
    }
    entries.push(entry("stage", &STAGE, None, None));
    for setting in &SETTINGS {
        let default_for =
            |algorithm| text(&setting.spec.show(&(setting.get)(&Display::of(algorithm))));
        let common = default_for(DEFAULT_ALGORITHM);
        // One default for all, or (the relief) each algorithm's own.
        let defaults = if Algorithm::all().all(|algorithm| default_for(algorithm) == common) {
            format!("{{\"*\": {common}}}")
        } else {
            let each: Vec<String> = Algorithm::all()
                .map(|algorithm| format!("{}: {}", text(algorithm.name()), default_for(algorithm)))
                .collect();
            format!("{{{}}}", each.join(", "))
        };
        entries.push(entry("display", setting.spec, Some(defaults), None));
    }
    let algorithms = list(Algorithm::all().map(|algorithm| text(algorithm.name())));
    let default_algorithm = text(DEFAULT_ALGORITHM.name());
    format!(
        "{{\n  \"algorithms\": {algorithms},\n  \"defaultAlgorithm\": {default_algorithm},\n  \
         \"demoAttribute\": {},\n  \"settings\": [\n{}\n  ]\n}}\n",
        text(ALGORITHM.attribute),
        entries.join(",\n")
    )
}

#[test]
fn the_settings_file_for_the_browser_tests_is_up_to_date() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/settings.json");
    let fresh = settings_json();
    if std::env::var_os("UPDATE_SETTINGS").is_some() {
        std::fs::write(&path, &fresh).expect("write tests/settings.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "tests/settings.json is out of date: run \
         `UPDATE_SETTINGS=1 cargo test -p terrain-view --test settings_json`"
    );
}
