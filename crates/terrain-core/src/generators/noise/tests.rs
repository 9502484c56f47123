//! Invariants of the gradient noises: settings, stages, continuity,
//! smoothness, range, tiling, determinism, overlays.

use super::basis::{Basis, GradientRows, Sample};
use super::cellular::CellularNoise;
use super::columns::Columns;
use super::fractal::total_amplitude;
use super::fractal::{self, lattice_for, octave_frequency as frequency_of};
use super::lattice::Lattice;
use super::perlin::PerlinNoise;
use super::simplex::SimplexNoise;
use super::value::ValueNoise;
use super::*;
use crate::lanes::Pair;
use crate::random::PointRandom;
use crate::{Algorithm, Error, Group, Heightmap, Params, Stage, ValidParams};

/// Calls `$function::<Basis>($arguments)` with the basis of `$params`'s
/// algorithm: the generic tools of the fractal sum, by algorithm.
macro_rules! with_basis {
    ($params:expr, $function:ident($($argument:expr),*)) => {
        match $params.algorithm.name() {
            "value-noise" => $function::<ValueNoise>($($argument),*),
            "perlin-noise" => $function::<PerlinNoise>($($argument),*),
            "simplex-noise" => $function::<SimplexNoise>($($argument),*),
            "cellular-noise" => $function::<CellularNoise>($($argument),*),
            other => panic!("{other} is not a noise"),
        }
    };
}

/// The raw (unmapped) sums of the first `count` octaves, row-major over
/// the computed points.
pub(super) fn raw_sums(params: &Params, count: u32) -> Vec<f64> {
    use fractal::testing::raw_sums;
    with_basis!(params, raw_sums(params, count))
}

/// One octave's noise, as the generator reads it, at lattice positions.
pub(super) fn octave_sampler(params: &Params, octave: u32) -> Box<dyn Fn(f64, f64) -> Sample> {
    use fractal::testing::octave_sampler;
    with_basis!(params, octave_sampler(params, octave))
}

/// The frequency of octave `octave`, as the generator uses it.
pub(super) fn octave_frequency(params: &Params, octave: u32) -> f64 {
    with_basis!(params, frequency_of(&params.noise, octave))
}

/// The lattice of table `table` at `frequency`, as the generator uses it.
fn lattice(params: &Params, table: usize, frequency: f64) -> Lattice {
    with_basis!(
        params,
        lattice_for(params.map.seed, &params.noise, table, frequency)
    )
}

/// Every noise algorithm.
pub(super) fn noises() -> impl Iterator<Item = Algorithm> {
    Algorithm::all().filter(|algorithm| algorithm.reads(Group::Noise))
}

/// `params` as `change` leaves them.
pub(super) fn with(mut params: Params, change: impl FnOnce(&mut Params)) -> Params {
    change(&mut params);
    params
}

pub(super) fn settings(algorithm: Algorithm) -> Params {
    with(Params::new(algorithm), |params| {
        params.map.exponent = 5;
        params.map.seed = 7;
    })
}

pub(super) fn check(params: &Params) -> ValidParams {
    params.check().unwrap_or_else(|error| panic!("{error}"))
}

/// The map `params` make up to `stage`, or why not.
pub(super) fn generate(params: &Params, stage: Stage) -> Result<Heightmap, Error> {
    crate::generate(&params.check()?, stage).map(|terrain| terrain.heightmap)
}

pub(super) fn run(params: &Params, stage: Stage) -> Heightmap {
    generate(params, stage).unwrap_or_else(|error| panic!("{stage}: {error}"))
}

/// The points the `lattice` stage sets.
fn lattice_points(params: &Params) -> Vec<(usize, usize)> {
    check(params).new_points(Stage::Lattice).iter().collect()
}

/// The first octave's gradients, as the demos draw them.
fn gradient_arrows(params: &Params) -> Vec<Arrow> {
    (params.algorithm.description().gradient_arrows)(&check(params))
}

/// The first octave's grid, as the demos draw it.
fn lattice_lines(params: &Params) -> Vec<Segment> {
    (params.algorithm.description().lattice_lines)(&check(params))
}

/// Every algorithm with every fade it reads (simplex noise ignores the fade),
/// tileable or not.
fn kinds() -> Vec<Params> {
    let mut kinds = Vec::new();
    for tileable in [false, true] {
        for algorithm in noises() {
            let fades: &[Fade] = if algorithm == Algorithm::SIMPLEX_NOISE {
                &[Fade::Quintic]
            } else {
                &Fade::ALL
            };
            for &fade in fades {
                kinds.push(with(settings(algorithm), |params| {
                    params.noise.fade = fade;
                    params.noise.tileable = tileable;
                    params.noise.frequency = 6;
                }));
            }
        }
    }
    kinds
}

/// Uniform numbers in `[0, 1)` for test positions.
fn uniforms(seed: u64) -> impl Iterator<Item = f64> {
    let random = PointRandom::new(seed);
    (0..).map(move |index| random.unit(index))
}

// ---------------------------------------------------------------- settings

#[test]
fn the_defaults_are_valid_and_fit_each_basis() {
    for algorithm in noises() {
        let defaults = Params::new(algorithm);
        assert!(defaults.check().is_ok());
        assert_eq!(defaults.noise.frequency, DEFAULT_FREQUENCY);
        assert_eq!(defaults.noise.octaves, DEFAULT_OCTAVES);
        assert_eq!(defaults.map.exponent, DEFAULT_EXPONENT);
        assert!(defaults.map.normalize && !defaults.noise.tileable);
    }
    assert_eq!(
        Params::new(Algorithm::VALUE_NOISE).noise.fade,
        Fade::Smoothstep
    );
    assert_eq!(
        Params::new(Algorithm::PERLIN_NOISE).noise.fade,
        Fade::Quintic
    );
}

