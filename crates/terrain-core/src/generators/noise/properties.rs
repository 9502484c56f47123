//! What must hold for every valid setting: no panic, no NaN, heights in
//! `[0, 1]`, `done` spanning exactly `[0, 1]`, tileable maps repeating,
//! the lattice stage setting only its points, bounded overlays.

use proptest::prelude::*;

use super::tests::{noises, with};
use super::*;
use crate::{Algorithm, Params, Stage};

fn in_range(low: f64, high: f64) -> impl Strategy<Value = f64> {
    // The ends on their own as well: they are where things break.
    prop_oneof![Just(low), Just(high), low..=high]
}

fn any_settings(exponents: std::ops::RangeInclusive<u32>) -> impl Strategy<Value = Params> {
    let lattice = (
        prop::sample::select(noises().collect::<Vec<_>>()),
        exponents,
        any::<u64>(),
        prop_oneof![Just(1u32), Just(256), 1u32..=256],
        prop_oneof![Just(1u32), Just(12), 1u32..=12],
        in_range(1.0, 4.0),
        in_range(0.0, 1.0),
        prop::sample::select(Fade::ALL.to_vec()),
    );
    let variants = (
        prop::sample::select(Shape::ALL.to_vec()),
        in_range(0.1, 5.0),
        prop_oneof![Just(0u32), Just(32), 0u32..=32],
        prop_oneof![Just(0.0), in_range(0.0, 4.0)],
        prop_oneof![Just(0.0), in_range(0.0, 4.0)],
        any::<bool>(),
        any::<bool>(),
    );
    (lattice, variants).prop_map(
        |(
            (algorithm, exponent, seed, frequency, octaves, lacunarity, gain, fade),
            (shape, power, terraces, warp, damping, tileable, normalize),
        )| {
            with(Params::new(algorithm), |params| {
                params.map.exponent = exponent;
                params.map.seed = seed;
                params.noise.frequency = frequency;
                params.noise.octaves = octaves;
                params.noise.lacunarity = lacunarity;
                params.noise.gain = gain;
                params.noise.fade = fade;
                params.noise.shape = shape;
                params.noise.power = power;
                params.noise.terraces = terraces;
                params.noise.warp = warp;
                params.noise.damping = damping;
                params.noise.tileable = tileable;
                params.map.normalize = normalize;
            })
        },
    )
}

fn check(settings: &Params, stage: Stage) -> Result<(), TestCaseError> {
    let valid = settings
        .check()
        .map_err(|error| TestCaseError::fail(error.to_string()))?;
    let mut shares = Vec::new();
    let map = crate::generate_with_progress(&valid, stage, &mut |share| shares.push(share))
        .map_err(|error| TestCaseError::fail(error.to_string()))?
        .heightmap;
    prop_assert_eq!(map.exponent(), settings.map.exponent);
    prop_assert!(shares.iter().all(|share| (0.0..=1.0).contains(share)));
    for &height in map.heights() {
        prop_assert!((0.0..=1.0).contains(&height), "{} at {}", height, stage);
    }
    let last = map.last();
    if settings.noise.tileable {
        for t in 0..=last {
            prop_assert_eq!(map.get(last, t).to_bits(), map.get(0, t).to_bits());
            prop_assert_eq!(map.get(t, last).to_bits(), map.get(t, 0).to_bits());
        }
    }
    match stage {
        Stage::Done if settings.map.normalize => {
            let (low, high) = map.min_max();
            prop_assert_eq!(low, 0.0);
            prop_assert!(high == 1.0 || high == 0.0, "top {}", high);
        }
        Stage::Lattice => {
            let points: Vec<(usize, usize)> = valid.new_points(Stage::Lattice).iter().collect();
            for y in 0..=last {
                for x in 0..=last {
                    if map.get(x, y) != 0.0 {
                        prop_assert!(
                            points
                                .binary_search_by_key(&(y, x), |&(x, y)| (y, x))
                                .is_ok()
                        );
                    }
                }
            }
        }
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn any_valid_settings_give_a_sound_map_at_any_stage(
        settings in any_settings(1..=6),
        pick in any::<u32>(),
    ) {
        let octave = Stage::Octave(1 + pick % settings.noise.octaves);
        for stage in [Stage::Lattice, octave, Stage::Done] {
            check(&settings, stage)?;
        }
        let description = settings.algorithm.description();
        let arrows = (description.gradient_arrows)(&settings);
        prop_assert!(arrows.len() <= MAX_OVERLAY_ITEMS);
        prop_assert!(arrows.iter().all(|arrow| arrow.x.is_finite() && arrow.dy.is_finite()));
        let lines = (description.lattice_lines)(&settings);
        prop_assert!(lines.len() <= MAX_OVERLAY_ITEMS);
    }
}

#[test]
fn small_maps_work_with_every_basis_shape_and_extreme() {
    // Exhaustively over the small exponents, the bases and the range ends,
    // with the shapes taken in turn.
    let extremes = [(1, 1, 1.0, 0.0), (256, 12, 4.0, 1.0), (3, 5, 2.7, 0.6)];
    let variants = [
        (0.0, 0.0, false),
        (4.0, 4.0, true),
        (2.0, 0.0, true),
        (0.0, 1.0, false),
    ];
    let mut turn = 0;
    for exponent in 1..=4 {
        for algorithm in noises() {
            for (frequency, octaves, lacunarity, gain) in extremes {
                for (warp, damping, tileable) in variants {
                    turn += 1;
                    let settings = with(Params::new(algorithm), |params| {
                        params.map.exponent = exponent;
                        params.noise.frequency = frequency;
                        params.noise.octaves = octaves;
                        params.noise.lacunarity = lacunarity;
                        params.noise.gain = gain;
                        params.noise.shape = Shape::ALL[turn % Shape::ALL.len()];
                        params.noise.warp = warp;
                        params.noise.damping = damping;
                        params.noise.tileable = tileable;
                        params.noise.power = 5.0;
                        params.noise.terraces = 32;
                    });
                    let stages = [
                        Stage::Lattice,
                        Stage::Octave(1),
                        Stage::Octave(octaves),
                        Stage::Done,
                    ];
                    for stage in stages {
                        if let Err(error) = check(&settings, stage) {
                            panic!("{settings:?} {stage}: {error}");
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn large_maps_work() {
    // Unoptimized test builds are slow: one octave at the largest size,
    // more at the smaller ones.
    let cases = [
        (12, Algorithm::PERLIN_NOISE, 1, 0.0, 0.0, false),
        (10, Algorithm::SIMPLEX_NOISE, 2, 1.0, 1.0, true),
        (9, Algorithm::VALUE_NOISE, 12, 0.5, 0.0, false),
    ];
    for (exponent, algorithm, octaves, warp, damping, tileable) in cases {
        let settings = with(Params::new(algorithm), |params| {
            params.map.exponent = exponent;
            params.noise.octaves = octaves;
            params.noise.warp = warp;
            params.noise.damping = damping;
            params.noise.tileable = tileable;
        });
        if let Err(error) = check(&settings, Stage::Done) {
            panic!("{settings:?}: {error}");
        }
    }
}
