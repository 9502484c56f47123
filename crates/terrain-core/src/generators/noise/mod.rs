//! Gradient noise, step by step (the fourth chapter): value, Perlin and
//! simplex noise, summed into fractal terrain.
//!
//! A *lattice* of random numbers at integer points ([`lattice`]) is turned
//! into a smooth surface by one of three **bases**:
//!
//! - [`Basis::Value`]: a random height at each lattice point, blended across
//!   cells ([`value`]);
//! - [`Basis::Perlin`]: a random gradient at each lattice point, whose planes
//!   are blended ([`perlin`]); 0 at every lattice point;
//! - [`Basis::Simplex`]: random gradients on a triangular grid, each reaching
//!   only its own triangles ([`simplex`]).
//!
//! One such surface is an **octave**. The terrain is their *fractal sum*
//! (fBm): octave `k` has `frequency · lacunarity^k` cells across the map and
//! weight `gain^k`, so each adds finer and fainter detail ([`fractal`]).
//! Variants reshape each octave (ridged, billow), warp the positions the
//! octaves are read at, or damp later octaves where the terrain so far is
//! steep; the finished map can be redistributed (a power, terraces).
//!
//! # Coordinates
//!
//! Map point `(x, y)` (column, row, `0 ..= last`) sits at
//! `(x, y) · cells / last + offset` in octave `k`'s lattice, where `cells` is
//! the octave's frequency. Octave 0 has no offset, so its lattice points
//! fall on map points whenever the frequency divides `last`; every later
//! octave is shifted by its own random offset, so that no lattice point of
//! one octave sits on another's (with a lacunarity of 2 they would all
//! coincide, and Perlin noise, 0 at each, would pin the terrain there).
//!
//! # Stages
//!
//! [`Stage::Lattice`] sets only the map points nearest the first
//! octave's lattice points ([`lattice_points`]) and leaves the rest at 0.
//! A value-noise lattice point shows its random value; Perlin and simplex
//! noise are 0 at their lattice points, so theirs show 0 (height 0.5 once
//! mapped, the level the noise swings about). Either way the number goes
//! through the octave's shape and the same fixed mapping as
//! [`Stage::Octave`], so, without warping, a lattice point has the
//! height the first octave gives it.
//!
//! [`Stage::Octave`]`(k)` is the sum of the first `k` octaves, each
//! already shaped, warped and damped, mapped to heights by the **fixed**
//! `0.5 + 0.5 · sum / total`, where `total` is the sum of the weights of
//! *all* the octaves asked for. The mapping does not depend on `k`, so
//! scrubbing through the octaves adds detail without the map jumping (a
//! ridged or billowed octave is not centred on 0, so those terrains rise or
//! sink a little as octaves are added), and octave `k`'s contribution never
//! depends on how many octaves there are.
//!
//! [`Stage::Done`] is the sum of all the octaves, stretched to span
//! exactly `[0, 1]` when [`NoiseSettings::normalize`] is set (a flat map
//! stays flat, at 0) or else mapped as the octave stages are, then raised to
//! [`NoiseSettings::power`] and cut into [`NoiseSettings::terraces`].
//!
//! # Tileable noise
//!
//! With [`NoiseSettings::tileable`], every octave's lattice repeats across
//! the map: its frequency is rounded to a whole number of cells (for
//! simplex noise, to a multiple of 3 on a slightly different grid; see
//! [`simplex`]), and lattice coordinates are reduced modulo that period
//! before hashing. The map's last row and column are then the same points of
//! the periodic surface as its first; they are copied from the first rather
//! than computed again, so they equal it bit for bit (a computation would
//! agree only to rounding). Offsets, warping and damping are all built from
//! periodic noise, so they keep the period.
//!
//! # Randomness
//!
//! Every random number comes from the seed's [`PointRandom`] stream, in the
//! order given in [`lattice`]: octave `k` shuffles its permutation from its
//! own block of outputs, and the warp fields use four more blocks. A map
//! depends only on the settings and the seed.
//!
//! # Determinism
//!
//! Only `+`, `−`, `×`, `÷`, comparisons and integer operations are used
//! (the power is our own, from `math.rs`), so native code and WebAssembly
//! agree bit for bit; `tests/noise_fingerprints.rs` checks it in a browser.
//!
//! # Speed
//!
//! The plain sums run row by row: a row shares each octave's lattice row,
//! its fades and its hashes, each map column's cell and fade are worked out
//! once per octave, and the points of one cell take their two lattice
//! columns' terms from registers in a loop the compiler vectorizes (see
//! [`perlin`]). An 8-octave 513 × 513 Perlin fBm takes about 3 ms natively
//! and 5 ms in WebAssembly. Warping reads every point where the warp moved
//! it, which costs several times more.
//!
//! # Use
//!
//! ```
//! use terrain_core::Stage;
//! use terrain_core::generators::noise::{Basis, NoiseSettings, generate, lattice_points};
//!
//! let settings = NoiseSettings { exponent: 5, seed: 7, ..NoiseSettings::new(Basis::Perlin) };
//! let map = generate(&settings, Stage::Done, &mut |_| {})?;
//! assert_eq!(map.side(), 33);
//! assert_eq!(map.min_max(), (0.0, 1.0));
//! // Perlin noise is 0 at its lattice points: the first octave maps them
//! // to 0.5, the level the noise swings about.
//! let first = generate(&settings, Stage::Octave(1), &mut |_| {})?;
//! for (x, y) in lattice_points(&settings)? {
//!     assert_eq!(first.get(x, y), 0.5);
//! }
//! # Ok::<(), terrain_core::Error>(())
//! ```
//!
//! [`PointRandom`]: crate::random::PointRandom

mod columns;
pub mod fractal;
pub mod lattice;
mod math;
mod octaves;
mod overlay;
pub mod perlin;
mod settings;
pub mod simplex;
pub mod value;

use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::stage::Stage;

pub use fractal::KeptOctaves;
pub use octaves::octave_frequency;
pub use overlay::{
    Arrow, MAX_OVERLAY_ITEMS, Segment, gradient_arrows, lattice_lines, lattice_points,
};
pub use settings::*;

/// Makes the terrain `settings` describe, up to `stage`, calling
/// `progress` with the share of the work done (in `(0, 1]`, increasing) as
/// the rows are computed, and with 1 at the end.
///
/// Settings are validated first, then the stage; either gives the
/// [`Error`] that names what is wrong.
pub fn generate(
    settings: &NoiseSettings,
    stage: Stage,
    progress: &mut dyn FnMut(f64),
) -> Result<Heightmap, Error> {
    generate_keeping(settings, stage, None, progress)
}

/// As [`generate`], reading each octave's noise from `kept` when it holds
/// it and keeping it there for the next map (see [`KeptOctaves`]). The
/// map is the same either way.
pub fn generate_keeping(
    settings: &NoiseSettings,
    stage: Stage,
    kept: Option<&mut KeptOctaves>,
    progress: &mut dyn FnMut(f64),
) -> Result<Heightmap, Error> {
    settings.validate()?;
    settings.check_stage(stage)?;
    let map = fractal::run(settings, stage, kept, progress);
    progress(1.0);
    Ok(map)
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod resolution;

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;

// Uses the noise crate, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod statistics;
