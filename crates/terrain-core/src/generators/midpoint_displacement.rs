//! Midpoint displacement, iterative (the first post).
//!
//! Start from four random corners. Pass `k` (from 1) splits the map into
//! `2^(k-1) x 2^(k-1)` chunks; in each chunk the four edge midpoints become the
//! average of the two corners of their edge plus jitter, then the centre
//! becomes the average of those four midpoints plus jitter. The jitter's
//! spread starts at 0.3 and halves after every pass; `done` normalizes.
//!
//! The centre follows the post's text, not its code: the code averages the
//! edges' means before their jitter, which is the mean of the four corners.
//!
//! Neighbouring chunks share an edge, and so a midpoint. It depends only on
//! that edge's two corners and on its own random number, so both chunks
//! would compute the same value; we compute it once. Each pass therefore
//! walks the map row by row: first the midpoints of the horizontal edges,
//! then those of the vertical edges, then the centres.
//!
//! Because an edge midpoint only ever hears from the two ends of its edge,
//! the creases between chunks stay visible in the finished terrain: the
//! problem the diamond-square post sets out to fix.

use crate::generators::subdivision::{describe, random_corners};
use crate::generators::subdivision::{stages_around_passes, within_pass};
use crate::heightmap::{Extent, Heightmap};
use crate::params::{Algorithm, Description, Params, Run};
use crate::random::PointRandom;
use crate::stage::Stage;

impl Algorithm {
    /// The first post, chunk by chunk and pass by pass:
    /// `midpoint-displacement`.
    pub const MIDPOINT_DISPLACEMENT: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = describe(
    "midpoint-displacement",
    "Midpoint displacement",
    |params| {
        stages_around_passes(
            &[Stage::Corners, Stage::Edges, Stage::Center],
            params.map.exponent,
        )
    },
    generate,
);

/// Runs iterative midpoint displacement up to `stage`, one of its stages
/// (corners, the first chunk's edges, its centre, a pass, done),
/// reporting the share of the work done after each pass.
fn generate(params: &Params, stage: Stage, run: &mut Run) -> Heightmap {
    let (settings, subdivision) = (&params.map, &params.subdivision);
    let (mut map, random) = random_corners(settings);
    // Every height written is seen here, so normalizing needs no pass of
    // its own to find the range.
    let mut extent = Extent::of_corners(&map);
    let whole_map = map.last();
    let passes = match stage {
        Stage::Corners => 0,
        Stage::Edges => {
            Pass::new(whole_map, subdivision.spread, random).displace_edges(
                &mut map,
                &mut extent,
                &mut |_| {},
            );
            0
        }
        // The first pass has a single chunk, the whole map: after its centre
        // the pass is complete.
        Stage::Center => 1,
        Stage::Pass(pass) => pass,
        // Done, and stages that are not this algorithm's (never asked of it).
        _ => settings.exponent,
    };
    let mut spread = subdivision.spread;
    for pass in 1..=passes {
        let chunks = Pass::new(whole_map >> (pass - 1), spread, random);
        let mut rows_done = within_pass(run.progress, pass, settings.exponent);
        // Edge midpoints are most of a pass's new points (4/5 in the first
        // pass, nearing 2/3 as the squares shrink), counted as two thirds.
        chunks.displace_edges(&mut map, &mut extent, &mut |share| {
            rows_done(share * 2.0 / 3.0);
        });
        chunks.displace_centres(&mut map, &mut extent, &mut |share| {
            rows_done((2.0 + share) / 3.0);
        });
        spread *= subdivision.spread_reduction;
    }
    if stage == Stage::Done && settings.normalize {
        // The last tenth of the work (see `share_after_pass`).
        map.normalize_within_reporting(extent.low, extent.high, &mut |share| {
            (run.progress)(0.9 + 0.1 * share);
        });
    }
    map
}

/// The mean of two heights.
#[inline]
pub(crate) fn average2(a: f64, b: f64) -> f64 {
    (a + b) / 2.0
}

/// The mean of four heights, summed in the order given: callers that must
/// agree bit for bit pass them in the same order.
#[inline]
pub(crate) fn average4(a: f64, b: f64, c: f64, d: f64) -> f64 {
    (a + b + c + d) / 4.0
}

/// One pass over chunks `width` cells wide, with jitter of `spread`: its
/// edge step and its centre step.
struct Pass {
    width: usize,
    radius: usize,
    spread: f64,
    random: PointRandom,
}

impl Pass {
    fn new(width: usize, spread: f64, random: PointRandom) -> Self {
        Self {
            width,
            radius: width / 2,
            spread,
            random,
        }
    }

    /// Sets every chunk's edge midpoints, adding each height written to
    /// `extent` and calling `rows_done` with the share of the step done
    /// after each row.
    fn displace_edges(
        &self,
        map: &mut Heightmap,
        extent: &mut Extent,
        rows_done: &mut dyn FnMut(f64),
    ) {
        let Self { width, radius, .. } = *self;
        let (side, last) = (map.side(), map.last());
        let mut seen = *extent;
        // Horizontal edges lie on rows 0, w, 2w, ...; their midpoints sit
        // halfway between two corners of the same row.
        for y in (0..=last).step_by(width) {
            let row_start = y * side;
            let row = &mut map.heights_mut()[row_start..][..side];
            let mut jitters = self.random.row(row_start + radius, width);
            for x in (radius..last).step_by(width) {
                let height =
                    average2(row[x - radius], row[x + radius]) + jitters.next_jitter(self.spread);
                row[x] = height;
                seen.include(height);
            }
            // Each of the two kinds of edge is about half the step.
            rows_done(y as f64 / last as f64 / 2.0);
        }
        // Vertical edges lie on columns 0, w, 2w, ...; their midpoints sit
        // halfway between a corner above and a corner below.
        for y in (radius..last).step_by(width) {
            let row_start = y * side;
            let (above, row, below) = map.rows_around(y, radius);
            let mut jitters = self.random.row(row_start, width);
            for x in (0..=last).step_by(width) {
                let height = average2(above[x], below[x]) + jitters.next_jitter(self.spread);
                row[x] = height;
                seen.include(height);
            }
            rows_done(0.5 + y as f64 / last as f64 / 2.0);
        }
        *extent = seen;
        rows_done(1.0);
    }

