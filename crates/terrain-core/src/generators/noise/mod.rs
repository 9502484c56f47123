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
//! [`NoiseStage::Lattice`] sets only the map points nearest the first
//! octave's lattice points ([`lattice_points`]) and leaves the rest at 0.
//! A value-noise lattice point shows its random value; Perlin and simplex
//! noise are 0 at their lattice points, so theirs show 0 (height 0.5 once
//! mapped, the level the noise swings about). Either way the number goes
//! through the octave's shape and the same fixed mapping as
//! [`NoiseStage::Octaves`], so, without warping, a lattice point has the
//! height the first octave gives it.
//!
//! [`NoiseStage::Octaves`]`(k)` is the sum of the first `k` octaves, each
//! already shaped, warped and damped, mapped to heights by the **fixed**
//! `0.5 + 0.5 · sum / total`, where `total` is the sum of the weights of
//! *all* the octaves asked for. The mapping does not depend on `k`, so
//! scrubbing through the octaves adds detail without the map jumping (a
//! ridged or billowed octave is not centred on 0, so those terrains rise or
//! sink a little as octaves are added), and octave `k`'s contribution never
//! depends on how many octaves there are.
//!
//! [`NoiseStage::Done`] is the sum of all the octaves, stretched to span
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
//! use terrain_core::generators::noise::{
//!     Basis, NoiseSettings, NoiseStage, generate, lattice_points,
//! };
//!
//! let settings = NoiseSettings { exponent: 5, seed: 7, ..NoiseSettings::new(Basis::Perlin) };
//! let map = generate(&settings, NoiseStage::Done, &mut |_| {})?;
//! assert_eq!(map.side(), 33);
//! assert_eq!(map.min_max(), (0.0, 1.0));
//! // Perlin noise is 0 at its lattice points: the first octave maps them
//! // to 0.5, the level the noise swings about.
//! let first = generate(&settings, NoiseStage::Octaves(1), &mut |_| {})?;
//! for (x, y) in lattice_points(&settings)? {
//!     assert_eq!(first.get(x, y), 0.5);
//! }
//! # Ok::<(), terrain_core::generators::noise::SettingError>(())
//! ```
//!
//! [`PointRandom`]: crate::random::PointRandom

mod columns;
pub mod fractal;
pub mod lattice;
mod math;
mod overlay;
pub mod perlin;
pub mod simplex;
pub mod value;

use std::fmt;

use crate::heightmap::{Heightmap, MAX_EXPONENT, MIN_EXPONENT};

pub use fractal::octave_frequency;
pub use overlay::{
    Arrow, MAX_OVERLAY_ITEMS, Segment, gradient_arrows, lattice_lines, lattice_points,
};

/// How the lattice's random numbers become a surface.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Basis {
    /// Random values at lattice points, blended: `value-noise`.
    Value,
    /// Random gradients at lattice points (Perlin 1985/2002): `perlin-noise`.
    Perlin,
    /// Random gradients on a triangular grid (Perlin 2001): `simplex-noise`.
    Simplex,
}

impl Basis {
    /// Every basis, in the chapter's order.
    pub const ALL: [Basis; 3] = [Basis::Value, Basis::Perlin, Basis::Simplex];

    /// The algorithm's name in the JavaScript API, URLs and embeds.
    pub fn name(self) -> &'static str {
        match self {
            Basis::Value => "value-noise",
            Basis::Perlin => "perlin-noise",
            Basis::Simplex => "simplex-noise",
        }
    }

    /// The basis called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|basis| basis.name() == name)
    }

    /// The name for people: "Perlin noise".
    pub fn title(self) -> &'static str {
        match self {
            Basis::Value => "Value noise",
            Basis::Perlin => "Perlin noise",
            Basis::Simplex => "Simplex noise",
        }
    }
}

impl fmt::Display for Basis {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// The curve that blends lattice points across a cell, as a function of the
/// offset `t` in `[0, 1]`; all three go from 0 to 1. Simplex noise has its
/// own radial kernel and ignores it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Fade {
    /// `t`: the surface is kinked at every cell border. `linear`.
    Linear,
    /// `3t² − 2t³`: smooth slopes, but the curvature jumps at cell borders,
    /// which lighting shows as faint creases. `smoothstep`.
    Smoothstep,
    /// `6t⁵ − 15t⁴ + 10t³`: slope and curvature both continuous. `quintic`.
    Quintic,
}

impl Fade {
    /// Every fade, roughest first.
    pub const ALL: [Fade; 3] = [Fade::Linear, Fade::Smoothstep, Fade::Quintic];

