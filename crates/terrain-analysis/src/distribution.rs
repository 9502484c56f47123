//! How the heights are spread: extremes, mean, standard deviation, the
//! histogram and the hypsometric curve.

/// The extremes and the first two moments of some heights.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moments {
    /// The lowest height.
    pub min: f64,
    /// The highest height.
    pub max: f64,
    /// The mean.
    pub mean: f64,
    /// The population standard deviation.
    pub std: f64,
}

impl Moments {
    /// The moments of `heights` (none: all zero). The variance is the mean
    /// squared distance from the mean, summed after the mean is known, so
    /// a map far from 0 loses no digits to cancellation; the mean is
    /// always within the extremes, and a flat map's spread is 0.
    pub fn of(heights: &[f64]) -> Self {
        spread(heights, 1).0
    }
}

/// The moments of `heights` and their histogram in `bins` equal steps
/// from the lowest to the highest, in two passes over them: the extremes
/// and the sum, then the squared distances from the mean and the bins
/// together (the Analyze panel measures a map at every step of a drag, so
/// each pass over it counts).
pub fn spread(heights: &[f64], bins: usize) -> (Moments, Histogram) {
    if heights.is_empty() {
        let moments = Moments {
            min: 0.0,
            max: 0.0,
            mean: 0.0,
            std: 0.0,
        };
        return (moments, Histogram::of(heights, 0.0, 0.0, bins));
    }
    let count = heights.len() as f64;
    let (mut min, mut max, mut sum) = (f64::INFINITY, f64::NEG_INFINITY, 0.0);
    // Plain comparisons: the heights are finite, and `f64::min`'s rules
    // for NaN cost several instructions a point in WebAssembly.
    for &height in heights {
        if height < min {
            min = height;
        }
        if height > max {
            max = height;
        }
        sum += height;
    }
    let first = sum / count;
    let (mut histogram, binning) = Histogram::empty(min, max, bins);
    // The second pass also sums the distances themselves, which would be
    // 0 but for the first sum's rounding: that corrects the mean and the
    // variance (the corrected two-pass algorithm), so the mean of 16
    // million heights near 1e6 is right to about 1e-10, not 3e-4.
    let (mut squares, mut distances) = (0.0, 0.0);
    for &height in heights {
        let distance = height - first;
        distances += distance;
        squares += distance * distance;
        histogram.counts[binning.bin(height)] += 1;
    }
    let moments = if min == max {
        // Exactly so: a flat map's mean is its height and its spread none.
        Moments {
            min,
            max,
            mean: min,
            std: 0.0,
        }
    } else {
        Moments {
            min,
            max,
            mean: (first + distances / count).clamp(min, max),
            std: ((squares - distances * distances / count) / count)
                .max(0.0)
                .sqrt(),
        }
    };
    (moments, histogram)
}

/// Counts of values in equal steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Histogram {
    /// The bins' edges, one more than the bins, rising: bin `i` holds the
    /// values from `edges[i]` up to (not including) `edges[i + 1]`, and the
    /// last bin its top edge too.
    pub edges: Vec<f64>,
    /// How many values fell in each bin.
    pub counts: Vec<u64>,
}

impl Histogram {
    /// `values` counted in `bins` equal steps from `low` to `high` (values
    /// outside go to the nearest end bin). A flat range (`low == high`)
    /// is widened by a half on each side, so the one height sits in the
    /// middle of the range: inside the middle bin for an odd count, on
    /// the lower edge of the upper middle one (counted there) for an even.
    pub fn of(values: &[f64], low: f64, high: f64, bins: usize) -> Self {
        let (mut histogram, binning) = Self::empty(low, high, bins);
        for &value in values {
            histogram.counts[binning.bin(value)] += 1;
        }
        histogram
    }

    /// A histogram of `bins` equal steps from `low` to `high` with nothing
    /// counted yet (see [`Self::of`]), and the rule that puts a value in
    /// its bin.
    pub fn empty(low: f64, high: f64, bins: usize) -> (Self, Binning) {
        let bins = bins.max(1);
        let (low, high) = if high > low {
            (low, high)
        } else {
            (low - 0.5, low + 0.5)
        };
        let width = (high - low) / bins as f64;
        let edges: Vec<f64> = (0..=bins)
            .map(|index| {
                if index == bins {
                    high
                } else {
                    low + width * index as f64
                }
            })
            .collect();
        let histogram = Self {
            edges,
            counts: vec![0; bins],
        };
        (
            histogram,
            Binning {
                low,
                width,
                last: bins - 1,
            },
        )
    }

