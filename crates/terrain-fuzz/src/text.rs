//! The core's text parsers: one field at a time, and stage names.

use terrain_core::generators::subdivision;
use terrain_core::spec::Spec;
use terrain_core::{Error, Field, MAX_EXPONENT, MIN_EXPONENT, MapSettings, Params, STAGE, Stage};

use crate::input::{decode_params_text, decode_stage_text};

/// The longest message a refused value may give, in bytes. Quoted values
/// are cut to 40 characters, but each may be escaped to ten bytes
/// (`\u{10ffff}`), and the algorithm's list of names is long.
pub(crate) const MAX_MESSAGE_BYTES: usize = 1024;

/// Asserts what every refusal of a setting's text must be: about that
/// setting, a sentence that starts with its name, and short whatever the
/// text was.
pub(crate) fn assert_names_field(error: &Error, spec: &'static Spec, text: &str) {
    let message = error.to_string();
    assert_eq!(error.spec(), Some(spec), "{text:?}: {message}");
    assert!(
        message.starts_with(spec.label) && message.len() > spec.label.len(),
        "{spec} {text:?}: message {message:?} does not start with the setting's name"
    );
    assert!(
        message.len() <= MAX_MESSAGE_BYTES,
        "{spec} {text:?}: message of {} bytes",
        message.len()
    );
}

/// `ValidParams::with_text` on any field, any starting params, any text.
///
/// It never panics. On `Ok` the params still check, only `field` changed,
/// and the field's text form reads back to the same params. On `Err` the
/// message starts with the field's name (and the start, untouched by type,
/// stays as it was).
pub fn params_text(data: &[u8]) {
    let (field, start, text) = decode_params_text(data);
    assert_eq!(
        start.into_params().check(),
        Ok(start),
        "start params are valid"
    );
    match start.with_text(field, &text) {
        Ok(changed) => {
            assert_eq!(
                changed.into_params().check(),
                Ok(changed),
                "{field:?} {text:?} left {changed:?}"
            );
            assert_eq!(
                with_field_of(*start, field, &changed),
                *changed,
                "{field:?} {text:?} changed another field"
            );
            let written = changed.text(field);
            assert_eq!(
                start.with_text(field, &written),
                Ok(changed),
                "{field:?} {text:?} read back as {written:?}"
            );
        }
        Err(error) => assert_names_field(&error, field.spec(), &text),
    }
}

/// `start` with `field` taken from `changed`.
fn with_field_of(start: Params, field: Field, changed: &Params) -> Params {
    let mut params = start;
    (field.parameter().set)(&mut params, &changed.get(field));
    params
}

/// `str::parse::<Stage>` on any text, then `Params::check_stage` for any
/// algorithm at exponents 0 to 16.
///
/// Parsing never panics; a stage read is written back as a name that reads
/// as the same stage; a refusal is about the stage. `check_stage` agrees
/// with `Params::stages`, and its refusals name the stage and the
/// algorithm. For a valid exponent, a stage's numbers (for a subdivision)
/// are consistent, and a stage listed has points on the map and a
/// caption.
pub fn stage_text(data: &[u8]) {
    let (algorithm, exponent, text) = decode_stage_text(data);
    let stage = match text.parse::<Stage>() {
        Ok(stage) => stage,
        Err(error) => {
            assert_names_field(&error, &STAGE, &text);
            return;
        }
    };
    let written = stage.to_string();
    assert_eq!(
        written.parse::<Stage>(),
        Ok(stage),
        "{text:?} written as {written:?}"
    );
    assert_eq!(
        written.to_ascii_uppercase().parse::<Stage>(),
        Ok(stage),
        "{written:?} in capitals"
    );

    let params = Params {
        map: MapSettings {
            exponent,
            ..Params::new(algorithm).map
        },
        ..Params::new(algorithm)
    };
    let listed = params.stages().contains(&stage);
    match params.check_stage(stage) {
        Ok(()) => assert!(listed, "{algorithm} {stage} at {exponent} is not listed"),
        Err(error) => {
            assert!(
                !listed,
                "{algorithm} {stage} at {exponent} is listed but refused"
            );
            assert_names_field(&error, &STAGE, &text);
            let message = error.to_string();
            assert!(message.contains(algorithm.name()), "{message}");
        }
    }
    if !(MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent) {
        return;
    }
    if let Some(details) = subdivision::details(&params, stage) {
        assert!(
            params.algorithm.subdivides(),
            "{algorithm} {stage}: {details:?}"
        );
        assert_eq!(details.chunk_size, 2 * details.radius);
        assert!(details.chunk_size < params.side(), "{details:?}");
        assert!(
            details.spread.is_finite() && details.spread >= 0.0,
            "{details:?}"
        );
    }
    if listed {
        check_point_set(&params, stage);
        if !stage.is_erosion() {
            let caption = params.caption(stage);
            assert!(!caption.is_empty(), "{algorithm} {stage} has no caption");
            let numbers = params.stage_numbers(stage);
            assert_eq!(numbers.trim(), numbers, "{algorithm} {stage}");
        }
    }
}

/// The points a stage sets are on the map, and `len` counts them (only
/// for small maps: listing a 4097-wide one takes too long for a fuzzer).
fn check_point_set(params: &Params, stage: Stage) {
    let (algorithm, exponent) = (params.algorithm, params.map.exponent);
    let set = params.new_points(stage);
    if exponent > 6 {
        return;
    }
    let side = (1usize << exponent) + 1;
    let mut count = 0;
    for (x, y) in set.iter() {
        assert!(
            x < side && y < side && set.contains(x, y),
            "{set:?} ({x}, {y})"
        );
        count += 1;
    }
    assert_eq!(set.len(), count, "{algorithm} {stage} at {exponent}");
    assert_eq!(set.is_empty(), count == 0);
}
