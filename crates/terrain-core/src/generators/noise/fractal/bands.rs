//! A noise map made a band of rows at a time, for a pool of workers that
//! each make some of the bands (`generateAsync` in the browser).
//!
//! Every noise is a pure function of the point, and the fractal sum
//! makes a row the same whatever band it is made in, so the only thing a
//! band cannot know alone is the whole map's lowest and highest sums, which
//! a normalized map is stretched by. A banded run is therefore two passes:
//!
//! 1. [`generate_rows`] makes a band's rows: the raw sums and their extent
//!    when the map is normalized, the finished heights (before the power
//!    and terraces) when it is not;
//! 2. the bands' extents are combined in row order ([`combine`]), and
//!    [`finish_rows`] stretches each band by the whole map's extent and
//!    applies the power and the terraces.
//!
//! The result equals [`crate::generate`]'s map bit for bit: each height
//! goes through the same operations in the same order, and the extents
//! combine as the single pass's running extent does (`<` and `>` keep the
//! first of equal values, signed zeros included).

use std::ops::Range;

use super::super::basis::Basis;
use super::super::cellular::CellularNoise;
use super::super::perlin::PerlinNoise;
use super::super::simplex::SimplexNoise;
use super::super::value::ValueNoise;
use super::{Plan, fixed_height, include_row, redistribute, total_amplitude};
use crate::heightmap::{Extent, normalize_heights};
use crate::params::{Algorithm, Params};
use crate::stage::Stage;

/// A band of a map's rows, as [`generate_rows`] makes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rows {
    /// The band's rows, a whole map row each (`side` heights), row-major.
    pub heights: Vec<f64>,
    /// The lowest raw sum in the band (infinity when the map is not
    /// normalized, or the band is empty).
    pub low: f64,
    /// The highest raw sum in the band (minus infinity likewise).
    pub high: f64,
}

/// How many rows a banded run of `params` up to `stage` makes with
/// [`generate_rows`] (a tileable map's last row is a copy of its first,
/// made by the caller), or `None` when this map is made in one piece: an
/// algorithm that is not a noise of the fractal sum, or a stage other than
/// `done`.
pub fn banded_rows(params: &Params, stage: Stage) -> Option<usize> {
    (stage == Stage::Done && maker(params.algorithm).is_some()).then(|| computed_rows(params))
}

/// The rows `rows` (within [`banded_rows`]) of the map `params` describe
/// at `done`, and their extent (see [`Rows`]). `None` when the map is not
/// made in bands.
pub fn generate_rows(params: &Params, rows: Range<usize>) -> Option<Rows> {
    let rows = rows.start.min(computed_rows(params))..rows.end.min(computed_rows(params));
    maker(params.algorithm).map(|make| make(params, rows))
}

/// The extent of the whole map from its bands' extents, given in row
/// order: as the single pass finds it.
pub fn combine(extents: impl IntoIterator<Item = (f64, f64)>) -> (f64, f64) {
    let mut extent = Extent::EMPTY;
    for (low, high) in extents {
        extent.include(low);
        extent.include(high);
    }
    (extent.low, extent.high)
}

/// Finishes a band [`generate_rows`] made, given the whole map's extent
/// ([`combine`]): stretched to `[0, 1]` when the map is normalized, then
/// raised to the power and cut into terraces.
pub fn finish_rows(params: &Params, heights: &mut [f64], (low, high): (f64, f64)) {
    if params.map.normalize {
        normalize_heights(heights, low, high);
    }
    redistribute(&params.noise, heights);
}

/// [`finish_rows`] for a map that [`only_stretches`]: the heights
/// stretched from the whole map's extent to `[0, 1]`, in place.
pub fn stretch_rows(heights: &mut [f64], (low, high): (f64, f64)) {
    normalize_heights(heights, low, high);
}

/// Whether [`finish_rows`] changes anything: when it does not, the bands
/// [`generate_rows`] makes are the map's heights already.
pub fn needs_finishing(params: &Params) -> bool {
    let noise = &params.noise;
    params.map.normalize || noise.power != 1.0 || noise.terraces != 0
}

/// Whether [`finish_rows`] only stretches (a normalized map with no power
/// and no terraces): `generateAsync` then stretches each band as it copies
/// it into the map, with `heightmap::normalize_heights`'s operations in their order,
/// rather than send every band back to a worker.
pub fn only_stretches(params: &Params) -> bool {
    let noise = &params.noise;
    params.map.normalize && noise.power == 1.0 && noise.terraces == 0
}

/// The rows a run computes: all of them, or all but the last for a
/// tileable map.
fn computed_rows(params: &Params) -> usize {
    let side = params.map.side();
    if params.noise.tileable {
        side - 1
    } else {
        side
    }
}

