//! State from outside the page's own controls: URL queries and a demo's
//! `data-*` attributes.

use std::collections::HashMap;

use terrain_core::query::{QueryState, decode, encode, from_query, parse_pairs, to_query};
use terrain_core::registry::fields;
use terrain_core::spec::Spec;
use terrain_core::{Field, Params, STAGE, Stage, ValidParams};
use terrain_view::settings::{DemoConfig, SETTINGS};

use crate::input::{decode_embed_attributes, demo_attributes};
use crate::text::MAX_MESSAGE_BYTES;

/// The keys `from_query` reads itself: the registry's, and the stage.
fn query_keys() -> impl Iterator<Item = &'static str> {
    fields()
        .map(Field::spec)
        .chain([&STAGE])
        .filter(|spec| spec.surfaces.url)
        .map(|spec| spec.option)
}

/// The URL keys a demo reads besides [`query_keys`]: its display settings.
fn demo_query_keys() -> impl Iterator<Item = &'static str> {
    SETTINGS
        .iter()
        .map(|entry| entry.spec)
        .filter(|spec: &&'static Spec| spec.surfaces.url)
        .map(|spec| spec.option)
}

/// Params that check, and a stage valid for their algorithm and exponent.
fn assert_valid(params: &ValidParams, stage: Stage, context: &str) {
    assert_eq!(
        params.into_params().check().as_ref(),
        Ok(params),
        "{context}: {params:?}"
    );
    assert_eq!(
        params.check_stage(stage),
        Ok(()),
        "{context}: {stage} for {params:?}"
    );
}

/// `query::from_query` on any text, and the helpers it is made of.
///
/// Nothing panics. The state read has valid params and a stage valid for
/// them; every refused value is reported once, about a field; unknown keys
/// are handed back, decoded; one leading `?` changes nothing. Writing the
/// state with `to_query` and reading it back gives the same params and
/// stage with nothing refused (with or without a leading `?`), as far as
/// the map reads them. `decode` undoes `encode` on any text, and
/// `encode` writes only unreserved characters and `%XX` escapes.
pub fn query(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let state = from_query(&text);
    assert_valid(&state.params, state.stage, &text);
    assert!(
        state.errors.len() <= query_keys().count(),
        "{:?}",
        state.errors
    );
    for error in &state.errors {
        let message = error.to_string();
        assert!(error.spec().is_some(), "{text:?}: {message}");
        assert!(
            !message.is_empty() && message.len() <= MAX_MESSAGE_BYTES,
            "{message:?}"
        );
    }
    for (key, _) in &state.other {
        assert!(
            !key.is_empty() && !query_keys().any(|known| known == key),
            "{key:?}"
        );
    }
    if !text.starts_with('?') {
        assert_eq!(
            from_query(&format!("?{text}")),
            state,
            "a leading ? changes what {text:?} says"
        );
    }

    let written = to_query(&state.params, state.stage);
    for shared in [written.clone(), format!("?{written}")] {
        let QueryState {
            params,
            stage,
            other,
            errors,
            unread,
        } = from_query(&shared);
        assert!(errors.is_empty(), "{shared:?}: {errors:?}");
        assert!(unread.is_empty(), "{shared:?}: {unread:?}");
        assert!(other.is_empty(), "{shared:?}: {other:?}");
        // A link carries what the map reads; it reads back as the same link
        // (what the map ignores takes its defaults).
        assert_eq!(stage, state.stage, "{shared:?}");
        assert_eq!(to_query(&params, stage), written, "{shared:?}");
        for field in fields().filter(|field| (field.parameter().applies)(&state.params)) {
            assert_eq!(params.get(field), state.params.get(field), "{shared:?}");
        }
    }

    let pairs = parse_pairs(&text);
    assert!(pairs.iter().all(|(key, _)| !key.is_empty()), "{pairs:?}");
    for piece in [text.as_ref(), decode(&text).as_str()] {
        let encoded = encode(piece);
        assert!(
            encoded
                .bytes()
                .all(|byte| byte.is_ascii_alphanumeric() || b"-._~%".contains(&byte)),
            "{encoded:?}"
        );
        assert_eq!(decode(&encoded), piece, "{encoded:?}");
    }
}

