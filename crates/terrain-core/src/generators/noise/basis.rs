//! A noise basis, the one thing each noise brings: how a lattice of random
//! numbers becomes a surface.
//!
//! The fractal sum ([`super::fractal`]), its shapes, warping and damping,
//! the stages and the overlays are written once, for any [`Basis`]; value,
//! Perlin and simplex noise each implement it in their own file, as
//! noise-rs composes `Fbm<Perlin>`.

use super::columns::Columns;
use super::lattice::Lattice;
use super::math::{floor_to_int, round_to_int};
use super::overlay::Site;
use super::settings::{Fade, NoiseSettings};
use crate::lanes::Pair;

/// A noise value and its gradient, in lattice cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sample {
    /// The noise, in `[−1, 1]`.
    pub(crate) value: f64,
    /// Its partial derivatives along `u` and `v`.
    pub(crate) gradient: [f64; 2],
}

/// Where a point falls in its lattice cell, and a fade's weights there:
/// what the noises that blend a cell's corners start from.
pub(crate) struct FadedCell {
    /// The cell's lower-left lattice point.
    pub(crate) corner: (i64, i64),
    /// The point's offset in the cell, each from 0 to 1.
    pub(crate) offset: (f64, f64),
    /// The fade's weights of the far corners along `u` and `v`.
    pub(crate) weight: (f64, f64),
    /// Those weights' derivatives.
    pub(crate) slope: (f64, f64),
}

impl FadedCell {
    /// The cell of `(u, v)`, in lattice cells, with `fade`'s weights.
    #[inline(always)]
    pub(crate) fn at(fade: Fade, u: f64, v: f64) -> Self {
        let (i, j) = (floor_to_int(u), floor_to_int(v));
        let (fx, fy) = (u - i as f64, v - j as f64);
        let (weight_x, slope_x) = fade.weight_and_slope(fx);
        let (weight_y, slope_y) = fade.weight_and_slope(fy);
        Self {
            corner: (i, j),
            offset: (fx, fy),
            weight: (weight_x, weight_y),
            slope: (slope_x, slope_y),
        }
    }
}

/// One row of noise values and their gradients.
#[derive(Debug, Default)]
pub(crate) struct GradientRows {
    pub(crate) values: Vec<f64>,
    pub(crate) along_u: Vec<f64>,
    pub(crate) along_v: Vec<f64>,
}

/// How a lattice's random numbers become a surface, in lattice
/// coordinates `(u, v)`, one octave at a time.
pub(crate) trait Basis: Copy {
    /// What [`Basis::row`] works out once per lattice column and row, kept
    /// between rows so its room is allocated once.
    type Terms: Default;
    /// The same, for [`Basis::row_with_gradient`].
    type GradientTerms: Default;

    /// A tileable octave spans a whole multiple of this many lattice units
    /// across the map.
    const TILE_SPAN: i64 = 1;
    /// A tileable lattice's hashed coordinates repeat every this many
    /// steps per unit of span.
    const HASH_PERIOD_PER_SPAN: i64 = 1;
    /// Whether its lattice points carry gradients, for the overlay's arrows.
    const HAS_GRADIENTS: bool;

    /// The basis the settings ask for (with their fade, or their grid).
    fn new(settings: &NoiseSettings) -> Self;

    /// The noise at `(u, v)` with its gradient. Implementations inline it
    /// always, so a caller that reads only the value does not pay for the
    /// gradient.
    fn sample(self, lattice: &Lattice, u: f64, v: f64) -> Sample;

    /// The noise along two rows at once, at lattice rows `v` (one a
    /// lane): calls `emit(&mut out[x], noise)` for map column `x` of
    /// `columns`, each lane the number [`Basis::sample`] gives there, bit
    /// for bit.
    fn rows(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: Pair,
        terms: &mut Self::Terms,
        out: &mut [Pair],
        emit: impl Fn(&mut Pair, Pair),
    );

    /// The noise and its gradient along one row, into `rows`: the same
    /// numbers as [`Basis::sample`], bit for bit. By default, point by
    /// point.
    fn row_with_gradient(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: f64,
        _terms: &mut Self::GradientTerms,
        rows: &mut GradientRows,
    ) {
        for (x, &u) in columns.position.iter().enumerate() {
            let sample = self.sample(lattice, u, v);
            rows.values[x] = sample.value;
            rows.along_u[x] = sample.gradient[0];
            rows.along_v[x] = sample.gradient[1];
        }
    }

    /// The first octave's sites on a map `last` steps wide, `span` lattice
    /// units across: by default the square lattice's points, row by row.
    fn sites(self, lattice: &Lattice, span: f64, last: f64) -> Vec<Site> {
        let cells = span as i64;
        let mut sites = Vec::new();
        for j in 0..=cells {
            for i in 0..=cells {
                sites.push(Site {
                    hash: lattice.hash(lattice.column(i), j),
                    position: [i as f64 * last / span, j as f64 * last / span],
                });
            }
        }
        sites
    }

    /// The noise at a site of [`Basis::sites`], which the `lattice` stage
    /// shows there; `step` is the lattice units per map step.
    fn site_noise(self, lattice: &Lattice, site: &Site, step: f64) -> f64;

    /// The lines of the first octave's grid, `span` units across, in
    /// lattice units: by default the square lattice's rows and columns.
    fn lines(self, span: f64) -> Vec<[[f64; 2]; 2]> {
        let mut lines = Vec::new();
        for i in 0..=span as i64 {
            let at = i as f64;
            lines.push([[at, 0.0], [at, span]]);
            lines.push([[0.0, at], [span, at]]);
        }
        lines
    }

    /// A tileable octave's frequency: rounded to a whole number of
    /// [`Basis::TILE_SPAN`]s (at least one), so the octave repeats across
    /// the map.
    fn tile_frequency(frequency: f64) -> f64 {
        (Self::TILE_SPAN * round_to_int(frequency / Self::TILE_SPAN as f64).max(1)) as f64
    }
}
