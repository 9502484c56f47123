//! Simplex noise (Perlin, 2001) on a triangular grid.
//!
//! Squares need four corners per point; triangles need three. The grid is
//! the square lattice *skewed* along the diagonal until its squares' two
//! triangles are (nearly) equilateral. A point is skewed into lattice
//! coordinates, whose floor gives its square, and comparing its two offsets
//! tells which of the square's two triangles it is in. Each of the three
//! corners contributes its gradient's plane `g · d`, weighted by the radial
//! kernel `(½ − |d|²)⁴` instead of a fade: a bump that reaches exactly to
//! the far side of each triangle touching the corner, so only the three
//! corners of a point's own triangle ever reach it. The noise is 0 at every
//! lattice point, like Perlin noise, and smooth everywhere (the kernel and
//! its first three derivatives vanish at its rim).
//!
//! # Two grids
//!
//! The textbook grid skews by `F = (√3 − 1)/2` and unskews by
//! `G = (3 − √3)/6`, which makes the triangles exactly equilateral. No
//! square can be a period of that grid (an equilateral lattice has no two
//! perpendicular vectors of equal length), so **tileable** simplex noise
//! uses a grid very close to it instead: `G = 1/5`, `F = 1/3`. Its
//! triangles are isosceles, with sides `√0.68` and `√0.68` and base
//! `√0.72` (3 % apart); the lattice vectors `(4, 1)` and `(1, 4)` unskew to
//! `(3, 0)` and `(0, 3)`, so the grid repeats on a square of side 3. A
//! tileable octave therefore spans a whole multiple of 3 units across the
//! map (its frequency rounded to the nearest such multiple, at least 3),
//! and its corner `(i, j)` is hashed by `(4i − j, 4j − i)` modulo 5 times
//! the span: those two numbers change by 15 per period step, so the hash
//! repeats exactly with the grid. The kernel still fits: for any `G` the
//! height of a triangle over its long side is exactly `1/√2`, and its other
//! heights are longer.
//!
//! The scale factors make the range `[−1, 1]`: each is the reciprocal of the
//! largest sum of the three kernels times their distances, found
//! numerically (0.010080 for the textbook grid, 0.0098260 for ours) and
//! rounded down in the fifth digit.

use super::basis::{Basis, Sample};
use super::columns::Columns;
use super::describe::describe;
use super::lattice::{self, Lattice};
use super::math::floor_to_int;
use super::overlay::{Site, clip};
use super::settings::NoiseSettings;
use crate::lanes::Pair;
use crate::params::{Algorithm, Description, Group};

impl Algorithm {
    /// Chapter 4: random gradients on a triangular grid: `simplex-noise`.
    pub const SIMPLEX_NOISE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = describe::<SimplexNoise>(
    "simplex-noise",
    "Simplex noise",
    &[Group::Normalize, Group::Noise],
);

/// Simplex noise on its grid: the textbook one, or the one that tiles.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SimplexNoise(pub(crate) Grid);

impl Basis for SimplexNoise {
    type Terms = [Vec<f64>; 2];
    type GradientTerms = ();
    const TILE_SPAN: i64 = TILE_SPAN;
    const HASH_PERIOD_PER_SPAN: i64 = HASH_PERIOD_PER_SPAN;
    const HAS_GRADIENTS: bool = true;

    fn new(settings: &NoiseSettings) -> Self {
        Self(if settings.tileable {
            TILEABLE
        } else {
            EQUILATERAL
        })
    }

    #[inline(always)]
    fn sample(self, lattice: &Lattice, u: f64, v: f64) -> Sample {
        sample(lattice, self.0, u, v)
    }

    #[inline]
    fn rows(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: Pair,
        lanes: &mut [Vec<f64>; 2],
        out: &mut [Pair],
        emit: impl Fn(&mut Pair, Pair),
    ) {
        for (lane, v) in lanes.iter_mut().zip(v.lanes()) {
            lane.resize(out.len(), 0.0);
            row(
                lattice,
                self.0,
                &columns.position,
                v,
                lane,
                |slot, noise| {
                    *slot = noise;
                },
            );
        }
        for ((out, &first), &second) in out.iter_mut().zip(&lanes[0]).zip(&lanes[1]) {
            emit(out, Pair::new(first, second));
        }
    }

