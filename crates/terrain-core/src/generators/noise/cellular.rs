//! Cellular noise (Worley, 1996): the distance to the nearest of scattered
//! feature points.
//!
//! Every lattice cell holds one **feature point**: its centre, moved by up
//! to half a cell along each axis times the `jitter` (0 keeps the points on
//! a regular grid, 1 lets them fall anywhere in their cells). Where in its
//! cell is picked by the cell's hash, from a fixed, evenly spread set of
//! offsets (the first points of the R2 sequence), so the permutation
//! shuffled from the seed is again the only randomness.
//!
//! At each point of the map the noise measures the way to the feature
//! points near it, straight (`euclidean`), along the axes (`manhattan`) or
//! by the larger axis (`chebyshev`), and keeps the nearest, `F1`, and the
//! second nearest, `F2`. It shows `F1` (pits at the points, cones around
//! them), `F2` (a web of bumps), or `F2 − F1`, which is 0 all along the
//! borders between cells, where two points are equally near: plateaus
//! with cracks between them, the look of dried mud or cobbles.
//!
//! A distance `F` becomes noise in `[−1, 1)` as `(F − m) / (F + m)`, where
//! `m` is the median of that distance over the map at full jitter, so the
//! typical point sits at the middle height and the deepest pit at −1. The
//! mapping has a gradient everywhere the distance has one, so warping,
//! damping and every shape of the fractal sum work on cellular noise as on
//! the others.
//!
//! Which points are near: a feature point lies in its own cell, so the
//! nearest lie in the 3 × 3 cells around the point; a ring of cells
//! further out is searched only when the distance wanted is longer than
//! the gap to that ring, which no point of the ring can beat. The distances
//! are exact whatever the search order (a minimum is exact), and use only
//! `+ − × ÷`, comparisons and `sqrt`, so they agree bit for bit everywhere.
//! A tileable octave hashes its cells modulo its period, so the feature
//! points repeat across the map.

use super::basis::{Basis, Sample};
use super::columns::Columns;
use super::describe::{caption as noise_caption, describe};
use super::lattice::{Lattice, TABLE_SIZE};
use super::math::floor_to_int;
use super::overlay::Site;
use super::settings::{CELL, Cell, CellularSettings, DISTANCE, Distance, JITTER, NoiseSettings};
use crate::lanes::Pair;
use crate::params::{Algorithm, Description, Field, Group, Parameter, Params};
use crate::stage::Stage;
use crate::{choice_parameter, number_parameter};

impl Algorithm {
    /// Chapter 4: the distance to the nearest of scattered feature points:
    /// `cellular-noise`.
    pub const CELLULAR_NOISE: Algorithm = Algorithm::of(&DESCRIPTION);
}

static DESCRIPTION: Description = Description {
    parameters: &[Field::JITTER, Field::DISTANCE, Field::CELL],
    caption: |params, stage| match stage {
        Stage::Lattice => "The feature points".to_owned(),
        _ => noise_caption(params, stage),
    },
    ..describe::<CellularNoise>(
        "cellular-noise",
        "Cellular noise",
        &[Group::Normalize, Group::Noise],
    )
};

fn cellular(params: &Params) -> bool {
    params.algorithm == Algorithm::CELLULAR_NOISE
}

/// Cellular noise's own parameters.
static PARAMETERS: [Parameter; 3] = [
    number_parameter!(&JITTER, cellular, noise.cellular.jitter),
    choice_parameter!(&DISTANCE, cellular, Distance::ALL, noise.cellular.distance),
    choice_parameter!(&CELL, cellular, Cell::ALL, noise.cellular.cell),
];

impl Field {
    /// Cellular noise's `jitter`.
    pub const JITTER: Field = Field::of(&PARAMETERS[0]);
    /// Cellular noise's `distance`.
    pub const DISTANCE: Field = Field::of(&PARAMETERS[1]);
    /// Cellular noise's `cell`.
    pub const CELL: Field = Field::of(&PARAMETERS[2]);
}

/// Where each hash puts its cell's feature point before jitter, as offsets
/// in `[0, 1)²` from the cell's corner: the first points of Roberts' R2
/// sequence, which cover the square evenly, computed at compile time.
static FEATURES: [[f64; 2]; TABLE_SIZE] = features();

