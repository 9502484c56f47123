//! What the demos draw over a terrain: the first octave's lattice points,
//! their gradients and the grid's lines, in map coordinates (`x` along a
//! row, `y` down the columns, both from 0 to `last`, as fractional map
//! points).
//!
//! Every list is bounded: a lattice too dense to draw (more than
//! [`MAX_OVERLAY_ITEMS`] items) gives an empty list instead of a huge one.

use super::lattice::direction;
use super::octaves::{first_octave_sites, octave_frequency, simplex_grid};
use super::{Basis, Error, NoiseSettings};

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

/// The map points nearest the first octave's lattice points: the points
/// the `lattice` stage sets, for the demos to highlight. Row-major order,
/// each once.
pub fn lattice_points(settings: &NoiseSettings) -> Result<Vec<(usize, usize)>, Error> {
    settings.validate()?;
    let last = 1usize << settings.exponent;
    let mut points: Vec<(usize, usize)> = first_octave_sites(settings)
        .iter()
        .map(|site| site.nearest_point(last, settings.tileable))
        .collect();
    if settings.tileable {
        // The copies in the last row and column.
        let mut copies = Vec::new();
        for &(x, y) in &points {
            if x == 0 {
                copies.push((last, y));
            }
            if y == 0 {
                copies.push((x, last));
            }
            if x == 0 && y == 0 {
                copies.push((last, last));
            }
        }
        points.extend(copies);
    }
    points.sort_unstable_by_key(|&(x, y)| (y, x));
    points.dedup();
    Ok(points)
}

/// The first octave's gradients, one arrow per lattice point on the map,
/// for Perlin and simplex noise; empty for value noise (which has values,
/// not gradients) and for lattices with more than [`MAX_OVERLAY_ITEMS`]
/// points (Perlin noise above 63 cells across, simplex above about 48).
pub fn gradient_arrows(settings: &NoiseSettings) -> Result<Vec<Arrow>, Error> {
    settings.validate()?;
    if settings.basis == Basis::Value {
        return Ok(Vec::new());
    }
    let sites = first_octave_sites(settings);
    if sites.len() > MAX_OVERLAY_ITEMS {
        return Ok(Vec::new());
    }
    Ok(sites
        .iter()
        .map(|site| {
            let [dx, dy] = direction(site.hash);
            Arrow {
                x: site.position[0],
                y: site.position[1],
                dx,
                dy,
            }
        })
        .collect())
}

/// The first octave's grid, clipped to the map: the square lattice's
/// lines for value and Perlin noise (2 · (frequency + 1) segments), the
/// triangular grid's three families of lines for simplex noise (about
/// 5.5 · frequency). Never more than [`MAX_OVERLAY_ITEMS`] (at most about
/// 1400 in fact, at a frequency of 256).
pub fn lattice_lines(settings: &NoiseSettings) -> Result<Vec<Segment>, Error> {
    settings.validate()?;
    let span = octave_frequency(settings, 0);
    let last = (1usize << settings.exponent) as f64;
    let to_map = |[u, v]: [f64; 2]| [u * last / span, v * last / span];
    let mut lines = Vec::new();
    match settings.basis {
        Basis::Value | Basis::Perlin => {
            for i in 0..=span as i64 {
                let at = i as f64 * last / span;
                lines.push(Segment {
                    start: [at, 0.0],
                    end: [at, last],
                });
                lines.push(Segment {
                    start: [0.0, at],
                    end: [last, at],
                });
            }
        }
        Basis::Simplex => {
            let grid = simplex_grid(settings);
            let origin = grid.position(0, 0);
            let along_i = grid.position(1, 0);
            let along_j = grid.position(0, 1);
            let diagonal = grid.position(1, 1);
            let reach = (span * (1.0 + 2.0 * grid.skew)).ceil() as i64;
            let towards = |[u, v]: [f64; 2]| [u - origin[0], v - origin[1]];
            let diagonals = span.ceil() as i64;
            // Rows of the lattice (j fixed), its columns (i fixed) and its
            // diagonals (i − j fixed), each through a point of one lattice
            // row or column.
            let rows = (0..=reach).map(|j| (grid.position(0, j), towards(along_i)));
            let columns = (0..=reach).map(|i| (grid.position(i, 0), towards(along_j)));
            let slants = (-diagonals..=diagonals).map(|k| (grid.position(k, 0), towards(diagonal)));
            for (through, direction) in rows.chain(columns).chain(slants) {
                if let Some((start, end)) = clip(through, direction, span) {
                    lines.push(Segment {
                        start: to_map(start),
                        end: to_map(end),
                    });
                }
            }
        }
    }
    if lines.len() > MAX_OVERLAY_ITEMS {
        lines.clear();
    }
    Ok(lines)
}

/// The part of the line through `point` along `direction` inside the
/// square `[0, span]²`, if more than a point of it is.
fn clip(point: [f64; 2], direction: [f64; 2], span: f64) -> Option<([f64; 2], [f64; 2])> {
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
