//! Measures of a heightmap: what a reader can hold one map against another
//! with.
//!
//! A map is a [`Heightmap`]: square, `2^n + 1` points on a side, row-major,
//! point `(x, y)` at `y * side + x`, every height finite (the type holds
//! that). [`analyze`] measures one:
//!
//! | part | module | what it says |
//! |---|---|---|
//! | `min`, `max`, `mean`, `std`, [`Histogram`], hypsometric curve | [`distribution`] | how the heights are spread |
//! | [`Spectrum`] and its fitted slope | [`spectrum`] | how much of the relief each scale holds |
//! | [`SlopeSummary`], `roughness` | [`relief`] | how steep the surface is drawn, and how rough at the finest scale |
//!
//! [`relief`] also has the fields the measuring palettes colour by: slope
//! in degrees, curvature and flow accumulation (the rivers' own, shared
//! with the core's erosion: [`terrain_core::erosion::flow`]).
//!
//! This crate is pure like the core (no web, no clock, no randomness); it
//! depends on the core and on `realfft` (over `rustfft`) for the Fourier
//! transform. Bad options are refused with the core's [`Error`], whose
//! message names the option, the value and what is allowed.

pub mod distribution;
pub mod relief;
pub mod spectrum;

pub use distribution::Histogram;
pub use relief::SlopeSummary;
pub use spectrum::Spectrum;

use terrain_core::spec::{Kind, Spec, Surfaces, Value};
use terrain_core::{Error, Heightmap};

/// How many bins the height histogram has, unless told.
pub const DEFAULT_BINS: usize = 64;

/// The most bins a histogram may have.
pub const MAX_BINS: usize = 4096;

/// Where the analysis options are read: only by `analyze()` (none of
/// the surfaces a map or display setting has).
const ANALYZE_ONLY: Surfaces = Surfaces {
    attribute: false,
    url: false,
    generate: false,
    erode: false,
    control: false,
};

/// The histogram's bin count, as options and messages name it.
pub static BINS: Spec = Spec {
    label: "bins",
    title: "Histogram bins",
    option: "bins",
    attribute: "data-bins",
    help: "1 to 4096 bins between the lowest and the highest height",
    kind: Kind::Whole {
        min: 1,
        max: MAX_BINS as u64,
    },
    step: 1.0,
    surfaces: ANALYZE_ONLY,
};

/// The relief the slopes are measured at, as options and messages name it.
pub static RELIEF: Spec = Spec {
    label: "relief",
    title: "Relief",
    option: "relief",
    attribute: "data-relief",
    help: "0.1 to 2: how tall heights are drawn (1: a height of 1 stands half as tall as the map is wide)",
    kind: Kind::Number { min: 0.1, max: 2.0 },
    step: 0.1,
    surfaces: ANALYZE_ONLY,
};

/// The options of [`analyze`], each in its range ([`Options::new`] checks).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Options {
    bins: usize,
    relief: f64,
    mean_slope: bool,
}

impl Default for Options {
    /// 64 bins, relief 1 (the site's 3D view as first drawn).
    fn default() -> Self {
        Self {
            bins: DEFAULT_BINS,
            relief: 1.0,
            mean_slope: true,
        }
    }
}

impl Options {
    /// Options with `bins` histogram bins (1 to 4096), slopes measured at
    /// `relief` (0.1 to 2, as the view's setting).
    pub fn new(bins: u64, relief: f64) -> Result<Self, Error> {
        for (spec, value) in [
            (&BINS, Value::Whole(bins)),
            (&RELIEF, Value::Number(relief)),
        ] {
            spec.check(&value)
                .map_err(|refusal| Error::refused(spec, refusal))?;
        }
        Ok(Self {
            bins: bins as usize,
            relief,
            mean_slope: true,
        })
    }

    /// These options, leaving out the mean slope (an arctangent at every
    /// point, the dearest of the per-point sums): what the Analyze panel,
    /// which does not show it, measures at every step of a drag.
    pub fn without_mean_slope(self) -> Self {
        Self {
            mean_slope: false,
            ..self
        }
    }

    /// The histogram's bin count.
    pub fn bins(&self) -> usize {
        self.bins
    }

    /// The relief slopes are measured at.
    pub fn relief(&self) -> f64 {
        self.relief
    }
}

