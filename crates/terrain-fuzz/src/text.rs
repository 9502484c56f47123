//! The core's text parsers: one field at a time, and stage names.

use terrain_core::spec::Spec;
use terrain_core::{Error, Field, MAX_EXPONENT, MIN_EXPONENT, Params, STAGE, Stage};

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

/// `Params::set_text` on any field, any starting params, any text.
///
/// It never panics. On `Ok` the params validate, only `field` changed, and
/// the field's text form reads back to the same params. On `Err` nothing
/// changed and the message starts with the field's name.
pub fn params_text(data: &[u8]) {
    let (field, start, text) = decode_params_text(data);
    assert_eq!(start.validate(), Ok(()), "start params are valid");
    let mut params = start;
    match params.set_text(field, &text) {
        Ok(()) => {
            assert_eq!(
                params.validate(),
                Ok(()),
                "{field:?} {text:?} left {params:?}"
            );
            assert_eq!(
                with_field_of(start, field, &params),
                params,
                "{field:?} {text:?} changed another field"
            );
            let written = params.text(field);
            let mut read_back = start;
            assert_eq!(read_back.set_text(field, &written), Ok(()), "{written:?}");
            assert_eq!(
                read_back, params,
                "{field:?} {text:?} read back as {written:?}"
            );
        }
        Err(error) => {
            assert_eq!(
                params, start,
                "{field:?} {text:?} was refused but changed the params"
            );
            assert_names_field(&error, field.spec(), &text);
        }
    }
}

/// `start` with `field` taken from `changed`.
fn with_field_of(start: Params, field: Field, changed: &Params) -> Params {
    let mut params = start;
    let parameter = field.parameter();
    (parameter.set)(&mut params, &(parameter.get)(changed));
    params
}

/// `str::parse::<Stage>` on any text, then `Params::check_stage` for any
/// algorithm at exponents 0 to 16.
///
/// Parsing never panics; a stage read is written back as a name that reads
/// as the same stage; a refusal is about the stage. `check_stage` agrees
/// with `Params::stages`, and its refusals name the stage and the
/// algorithm. For a valid exponent and stage, the stage's details and the
/// points it sets are consistent.
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
        exponent,
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
    let details = params.stage_details(stage);
    if let (Some(radius), Some(chunk)) = (details.radius, details.chunk_size) {
        assert_eq!(chunk, 2 * radius);
        assert!(chunk < params.side(), "{details:?}");
    }
    if listed {
        check_point_set(&params, stage);
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
