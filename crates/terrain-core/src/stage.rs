//! How far a generator runs, and which points the last step set.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;
use crate::spec::{Kind, Refusal, Spec, Surfaces, quote};

/// How far to run: every surface's spelling of it. Which stages exist
/// depends on the algorithm and the exponent (see
/// [`crate::Params::stages`]), so it is read after them.
pub static STAGE: Spec = Spec {
    label: "stage",
    title: "Stage",
    option: "stage",
    attribute: "data-stage",
    help: "how far the algorithm runs: corners, square, pass-2, done…",
    kind: Kind::Stage,
    step: 1.0,
    surfaces: Surfaces::MAP,
};

/// A point a generator can stop after.
///
/// Not every algorithm has every stage: see [`crate::Params::stages`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The four corners are set.
    Corners,
    /// Midpoint displacement: the edge midpoints of the whole map are set.
    Edges,
    /// Midpoint displacement: the centre of the whole map is set.
    Center,
    /// Diamond-square: the first square step (the centre of the map).
    Square,
    /// Diamond-square: the first diamond step (the edge midpoints).
    Diamond,
    /// All passes up to and including pass `k` (from 1) are done.
    Pass(u32),
    /// Gradient noise: only the first octave's lattice points are set.
    Lattice,
    /// Gradient noise: the first `k` octaves (from 1) are summed.
    Octave(u32),
    /// Every point is set and, for the subdivision algorithms, normalized.
    Done,
    /// Erosion: the first `k` droplets have fallen on the finished map.
    Droplets(u32),
    /// Erosion: material has slid `k` times on the finished map.
    Slides(u32),
    /// Erosion: the one droplet followed has taken `k` steps.
    Step(u32),
}

impl Stage {
    /// Whether this is a stage of erosion, after the map is finished.
    pub fn is_erosion(self) -> bool {
        matches!(self, Stage::Droplets(_) | Stage::Slides(_) | Stage::Step(_))
    }

    /// The stage of the generator this stage starts from: itself, or `done`
    /// for a stage of erosion.
    pub fn of_generator(self) -> Stage {
        if self.is_erosion() { Stage::Done } else { self }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Corners => formatter.write_str("corners"),
            Stage::Edges => formatter.write_str("edges"),
            Stage::Center => formatter.write_str("center"),
            Stage::Square => formatter.write_str("square"),
            Stage::Diamond => formatter.write_str("diamond"),
            Stage::Pass(pass) => write!(formatter, "pass-{pass}"),
            Stage::Lattice => formatter.write_str("lattice"),
            Stage::Octave(count) => write!(formatter, "octave-{count}"),
            Stage::Done => formatter.write_str("done"),
            Stage::Droplets(count) => write!(formatter, "droplets-{count}"),
            Stage::Slides(count) => write!(formatter, "slides-{count}"),
            Stage::Step(step) => write!(formatter, "step-{step}"),
        }
    }
}

impl FromStr for Stage {
    type Err = Error;

    /// Reads the names [`Stage`] displays as, ignoring case and surrounding
    /// white space. Whether the stage exists for an algorithm and exponent is
    /// [`crate::Params::check_stage`]'s business.
    fn from_str(text: &str) -> Result<Self, Error> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(Error::Empty { spec: &STAGE });
        }
        let lower = trimmed.to_ascii_lowercase();
        let stage = match lower.as_str() {
            "corners" => Stage::Corners,
            "edges" => Stage::Edges,
            "center" | "centre" => Stage::Center,
            "square" => Stage::Square,
            "diamond" => Stage::Diamond,
            "done" => Stage::Done,
            "lattice" => Stage::Lattice,
            other => {
                let numbered = |prefix: &str| {
                    other
                        .strip_prefix(prefix)
                        .filter(|digits| {
                            !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
                        })
                        .and_then(|digits| digits.parse().ok())
                };
                numbered("pass-")
                    .map(Stage::Pass)
                    .or_else(|| numbered("octave-").map(Stage::Octave))
                    .or_else(|| numbered("droplets-").map(Stage::Droplets))
                    .or_else(|| numbered("slides-").map(Stage::Slides))
                    .or_else(|| numbered("step-").map(Stage::Step))
                    .ok_or_else(|| Error::refused(&STAGE, Refusal::Invalid(quote(trimmed))))?
            }
        };
        Ok(stage)
    }
}