    /// The grid's points inside the map, row of the lattice by row.
    fn sites(self, lattice: &Lattice, span: f64, last: f64) -> Vec<Site> {
        let grid = self.0;
        // A point of the square has skewed coordinates from 0 to
        // span · (1 + 2F); a little slack absorbs rounding at the edges.
        let reach = (span * (1.0 + 2.0 * grid.skew)).ceil() as i64;
        let slack = 1e-9 * span;
        let inside = |coordinate: f64| (-slack..=span + slack).contains(&coordinate);
        let mut sites = Vec::new();
        for j in 0..=reach {
            for i in 0..=reach {
                let [u, v] = grid.position(i, j);
                if inside(u) && inside(v) {
                    let clamp = |coordinate: f64| coordinate.clamp(0.0, span) * last / span;
                    sites.push(Site {
                        hash: grid.hash(lattice, i, j),
                        position: [clamp(u), clamp(v)],
                    });
                }
            }
        }
        sites
    }

    /// Every kernel is 0 at its own lattice point's plane.
    fn site_noise(self, _: &Lattice, _: &Site, _: f64) -> f64 {
        0.0
    }

    /// The triangular grid's three families of lines: its rows (`j`
    /// fixed), its columns (`i` fixed) and its diagonals (`i − j` fixed),
    /// each through a point of one lattice row or column.
    fn lines(self, span: f64) -> Vec<[[f64; 2]; 2]> {
        let grid = self.0;
        let origin = grid.position(0, 0);
        let towards = |[u, v]: [f64; 2]| [u - origin[0], v - origin[1]];
        let (along_i, along_j) = (towards(grid.position(1, 0)), towards(grid.position(0, 1)));
        let diagonal = towards(grid.position(1, 1));
        let reach = (span * (1.0 + 2.0 * grid.skew)).ceil() as i64;
        let diagonals = span.ceil() as i64;
        let rows = (0..=reach).map(|j| (grid.position(0, j), along_i));
        let columns = (0..=reach).map(|i| (grid.position(i, 0), along_j));
        let slants = (-diagonals..=diagonals).map(|k| (grid.position(k, 0), diagonal));
        rows.chain(columns)
            .chain(slants)
            .filter_map(|(through, direction)| clip(through, direction, span))
            .map(|(start, end)| [start, end])
            .collect()
    }
}

/// A triangular grid: how to skew onto it and back, and the noise's scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Grid {
    /// `F`: lattice coordinates are `(u, v) + (u + v) F`.
    pub(crate) skew: f64,
    /// `G`: lattice point `(i, j)` sits at `(i, j) − (i + j) G`.
    pub(crate) unskew: f64,
    /// Multiplies the kernel sum so the noise spans `[−1, 1]`.
    pub(crate) scale: f64,
    /// Whether corners are hashed by `(4i − j, 4j − i)`, the coordinates
    /// that repeat with the grid's square period.
    tileable: bool,
}

/// The textbook grid of equilateral triangles.
pub(crate) const EQUILATERAL: Grid = Grid {
    skew: 0.366_025_403_784_438_6,
    unskew: 0.211_324_865_405_187_1,
    scale: 99.2043,
    tileable: false,
};

/// The nearly equilateral grid that repeats on a square of side 3.
pub(crate) const TILEABLE: Grid = Grid {
    skew: 1.0 / 3.0,
    unskew: 0.2,
    scale: 101.7712,
    tileable: true,
};

/// The span of a tileable grid's square period, in lattice units.
const TILE_SPAN: i64 = 3;

/// Lattice steps per unit of span in the hashed coordinates of a tileable
/// grid: `(4i − j, 4j − i)` repeats every `5 × span`.
const HASH_PERIOD_PER_SPAN: i64 = 5;