#[test]
fn validation_names_the_field_the_value_and_the_range() {
    let base = settings(Algorithm::PERLIN_NOISE);
    let cases: Vec<(Params, &str, &str, &str)> = vec![
        (
            with(base, |params| {
                params.map.exponent = 0;
            }),
            "exponent",
            "0",
            "1 to 12",
        ),
        (
            with(base, |params| {
                params.map.exponent = 13;
            }),
            "exponent",
            "13",
            "1 to 12",
        ),
        (
            with(base, |params| {
                params.noise.frequency = 0;
            }),
            "frequency",
            "0",
            "1 to 256",
        ),
        (
            with(base, |params| {
                params.noise.frequency = 257;
            }),
            "frequency",
            "257",
            "1 to 256",
        ),
        (
            with(base, |params| {
                params.noise.octaves = 0;
            }),
            "octaves",
            "0",
            "1 to 12",
        ),
        (
            with(base, |params| {
                params.noise.octaves = 13;
            }),
            "octaves",
            "13",
            "1 to 12",
        ),
        (
            with(base, |params| {
                params.noise.lacunarity = 0.99;
            }),
            "lacunarity",
            "0.99",
            "1 to 4",
        ),
        (
            with(base, |params| {
                params.noise.lacunarity = f64::NAN;
            }),
            "lacunarity",
            "NaN",
            "1 to 4",
        ),
        (
            with(base, |params| {
                params.noise.gain = -0.1;
            }),
            "gain",
            "-0.1",
            "0 to 1",
        ),
        (
            with(base, |params| {
                params.noise.gain = f64::INFINITY;
            }),
            "gain",
            "inf",
            "0 to 1",
        ),
        (
            with(base, |params| {
                params.noise.power = 0.0;
            }),
            "power",
            "0",
            "0.1 to 5",
        ),
        (
            with(base, |params| {
                params.noise.power = 5.5;
            }),
            "power",
            "5.5",
            "0.1 to 5",
        ),
        (
            with(base, |params| {
                params.noise.terraces = 33;
            }),
            "terraces",
            "33",
            "0 to 32",
        ),
        (
            with(base, |params| {
                params.noise.warp = -1.0;
            }),
            "warp",
            "-1",
            "0 to 4",
        ),
        (
            with(base, |params| {
                params.noise.damping = 4.5;
            }),
            "damping",
            "4.5",
            "0 to 4",
        ),
    ];
    for (bad, field, value, range) in cases {
        let error = bad.check().expect_err(field);
        assert_eq!(error.spec().map(|spec| spec.label), Some(field));
        let message = error.to_string();
        assert!(message.starts_with(field), "{message}");
        assert!(message.contains(range), "{message}");
        assert!(message.ends_with(value), "{message}");
        assert!(generate(&bad, Stage::Done).is_err());
    }
}

#[test]
fn the_range_ends_are_allowed() {
    let base = settings(Algorithm::SIMPLEX_NOISE);
    for good in [
        with(base, |params| {
            params.map.exponent = 1;
            params.noise.frequency = 1;
            params.noise.octaves = 1;
            params.noise.lacunarity = 1.0;
            params.noise.gain = 0.0;
            params.noise.power = 0.1;
            params.noise.terraces = 0;
            params.noise.warp = 0.0;
            params.noise.damping = 0.0;
        }),
        with(base, |params| {
            params.map.exponent = 12;
            params.noise.frequency = 256;
            params.noise.octaves = 12;
            params.noise.lacunarity = 4.0;
            params.noise.gain = 1.0;
            params.noise.power = 5.0;
            params.noise.terraces = 32;
            params.noise.warp = 4.0;
            params.noise.damping = 4.0;
        }),
    ] {
        assert!(good.check().is_ok(), "{good:?}");
    }
}

#[test]
fn stages_are_named_listed_and_checked() {
    let noise = with(settings(Algorithm::VALUE_NOISE), |params| {
        params.noise.octaves = 3;
    });
    let stages = noise.stages();
    let names: Vec<String> = stages.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        ["lattice", "octave-1", "octave-2", "octave-3", "done"]
    );
    for (stage, name) in stages.iter().zip(&names) {
        assert_eq!(name.parse::<Stage>(), Ok(*stage));
        assert_eq!(noise.check_stage(*stage), Ok(()));
    }
    for bad in ["", "octave-", "octave-+1", "octave-x", "octave"] {
        assert!(bad.parse::<Stage>().is_err(), "{bad}");
    }
    assert!(noise.check_stage(Stage::Pass(1)).is_err(), "not noise's");
    for count in [0, 4] {
        let error = noise
            .check_stage(Stage::Octave(count))
            .expect_err("outside");
        assert_eq!(
            error.to_string(),
            format!(
                "stage must be one of lattice, done or octave-1 to octave-3 for value-noise; \
                 got \"octave-{count}\""
            )
        );
        assert!(generate(&noise, Stage::Octave(count)).is_err());
    }
}

#[test]
fn names_round_trip() {
    assert_eq!(
        noises().map(Algorithm::title).collect::<Vec<_>>(),
        [
            "Value noise",
            "Perlin noise",
            "Simplex noise",
            "Cellular noise"
        ]
    );
    for fade in Fade::ALL {
        assert_eq!(Fade::from_name(fade.name()), Some(fade));
    }
    for shape in Shape::ALL {
        assert_eq!(Shape::from_name(shape.name()), Some(shape));
    }
}

// ------------------------------------------------------- the noise itself

#[test]
fn every_octave_stays_within_minus_one_to_one_and_uses_most_of_it() {
    for kind in kinds() {
        let mut extreme: f64 = 0.0;
        let mut positions = uniforms(5);
        let octave_sample = octave_sampler(&kind, 0);
        for _ in 0..60_000 {
            let u = positions.next().unwrap_or(0.0) * 12.0 - 3.0;
            let v = positions.next().unwrap_or(0.0) * 12.0 - 3.0;
            let value = octave_sample(u, v).value;
            assert!(
                (-1.0..=1.0).contains(&value),
                "{kind:?} at ({u}, {v}): {value}"
            );
            extreme = extreme.max(value.abs());
        }
        assert!(
            extreme > 0.5,
            "{:?} {:?}: only {extreme}",
            kind.algorithm,
            kind.noise.fade
        );
    }
}

#[test]
fn the_simplex_scale_bounds_the_worst_case_kernel_sum() {
    // The largest |noise| any choice of gradients can give is the kernel sum
    // with every gradient pointing at the point; the scale must keep it at 1.
    for grid in [simplex::EQUILATERAL, simplex::TILEABLE] {
        let mut worst: f64 = 0.0;
        let steps = 400;
        for a in 0..=steps {
            for b in 0..=steps {
                let (u, v) = (
                    f64::from(a) / f64::from(steps),
                    f64::from(b) / f64::from(steps),
                );
                // The point's skewed cell is (0, 0) for skewed coordinates in
                // the unit square; unskew them into a position.
                let shift = (u + v) * grid.unskew;
                let (x, y) = (u - shift, v - shift);
                let mut sum = 0.0;
                for (i, j) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let [cx, cy] = grid.position(i, j);
                    let distance2 = (x - cx).powi(2) + (y - cy).powi(2);
                    let reach = 0.5 - distance2;
                    if reach > 0.0 {
                        sum += reach.powi(4) * distance2.sqrt();
                    }
                }
                worst = worst.max(sum);
            }
        }
        let scale = 1.0 / worst;
        assert!(scale > 99.0 && scale < 102.0, "{scale}");
        let scaled = worst * grid.scale;
        assert!(scaled <= 1.0, "{scaled}");
        assert!(scaled > 0.9999, "{scaled}");
    }
}

