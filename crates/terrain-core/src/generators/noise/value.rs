//! Value noise: a random value at every lattice point, blended across each
//! cell with the fade.
//!
//! The blend is bilinear in the faded offsets: first along `y` at the
//! cell's two lattice columns, then along `x` between them. With the linear
//! fade the surface is a patchwork of bilinear cells, kinked at every cell
//! border; the smoothstep fade flattens the slope to zero at the borders,
//! which hides the kinks but leaves a plateau at every lattice point, the
//! grid-aligned look value noise is known for.

use super::basis::{Basis, FadedCell, GradientRows, Sample};
use super::columns::Columns;
use super::describe::{describe, noise_defaults};
use super::lattice::{self, Lattice};
use super::math::floor_to_int;
use super::overlay::Site;
use super::settings::{Fade, NoiseSettings};
use crate::lanes::{Lane, Pair};
use crate::params::{Algorithm, Description, Group};

impl Algorithm {
    /// Chapter 4: random heights at lattice points, blended across cells:
    /// `value-noise`.
    pub const VALUE_NOISE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = Description {
    // Smoothstep hides value noise's kinks at little cost; the quintic
    // adds little to it.
    defaults: |params| {
        noise_defaults(params);
        params.noise.fade = Fade::Smoothstep;
    },
    ..describe::<ValueNoise>(
        "value-noise",
        "Value noise",
        &[Group::Normalize, Group::Noise, Group::Fade],
    )
};

/// Value noise, blended across cells with a fade.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ValueNoise(pub(crate) Fade);

impl Basis for ValueNoise {
    type Terms = Vec<Pair>;
    type GradientTerms = Vec<(f64, f64)>;
    const HAS_GRADIENTS: bool = false;

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
            weight: (weight_x, weight_y),
            slope: (slope_x, slope_y),
            ..
        } = FadedCell::at(self.0, u, v);
        let (left, right) = (lattice.column(i), lattice.column(i + 1));
        let corners = |column| {
            (
                lattice::value(lattice.hash(column, j)),
                lattice::value(lattice.hash(column, j + 1)),
            )
        };
        let ((left_below, left_above), (right_below, right_above)) =
            (corners(left), corners(right));
        let left_term = column_term(left_below, left_above, weight_y);
        let right_term = column_term(right_below, right_above, weight_y);
        let left_slope = slope_y * (left_above - left_below);
        let right_slope = slope_y * (right_above - right_below);
        Sample {
            value: left_term + weight_x * (right_term - left_term),
            gradient: [
                slope_x * (right_term - left_term),
                left_slope + weight_x * (right_slope - left_slope),
            ],
        }
    }

    /// The noise along two rows, at lattice row coordinates `v` (one a
    /// lane): calls `emit(&mut out[x], noise)` for each map column `x` of
    /// `columns`. Each lane is [`Basis::sample`]'s number, bit for bit, at a
    /// fraction of the cost: each lattice column's blend along `y` is
    /// worked out once for the rows.
    #[inline]
    fn rows(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: Pair,
        terms: &mut Vec<Pair>,
        out: &mut [Pair],
        emit: impl Fn(&mut Pair, Pair),
    ) {
        let fade = self.0;
        let [first, second] = v.lanes().map(floor_to_int);
        let [v_first, v_second] = v.lanes();
        let weight_y = Pair::new(
            fade.weight(v_first - first as f64),
            fade.weight(v_second - second as f64),
        );
        let below = [lattice.row(first), lattice.row(second)];
        let above = [lattice.row(first + 1), lattice.row(second + 1)];
        let term = |slot: usize| {
            let column = columns.column_hash[slot];
            let values = |rows: [usize; 2]| {
                let [first, second] =
                    rows.map(|row| lattice::value(lattice.hash_in_row(column, row)));
                Pair::new(first, second)
            };
            column_term(values(below), values(above), weight_y)
        };
        let blend =
            |left: Pair, right: Pair, weight_x: f64| left + Pair::splat(weight_x) * (right - left);
        if columns.dense() {
            // A cell or two a point: every lattice column's term first,
            // then each point reads its own cell's.
            terms.clear();
            terms.extend((0..columns.column_hash.len()).map(term));
            let points = out.iter_mut().zip(&columns.weight).zip(&columns.slot);
            for ((out, &weight_x), &slot) in points {
                emit(out, blend(terms[slot], terms[slot + 1], weight_x));
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
            let range = run.start..run.end;
            let points = out[range.clone()].iter_mut().zip(&columns.weight[range]);
            for (out, &weight_x) in points {
                emit(out, blend(left, right, weight_x));
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
        terms: &mut Vec<(f64, f64)>,
        rows: &mut GradientRows,
    ) {
        let fade = self.0;
        let GradientRows {
            values,
            along_u,
            along_v,
        } = rows;
        let j = floor_to_int(v);
        let (weight_y, slope_y) = fade.weight_and_slope(v - j as f64);
        let (below, above) = (lattice.row(j), lattice.row(j + 1));
        terms.clear();
        terms.extend(columns.column_hash.iter().map(move |&column| {
            let below = lattice::value(lattice.hash_in_row(column, below));
            let above = lattice::value(lattice.hash_in_row(column, above));
            (
                column_term(below, above, weight_y),
                slope_y * (above - below),
            )
        }));
        for run in &columns.runs {
            let ((left, left_y), (right, right_y)) = (terms[run.slot], terms[run.slot + 1]);
            for x in run.start..run.end {
                let weight_x = columns.weight[x];
                values[x] = left + weight_x * (right - left);
                along_u[x] = columns.weight_slope[x] * (right - left);
                along_v[x] = left_y + weight_x * (right_y - left_y);
            }
        }
    }

    /// A lattice point's own random value.
    fn site_noise(self, _: &Lattice, site: &Site, _: f64) -> f64 {
        lattice::value(site.hash)
    }
}

/// The blend of a lattice column's two values along `y`.
#[inline(always)]
fn column_term<L: Lane>(below: L, above: L, weight_y: L) -> L {
    below + weight_y * (above - below)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lattice_points_carry_their_own_values() {
        let lattice = Lattice::new(5, 0, None);
        for i in -3..6 {
            for j in -3..6 {
                let expected = lattice::value(lattice.hash(lattice.column(i), j));
                for fade in Fade::ALL {
                    let sample = ValueNoise(fade).sample(&lattice, i as f64, j as f64);
                    assert_eq!(sample.value, expected, "({i}, {j})");
                }
            }
        }
    }
}
