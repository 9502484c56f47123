//! Where water goes: the slope field, and the rivers it gathers into.
//!
//! Neither function changes the map; they measure it for drawing.
//!
//! - [`gradient`] is the slope at every point, by central differences: the
//!   arrows of the first step of the chapter point along its negative, the
//!   way water starts to run.
//! - [`accumulate`] lets one unit of rain fall on every point and follows it
//!   downhill, each point passing everything it has gathered to its lower
//!   neighbours. What passes through a point measures its catchment: a
//!   ridge point only has its own rain, a valley floor the rain of every
//!   point upstream, so the largest values trace the rivers.
//!
//! # Routing, flats and pits
//!
//! Water can go [`Routing::Steepest`] (D8: all of it to the one neighbour
//! with the steepest drop, the first in reading order, row by row from
//! the top left, if two tie), which draws thin, sharp rivers; or
//! [`Routing::Proportional`] (multiple flow directions: shared among all
//! lower neighbours in proportion to the slope towards each, measured over
//! the neighbour's distance), which spreads it over the slopes and draws
//! broader, softer valleys.
//!
//! Water only ever moves to a strictly lower point. So a pit (no lower
//! neighbour) keeps what reaches it, as a lake would, and so does every
//! point of a perfectly flat area: no direction is invented for water that
//! has none. Because water only runs downhill, a point's water is complete
//! once every higher neighbour that sends it some has passed its own on;
//! points are passed on in that order (a topological order, worked out with
//! a queue, in linear time), which is fixed by the map alone, so the result
//! is the same on every run and platform.
//!
//! Raw generated maps are full of small pits, which would cut every river
//! short. [`fill_pits`] raises each pit to the level where it would spill
//! over, as water filling it would: a lake, tilted a hair towards its
//! outlet (a lake filled exactly level would be a flat, where water stops).
//! Accumulated over the filled map, water crosses the lakes and runs on to
//! the map's edge.

use crate::erosion::grid::{Grid, NEIGHBOURS, OFF_MAP, check_heights};
use crate::error::Error;
use crate::heightmap::Heightmap;

/// The slope of a map at every point.
#[derive(Debug, Clone, PartialEq)]
pub struct Gradient {
    /// How fast the height rises going right (along `+x`), row-major, one
    /// value a point, in map heights per map width (as
    /// [`thermal`](super::thermal)'s talus slope).
    pub x: Vec<f64>,
    /// How fast the height rises going down the rows (along `+y`).
    pub y: Vec<f64>,
}

/// The slope at every point of `map`: central differences, `(h(x + 1) -
/// h(x - 1)) / 2` cells. On an edge without wrap, where one neighbour is
/// missing, the one-sided difference to the other; with wrap, the
/// neighbour across the edge (the last row and column, copies of the
/// first, get the first's slopes).
pub fn gradient(map: &Heightmap, wrap: bool) -> Result<Gradient, Error> {
    check_heights(map)?;
    let grid = Grid::of(map, wrap);
    let width = grid.width;
    // Per cell to per map width.
    let scale = map.last() as f64;
    let heights = &grid.heights;
    let mut along_x = vec![0.0; heights.len()];
    let mut along_y = vec![0.0; heights.len()];
    for y in 0..width {
        for x in 0..width {
            let i = y * width + x;
            let [_, above, _, left, right, _, below, _] = grid.neighbours(x, y);
            along_x[i] = difference(heights, i, left, right) * scale;
            along_y[i] = difference(heights, i, above, below) * scale;
        }
    }
    Ok(Gradient {
        x: Grid {
            heights: along_x,
            ..grid.clone()
        }
        .into_values(map.exponent()),
        y: Grid {
            heights: along_y,
            ..grid
        }
        .into_values(map.exponent()),
    })
}

/// The change in height per cell at point `i`, from its neighbour `before`
/// to its neighbour `after` (either may be off the map).
fn difference(heights: &[f64], i: usize, before: usize, after: usize) -> f64 {
    match (before == OFF_MAP, after == OFF_MAP) {
        (false, false) => (heights[after] - heights[before]) * 0.5,
        (true, false) => heights[after] - heights[i],
        (false, true) => heights[i] - heights[before],
        // Only on a map one point wide, which no map is.
        (true, true) => 0.0,
    }
}

/// How water leaves a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Routing {
    /// All to the neighbour with the steepest drop (D8): thin rivers.
    #[default]
    Steepest,
    /// Shared among all lower neighbours in proportion to the slope to each
    /// (multiple flow directions): broad valleys.
    Proportional,
}

