//! Where each octave's lattice lies on the map: the octave's frequency,
//! the lattice (hash table and tile period) of a frequency, the simplex
//! grid, and the first octave's lattice points on the map, which the
//! `lattice` stage sets and the overlays mark. The fractal sum and the
//! overlays both read them; neither reads the other.

use super::lattice::Lattice;
use super::math::round_to_int;
use super::simplex::{self, Grid, HASH_PERIOD_PER_SPAN, TILE_SPAN};
use super::{Basis, NoiseSettings};

/// The frequency of octave `octave` (from 0): cells across the map (for
/// simplex noise, lattice units), `frequency · lacunarity^octave`.
///
/// Tileable noise rounds it to whole cells (at least 1), and tileable
/// simplex noise to a whole number of its grid's periods of 3 (at least
/// one), so that the octave repeats across the map. The power is taken by
/// repeated multiplication, which rounds the same way everywhere.
pub fn octave_frequency(settings: &NoiseSettings, octave: u32) -> f64 {
    let mut frequency = f64::from(settings.frequency);
    for _ in 0..octave {
        frequency *= settings.lacunarity;
    }
    if !settings.tileable {
        return frequency;
    }
    match settings.basis {
        Basis::Value | Basis::Perlin => round_to_int(frequency).max(1) as f64,
        Basis::Simplex => (TILE_SPAN * round_to_int(frequency / TILE_SPAN as f64).max(1)) as f64,
    }
}

/// The lattice of table `table` for noise of `frequency` across the map.
pub(crate) fn lattice_for(settings: &NoiseSettings, table: usize, frequency: f64) -> Lattice {
    let period = settings.tileable.then(|| match settings.basis {
        Basis::Value | Basis::Perlin => frequency as i64,
        Basis::Simplex => HASH_PERIOD_PER_SPAN * frequency as i64,
    });
    Lattice::new(settings.seed, table, period)
}

/// The simplex grid the settings use.
pub(crate) fn simplex_grid(settings: &NoiseSettings) -> Grid {
    if settings.tileable {
        simplex::TILEABLE
    } else {
        simplex::EQUILATERAL
    }
}

/// One lattice point of the first octave inside the map.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Site {
    /// Its hash in the first octave's table.
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

/// The first octave's lattice points on the map (its edges included),
/// listed row of the lattice by row.
pub(crate) fn first_octave_sites(settings: &NoiseSettings) -> Vec<Site> {
    let span = octave_frequency(settings, 0);
    let lattice = lattice_for(settings, 0, span);
    let last = (1usize << settings.exponent) as f64;
    let mut points = Vec::new();
    match settings.basis {
        Basis::Value | Basis::Perlin => {
            let cells = span as i64;
            for j in 0..=cells {
                for i in 0..=cells {
                    points.push(Site {
                        hash: lattice.hash(lattice.column(i), j),
                        position: [i as f64 * last / span, j as f64 * last / span],
                    });
                }
            }
        }
        Basis::Simplex => {
            let grid = simplex_grid(settings);
            // A point of the square has skewed coordinates from 0 to
            // span · (1 + 2F); a little slack absorbs rounding at the edges.
            let reach = (span * (1.0 + 2.0 * grid.skew)).ceil() as i64;
            let slack = 1e-9 * span;
            let inside = |coordinate: f64| (-slack..=span + slack).contains(&coordinate);
            for j in 0..=reach {
                for i in 0..=reach {
                    let [u, v] = grid.position(i, j);
                    if inside(u) && inside(v) {
                        let clamp = |coordinate: f64| coordinate.clamp(0.0, span) * last / span;
                        points.push(Site {
                            hash: grid.hash(&lattice, i, j),
                            position: [clamp(u), clamp(v)],
                        });
                    }
                }
            }
        }
    }
    points
}
