//! Perlin's gradient noise: a random gradient at every lattice point.
//!
//! Each lattice point contributes the plane through it with its gradient,
//! `g · d`, where `d` is the offset from the lattice point; the four planes
//! of a cell are blended with the fade, as value noise blends values. Every
//! plane is 0 at its own point, so the noise is **0 at every lattice
//! point**, and its hills and dales fall between them, which hides the
//! grid far better than value noise does.
//!
//! The fade decides how smooth the cell borders are. Perlin's first noise
//! (1985) used the cubic smoothstep `3t² − 2t³`, whose second derivative
//! jumps at the borders: lit surfaces show faint creases along the grid.
//! His improved noise (2002) uses the quintic `6t⁵ − 15t⁴ + 10t³`, whose
//! first and second derivatives are both 0 at the borders.
//!
//! # The arrangement of the sums
//!
//! Blending along `y` first, at each of the cell's two lattice columns,
//! leaves a function of the offset `dx` along the row that is *linear*:
//! `a · dx + b`. Every point of a row in that cell uses the same `a` and
//! `b`, so the row kernel works them out once per lattice column and row,
//! and a point costs two multiply-adds per column and one blend. The point
//! sampler does the same sums in the same order, so both give the same
//! bits. The row kernel works on two map rows at once, and where they share
//! lattice rows it hashes each shared gradient once.

use std::ops::Range;

use super::basis::{Basis, FadedCell, GradientRows, Sample};
use super::columns::Columns;
use super::describe::describe;
use super::lattice::Lattice;
use super::math::floor_to_int;
use super::overlay::Site;
use super::settings::{Fade, NoiseSettings};
use crate::lanes::{Lane, Pair};
use crate::params::{Algorithm, Description, Group};

impl Algorithm {
    /// Chapter 4: random gradients at lattice points, their planes blended:
    /// `perlin-noise`.
    pub const PERLIN_NOISE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = describe::<PerlinNoise>(
    "perlin-noise",
    "Perlin noise",
    &[Group::Normalize, Group::Noise, Group::Fade],
);

/// Perlin's gradient noise, blended across cells with a fade.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PerlinNoise(pub(crate) Fade);

impl Basis for PerlinNoise {
    type Terms = Vec<(Pair, Pair)>;
    type GradientTerms = Vec<[(f64, f64); 2]>;
    const HAS_GRADIENTS: bool = true;

    fn new(settings: &NoiseSettings) -> Self {
        Self(settings.fade)
    }

    /// The noise at `(u, v)`, in lattice cells, with its gradient. Always
    /// inlined, so a caller that reads only the value does not pay for the
    /// gradient.
    #[inline(always)]
    fn sample(self, lattice: &Lattice, u: f64, v: f64) -> Sample {
        let FadedCell {
            corner: (i, j),
            offset: (fx, fy),
            weight: (weight_x, weight_y),
            slope: (slope_x, slope_y),
        } = FadedCell::at(self.0, u, v);
        let (below, above) = (lattice.row(j), lattice.row(j + 1));
        let gradients = |column| {
            (
                lattice.gradient_in_row(column, below),
                lattice.gradient_in_row(column, above),
            )
        };
        let (left_below, left_above) = gradients(lattice.column(i));
        let (right_below, right_above) = gradients(lattice.column(i + 1));
        let left = column_term(left_below, left_above, fy, fy - 1.0, weight_y);
        let right = column_term(right_below, right_above, fy, fy - 1.0, weight_y);
        let left_y = column_term_along_y(left_below, left_above, fy, weight_y, slope_y);
        let right_y = column_term_along_y(right_below, right_above, fy, weight_y, slope_y);
        let fx_from_right = fx - 1.0;
        Sample {
            value: blend(left, right, fx, fx_from_right, weight_x),
            gradient: [
                blend_along_x(left, right, fx, fx_from_right, weight_x, slope_x),
                blend(left_y, right_y, fx, fx_from_right, weight_x),
            ],
        }
    }

