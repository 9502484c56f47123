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
    /// The mean slope over every point, in degrees.
    pub mean_degrees: f64,
    /// The steepest point's slope, in degrees.
    pub max_degrees: f64,
    /// How many points have each slope, in [`SLOPE_BINS`] bins of 5° from
    /// 0° to 90°.
    pub histogram: Histogram,
}

impl SlopeSummary {
    /// The slopes of `map` drawn at `relief`.
    pub fn of(map: &Heightmap, relief: f64) -> Self {
        let degrees = slope_degrees(map, relief);
        let count = degrees.len().max(1) as f64;
        Self {
            mean_degrees: degrees.iter().sum::<f64>() / count,
            max_degrees: degrees.iter().copied().fold(0.0, f64::max),
            histogram: Histogram::of(&degrees, 0.0, 90.0, SLOPE_BINS),
        }
    }
}

/// The slope at every point of `map` drawn at `relief`, in degrees (0 flat
/// to 90 vertical), row-major: from central differences (one-sided on the
/// border) of the heights as drawn, the same differences the renderer's
/// normals take ([`terrain_core::world::normal`]).
pub fn slope_degrees(map: &Heightmap, relief: f64) -> Vec<f64> {
    let side = map.side();
    let last = map.last();
    let heights = map.heights();
    // A height step over one cell, in world units up per world unit across.
    let rise = HEIGHT_SCALE * relief / (WORLD_SIZE / last as f64);
    let mut degrees = Vec::with_capacity(side * side);
    for y in 0..side {
        let (north, south) = (y.saturating_sub(1), (y + 1).min(last));
        let across_rows = rise / (south - north) as f64;
        for x in 0..side {
            let (west, east) = (x.saturating_sub(1), (x + 1).min(last));
            let along =
                (heights[y * side + east] - heights[y * side + west]) * rise / (east - west) as f64;
            let across = (heights[south * side + x] - heights[north * side + x]) * across_rows;
            degrees.push((along * along + across * across).sqrt().atan().to_degrees());
        }
    }
    degrees
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
    let side = map.side();
    let last = map.last();
    let centred = |index: usize| index.clamp(1, last - 1);
    let mut field = Vec::with_capacity(side * side);
    for y in 0..side {
        for x in 0..side {
            let (cx, cy) = (centred(x), centred(y));
            let along_x = map.get(cx - 1, y) - 2.0 * map.get(cx, y) + map.get(cx + 1, y);
            let along_y = map.get(x, cy - 1) - 2.0 * map.get(x, cy) + map.get(x, cy + 1);
            field.push(along_x + along_y);
        }
    }
    field
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
    let field = laplacian(map);
    let sum: f64 = field.iter().map(|value| value * value).sum();
    (sum / field.len() as f64).sqrt() / 4.0
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
                (summary.mean_degrees - expected).abs() < 1e-9,
                "{summary:?}"
            );
            assert!((summary.max_degrees - expected).abs() < 1e-9);
            assert_eq!(summary.histogram.counts.iter().sum::<u64>(), 17 * 17);
        }
        assert!(curvature(&map).iter().all(|value| value.abs() < 1e-9));
        assert!(roughness(&map) < 1e-12);
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
