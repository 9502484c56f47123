//! Gradient noise, step by step (the fourth chapter): value, Perlin and
//! simplex noise, summed into fractal terrain.
//!
//! A *lattice* of random numbers at integer points ([`lattice`]) is turned
//! into a smooth surface by a **basis**, one file each:
//!
//! - [`value`]: a random height at each lattice point, blended across
//!   cells;
//! - [`perlin`]: a random gradient at each lattice point, whose planes are
//!   blended; 0 at every lattice point;
//! - [`simplex`]: random gradients on a triangular grid, each reaching only
//!   its own triangles.
//!
//! A basis is a small trait (`Basis`, in `basis.rs`): sample a point, sample
//! a row, its sites and grid lines, its tile period. Everything else is
//! written once for any basis: the fractal sum and its variants
//! ([`fractal`]), the stages, words and overlays (`describe.rs`), so a new
//! basis is one file and a line in [`crate::generators::ALL`].
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
//! octave's lattice points (its `new_points`) and leaves the rest at 0.
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
//! exactly `[0, 1]` when [`crate::MapSettings::normalize`] is set (a flat map
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
//! use terrain_core::{Algorithm, MapSettings, Params, Stage, generate};
//!
//! let params = Params {
//!     map: MapSettings { exponent: 5, seed: 7, normalize: true },
//!     ..Params::new(Algorithm::PERLIN_NOISE)
//! };
//! let params = params.check()?;
//! let map = generate(&params, Stage::Done)?.heightmap;
//! assert_eq!(map.side(), 33);
//! assert_eq!(map.min_max(), (0.0, 1.0));
//! // Perlin noise is 0 at its lattice points: the first octave maps them
//! // to 0.5, the level the noise swings about.
//! let first = generate(&params, Stage::Octave(1))?.heightmap;
//! for (x, y) in params.new_points(Stage::Lattice).iter() {
//!     assert_eq!(first.get(x, y), 0.5);
//! }
//! # Ok::<(), terrain_core::Error>(())
//! ```
//!
//! [`PointRandom`]: crate::random::PointRandom
//! [`Stage::Lattice`]: crate::Stage::Lattice
//! [`Stage::Octave`]: crate::Stage::Octave
//! [`Stage::Done`]: crate::Stage::Done

mod basis;
pub mod cellular;
mod columns;
mod describe;
pub mod fractal;
mod kept;
pub mod lattice;
mod math;
mod overlay;
pub mod perlin;
mod settings;
pub mod simplex;
pub mod value;

pub use describe::stages;
pub use kept::KeptOctaves;
pub use overlay::{Arrow, MAX_OVERLAY_ITEMS, Segment};
pub use settings::*;

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
