//! The octaves' noise of the last map, kept by a page for the next one.

use super::settings::{NoiseSettings, Ridges, Shape};

/// The most noise values a [`KeptOctaves`] holds: twelve octaves of a
/// 513 × 513 map, 25 MB.
const MAX_KEPT_VALUES: usize = 513 * 513 * 12;

/// Each octave's noise at every point of the last plain sum (no warp, no
/// damping, up to 513 × 513 points), kept by a page for the next map.
///
/// The gain, the number of octaves and the stage (octave `k` against the
/// finished map) only weight, count and finish the same octaves, as do
/// the shape and the power and terraces of `done`. A change of those alone
/// re-sums the kept noise instead of computing it again, with the same
/// operations in the same order, so the map is the same to the bit. At
/// 513 × 513 with 8 octaves that takes a redraw's handler in WebAssembly
/// from about 14 ms to about 6 (BENCHMARKS.md), for 16 MB kept.
#[derive(Debug, Clone, Default)]
pub struct KeptOctaves {
    /// What the noise was computed for; `None` while nothing is kept.
    made_for: Option<NoiseKey>,
    /// Octaves kept per point.
    octaves: usize,
    /// Row by row, and in a row, octave by octave.
    noise: Vec<f64>,
}

/// Everything an octave's noise depends on: the basis (by its
/// algorithm's name), the map's size and seed, and the noise settings less
/// those that only weight, count, shape or finish the octaves (the
/// ridged multifractal's weights come from the octaves' noise too).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct NoiseKey {
    algorithm: &'static str,
    exponent: u32,
    seed: u64,
    settings: NoiseSettings,
}

impl NoiseKey {
    pub(crate) fn new(
        algorithm: &'static str,
        exponent: u32,
        seed: u64,
        settings: &NoiseSettings,
    ) -> Self {
        Self {
            algorithm,
            exponent,
            seed,
            settings: NoiseSettings {
                octaves: 0,
                gain: 0.0,
                shape: Shape::Plain,
                ridges: Ridges::default(),
                power: 1.0,
                terraces: 0,
                ..*settings
            },
        }
    }
}

impl KeptOctaves {
    /// Whether the first `summed` octaves of the noise `key` are kept.
    pub(crate) fn serves(&self, key: &NoiseKey, summed: usize) -> bool {
        self.made_for.as_ref() == Some(key) && summed <= self.octaves
    }

    /// Makes room for `octaves` octaves of the noise `key` on `computed`
    /// rows and columns, to be recorded row by row; or, when the sum is not
    /// `plain` (warped or damped) or would not fit, forgets the old ones.
    pub(crate) fn start(&mut self, key: &NoiseKey, octaves: usize, computed: usize, plain: bool) {
        let values = computed * computed * octaves;
        if plain && values <= MAX_KEPT_VALUES {
            self.made_for = Some(key.clone());
            self.octaves = octaves;
            // Every value is written as the rows are recorded, so old
            // ones need not be cleared first (16 MB at 513 × 513).
            self.noise.resize(values, 0.0);
        } else {
            *self = Self::default();
        }
    }

    /// Whether rows are being recorded or can be replayed.
    pub(crate) fn is_kept(&self) -> bool {
        self.made_for.is_some()
    }

    /// Row `y`'s octaves, each `computed` values long.
    pub(crate) fn row(&self, y: usize, computed: usize) -> &[f64] {
        let length = computed * self.octaves;
        &self.noise[y * length..][..length]
    }

    pub(crate) fn row_mut(&mut self, y: usize, computed: usize) -> &mut [f64] {
        let length = computed * self.octaves;
        &mut self.noise[y * length..][..length]
    }

    /// Overwrites every kept noise value with 0, so that a map read from
    /// it shows it.
    #[cfg(test)]
    pub(crate) fn spoil(&mut self) {
        self.noise.fill(0.0);
    }
}