#[test]
fn perlin_and_simplex_are_zero_at_the_first_octaves_lattice_points() {
    for algorithm in [Algorithm::PERLIN_NOISE, Algorithm::SIMPLEX_NOISE] {
        for tileable in [false, true] {
            let noise = with(settings(algorithm), |params| {
                params.noise.tileable = tileable;
                params.noise.frequency = 5;
            });
            let span = octave_frequency(&noise, 0);
            let last = (1u64 << noise.map.exponent) as f64;
            let octave_sample = octave_sampler(&noise, 0);
            for arrow in gradient_arrows(&noise) {
                let (u, v) = (arrow.x * span / last, arrow.y * span / last);
                let value = octave_sample(u, v).value;
                assert!(
                    value.abs() < 1e-12,
                    "{algorithm:?} {tileable} ({u}, {v}): {value}"
                );
            }
        }
    }
}

#[test]
fn the_noise_is_continuous_across_cell_borders() {
    let epsilon = 1e-9;
    for kind in kinds() {
        let mut positions = uniforms(11);
        let mut largest_step: f64 = 0.0;
        let octave_sample = octave_sampler(&kind, 0);
        for i in 1..6 {
            for _ in 0..200 {
                let along = positions.next().unwrap_or(0.0) * 6.0;
                // Across a vertical and a horizontal border of the square
                // lattices, and across lines through the simplex lattice.
                let border = f64::from(i);
                let pairs = match kind.algorithm.name() {
                    "simplex-noise" => {
                        let grid = SimplexNoise::new(&kind.noise).0;
                        let [x, y] = grid.position(i64::from(i), 2);
                        let t = along;
                        let (px, py) = (x + t * (1.0 - grid.unskew), y - t * grid.unskew);
                        [
                            ((px - epsilon, py - epsilon), (px + epsilon, py + epsilon)),
                            ((px - epsilon, py), (px + epsilon, py)),
                        ]
                    }
                    _ => [
                        ((border - epsilon, along), (border + epsilon, along)),
                        ((along, border - epsilon), (along, border + epsilon)),
                    ],
                };
                for ((u0, v0), (u1, v1)) in pairs {
                    let step = (octave_sample(u0, v0).value - octave_sample(u1, v1).value).abs();
                    largest_step = largest_step.max(step);
                }
            }
        }
        // The noise's slope is a few units at most, so a jump of 2ε·10
        // could only be a break.
        assert!(
            largest_step < 20.0 * 2.0 * epsilon,
            "{kind:?}: {largest_step}"
        );
    }
}

#[test]
fn gradients_match_finite_differences() {
    let h = 1e-6;
    for kind in kinds() {
        let mut positions = uniforms(23);
        let octave_sample = octave_sampler(&kind, 0);
        for _ in 0..2000 {
            let u = positions.next().unwrap_or(0.0) * 6.0;
            let v = positions.next().unwrap_or(0.0) * 6.0;
            let sample = octave_sample(u, v);
            let along_u =
                (octave_sample(u + h, v).value - octave_sample(u - h, v).value) / (2.0 * h);
            let along_v =
                (octave_sample(u, v + h).value - octave_sample(u, v - h).value) / (2.0 * h);
            // The linear fade has kinks; a difference straddling one is off.
            let tolerance =
                if kind.noise.fade == Fade::Linear && kind.algorithm != Algorithm::SIMPLEX_NOISE {
                    1.0
                } else {
                    1e-4
                };
            let error = (sample.gradient[0] - along_u)
                .abs()
                .max((sample.gradient[1] - along_v).abs());
            if error > tolerance {
                panic!(
                    "{kind:?} at ({u}, {v}): {:?} against ({along_u}, {along_v})",
                    sample.gradient
                );
            }
        }
    }
}

/// The mean size of the jump in the second difference across the cell
/// borders `u = i`, taken just either side of them: how much the curvature
/// jumps there (0 for a surface whose curvature is continuous).
fn curvature_jump(kind: &Params, h: f64) -> f64 {
    let octave_sample = octave_sampler(kind, 0);
    let second = |u: f64, v: f64| {
        (octave_sample(u + h, v).value - 2.0 * octave_sample(u, v).value
            + octave_sample(u - h, v).value)
            / (h * h)
    };
    let mut positions = uniforms(31);
    let mut total = 0.0;
    let mut count = 0.0;
    for i in 1..6 {
        for _ in 0..100 {
            let v = positions.next().unwrap_or(0.0) * 6.0;
            let border = f64::from(i);
            total += (second(border + 2.0 * h, v) - second(border - 2.0 * h, v)).abs();
            count += 1.0;
        }
    }
    total / count
}

/// The mean jump in slope across the borders, measured the same way.
fn slope_jump(kind: &Params, h: f64) -> f64 {
    let octave_sample = octave_sampler(kind, 0);
    let slope = |u: f64, v: f64| (octave_sample(u + h, v).value - octave_sample(u, v).value) / h;
    let mut positions = uniforms(37);
    let mut total = 0.0;
    for i in 1..6 {
        for _ in 0..100 {
            let v = positions.next().unwrap_or(0.0) * 6.0;
            let border = f64::from(i);
            total += (slope(border + h, v) - slope(border - 2.0 * h, v)).abs();
        }
    }
    total / 500.0
}