/// Everything [`analyze`] measures of one map.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The lowest height.
    pub min: f64,
    /// The highest height.
    pub max: f64,
    /// The mean height.
    pub mean: f64,
    /// The standard deviation of the heights (population, over every point).
    pub std: f64,
    /// How many points fall in each of `bins` equal steps from `min` to
    /// `max`.
    pub histogram: Histogram,
    /// The hypsometric curve: for each edge of the histogram, the share of
    /// the map (0 to 1) at or above that height. It starts at 1 and falls
    /// to the share at the highest height.
    pub hypsometric: Vec<f64>,
    /// The radially averaged power spectrum and its fitted slope.
    pub spectrum: Spectrum,
    /// The slope as the 3D view draws it, at the options' relief.
    pub slope: SlopeSummary,
    /// The root mean square of each point's height minus the mean of its
    /// four neighbours, in map heights: how rough the map is at its finest
    /// scale ([`relief::roughness`]).
    pub roughness: f64,
}

/// The largest height magnitude measured as it is: squares of heights up
/// to 2^400 (about 2.6e120), summed over the largest map, stay far inside
/// `f64`. A map with larger heights is measured at a smaller scale.
const LARGEST_MEASURED_AS_IS: f64 = f64::from_bits((1023 + 400) << 52);

/// Measures `map`. Every part is a plain sum or an FFT over the map, so it
/// costs a few times as much as the map has points (see BENCHMARKS.md).
///
/// Heights beyond ±2^400 would overflow the variance's and the spectrum's
/// sums (infinity, then infinity minus infinity: NaN). Such a map is
/// measured divided by a power of two, which is exact, and its measures are
/// multiplied back: what still exceeds `f64` (a power of heights near
/// `f64::MAX`) is infinite, never NaN. Slopes are measured on the map as it
/// is (a difference too large to hold is a cliff).
pub fn analyze(map: &Heightmap, options: &Options) -> Analysis {
    let (low, high) = map.min_max();
    let largest = low.abs().max(high.abs());
    if largest <= LARGEST_MEASURED_AS_IS {
        return measure(map, map, options);
    }
    // 2^shift just above the largest height: every height divided by it is
    // within ±1.
    let shift = largest.log2().ceil() as i32;
    let heights = map
        .heights()
        .iter()
        .map(|&height| times_two_to(height, -shift))
        .collect();
    let Ok(scaled) = Heightmap::from_heights(map.exponent(), heights) else {
        return measure(map, map, options);
    };
    let mut analysis = measure(&scaled, map, options);
    for value in [
        &mut analysis.min,
        &mut analysis.max,
        &mut analysis.mean,
        &mut analysis.std,
        &mut analysis.roughness,
    ]
    .into_iter()
    .chain(&mut analysis.histogram.edges)
    {
        *value = times_two_to(*value, shift);
    }
    for power in &mut analysis.spectrum.power {
        *power = times_two_to(*power, 2 * shift);
    }
    // log10 of the power rises by twice log10 of the scale; the slope and
    // the picture (each power against its ring's mean) stay as they are.
    if let Some(intercept) = &mut analysis.spectrum.intercept {
        *intercept += 2.0 * f64::from(shift) * std::f64::consts::LOG10_2;
    }
    analysis
}

/// `value × 2^exponent`, exactly while the result is a normal number: by
/// powers of two built from their bits, at most 2^1000 at a time (2^1024
/// itself is beyond `f64`).
fn times_two_to(value: f64, exponent: i32) -> f64 {
    let mut result = value;
    let mut left = exponent;
    while left != 0 {
        let step = left.clamp(-1000, 1000);
        result *= f64::from_bits(((1023 + step) as u64) << 52);
        left -= step;
    }
    result
}

