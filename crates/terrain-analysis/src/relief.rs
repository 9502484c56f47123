//! How steep and how rough a map is, and the fields the measuring palettes
//! colour by: slope, curvature and flow.
//!
//! Slopes are measured on the surface the 3D view draws
//! ([`terrain_core::world`]: a map 100 units wide, a height of 1 standing
//! 50 units tall, times the view's relief), by the same differences the
//! renderer's normals take, so a slope of 30° here is a slope that looks
//! 30° steep on screen.

use crate::distribution::Histogram;
use terrain_core::erosion::flow::{self, Routing};
use terrain_core::world::{HEIGHT_SCALE, WORLD_SIZE};
use terrain_core::{Error, Heightmap};

/// The slope histogram's bins: 18 of 5° each, from flat to vertical.
pub const SLOPE_BINS: usize = 18;

/// The slope of a map as the 3D view draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct SlopeSummary {
    /// The mean slope over every point, in degrees; `None` when it was not
    /// asked for ([`SlopeSummary::without_mean`]).
    pub mean_degrees: Option<f64>,
    /// The steepest point's slope, in degrees.
    pub max_degrees: f64,
    /// How many points have each slope, in [`SLOPE_BINS`] bins of 5° from
    /// 0° to 90°.
    pub histogram: Histogram,
}

impl SlopeSummary {
    /// The slopes of `map` drawn at `relief`.
    pub fn of(map: &Heightmap, relief: f64) -> Self {
        Self::measure(map, relief, true)
    }

    /// The slopes of `map` drawn at `relief`, all but their mean: what the
    /// Analyze panel shows. The mean takes an arctangent at every point;
    /// the histogram and the steepest slope need none: a point's bin is
    /// found by comparing its squared gradient with `tan²` of the bins'
    /// edges.
    pub fn without_mean(map: &Heightmap, relief: f64) -> Self {
        Self::measure(map, relief, false)
    }

    /// A point is in the slope histogram's bin `k` when its slope is at
    /// least `5k` degrees, that is when its squared gradient (rise over
    /// run, squared) is at least `tan²(5k°)`; so the bins are found by
    /// comparing the squared gradient with those 17 thresholds, and only
    /// the steepest point and, if `with_mean`, every point needs its
    /// gradient turned into an angle.
    fn measure(map: &Heightmap, relief: f64, with_mean: bool) -> Self {
        let (mut histogram, _) = Histogram::empty(0.0, 90.0, SLOPE_BINS);
        let width = 90.0 / SLOPE_BINS as f64;
        // Bin `k`'s lowest squared gradient, for `k` in 0..=17, then
        // beyond every gradient up to 32 entries, for the search below.
        let mut thresholds = [f64::INFINITY; 32];
        for (bin, threshold) in thresholds.iter_mut().take(SLOPE_BINS).enumerate() {
            *threshold = (width * bin as f64).to_radians().tan().powi(2);
        }
        let (mut steepest, mut sum) = (0.0f64, 0.0);
        each_squared_gradient(map, relief, |squared| {
            // Huge heights' differences overflow to infinity, which the
            // search's infinite sentinels would not stop: the steepest
            // finite value is as vertical (90 degrees) and stops in bin 17.
            let squared = squared.min(f64::MAX);
            // The last bin whose threshold is at most `squared`, by halving
            // steps of arithmetic: written as `if`s they compiled to
            // branches, whose mispredictions made the search cost more
            // than an arctangent.
            let mut bin = 0;
            for step in [16, 8, 4, 2, 1] {
                bin += step * usize::from(thresholds[bin + step] <= squared);
            }
            histogram.counts[bin] += 1;
            if squared > steepest {
                steepest = squared;
            }
            if with_mean {
                sum += degrees_of(squared);
            }
        });
        let count = (map.side() * map.side()).max(1) as f64;
        Self {
            mean_degrees: with_mean.then_some(sum / count),
            max_degrees: degrees_of(steepest),
            histogram,
        }
    }
}

/// The slope, in degrees, of a squared gradient.
fn degrees_of(squared_gradient: f64) -> f64 {
    squared_gradient.sqrt().atan().to_degrees()
}

/// The slope at every point of `map` drawn at `relief`, in degrees (0 flat
/// to 90 vertical), row-major: from central differences (one-sided on the
/// border) of the heights as drawn, the same differences the renderer's
/// normals take ([`terrain_core::world::normal`]).
pub fn slope_degrees(map: &Heightmap, relief: f64) -> Vec<f64> {
    let mut degrees = Vec::with_capacity(map.side() * map.side());
    each_squared_gradient(map, relief, |squared| degrees.push(degrees_of(squared)));
    degrees
}

