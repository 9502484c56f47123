//! The generators, with whatever field values a caller builds by hand.

use terrain_core::{Algorithm, Group, Params, Stage, ValidParams};

use crate::input::{decode_generate, out_of_range};
use crate::text::assert_names_field;

/// `Params::check`, then `terrain_core::generate`, on any algorithm, any
/// value of every field of the registry (NaN and infinities too, absurd
/// exponents) and a stage the map has, another algorithm has, or none has
/// (see [`decode_generate`]).
///
/// Nothing panics. `check` refuses exactly the params with a field out of
/// its documented range, naming the first such field (in registry order)
/// and its value; what it accepts are the same params. For checked params,
/// `generate` refuses exactly when `check_stage` does (with the same
/// error), and otherwise makes a map with the exponent's side, finite
/// heights, 0 at every point not set yet and the stage's new points all
/// set, the same when made again, and a caption for a generator's stage.
/// A finished map that normalizes spans exactly `[0, 1]` (or is flat at
/// 0); random noise is in `[0, 1)`. A stage of erosion reports the
/// finished map it started from, and its ledger balances.
pub fn generate(data: &[u8]) {
    let (params, stage) = decode_generate(data);
    if let Some(params) = checked(params) {
        generate_checked(&params, stage);
    }
}

/// The params, checked, if every field is in range; else asserts that the
/// check refused them for the first field out of range.
fn checked(params: Params) -> Option<ValidParams> {
    let first_out = out_of_range(&params).next();
    match (params.check(), first_out) {
        (Ok(valid), None) => {
            assert_eq!(*valid, params, "check changed the params");
            Some(valid)
        }
        (Err(error), Some(field)) => {
            let value = field.spec().quoted(&params.get(field));
            assert_names_field(&error, field.spec(), &value);
            let message = error.to_string();
            assert!(
                message.contains(&value),
                "{message:?} does not quote {value:?}"
            );
            None
        }
        (Ok(_), Some(field)) => panic!("{params:?}: {field:?} is out of range but checks"),
        (Err(error), None) => panic!("{params:?}: every field is in range but {error}"),
    }
}

/// The map for checked params, or the stage's refusal.
fn generate_checked(params: &ValidParams, stage: Stage) {
    let terrain = match (
        terrain_core::generate(params, stage),
        params.check_stage(stage),
    ) {
        (Ok(terrain), Ok(())) => terrain,
        (Err(error), Err(expected)) => {
            assert_eq!(error, expected, "{params:?} {stage}");
            assert!(error.spec().is_some(), "{error}");
            return;
        }
        (result, expected) => panic!(
            "{params:?} {stage}: generate gave {:?} but check_stage {expected:?}",
            result.map(|_| ())
        ),
    };
    let map = &terrain.heightmap;
    let side = params.side();
    assert_eq!((map.exponent(), map.side()), (params.map.exponent, side));
    assert_eq!(map.heights().len(), side * side);
    assert_eq!(terrain.stage, stage);
    assert_eq!(terrain.algorithm, Some(params.algorithm));
    for y in 0..side {
        for x in 0..side {
            let height = map.get(x, y);
            assert!(
                height.is_finite(),
                "{params:?} {stage}: ({x}, {y}) is {height}"
            );
            if !terrain.is_set(x, y) {
                assert_eq!(height, 0.0, "{params:?} {stage}: ({x}, {y}) not set yet");
            }
        }
    }
    let mut new_points = 0;
    for (x, y) in terrain.new_points.iter() {
        assert!(
            x < side && y < side && terrain.is_set(x, y),
            "{stage} ({x}, {y})"
        );
        new_points += 1;
    }
    assert_eq!(terrain.new_points.len(), new_points, "{params:?} {stage}");

    if stage.is_erosion() {
        let Some(report) = terrain.erosion.as_ref() else {
            panic!("{params:?} {stage}: a stage of erosion reports nothing");
        };
        let finished = terrain_core::generate(params, Stage::Done)
            .unwrap_or_else(|error| panic!("{params:?}: done refused ({error})"));
        assert_eq!(report.before, finished.heightmap, "{params:?} {stage}");
        if let Some(ledger) = &report.ledger {
            let scale = ledger.eroded.abs().max(1.0);
            assert!(ledger.imbalance().abs() <= 1e-9 * scale, "{ledger:?}");
        }
    } else {
        assert!(terrain.erosion.is_none(), "{stage}");
        let caption = params.caption(stage);
        assert!(!caption.is_empty(), "{params:?} {stage} has no caption");
        let numbers = params.stage_numbers(stage);
        assert_eq!(numbers.trim(), numbers, "{params:?} {stage}");
    }
    let (low, high) = map.min_max();
    if stage.is_erosion() {
        // Weathered heights keep no range of their own.
    } else if params.algorithm == Algorithm::RANDOM_NOISE {
        assert!(
            0.0 <= low && high < 1.0,
            "{params:?}: noise from {low} to {high}"
        );
    } else if stage == Stage::Done
        && params.algorithm.reads(Group::Normalize)
        && params.map.normalize
    {
        let spans = (low, high) == (0.0, 1.0) || (low, high) == (0.0, 0.0);
        assert!(spans, "{params:?}: normalized from {low} to {high}");
    }
    let again = terrain_core::generate(params, stage);
    assert!(
        again.as_ref() == Ok(&terrain),
        "{params:?} {stage}: not the same twice"
    );
}
