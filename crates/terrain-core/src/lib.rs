//! Seeded heightmap generators that can stop at any stage.
//!
//! This crate is the pure core of *Terrain, step by step*. It knows nothing of
//! the web, of clocks or of operating-system randomness, so the same call gives
//! the same map, bit for bit, on every target.
//!
//! # Conventions
//!
//! - A [`Heightmap`] is square, `2^n + 1` points on a side, where `n` is its
//!   *exponent* (1 to [`MAX_EXPONENT`]). The `+ 1` gives every edge a middle
//!   point, which is what the subdivision algorithms need.
//! - Heights are `f64` in one contiguous, row-major buffer: point `(x, y)` is
//!   at index `y * side + x`, `x` is the column and `y` the row, both from 0.
//! - Before the `done` stage, points not set yet are `0.0` (as in the demos of
//!   the original posts). At `done` the subdivision algorithms normalize the
//!   map so its heights span exactly `[0, 1]` (a flat map stays flat, at 0).
//! - Every random number comes from [`PointRandom`], SplitMix64 in counter
//!   mode: point `i` always draws output `i` of the seed's stream, whichever
//!   order an algorithm visits points in. See [`random`] for why.
//!
//! # Use
//!
//! ```
//! use terrain_core::{generate, Algorithm, Params, Stage};
//!
//! let params = Params { exponent: 3, seed: 7, ..Params::new(Algorithm::DiamondSquare) };
//! let terrain = generate(&params, Stage::Square)?;
//! assert_eq!(terrain.heightmap.side(), 9);
//! // The first square step sets only the centre of the map.
//! assert_eq!(terrain.new_points.iter().collect::<Vec<_>>(), vec![(4, 4)]);
//! # Ok::<(), terrain_core::Error>(())
//! ```

pub mod baseline;
pub mod erosion;
mod error;
pub mod generators;
mod heightmap;
mod params;
pub mod query;
pub mod random;
pub mod seams;
mod stage;

pub use error::{Error, Field};
pub use heightmap::{Heightmap, MAX_EXPONENT, MIN_EXPONENT};
pub use params::{Algorithm, Params};
pub use random::PointRandom;
pub use stage::{PointSet, Stage, StageDetails};

use generators::{
    diamond_square, midpoint_displacement, random_noise, recursive_midpoint_displacement,
    tileable_diamond_square,
};

/// A generated heightmap together with what its last stage did.
#[derive(Debug, Clone, PartialEq)]
pub struct Terrain {
    /// The algorithm that made it, or `None` for a map from elsewhere (an
    /// imported image).
    pub algorithm: Option<Algorithm>,
    /// The heights after the requested stage.
    pub heightmap: Heightmap,
    /// The stage the generator stopped after.
    pub stage: Stage,
    /// The points that stage set (highlighted by the demos).
    pub new_points: PointSet,
}

/// The share of a run done once pass `pass` of an exponent-`exponent` map
/// is finished: the share of points set by then, scaled to leave a tenth for
/// the final normalization.
pub(crate) fn share_after_pass(pass: u32, exponent: u32) -> f64 {
    let set = ((1u64 << pass) + 1) as f64 / ((1u64 << exponent) + 1) as f64;
    0.9 * set * set
}

impl Terrain {
    /// A finished map from elsewhere, such as an imported image: every
    /// point set, none of them new.
    pub fn finished(heightmap: Heightmap) -> Self {
        Self {
            algorithm: None,
            heightmap,
            stage: Stage::Done,
            new_points: PointSet::Nothing,
        }
    }

    /// Whether `(x, y)` has been given its height by now. Points not set yet
    /// are 0.0, and the demos draw them differently.
    pub fn is_set(&self, x: usize, y: usize) -> bool {
        let last = self.heightmap.last();
        let half = last / 2;
        let corner = (x == 0 || x == last) && (y == 0 || y == last);
        let on_lattice = |spacing: usize| x.is_multiple_of(spacing) && y.is_multiple_of(spacing);
        match self.stage {
            Stage::Done => true,
            Stage::Corners => corner,
            Stage::Edges | Stage::Square => corner || self.new_points.contains(x, y),
            Stage::Center | Stage::Diamond => on_lattice(half),
            Stage::Pass(pass) => on_lattice(1 << (self.heightmap.exponent() - pass)),
        }
    }
}

/// Runs `params.algorithm` up to and including `stage`.
///
/// Parameters are validated first; a stage the algorithm does not have (for
/// example `square` for midpoint displacement, or `pass-9` on an exponent-5
/// map) is an [`Error::InvalidStage`].
pub fn generate(params: &Params, stage: Stage) -> Result<Terrain, Error> {
    generate_with_progress(params, stage, &mut |_| {})
}

/// Like [`generate`], and calls `progress` now and then with the share of
/// the work done, from 0 to 1: after each pass (each of the recursive
/// algorithm's sixteen second-level views), and once more at the end. For
/// huge maps, so a page can show how far along a run is.
pub fn generate_with_progress(
    params: &Params,
    stage: Stage,
    progress: &mut dyn FnMut(f64),
) -> Result<Terrain, Error> {
    params.validate()?;
    params.algorithm.check_stage(stage, params.exponent)?;
    let heightmap = match params.algorithm {
        Algorithm::RandomNoise => random_noise::generate(params),
        Algorithm::MidpointDisplacement => {
            midpoint_displacement::generate_observed(params, stage, progress)
        }
        Algorithm::RecursiveMidpointDisplacement => {
            recursive_midpoint_displacement::generate_observed(params, stage, progress)
        }
        Algorithm::DiamondSquare => diamond_square::generate_observed(params, stage, progress),
        Algorithm::TileableDiamondSquare => {
            tileable_diamond_square::generate_observed(params, stage, progress)
        }
    };
    progress(1.0);
    let new_points = PointSet::for_stage(params.algorithm, stage, params.exponent);
    Ok(Terrain {
        algorithm: Some(params.algorithm),
        heightmap,
        stage,
        new_points,
    })
}

// Uses proptest and rand_xoshiro, native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod invariants;