/// Calls `each` with the squared gradient (rise over run, squared) of
/// every point of `map` drawn at `relief`, row-major, as
/// [`slope_degrees`] takes it.
fn each_squared_gradient(map: &Heightmap, relief: f64, mut each: impl FnMut(f64)) {
    let side = map.side();
    let last = map.last();
    let heights = map.heights();
    // A height step over one cell, in world units up per world unit across.
    let rise = HEIGHT_SCALE * relief / (WORLD_SIZE / last as f64);
    for y in 0..side {
        let (north, south) = (y.saturating_sub(1), (y + 1).min(last));
        let across_rows = rise / (south - north) as f64;
        let row = &heights[y * side..][..side];
        let (north_row, south_row) = (
            &heights[north * side..][..side],
            &heights[south * side..][..side],
        );
        let squared = |x: usize, west: usize, east: usize| {
            let along = (row[east] - row[west]) * rise / (east - west) as f64;
            let across = (south_row[x] - north_row[x]) * across_rows;
            along * along + across * across
        };
        // The border points one-sided, the inner ones (most) centred, with
        // no per-point choice of neighbours or division by their distance.
        each(squared(0, 0, 1));
        for x in 1..last {
            let along = (row[x + 1] - row[x - 1]) * rise / 2.0;
            let across = (south_row[x] - north_row[x]) * across_rows;
            each(along * along + across * across);
        }
        each(squared(last, last - 1, last));
    }
}

/// The curvature at every point of `map`, row-major: minus the Laplacian
/// of the surface drawn at relief 1 (heights and distances in world
/// units, so per world unit). Positive on crests and peaks, which bulge
/// up; negative in hollows and valley floors; zero on a plane, however
/// tilted.
pub fn curvature(map: &Heightmap) -> Vec<f64> {
    let spacing = WORLD_SIZE / map.last() as f64;
    let scale = HEIGHT_SCALE / (spacing * spacing);
    laplacian(map)
        .into_iter()
        .map(|value| -value * scale)
        .collect()
}

/// The discrete Laplacian of `map` in map heights per cell squared, the
/// sum of the second differences along the rows and the columns,
/// row-major. On the border, where a neighbour is missing, the second
/// difference across the border is that of the three points next to it
/// inside, so a plane has none anywhere.
fn laplacian(map: &Heightmap) -> Vec<f64> {
    let mut field = Vec::with_capacity(map.side() * map.side());
    each_laplacian(map, |value| field.push(value));
    field
}

/// Calls `each` with the discrete Laplacian ([`laplacian`]) at every point
/// of `map`, row-major.
fn each_laplacian(map: &Heightmap, mut each: impl FnMut(f64)) {
    let side = map.side();
    let last = map.last();
    let heights = map.heights();
    let row = |y: usize| &heights[y * side..][..side];
    for y in 0..side {
        // The rows the second difference down the columns is taken over:
        // around `y`, or next to it inside on the border.
        let centre = y.clamp(1, last - 1);
        let (up, middle, down, this) = (row(centre - 1), row(centre), row(centre + 1), row(y));
        let along_x = |x: usize| this[x - 1] - 2.0 * this[x] + this[x + 1];
        let along_y = |x: usize| up[x] - 2.0 * middle[x] + down[x];
        each(along_x(1) + along_y(0));
        for x in 1..last {
            each(along_x(x) + along_y(x));
        }
        each(along_x(last - 1) + along_y(last));
    }
}

/// How many points' rain passes through every point of `map` (itself
/// included), row-major: the rivers' measure. Pits are filled to where
/// they spill over and the water runs to the steepest lower neighbour,
/// exactly as the rivers the demos draw ([`flow::fill_pits`],
/// [`flow::accumulate`]); with `wrap` it crosses the edges. Refused as
/// erosion refuses a map: a height past ±1 000 000.
pub fn flow(map: &Heightmap, wrap: bool) -> Result<Vec<f64>, Error> {
    let filled = flow::fill_pits(map, wrap)?;
    flow::accumulate(&filled, Routing::Steepest, wrap)
}

