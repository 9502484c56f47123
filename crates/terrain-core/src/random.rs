//! The one source of randomness: SplitMix64, read in counter mode.
//!
//! SplitMix64 (Steele, Lea and Flood, 2014) advances a 64-bit state by a fixed
//! odd constant and scrambles it. Because the state after `k` steps is simply
//! `seed + k * GAMMA`, output `k` can be computed directly, without running
//! the `k - 1` outputs before it.
//!
//! We use that to give each point of a heightmap its own fixed random number:
//! **point `i` (its row-major index) draws output `i` of the seed's stream**.
//! Consequences worth having:
//!
//! - the map depends only on the algorithm, its parameters and the seed, never
//!   on the order in which an implementation visits points, so a faster
//!   traversal can never change a map;
//! - every stage before `done` is exactly a prefix of the finished map,
//!   which `done` then only rescales (the demos and the pass-by-pass
//!   scrubber rely on this);
//! - the same seed gives the same corners to every algorithm, which makes
//!   side-by-side comparisons fair.
//!
//! A point is set once per algorithm, so no point ever needs two draws.
//! The test below checks this reading against `rand_xoshiro`'s SplitMix64.

/// The increment SplitMix64 adds to its state at every step (2^64 / phi).
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// Seeded random numbers addressed by point index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointRandom {
    seed: u64,
}

impl PointRandom {
    /// The stream for `seed`. Every `u64` is a valid seed.
    pub const fn new(seed: u64) -> Self {
        Self { seed }
    }

    /// The seed this stream was made from.
    pub const fn seed(self) -> u64 {
        self.seed
    }

    /// Output number `index` (from 0) of SplitMix64 seeded with `seed`.
    #[inline]
    pub const fn bits(self, index: usize) -> u64 {
        mix(self.state(index))
    }

    /// SplitMix64's state just before it outputs number `index`.
    #[inline]
    const fn state(self, index: usize) -> u64 {
        self.seed
            .wrapping_add((index as u64).wrapping_add(1).wrapping_mul(GAMMA))
    }

    /// The jitters of the points `first`, `first + step`, `first + 2 step`,
    /// ... in turn: the same numbers as [`PointRandom::jitter`], but walking
    /// the state by additions instead of working out each point's from
    /// scratch, for loops that visit a row's points in order.
    #[inline]
    pub(crate) fn row(self, first: usize, step: usize) -> RowRandom {
        RowRandom {
            state: self.state(first),
            increment: (step as u64).wrapping_mul(GAMMA),
        }
    }

    /// A uniform number in `[0, 1)` for point `index`: the top 53 bits of its
    /// output, so every representable multiple of 2^-53 is equally likely.
    #[inline]
    pub fn unit(self, index: usize) -> f64 {
        unit_of(self.bits(index))
    }

    /// A uniform offset in `[-spread, spread)` for point `index`.
    #[inline]
    pub fn jitter(self, index: usize, spread: f64) -> f64 {
        jitter_of(self.bits(index), spread)
    }
}

/// Walks SplitMix64's state along evenly spaced points (see
/// [`PointRandom::row`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowRandom {
    state: u64,
    increment: u64,
}

impl RowRandom {
    /// The next point's uniform number in `[0, 1)`: [`PointRandom::unit`]'s.
    #[inline]
    pub(crate) fn next_unit(&mut self) -> f64 {
        let bits = mix(self.state);
        self.state = self.state.wrapping_add(self.increment);
        unit_of(bits)
    }

    /// The next point's jitter in `[-spread, spread)`.
    #[inline]
    pub(crate) fn next_jitter(&mut self, spread: f64) -> f64 {
        let bits = mix(self.state);
        self.state = self.state.wrapping_add(self.increment);
        jitter_of(bits, spread)
    }
}

/// SplitMix64's output function: scrambles a state into 64 random bits.
#[inline]
const fn mix(state: u64) -> u64 {
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The top 53 of 64 random bits as a number in `[0, 1)`.
#[inline]
fn unit_of(bits: u64) -> f64 {
    const SCALE: f64 = 1.0 / (1u64 << 53) as f64;
    // 53 bits fit a signed integer, and WebAssembly converts signed
    // integers to floats in one instruction (unsigned takes several).
    ((bits >> 11) as i64) as f64 * SCALE
}

#[inline]
fn jitter_of(bits: u64, spread: f64) -> f64 {
    (2.0 * unit_of(bits) - 1.0) * spread
}

// Uses proptest and rand_xoshiro, native-only dev-dependencies.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use rand_xoshiro::SplitMix64;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};

    #[test]
    fn counter_mode_reads_the_reference_splitmix64_stream() {
        for seed in [0, 1, 42, 1_477_776_061_723_855_037, u64::MAX] {
            let mut reference = SplitMix64::seed_from_u64(seed);
            let ours = PointRandom::new(seed);
            for index in 0..2000 {
                assert_eq!(
                    ours.bits(index),
                    reference.next_u64(),
                    "seed {seed}, output {index}"
                );
            }
        }
    }

    #[test]
    fn a_row_walk_gives_each_points_own_jitter_and_unit() {
        for seed in [77, u64::MAX] {
            let random = PointRandom::new(seed);
            for (first, step) in [(0, 1), (5, 2), (1000, 64), (3, 4096)] {
                let (mut jitters, mut units) = (random.row(first, step), random.row(first, step));
                for k in 0..500 {
                    let index = first + k * step;
                    let message = format!("seed {seed}, {first} {step} {k}");
                    assert_eq!(
                        jitters.next_jitter(0.3),
                        random.jitter(index, 0.3),
                        "{message}"
                    );
                    assert_eq!(units.next_unit(), random.unit(index), "{message}");
                }
            }
        }
    }

    #[test]
    fn unit_values_stay_in_the_half_open_interval() {
        let random = PointRandom::new(9);
        for index in 0..100_000 {
            let value = random.unit(index);
            assert!((0.0..1.0).contains(&value), "{value}");
        }
    }

    #[test]
    fn unit_values_are_roughly_uniform() {
        let random = PointRandom::new(2016);
        let mut buckets = [0u32; 10];
        let samples = 100_000;
        for index in 0..samples {
            buckets[(random.unit(index) * 10.0) as usize] += 1;
        }
        for count in buckets {
            // Expected 10 000 per bucket; 5 sigma is about 475.
            assert!((9_500..=10_500).contains(&count), "{buckets:?}");
        }
    }

    #[test]
    fn jitter_is_bounded_by_the_spread_and_centred() {
        let random = PointRandom::new(5);
        let mut sum = 0.0;
        for index in 0..50_000 {
            let offset = random.jitter(index, 0.3);
            assert!((-0.3..0.3).contains(&offset));
            sum += offset;
        }
        assert!((sum / 50_000.0).abs() < 0.01);
        assert_eq!(random.jitter(17, 0.0), 0.0);
    }
}