    /// Sets every chunk's centre to the mean of its four edge midpoints
    /// (left, right, top, bottom) plus jitter, adding each height written
    /// to `extent` and calling `rows_done` with the share of the step done
    /// after each row.
    fn displace_centres(
        &self,
        map: &mut Heightmap,
        extent: &mut Extent,
        rows_done: &mut dyn FnMut(f64),
    ) {
        let Self { width, radius, .. } = *self;
        let (side, last) = (map.side(), map.last());
        let mut seen = *extent;
        for y in (radius..last).step_by(width) {
            let row_start = y * side;
            let (above, row, below) = map.rows_around(y, radius);
            let mut jitters = self.random.row(row_start + radius, width);
            for x in (radius..last).step_by(width) {
                let height = average4(row[x - radius], row[x + radius], above[x], below[x])
                    + jitters.next_jitter(self.spread);
                row[x] = height;
                seen.include(height);
            }
            rows_done(y as f64 / last as f64);
        }
        *extent = seen;
        rows_done(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::subdivision::run_quietly;
    use crate::params::{MapSettings, SubdivisionSettings};

    /// The post's 5 x 5 example, on its 0 to 10 scale: corners 2 (top left),
    /// 8 (top right), 0 (bottom left) and 3 (bottom right).
    fn post_example() -> Heightmap {
        let mut map = Heightmap::zeroed(2);
        map.set(0, 0, 2.0);
        map.set(4, 0, 8.0);
        map.set(0, 4, 0.0);
        map.set(4, 4, 3.0);
        map
    }

    #[test]
    fn golden_edges_are_the_means_of_their_corners() {
        let mut map = post_example();
        Pass::new(4, 0.0, PointRandom::new(1)).displace_edges(
            &mut map,
            &mut { Extent::EMPTY },
            &mut |_| {},
        );
        assert_eq!(map.get(2, 0), 5.0, "top");
        assert_eq!(map.get(0, 2), 1.0, "left");
        assert_eq!(map.get(4, 2), 5.5, "right");
        assert_eq!(map.get(2, 4), 1.5, "bottom");
        assert_eq!(map.get(2, 2), 0.0, "the centre waits for its own step");
    }

    /// A pass over chunks `width` cells wide, with no jitter.
    fn whole_pass_without_jitter(map: &mut Heightmap, width: usize) {
        let pass = Pass::new(width, 0.0, PointRandom::new(1));
        pass.displace_edges(map, &mut { Extent::EMPTY }, &mut |_| {});
        pass.displace_centres(map, &mut { Extent::EMPTY }, &mut |_| {});
    }

    #[test]
    fn golden_centre_is_the_mean_of_the_four_midpoints() {
        let mut map = post_example();
        whole_pass_without_jitter(&mut map, 4);
        assert_eq!(map.get(2, 2), 3.25);
    }

    #[test]
    fn golden_second_pass_displaces_each_three_by_three_chunk() {
        let mut map = post_example();
        whole_pass_without_jitter(&mut map, 4);
        whole_pass_without_jitter(&mut map, 2);
        // Top-left chunk: corners 2, 5 (top), 1, 3.25 (bottom).
        assert_eq!(map.get(1, 0), 3.5);
        assert_eq!(map.get(0, 1), 1.5);
        assert_eq!(map.get(2, 1), 4.125);
        assert_eq!(map.get(1, 2), 2.125);
        assert_eq!(map.get(1, 1), (1.5 + 4.125 + 3.5 + 2.125) / 4.0);
    }

    #[test]
    fn jitter_stays_within_the_spread_of_the_average() {
        let mut map = post_example();
        Pass::new(4, 0.3, PointRandom::new(8)).displace_edges(
            &mut map,
            &mut { Extent::EMPTY },
            &mut |_| {},
        );
        for ((x, y), mean) in [((2, 0), 5.0), ((0, 2), 1.0), ((4, 2), 5.5), ((2, 4), 1.5)] {
            let offset = map.get(x, y) - mean;
            assert!(
                offset.abs() <= 0.3 && offset != 0.0,
                "({x}, {y}) moved {offset}"
            );
        }
    }

    #[test]
    fn spread_shrinks_by_the_reduction_each_pass() {
        // With every corner at 0 the map holds only jitter, so pass k's points
        // are bounded by the sum of the spreads so far.
        let spreads = SubdivisionSettings {
            spread: 1.0,
            ..SubdivisionSettings::default()
        };
        let map = run_quietly(generate, MapSettings::new(6, 3), spreads, Stage::Pass(6));
        let (low, high) = map.min_max();
        assert!(low > -3.0 && high < 3.0, "{low}..{high}");
    }
}