#[test]
fn the_quintic_fade_is_smooth_where_the_cubic_creases_and_the_linear_kinks() {
    for algorithm in [Algorithm::PERLIN_NOISE, Algorithm::VALUE_NOISE] {
        let kind = |fade| {
            with(settings(algorithm), |params| {
                params.noise.fade = fade;
            })
        };
        let h = 1e-4;
        let quintic = curvature_jump(&kind(Fade::Quintic), h);
        let cubic = curvature_jump(&kind(Fade::Smoothstep), h);
        // The smoothstep's curvature jumps by a finite amount at every
        // border; the quintic's does not jump at all, and its measured
        // jump is the change over 4h of a smooth curvature.
        assert!(cubic > 1.0, "{algorithm:?}: cubic {cubic}");
        assert!(
            quintic < cubic / 100.0,
            "{algorithm:?}: quintic {quintic}, cubic {cubic}"
        );
        // Halving h halves the quintic's residue: it is O(h), not a jump.
        let finer = curvature_jump(&kind(Fade::Quintic), h / 2.0);
        assert!(
            finer < 0.7 * quintic,
            "{algorithm:?}: {quintic} then {finer}"
        );
        // The linear fade breaks the slope itself.
        let linear = slope_jump(&kind(Fade::Linear), 1e-6);
        let smooth = slope_jump(&kind(Fade::Smoothstep), 1e-6);
        assert!(linear > 0.1, "{algorithm:?}: linear {linear}");
        assert!(smooth < 1e-4, "{algorithm:?}: smoothstep {smooth}");
    }
}

#[test]
fn tileable_octaves_repeat_exactly_after_their_period() {
    for kind in kinds().into_iter().filter(|kind| kind.noise.tileable) {
        for octave in [0, 1, 3] {
            let period = octave_frequency(&kind, octave);
            let mut positions = uniforms(41);
            let octave_sample = octave_sampler(&kind, octave);
            for _ in 0..500 {
                // Dyadic positions (multiples of 2^-20), so adding a whole
                // period is exact.
                let dyadic = |unit: f64| (unit * 1_048_576.0).floor() / 1_048_576.0 * period;
                let u = dyadic(positions.next().unwrap_or(0.0));
                let v = dyadic(positions.next().unwrap_or(0.0));
                let here = octave_sample(u, v).value;
                for (du, dv) in [(period, 0.0), (0.0, period), (-period, 2.0 * period)] {
                    let there = octave_sample(u + du, v + dv).value;
                    if kind.algorithm == Algorithm::SIMPLEX_NOISE {
                        // Skewing rounds differently at the shifted point.
                        assert!((here - there).abs() < 1e-12, "{kind:?} ({u}, {v})");
                    } else {
                        assert_eq!(here.to_bits(), there.to_bits(), "{kind:?} ({u}, {v})");
                    }
                }
            }
        }
    }
}

#[test]
fn tileable_frequencies_are_whole_and_simplex_ones_multiples_of_three() {
    let perlin = with(settings(Algorithm::PERLIN_NOISE), |params| {
        params.noise.tileable = true;
        params.noise.frequency = 3;
        params.noise.lacunarity = 1.7;
    });
    let frequencies: Vec<f64> = (0..6)
        .map(|octave| octave_frequency(&perlin, octave))
        .collect();
    assert_eq!(frequencies, [3.0, 5.0, 9.0, 15.0, 25.0, 43.0]);
    let simplex = with(perlin, |params| {
        params.algorithm = Algorithm::SIMPLEX_NOISE;
        params.noise.frequency = 4;
        params.noise.lacunarity = 2.0;
    });
    let frequencies: Vec<f64> = (0..5)
        .map(|octave| octave_frequency(&simplex, octave))
        .collect();
    assert_eq!(frequencies, [3.0, 9.0, 15.0, 33.0, 63.0]);
    let one = with(simplex, |params| {
        params.noise.frequency = 1;
    });
    assert_eq!(octave_frequency(&one, 0), 3.0);
    let open = with(perlin, |params| {
        params.noise.tileable = false;
    });
    assert_eq!(octave_frequency(&open, 2), 3.0 * 1.7 * 1.7);
}

/// The biggest difference across the seams of a 2 x 2 tiling of `map`,
/// over the biggest difference between neighbours inside it. The tiling
/// shares its seam rows and columns (the last of one copy is the first of
/// the next), so this compares the step from the second-to-last row of one
/// copy to the second row of the next with the map's own steps.
fn seam_ratio(map: &Heightmap) -> (f64, f64) {
    let last = map.last();
    let mut mismatch: f64 = 0.0;
    for t in 0..=last {
        mismatch = mismatch.max((map.get(last, t) - map.get(0, t)).abs());
        mismatch = mismatch.max((map.get(t, last) - map.get(t, 0)).abs());
    }
    let mut seam: f64 = 0.0;
    let mut inside: f64 = 0.0;
    for t in 0..=last {
        seam = seam.max((map.get(1, t) - map.get(last, t)).abs());
        seam = seam.max((map.get(last - 1, t) - map.get(0, t)).abs());
        for x in 1..last {
            inside = inside.max((map.get(x, t) - map.get(x - 1, t)).abs());
        }
    }
    (mismatch, seam / inside)
}

#[test]
fn tileable_maps_have_no_seam() {
    for kind in kinds().into_iter().filter(|kind| kind.noise.tileable) {
        for (shape, warp, damping) in [
            (Shape::Plain, 0.0, 0.0),
            (Shape::Ridged, 1.5, 0.0),
            (Shape::Billow, 0.0, 1.0),
            (Shape::SharpRidged, 0.7, 2.0),
        ] {
            if kind.noise.fade == Fade::Linear && damping > 0.0 {
                // Damping reads the slope, which the linear fade breaks at
                // every cell border: the terrain steps there, seam or not.
                continue;
            }
            let noise = with(kind, |params| {
                params.noise.shape = shape;
                params.noise.warp = warp;
                params.noise.damping = damping;
                params.map.exponent = 6;
                params.noise.frequency = 4;
            });
            for stage in [Stage::Octave(2), Stage::Done] {
                let map = run(&noise, stage);
                let (mismatch, ratio) = seam_ratio(&map);
                assert_eq!(mismatch, 0.0, "{noise:?} {stage}");
                assert!(
                    ratio <= 1.0,
                    "{noise:?} {stage}: seam steps {ratio} of the largest inner one"
                );
            }
        }
    }
}

// ----------------------------------------------------------------- stages

#[test]
fn each_octave_is_the_same_whatever_the_number_of_octaves() {
    for algorithm in noises() {
        for (shape, warp, damping) in [(Shape::Plain, 0.0, 0.0), (Shape::Ridged, 0.8, 1.5)] {
            let noise = |octaves| {
                with(settings(algorithm), |params| {
                    params.noise.octaves = octaves;
                    params.noise.shape = shape;
                    params.noise.warp = warp;
                    params.noise.damping = damping;
                })
            };
            for count in 1..=4 {
                let reference = raw_sums(&noise(count), count);
                for octaves in [count + 1, 8, 12] {
                    assert_eq!(
                        raw_sums(&noise(octaves), count),
                        reference,
                        "{algorithm:?} {count} of {octaves}"
                    );
                }
            }
        }
    }
}