    /// For each edge, the share of the counted values (0 to 1) in the bins
    /// from it up: the hypsometric curve when the values are heights. At
    /// edge `i` below the top that is exactly the share at or above it (a
    /// value is in bin `i` or later exactly then); the top edge, which
    /// nothing stands above, gets 0.
    pub fn hypsometric(&self) -> Vec<f64> {
        let total: u64 = self.counts.iter().sum();
        let mut above = total;
        let mut curve = Vec::with_capacity(self.edges.len());
        for &count in &self.counts {
            curve.push(share(above, total));
            above -= count;
        }
        curve.push(share(above, total));
        curve
    }
}

/// Which bin of a [`Histogram`] a value falls in.
#[derive(Debug, Clone, Copy)]
pub struct Binning {
    low: f64,
    width: f64,
    last: usize,
}

impl Binning {
    /// The bin of `value`: values outside the range go to the nearest end
    /// bin.
    pub fn bin(&self, value: f64) -> usize {
        // A float-to-integer `as` saturates, so values below `low` land in
        // bin 0.
        (((value - self.low) / self.width) as usize).min(self.last)
    }
}

fn share(part: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        part as f64 / total as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_known_values() {
        let moments = Moments::of(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!((moments.min, moments.max, moments.mean), (1.0, 4.0, 2.5));
        assert!((moments.std - 1.25f64.sqrt()).abs() < 1e-15);
        // Far from zero, nothing cancels.
        let shifted = Moments::of(&[1e9 + 1.0, 1e9 + 2.0, 1e9 + 3.0, 1e9 + 4.0]);
        assert!((shifted.std - 1.25f64.sqrt()).abs() < 1e-6);
    }

    #[test]
    fn a_flat_map_has_its_height_as_mean_and_no_spread() {
        for (height, count) in [(0.1, 129 * 129), (0.3, 1000), (999_999.7, 1 << 20)] {
            let moments = Moments::of(&vec![height; count]);
            assert_eq!((moments.mean, moments.std), (height, 0.0), "{height}");
        }
        // Nearly flat: plain summation put the mean outside the extremes.
        let nearly: Vec<f64> = (0..129 * 129)
            .map(|index| 0.1 + f64::from(index % 2) * 1e-17)
            .collect();
        let moments = Moments::of(&nearly);
        assert!(moments.min <= moments.mean && moments.mean <= moments.max);
        // Many heights near 1e6: the mean to far better than plain summation.
        let big: Vec<f64> = (0..1 << 22)
            .map(|index| 999_990.0 + f64::from(index % 7))
            .collect();
        let exact = 999_990.0
            + (0..1u64 << 22).map(|index| (index % 7) as f64).sum::<f64>() / (1u64 << 22) as f64;
        assert!((Moments::of(&big).mean - exact).abs() < 1e-9);
    }

    #[test]
    fn every_value_lands_in_one_bin_and_the_curve_falls_from_one() {
        let values: Vec<f64> = (0..100).map(|index| f64::from(index) / 99.0).collect();
        let histogram = Histogram::of(&values, 0.0, 1.0, 4);
        assert_eq!(histogram.edges, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(histogram.counts, vec![25, 25, 25, 25]);
        let curve = histogram.hypsometric();
        assert_eq!(curve[..4], [1.0, 0.75, 0.5, 0.25]);
        assert_eq!(curve[4], 0.0);
        // Counted beside the moments, between the extremes, they are the same.
        let (moments, spread_histogram) = spread(&values, 4);
        assert_eq!((moments.min, moments.max), (0.0, 1.0));
        assert_eq!(spread_histogram, histogram);
        let flat = Histogram::of(&[0.3; 9], 0.3, 0.3, 3);
        assert_eq!(flat.counts, vec![0, 9, 0]);
        assert_eq!(flat.hypsometric()[0], 1.0);
    }
}
