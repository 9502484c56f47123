//! Stretching a picture of any size onto a `2^n + 1` grid.
//!
//! Bilinear interpolation is separable, so each input row is first resampled
//! across to the output width, and output rows are then blended from two
//! resampled input rows. Rows arrive one at a time, so a picture is never
//! held whole: an 8192 x 8192 image costs two rows of memory besides the map.

// Without the `import` feature only `import_exponent` is used: the
// resampler is the importer's.
#![cfg_attr(not(feature = "import"), allow(dead_code))]

use terrain_core::{MAX_EXPONENT, MIN_EXPONENT};

/// The exponent of the heightmap an image of `width` x `height` pixels is
/// resampled to: the `n` in 1 to [`MAX_EXPONENT`] whose side `2^n + 1` is
/// nearest the image's longer side. On a tie the larger map wins, so no
/// detail is thrown away that could have been kept.
///
/// ```
/// use terrain_io::import_exponent;
/// assert_eq!(import_exponent(100, 100), 7); // 129 x 129
/// assert_eq!(import_exponent(1000, 700), 10); // 1025 x 1025
/// ```
pub fn import_exponent(width: u32, height: u32) -> u32 {
    let longest = i64::from(width.max(height));
    // Ties keep the later, larger exponent: `min_by_key` keeps the first of
    // equal keys, so search from the top down.
    (MIN_EXPONENT..=MAX_EXPONENT)
        .rev()
        .min_by_key(|&exponent| ((1i64 << exponent) + 1 - longest).abs())
        .unwrap_or(MAX_EXPONENT)
}

/// Where output sample `index` of `output_len` falls among `input_len` input
/// samples: the input sample at or before it, and the weight of the one
/// after. Exact integer arithmetic, so when `input_len == output_len` every
/// weight is exactly zero and values come through bit for bit.
fn source_position(index: usize, input_len: usize, output_len: usize) -> (usize, f64) {
    let numerator = index as u64 * (input_len as u64 - 1);
    let denominator = output_len as u64 - 1;
    (
        (numerator / denominator) as usize,
        (numerator % denominator) as f64 / denominator as f64,
    )
}

/// Linear interpolation that returns `low` itself at weight zero.
#[inline]
fn mix(low: f64, high: f64, weight: f64) -> f64 {
    if weight == 0.0 {
        low
    } else {
        low + (high - low) * weight
    }
}

/// Resamples a `width` x `height` picture, fed one row at a time, to a
/// `side` x `side` grid.
pub(crate) struct Resampler {
    side: usize,
    height: usize,
    /// For each output column: the input column at or left of it, and the
    /// weight of the one to its right.
    columns: Vec<(usize, f64)>,
    /// The previous input row, already resampled across.
    previous: Vec<f64>,
    /// The current input row, resampled across.
    current: Vec<f64>,
    /// Input rows seen so far.
    rows_in: usize,
    /// The output, row-major; complete once every input row is in.
    output: Vec<f64>,
}

impl Resampler {
    /// A resampler for a picture of at least 2 x 2 pixels onto a grid of at
    /// least 3 x 3.
    pub(crate) fn new(width: usize, height: usize, side: usize) -> Self {
        debug_assert!(width >= 2 && height >= 2 && side >= 3);
        Self {
            side,
            height,
            columns: (0..side)
                .map(|column| source_position(column, width, side))
                .collect(),
            previous: vec![0.0; side],
            current: vec![0.0; side],
            rows_in: 0,
            output: Vec::with_capacity(side * side),
        }
    }