type Maker = fn(&Params, Range<usize>) -> Rows;

/// The band maker for `algorithm`'s basis, if it is a noise.
fn maker(algorithm: Algorithm) -> Option<Maker> {
    [
        (Algorithm::VALUE_NOISE, rows_of::<ValueNoise> as Maker),
        (Algorithm::PERLIN_NOISE, rows_of::<PerlinNoise>),
        (Algorithm::SIMPLEX_NOISE, rows_of::<SimplexNoise>),
        (Algorithm::CELLULAR_NOISE, rows_of::<CellularNoise>),
    ]
    .into_iter()
    .find(|(noise, _)| *noise == algorithm)
    .map(|(_, make)| make)
}

/// Rows `rows` of the `done` map of basis `B`, as `fractal::run` makes
/// them before it normalizes.
fn rows_of<B: Basis>(params: &Params, rows: Range<usize>) -> Rows {
    let settings = &params.noise;
    let plan = Plan::<B>::new(params, settings.octaves);
    let total = total_amplitude(settings);
    let normalize = params.map.normalize;
    let side = params.map.side();
    let mut heights = Vec::with_capacity(rows.len() * side);
    let mut extent = Extent::EMPTY;
    plan.for_each_row(rows, &mut heights, side, &mut |_| {}, None, |row| {
        if normalize {
            include_row(&mut extent, row);
        } else {
            for height in row {
                *height = fixed_height(*height, total);
            }
        }
    });
    if settings.tileable {
        // The last column is the first's point of the periodic surface.
        for row in heights.chunks_exact_mut(side) {
            row[side - 1] = row[0];
        }
    }
    Rows {
        heights,
        low: extent.low,
        high: extent.high,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate;
    use crate::params::Params;

    /// The map made band by band, as the pool does, with `bands` bands.
    fn banded(params: &Params, bands: usize) -> Vec<f64> {
        let side = params.map.side();
        let rows = banded_rows(params, Stage::Done).expect("a noise");
        let per_band = rows.div_ceil(bands).max(1);
        let mut made: Vec<Rows> = (0..rows)
            .step_by(per_band)
            .map(|start| generate_rows(params, start..(start + per_band).min(rows)).unwrap())
            .collect();
        let extent = combine(made.iter().map(|band| (band.low, band.high)));
        let mut heights = Vec::new();
        for band in &mut made {
            if needs_finishing(params) {
                finish_rows(params, &mut band.heights, extent);
            }
            heights.extend_from_slice(&band.heights);
        }
        if rows < side {
            heights.extend_from_within(0..side);
        }
        heights
    }

    #[test]
    fn bands_give_the_single_pass_map_bit_for_bit() {
        let noises = [
            Algorithm::VALUE_NOISE,
            Algorithm::PERLIN_NOISE,
            Algorithm::SIMPLEX_NOISE,
            Algorithm::CELLULAR_NOISE,
        ];
        let mut compared = 0;
        for algorithm in noises {
            for (exponent, tileable, normalize, power, terraces, warp) in [
                (1, false, true, 1.0, 0, 0.0),
                (3, true, true, 1.0, 0, 0.0),
                (6, false, true, 1.7, 0, 0.0),
                (6, true, false, 1.0, 4, 0.0),
                (7, false, true, 1.0, 0, 0.8),
                (7, false, false, 0.6, 3, 0.5),
            ] {
                let mut params = Params::new(algorithm);
                params.map.exponent = exponent;
                params.map.seed = 11;
                params.map.normalize = normalize;
                params.noise.tileable = tileable;
                params.noise.power = power;
                params.noise.terraces = terraces;
                params.noise.warp = warp;
                let Ok(params) = params.check() else {
                    continue;
                };
                let whole = generate(&params, Stage::Done).unwrap().heightmap;
                for bands in [1, 2, 3, 4, 7] {
                    let made = banded(&params, bands);
                    let same = made
                        .iter()
                        .zip(whole.heights())
                        .all(|(a, b)| a.to_bits() == b.to_bits());
                    assert!(
                        same && made.len() == whole.heights().len(),
                        "{algorithm} exponent {exponent} tileable {tileable} normalize \
                         {normalize} in {bands} bands"
                    );
                    compared += 1;
                }
            }
        }
        assert!(compared >= 100, "only {compared} maps compared");
    }

    #[test]
    fn only_noises_at_done_are_banded() {
        let params = Params::new(Algorithm::DIAMOND_SQUARE);
        assert_eq!(banded_rows(&params, Stage::Done), None);
        let perlin = Params::new(Algorithm::PERLIN_NOISE);
        assert_eq!(banded_rows(&perlin, Stage::Octave(1)), None);
        assert_eq!(banded_rows(&perlin, Stage::Done), Some(perlin.map.side()));
    }
}
