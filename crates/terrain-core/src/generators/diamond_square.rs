//! Diamond-square (the third post).
//!
//! Start from four random corners. Then, for a radius of half the map,
//! halving down to 1:
//!
//! 1. the **square** step sets the centre of every square of that radius to
//!    the mean of the square's four corners, plus jitter;
//! 2. the **diamond** step sets the centre of every diamond of that radius
//!    (the points halfway along the squares' edges) to the mean of the
//!    diamond's four corners, plus jitter. A diamond on the map's border has
//!    only three corners inside the map, and averages those three.
//!
//! The spread starts at 0.3 and halves after each radius; `done` normalizes.
//!
//! A note on names: we follow the post, which calls step 1 the *square* step
//! because it works on a square. Wikipedia and most other sources call that
//! same step the *diamond* step (and step 2 the *square* step), after the
//! shape the new points form.
//!
//! Unlike midpoint displacement, every inner point hears from four
//! neighbours, including the centres of the squares on *both* sides of its
//! edge, so the creases along chunk borders are greatly reduced (not gone:
//! with a low spread reduction they show again, see [`crate::seams`]). The
//! price is that the steps cannot recurse chunk by chunk: a diamond needs
//! the centres of the squares on both sides of its edge, so we go round by
//! round over the whole map, and within a round set each diamond as soon as
//! its corners are set (see `round`).
//!
//! [`crate::generators::tileable_diamond_square`] is the same walk with neighbours that
//! wrap around the map instead of falling off it.

use crate::generators::midpoint_displacement::average4;
use crate::generators::subdivision::{describe, random_corners};
use crate::generators::subdivision::{stages_around_passes, within_pass};
use crate::heightmap::{Extent, Heightmap};
use crate::params::{Algorithm, Description, Params, Run};
use crate::random::PointRandom;
use crate::stage::Stage;

impl Algorithm {
    /// The third post, square and diamond steps over the whole map:
    /// `diamond-square`.
    pub const DIAMOND_SQUARE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = describe(
    "diamond-square",
    "Diamond-square",
    stages,
    |params, stage, run| walk(params, stage, Border::Open, run),
);

/// What a diamond's missing corners are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Border {
    /// Off the map: border diamonds average their three inside corners.
    Open,
    /// The other side of the map: the map has period `2^exponent`, its last
    /// row and column repeat the first, and it tiles without a seam.
    Wrapped,
}

/// The corners, the first square step, the first diamond step, every
/// round, and the normalized map; the tileable variant's too.
pub(crate) fn stages(params: &Params) -> Vec<Stage> {
    stages_around_passes(
        &[Stage::Corners, Stage::Square, Stage::Diamond],
        params.map.exponent,
    )
}

/// Runs diamond-square, or its tileable variant with a wrapped `border`,
/// up to `stage`: `corners`, `square`, `diamond`, `pass-k` or `done`,
/// reporting the share of the work done after each round.
pub(crate) fn walk(params: &Params, stage: Stage, border: Border, run: &mut Run) -> Heightmap {
    let (settings, subdivision) = (&params.map, &params.subdivision);
    let (mut map, random) = random_corners(settings);
    if border == Border::Wrapped {
        // All four corners are one point of the periodic map: the first.
        let (height, last) = (map.get(0, 0), map.last());
        for (x, y) in [(last, 0), (0, last), (last, last)] {
            map.set(x, y, height);
        }
    }
    // Every height written is seen here, so normalizing needs no pass of
    // its own to find the range.
    let mut extent = Extent::of_corners(&map);
    let rounds = match stage {
        Stage::Corners | Stage::Square => 0,
        Stage::Diamond => 1,
        Stage::Pass(pass) => pass,
        // Done, and stages that are not this algorithm's (never asked of it).
        _ => settings.exponent,
    };
    let mut radius = map.last() / 2;
    let mut spread = subdivision.spread;
    for pass in 1..=rounds {
        let mut rows_done = within_pass(run.progress, pass, settings.exponent);
        round(
            &mut map,
            radius,
            spread,
            random,
            border,
            &mut extent,
            &mut rows_done,
        );
        radius /= 2;
        spread *= subdivision.spread_reduction;
    }
    if stage == Stage::Square {
        square_step(&mut map, radius, spread, random);
    }
    if stage == Stage::Done && settings.normalize {
        // The last tenth of the work (see `share_after_pass`).
        map.normalize_within_reporting(extent.low, extent.high, &mut |share| {
            (run.progress)(0.9 + 0.1 * share);
        });
    }
    map
}