    /// The noise along two rows, at lattice row coordinates `v` (one a
    /// lane): calls `emit(&mut out[x], noise)` for each map column `x` of
    /// `columns`, so the caller can store the noise or add it to a sum in
    /// the same pass. Each lane is [`Basis::sample`]'s number, bit for bit
    /// (see the module documentation for how the row shares its work).
    #[inline]
    fn rows(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: Pair,
        terms: &mut Vec<(Pair, Pair)>,
        out: &mut [Pair],
        emit: impl Fn(&mut Pair, Pair),
    ) {
        let fade = self.0;
        let [first, second] = v.lanes().map(floor_to_int);
        let [v_first, v_second] = v.lanes();
        let fy = Pair::new(v_first - first as f64, v_second - second as f64);
        let weight_y = fy.map(|fy| fade.weight(fy));
        let fy_from_above = fy - Pair::splat(1.0);
        let below = [lattice.row(first), lattice.row(second)];
        let above = [lattice.row(first + 1), lattice.row(second + 1)];
        // A slot's gradients below and above each row, a row a lane, in
        // one of three arrangements. The two rows often share lattice
        // rows, and then each shared gradient is hashed once: when both
        // fall in the same lattice cells (nearly always in octaves with
        // two or more map rows a cell) and when the second row's cells sit
        // on the first's (one map row a cell: the first row's upper
        // lattice row is the second's lower one). The same numbers either
        // way, for a half or a quarter less hashing.
        let lanes = |first: [f64; 2], second: [f64; 2]| {
            [
                Pair::new(first[0], second[0]),
                Pair::new(first[1], second[1]),
            ]
        };
        let gradient = |column: usize, row: usize| lattice.gradient_in_row(column, row);
        let term_in_same_cells = |column: usize| {
            let (below, above) = (gradient(column, below[0]), gradient(column, above[0]));
            (lanes(below, below), lanes(above, above))
        };
        let term_in_stacked_cells = |column: usize| {
            let middle = gradient(column, below[1]);
            (
                lanes(gradient(column, below[0]), middle),
                lanes(middle, gradient(column, above[1])),
            )
        };
        let term_apart = |column: usize| {
            (
                lanes(gradient(column, below[0]), gradient(column, below[1])),
                lanes(gradient(column, above[0]), gradient(column, above[1])),
            )
        };
        let term_of = |(below, above)| column_term(below, above, fy, fy_from_above, weight_y);
        let term = |slot: usize| {
            let column = columns.column_hash[slot];
            term_of(if second == first {
                term_in_same_cells(column)
            } else {
                term_apart(column)
            })
        };
        let blend_at = |left, right, fx: f64, fx_from_right: f64, weight_x: f64| {
            let (fx, fx_from_right) = (Pair::splat(fx), Pair::splat(fx_from_right));
            blend(left, right, fx, fx_from_right, Pair::splat(weight_x))
        };
        if columns.dense() {
            // A cell or two a point: every lattice column's term first,
            // then each point reads its own cell's.
            terms.clear();
            let slots = columns.column_hash.iter();
            // A loop for each arrangement, so that no slot asks which
            // (asking in the loop cost more than the hashing saved).
            match second - first {
                0 => terms.extend(slots.map(|&column| term_of(term_in_same_cells(column)))),
                1 => terms.extend(slots.map(|&column| term_of(term_in_stacked_cells(column)))),
                _ => terms.extend(slots.map(|&column| term_of(term_apart(column)))),
            }
            for ((((out, &fx), &fx_from_right), &weight_x), &slot) in
                points(out, columns, 0..columns.slot.len()).zip(&columns.slot)
            {
                emit(
                    out,
                    blend_at(terms[slot], terms[slot + 1], fx, fx_from_right, weight_x),
                );
            }
            return;
        }
        // Cell by cell, left to right, each cell's right lattice column
        // usually the next one's left: its term is worked out once.
        let mut known = None;
        for run in &columns.runs {
            let left = match known {
                Some((slot, term)) if slot == run.slot => term,
                _ => term(run.slot),
            };
            let right = term(run.slot + 1);
            known = Some((run.slot + 1, right));
            for (((out, &fx), &fx_from_right), &weight_x) in
                points(out, columns, run.start..run.end)
            {
                emit(out, blend_at(left, right, fx, fx_from_right, weight_x));
            }
        }
    }

