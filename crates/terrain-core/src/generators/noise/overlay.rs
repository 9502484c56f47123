//! What the demos draw over a terrain: the first octave's sites (lattice
//! points, or cellular noise's feature points), their gradients and the
//! grid's lines, in map coordinates (`x` along a row, `y` down the
//! columns, both from 0 to `last`, as fractional map points).
//!
//! Every list is bounded: a lattice too dense to draw (more than
//! [`MAX_OVERLAY_ITEMS`] items) gives an empty list instead of a huge one
//! (see [`super::describe`], which makes them for any basis).

use super::math::round_to_int;

/// The most arrows or lines an overlay returns.
pub const MAX_OVERLAY_ITEMS: usize = 4096;

/// A lattice point's gradient: a unit vector at a point of the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrow {
    /// Where the lattice point is: column, fractional.
    pub x: f64,
    /// Where the lattice point is: row, fractional.
    pub y: f64,
    /// The gradient's direction along `x` (a unit vector with `dy`).
    pub dx: f64,
    /// The gradient's direction along `y`.
    pub dy: f64,
}

/// A line of the lattice, clipped to the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    /// One end, `[x, y]`.
    pub start: [f64; 2],
    /// The other end, `[x, y]`.
    pub end: [f64; 2],
}

/// One site of the first octave inside the map: a lattice point, or a
/// feature point.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Site {
    /// Its hash in the first octave's table, which picks its random
    /// quantity.
    pub(crate) hash: usize,
    /// Where it is on the map, `[x, y]`.
    pub(crate) position: [f64; 2],
}

impl Site {
    /// The map point nearest to it. On a tileable map the last row and
    /// column are copies of the first, so a site nearest to them is taken
    /// to the first.
    pub(crate) fn nearest_point(&self, last: usize, tileable: bool) -> (usize, usize) {
        let nearest = |coordinate: f64| {
            let point = (round_to_int(coordinate).max(0) as usize).min(last);
            if tileable && point == last { 0 } else { point }
        };
        (nearest(self.position[0]), nearest(self.position[1]))
    }
}

/// The part of the line through `point` along `direction` inside the
/// square `[0, span]²`, if more than a point of it is.
pub(crate) fn clip(
    point: [f64; 2],
    direction: [f64; 2],
    span: f64,
) -> Option<([f64; 2], [f64; 2])> {
    let (mut low, mut high) = (f64::NEG_INFINITY, f64::INFINITY);
    for axis in 0..2 {
        if direction[axis] == 0.0 {
            if !(0.0..=span).contains(&point[axis]) {
                return None;
            }
        } else {
            let to_low = -point[axis] / direction[axis];
            let to_high = (span - point[axis]) / direction[axis];
            low = low.max(to_low.min(to_high));
            high = high.min(to_low.max(to_high));
        }
    }
    let at = |t: f64| {
        [
            (point[0] + t * direction[0]).clamp(0.0, span),
            (point[1] + t * direction[1]).clamp(0.0, span),
        ]
    };
    (high - low > 1e-9).then(|| (at(low), at(high)))
}
