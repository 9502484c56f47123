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

/// Measures `map`. Every part is a plain sum or an FFT over the map, so it
/// costs a few times as much as the map has points (see BENCHMARKS.md).
pub fn analyze(map: &Heightmap, options: &Options) -> Analysis {
    let (moments, histogram) = distribution::spread(map.heights(), options.bins);
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
        spectrum: Spectrum::of(map),
        slope,
        roughness: relief::roughness(map),
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