    /// Takes the next input row, `width` values, and writes every output row
    /// that needs nothing further down.
    pub(crate) fn push_row(&mut self, row: &[f64]) {
        std::mem::swap(&mut self.previous, &mut self.current);
        for (resampled, &(column, weight)) in self.current.iter_mut().zip(&self.columns) {
            let low = row.get(column).copied().unwrap_or(0.0);
            *resampled = if weight == 0.0 {
                low
            } else {
                mix(low, row.get(column + 1).copied().unwrap_or(low), weight)
            };
        }
        let row_index = self.rows_in;
        self.rows_in += 1;

        while self.output.len() < self.side * self.side {
            let output_row = self.output.len() / self.side;
            let (input_row, weight) = source_position(output_row, self.height, self.side);
            if weight == 0.0 && input_row == row_index {
                self.output.extend_from_slice(&self.current);
            } else if weight > 0.0 && input_row + 1 == row_index {
                let blended = self
                    .previous
                    .iter()
                    .zip(&self.current)
                    .map(|(&low, &high)| mix(low, high, weight));
                self.output.extend(blended);
            } else {
                break;
            }
        }
    }

    /// The finished grid, row-major, or `None` if fewer than `height` rows
    /// came in.
    pub(crate) fn finish(self) -> Option<Vec<f64>> {
        (self.output.len() == self.side * self.side).then_some(self.output)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resample(width: usize, height: usize, side: usize, pixels: &[f64]) -> Vec<f64> {
        let mut resampler = Resampler::new(width, height, side);
        for row in pixels.chunks(width) {
            resampler.push_row(row);
        }
        resampler.finish().expect("every row given")
    }

    #[test]
    fn sizes_pick_the_nearest_power_of_two_plus_one() {
        let side = |width, height| (1usize << import_exponent(width, height)) + 1;
        assert_eq!(side(2, 2), 3);
        assert_eq!(side(1, 2), 3);
        assert_eq!(side(5, 5), 5);
        assert_eq!(side(100, 100), 129);
        assert_eq!(side(1000, 700), 1025);
        assert_eq!(side(700, 1000), 1025);
        assert_eq!(side(8192, 8192), 4097);
        assert_eq!(side(u32::MAX, 1), 4097);
        assert_eq!(side(600, 600), 513);
        assert_eq!(side(4097, 4097), 4097);
    }

    #[test]
    fn a_tie_between_two_sizes_picks_the_larger() {
        let side = |longest| (1usize << import_exponent(longest, 1)) + 1;
        // 769 is 256 from both 513 and 1025.
        assert_eq!(side(768), 513);
        assert_eq!(side(769), 1025);
        assert_eq!(side(770), 1025);
        // 4 is 1 from both 3 and 5; 7 is 2 from both 5 and 9.
        assert_eq!(side(4), 5);
        assert_eq!(side(7), 9);
    }

    #[test]
    fn source_positions_map_corners_to_corners() {
        assert_eq!(source_position(0, 100, 129), (0, 0.0));
        assert_eq!(source_position(128, 100, 129), (99, 0.0));
        assert_eq!(source_position(64, 101, 129), (50, 0.0));
        assert_eq!(source_position(1, 3, 5), (0, 0.5));
    }

    #[test]
    fn a_grid_already_the_right_size_comes_back_unchanged() {
        let pixels: Vec<f64> = (0..25).map(|index| (index as f64 * 0.37).sin()).collect();
        assert_eq!(resample(5, 5, 5, &pixels), pixels);
    }

    #[test]
    fn two_by_two_interpolates_bilinearly() {
        let grid = resample(2, 2, 3, &[0.0, 1.0, 2.0, 3.0]);
        assert_eq!(grid, vec![0.0, 0.5, 1.0, 1.0, 1.5, 2.0, 2.0, 2.5, 3.0]);
    }

    #[test]
    fn a_wide_picture_is_stretched_to_square() {
        // 4 x 2, a ramp across: value = column.
        let pixels = [0.0, 1.0, 2.0, 3.0, 0.0, 1.0, 2.0, 3.0];
        let grid = resample(4, 2, 5, &pixels);
        for row in grid.chunks(5) {
            assert_eq!(row, &[0.0, 0.75, 1.5, 2.25, 3.0]);
        }
    }

    #[test]
    fn missing_rows_leave_the_grid_unfinished() {
        let mut resampler = Resampler::new(2, 3, 3);
        resampler.push_row(&[0.0, 0.0]);
        resampler.push_row(&[0.0, 0.0]);
        assert!(resampler.finish().is_none());
    }
}
