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
//! edge, so the creases along chunk borders disappear. The price is that the
//! steps cannot recurse chunk by chunk: each round must cover the whole map
//! before the next begins, which is how we run it, row by row.
//!
//! [`crate::tileable_diamond_square`] is the same walk with neighbours that
//! wrap around the map instead of falling off it.

use crate::heightmap::Heightmap;
use crate::midpoint_displacement::average4;
use crate::params::Params;
use crate::random::PointRandom;
use crate::stage::Stage;

/// The first round's spread in the post.
pub const DEFAULT_SPREAD: f64 = 0.3;

/// The post halves the spread after each round.
pub const DEFAULT_SPREAD_REDUCTION: f64 = 0.5;

/// What a diamond's missing corners are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Border {
    /// Off the map: border diamonds average their three inside corners.
    Open,
    /// The other side of the map: the map has period `2^exponent`, its last
    /// row and column repeat the first, and it tiles without a seam.
    Wrapped,
}

/// Runs diamond-square up to `stage`: `corners`, `square`, `diamond`,
/// `pass-k` or `done`.
pub fn generate(params: &Params, stage: Stage) -> Heightmap {
    run(params, stage, Border::Open)
}

/// The walk shared with the tileable variant.
pub(crate) fn run(params: &Params, stage: Stage, border: Border) -> Heightmap {
    let random = PointRandom::new(params.seed);
    let mut map = Heightmap::zeroed(params.exponent);
    match border {
        Border::Open => map.seed_corners(random),
        Border::Wrapped => {
            // All four corners are one point of the periodic map.
            let height = random.unit(0);
            let last = map.last();
            for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
                map.set(x, y, height);
            }
        }
    }
    let rounds = match stage {
        Stage::Corners | Stage::Square => 0,
        Stage::Diamond => 1,
        Stage::Pass(pass) => pass,
        Stage::Done | Stage::Edges | Stage::Center => params.exponent,
    };
    let mut radius = map.last() / 2;
    let mut spread = params.spread;
    for _ in 0..rounds {
        square_step(&mut map, radius, spread, random);
        diamond_step(&mut map, radius, spread, random, border);
        radius /= 2;
        spread *= params.spread_reduction;
    }
    if stage == Stage::Square {
        square_step(&mut map, radius, spread, random);
    }
    if stage == Stage::Done && params.normalize {
        map.normalize();
    }
    map
}

/// Sets the centre of every square of half-width `radius`.
///
/// A square's corners are always inside the map, wrapped or not (a wrapped
/// map keeps its last row and column equal to the first).
pub(crate) fn square_step(map: &mut Heightmap, radius: usize, spread: f64, random: PointRandom) {
    let side = map.side();
    let last = map.last();
    let up = radius * side;
    let heights = map.heights_mut();
    for y in (radius..last).step_by(2 * radius) {
        for x in (radius..last).step_by(2 * radius) {
            let index = y * side + x;
            heights[index] = average4(
                heights[index - up - radius],
                heights[index - up + radius],
                heights[index + up - radius],
                heights[index + up + radius],
            ) + random.jitter(index, spread);
        }
    }
}

/// Sets the centre of every diamond of half-width `radius`: the points with
/// one coordinate an odd multiple of `radius` and the other an even one.
pub(crate) fn diamond_step(
    map: &mut Heightmap,
    radius: usize,
    spread: f64,
    random: PointRandom,
    border: Border,
) {
    let side = map.side();
    let last = map.last();
    // On a wrapped map only the first `last` rows and columns are its own
    // points; the last row and column are copies, refreshed below.
    let end = match border {
        Border::Open => side,
        Border::Wrapped => last,
    };
    let heights = map.heights_mut();
    for y in (0..end).step_by(radius) {
        // Rows through square corners (even multiples of the radius) hold
        // diamonds between those corners; rows through square centres hold
        // them from the left border on.
        let first_x = if (y / radius).is_multiple_of(2) {
            radius
        } else {
            0
        };
        for x in (first_x..end).step_by(2 * radius) {
            let index = y * side + x;
            let mean = diamond_mean(heights, side, x, y, radius, border);
            heights[index] = mean + random.jitter(index, spread);
        }
    }
    if border == Border::Wrapped {
        copy_first_row_and_column(map);
    }
}

/// The mean of the diamond's corners left, right, above and below `(x, y)`.
#[inline]
fn diamond_mean(
    heights: &[f64],
    side: usize,
    x: usize,
    y: usize,
    radius: usize,
    border: Border,
) -> f64 {
    let last = side - 1;
    let at = |x: usize, y: usize| heights[y * side + x];
    let inside = x >= radius && x + radius <= last && y >= radius && y + radius <= last;
    if inside {
        return average4(
            at(x - radius, y),
            at(x + radius, y),
            at(x, y - radius),
            at(x, y + radius),
        );
    }
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
    use crate::params::Algorithm;

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
    fn the_first_steps_set_the_centre_then_the_edge_midpoints() {
        let params = Params {
            exponent: 3,
            seed: 11,
            ..Params::new(Algorithm::DiamondSquare)
        };
        let square = generate(&params, Stage::Square);
        let diamond = generate(&params, Stage::Diamond);
        assert_ne!(square.get(4, 4), 0.0);
        assert_eq!(square.get(4, 0), 0.0);
        for (x, y) in [(4, 0), (0, 4), (8, 4), (4, 8)] {
            assert_ne!(diamond.get(x, y), 0.0, "({x}, {y})");
        }
        assert_eq!(diamond.get(2, 2), 0.0, "the next round waits");
    }
}