/// Sets the centre of every square of half-width `radius`.
///
/// A square's corners are always inside the map, wrapped or not (a wrapped
/// map keeps its last row and column equal to the first).
pub(crate) fn square_step(map: &mut Heightmap, radius: usize, spread: f64, random: PointRandom) {
    let last = map.last();
    let mut extent = Extent::EMPTY;
    for y in (radius..last).step_by(2 * radius) {
        square_row(map, y, radius, spread, random, &mut extent);
    }
}

/// Sets the centre of every diamond of half-width `radius`: the points with
/// one coordinate an odd multiple of `radius` and the other an even one.
///
/// The generator runs [`round`], which fuses this step with the square
/// step; the step on its own is the textbook form the tests compare with.
#[cfg(test)]
pub(crate) fn diamond_step(
    map: &mut Heightmap,
    radius: usize,
    spread: f64,
    random: PointRandom,
    border: Border,
) {
    let last = map.last();
    let mut extent = Extent::EMPTY;
    for y in (0..=last).step_by(radius) {
        // A wrapped map's last row is a copy, refreshed below.
        if !(border == Border::Wrapped && y == last) {
            diamond_row(map, y, radius, spread, random, border, &mut extent);
        }
    }
    if border == Border::Wrapped {
        copy_first_row_and_column(map);
    }
}

/// A square step and the diamond step after it, in one sweep down the map.
///
/// Done one after the other, the two steps would each stream the whole map
/// through the cache. Here each row of square centres is followed at once
/// by the diamonds that can use it: those on the same row, and those on the
/// row of corners just above (whose other neighbours, on the row of centres
/// above that, are already done). Every point gets the same inputs as in
/// the two separate steps, so the map is the same, bit for bit; only the
/// order differs. On a wrapped map the top row's diamonds need the bottom
/// row of centres, so they come last.
///
/// Calls `rows_done` with the share of the round done after each row of
/// centres, ending with 1.
pub(crate) fn round(
    map: &mut Heightmap,
    radius: usize,
    spread: f64,
    random: PointRandom,
    border: Border,
    extent: &mut Extent,
    rows_done: &mut dyn FnMut(f64),
) {
    let last = map.last();
    for y in (radius..last).step_by(2 * radius) {
        square_row(map, y, radius, spread, random, extent);
        diamond_row(map, y, radius, spread, random, border, extent);
        let corners_above = y - radius;
        if !(border == Border::Wrapped && corners_above == 0) {
            diamond_row(map, corners_above, radius, spread, random, border, extent);
        }
        rows_done(y as f64 / last as f64);
    }
    match border {
        Border::Open => diamond_row(map, last, radius, spread, random, border, extent),
        Border::Wrapped => {
            diamond_row(map, 0, radius, spread, random, border, extent);
            copy_first_row_and_column(map);
        }
    }
    rows_done(1.0);
}

/// Sets the square centres on row `y`, from the rows of corners `radius`
/// above and below it, adding each height written to `extent`.
fn square_row(
    map: &mut Heightmap,
    y: usize,
    radius: usize,
    spread: f64,
    random: PointRandom,
    extent: &mut Extent,
) {
    let row_start = y * map.side();
    let last = map.last();
    let (above, row, below) = map.rows_around(y, radius);
    let mut seen = *extent;
    let mut jitters = random.row(row_start + radius, 2 * radius);
    for x in (radius..last).step_by(2 * radius) {
        let height = average4(
            above[x - radius],
            above[x + radius],
            below[x - radius],
            below[x + radius],
        ) + jitters.next_jitter(spread);
        row[x] = height;
        seen.include(height);
    }
    *extent = seen;
}

