//! What every erosion method shares: the heights it works on, as a
//! [`Grid`] (with wrap, the torus of the map's own points) with each
//! point's neighbours, and the checks it makes of its input first.

use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::spec::{Spec, Value};

/// The largest height magnitude the erosion methods accept: far beyond the
/// `[0, 1]` of the site's maps (and beyond any real elevation in metres),
/// and far enough below `f64::MAX` that no speed, capacity or sum of a run
/// can overflow.
pub const MAX_ABS_HEIGHT: f64 = 1e6;

/// `Ok` if `value` is a value of `spec` in its range, else the error naming
/// the setting, the value and what is allowed.
pub(crate) fn check(spec: &'static Spec, value: Value) -> Result<(), Error> {
    spec.check(&value)
        .map_err(|refusal| Error::refused(spec, refusal))
}

/// Where the first of `heights` the erosion methods refuse is (beyond
/// ±[`MAX_ABS_HEIGHT`], or not a number), if any: their one rule for a
/// height, also for heights not yet a map (a worker's window).
pub fn first_refused_height(heights: &[f64]) -> Option<usize> {
    heights
        .iter()
        .position(|height| !(-MAX_ABS_HEIGHT..=MAX_ABS_HEIGHT).contains(height))
}

/// `Ok` if every height is within ±[`MAX_ABS_HEIGHT`].
pub(crate) fn check_heights(map: &Heightmap) -> Result<(), Error> {
    match first_refused_height(map.heights()) {
        Some(index) => Err(Error::HeightOutOfRange {
            index,
            value: map.heights()[index].to_string(),
            limit: MAX_ABS_HEIGHT as u32,
        }),
        None => Ok(()),
    }
}

/// The heights a method works on: the whole map, or with wrap only its own
/// `period x period` points, a torus on which the point after the last
/// column is column 0.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Grid {
    /// Row-major heights, `width` a row.
    pub heights: Vec<f64>,
    /// Points on a side: the map's side, or its period with wrap.
    pub width: usize,
    /// Whether the grid is a torus.
    pub wrap: bool,
}

impl Grid {
    /// The grid of `map`'s heights (its own points only, with wrap).
    pub fn of(map: &Heightmap, wrap: bool) -> Self {
        let side = map.side();
        if wrap {
            let period = side - 1;
            let mut heights = Vec::with_capacity(period * period);
            for row in map.heights().chunks_exact(side).take(period) {
                heights.extend_from_slice(&row[..period]);
            }
            Self {
                heights,
                width: period,
                wrap,
            }
        } else {
            Self {
                heights: map.heights().to_vec(),
                width: side,
                wrap,
            }
        }
    }

    /// The grid's values laid out as a map of `exponent`: as they are, or,
    /// with wrap, with the first row and column copied onto the last.
    pub fn into_values(self, exponent: u32) -> Vec<f64> {
        if !self.wrap {
            return self.heights;
        }
        let period = self.width;
        let side = period + 1;
        debug_assert_eq!(side, (1 << exponent) + 1);
        let mut values = Vec::with_capacity(side * side);
        for row in self.heights.chunks_exact(period) {
            values.extend_from_slice(row);
            values.push(row[0]);
        }
        values.extend_from_within(..side);
        values
    }

    /// The grid as a map of `exponent`, laid out as [`Grid::into_values`].
    pub fn into_map(self, exponent: u32) -> Heightmap {
        let values = self.into_values(exponent);
        let mut map = Heightmap::zeroed(exponent);
        map.heights_mut().copy_from_slice(&values);
        map
    }
}

/// The eight neighbours of a point, in the order every method visits them
/// (row by row: above left, above, above right, left, right, below left,
/// below, below right), as `(dx, dy, distance in cells)`.
pub(crate) const NEIGHBOURS: [(i64, i64, f64); 8] = [
    (-1, -1, std::f64::consts::SQRT_2),
    (0, -1, 1.0),
    (1, -1, std::f64::consts::SQRT_2),
    (-1, 0, 1.0),
    (1, 0, 1.0),
    (-1, 1, std::f64::consts::SQRT_2),
    (0, 1, 1.0),
    (1, 1, std::f64::consts::SQRT_2),
];

/// Marks a neighbour that is off the map (never with wrap).
pub(crate) const OFF_MAP: usize = usize::MAX;

impl Grid {
    /// The indices of the neighbours of `(x, y)` in [`NEIGHBOURS`] order,
    /// [`OFF_MAP`] for those beyond an edge without wrap. On the smallest
    /// torus (period 2) the left and right neighbours are the same point,
    /// and both are listed: material and water moving each way are counted
    /// each time, which keeps every sum right.
    #[inline]
    pub fn neighbours(&self, x: usize, y: usize) -> [usize; 8] {
        let width = self.width;
        if x > 0 && y > 0 && x + 1 < width && y + 1 < width {
            // Inside: fixed offsets, the common case.
            let i = y * width + x;
            return [
                i - width - 1,
                i - width,
                i - width + 1,
                i - 1,
                i + 1,
                i + width - 1,
                i + width,
                i + width + 1,
            ];
        }
        let size = width as i64;
        NEIGHBOURS.map(|(dx, dy, _)| {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if self.wrap {
                (ny.rem_euclid(size) * size + nx.rem_euclid(size)) as usize
            } else if (0..size).contains(&nx) && (0..size).contains(&ny) {
                (ny * size + nx) as usize
            } else {
                OFF_MAP
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heights_beyond_the_limit_are_refused_with_their_index() {
        let mut map = Heightmap::zeroed(1);
        assert!(check_heights(&map).is_ok());
        map.set(2, 1, -2e6);
        let error = check_heights(&map).expect_err("too deep");
        assert_eq!(
            error,
            Error::HeightOutOfRange {
                index: 5,
                value: "-2000000".to_owned(),
                limit: MAX_ABS_HEIGHT as u32,
            }
        );
        assert!(error.to_string().contains("height number 5 is -2000000"));
    }

    #[test]
    fn a_wrapped_grid_keeps_the_own_points_and_gives_back_a_tiling_map() {
        let heights: Vec<f64> = (0..25).map(f64::from).collect();
        let map = Heightmap::from_heights(2, heights).expect("valid");
        let grid = Grid::of(&map, true);
        assert_eq!(grid.width, 4);
        assert_eq!(&grid.heights[..5], &[0.0, 1.0, 2.0, 3.0, 5.0]);
        let back = grid.into_map(2);
        for i in 0..5 {
            assert_eq!(back.get(i, 4), back.get(i, 0));
            assert_eq!(back.get(4, i), back.get(0, i));
        }
        assert_eq!(back.get(3, 3), map.get(3, 3));
        let open = Grid::of(&map, false);
        assert_eq!(open.into_map(2), map);
    }

    #[test]
    fn neighbours_wrap_on_a_torus_and_stop_at_the_edge_otherwise() {
        let map = Heightmap::zeroed(2);
        let open = Grid::of(&map, false);
        assert_eq!(open.neighbours(2, 2), [6, 7, 8, 11, 13, 16, 17, 18]);
        assert_eq!(
            open.neighbours(0, 0),
            [OFF_MAP, OFF_MAP, OFF_MAP, OFF_MAP, 1, OFF_MAP, 5, 6]
        );
        let torus = Grid::of(&map, true);
        // Width 4: the top-left point's neighbours come from the far side.
        assert_eq!(torus.neighbours(0, 0), [15, 12, 13, 3, 1, 7, 4, 5]);
        assert_eq!(torus.neighbours(3, 3), [10, 11, 8, 14, 12, 2, 3, 0]);
    }
}