impl Grid {
    /// The hash of corner `(i, j)`.
    #[inline]
    pub(crate) fn hash(&self, lattice: &Lattice, i: i64, j: i64) -> usize {
        if self.tileable {
            lattice.hash(lattice.column(4 * i - j), 4 * j - i)
        } else {
            lattice.hash(lattice.column(i), j)
        }
    }

    /// Where lattice point `(i, j)` sits, in noise coordinates.
    #[inline]
    pub(crate) fn position(&self, i: i64, j: i64) -> [f64; 2] {
        let shift = (i + j) as f64 * self.unskew;
        [i as f64 - shift, j as f64 - shift]
    }
}

/// Where a point sits on the grid: its skewed cell `(i, j)`, which of the
/// cell's two triangles (`lower`: below the diagonal), and its offsets
/// from the triangle's three corners.
#[derive(Debug, Clone, Copy)]
struct Place {
    i: i64,
    j: i64,
    lower: bool,
    offsets: [[f64; 2]; 3],
}

impl Place {
    #[inline(always)]
    fn of(grid: Grid, u: f64, v: f64) -> Self {
        let shift = (u + v) * grid.skew;
        let (i, j) = (floor_to_int(u + shift), floor_to_int(v + shift));
        let [corner_u, corner_v] = grid.position(i, j);
        let (x0, y0) = (u - corner_u, v - corner_v);
        // Below the cell's diagonal the middle corner is (i + 1, j), above
        // it (i, j + 1).
        let lower = x0 > y0;
        let (step_i, step_j) = if lower { (1.0, 0.0) } else { (0.0, 1.0) };
        let g = grid.unskew;
        Self {
            i,
            j,
            lower,
            offsets: [
                [x0, y0],
                [x0 - step_i + g, y0 - step_j + g],
                [x0 - 1.0 + 2.0 * g, y0 - 1.0 + 2.0 * g],
            ],
        }
    }

    /// The unit gradients at the triangle's corners.
    #[inline(always)]
    fn directions(&self, lattice: &Lattice, grid: Grid) -> [[f64; 2]; 3] {
        let (i, j) = (self.i, self.j);
        let (middle_i, middle_j) = if self.lower { (i + 1, j) } else { (i, j + 1) };
        [
            lattice::direction(grid.hash(lattice, i, j)),
            lattice::direction(grid.hash(lattice, middle_i, middle_j)),
            lattice::direction(grid.hash(lattice, i + 1, j + 1)),
        ]
    }

    /// Whether `other` is in the same triangle.
    #[inline(always)]
    fn same_triangle(&self, other: &Place) -> bool {
        self.i == other.i && self.j == other.j && self.lower == other.lower
    }
}

/// One corner's kernel, clamped rather than skipped at its rim: a branch
/// there would go either way at random, and mispredicting it costs more
/// than the sums.
#[inline(always)]
fn reach([dx, dy]: [f64; 2]) -> f64 {
    let reach = 0.5 - dx * dx - dy * dy;
    if reach > 0.0 { reach } else { 0.0 }
}

/// The noise at a place, from its corners' directions.
#[inline(always)]
fn value_at(grid: Grid, place: &Place, directions: &[[f64; 2]; 3]) -> f64 {
    let mut value = 0.0;
    for (offset, [gx, gy]) in place.offsets.iter().zip(directions) {
        let reach = reach(*offset);
        let plane = gx * offset[0] + gy * offset[1];
        let reach2 = reach * reach;
        value += reach2 * reach2 * plane;
    }
    value * grid.scale
}