#[test]
fn octave_stages_use_one_fixed_mapping() {
    for algorithm in noises() {
        let noise = with(settings(algorithm), |params| {
            params.noise.octaves = 5;
        });
        let total = total_amplitude(&noise.noise);
        assert_eq!(total, 1.0 + 0.5 + 0.25 + 0.125 + 0.0625);
        for count in 1..=5 {
            let map = run(&noise, Stage::Octave(count));
            for (height, sum) in map.heights().iter().zip(raw_sums(&noise, count)) {
                let expected = (0.5 + 0.5 * (sum / total)).clamp(0.0, 1.0);
                assert_eq!(*height, expected);
            }
        }
    }
}

#[test]
fn done_normalizes_the_full_sum_then_redistributes() {
    for algorithm in noises() {
        let noise = with(settings(algorithm), |params| {
            params.noise.octaves = 4;
        });
        let done = run(&noise, Stage::Done);
        let sums = raw_sums(&noise, 4);
        let mut expected = Heightmap::from_heights(noise.map.exponent, sums).expect("finite");
        expected.normalize();
        assert_eq!(done, expected);
        assert_eq!(done.min_max(), (0.0, 1.0));

        let fixed = run(
            &with(noise, |params| {
                params.map.normalize = false;
            }),
            Stage::Done,
        );
        assert_eq!(fixed, run(&noise, Stage::Octave(4)));

        let squared = run(
            &with(noise, |params| {
                params.noise.power = 2.0;
            }),
            Stage::Done,
        );
        for (&height, &plain) in squared.heights().iter().zip(done.heights()) {
            assert!((height - plain * plain).abs() <= 1e-15, "{height} {plain}");
        }
        assert_eq!(squared.min_max(), (0.0, 1.0));

        let terraced = run(
            &with(noise, |params| {
                params.noise.terraces = 4;
            }),
            Stage::Done,
        );
        for (&height, &plain) in terraced.heights().iter().zip(done.heights()) {
            let step = (plain * 4.0).floor();
            let within = plain * 4.0 - step;
            assert!((height - (step + within.powi(3)) / 4.0).abs() < 1e-15);
        }
        assert_eq!(terraced.min_max(), (0.0, 1.0));
    }
}

#[test]
fn a_flat_sum_stays_flat() {
    // One octave of Perlin noise read only at its lattice points is 0
    // everywhere: 2 cells over 3 points.
    let noise = with(settings(Algorithm::PERLIN_NOISE), |params| {
        params.map.exponent = 1;
        params.noise.frequency = 2;
        params.noise.octaves = 1;
    });
    let done = run(&noise, Stage::Done);
    assert!(done.heights().iter().all(|&height| height == 0.0));
    assert!(
        run(&noise, Stage::Octave(1))
            .heights()
            .iter()
            .all(|&height| height == 0.5)
    );
}

#[test]
fn the_lattice_stage_sets_the_lattice_points_to_the_first_octaves_heights() {
    for algorithm in noises() {
        for shape in [Shape::Plain, Shape::Billow] {
            // 4 cells over 32 steps: every lattice point is a map point.
            let noise = with(settings(algorithm), |params| {
                params.noise.frequency = 4;
                params.noise.shape = shape;
            });
            let lattice_map = run(&noise, Stage::Lattice);
            let first = run(&noise, Stage::Octave(1));
            let points = lattice_points(&noise);
            // The square lattices (simplex noise has a triangular one,
            // cellular noise a feature point per cell).
            if algorithm.reads(Group::Fade) {
                assert_eq!(points.len(), 25);
                assert!(points.iter().all(|&(x, y)| x % 8 == 0 && y % 8 == 0));
            }
            for y in 0..lattice_map.side() {
                for x in 0..lattice_map.side() {
                    let height = lattice_map.get(x, y);
                    if points.contains(&(x, y)) {
                        assert!(height > 0.0);
                        // Only the square lattices' points are map points.
                        if algorithm.reads(Group::Fade) {
                            assert_eq!(height, first.get(x, y), "{algorithm:?} ({x}, {y})");
                        }
                    } else {
                        assert_eq!(height, 0.0, "{algorithm:?} ({x}, {y})");
                    }
                }
            }
            if algorithm == Algorithm::PERLIN_NOISE && shape == Shape::Plain {
                assert!(points.iter().all(|&(x, y)| lattice_map.get(x, y) == 0.5));
            }
        }
    }
}

#[test]
fn the_first_octave_is_not_damped_and_warping_by_zero_is_no_warping() {
    for algorithm in noises() {
        let plain = settings(algorithm);
        let damped = with(plain, |params| {
            params.noise.damping = 2.0;
        });
        assert_eq!(raw_sums(&plain, 1), raw_sums(&damped, 1), "{algorithm:?}");
        assert_ne!(raw_sums(&plain, 3), raw_sums(&damped, 3), "{algorithm:?}");
        let warped = with(plain, |params| {
            params.noise.warp = 1.0;
        });
        assert_ne!(raw_sums(&plain, 1), raw_sums(&warped, 1), "{algorithm:?}");
    }
}

#[test]
fn damping_smooths_the_steep_ground() {
    // The later octaves' share of the roughness falls where the terrain is
    // steep: compare the roughness (mean absolute second difference) of
    // the map with and without damping, on the steepest quarter of points.
    for algorithm in noises() {
        let plain = with(settings(algorithm), |params| {
            params.map.exponent = 7;
            params.noise.octaves = 7;
        });
        let damped = with(plain, |params| {
            params.noise.damping = 1.0;
        });
        let (plain_map, damped_map) = (
            run(&plain, Stage::Octave(7)),
            run(&damped, Stage::Octave(7)),
        );
        let first = run(&plain, Stage::Octave(2));
        let side = first.side();
        let mut slopes = Vec::new();
        for y in 1..side - 1 {
            for x in 1..side - 1 {
                let slope = (first.get(x + 1, y) - first.get(x - 1, y)).abs()
                    + (first.get(x, y + 1) - first.get(x, y - 1)).abs();
                slopes.push((slope, x, y));
            }
        }
        slopes.sort_by(|a, b| b.0.total_cmp(&a.0));
        let roughness = |map: &Heightmap| {
            slopes[..slopes.len() / 4]
                .iter()
                .map(|&(_, x, y)| {
                    (map.get(x + 1, y) - 2.0 * map.get(x, y) + map.get(x - 1, y)).abs()
                })
                .sum::<f64>()
        };
        let ratio = roughness(&damped_map) / roughness(&plain_map);
        assert!(
            ratio < 0.8,
            "{algorithm:?}: damped roughness is {ratio} of plain"
        );
    }
}