const fn features() -> [[f64; 2]; TABLE_SIZE] {
    // 1/φ₂ and 1/φ₂², φ₂ the plastic number (the root of x³ = x + 1).
    const STEPS: [f64; 2] = [0.754_877_666_246_692_7, 0.569_840_290_998_053_3];
    let mut table = [[0.0; 2]; TABLE_SIZE];
    let mut k = 0;
    while k < TABLE_SIZE {
        let mut axis = 0;
        while axis < 2 {
            let position = 0.5 + STEPS[axis] * k as f64;
            table[k][axis] = position - (position as u64) as f64;
            axis += 1;
        }
        k += 1;
    }
    table
}

/// The median of each distance (euclidean, manhattan, chebyshev) for each
/// cell (`F1`, `F2`, `F2 − F1`) at full jitter, over a large map: the `m`
/// of the module documentation (`medians_are_the_middle` measures them).
const MEDIANS: [[f64; 3]; 3] = [
    [0.4223, 0.7008, 0.2319],
    [0.5300, 0.8776, 0.2886],
    [0.3748, 0.6217, 0.2048],
];

/// Cellular noise with its settings.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellularNoise(CellularSettings);

/// A feature point's offset from the point measured, and the distance.
#[derive(Debug, Clone, Copy)]
struct Found {
    distance: f64,
    offset: [f64; 2],
}

impl Found {
    const NONE: Found = Found {
        distance: f64::INFINITY,
        offset: [0.0, 0.0],
    };
}

impl CellularNoise {
    /// Where cell `(i, j)`'s feature point is within it, from its corner.
    #[inline(always)]
    fn within(self, lattice: &Lattice, i: i64, j: i64) -> [f64; 2] {
        let [x, y] = FEATURES[lattice.hash(lattice.column(i), j)];
        let jitter = self.0.jitter;
        [0.5 + jitter * (x - 0.5), 0.5 + jitter * (y - 0.5)]
    }

    /// Where cell `(i, j)`'s feature point is, in lattice units.
    fn feature(self, lattice: &Lattice, i: i64, j: i64) -> [f64; 2] {
        let [x, y] = self.within(lattice, i, j);
        [i as f64 + x, j as f64 + y]
    }

    #[inline(always)]
    fn measure(self, [dx, dy]: [f64; 2]) -> f64 {
        let (x, y) = (dx.abs(), dy.abs());
        match self.0.distance {
            Distance::Euclidean => (dx * dx + dy * dy).sqrt(),
            Distance::Manhattan => x + y,
            Distance::Chebyshev => {
                if x >= y {
                    x
                } else {
                    y
                }
            }
        }
    }

    /// The distance's gradient with respect to the point measured, at the
    /// offset `[dx, dy]` from the feature point to it.
    fn distance_gradient(self, found: Found) -> [f64; 2] {
        let [dx, dy] = found.offset;
        let sign = |value: f64| {
            if value > 0.0 {
                1.0
            } else if value < 0.0 {
                -1.0
            } else {
                0.0
            }
        };
        match self.0.distance {
            Distance::Euclidean if found.distance > 0.0 => {
                [dx / found.distance, dy / found.distance]
            }
            Distance::Euclidean => [0.0, 0.0],
            Distance::Manhattan => [sign(dx), sign(dy)],
            Distance::Chebyshev if dx.abs() >= dy.abs() => [sign(dx), 0.0],
            Distance::Chebyshev => [0.0, sign(dy)],
        }
    }

    /// The feature point of the cell `step` cells from the point's own,
    /// `cell`, kept in `nearest` if it is one of the two nearest so far;
    /// `point` is where the point is within its cell. Offsets are worked
    /// out within the cells, not from absolute positions, so a tileable
    /// octave gives the same bits a period away.
    #[inline(always)]
    fn consider(
        self,
        lattice: &Lattice,
        point: [f64; 2],
        cell: [i64; 2],
        step: [i64; 2],
        nearest: &mut [Found; 2],
    ) {
        let [x, y] = self.within(lattice, cell[0] + step[0], cell[1] + step[1]);
        let offset = [
            point[0] - (step[0] as f64 + x),
            point[1] - (step[1] as f64 + y),
        ];
        let found = Found {
            distance: self.measure(offset),
            offset,
        };
        if found.distance < nearest[0].distance {
            *nearest = [found, nearest[0]];
        } else if found.distance < nearest[1].distance {
            nearest[1] = found;
        }
    }