    /// Its name in parameters.
    pub fn name(self) -> &'static str {
        match self {
            Fade::Linear => "linear",
            Fade::Smoothstep => "smoothstep",
            Fade::Quintic => "quintic",
        }
    }

    /// The fade called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|fade| fade.name() == name)
    }

    /// The weight of the far lattice point at offset `t`.
    #[inline]
    pub fn weight(self, t: f64) -> f64 {
        match self {
            Fade::Linear => t,
            Fade::Smoothstep => t * t * (3.0 - 2.0 * t),
            Fade::Quintic => t * t * t * (t * (t * 6.0 - 15.0) + 10.0),
        }
    }

    /// The weight and its derivative at offset `t`.
    #[inline]
    pub fn weight_and_slope(self, t: f64) -> (f64, f64) {
        let slope = match self {
            Fade::Linear => 1.0,
            Fade::Smoothstep => 6.0 * t * (1.0 - t),
            Fade::Quintic => 30.0 * t * t * (t * (t - 2.0) + 1.0),
        };
        (self.weight(t), slope)
    }
}

/// What each octave's noise `n` (in `[−1, 1]`) becomes before it is added.
/// Every shape stays in `[−1, 1]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// `n` itself. `plain`.
    Plain,
    /// `1 − 2|n|`: the noise's zero lines become sharp crests. `ridged`.
    Ridged,
    /// `2(1 − |n|)² − 1`: ridged, with the crests sharper and the valleys
    /// wider. `sharp-ridged`.
    SharpRidged,
    /// `2|n| − 1`: the zero lines become creases between rounded mounds.
    /// `billow`.
    Billow,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 4] = [
        Shape::Plain,
        Shape::Ridged,
        Shape::SharpRidged,
        Shape::Billow,
    ];

    /// Its name in parameters.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Plain => "plain",
            Shape::Ridged => "ridged",
            Shape::SharpRidged => "sharp-ridged",
            Shape::Billow => "billow",
        }
    }

    /// The shape called `name`, if any.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|shape| shape.name() == name)
    }

    /// The shaped value of `noise`.
    #[inline]
    pub(crate) fn value(self, noise: f64) -> f64 {
        match self {
            Shape::Plain => noise,
            Shape::Ridged => 1.0 - 2.0 * noise.abs(),
            Shape::SharpRidged => {
                let ridge = 1.0 - noise.abs();
                2.0 * ridge * ridge - 1.0
            }
            Shape::Billow => 2.0 * noise.abs() - 1.0,
        }
    }

    /// The shaped value of `noise` and its derivative with respect to it.
    #[inline]
    pub(crate) fn apply(self, noise: f64) -> (f64, f64) {
        let sign = if noise < 0.0 { -1.0 } else { 1.0 };
        let slope = match self {
            Shape::Plain => 1.0,
            Shape::Ridged => -2.0 * sign,
            Shape::SharpRidged => -4.0 * (1.0 - noise.abs()) * sign,
            Shape::Billow => 2.0 * sign,
        };
        (self.value(noise), slope)
    }
}

/// A noise value and its gradient, in lattice cells.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Sample {
    /// The noise, in `[−1, 1]`.
    pub(crate) value: f64,
    /// Its partial derivatives along `u` and `v`.
    pub(crate) gradient: [f64; 2],
}

/// The exponent the chapter's demos start from: 129 × 129 points.
pub const DEFAULT_EXPONENT: u32 = 7;
/// Lattice cells across the map in the first octave.
pub const DEFAULT_FREQUENCY: u32 = 4;
/// The fewest cells across the map.
pub const MIN_FREQUENCY: u32 = 1;
/// The most cells across the map: two points a cell on the largest
/// chapter demo (513 points), far finer than anyone needs for a first
/// octave.
pub const MAX_FREQUENCY: u32 = 256;
/// Octaves summed by default: a 129-point map resolves six.
pub const DEFAULT_OCTAVES: u32 = 6;
/// The fewest octaves.
pub const MIN_OCTAVES: u32 = 1;
/// The most octaves: twelve doublings take 4 cells to 8192, past the
/// largest map's 4097 points.
pub const MAX_OCTAVES: u32 = 12;
/// Each octave's frequency over the one before: the usual doubling.
pub const DEFAULT_LACUNARITY: f64 = 2.0;
/// The least lacunarity: 1 stacks octaves of one size.
pub const MIN_LACUNARITY: f64 = 1.0;
/// The most lacunarity.
pub const MAX_LACUNARITY: f64 = 4.0;
/// Each octave's weight over the one before: halving, with doubling
/// frequency, gives the `1/f` spectrum of natural terrain.
pub const DEFAULT_GAIN: f64 = 0.5;
/// The least gain: 0 keeps only the first octave.
pub const MIN_GAIN: f64 = 0.0;
/// The most gain: every octave as strong as the first.
pub const MAX_GAIN: f64 = 1.0;
/// Heights are raised to this power at the end: 1 leaves them as they are.
pub const DEFAULT_POWER: f64 = 1.0;
/// The least power (flattens the peaks, lifts the valleys).
pub const MIN_POWER: f64 = 0.1;
/// The most power (deep flat valleys, narrow peaks).
pub const MAX_POWER: f64 = 5.0;
/// Terrace steps: 0 for none.
pub const DEFAULT_TERRACES: u32 = 0;
/// The most terrace steps.
pub const MAX_TERRACES: u32 = 32;
/// Domain-warp strength, in cells of the first octave: 0 for none.
pub const DEFAULT_WARP: f64 = 0.0;
/// The most warp: past a few cells the warp's own noise dominates.
pub const MAX_WARP: f64 = 4.0;
/// Derivative damping: 0 for none.
pub const DEFAULT_DAMPING: f64 = 0.0;
/// The most damping: at 4, a slope of 1 already cuts later octaves by 5.
pub const MAX_DAMPING: f64 = 4.0;