/// The water that passes through every point of `map` when each point gets
/// one unit of rain and water runs downhill as `routing` says, row-major,
/// one value a point. Every value is at least 1 (a point's own rain); the
/// total that ends in pits, flats and (without wrap) edge points that drain
/// nowhere is the number of points. With `wrap` water crosses the edges,
/// rain falls on the `period x period` own points, and the last row and
/// column repeat the first.
pub fn accumulate(map: &Heightmap, routing: Routing, wrap: bool) -> Result<Vec<f64>, Error> {
    check_heights(map)?;
    let grid = Grid::of(map, wrap);
    let width = grid.width;
    let heights = &grid.heights;
    let count = heights.len();

    // Where each point sends its water (for the steepest routing), and how
    // many sends each point waits for before its own water is complete.
    let mut receiver = Vec::new();
    let mut waiting = vec![0u8; count];
    match routing {
        Routing::Steepest => {
            receiver.reserve_exact(count);
            for y in 0..width {
                for x in 0..width {
                    let target = steepest(heights, y * width + x, grid.neighbours(x, y));
                    if target != OFF_MAP {
                        waiting[target] += 1;
                    }
                    receiver.push(target);
                }
            }
        }
        Routing::Proportional => {
            for y in 0..width {
                for x in 0..width {
                    let i = y * width + x;
                    for j in grid.neighbours(x, y) {
                        if j != OFF_MAP && heights[j] > heights[i] {
                            waiting[i] += 1;
                        }
                    }
                }
            }
        }
    }

    let mut water = vec![1.0; count];
    let mut queue: Vec<usize> = (0..count).filter(|&i| waiting[i] == 0).collect();
    let mut next = 0;
    while let Some(&i) = queue.get(next) {
        next += 1;
        let gathered = water[i];
        let mut pass = |j: usize, amount: f64| {
            water[j] += amount;
            waiting[j] -= 1;
            if waiting[j] == 0 {
                queue.push(j);
            }
        };
        let (x, y) = (i % width, i / width);
        match routing {
            Routing::Steepest => {
                if receiver[i] != OFF_MAP {
                    pass(receiver[i], gathered);
                }
            }
            Routing::Proportional => {
                let neighbours = grid.neighbours(x, y);
                let height = heights[i];
                let mut slopes = [0.0; 8];
                let mut total = 0.0;
                for ((slope, &j), &(_, _, distance)) in
                    slopes.iter_mut().zip(&neighbours).zip(&NEIGHBOURS)
                {
                    if j != OFF_MAP && heights[j] < height {
                        *slope = (height - heights[j]) / distance;
                        total += *slope;
                    }
                }
                // The same test as when counting what each point waits
                // for, so every send that point expects arrives.
                for (&slope, &j) in slopes.iter().zip(&neighbours) {
                    if j != OFF_MAP && heights[j] < height {
                        pass(j, gathered * (slope / total));
                    }
                }
            }
        }
    }
    Ok(Grid {
        heights: water,
        ..grid
    }
    .into_values(map.exponent()))
}

/// How much each filled point stands above the level it drains to,
/// relative to that level (and at least this much outright): 2^-40, too
/// little to see, enough that no filled point is flat.
const FILL_RISE: f64 = 1.0 / 1_099_511_627_776.0;

/// `map` with every pit filled to its spill level (priority flood, after
/// Barnes, Lehman and Mulla 2014): each point is raised to the lowest
/// level from which water could still leave the map (across an edge, or
/// on a torus through its lowest point), plus a rise too small to see, so
/// that every point but those outlets has a strictly lower neighbour and
/// [`accumulate`] carries all water to an outlet. Points that need no
/// filling keep their heights exactly. Deterministic: ties are taken in
/// reading order.
pub fn fill_pits(map: &Heightmap, wrap: bool) -> Result<Heightmap, Error> {
    use std::cmp::{Ordering, Reverse};
    use std::collections::BinaryHeap;

    /// A point waiting in the flood, lowest first, then first in reading
    /// order.
    #[derive(PartialEq)]
    struct Waiting(f64, usize);
    impl Eq for Waiting {}
    impl Ord for Waiting {
        fn cmp(&self, other: &Self) -> Ordering {
            self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
        }
    }
    impl PartialOrd for Waiting {
        fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
            Some(self.cmp(other))
        }
    }

    check_heights(map)?;
    let mut grid = Grid::of(map, wrap);
    let width = grid.width;
    let count = grid.heights.len();
    let mut reached = vec![false; count];
    let mut flood = BinaryHeap::new();
    let mut outlet = |i: usize, heights: &[f64]| {
        reached[i] = true;
        flood.push(Reverse(Waiting(heights[i], i)));
    };
    if wrap {
        let lowest = (0..count)
            .min_by(|&a, &b| grid.heights[a].total_cmp(&grid.heights[b]))
            .unwrap_or(0);
        outlet(lowest, &grid.heights);
    } else {
        for i in 0..count {
            let (x, y) = (i % width, i / width);
            if x == 0 || y == 0 || x == width - 1 || y == width - 1 {
                outlet(i, &grid.heights);
            }
        }
    }
    while let Some(Reverse(Waiting(level, i))) = flood.pop() {
        for j in grid.neighbours(i % width, i / width) {
            if j == OFF_MAP || reached[j] {
                continue;
            }
            reached[j] = true;
            let spill = level + (level.abs() * FILL_RISE).max(FILL_RISE);
            if grid.heights[j] < spill {
                grid.heights[j] = spill;
            }
            flood.push(Reverse(Waiting(grid.heights[j], j)));
        }
    }
    Ok(grid.into_map(map.exponent()))
}

