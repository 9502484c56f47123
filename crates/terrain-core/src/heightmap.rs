//! The square grid of heights every algorithm writes into.

use std::sync::Arc;

use crate::error::Error;
use crate::lanes::Pair;
use crate::limits::{MAX_EXPONENT, MIN_EXPONENT};

/// How many heights [`Heightmap::from_heights`] checks at a time.
const FINITE_BLOCK: usize = 1024;

/// A square heightmap, `2^exponent + 1` points on a side, row-major.
///
/// A clone shares the heights until one of the two maps changes, which
/// then copies them: a 4097 x 4097 map is 134 MB, and a page hands the
/// map on show to a worker, an export or erosion without copying it first.
/// (Shared through an `Arc`, so a map can still go to another thread.)
#[derive(Debug, Clone, PartialEq)]
pub struct Heightmap {
    exponent: u32,
    side: usize,
    heights: Arc<Vec<f64>>,
}

impl Default for Heightmap {
    /// The smallest map, 3 x 3, flat at 0: a placeholder until a real one
    /// is made.
    fn default() -> Self {
        Self::zeroed(MIN_EXPONENT)
    }
}

/// [`Heightmap::fingerprint`] of `heights`, whatever their number: a
/// 64-bit FNV-1a hash of every height's bit pattern.
pub fn fingerprint(heights: &[f64]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in heights
        .iter()
        .flat_map(|height| height.to_bits().to_le_bytes())
    {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

impl Heightmap {
    /// A map of zeros.
    pub fn new(exponent: u32) -> Result<Self, Error> {
        let side = side_for(exponent)?;
        Ok(Self {
            exponent,
            side,
            heights: Arc::new(vec![0.0; side * side]),
        })
    }

    /// A map made from existing heights, which must number `(2^exponent + 1)^2`
    /// and all be finite.
    pub fn from_heights(exponent: u32, heights: Vec<f64>) -> Result<Self, Error> {
        let side = side_for(exponent)?;
        if heights.len() != side * side {
            return Err(Error::WrongSize {
                expected: side * side,
                actual: heights.len(),
            });
        }
        // Checked a block at a time, with no branch per height inside a
        // block (2.5 times as fast in WebAssembly as stopping at the first
        // bad one): a huge map is 16.8 million heights, and this runs on
        // the page as one arrives.
        let finite = |block: &[f64]| block.iter().fold(true, |all, h| all & h.is_finite());
        if let Some(block) = heights
            .chunks(FINITE_BLOCK)
            .position(|block| !finite(block))
        {
            let start = block * FINITE_BLOCK;
            let index = start
                + heights[start..]
                    .iter()
                    .position(|h| !h.is_finite())
                    .unwrap_or(0);
            return Err(Error::NotFinite { index });
        }
        Ok(Self {
            exponent,
            side,
            heights: Arc::new(heights),
        })
    }

    /// A map of zeros for an exponent already validated by [`crate::Params`].
    pub(crate) fn zeroed(exponent: u32) -> Self {
        debug_assert!((MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent));
        let side = (1usize << exponent) + 1;
        Self {
            exponent,
            side,
            heights: Arc::new(vec![0.0; side * side]),
        }
    }

    /// A map of `heights` already made, `(2^exponent + 1)^2` of them, for
    /// an exponent already validated.
    pub(crate) fn of_heights(exponent: u32, heights: Vec<f64>) -> Self {
        debug_assert!((MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent));
        let side = (1usize << exponent) + 1;
        debug_assert_eq!(heights.len(), side * side);
        Self {
            exponent,
            side,
            heights: Arc::new(heights),
        }
    }

    /// The `n` in `2^n + 1`.
    pub fn exponent(&self) -> u32 {
        self.exponent
    }

    /// Points on a side: `2^exponent + 1`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The index of the last row and of the last column: `2^exponent`.
    pub fn last(&self) -> usize {
        self.side - 1
    }

    /// The buffer index of point `(x, y)`.
    #[inline]
    pub fn index(&self, x: usize, y: usize) -> usize {
        debug_assert!(
            x < self.side && y < self.side,
            "({x}, {y}) is outside the map"
        );
        y * self.side + x
    }

    /// The height at `(x, y)`.
    ///
    /// # Panics
    /// If the point is outside the map.
    #[inline]
    pub fn get(&self, x: usize, y: usize) -> f64 {
        self.heights[self.index(x, y)]
    }

    /// Sets the height at `(x, y)`.
    ///
    /// # Panics
    /// If the point is outside the map.
    #[inline]
    pub fn set(&mut self, x: usize, y: usize, height: f64) {
        let index = self.index(x, y);
        self.heights_mut()[index] = height;
    }

    /// All heights, row-major.
    pub fn heights(&self) -> &[f64] {
        &self.heights
    }

    /// All heights, row-major, for algorithms that index the buffer
    /// directly; copied first if a clone shares them.
    pub fn heights_mut(&mut self) -> &mut [f64] {
        Arc::make_mut(&mut self.heights).as_mut_slice()
    }

    /// Row `y` to write, between the rows `distance` above and below it to
    /// read: the shape of every subdivision step's inner loop. Both rows
    /// must be inside the map.
    pub(crate) fn rows_around(
        &mut self,
        y: usize,
        distance: usize,
    ) -> (&[f64], &mut [f64], &[f64]) {
        let side = self.side;
        let (before, from_row) = self.heights_mut().split_at_mut(y * side);
        let above = &before[(y - distance) * side..][..side];
        let (row, after) = from_row.split_at_mut(side);
        let below = &after[(distance - 1) * side..][..side];
        (above, row, below)
    }

    /// The buffer, for handing to another owner: without a copy unless a
    /// clone shares it.
    pub fn into_heights(self) -> Vec<f64> {
        Arc::try_unwrap(self.heights).unwrap_or_else(|shared| shared.to_vec())
    }

    /// A 64-bit FNV-1a hash of every height's bit pattern: equal maps have
    /// equal fingerprints, and any changed bit almost surely changes it.
    /// Tests and shared links use it to compare maps exactly.
    pub fn fingerprint(&self) -> u64 {
        fingerprint(&self.heights)
    }

    /// The lowest and highest heights.
    pub fn min_max(&self) -> (f64, f64) {
        let mut extent = Extent::EMPTY;
        for &height in self.heights.iter() {
            extent.include(height);
        }
        (extent.low, extent.high)
    }

    /// Stretches or squeezes the heights so they span exactly `[0, 1]`: the
    /// lowest point becomes 0.0 and the highest exactly 1.0.
    ///
    /// A flat map has no span to divide by; it becomes flat at 0.
    pub fn normalize(&mut self) {
        let (low, high) = self.min_max();
        self.normalize_within(low, high);
    }

    /// [`Heightmap::normalize`] for a map whose lowest and highest heights
    /// are already known (generators track them as they write, which saves
    /// a pass over the map).
    ///
    /// Multiplying by the span's reciprocal is several times faster than
    /// dividing by the span, but can land the highest point a hair below 1;
    /// so the highest heights are set to 1.0 outright, and anything rounding
    /// a hair above 1 is held at 1. Plain comparisons rather than `f64::min`
    /// (whose NaN rules cost several instructions in WebAssembly): heights
    /// are always finite.
    pub(crate) fn normalize_within(&mut self, low: f64, high: f64) {
        normalize_heights(self.heights_mut(), low, high);
    }

    /// [`Heightmap::normalize_within`] a band of rows at a time, calling
    /// `progress` with the share done after each band (a huge map takes
    /// tens of milliseconds); the same heights to the bit.
    pub(crate) fn normalize_within_reporting(
        &mut self,
        low: f64,
        high: f64,
        progress: &mut dyn FnMut(f64),
    ) {
        const ROWS_AT_ONCE: usize = 64;
        let points = self.heights.len();
        let band = self.side * ROWS_AT_ONCE;
        for (index, rows) in self.heights_mut().chunks_mut(band).enumerate() {
            normalize_heights(rows, low, high);
            progress((index * band + rows.len()) as f64 / points as f64);
        }
    }
}

/// [`Heightmap::normalize_within`] on any run of heights: each height's
/// result depends only on it, `low` and `high`, so a map normalized a band
/// of rows at a time is the same to the bit.
pub(crate) fn normalize_heights(heights: &mut [f64], low: f64, high: f64) {
    let span = high - low;
    let scale = 1.0 / span;
    if !(low.is_finite() && high > low && high.is_finite()) {
        heights.fill(0.0);
        return;
    }
    if !(span.is_finite() && scale.is_finite()) {
        normalize_extreme_span(heights, low, high);
        return;
    }
    let normalized = |height: f64| {
        let scaled = (height - low) * scale;
        if height == high || scaled > 1.0 {
            1.0
        } else {
            scaled
        }
    };
    // Two heights at a time (one SIMD register in WebAssembly), each lane
    // through the same operations as `normalized`: `scaled > 1` becomes
    // the lane minimum with 1, which picks 1 exactly when it is below
    // `scaled`.
    let (low_lanes, scale_lanes, one) = (Pair::splat(low), Pair::splat(scale), Pair::splat(1.0));
    let high_lanes = Pair::splat(high);
    let mut pairs = heights.chunks_exact_mut(2);
    for pair in &mut pairs {
        let lanes = Pair::new(pair[0], pair[1]);
        let scaled = ((lanes - low_lanes) * scale_lanes).min_with(one);
        [pair[0], pair[1]] = Pair::if_equal(lanes, high_lanes, one, scaled).lanes();
    }
    for height in pairs.into_remainder() {
        *height = normalized(*height);
    }
}

/// [`normalize_heights`] for spans no generator makes but a caller's
/// heights may: one too small for its reciprocal (below about 5.6e-309,
/// whose reciprocal is infinite, so the lowest height would become 0 × ∞,
/// NaN) or too large to be a number (-1e308 to 1e308). Dividing, by the
/// span or by half of it with half of each height, keeps every step
/// finite.
#[cold]
fn normalize_extreme_span(heights: &mut [f64], low: f64, high: f64) {
    let span = high - low;
    let halved = !span.is_finite();
    let (low, span) = if halved {
        (low * 0.5, high * 0.5 - low * 0.5)
    } else {
        (low, span)
    };
    for height in heights {
        let above = if halved { *height * 0.5 } else { *height } - low;
        *height = if *height == high {
            1.0
        } else {
            (above / span).min(1.0)
        };
    }
}

/// The lowest and highest of the heights seen so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Extent {
    /// The lowest height.
    pub low: f64,
    /// The highest height.
    pub high: f64,
}

impl Extent {
    /// Nothing seen yet.
    pub const EMPTY: Extent = Extent {
        low: f64::INFINITY,
        high: f64::NEG_INFINITY,
    };

    /// The range of `map`'s four corners.
    pub fn of_corners(map: &Heightmap) -> Extent {
        let last = map.last();
        let mut extent = Extent::EMPTY;
        for (x, y) in [(0, 0), (last, 0), (0, last), (last, last)] {
            extent.include(map.get(x, y));
        }
        extent
    }

    /// Takes one more height into account.
    #[inline]
    pub fn include(&mut self, height: f64) {
        if height < self.low {
            self.low = height;
        }
        if height > self.high {
            self.high = height;
        }
    }
}

/// `2^exponent + 1`, or the error naming the allowed exponents.
fn side_for(exponent: u32) -> Result<usize, Error> {
    if (MIN_EXPONENT..=MAX_EXPONENT).contains(&exponent) {
        Ok((1usize << exponent) + 1)
    } else {
        Err(Error::InvalidExponent { exponent })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_a_power_of_two_plus_one() {
        for (exponent, side) in [(1, 3), (2, 5), (3, 9), (8, 257), (12, 4097)] {
            let map = Heightmap::new(exponent).expect("valid exponent");
            assert_eq!(map.side(), side);
            assert_eq!(map.last(), side - 1);
            assert_eq!(map.heights().len(), side * side);
        }
    }

    #[test]
    fn exponents_outside_the_range_are_refused_with_the_range() {
        for exponent in [0, 13, 40, u32::MAX] {
            let error = Heightmap::new(exponent).expect_err("out of range");
            let message = error.to_string();
            assert!(message.contains("exponent"), "{message}");
            assert!(message.contains(&exponent.to_string()), "{message}");
            assert!(message.contains("1 to 12"), "{message}");
        }
    }

    #[test]
    fn storage_is_row_major() {
        let mut map = Heightmap::new(1).expect("valid exponent");
        map.set(2, 0, 1.0);
        map.set(0, 1, 2.0);
        assert_eq!(
            map.heights(),
            &[0.0, 0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        );
        assert_eq!(map.get(2, 0), 1.0);
        assert_eq!(map.index(1, 2), 7);
    }

    #[test]
    fn normalize_spans_zero_to_one() {
        let mut map =
            Heightmap::from_heights(1, vec![-2.0, 0.0, 2.0, 1.0, 1.0, 1.0, 6.0, -2.0, 0.0])
                .expect("valid heights");
        map.normalize();
        assert_eq!(map.min_max(), (0.0, 1.0));
        assert_eq!(map.get(1, 0), 0.25);
        assert_eq!(map.get(0, 2), 1.0);
    }

    #[test]
    fn normalize_hits_both_ends_exactly() {
        // 0.1 + 0.2 - 0.1 is not 0.2 in binary: spans like this are where
        // multiplying by a reciprocal lands a hair below 1.
        for span_end in [0.3, 0.1 + 0.2, 1.0 / 3.0, 7e-9, 1e300] {
            let mut map =
                Heightmap::from_heights(1, vec![0.1, span_end, 0.2, 0.15, 0.1, 0.1, 0.1, 0.1, 0.1])
                    .expect("valid heights");
            map.normalize();
            assert_eq!(map.min_max(), (0.0, 1.0), "span end {span_end}");
        }
    }

    #[test]
    fn normalize_takes_spans_too_small_to_invert_and_too_large_to_hold() {
        // 1e-310 is subnormal: its reciprocal is infinite. -1e308 to 1e308
        // spans more than a double holds.
        for (low, high) in [
            (0.0, 1e-310),
            (1e-300, 1e-300 + 1e-310),
            (-1e308, 1e308),
            (-f64::MAX, f64::MAX),
        ] {
            let middle = low * 0.5 + high * 0.5;
            let mut map =
                Heightmap::from_heights(1, vec![low, high, middle, low, low, high, low, low, low])
                    .expect("valid heights");
            map.normalize();
            let heights = map.heights();
            assert_eq!(map.min_max(), (0.0, 1.0), "{low} to {high}: {heights:?}");
            assert!(
                (heights[2] - 0.5).abs() < 1e-6 || high - low < 1e-299,
                "the middle is halfway, {low} to {high}: {heights:?}"
            );
        }
    }

    #[test]
    fn normalize_leaves_a_flat_map_flat_instead_of_dividing_by_zero() {
        let mut map = Heightmap::from_heights(1, vec![0.7; 9]).expect("valid heights");
        map.normalize();
        assert!(map.heights().iter().all(|&height| height == 0.0));
    }

    #[test]
    fn a_clone_shares_the_heights_until_one_map_changes() {
        let mut map = Heightmap::zeroed(4);
        map.set(3, 2, 0.5);
        let kept = map.clone();
        assert_eq!(kept.heights().as_ptr(), map.heights().as_ptr(), "no copy");
        map.set(3, 2, 0.75);
        assert_ne!(kept.heights().as_ptr(), map.heights().as_ptr());
        assert_eq!((kept.get(3, 2), map.get(3, 2)), (0.5, 0.75));
        // Each map now has its heights to itself: changes copy nothing more,
        // and the buffer is handed on as it is.
        let own = map.heights().as_ptr();
        map.heights_mut()[0] = 1.0;
        map.normalize();
        assert_eq!(map.heights().as_ptr(), own);
        let copied = map.clone().into_heights();
        assert_ne!(copied.as_ptr(), own, "a shared buffer is copied out");
        let handed = map.into_heights();
        assert_eq!((handed.as_ptr(), handed), (own, copied));
        assert_eq!(kept.get(0, 0), 0.0, "the clone never saw the changes");
        // A map still goes to another thread, and is shared between them.
        fn threads_take<T: Send + Sync>(_: &T) {}
        threads_take(&kept);
    }

    #[test]
    fn from_heights_checks_size_and_finiteness() {
        assert!(matches!(
            Heightmap::from_heights(1, vec![0.0; 8]),
            Err(Error::WrongSize {
                expected: 9,
                actual: 8
            })
        ));
        let mut heights = vec![0.0; 9];
        heights[4] = f64::NAN;
        assert!(matches!(
            Heightmap::from_heights(1, heights),
            Err(Error::NotFinite { index: 4 })
        ));
    }

    #[test]
    fn the_first_bad_height_is_found_in_any_block() {
        let side = 129; // 16 641 heights: blocks of 1 024 and a short last one
        for index in [0, 1023, 1024, 5000, side * side - 1] {
            for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
                let mut heights = vec![0.5; side * side];
                heights[index] = bad;
                // A later bad height does not hide the first.
                heights[side * side - 1] = f64::NAN;
                assert!(
                    matches!(
                        Heightmap::from_heights(7, heights),
                        Err(Error::NotFinite { index: found }) if found == index
                    ),
                    "{bad} at {index}"
                );
            }
        }
        assert!(Heightmap::from_heights(7, vec![1e300; side * side]).is_ok());
    }
}