/// Sets the diamond centres on row `y`, adding each height written to
/// `extent`. Rows through square corners (even multiples of the radius)
/// hold diamonds between those corners; rows through square centres hold
/// them from the left border on. Inner diamonds average four corners in a
/// tight loop; the few on the border are handled on their own.
fn diamond_row(
    map: &mut Heightmap,
    y: usize,
    radius: usize,
    spread: f64,
    random: PointRandom,
    border: Border,
    extent: &mut Extent,
) {
    let side = map.side();
    let last = map.last();
    let starts_at_border = !(y / radius).is_multiple_of(2);
    let row_start = y * side;
    let first_inner = if starts_at_border { 2 * radius } else { radius };
    let mut seen = *extent;
    if y >= radius && y + radius <= last {
        let (above, row, below) = map.rows_around(y, radius);
        let mut jitters = random.row(row_start + first_inner, 2 * radius);
        for x in (first_inner..last).step_by(2 * radius) {
            let height = average4(row[x - radius], row[x + radius], above[x], below[x])
                + jitters.next_jitter(spread);
            row[x] = height;
            seen.include(height);
        }
    } else {
        let heights = map.heights_mut();
        for x in (first_inner..last).step_by(2 * radius) {
            let height = border_mean(heights, side, x, y, radius, border)
                + random.jitter(row_start + x, spread);
            heights[row_start + x] = height;
            seen.include(height);
        }
    }
    if starts_at_border {
        let heights = map.heights_mut();
        let height =
            border_mean(heights, side, 0, y, radius, border) + random.jitter(row_start, spread);
        heights[row_start] = height;
        seen.include(height);
        if border == Border::Open {
            let height = border_mean(heights, side, last, y, radius, border)
                + random.jitter(row_start + last, spread);
            heights[row_start + last] = height;
            seen.include(height);
        }
    }
    *extent = seen;
}

/// The mean of a diamond's corners for a diamond on the map's border (or,
/// on a wrapped map, whose corners cross it). The corners are summed left,
/// right, above, below, like the inner diamonds', so the results agree.
fn border_mean(
    heights: &[f64],
    side: usize,
    x: usize,
    y: usize,
    radius: usize,
    border: Border,
) -> f64 {
    let last = side - 1;
    let at = |x: usize, y: usize| heights[y * side + x];
    match border {
        Border::Wrapped => {
            // Only the left and top neighbours can fall off a wrapped map's
            // own points (x and y are below `last`); they come from the far
            // side. The period is `last`, the distance from a point to its copy.
            let left = if x >= radius {
                x - radius
            } else {
                x + last - radius
            };
            let above = if y >= radius {
                y - radius
            } else {
                y + last - radius
            };
            average4(
                at(left, y),
                at(x + radius, y),
                at(x, above),
                at(x, y + radius),
            )
        }
        Border::Open => {
            let neighbours = [
                (x >= radius).then(|| at(x - radius, y)),
                (x + radius <= last).then(|| at(x + radius, y)),
                (y >= radius).then(|| at(x, y - radius)),
                (y + radius <= last).then(|| at(x, y + radius)),
            ];
            let (sum, count) = neighbours
                .into_iter()
                .flatten()
                .fold((0.0, 0.0), |(sum, count), height| {
                    (sum + height, count + 1.0)
                });
            sum / count
        }
    }
}

