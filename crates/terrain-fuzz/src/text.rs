//! The core's text parsers: one field at a time, and stage names.

use terrain_core::{Algorithm, Error, Field, MAX_EXPONENT, MIN_EXPONENT, Params, PointSet, Stage};

use crate::input::{decode_params_text, decode_stage_text};

/// The longest message a refused value may give, in bytes. Quoted values
/// are cut to 40 characters, but each may be escaped to ten bytes
/// (`\u{10ffff}`), and the algorithm's list of names is long.
pub(crate) const MAX_MESSAGE_BYTES: usize = 1024;

/// Asserts what every refusal of a field's text must be: about that field,
/// a sentence that starts with its name, and short whatever the text was.
pub(crate) fn assert_names_field(error: &Error, field: Field, text: &str) {
    let message = error.to_string();
    assert_eq!(error.field(), Some(field), "{text:?}: {message}");
    assert!(
        message.starts_with(field.label()) && message.len() > field.label().len(),
        "{field} {text:?}: message {message:?} does not start with the field's name"
    );
    assert!(
        message.len() <= MAX_MESSAGE_BYTES,
        "{field} {text:?}: message of {} bytes",
        message.len()
    );
}

/// `Params::set_text` on any field, any starting params, any text.
///
/// It never panics. On `Ok` the params validate, only `field` changed, and
/// the field's text form reads back to the same params (`stage` is not a
/// parameter: on `Ok` the text is a stage name and nothing changed). On
/// `Err` nothing changed and the message starts with the field's name.
pub fn params_text(data: &[u8]) {
    let (field, start, text) = decode_params_text(data);
    assert_eq!(start.validate(), Ok(()), "start params are valid");
    let mut params = start;
    match params.set_text(field, &text) {
        Ok(()) => {
            assert_eq!(
                params.validate(),
                Ok(()),
                "{field} {text:?} left {params:?}"
            );
            assert_eq!(
                with_field_of(start, field, &params),
                params,
                "{field} {text:?} changed another field"
            );
            if field == Field::Stage {
                assert!(text.parse::<Stage>().is_ok(), "{text:?}");
            } else {
                let written = params.text(field);
                let mut read_back = start;
                assert_eq!(read_back.set_text(field, &written), Ok(()), "{written:?}");
                assert_eq!(
                    read_back, params,
                    "{field} {text:?} read back as {written:?}"
                );
            }
        }
        Err(error) => {
            assert_eq!(
                params, start,
                "{field} {text:?} was refused but changed the params"
            );
            assert_names_field(&error, field, &text);
        }
    }
}

/// `start` with `field` taken from `changed`.
fn with_field_of(start: Params, field: Field, changed: &Params) -> Params {
    let mut params = start;
    match field {
        Field::Algorithm => params.algorithm = changed.algorithm,
        Field::Exponent => params.exponent = changed.exponent,
        Field::Spread => params.spread = changed.spread,
        Field::SpreadReduction => params.spread_reduction = changed.spread_reduction,
        Field::Seed => params.seed = changed.seed,
        Field::Normalize => params.normalize = changed.normalize,
        Field::Stage => {}
    }
    params
}

/// `str::parse::<Stage>` on any text, then `Algorithm::check_stage` for any
/// algorithm at exponents 0 to 16.
///
/// Parsing never panics; a stage read is written back as a name that reads
/// as the same stage; a refusal is about the stage. `check_stage` agrees
/// with `Algorithm::stages`, and its refusals name the stage and the
/// algorithm. For a valid exponent and stage, the stage's details and the
/// points it sets are consistent.
pub fn stage_text(data: &[u8]) {
    let (algorithm, exponent, text) = decode_stage_text(data);
    let stage = match text.parse::<Stage>() {
        Ok(stage) => stage,
        Err(error) => {
            assert_names_field(&error, Field::Stage, &text);
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

    let listed = algorithm.stages(exponent).contains(&stage);
    match algorithm.check_stage(stage, exponent) {
        Ok(()) => assert!(listed, "{algorithm} {stage} at {exponent} is not listed"),
        Err(error) => {
            assert!(
                !listed,
                "{algorithm} {stage} at {exponent} is listed but refused"
            );
            assert_names_field(&error, Field::Stage, &text);
            let message = error.to_string();
            assert!(message.contains(algorithm.name()), "{message}");
        }
    }
    if !(MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent) {
        return;
    }
    let params = Params {
        exponent,
        ..Params::new(algorithm)
    };
    let details = stage.details(&params);
    assert!(details.pass <= details.passes, "{details:?}");
    if let (Some(radius), Some(chunk)) = (details.radius, details.chunk_size) {
        assert_eq!(chunk, 2 * radius);
        assert!(chunk < params.side(), "{details:?}");
    }
    if listed {
        check_point_set(algorithm, stage, exponent);
    }
}

/// The points a stage sets are on the map, and `len` counts them (only
/// for small maps: listing a 4097-wide one takes too long for a fuzzer).
fn check_point_set(algorithm: Algorithm, stage: Stage, exponent: u32) {
    let set = PointSet::for_stage(algorithm, stage, exponent);
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