    /// The nearest and second nearest feature points to `(u, v)`.
    #[inline(always)]
    fn nearest(self, lattice: &Lattice, u: f64, v: f64) -> [Found; 2] {
        let (i, j) = (floor_to_int(u), floor_to_int(v));
        let (within_u, within_v) = (u - i as f64, v - j as f64);
        let point = [within_u, within_v];
        let mut nearest = [Found::NONE; 2];
        for dj in -1..=1 {
            for di in -1..=1 {
                self.consider(lattice, point, [i, j], [di, dj], &mut nearest);
            }
        }
        // Ring `r` of cells around the point's own is at least this far.
        let gap = |ring: i64| {
            let reach = (ring - 1) as f64;
            let sides = [
                within_u + reach,
                1.0 - within_u + reach,
                within_v + reach,
                1.0 - within_v + reach,
            ];
            sides.into_iter().fold(
                f64::INFINITY,
                |low, side| {
                    if side < low { side } else { low }
                },
            )
        };
        let mut ring = 2;
        while self.wanted(&nearest) > gap(ring) {
            for dj in -ring..=ring {
                for di in -ring..=ring {
                    if di.abs() == ring || dj.abs() == ring {
                        self.consider(lattice, point, [i, j], [di, dj], &mut nearest);
                    }
                }
            }
            ring += 1;
        }
        nearest
    }

    /// The longest distance the cell kind needs.
    #[inline(always)]
    fn wanted(self, nearest: &[Found; 2]) -> f64 {
        match self.0.cell {
            Cell::F1 => nearest[0].distance,
            Cell::F2 | Cell::F2MinusF1 => nearest[1].distance,
        }
    }

    /// The distance shown and its median.
    #[inline(always)]
    fn shown(self, nearest: &[Found; 2]) -> (f64, f64) {
        let column = self.0.cell as usize;
        let median = MEDIANS[self.0.distance as usize][column];
        let distance = match self.0.cell {
            Cell::F1 => nearest[0].distance,
            Cell::F2 => nearest[1].distance,
            Cell::F2MinusF1 => nearest[1].distance - nearest[0].distance,
        };
        (distance, median)
    }
}

/// A distance as noise: `(F − m) / (F + m)`.
#[inline(always)]
fn to_noise(distance: f64, median: f64) -> f64 {
    (distance - median) / (distance + median)
}

impl Basis for CellularNoise {
    type Terms = ();
    type GradientTerms = ();
    const HAS_GRADIENTS: bool = false;

    fn new(settings: &NoiseSettings) -> Self {
        Self(settings.cellular)
    }

    #[inline(always)]
    fn sample(self, lattice: &Lattice, u: f64, v: f64) -> Sample {
        let nearest = self.nearest(lattice, u, v);
        let (distance, median) = self.shown(&nearest);
        let [first, second] = nearest.map(|found| self.distance_gradient(found));
        let along = match self.0.cell {
            Cell::F1 => first,
            Cell::F2 => second,
            Cell::F2MinusF1 => [second[0] - first[0], second[1] - first[1]],
        };
        let total = distance + median;
        let slope = 2.0 * median / (total * total);
        Sample {
            value: to_noise(distance, median),
            gradient: [slope * along[0], slope * along[1]],
        }
    }

    #[inline]
    fn rows(
        self,
        lattice: &Lattice,
        columns: &Columns,
        v: Pair,
        _: &mut (),
        out: &mut [Pair],
        emit: impl Fn(&mut Pair, Pair),
    ) {
        let [first, second] = v.lanes();
        for (out, &u) in out.iter_mut().zip(&columns.position) {
            let noise = [first, second].map(|v| {
                let (distance, median) = self.shown(&self.nearest(lattice, u, v));
                to_noise(distance, median)
            });
            emit(out, Pair::new(noise[0], noise[1]));
        }
    }

    /// The feature points of the first octave's cells, row by row.
    fn sites(self, lattice: &Lattice, span: f64, last: f64) -> Vec<Site> {
        let cells = span as i64;
        let mut sites = Vec::new();
        for j in 0..cells {
            for i in 0..cells {
                let [x, y] = self.feature(lattice, i, j);
                sites.push(Site {
                    hash: lattice.hash(lattice.column(i), j),
                    position: [x * last / span, y * last / span],
                });
            }
        }
        sites
    }