/// Everything a noise terrain depends on. Every field has a default
/// ([`NoiseSettings::new`]) and an allowed range ([`NoiseSettings::validate`]).
#[derive(Debug, Clone, PartialEq)]
pub struct NoiseSettings {
    /// Value, Perlin or simplex noise.
    pub basis: Basis,
    /// The map has `2^exponent + 1` points a side: 1 to 12, default
    /// [`DEFAULT_EXPONENT`].
    pub exponent: u32,
    /// Any `u64`; default 0.
    pub seed: u64,
    /// Lattice cells across the map in the first octave (for simplex noise,
    /// lattice units): whole, [`MIN_FREQUENCY`] to [`MAX_FREQUENCY`],
    /// default [`DEFAULT_FREQUENCY`].
    pub frequency: u32,
    /// Octaves summed: [`MIN_OCTAVES`] to [`MAX_OCTAVES`], default
    /// [`DEFAULT_OCTAVES`].
    pub octaves: u32,
    /// Frequency ratio between octaves: [`MIN_LACUNARITY`] to
    /// [`MAX_LACUNARITY`], default [`DEFAULT_LACUNARITY`].
    pub lacunarity: f64,
    /// Weight ratio between octaves: [`MIN_GAIN`] to [`MAX_GAIN`], default
    /// [`DEFAULT_GAIN`].
    pub gain: f64,
    /// The blend across cells (value and Perlin noise): default smoothstep
    /// for value noise, quintic for the others.
    pub fade: Fade,
    /// What each octave is turned into before it is summed: default plain.
    pub shape: Shape,
    /// `done` raises heights to this power: [`MIN_POWER`] to [`MAX_POWER`],
    /// default 1 (none).
    pub power: f64,
    /// `done` cuts heights into this many terraces after the power: 0
    /// (none) to [`MAX_TERRACES`], default 0.
    pub terraces: u32,
    /// Domain warping: octaves are read at positions moved by up to this many
    /// cells of the first octave, by two more noise fields: 0 (none) to
    /// [`MAX_WARP`], default 0.
    pub warp: f64,
    /// Derivative damping: each octave is divided by
    /// `1 + damping · |slope so far|²`, so detail gathers on flat ground and
    /// slopes stay smooth, as if eroded: 0 (none) to [`MAX_DAMPING`],
    /// default 0.
    pub damping: f64,
    /// Whether the map tiles: its last row and column equal its first, and
    /// copies placed side by side show no seam. Default false.
    pub tileable: bool,
    /// Whether `done` stretches the heights to span exactly `[0, 1]`.
    /// Default true.
    pub normalize: bool,
}

impl NoiseSettings {
    /// The defaults for `basis`: a six-octave fBm of 4 cells across, on a
    /// 129 × 129 map.
    pub fn new(basis: Basis) -> Self {
        Self {
            basis,
            exponent: DEFAULT_EXPONENT,
            seed: 0,
            frequency: DEFAULT_FREQUENCY,
            octaves: DEFAULT_OCTAVES,
            lacunarity: DEFAULT_LACUNARITY,
            gain: DEFAULT_GAIN,
            fade: match basis {
                Basis::Value => Fade::Smoothstep,
                Basis::Perlin | Basis::Simplex => Fade::Quintic,
            },
            shape: Shape::Plain,
            power: DEFAULT_POWER,
            terraces: DEFAULT_TERRACES,
            warp: DEFAULT_WARP,
            damping: DEFAULT_DAMPING,
            tileable: false,
            normalize: true,
        }
    }