#[test]
fn maps_depend_on_the_seed_and_nothing_else() {
    for algorithm in noises() {
        let noise = with(settings(algorithm), |params| {
            params.noise.warp = 0.5;
            params.noise.damping = 0.5;
        });
        let first = run(&noise, Stage::Done);
        assert_eq!(first, run(&noise, Stage::Done));
        let other = run(
            &with(noise, |params| {
                params.map.seed = 8;
            }),
            Stage::Done,
        );
        assert_ne!(first, other);
    }
}

#[test]
fn every_octave_has_its_own_lattice_and_offset() {
    let noise = settings(Algorithm::PERLIN_NOISE);
    let offsets: Vec<[f64; 2]> = (0..12)
        .map(|table| lattice(&noise, table, 4.0).offset())
        .collect();
    for (index, offset) in offsets.iter().enumerate() {
        for other in &offsets[index + 1..] {
            assert_ne!(offset, other);
        }
    }
    // With a lacunarity of 2 the octaves' lattices would coincide at every
    // first-octave lattice point; the offsets move them apart, so the sum
    // of two octaves is not 0 there.
    let two = run(
        &with(noise, |params| {
            params.noise.octaves = 2;
        }),
        Stage::Done,
    );
    let zeros = lattice_points(&noise)
        .iter()
        .filter(|&&(x, y)| two.get(x, y) == 0.0)
        .count();
    assert!(zeros <= 1, "{zeros}");
}

#[test]
fn progress_rises_to_one() {
    for stage in [Stage::Lattice, Stage::Octave(2), Stage::Done] {
        let mut shares = Vec::new();
        let noise = with(settings(Algorithm::PERLIN_NOISE), |params| {
            params.map.exponent = 6;
        });
        crate::generate_with_progress(&check(&noise), stage, &mut |share| shares.push(share))
            .expect("valid");
        assert_eq!(shares.last(), Some(&1.0));
        assert!(
            shares.windows(2).all(|pair| pair[0] < pair[1]),
            "{shares:?}"
        );
        assert!(shares.iter().all(|&share| share > 0.0 && share <= 1.0));
        if stage != Stage::Lattice {
            assert!(shares.len() >= 8, "{}", shares.len());
        }
    }
}

// --------------------------------------------------------------- overlays

#[test]
fn arrows_are_the_lattice_gradients() {
    for algorithm in [Algorithm::PERLIN_NOISE, Algorithm::SIMPLEX_NOISE] {
        for tileable in [false, true] {
            let noise = with(settings(algorithm), |params| {
                params.noise.tileable = tileable;
                params.noise.frequency = 4;
            });
            let arrows = gradient_arrows(&noise);
            assert!(!arrows.is_empty());
            let span = octave_frequency(&noise, 0);
            let last = 32.0;
            let octave_sample = octave_sampler(&noise, 0);
            for arrow in &arrows {
                assert!((0.0..=last).contains(&arrow.x) && (0.0..=last).contains(&arrow.y));
                assert!((arrow.dx.hypot(arrow.dy) - 1.0).abs() < 1e-14);
                // At its lattice point the noise's slope points along the
                // gradient (Perlin: is the gradient; simplex: a multiple).
                let sample = octave_sample(arrow.x * span / last, arrow.y * span / last);
                let [gx, gy] = sample.gradient;
                let length = gx.hypot(gy);
                assert!(length > 0.1);
                assert!(
                    (gx / length - arrow.dx).abs() < 1e-9,
                    "{algorithm:?} {arrow:?} {sample:?}"
                );
                assert!(
                    (gy / length - arrow.dy).abs() < 1e-9,
                    "{algorithm:?} {arrow:?} {sample:?}"
                );
            }
        }
    }
    assert!(gradient_arrows(&settings(Algorithm::VALUE_NOISE)).is_empty());
    let dense = with(settings(Algorithm::PERLIN_NOISE), |params| {
        params.noise.frequency = 64;
    });
    assert!(gradient_arrows(&dense).is_empty(), "65 x 65 is too many");
    let just = with(settings(Algorithm::PERLIN_NOISE), |params| {
        params.noise.frequency = 63;
    });
    assert_eq!(gradient_arrows(&just).len(), 64 * 64);
}

#[test]
fn lines_stay_on_the_map_and_stay_few() {
    for algorithm in noises() {
        for tileable in [false, true] {
            for frequency in [1, 4, 7, 256] {
                for exponent in [1, 9] {
                    let noise = with(settings(algorithm), |params| {
                        params.noise.tileable = tileable;
                        params.noise.frequency = frequency;
                        params.map.exponent = exponent;
                    });
                    let lines = lattice_lines(&noise);
                    let last = (1u32 << exponent) as f64;
                    assert!(!lines.is_empty());
                    assert!(lines.len() <= MAX_OVERLAY_ITEMS);
                    for line in &lines {
                        for [x, y] in [line.start, line.end] {
                            assert!(
                                (0.0..=last).contains(&x) && (0.0..=last).contains(&y),
                                "{line:?}"
                            );
                        }
                        assert!(line.start != line.end);
                    }
                    if algorithm != Algorithm::SIMPLEX_NOISE {
                        assert_eq!(lines.len(), 2 * (frequency as usize + 1));
                    }
                }
            }
        }
    }
}

#[test]
fn simplex_lines_pass_through_the_lattice_points() {
    for tileable in [false, true] {
        let noise = with(settings(Algorithm::SIMPLEX_NOISE), |params| {
            params.noise.tileable = tileable;
            params.noise.frequency = 4;
        });
        let lines = lattice_lines(&noise);
        for arrow in gradient_arrows(&noise) {
            // Six edges meet at an inner lattice point: at least three lines
            // (fewer on the border) pass through it.
            let through = lines
                .iter()
                .filter(|line| {
                    let [ax, ay] = line.start;
                    let [bx, by] = line.end;
                    let cross = (bx - ax) * (arrow.y - ay) - (by - ay) * (arrow.x - ax);
                    cross.abs() < 1e-9 * (bx - ax).hypot(by - ay).max(1.0)
                })
                .count();
            assert!(through >= 1, "{arrow:?}");
            let inner = (1.0..31.0).contains(&arrow.x) && (1.0..31.0).contains(&arrow.y);
            if inner {
                assert_eq!(through, 3, "{arrow:?}");
            }
        }
    }
}