/// [`analyze`]'s measures of `heights` (the map or a scaled copy), its
/// slopes of `map` itself.
fn measure(heights: &Heightmap, map: &Heightmap, options: &Options) -> Analysis {
    let (moments, histogram) = distribution::spread(heights.heights(), options.bins);
    let slope = if options.mean_slope {
        SlopeSummary::of(map, options.relief)
    } else {
        SlopeSummary::without_mean(map, options.relief)
    };
    Analysis {
        min: moments.min,
        max: moments.max,
        mean: moments.mean,
        std: moments.std,
        hypsometric: histogram.hypsometric(),
        histogram,
        spectrum: Spectrum::of(heights),
        slope,
        roughness: relief::roughness(heights),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_finite_heights_are_measured_even_the_largest() {
        // Differences of such heights overflow to infinity: a cliff of 90
        // degrees, not an index past the slope histogram's end.
        let ramp: Vec<f64> = (0..81).map(|index| f64::from(index) * 1e154).collect();
        let mut extremes = vec![0.0; 81];
        extremes[40] = f64::MAX;
        extremes[41] = -f64::MAX;
        for heights in [ramp, extremes] {
            let map = Heightmap::from_heights(3, heights).expect("a map");
            let analysis = analyze(&map, &Options::default());
            assert!(analysis.slope.max_degrees <= 90.0);
            assert_eq!(analysis.slope.histogram.counts.iter().sum::<u64>(), 81);
            // Nothing is NaN; what f64 can hold is finite.
            let every_number = [
                analysis.min,
                analysis.max,
                analysis.mean,
                analysis.std,
                analysis.roughness,
            ]
            .into_iter()
            .chain(analysis.histogram.edges.iter().copied())
            .chain(analysis.hypsometric.iter().copied())
            .chain(analysis.spectrum.power.iter().copied())
            .chain(analysis.spectrum.picture.values.iter().copied());
            for value in every_number {
                assert!(!value.is_nan(), "{analysis:?}");
            }
            assert!(
                analysis.std.is_finite()
                    && analysis.mean.is_finite()
                    && analysis.roughness.is_finite()
            );
        }
    }

    #[test]
    fn a_map_of_huge_heights_measures_as_its_scaled_copy_scaled_back() {
        // Scaling by a power of two is exact, so the measures of 2^k times
        // a map are the map's times 2^k (its power's times 2^2k: infinite
        // past f64 at 2^600), but for the slopes, which the relief makes
        // steeper.
        let params = terrain_core::Params {
            map: terrain_core::MapSettings::new(6, 3),
            ..terrain_core::Params::new(terrain_core::Algorithm::DIAMOND_SQUARE)
        };
        let map = params
            .generate(terrain_core::Stage::Done)
            .expect("a map")
            .heightmap;
        let options = Options::default();
        let small = analyze(&map, &options);
        for shift in [450, 600] {
            let huge = Heightmap::from_heights(
                6,
                map.heights()
                    .iter()
                    .map(|&height| times_two_to(height, shift))
                    .collect(),
            )
            .expect("finite heights");
            let large = analyze(&huge, &options);
            assert_eq!(
                [large.min, large.max, large.mean, large.std, large.roughness],
                [small.min, small.max, small.mean, small.std, small.roughness]
                    .map(|value| times_two_to(value, shift)),
                "2^{shift}"
            );
            assert_eq!(large.histogram.counts, small.histogram.counts);
            assert_eq!(large.hypsometric, small.hypsometric);
            let powers: Vec<f64> = (small.spectrum.power.iter())
                .map(|&power| times_two_to(power, 2 * shift))
                .collect();
            assert_eq!(large.spectrum.power, powers, "2^{shift}");
            assert_eq!(large.spectrum.slope, small.spectrum.slope);
            assert_eq!(large.spectrum.picture, small.spectrum.picture);
            let lift = large.spectrum.intercept.expect("fitted")
                - small.spectrum.intercept.expect("fitted");
            let expected = f64::from(2 * shift) * std::f64::consts::LOG10_2;
            assert!((lift - expected).abs() < 1e-9, "2^{shift}: {lift}");
        }
    }

    #[test]
    fn bad_options_name_the_option_the_value_and_the_range() {
        let message = |error: Error| error.describe_on(terrain_core::spec::Surface::Option);
        assert_eq!(
            Options::new(0, 1.0).map_err(message),
            Err("bins must be a whole number from 1 to 4096; got 0".to_owned())
        );
        assert_eq!(
            Options::new(5000, 1.0).map_err(message),
            Err("bins must be a whole number from 1 to 4096; got 5000".to_owned())
        );
        assert!(
            Options::new(64, 3.0)
                .map_err(message)
                .is_err_and(|text| text.starts_with("relief must be a number from 0.1 to 2"))
        );
        assert!(Options::new(64, f64::NAN).is_err());
        assert_eq!(
            Options::new(4096, 2.0).map(|options| options.bins()),
            Ok(4096)
        );
    }
}
