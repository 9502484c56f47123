//! The generators, one file each (one folder, with a file per algorithm,
//! for the gradient noises of chapter 4), in the order the series
//! introduces them.
//!
//! Each file says what its algorithm does in its own words and offers the
//! same three things: the stages a map of some exponent goes through, a
//! run up to any of them (reporting progress), and which points a stage
//! sets. [`crate::generate`] dispatches to them; none of them knows about
//! the others' settings or about how settings are read.

pub mod diamond_square;
pub mod midpoint_displacement;
pub mod noise;
pub mod random_noise;
pub mod recursive_midpoint_displacement;
pub mod tileable_diamond_square;

use crate::stage::{PointSet, Stage};

/// What the subdivision generators (and random noise) read: a plain
/// struct, filled from [`crate::Params`], so that the generators need
/// nothing of how settings are named, read or checked.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Subdivision {
    /// The map is `2^exponent + 1` points on a side; already valid.
    pub exponent: u32,
    /// Seeds [`crate::PointRandom`].
    pub seed: u64,
    /// The first pass's largest random offset.
    pub spread: f64,
    /// Multiplies the spread after each pass.
    pub spread_reduction: f64,
    /// Whether `done` rescales the heights to `[0, 1]`.
    pub normalize: bool,
}

impl Subdivision {
    /// Exponent `exponent`, seed `seed`, the posts' spread of 0.3 halved
    /// every pass, normalized: what most tests want.
    pub const fn new(exponent: u32, seed: u64) -> Self {
        Self {
            exponent,
            seed,
            spread: 0.3,
            spread_reduction: 0.5,
            normalize: true,
        }
    }
}

/// The passes `pass-1` to `pass-exponent`.
pub(crate) fn passes(exponent: u32) -> impl Iterator<Item = Stage> {
    (1..=exponent).map(Stage::Pass)
}

/// The points a stage of a subdivision algorithm sets on an
/// exponent-`exponent` map: the corners, then lattices of square and
/// diamond centres whose radius halves pass by pass.
pub fn subdivision_points(stage: Stage, exponent: u32) -> PointSet {
    let side = (1usize << exponent) + 1;
    let half = 1usize << (exponent - 1);
    match stage {
        Stage::Done => PointSet::Nothing,
        Stage::Corners => PointSet::Corners { side },
        Stage::Edges | Stage::Diamond => PointSet::DiamondCentres { side, radius: half },
        Stage::Center | Stage::Square => PointSet::SquareCentres { side, radius: half },
        Stage::Pass(pass) => PointSet::Pass {
            side,
            radius: 1usize << exponent.saturating_sub(pass),
        },
        // Erosion changes every point a little; none is new. Noise stages
        // are noise's own (see `noise::lattice_points`).
        Stage::Droplets(_)
        | Stage::Slides(_)
        | Stage::Step(_)
        | Stage::Lattice
        | Stage::Octave(_) => PointSet::Nothing,
    }
}

/// The share of a run done once pass `pass` of an exponent-`exponent` map
/// is finished: the share of points set by then, scaled to leave a tenth for
/// the final normalization.
pub(crate) fn share_after_pass(pass: u32, exponent: u32) -> f64 {
    let set = ((1u64 << pass) + 1) as f64 / ((1u64 << exponent) + 1) as f64;
    0.9 * set * set
}