/// Makes the last row and column of a wrapped map equal its first.
fn copy_first_row_and_column(map: &mut Heightmap) {
    let side = map.side();
    let last = map.last();
    let heights = map.heights_mut();
    heights.copy_within(0..side, last * side);
    for y in 0..side {
        heights[y * side + last] = heights[y * side];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generators::subdivision::run_quietly;
    use crate::params::{MapSettings, SubdivisionSettings};

    /// The post's 5 x 5 example: corners 1, 8 (top) and 0, 3 (bottom).
    fn post_example() -> Heightmap {
        let mut map = Heightmap::zeroed(2);
        for (x, y, height) in [(0, 0, 1.0), (4, 0, 8.0), (0, 4, 0.0), (4, 4, 3.0)] {
            map.set(x, y, height);
        }
        map
    }

    #[test]
    fn golden_square_step_sets_the_centre_to_the_mean_of_four_corners() {
        let mut map = post_example();
        square_step(&mut map, 2, 0.0, PointRandom::new(0));
        assert_eq!(map.get(2, 2), 3.0);
        let untouched = map
            .heights()
            .iter()
            .filter(|&&height| height == 0.0)
            .count();
        assert_eq!(
            untouched,
            25 - 4,
            "only the centre is new (the bottom-left corner is 0)"
        );
    }

    #[test]
    fn golden_border_diamonds_average_their_three_inside_corners() {
        let mut map = post_example();
        square_step(&mut map, 2, 0.0, PointRandom::new(0));
        diamond_step(&mut map, 2, 0.0, PointRandom::new(0), Border::Open);
        assert_eq!(
            map.get(2, 0),
            (1.0 + 8.0 + 3.0) / 3.0,
            "top: 1, 8 and the centre"
        );
        assert_eq!(map.get(2, 0), 4.0);
        assert_eq!(map.get(0, 2), (3.0 + 1.0 + 0.0) / 3.0, "left");
        assert_eq!(
            map.get(4, 2),
            (3.0 + 8.0 + 3.0) / 3.0,
            "right: the post's `?` is ignored"
        );
        assert_eq!(map.get(2, 4), (0.0 + 3.0 + 3.0) / 3.0, "bottom");
    }

    #[test]
    fn golden_inner_diamond_averages_four_corners() {
        // The post's 9 x 9 example after the first round and the radius-2
        // squares; the diamond centred on (4, 2) sees 3, 4, 3 and 5.
        let mut map = Heightmap::zeroed(3);
        let known = [
            (0, 0, 1.0),
            (4, 0, 3.0),
            (8, 0, 3.0),
            (2, 2, 3.0),
            (6, 2, 4.0),
            (0, 4, 5.0),
            (4, 4, 5.0),
            (8, 4, 5.0),
            (2, 6, 7.0),
            (6, 6, 6.0),
            (0, 8, 9.0),
            (4, 8, 7.0),
            (8, 8, 7.0),
        ];
        for (x, y, height) in known {
            map.set(x, y, height);
        }
        diamond_step(&mut map, 2, 0.0, PointRandom::new(0), Border::Open);
        assert_eq!(map.get(4, 2), 3.75);
        assert_eq!(map.get(2, 4), (5.0 + 5.0 + 3.0 + 7.0) / 4.0);
        assert_eq!(
            map.get(2, 0),
            (1.0 + 3.0 + 3.0) / 3.0,
            "border diamond of the same row"
        );
    }

    #[test]
    fn golden_wrapped_diamonds_read_the_far_side() {
        let mut map = Heightmap::zeroed(2);
        for (x, y) in [(0, 0), (4, 0), (0, 4), (4, 4)] {
            map.set(x, y, 1.0);
        }
        square_step(&mut map, 2, 0.0, PointRandom::new(0));
        map.set(2, 2, 3.0);
        diamond_step(&mut map, 2, 0.0, PointRandom::new(0), Border::Wrapped);
        // (2, 0): left 1, right 1, above wraps to (2, 2) = 3, below (2, 2) = 3.
        assert_eq!(map.get(2, 0), 2.0);
        assert_eq!(map.get(0, 2), 2.0);
        assert_eq!(map.get(2, 4), map.get(2, 0), "last row copies the first");
        assert_eq!(map.get(4, 2), map.get(0, 2), "last column copies the first");
    }

    #[test]
    fn a_fused_round_is_the_two_steps_bit_for_bit() {
        for (algorithm, border) in [
            (Algorithm::DIAMOND_SQUARE, Border::Open),
            (Algorithm::TILEABLE_DIAMOND_SQUARE, Border::Wrapped),
        ] {
            let generate = algorithm.description().run;
            for exponent in 1..=7 {
                for seed in [0, 3, u64::MAX] {
                    let map = MapSettings::new(exponent, seed);
                    let jitter = SubdivisionSettings::default();
                    let mut fused = run_quietly(generate, map, jitter, Stage::Corners);
                    let mut stepwise = fused.clone();
                    let random = PointRandom::new(seed);
                    let mut radius = fused.last() / 2;
                    while radius >= 1 {
                        let mut extent = Extent::EMPTY;
                        round(
                            &mut fused,
                            radius,
                            0.3,
                            random,
                            border,
                            &mut extent,
                            &mut |_| {},
                        );
                        square_step(&mut stepwise, radius, 0.3, random);
                        diamond_step(&mut stepwise, radius, 0.3, random, border);
                        assert_eq!(
                            fused, stepwise,
                            "{border:?}, exponent {exponent}, seed {seed}, radius {radius}"
                        );
                        radius /= 2;
                    }
                }
            }
        }
    }

    #[test]
    fn the_first_steps_set_the_centre_then_the_edge_midpoints() {
        let map = MapSettings::new(3, 11);
        let jitter = SubdivisionSettings::default();
        let generate = Algorithm::DIAMOND_SQUARE.description().run;
        let square = run_quietly(generate, map, jitter, Stage::Square);
        let diamond = run_quietly(generate, map, jitter, Stage::Diamond);
        assert_ne!(square.get(4, 4), 0.0);
        assert_eq!(square.get(4, 0), 0.0);
        for (x, y) in [(4, 0), (0, 4), (8, 4), (4, 8)] {
            assert_ne!(diamond.get(x, y), 0.0, "({x}, {y})");
        }
        assert_eq!(diamond.get(2, 2), 0.0, "the next round waits");
    }
}