/// `DemoConfig::from_attributes` on any set of attributes, then
/// `DemoConfig::apply_query` with any URL queries.
///
/// Nothing panics. After each step the params are valid and the stage
/// valid for their algorithm and exponent. Every problem is about an
/// attribute that was given, once, and its message starts with the
/// attribute's name; every message of a URL query starts with `URL
/// parameter ` and the key. A query with no pairs changes nothing. The
/// demo's own `to_query` reads back, through `apply_query`, as the same
/// params, stage, palette, view and wireframe.
pub fn embed_attributes(data: &[u8]) {
    let (attributes, queries) = decode_embed_attributes(data);
    let given: HashMap<String, String> = attributes.into_iter().collect();
    let (mut config, problems) = DemoConfig::from_attributes(|name| given.get(name).cloned());
    let context = format!("{given:?}");
    assert_valid(&config.params, config.stage, &context);
    for (index, problem) in problems.iter().enumerate() {
        assert!(
            demo_attributes().any(|known| known == problem.attribute),
            "{context}: unknown attribute {}",
            problem.attribute
        );
        assert!(
            given.contains_key(problem.attribute),
            "{context}: {problem:?}"
        );
        assert!(
            problem.message.starts_with(problem.attribute)
                && problem.message.len() > problem.attribute.len(),
            "{context}: {problem:?}"
        );
        assert!(problem.message.len() <= MAX_MESSAGE_BYTES, "{problem:?}");
        assert!(
            problems[..index]
                .iter()
                .all(|earlier| earlier.attribute != problem.attribute),
            "{context}: {} reported twice",
            problem.attribute
        );
    }
    if given.contains_key("data-seed") && problems.iter().all(|p| p.attribute != "data-seed") {
        assert!(config.seed_given, "{context}");
    }
    if let Some(link) = &config.display.link {
        assert!(!link.is_empty() && link.chars().count() <= 40, "{link:?}");
    }
    assert_round_trips(&config);

    for query in queries {
        let before = config.clone();
        let messages = config.apply_query(&query);
        let context = format!("{context} then {query:?}");
        assert_valid(&config.params, config.stage, &context);
        if parse_pairs(&query).is_empty() {
            assert_eq!(
                config, before,
                "{context}: a query with no pairs changed the demo"
            );
            assert!(messages.is_empty(), "{context}: {messages:?}");
        }
        for message in &messages {
            let key = message.strip_prefix("URL parameter ").unwrap_or_default();
            assert!(
                query_keys()
                    .chain(demo_query_keys())
                    .any(|known| key.starts_with(&format!("{known} "))),
                "{context}: {message:?}"
            );
            assert!(message.len() <= MAX_MESSAGE_BYTES, "{message:?}");
        }
        assert_round_trips(&config);
    }
}

/// A demo's state, shared as a URL, comes back the same.
fn assert_round_trips(config: &DemoConfig) {
    let shared = config.to_query();
    let mut restored = DemoConfig::default();
    let messages = restored.apply_query(&shared);
    assert!(messages.is_empty(), "{shared:?}: {messages:?}");
    assert_eq!(restored.stage, config.stage, "{shared:?}");
    // What links carry comes back exactly: the parameters the algorithm
    // reads (the rest take their defaults) and the display settings.
    let defaults = Params::new(config.params.algorithm);
    for field in fields() {
        let expected = if (field.parameter().applies)(&config.params) {
            &config.params
        } else {
            &defaults
        };
        assert_eq!(
            restored.params.get(field),
            expected.get(field),
            "{shared:?}: {field:?}"
        );
    }
    for entry in SETTINGS.iter().filter(|entry| entry.spec.surfaces.url) {
        assert_eq!(
            (entry.get)(&restored.display),
            (entry.get)(&config.display),
            "{shared:?}"
        );
    }
}