/// The lower neighbour of point `i` with the steepest drop, or [`OFF_MAP`]
/// if none is lower.
fn steepest(heights: &[f64], i: usize, neighbours: [usize; 8]) -> usize {
    let mut best = OFF_MAP;
    let mut steepest = 0.0;
    for (&j, &(_, _, distance)) in neighbours.iter().zip(&NEIGHBOURS) {
        if j != OFF_MAP {
            let slope = (heights[i] - heights[j]) / distance;
            if slope > steepest {
                steepest = slope;
                best = j;
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erosion::MAX_ABS_HEIGHT;
    use crate::erosion::test_maps::{assert_tiles, generated, shaped};

    fn tileable(exponent: u32, seed: u64) -> Heightmap {
        generated(true, exponent, seed)
    }

    #[test]
    fn the_gradient_of_a_plane_is_its_slope_everywhere_edges_included() {
        // Heights in sixteenths and a 17 x 17 map: every difference is exact.
        let plane = shaped(4, |x, y| 0.25 + 0.5 * x - 0.25 * y);
        let slope = gradient(&plane, false).expect("valid");
        assert!(slope.x.iter().all(|&dx| dx == 0.5), "{:?}", slope.x);
        assert!(slope.y.iter().all(|&dy| dy == -0.25), "{:?}", slope.y);
    }

    #[test]
    fn the_wrapped_gradient_reads_across_the_edge_and_tiles() {
        let map = tileable(4, 3);
        let wrapped = gradient(&map, true).expect("valid");
        assert_tiles(&wrapped.x, 17);
        assert_tiles(&wrapped.y, 17);
        // At the left edge the neighbour on the left is the last own column.
        let expected = (map.get(1, 5) - map.get(15, 5)) * 0.5 * 16.0;
        assert_eq!(wrapped.x[5 * 17], expected);
        let open = gradient(&map, false).expect("valid");
        assert_eq!(open.x[5 * 17], (map.get(1, 5) - map.get(0, 5)) * 16.0);
        // Inside, the two agree.
        assert_eq!(open.x[5 * 17 + 7], wrapped.x[5 * 17 + 7]);
    }

    #[test]
    fn on_a_tilted_plane_each_point_gathers_the_rain_upstream_of_it() {
        // Rising to the right: water runs left along its row (straight
        // left is steeper than either diagonal).
        let plane = shaped(4, |x, _| x);
        let water = accumulate(&plane, Routing::Steepest, false).expect("valid");
        for y in 0..17 {
            for x in 0..17 {
                assert_eq!(water[y * 17 + x], (17 - x) as f64, "({x}, {y})");
            }
        }
        // Shared among the three lower neighbours, all rain still reaches
        // the left edge, where it stays.
        let spread = accumulate(&plane, Routing::Proportional, false).expect("valid");
        let left_edge: f64 = (0..17).map(|y| spread[y * 17]).sum();
        assert!((left_edge - 289.0).abs() < 1e-9, "{left_edge}");
        assert!(spread.iter().all(|&w| w >= 1.0));
        // Far from the top and bottom edges, a row gathers about what it
        // would alone, as much spreads in from the rows beside it as out.
        assert!(
            (spread[8 * 17 + 3] - 14.0).abs() < 0.01,
            "{}",
            spread[8 * 17 + 3]
        );
    }

    #[test]
    fn all_rain_on_a_pit_ends_in_its_middle() {
        let pit = shaped(4, |x, y| (x - 0.5).abs() + (y - 0.5).abs());
        for routing in [Routing::Steepest, Routing::Proportional] {
            let water = accumulate(&pit, routing, false).expect("valid");
            let middle = water[8 * 17 + 8];
            assert!((middle - 289.0).abs() < 1e-9, "{routing:?}: {middle}");
        }
        // A cone's peak keeps only its own rain; it runs down to the edges.
        let cone = shaped(4, |x, y| 1.0 - (x - 0.5).abs() - (y - 0.5).abs());
        let water = accumulate(&cone, Routing::Steepest, false).expect("valid");
        assert_eq!(water[8 * 17 + 8], 1.0);
        let most = water.iter().copied().fold(0.0, f64::max);
        let on_border = |i: usize| matches!(i % 17, 0 | 16) || matches!(i / 17, 0 | 16);
        assert!(
            water
                .iter()
                .enumerate()
                .all(|(i, &w)| w < most || on_border(i))
        );
    }

    #[test]
    fn flats_keep_their_rain_and_nothing_is_invented() {
        let flat = Heightmap::from_heights(3, vec![0.5; 81]).expect("valid");
        for routing in [Routing::Steepest, Routing::Proportional] {
            for wrap in [false, true] {
                let water = accumulate(&flat, routing, wrap).expect("valid");
                assert!(water.iter().all(|&w| w == 1.0));
            }
        }
    }

    #[test]
    fn wrapped_rain_crosses_the_edges_and_the_result_tiles() {
        let map = tileable(5, 8);
        for routing in [Routing::Steepest, Routing::Proportional] {
            let water = accumulate(&map, routing, true).expect("valid");
            assert_tiles(&water, 33);
            assert!(water.iter().all(|&w| w >= 1.0 && w.is_finite()));
            assert_eq!(water, accumulate(&map, routing, true).expect("valid"));
        }
        // A plane that wraps cannot fall forever: make a periodic valley
        // along column 0 and check it gathers rain from both sides of the
        // seam.
        let valley = shaped(4, |x, _| 0.5 - (x - 0.5).abs());
        let water = accumulate(&valley, Routing::Steepest, true).expect("valid");
        assert_tiles(&water, 17);
        let column_total: f64 = (0..16).map(|y| water[y * 17]).sum();
        assert!(
            column_total >= 256.0,
            "all rain reaches the seam: {column_total}"
        );
    }

    #[test]
    fn tiny_maps_and_huge_heights_are_fine() {
        for exponent in 1..=2 {
            let side = (1usize << exponent) + 1;
            let heights: Vec<f64> = (0..side * side)
                .map(|i| {
                    if i % 3 == 0 {
                        MAX_ABS_HEIGHT
                    } else {
                        -MAX_ABS_HEIGHT
                    }
                })
                .collect();
            let map = Heightmap::from_heights(exponent, heights).expect("valid");
            for wrap in [false, true] {
                let slope = gradient(&map, wrap).expect("valid");
                assert!(slope.x.iter().chain(&slope.y).all(|v| v.is_finite()));
                for routing in [Routing::Steepest, Routing::Proportional] {
                    let water = accumulate(&map, routing, wrap).expect("valid");
                    assert!(water.iter().all(|w| w.is_finite() && *w >= 1.0));
                }
            }
        }
        let mut map = Heightmap::zeroed(1);
        map.set(0, 0, 2e6);
        assert!(gradient(&map, false).is_err());
        assert!(accumulate(&map, Routing::Steepest, false).is_err());
    }

    #[test]
    fn filled_pits_drain_every_point_to_an_outlet() {
        for wrap in [false, true] {
            let map = tileable(6, 9);
            let filled = fill_pits(&map, wrap).expect("valid");
            let grid = Grid::of(&filled, wrap);
            let original = Grid::of(&map, wrap);
            let mut outlets = 0;
            for y in 0..grid.width {
                for x in 0..grid.width {
                    let i = y * grid.width + x;
                    assert!(
                        grid.heights[i] >= original.heights[i],
                        "({x}, {y}) was lowered"
                    );
                    let lower = grid
                        .neighbours(x, y)
                        .iter()
                        .any(|&j| j != OFF_MAP && grid.heights[j] < grid.heights[i]);
                    let edge = x == 0 || y == 0 || x == grid.width - 1 || y == grid.width - 1;
                    if !lower {
                        outlets += 1;
                        assert!(wrap || edge, "({x}, {y}) is a pit");
                    }
                }
            }
            if wrap {
                assert_eq!(outlets, 1, "a torus drains through its lowest point");
            }
            // All rain reaches the outlets: none is held in a pit inside.
            let water = accumulate(&filled, Routing::Steepest, wrap).expect("valid");
            let most = water.iter().copied().fold(0.0, f64::max);
            let raw_most = accumulate(&map, Routing::Steepest, wrap)
                .expect("valid")
                .iter()
                .copied()
                .fold(0.0, f64::max);
            assert!(most > 4.0 * raw_most, "{most} against {raw_most} unfilled");
            // Filling twice changes nothing.
            assert_eq!(fill_pits(&filled, wrap).expect("valid"), filled);
        }
        // A bowl becomes a lake at its rim's lowest point.
        let bowl = shaped(4, |x, y| ((x - 0.5).powi(2) + (y - 0.5).powi(2)).min(0.2));
        let lake = fill_pits(&bowl, false).expect("valid");
        assert!(
            lake.get(8, 8) >= 0.2 && lake.get(8, 8) < 0.2 + 1e-9,
            "{}",
            lake.get(8, 8)
        );
    }
}
