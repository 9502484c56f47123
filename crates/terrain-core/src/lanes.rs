//! Two numbers at once: the lanes the noise kernels are written over.
//!
//! A kernel written over [`Lane`] runs on one `f64` (a point sampler) or on
//! a [`Pair`] (two rows of a map at once) with the very same operations in
//! the same order. In a WebAssembly build with SIMD (`target_feature =
//! "simd128"`, which `.cargo/config.toml` turns on), a pair is one 128-bit
//! register and each operation one instruction; everywhere else it is a
//! plain two-element array, operated on lane by lane, so native tests run
//! the same kernels. Either way each lane is rounded exactly as the scalar
//! operation would round it: IEEE 754 fixes `+`, `−`, `×` and comparisons,
//! WebAssembly's SIMD has no fused multiply-add in its standard set, and
//! Rust never fuses on its own. So a pair's lanes are the scalar results,
//! bit for bit, on every machine.

use core::ops::{Add, Mul, Sub};

/// Arithmetic the kernels need, on one number or on a [`Pair`].
pub(crate) trait Lane:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self>
{
}

impl Lane for f64 {}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod pair {
    use core::arch::wasm32::{
        f64x2, f64x2_add, f64x2_eq, f64x2_extract_lane, f64x2_mul, f64x2_pmax, f64x2_pmin,
        f64x2_splat, f64x2_sub, v128, v128_bitselect,
    };

    /// Two `f64` lanes in one SIMD register.
    #[derive(Clone, Copy)]
    pub(crate) struct Pair(v128);

    impl Pair {
        /// The lanes `first` and `second`.
        #[inline(always)]
        pub(crate) fn new(first: f64, second: f64) -> Self {
            Self(f64x2(first, second))
        }

        /// `value` in both lanes.
        #[inline(always)]
        pub(crate) fn splat(value: f64) -> Self {
            Self(f64x2_splat(value))
        }

        /// Both lanes, first first.
        #[inline(always)]
        pub(crate) fn lanes(self) -> [f64; 2] {
            [
                f64x2_extract_lane::<0>(self.0),
                f64x2_extract_lane::<1>(self.0),
            ]
        }

        /// Each lane of `other` where it is below this one's:
        /// `if other < self { other } else { self }`.
        #[inline(always)]
        pub(crate) fn min_with(self, other: Self) -> Self {
            // pmin(a, b) is `if b < a { b } else { a }`.
            Self(f64x2_pmin(self.0, other.0))
        }

        /// Each lane of `other` where it is above this one's:
        /// `if other > self { other } else { self }`.
        #[inline(always)]
        pub(crate) fn max_with(self, other: Self) -> Self {
            Self(f64x2_pmax(self.0, other.0))
        }

        /// Each lane of `then` where `left` equals `right`, else of
        /// `otherwise`: `if left == right { then } else { otherwise }`.
        #[inline(always)]
        pub(crate) fn if_equal(left: Self, right: Self, then: Self, otherwise: Self) -> Self {
            Self(v128_bitselect(
                then.0,
                otherwise.0,
                f64x2_eq(left.0, right.0),
            ))
        }

        #[inline(always)]
        pub(super) fn add(self, other: Self) -> Self {
            Self(f64x2_add(self.0, other.0))
        }

        #[inline(always)]
        pub(super) fn sub(self, other: Self) -> Self {
            Self(f64x2_sub(self.0, other.0))
        }

