//! How far a generator runs, and which points the last step set.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Field};
use crate::params::{Algorithm, Params, invalid_text, non_empty};

/// A point a generator can stop after.
///
/// Not every algorithm has every stage: see [`Algorithm::stages`].
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
    /// Every point is set and, for the subdivision algorithms, normalized.
    Done,
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
            Stage::Done => formatter.write_str("done"),
        }
    }
}

impl FromStr for Stage {
    type Err = Error;

    /// Reads the names [`Stage`] displays as, ignoring case and surrounding
    /// white space. Whether the stage exists for an algorithm and exponent is
    /// [`Algorithm::check_stage`]'s business.
    fn from_str(text: &str) -> Result<Self, Error> {
        let trimmed = non_empty(Field::Stage, text)?;
        let lower = trimmed.to_ascii_lowercase();
        let stage = match lower.as_str() {
            "corners" => Stage::Corners,
            "edges" => Stage::Edges,
            "center" | "centre" => Stage::Center,
            "square" => Stage::Square,
            "diamond" => Stage::Diamond,
            "done" => Stage::Done,
            other => other
                .strip_prefix("pass-")
                .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|digits| digits.parse().ok())
                .map(Stage::Pass)
                .ok_or_else(|| invalid_text(Field::Stage, trimmed))?,
        };
        Ok(stage)
    }
}

/// What a stage means in numbers, for the pass-by-pass scrubber.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StageDetails {
    /// The pass this stage belongs to, from 1; 0 for the corners and for
    /// random noise.
    pub pass: u32,
    /// How many passes the map needs: its exponent (0 for random noise).
    pub passes: u32,
    /// Half the width of the squares being displaced, in points, if the
    /// stage displaces any.
    pub radius: Option<usize>,
    /// The width of those squares (twice the radius).
    pub chunk_size: Option<usize>,
    /// The largest offset this stage's jitter can add.
    pub spread: Option<f64>,
}

impl Stage {
    /// The numbers behind this stage of `params`' algorithm.
    pub fn details(self, params: &Params) -> StageDetails {
        let passes = if params.algorithm == Algorithm::RandomNoise {
            0
        } else {
            params.exponent
        };
        let pass = match self {
            Stage::Corners | Stage::Done => 0,
            Stage::Edges | Stage::Center | Stage::Square | Stage::Diamond => 1,
            Stage::Pass(pass) => pass,
        };
        if pass == 0 || passes == 0 || pass > passes {
            return StageDetails {
                pass: 0,
                passes,
                radius: None,
                chunk_size: None,
                spread: None,
            };
        }
        let radius = 1usize << (params.exponent - pass);
        StageDetails {
            pass,
            passes,
            radius: Some(radius),
            chunk_size: Some(2 * radius),
            spread: Some(params.spread * params.spread_reduction.powi(pass as i32 - 1)),
        }
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// Square and diamond centres of one radius: a whole pass.
    Pass {
        /// Points on a side.
        side: usize,
        /// Half the width of the pass's squares.
        radius: usize,
    },
}

impl PointSet {
    /// The points `stage` of `algorithm` sets on an exponent-`exponent` map.
    /// The stage is assumed to exist (see [`Algorithm::check_stage`]).
    pub fn for_stage(algorithm: Algorithm, stage: Stage, exponent: u32) -> PointSet {
        let side = (1usize << exponent) + 1;
        let half = 1usize << (exponent - 1);
        match (algorithm, stage) {
            (Algorithm::RandomNoise, _) => PointSet::Everything { side },
            (_, Stage::Done) => PointSet::Nothing,
            (_, Stage::Corners) => PointSet::Corners { side },
            (_, Stage::Edges | Stage::Diamond) => PointSet::DiamondCentres { side, radius: half },
            (_, Stage::Center | Stage::Square) => PointSet::SquareCentres { side, radius: half },
            (_, Stage::Pass(pass)) => PointSet::Pass {
                side,
                radius: 1usize << exponent.saturating_sub(pass),
            },
        }
    }

    /// Whether `(x, y)` is in the set.
    pub fn contains(&self, x: usize, y: usize) -> bool {
        let odd_multiple = |value: usize, radius: usize| value % (2 * radius) == radius;
        let even_multiple = |value: usize, radius: usize| value.is_multiple_of(2 * radius);
        match *self {
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
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (side, step) = match *self {
            PointSet::Nothing => (0, 1),
            PointSet::Everything { side } => (side, 1),
            PointSet::Corners { side } => (side, side - 1),
            PointSet::SquareCentres { side, radius }
            | PointSet::DiamondCentres { side, radius }
            | PointSet::Pass { side, radius } => (side, radius),
        };
        // Every member lies on the lattice of multiples of `step`.
        (0..side)
            .step_by(step)
            .flat_map(move |y| (0..side).step_by(step).map(move |x| (x, y)))
            .filter(move |&(x, y)| self.contains(x, y))
    }

    /// How many points there are.
    pub fn len(&self) -> usize {
        match *self {
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
            assert_eq!(error.field(), Some(Field::Stage), "{text:?}");
        }
    }

    #[test]
    fn iter_and_len_agree_with_contains() {
        for exponent in 1..=5 {
            let side = (1usize << exponent) + 1;
            for algorithm in Algorithm::ALL {
                for stage in algorithm.stages(exponent) {
                    let set = PointSet::for_stage(algorithm, stage, exponent);
                    let listed: Vec<_> = set.iter().collect();
                    let expected: Vec<_> = (0..side)
                        .flat_map(|y| (0..side).map(move |x| (x, y)))
                        .filter(|&(x, y)| set.contains(x, y))
                        .collect();
                    assert_eq!(listed, expected, "{algorithm} {stage} exponent {exponent}");
                    assert_eq!(set.len(), listed.len(), "{algorithm} {stage}");
                }
            }
        }
    }

    #[test]
    fn the_passes_of_a_map_set_every_point_exactly_once() {
        for exponent in 1..=6 {
            let side = (1usize << exponent) + 1;
            let mut count = vec![0u8; side * side];
            let corners = PointSet::for_stage(Algorithm::DiamondSquare, Stage::Corners, exponent);
            let passes = (1..=exponent).map(|pass| {
                PointSet::for_stage(Algorithm::DiamondSquare, Stage::Pass(pass), exponent)
            });
            for set in std::iter::once(corners).chain(passes) {
                for (x, y) in set.iter() {
                    count[y * side + x] += 1;
                }
            }
            assert!(count.iter().all(|&times| times == 1), "exponent {exponent}");
        }
    }

    #[test]
    fn details_give_pass_radius_chunk_and_spread() {
        let params = Params {
            exponent: 4,
            spread: 0.4,
            spread_reduction: 0.5,
            ..Params::new(Algorithm::MidpointDisplacement)
        };
        let first = Stage::Edges.details(&params);
        assert_eq!(
            (first.pass, first.passes, first.radius, first.chunk_size),
            (1, 4, Some(8), Some(16))
        );
        assert_eq!(first.spread, Some(0.4));
        let third = Stage::Pass(3).details(&params);
        assert_eq!(
            (third.radius, third.chunk_size, third.spread),
            (Some(2), Some(4), Some(0.1))
        );
        let done = Stage::Done.details(&params);
        assert_eq!((done.pass, done.radius, done.spread), (0, None, None));
    }
}