/// The noise at `(u, v)` with its gradient. Always inlined: the row loop
/// only wants the value, and once inlined the gradient's sums drop out.
#[inline(always)]
fn sample(lattice: &Lattice, grid: Grid, u: f64, v: f64) -> Sample {
    let place = Place::of(grid, u, v);
    let directions = place.directions(lattice, grid);
    let mut gradient = [0.0, 0.0];
    for (&[dx, dy], [gx, gy]) in place.offsets.iter().zip(directions) {
        let reach = reach([dx, dy]);
        let plane = gx * dx + gy * dy;
        let reach2 = reach * reach;
        let kernel = reach2 * reach2;
        // d/dd of reach⁴ (g · d) = reach⁴ g − 8 reach³ (g · d) d.
        let falloff = 8.0 * reach2 * reach * plane;
        gradient[0] += kernel * gx - falloff * dx;
        gradient[1] += kernel * gy - falloff * dy;
    }
    Sample {
        value: value_at(grid, &place, &directions),
        gradient: [gradient[0] * grid.scale, gradient[1] * grid.scale],
    }
}

/// The noise along one row at `v`: calls `emit(&mut out[x], noise)` for
/// the lattice coordinate `u` in `positions[x]`. The same numbers as
/// [`sample`], bit for bit. A triangle's corners depend on both
/// coordinates, so a row cannot share them the way the square lattices'
/// rows do; but neighbouring points usually fall in the same triangle
/// (in all but the finest octaves), and then reuse its corners' gradients
/// instead of hashing them again.
#[inline]
fn row(
    lattice: &Lattice,
    grid: Grid,
    positions: &[f64],
    v: f64,
    out: &mut [f64],
    emit: impl Fn(&mut f64, f64),
) {
    let Some(&first) = positions.first() else {
        return;
    };
    let mut known = Place::of(grid, first, v);
    let mut directions = known.directions(lattice, grid);
    for (out, &u) in out.iter_mut().zip(positions) {
        let place = Place::of(grid, u, v);
        if !place.same_triangle(&known) {
            known = place;
            directions = place.directions(lattice, grid);
        }
        emit(out, value_at(grid, &place, &directions));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplex_noise_is_zero_at_lattice_points() {
        for grid in [EQUILATERAL, TILEABLE] {
            let lattice = Lattice::new(2, 1, grid.tileable.then_some(15));
            for i in -4..8 {
                for j in -4..8 {
                    let [u, v] = grid.position(i, j);
                    let value = sample(&lattice, grid, u, v).value;
                    assert!(value.abs() < 1e-12, "({i}, {j}): {value}");
                }
            }
        }
    }

    #[test]
    fn the_tileable_grid_repeats_on_a_square_of_side_three() {
        let lattice = Lattice::new(6, 0, Some(HASH_PERIOD_PER_SPAN * TILE_SPAN));
        assert_eq!(TILEABLE.position(4, 1), [3.0, 0.0]);
        assert_eq!(TILEABLE.position(1, 4), [0.0, 3.0]);
        for i in -6..6 {
            for j in -6..6 {
                let here = TILEABLE.hash(&lattice, i, j);
                assert_eq!(here, TILEABLE.hash(&lattice, i + 4, j + 1));
                assert_eq!(here, TILEABLE.hash(&lattice, i + 1, j + 4));
            }
        }
        // Dyadic points, so adding the period is exact.
        for (u, v) in [(0.25, 0.5), (1.125, 2.75), (2.5, 0.0625)] {
            let here = sample(&lattice, TILEABLE, u, v);
            for (du, dv) in [(3.0, 0.0), (0.0, 3.0), (-3.0, 6.0)] {
                let there = sample(&lattice, TILEABLE, u + du, v + dv);
                assert!((here.value - there.value).abs() < 1e-12, "{u} {v}");
            }
        }
    }

    #[test]
    fn the_triangle_heights_leave_room_for_the_kernel() {
        for grid in [EQUILATERAL, TILEABLE] {
            let [a, b, c] = [
                grid.position(0, 0),
                grid.position(1, 0),
                grid.position(1, 1),
            ];
            let area2 = ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])).abs();
            for (p, q) in [(a, b), (b, c), (c, a)] {
                let side = ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2)).sqrt();
                let height = area2 / side;
                assert!(height * height >= 0.5 - 1e-12, "{grid:?}: {height}");
            }
        }
    }
}