#[test]
fn lattice_points_are_the_nearest_map_points_once_each() {
    // 3 cells over 32 steps: lattice points at 0, 10.67, 21.33, 32.
    let noise = with(settings(Algorithm::VALUE_NOISE), |params| {
        params.noise.frequency = 3;
    });
    let points = lattice_points(&noise);
    let expected: Vec<(usize, usize)> = [0, 11, 21, 32]
        .iter()
        .flat_map(|&y| [0, 11, 21, 32].map(move |x| (x, y)))
        .collect();
    assert_eq!(points, expected);
    // More cells than points: every map point is the nearest of some.
    let dense = with(settings(Algorithm::VALUE_NOISE), |params| {
        params.noise.frequency = 256;
        params.map.exponent = 2;
    });
    assert_eq!(lattice_points(&dense).len(), 25);
    let map = run(&dense, Stage::Lattice);
    assert!(map.heights().iter().all(|&height| height > 0.0));
}

/// A map made with kept octaves, checked against the same map made afresh.
fn run_keeping(kept: &mut KeptOctaves, settings: &Params, stage: Stage) -> Heightmap {
    crate::generate_keeping(&check(settings), stage, Some(kept), &mut |_| {})
        .unwrap_or_else(|error| panic!("{stage}: {error}"))
        .heightmap
}

#[test]
fn kept_octaves_give_every_map_to_the_bit() {
    for kind in kinds() {
        let mut kept = KeptOctaves::default();
        let with = |changes: fn(&mut Params)| with(kind, changes);
        // Changes that re-sum the kept octaves and changes that cannot,
        // in an order that goes back and forth between them.
        let steps: [(Params, Stage); 23] = [
            (kind, Stage::Octave(1)),
            (kind, Stage::Octave(2)),
            (with(|s| s.noise.gain = 0.6), Stage::Octave(5)),
            (kind, Stage::Done),
            (with(|s| s.noise.gain = 0.7), Stage::Done),
            (with(|s| s.noise.gain = 0.7), Stage::Octave(3)),
            (kind, Stage::Octave(DEFAULT_OCTAVES)),
            (with(|s| s.noise.octaves = 4), Stage::Done),
            (with(|s| s.noise.octaves = 8), Stage::Done),
            (with(|s| s.noise.shape = Shape::Ridged), Stage::Done),
            (with(|s| s.noise.shape = Shape::Billow), Stage::Octave(2)),
            (with(|s| s.noise.shape = Shape::SharpRidged), Stage::Done),
            (
                with(|s| s.noise.shape = Shape::RidgedMultifractal),
                Stage::Octave(3),
            ),
            (
                with(|s| {
                    s.noise.shape = Shape::RidgedMultifractal;
                    s.noise.ridges.feedback = 1.5;
                }),
                Stage::Done,
            ),
            (
                with(|s| (s.noise.power, s.noise.terraces) = (2.0, 3)),
                Stage::Done,
            ),
            (with(|s| s.map.normalize = false), Stage::Done),
            (kind, Stage::Lattice),
            (with(|s| s.noise.lacunarity = 2.5), Stage::Done),
            (with(|s| s.map.seed = 8), Stage::Done),
            (with(|s| s.noise.warp = 0.5), Stage::Done),
            (kind, Stage::Done),
            (with(|s| s.noise.damping = 0.3), Stage::Done),
            (with(|s| s.map.exponent = 6), Stage::Done),
        ];
        for (settings, stage) in &steps {
            let fresh = run(settings, *stage);
            let reused = run_keeping(&mut kept, settings, *stage);
            assert_eq!(reused.heights(), fresh.heights(), "{settings:?} at {stage}");
        }
    }
}

/// Whether every point of `map` has the same height, as a map read from
/// spoiled octaves has.
fn is_flat(map: &Heightmap) -> bool {
    map.heights()
        .iter()
        .all(|&height| height == map.heights()[0])
}

#[test]
fn kept_octaves_are_read_not_computed_again() {
    let base = settings(Algorithm::PERLIN_NOISE);
    let mut kept = KeptOctaves::default();
    run_keeping(&mut kept, &base, Stage::Done);
    kept.spoil();
    // Every octave is zero now, so any map read from them is flat.
    for (settings, stage) in [
        (
            with(base, |params| {
                params.noise.gain = 0.6;
            }),
            Stage::Done,
        ),
        (base, Stage::Octave(2)),
        (
            with(base, |params| {
                params.noise.octaves = 3;
            }),
            Stage::Done,
        ),
    ] {
        assert!(
            is_flat(&run_keeping(&mut kept, &settings, stage)),
            "{stage}"
        );
    }
    // Scrubbing forward from the first octave finds the later ones kept.
    let mut kept = KeptOctaves::default();
    run_keeping(&mut kept, &base, Stage::Octave(1));
    kept.spoil();
    for stage in [
        Stage::Octave(2),
        Stage::Octave(base.noise.octaves),
        Stage::Done,
    ] {
        assert!(is_flat(&run_keeping(&mut kept, &base, stage)), "{stage}");
    }
    // A new seed, more octaves or warping need new noise.
    for settings in [
        with(base, |params| {
            params.map.seed = 8;
        }),
        with(base, |params| {
            params.noise.octaves = base.noise.octaves + 1;
        }),
        with(base, |params| {
            params.noise.warp = 0.5;
        }),
    ] {
        kept.spoil();
        let map = run_keeping(&mut kept, &settings, Stage::Done);
        assert_eq!(
            map.heights(),
            run(&settings, Stage::Done).heights(),
            "{settings:?}"
        );
    }
}

// ---------------------------------------------------- ridged multifractal

/// `params` with the ridged multifractal's shape and these ridges.
fn multifractal(params: Params, offset: f64, feedback: f64) -> Params {
    with(params, |params| {
        params.noise.shape = Shape::RidgedMultifractal;
        params.noise.ridges = Ridges { offset, feedback };
    })
}