/// The root mean square of each point's height minus the mean of its
/// four neighbours along the rows and columns (a quarter of the
/// Laplacian; on the border, of the second differences next to it
/// inside), in map heights: how rough the map is at its finest scale.
pub fn roughness(map: &Heightmap) -> f64 {
    let mut sum = 0.0;
    each_laplacian(map, |value| sum += value * value);
    (sum / (map.side() * map.side()) as f64).sqrt() / 4.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(exponent: u32, rise_per_map: f64) -> Heightmap {
        let mut map = Heightmap::new(exponent).unwrap_or_default();
        let last = map.last() as f64;
        for y in 0..map.side() {
            for x in 0..map.side() {
                map.set(x, y, rise_per_map * x as f64 / last);
            }
        }
        map
    }

    #[test]
    fn a_plane_has_one_slope_no_curvature_and_no_roughness() {
        // Rising 2 map heights over the map's width: 100 units up over 100
        // across at relief 1, 45°; half as tall at relief 0.5.
        let map = plane(4, 2.0);
        for (relief, expected) in [(1.0, 45.0), (0.5, 0.5f64.atan().to_degrees())] {
            let summary = SlopeSummary::of(&map, relief);
            assert!(
                summary
                    .mean_degrees
                    .is_some_and(|mean| (mean - expected).abs() < 1e-9),
                "{summary:?}"
            );
            assert!((summary.max_degrees - expected).abs() < 1e-9);
            assert_eq!(summary.histogram.counts.iter().sum::<u64>(), 17 * 17);
        }
        assert!(curvature(&map).iter().all(|value| value.abs() < 1e-9));
        assert!(roughness(&map) < 1e-12);
    }

    #[test]
    fn the_thresholds_bin_as_the_angles_do() {
        // Binning the squared gradients by the tangents of the bins' edges
        // gives the histogram of the angles themselves, with or without
        // the mean, on a rough map at several reliefs.
        let params = terrain_core::ValidParams::new(terrain_core::Algorithm::DIAMOND_SQUARE)
            .with_exponent(7)
            .map(|params| params.with_seed(3));
        let Ok(terrain) =
            params.and_then(|params| terrain_core::generate(&params, terrain_core::Stage::Done))
        else {
            panic!("diamond-square made no map");
        };
        let map = terrain.heightmap;
        for relief in [0.1, 0.5, 1.0, 2.0] {
            let degrees = slope_degrees(&map, relief);
            let angles = Histogram::of(&degrees, 0.0, 90.0, SLOPE_BINS);
            let full = SlopeSummary::of(&map, relief);
            let without_mean = SlopeSummary::without_mean(&map, relief);
            assert_eq!(full.histogram, angles);
            assert_eq!(without_mean.histogram, angles);
            assert_eq!(without_mean.mean_degrees, None);
            let mean = degrees.iter().sum::<f64>() / degrees.len() as f64;
            assert_eq!(full.mean_degrees, Some(mean));
            assert_eq!(
                full.max_degrees,
                degrees.iter().copied().fold(0.0, f64::max)
            );
            let bins_used = angles.counts.iter().filter(|&&count| count > 0).count();
            assert!(bins_used > if relief < 1.0 { 1 } else { 3 }, "{angles:?}");
        }
    }

    #[test]
    fn the_laplacian_by_rows_is_the_laplacian_point_by_point() {
        // Each point's second differences, read one by one (on the border,
        // those next to it inside), against the row-by-row sweep.
        let mut map = Heightmap::new(3).unwrap_or_default();
        for (index, height) in map.heights_mut().iter_mut().enumerate() {
            *height = ((index * 7919) % 23) as f64 / 23.0;
        }
        let last = map.last();
        let centred = |index: usize| index.clamp(1, last - 1);
        let mut expected = Vec::new();
        for y in 0..map.side() {
            for x in 0..map.side() {
                let (cx, cy) = (centred(x), centred(y));
                let along_x = map.get(cx - 1, y) - 2.0 * map.get(cx, y) + map.get(cx + 1, y);
                let along_y = map.get(x, cy - 1) - 2.0 * map.get(x, cy) + map.get(x, cy + 1);
                expected.push(along_x + along_y);
            }
        }
        assert_eq!(laplacian(&map), expected);
    }

    #[test]
    fn a_peak_is_convex_and_rain_gathers_at_the_foot_of_a_slope() {
        let mut peak = Heightmap::new(2).unwrap_or_default();
        peak.set(2, 2, 1.0);
        let field = curvature(&peak);
        assert!(field[2 * 5 + 2] > 0.0);
        assert!(field[2 * 5 + 1] < 0.0);
        assert!(roughness(&peak) > 0.0);
        // A slope falling to the west: every row's rain runs to column 0.
        let slope = plane(2, 1.0);
        let water = flow(&slope, false).unwrap_or_default();
        assert_eq!(water.len(), 25);
        assert_eq!(water[0], 5.0);
        assert_eq!(water[4], 1.0);
    }
}
