//! The generators, with whatever field values a caller builds by hand.

use terrain_core::{Algorithm, Stage};

use crate::input::decode_generate;

/// `terrain_core::generate` with any algorithm, exponent (0 to 7, or
/// absurd), spreads (any `f64`, NaN and infinities too), seed,
/// normalization and stage (see [`decode_generate`]).
///
/// It never panics. It refuses exactly when `Params::validate` does (with
/// the same error), or else when `Params::check_stage` does. A map made
/// has the exponent's side, finite heights, 0 at every point not set yet,
/// the stage's new points all set, and comes out the same when made again.
/// A finished, normalized subdivision map spans exactly `[0, 1]` (or is
/// flat at 0); random noise is in `[0, 1)`. A stage of erosion reports the
/// finished map it started from, and its ledger balances.
pub fn generate(data: &[u8]) {
    let (params, stage) = decode_generate(data);
    let expected = params.validate().and_then(|()| params.check_stage(stage));
    let terrain = match (terrain_core::generate(&params, stage), expected) {
        (Ok(terrain), Ok(())) => terrain,
        (Err(error), Err(expected)) => {
            assert_eq!(error, expected, "{params:?} {stage}");
            assert!(error.spec().is_some(), "{error}");
            return;
        }
        (result, expected) => panic!(
            "{params:?} {stage}: generate gave {:?} but validation {expected:?}",
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
        let finished = terrain_core::generate(&params, Stage::Done)
            .unwrap_or_else(|error| panic!("{params:?}: done refused ({error})"));
        assert_eq!(report.before, finished.heightmap, "{params:?} {stage}");
        if let Some(ledger) = &report.ledger {
            let scale = ledger.eroded.abs().max(1.0);
            assert!(ledger.imbalance().abs() <= 1e-9 * scale, "{ledger:?}");
        }
    } else {
        assert!(terrain.erosion.is_none(), "{stage}");
    }
    let (low, high) = map.min_max();
    if stage.is_erosion() {
        // Weathered heights keep no range of their own.
    } else if params.algorithm == Algorithm::RANDOM_NOISE {
        assert!(
            0.0 <= low && high < 1.0,
            "{params:?}: noise from {low} to {high}"
        );
    } else if stage == Stage::Done && params.map.normalize {
        let spans = (low, high) == (0.0, 1.0) || (low, high) == (0.0, 0.0);
        assert!(spans, "{params:?}: normalized from {low} to {high}");
    }
    let again = terrain_core::generate(&params, stage);
    assert!(
        again.as_ref() == Ok(&terrain),
        "{params:?} {stage}: not the same twice"
    );
}
