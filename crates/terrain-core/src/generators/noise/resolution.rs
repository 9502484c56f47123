//! How fine an octave a map can show, and why five octaves is the default.
//!
//! Perlin noise is 0 at every lattice point and swings up or down between
//! them, so a map point needs company inside its cell to show a hill: with
//! two or more samples a cell, neighbours read the same gradients and move
//! together. With one sample a cell, every point lands on the same spot of
//! its own cell (each octave after the first is shifted by one fixed
//! offset), and neighbours are blends of mostly different gradients. Such
//! an octave is aliased speckle, about as correlated as white noise, not
//! finer detail. On the default map (129 points, 128 steps, frequency 4,
//! lacunarity 2) the fifth octave has 64 cells, two samples a cell, and a
//! sixth would have one; so [`DEFAULT_OCTAVES`] is 5.

use super::tests::{noises, octave_frequency, raw_sums, with};
use super::*;
use crate::{Algorithm, Params};

/// Octave `octave` (from 0) of `settings`' sum on its own, as the map holds
/// it (its weight included, which a correlation ignores).
fn octave_alone(settings: &Params, octave: u32) -> Vec<f64> {
    let with = raw_sums(settings, octave + 1);
    if octave == 0 {
        return with;
    }
    let without = raw_sums(settings, octave);
    with.iter()
        .zip(&without)
        .map(|(with, without)| with - without)
        .collect()
}

/// The correlation between side-by-side points, left-right and up-down
/// pairs together: near 1 for a smooth surface, near 0 for white noise.
fn neighbour_correlation(values: &[f64]) -> f64 {
    let side = (values.len() as f64).sqrt() as usize;
    assert_eq!(side * side, values.len(), "a square map");
    let count = values.len() as f64;
    let mean = values.iter().sum::<f64>() / count;
    let variance = values
        .iter()
        .map(|value| (value - mean).powi(2))
        .sum::<f64>()
        / count;
    let (mut sum, mut pairs) = (0.0, 0.0);
    for a in 0..side {
        for b in 0..side - 1 {
            let across = [values[a * side + b], values[a * side + b + 1]];
            let down = [values[b * side + a], values[(b + 1) * side + a]];
            for [first, second] in [across, down] {
                sum += (first - mean) * (second - mean);
                pairs += 1.0;
            }
        }
    }
    sum / pairs / variance
}

/// Map steps per lattice cell of octave `octave`.
fn samples_per_cell(settings: &Params, octave: u32) -> f64 {
    (1u64 << settings.map.exponent) as f64 / octave_frequency(settings, octave)
}

#[test]
fn a_perlin_octave_sampled_once_a_cell_is_speckle_and_twice_a_cell_is_terrain() {
    for seed in [1, 7, 2016, 65_537] {
        // The default map, with one octave more than it can show.
        let settings = with(Params::new(Algorithm::PERLIN_NOISE), |params| {
            params.map.seed = seed;
            params.noise.octaves = 6;
        });
        for octave in 0..settings.noise.octaves {
            let samples = samples_per_cell(&settings, octave);
            let correlation = neighbour_correlation(&octave_alone(&settings, octave));
            if samples >= 2.0 {
                assert!(
                    correlation > 0.2,
                    "seed {seed}, octave {}: {samples} samples a cell, correlation {correlation}",
                    octave + 1
                );
            } else {
                // Between about -0.25 and 0, by where in its cell the
                // octave's one sample falls: never alike, often opposed.
                assert!(
                    correlation < 0.05,
                    "seed {seed}, octave {}: {samples} sample a cell, correlation {correlation}",
                    octave + 1
                );
            }
        }
    }
}

#[test]
fn the_default_octaves_are_all_the_default_map_can_show() {
    for algorithm in [Algorithm::VALUE_NOISE, Algorithm::PERLIN_NOISE] {
        let defaults = Params::new(algorithm);
        let finest = samples_per_cell(&defaults, DEFAULT_OCTAVES - 1);
        let next = samples_per_cell(&defaults, DEFAULT_OCTAVES);
        assert!(
            finest >= 2.0,
            "{algorithm:?}: the finest default octave has {finest} samples a cell"
        );
        assert!(
            next < 2.0,
            "{algorithm:?}: one more octave would have {next} samples a cell"
        );
    }
}

/// Prints, for each algorithm, the range of each octave's neighbour correlation
/// on the default map over 16 seeds:
/// `cargo test -p terrain-core --lib resolution -- --ignored --nocapture`.
#[test]
#[ignore = "prints measurements"]
fn print_neighbour_correlations() {
    for algorithm in noises() {
        let mut ranges = [(f64::INFINITY, f64::NEG_INFINITY); 6];
        for seed in 0..16 {
            let settings = with(Params::new(algorithm), |params| {
                params.map.seed = seed;
                params.noise.octaves = 6;
            });
            for (octave, range) in (0..settings.noise.octaves).zip(&mut ranges) {
                let correlation = neighbour_correlation(&octave_alone(&settings, octave));
                *range = (range.0.min(correlation), range.1.max(correlation));
            }
        }
        let settings = Params::new(algorithm);
        let ranges: Vec<String> = (0..6)
            .zip(ranges)
            .map(|(octave, (low, high))| {
                let samples = samples_per_cell(&settings, octave);
                format!("{samples} a cell: {low:+.3} to {high:+.3}")
            })
            .collect();
        println!("{algorithm:?}: {}", ranges.join("; "));
    }
}
