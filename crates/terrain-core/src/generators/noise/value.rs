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
    type Terms = Vec<f64>;
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

    /// The noise along one row, at lattice row coordinate `v`: calls
    /// `emit(&mut out[x], noise)` for each map column `x` of `columns`. The
    /// same numbers as [`Basis::sample`], bit for bit, at a fraction of the cost: each
    /// lattice column's blend along `y` is worked out once for the row.
    #[inline]
    fn row(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: f64,
        terms: &mut Vec<f64>,
        out: &mut [f64],
        emit: impl Fn(&mut f64, f64),
    ) {
        let fade = self.0;
        let j = floor_to_int(v);
        let weight_y = fade.weight(v - j as f64);
        let (below, above) = (lattice.row(j), lattice.row(j + 1));
        terms.clear();
        terms.extend(columns.column_hash.iter().map(move |&column| {
            column_term(
                lattice::value(lattice.hash_in_row(column, below)),
                lattice::value(lattice.hash_in_row(column, above)),
                weight_y,
            )
        }));
        for run in &columns.runs {
            let (left, right) = (terms[run.slot], terms[run.slot + 1]);
            let range = run.start..run.end;
            let points = out[range.clone()].iter_mut().zip(&columns.weight[range]);
            for (out, &weight_x) in points {
                emit(out, left + weight_x * (right - left));
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
#[inline]
fn column_term(below: f64, above: f64, weight_y: f64) -> f64 {
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