    /// The noise at the feature point: for `F1`, its pit.
    fn site_noise(self, lattice: &Lattice, site: &Site, step: f64) -> f64 {
        let [x, y] = site.position;
        self.sample(lattice, x * step, y * step).value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::PointRandom;

    fn basis(distance: Distance, cell: Cell, jitter: f64) -> CellularNoise {
        CellularNoise(CellularSettings {
            jitter,
            distance,
            cell,
        })
    }

    /// Points spread over 40 × 40 cells.
    fn points(seed: u64, count: usize) -> impl Iterator<Item = (f64, f64)> {
        let random = PointRandom::new(seed);
        (0..count).map(move |index| {
            (
                random.unit(2 * index) * 40.0 - 20.0,
                random.unit(2 * index + 1) * 40.0 - 20.0,
            )
        })
    }

    /// The distance shown at each of `count` points.
    fn distances(noise: CellularNoise, lattice: &Lattice, count: usize) -> Vec<f64> {
        points(11, count)
            .map(|(u, v)| noise.shown(&noise.nearest(lattice, u, v)).0)
            .collect()
    }

    fn median(mut values: Vec<f64>) -> f64 {
        values.sort_by(f64::total_cmp);
        values[values.len() / 2]
    }

    #[test]
    fn medians_are_the_middle_of_every_distance() {
        // Another seed and other points than those the table was measured
        // on: half the map lies below the middle height, within a percent.
        let lattice = Lattice::new(8, 0, None);
        for distance in Distance::ALL {
            for cell in Cell::ALL {
                let noise = basis(distance, cell, 1.0);
                let values: Vec<f64> = points(5, 40_000)
                    .map(|(u, v)| noise.sample(&lattice, u, v).value)
                    .collect();
                let below = values.iter().filter(|&&value| value < 0.0).count();
                let share = below as f64 / values.len() as f64;
                assert!(
                    (share - 0.5).abs() < 0.01,
                    "{distance:?} {cell:?}: {share} below the middle"
                );
                assert!(values.iter().all(|value| (-1.0..1.0).contains(value)));
            }
        }
    }

    #[test]
    fn the_nearest_points_are_the_nearest_of_all() {
        // Against a plain search of the 9 x 9 cells around each point, for
        // every distance, cell and jitter, tileable or not.
        for (period, seed) in [(None, 1), (Some(3), 2), (Some(1), 3)] {
            let lattice = Lattice::new(seed, 0, period);
            for distance in Distance::ALL {
                for jitter in [0.0, 0.4, 1.0] {
                    let noise = basis(distance, Cell::F2MinusF1, jitter);
                    for (u, v) in points(seed, 3000) {
                        let found = noise.nearest(&lattice, u, v);
                        let (i, j) = (floor_to_int(u), floor_to_int(v));
                        let point = [u - i as f64, v - j as f64];
                        let mut all: Vec<f64> = (-4..=4)
                            .flat_map(|dj| (-4..=4).map(move |di| (di, dj)))
                            .map(|(di, dj)| {
                                let [x, y] = noise.within(&lattice, i + di, j + dj);
                                let [dx, dy] = [di as f64 + x, dj as f64 + y];
                                noise.measure([point[0] - dx, point[1] - dy])
                            })
                            .collect();
                        all.sort_by(f64::total_cmp);
                        assert_eq!(
                            [found[0].distance, found[1].distance],
                            [all[0], all[1]],
                            "{distance:?} jitter {jitter} at ({u}, {v})"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn feature_points_stay_in_their_cells_and_jitter_zero_is_a_grid() {
        let lattice = Lattice::new(4, 0, None);
        for (i, j) in [(0, 0), (-3, 7), (100, -2)] {
            let [x, y] = basis(Distance::Euclidean, Cell::F1, 1.0).feature(&lattice, i, j);
            assert!((i as f64..i as f64 + 1.0).contains(&x), "{x}");
            assert!((j as f64..j as f64 + 1.0).contains(&y), "{y}");
            let centre = basis(Distance::Euclidean, Cell::F1, 0.0).feature(&lattice, i, j);
            assert_eq!(centre, [i as f64 + 0.5, j as f64 + 0.5]);
        }
        // The offsets cover the square evenly: every quarter holds a
        // quarter of them, give or take a few.
        for quarter in [[0.0, 0.0], [0.5, 0.0], [0.0, 0.5], [0.5, 0.5]] {
            let inside = FEATURES
                .iter()
                .filter(|[x, y]| {
                    (quarter[0]..quarter[0] + 0.5).contains(x)
                        && (quarter[1]..quarter[1] + 0.5).contains(y)
                })
                .count();
            assert!((246..=266).contains(&inside), "{quarter:?}: {inside}");
        }
    }

    #[test]
    fn f1_is_zero_at_a_feature_point_and_f2_minus_f1_on_a_border() {
        let lattice = Lattice::new(6, 0, None);
        let f1 = basis(Distance::Euclidean, Cell::F1, 1.0);
        let [x, y] = f1.feature(&lattice, 2, 3);
        let at = f1.sample(&lattice, x, y);
        assert_eq!(at.value, -1.0, "the deepest pit");
        assert_eq!(at.gradient, [0.0, 0.0]);
        // Halfway between two neighbouring feature points, on the line
        // joining them, both are equally near when nothing else is nearer.
        let edge = basis(Distance::Euclidean, Cell::F2MinusF1, 1.0);
        let mut crossings = 0;
        for (u, v) in points(9, 2000) {
            let [first, second] = edge.nearest(&lattice, u, v);
            let [a, b] = [first.offset, second.offset];
            let (fa, fb) = ([u - a[0], v - a[1]], [u - b[0], v - b[1]]);
            let middle = [(fa[0] + fb[0]) / 2.0, (fa[1] + fb[1]) / 2.0];
            let there = edge.nearest(&lattice, middle[0], middle[1]);
            let both = [fa, fb].iter().all(|feature| {
                there.iter().any(|found| {
                    let [x, y] = [middle[0] - found.offset[0], middle[1] - found.offset[1]];
                    (x - feature[0]).abs() < 1e-9 && (y - feature[1]).abs() < 1e-9
                })
            });
            if both {
                crossings += 1;
                let value = edge.sample(&lattice, middle[0], middle[1]).value;
                assert!(value < -0.999_999, "{value} on the border");
            }
        }
        assert!(crossings > 500, "{crossings}");
    }

    #[test]
    fn gradients_match_finite_differences_inside_a_cell() {
        let lattice = Lattice::new(2, 0, None);
        let h = 1e-6;
        for distance in Distance::ALL {
            for cell in Cell::ALL {
                let noise = basis(distance, cell, 0.8);
                let mut checked = 0;
                for (u, v) in points(3, 2000) {
                    let sample = noise.sample(&lattice, u, v);
                    let moved = [
                        noise.sample(&lattice, u + h, v),
                        noise.sample(&lattice, u - h, v),
                        noise.sample(&lattice, u, v + h),
                        noise.sample(&lattice, u, v - h),
                    ];
                    // Skip points whose nearest two change within h, or
                    // that sit on a kink of the distance (an axis of a
                    // feature point for manhattan and chebyshev).
                    let same = |at: &Sample| {
                        (at.gradient[0] - sample.gradient[0]).abs() < 1e-3
                            && (at.gradient[1] - sample.gradient[1]).abs() < 1e-3
                    };
                    if !moved.iter().all(same) {
                        continue;
                    }
                    let along_u = (moved[0].value - moved[1].value) / (2.0 * h);
                    let along_v = (moved[2].value - moved[3].value) / (2.0 * h);
                    assert!(
                        (along_u - sample.gradient[0]).abs() < 1e-5
                            && (along_v - sample.gradient[1]).abs() < 1e-5,
                        "{distance:?} {cell:?} at ({u}, {v}): {sample:?} against ({along_u}, {along_v})"
                    );
                    checked += 1;
                }
                assert!(checked > 1500, "{distance:?} {cell:?}: {checked}");
            }
        }
    }

    /// Prints the medians for [`MEDIANS`]:
    /// `cargo test -p terrain-core --lib cellular -- --ignored --nocapture`.
    #[test]
    #[ignore = "prints the medians"]
    fn print_medians() {
        let lattice = Lattice::new(3, 0, None);
        for distance in Distance::ALL {
            let row: Vec<String> = Cell::ALL
                .into_iter()
                .map(|cell| {
                    let noise = basis(distance, cell, 1.0);
                    format!("{:.4}", median(distances(noise, &lattice, 400_000)))
                })
                .collect();
            println!("[{}],", row.join(", "));
        }
    }
}