    /// The noise along one row and its gradient, into `values`, `along_u`
    /// and `along_v`: [`Basis::row`] for derivative damping, the same numbers as
    /// [`Basis::sample`] bit for bit.
    fn row_with_gradient(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: f64,
        terms: &mut Vec<[(f64, f64); 2]>,
        rows: &mut GradientRows,
    ) {
        let fade = self.0;
        let GradientRows {
            values,
            along_u,
            along_v,
        } = rows;
        let j = floor_to_int(v);
        let fy = v - j as f64;
        let (weight_y, slope_y) = fade.weight_and_slope(fy);
        let (below, above) = (lattice.row(j), lattice.row(j + 1));
        terms.clear();
        terms.extend(columns.column_hash.iter().map(move |&column| {
            let below = lattice.gradient_in_row(column, below);
            let above = lattice.gradient_in_row(column, above);
            [
                column_term(below, above, fy, fy - 1.0, weight_y),
                column_term_along_y(below, above, fy, weight_y, slope_y),
            ]
        }));
        for run in &columns.runs {
            let ([left, left_y], [right, right_y]) = (terms[run.slot], terms[run.slot + 1]);
            for x in run.start..run.end {
                let (fx, fx_from_right) = (columns.offset[x], columns.offset_from_right[x]);
                let weight_x = columns.weight[x];
                values[x] = blend(left, right, fx, fx_from_right, weight_x);
                let slope_x = columns.weight_slope[x];
                along_u[x] = blend_along_x(left, right, fx, fx_from_right, weight_x, slope_x);
                along_v[x] = blend(left_y, right_y, fx, fx_from_right, weight_x);
            }
        }
    }

    /// Every plane is 0 at its own lattice point.
    fn site_noise(self, _: &Lattice, _: &Site, _: f64) -> f64 {
        0.0
    }
}

/// The points of `range`: each one's slot in `out` with its offsets from
/// its cell's two lattice columns and its fade.
#[inline(always)]
fn points<'a>(
    out: &'a mut [Pair],
    columns: &'a Columns,
    range: Range<usize>,
) -> impl Iterator<Item = (((&'a mut Pair, &'a f64), &'a f64), &'a f64)> {
    out[range.clone()]
        .iter_mut()
        .zip(&columns.offset[range.clone()])
        .zip(&columns.offset_from_right[range.clone()])
        .zip(&columns.weight[range])
}

/// A lattice column's blend along `y` of its two planes, as the slope and
/// intercept of a function of `dx`: the gradients `below` (at row `j`) and
/// `above` (at row `j + 1`), the row offset `fy` (and `fy − 1`, the offset
/// from the row above) and its fade.
#[inline(always)]
fn column_term<L: Lane>(
    below: [L; 2],
    above: [L; 2],
    fy: L,
    fy_from_above: L,
    weight_y: L,
) -> (L, L) {
    let slope = below[0] + weight_y * (above[0] - below[0]);
    let intercept_below = below[1] * fy;
    let intercept = intercept_below + weight_y * (above[1] * fy_from_above - intercept_below);
    (slope, intercept)
}

/// The derivatives along `y` of [`column_term`]'s slope and intercept,
/// given the fade's derivative `slope_y` too.
#[inline]
fn column_term_along_y(
    below: [f64; 2],
    above: [f64; 2],
    fy: f64,
    weight_y: f64,
    slope_y: f64,
) -> (f64, f64) {
    let slope = slope_y * (above[0] - below[0]);
    let intercept = below[1]
        + slope_y * (above[1] * (fy - 1.0) - below[1] * fy)
        + weight_y * (above[1] - below[1]);
    (slope, intercept)
}

/// The blend along `x` of the two lattice columns' terms at offset `fx`.
#[inline(always)]
fn blend<L: Lane>(left: (L, L), right: (L, L), fx: L, fx_from_right: L, weight_x: L) -> L {
    let from_left = left.0 * fx + left.1;
    let from_right = right.0 * fx_from_right + right.1;
    from_left + weight_x * (from_right - from_left)
}

/// The derivative along `x` of [`blend`], given the fade's derivative.
#[inline]
fn blend_along_x(
    left: (f64, f64),
    right: (f64, f64),
    fx: f64,
    fx_from_right: f64,
    weight_x: f64,
    slope_x: f64,
) -> f64 {
    let from_left = left.0 * fx + left.1;
    let from_right = right.0 * fx_from_right + right.1;
    left.0 + slope_x * (from_right - from_left) + weight_x * (right.0 - left.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perlin_noise_is_zero_at_every_lattice_point() {
        for period in [None, Some(3)] {
            let lattice = Lattice::new(11, 4, period);
            for i in -5..9 {
                for j in -5..9 {
                    for fade in Fade::ALL {
                        let value = PerlinNoise(fade).sample(&lattice, i as f64, j as f64).value;
                        assert_eq!(value, 0.0, "({i}, {j}) {fade:?}");
                    }
                }
            }
        }
    }
}