        #[inline(always)]
        pub(super) fn mul(self, other: Self) -> Self {
            Self(f64x2_mul(self.0, other.0))
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod pair {
    /// Two `f64` lanes, operated on one after the other.
    #[derive(Clone, Copy)]
    pub(crate) struct Pair([f64; 2]);

    impl Pair {
        /// The lanes `first` and `second`.
        #[inline(always)]
        pub(crate) fn new(first: f64, second: f64) -> Self {
            Self([first, second])
        }

        /// `value` in both lanes.
        #[inline(always)]
        pub(crate) fn splat(value: f64) -> Self {
            Self([value, value])
        }

        /// Both lanes, first first.
        #[inline(always)]
        pub(crate) fn lanes(self) -> [f64; 2] {
            self.0
        }

        /// Each lane of `other` where it is below this one's:
        /// `if other < self { other } else { self }`.
        #[inline(always)]
        pub(crate) fn min_with(self, other: Self) -> Self {
            self.zip(other, |mine, other| if other < mine { other } else { mine })
        }

        /// Each lane of `other` where it is above this one's:
        /// `if other > self { other } else { self }`.
        #[inline(always)]
        pub(crate) fn max_with(self, other: Self) -> Self {
            self.zip(other, |mine, other| if other > mine { other } else { mine })
        }

        /// Each lane of `then` where `left` equals `right`, else of
        /// `otherwise`: `if left == right { then } else { otherwise }`.
        #[inline(always)]
        pub(crate) fn if_equal(left: Self, right: Self, then: Self, otherwise: Self) -> Self {
            let lane = |index: usize| {
                if left.0[index] == right.0[index] {
                    then.0[index]
                } else {
                    otherwise.0[index]
                }
            };
            Self([lane(0), lane(1)])
        }

        #[inline(always)]
        fn zip(self, other: Self, operation: impl Fn(f64, f64) -> f64) -> Self {
            let ([a, b], [c, d]) = (self.0, other.0);
            Self([operation(a, c), operation(b, d)])
        }

        #[inline(always)]
        pub(super) fn add(self, other: Self) -> Self {
            self.zip(other, |a, b| a + b)
        }

        #[inline(always)]
        pub(super) fn sub(self, other: Self) -> Self {
            self.zip(other, |a, b| a - b)
        }

        #[inline(always)]
        pub(super) fn mul(self, other: Self) -> Self {
            self.zip(other, |a, b| a * b)
        }
    }
}

pub(crate) use pair::Pair;

impl Pair {
    /// The first lane.
    #[inline(always)]
    pub(crate) fn first(self) -> f64 {
        self.lanes()[0]
    }

    /// The second lane.
    #[inline(always)]
    pub(crate) fn second(self) -> f64 {
        self.lanes()[1]
    }

    /// Lane `index`: the first for 0, else the second. A choice between
    /// the two, not `lanes()[index]`, which WebAssembly reads through
    /// memory (the pair stored, one lane loaded back).
    #[inline(always)]
    pub(crate) fn lane(self, index: usize) -> f64 {
        if index == 0 {
            self.first()
        } else {
            self.second()
        }
    }

    /// Each lane through `operation`, one at a time: for what has no SIMD
    /// form.
    #[inline(always)]
    pub(crate) fn map(self, operation: impl Fn(f64) -> f64) -> Self {
        let [first, second] = self.lanes();
        Self::new(operation(first), operation(second))
    }
}

impl Default for Pair {
    fn default() -> Self {
        Self::splat(0.0)
    }
}

impl core::fmt::Debug for Pair {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter.debug_tuple("Pair").field(&self.lanes()).finish()
    }
}

impl Add for Pair {
    type Output = Self;
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        Pair::add(self, other)
    }
}

impl Sub for Pair {
    type Output = Self;
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Pair::sub(self, other)
    }
}

impl Mul for Pair {
    type Output = Self;
    #[inline(always)]
    fn mul(self, other: Self) -> Self {
        Pair::mul(self, other)
    }
}

impl Lane for Pair {}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers whose sums, differences and products round: every lane must
    /// round as the scalar operation does.
    const AWKWARD: [f64; 8] = [
        0.1,
        -0.7,
        1.0 / 3.0,
        1e-300,
        -2.5e300,
        5e-324,
        -0.0,
        0.999_999_999_999_999_9,
    ];

    #[test]
    fn each_lane_is_the_scalar_operation_bit_for_bit() {
        let bits = |value: f64| value.to_bits();
        for &a in &AWKWARD {
            for &b in &AWKWARD {
                let (x, y) = (Pair::new(a, b), Pair::new(b, a));
                for (pair, scalar) in [
                    (x + y, [a + b, b + a]),
                    (x - y, [a - b, b - a]),
                    (x * y, [a * b, b * a]),
                    (x.map(|v| v * 3.0), [a * 3.0, b * 3.0]),
                    (
                        x.min_with(y),
                        [if b < a { b } else { a }, if a < b { a } else { b }],
                    ),
                    (
                        x.max_with(y),
                        [if b > a { b } else { a }, if a > b { a } else { b }],
                    ),
                    (
                        Pair::if_equal(x, Pair::new(a, a), y, x),
                        [b, if b == a { a } else { b }],
                    ),
                ] {
                    assert_eq!(pair.lanes().map(bits), scalar.map(bits), "{a} {b}");
                }
            }
        }
        assert_eq!(Pair::splat(2.0).lanes(), [2.0, 2.0]);
        assert_eq!(Pair::default().first(), 0.0);
        let pair = Pair::new(1.0, 2.0);
        assert_eq!([pair.first(), pair.second()], [1.0, 2.0]);
        assert_eq!([pair.lane(0), pair.lane(1)], [1.0, 2.0]);
    }
}