#[test]
fn the_ridged_multifractals_first_octave_is_sharp_ridged_lifted_by_its_offset() {
    for algorithm in noises() {
        let sharp = with(settings(algorithm), |params| {
            params.noise.shape = Shape::SharpRidged;
        });
        let ridged = multifractal(settings(algorithm), 1.0, 2.0);
        // At an offset of 1 the first octave is the sharp ridges, bit for bit.
        assert_eq!(
            run(&ridged, Stage::Octave(1)),
            run(&sharp, Stage::Octave(1)),
            "{algorithm}"
        );
        assert_eq!(
            run(&ridged, Stage::Lattice),
            run(&sharp, Stage::Lattice),
            "{algorithm}"
        );
        // A higher offset lifts every point.
        let lifted = run(
            &multifractal(settings(algorithm), 1.2, 2.0),
            Stage::Octave(1),
        );
        let plain = run(&ridged, Stage::Octave(1));
        assert!(
            lifted
                .heights()
                .iter()
                .zip(plain.heights())
                .all(|(high, low)| high >= low),
            "{algorithm}"
        );
    }
}

#[test]
fn without_feedback_the_later_octaves_let_nothing_through() {
    for algorithm in noises() {
        let first = raw_sums(&multifractal(settings(algorithm), 1.0, 0.0), 1);
        let all = raw_sums(&multifractal(settings(algorithm), 1.0, 0.0), 4);
        // Every later octave's signal is 0 everywhere: it only lowers the
        // whole map by its weight.
        let lowered = 0.5 + 0.25 + 0.125;
        for (one, four) in first.iter().zip(&all) {
            assert!(
                (four - (one - lowered)).abs() < 1e-12,
                "{algorithm}: {one} {four}"
            );
        }
    }
}

/// The mean absolute second difference across each point, over the points
/// whose height is in `heights`: how rough that ground is.
fn roughness_where(map: &Heightmap, heights: std::ops::Range<f64>) -> f64 {
    let (mut total, mut count) = (0.0, 0);
    for y in 1..map.last() {
        for x in 1..map.last() {
            if heights.contains(&map.get(x, y)) {
                let across = map.get(x - 1, y) - 2.0 * map.get(x, y) + map.get(x + 1, y);
                let down = map.get(x, y - 1) - 2.0 * map.get(x, y) + map.get(x, y + 1);
                total += across.abs() + down.abs();
                count += 1;
            }
        }
    }
    total / f64::from(count)
}

#[test]
fn the_ridged_multifractal_keeps_its_valleys_smooth_and_its_ridges_rough() {
    // Against the sharp ridges, which add every octave everywhere: the
    // feedback takes detail out of the low ground and leaves it on high.
    for algorithm in noises() {
        let base = with(settings(algorithm), |params| params.map.exponent = 8);
        let sharp = run(
            &with(base, |params| params.noise.shape = Shape::SharpRidged),
            Stage::Done,
        );
        let ridged = run(&multifractal(base, 1.0, 2.0), Stage::Done);
        let contrast =
            |map: &Heightmap| roughness_where(map, 0.6..1.0) / roughness_where(map, 0.0..0.4);
        let (sharp, ridged) = (contrast(&sharp), contrast(&ridged));
        // Seed 7: value 2.41 against 1.19, Perlin 1.53 against 1.15,
        // simplex 4.77 against 1.41, cellular 1.26 against 1.02.
        assert!(
            ridged > 1.2 && ridged > 1.15 * sharp,
            "{algorithm}: ridges over valleys {ridged} against {sharp}"
        );
    }
}

/// `basis`'s rows, with and without their gradients, against its samples
/// on `lattice`, bit for bit, along rows `rows` of columns spaced closer
/// and wider than a cell.
fn rows_match_samples<B: Basis>(basis: B, lattice: &Lattice, fade: Fade, rows: &[f64]) {
    for (step, start) in [
        (0.01, 0.2),
        (5.0 / 64.0, 0.0),
        (0.37, 0.61),
        (7.0, 0.2),
        (40.0, 0.2),
    ] {
        let columns = Columns::new(lattice, fade, 65, step, start);
        let mut out = vec![Pair::default(); 65];
        let mut gradients = GradientRows {
            values: vec![0.0; 65],
            along_u: vec![0.0; 65],
            along_v: vec![0.0; 65],
        };
        let bits = |value: f64| value.to_bits();
        // Every row beside every other, and beside itself: the same
        // lattice row, neighbouring ones, far apart.
        let terms = &mut B::Terms::default();
        for &v in rows {
            for &beside in rows {
                basis.rows(
                    lattice,
                    &columns,
                    Pair::new(v, beside),
                    terms,
                    &mut out,
                    |out, noise| *out = noise,
                );
                for (x, pair) in out.iter().enumerate() {
                    let u = columns.position[x];
                    for (lane, v) in [v, beside].into_iter().enumerate() {
                        let expected = basis.sample(lattice, u, v).value;
                        assert_eq!(bits(pair.lanes()[lane]), bits(expected), "rows, {u} {v}");
                    }
                }
            }
            let terms = &mut B::GradientTerms::default();
            basis.row_with_gradient(lattice, &columns, v, terms, &mut gradients);
            for x in 0..out.len() {
                let u = columns.position[x];
                let expected = basis.sample(lattice, u, v);
                assert_eq!(bits(gradients.values[x]), bits(expected.value), "{u} {v}");
                assert_eq!(bits(gradients.along_u[x]), bits(expected.gradient[0]));
                assert_eq!(bits(gradients.along_v[x]), bits(expected.gradient[1]));
            }
        }
    }
}

#[test]
fn rows_match_samples_bit_for_bit_gradients_included() {
    let rows = [0.0, 0.4, 0.77, 3.999, 4.5, 5.5, 6.5, 7.0, 1e6 + 0.3];
    for period in [None, Some(5), Some(7)] {
        let lattice = Lattice::new(8, 2, period);
        for fade in Fade::ALL {
            rows_match_samples(ValueNoise(fade), &lattice, fade, &rows);
            rows_match_samples(PerlinNoise(fade), &lattice, fade, &rows);
        }
    }
    for tileable in [false, true] {
        let settings = NoiseSettings {
            tileable,
            ..NoiseSettings::default()
        };
        // A tileable simplex grid repeats every three lattice units.
        let lattice = Lattice::new(3, 5, tileable.then_some(30));
        rows_match_samples(SimplexNoise::new(&settings), &lattice, Fade::Quintic, &rows);
    }
    for (jitter, cell) in [(1.0, Cell::F1), (0.5, Cell::F2), (1.0, Cell::F2MinusF1)] {
        let mut settings = NoiseSettings::default();
        settings.cellular.jitter = jitter;
        settings.cellular.cell = cell;
        for period in [None, Some(6)] {
            let lattice = Lattice::new(4, 1, period);
            rows_match_samples(
                CellularNoise::new(&settings),
                &lattice,
                Fade::Quintic,
                &rows,
            );
        }
    }
}