    /// Checks every field; the first bad one is the error.
    pub fn validate(&self) -> Result<(), SettingError> {
        check_whole(
            "exponent",
            self.exponent,
            MIN_EXPONENT,
            MAX_EXPONENT,
            "a whole number from 1 to 12",
        )?;
        check_whole(
            "frequency",
            self.frequency,
            MIN_FREQUENCY,
            MAX_FREQUENCY,
            "a whole number from 1 to 256",
        )?;
        check_whole(
            "octaves",
            self.octaves,
            MIN_OCTAVES,
            MAX_OCTAVES,
            "a whole number from 1 to 12",
        )?;
        check_number(
            "lacunarity",
            self.lacunarity,
            MIN_LACUNARITY,
            MAX_LACUNARITY,
            "a number from 1 to 4",
        )?;
        check_number(
            "gain",
            self.gain,
            MIN_GAIN,
            MAX_GAIN,
            "a number from 0 to 1",
        )?;
        check_number(
            "power",
            self.power,
            MIN_POWER,
            MAX_POWER,
            "a number from 0.1 to 5",
        )?;
        check_whole(
            "terraces",
            self.terraces,
            0,
            MAX_TERRACES,
            "a whole number from 0 to 32",
        )?;
        check_number("warp", self.warp, 0.0, MAX_WARP, "a number from 0 to 4")?;
        check_number(
            "damping",
            self.damping,
            0.0,
            MAX_DAMPING,
            "a number from 0 to 4",
        )?;
        Ok(())
    }

    /// The stages a map with these settings goes through, in order:
    /// `lattice`, `octave-1` to `octave-<octaves>`, `done`.
    pub fn stages(&self) -> Vec<NoiseStage> {
        std::iter::once(NoiseStage::Lattice)
            .chain((1..=self.octaves).map(NoiseStage::Octaves))
            .chain([NoiseStage::Done])
            .collect()
    }

    /// Checks that `stage` is one of [`NoiseSettings::stages`].
    pub fn check_stage(&self, stage: NoiseStage) -> Result<(), SettingError> {
        match stage {
            NoiseStage::Octaves(count) if count == 0 || count > self.octaves => Err(SettingError {
                field: "stage",
                value: stage.to_string(),
                allowed: "lattice, octave-K for K from 1 to the number of octaves, or done",
            }),
            _ => Ok(()),
        }
    }
}

fn check_whole(
    field: &'static str,
    value: u32,
    low: u32,
    high: u32,
    allowed: &'static str,
) -> Result<(), SettingError> {
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(SettingError {
            field,
            value: value.to_string(),
            allowed,
        })
    }
}

fn check_number(
    field: &'static str,
    value: f64,
    low: f64,
    high: f64,
    allowed: &'static str,
) -> Result<(), SettingError> {
    // NaN fails the range test too.
    if (low..=high).contains(&value) {
        Ok(())
    } else {
        Err(SettingError {
            field,
            value: value.to_string(),
            allowed,
        })
    }
}

/// A setting (or stage) outside its allowed range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingError {
    /// The field's name, as in [`NoiseSettings`]: `frequency`, `gain`, …
    pub field: &'static str,
    /// The value given.
    pub value: String,
    /// What is allowed, in words.
    pub allowed: &'static str,
}

impl fmt::Display for SettingError {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} must be {}; got {}",
            self.field, self.allowed, self.value
        )
    }
}

impl std::error::Error for SettingError {}

/// How far to run a noise terrain (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NoiseStage {
    /// Only the points nearest the first octave's lattice points: `lattice`.
    Lattice,
    /// The first `K` octaves summed, `K` from 1: `octave-K`.
    Octaves(u32),
    /// Every octave, variant and redistribution: `done`.
    Done,
}

impl NoiseStage {
    /// The stage named `name` (`lattice`, `octave-3`, `done`), if any.
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "lattice" => Some(NoiseStage::Lattice),
            "done" => Some(NoiseStage::Done),
            _ => {
                let count = name.strip_prefix("octave-")?;
                // Digits only: `parse` would also take a leading `+`.
                if count.is_empty() || !count.bytes().all(|byte| byte.is_ascii_digit()) {
                    return None;
                }
                count.parse().ok().map(NoiseStage::Octaves)
            }
        }
    }
}

impl fmt::Display for NoiseStage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoiseStage::Lattice => formatter.write_str("lattice"),
            NoiseStage::Octaves(count) => write!(formatter, "octave-{count}"),
            NoiseStage::Done => formatter.write_str("done"),
        }
    }
}

/// Makes the terrain `settings` describe, up to `stage`, calling
/// `progress` with the share of the work done (in `(0, 1]`, increasing) as
/// the rows are computed, and with 1 at the end.
///
/// Settings are validated first, then the stage; either gives the
/// [`SettingError`] that names what is wrong.
pub fn generate(
    settings: &NoiseSettings,
    stage: NoiseStage,
    progress: &mut dyn FnMut(f64),
) -> Result<Heightmap, SettingError> {
    settings.validate()?;
    settings.check_stage(stage)?;
    let map = fractal::run(settings, stage, progress);
    progress(1.0);
    Ok(map)
}

#[cfg(test)]
mod tests;

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties;

// Uses the noise crate, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod statistics;