/// The points one stage set, described as a lattice so that even a
/// 4097 x 4097 map needs no list.
///
/// At a given `radius` (half the width of the squares being displaced),
/// the points a pass sets fall into two families:
/// *square centres* have both coordinates an odd multiple of the radius,
/// *diamond centres* (the edge midpoints in midpoint displacement) have
/// exactly one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointSet {
    /// No point (the `done` stage only rescales).
    Nothing,
    /// Every point of a map `side` points wide.
    Everything {
        /// Points on a side.
        side: usize,
    },
    /// The four corners.
    Corners {
        /// Points on a side.
        side: usize,
    },
    /// Points whose coordinates are both odd multiples of `radius`.
    SquareCentres {
        /// Points on a side.
        side: usize,
        /// Half the square's width.
        radius: usize,
    },
    /// Points with exactly one coordinate an odd multiple of `radius` and
    /// the other an even one.
    DiamondCentres {
        /// Points on a side.
        side: usize,
        /// Half the diamond's width.
        radius: usize,
    },
    /// Points listed one by one (a noise lattice's nearest points), by
    /// row-major index, sorted.
    Listed {
        /// Points on a side.
        side: usize,
        /// Their indices, `y * side + x`, ascending.
        indices: Vec<usize>,
    },
    /// Square and diamond centres of one radius: a whole pass.
    Pass {
        /// Points on a side.
        side: usize,
        /// Half the width of the pass's squares.
        radius: usize,
    },
}

impl PointSet {
    /// Whether `(x, y)` is in the set.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        let odd_multiple = |value: usize, radius: usize| value % (2 * radius) == radius;
        let even_multiple = |value: usize, radius: usize| value.is_multiple_of(2 * radius);
        match *self {
            PointSet::Listed { side, ref indices } => {
                x < side && y < side && indices.binary_search(&(y * side + x)).is_ok()
            }
            PointSet::Nothing => false,
            PointSet::Everything { side } => x < side && y < side,
            PointSet::Corners { side } => (x == 0 || x == side - 1) && (y == 0 || y == side - 1),
            PointSet::SquareCentres { side, radius } => {
                x < side && y < side && odd_multiple(x, radius) && odd_multiple(y, radius)
            }
            PointSet::DiamondCentres { side, radius } => {
                x < side
                    && y < side
                    && ((odd_multiple(x, radius) && even_multiple(y, radius))
                        || (even_multiple(x, radius) && odd_multiple(y, radius)))
            }
            PointSet::Pass { side, radius } => {
                PointSet::SquareCentres { side, radius }.contains(x, y)
                    || PointSet::DiamondCentres { side, radius }.contains(x, y)
            }
        }
    }

    /// The points, row by row.
    pub fn iter(&self) -> Box<dyn Iterator<Item = (usize, usize)> + '_> {
        if let PointSet::Listed { side, indices } = self {
            return Box::new(
                indices
                    .iter()
                    .map(move |index| (index % side, index / side)),
            );
        }
        let (side, step) = match *self {
            PointSet::Listed { .. } => (0, 1),
            PointSet::Nothing => (0, 1),
            PointSet::Everything { side } => (side, 1),
            PointSet::Corners { side } => (side, side - 1),
            PointSet::SquareCentres { side, radius }
            | PointSet::DiamondCentres { side, radius }
            | PointSet::Pass { side, radius } => (side, radius),
        };
        // Every member lies on the lattice of multiples of `step`.
        Box::new(
            (0..side)
                .step_by(step)
                .flat_map(move |y| (0..side).step_by(step).map(move |x| (x, y)))
                .filter(move |&(x, y)| self.contains(x, y)),
        )
    }

    /// How many points there are.
    pub fn len(&self) -> usize {
        match *self {
            PointSet::Listed { ref indices, .. } => indices.len(),
            PointSet::Nothing => 0,
            PointSet::Everything { side } => side * side,
            PointSet::Corners { .. } => 4,
            PointSet::SquareCentres { side, radius } => squares_across(side, radius).pow(2),
            PointSet::DiamondCentres { side, radius } => {
                let squares = squares_across(side, radius);
                2 * squares * (squares + 1)
            }
            PointSet::Pass { side, radius } => {
                let squares = squares_across(side, radius);
                squares.pow(2) + 2 * squares * (squares + 1)
            }
        }
    }

    /// Whether there are no points.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// How many squares of half-width `radius` fit across a map.
fn squares_across(side: usize, radius: usize) -> usize {
    (side - 1) / (2 * radius)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_names_round_trip() {
        let stages = [
            Stage::Corners,
            Stage::Edges,
            Stage::Center,
            Stage::Square,
            Stage::Diamond,
            Stage::Pass(1),
            Stage::Pass(12),
            Stage::Done,
            Stage::Lattice,
            Stage::Octave(7),
            Stage::Droplets(100_000),
            Stage::Slides(50),
            Stage::Step(3),
        ];
        for stage in stages {
            assert_eq!(stage.to_string().parse::<Stage>(), Ok(stage));
        }
        assert_eq!(" Centre ".parse::<Stage>(), Ok(Stage::Center));
    }

    #[test]
    fn bad_stage_names_are_refused() {
        for text in [
            "",
            "pass-",
            "pass-x",
            "pass--1",
            "pass-99999999999",
            "squares",
            "pass 2",
        ] {
            let error = text.parse::<Stage>().expect_err(text);
            assert_eq!(error.spec(), Some(&STAGE), "{text:?}");
        }
    }
}
