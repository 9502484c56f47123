//! Erosion: post-processes that weather a finished heightmap (chapter 5).
//!
//! One file per method:
//!
//! - [`droplets`]: hydraulic erosion by simulated raindrops that pick up
//!   material where they speed downhill and drop it where they slow down;
//! - [`thermal`]: material sliding off slopes steeper than a talus slope;
//! - [`flow`]: the slope field of a map and the water that gathers along
//!   its valleys (rivers), for drawing rather than for changing heights.
//!
//! # Conventions shared by every method
//!
//! - Any map works: every generator's output and imported maps alike. The
//!   methods take a [`Heightmap`] and return a new one; they never
//!   re-normalize, so the heights a reader sees keep their meaning (a
//!   valley filled by 0.01 is 0.01 higher). Erosion only moves material
//!   around, so a map in `[0, 1]` stays close to it: nothing is dug below
//!   the map's lowest point, and deposits fill hollows rather than raise
//!   peaks.
//! - **Wrap.** A tileable map's last row and column repeat its first (see
//!   [`crate::generators::tileable_diamond_square`]), so its own points are
//!   the `period x period` square with `period = side - 1`, and it is a
//!   torus: the point right of the last own column is column 0. With
//!   `wrap` set, the methods work on that torus (droplets, brushes, slides
//!   and water cross the edges and come back on the other side), ignore
//!   the input's last row and column, and write the result's last row and
//!   column as exact copies of its first, so the result tiles with zero
//!   seam. Without `wrap` the map's edges are walls: droplets that cross
//!   them are gone, and nothing slides or flows across them.
//! - **Bit-identical everywhere.** Only `+`, `-`, `*`, `/`, `sqrt`,
//!   comparisons and integer arithmetic, which IEEE 754 rounds the same way
//!   on every platform; no `sin`, `exp` or `powf`, whose results depend on
//!   the platform's maths library. Every random number comes from
//!   [`crate::PointRandom`].
//! - **Heights within ±[`MAX_ABS_HEIGHT`].** The methods refuse maps with
//!   a height beyond that, with [`Error::HeightOutOfRange`]: speeds
//!   and capacities grow with the height differences, and limiting them is
//!   what lets us promise no infinity and no NaN for any settings.

pub mod droplets;
pub mod flow;
mod grid;
pub mod schedule;
#[cfg(test)]
mod test_maps;
pub mod thermal;
pub mod tiles;
pub(crate) mod weathering;

use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::spec::{Kind, Spec, Surfaces};
use crate::stage::Stage;

use droplets::{DropletRun, DropletSettings, Ledger, Trace};
use thermal::{ThermalRun, ThermalSettings};
use weathering::finished;

pub use grid::{MAX_ABS_HEIGHT, first_refused_height};
pub use weathering::Weathering;

crate::named_choices! {
    /// Which erosion weathers a demo's map, if any.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
    pub enum Method {
        /// None: the map as generated.
        #[default]
        None = "none",
        /// Droplets, by the thousand (see [`droplets`]).
        Droplets = "droplets",
        /// Material sliding off steep slopes (see [`thermal`]).
        Thermal = "thermal",
        /// One droplet followed step by step, on the map as generated.
        Trace = "trace",
    }
}

impl Method {
    /// The name in menus.
    pub fn title(self) -> &'static str {
        match self {
            Method::None => "None",
            Method::Droplets => "Droplets of rain",
            Method::Thermal => "Sliding (thermal)",
            Method::Trace => "Follow one droplet",
        }
    }
}

/// Which erosion: every surface's spelling of it.
pub static METHOD: Spec = Spec {
    label: "erosion",
    title: "Erosion",
    option: "erosion",
    attribute: "data-erosion",
    help: "weather the finished map: by droplets, by sliding, or follow one droplet",
    kind: Kind::Choice(&Method::NAMES),
    step: 1.0,
    surfaces: Surfaces::PAGE,
};

/// Everything erosion reads, as part of a demo's parameters. The droplets'
/// seed is the map's: the run takes it apart.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ErosionParams {
    /// Which erosion, if any. Default none.
    pub method: Method,
    /// How droplets fall and erode (also the droplet a trace follows).
    pub droplets: DropletSettings,
    /// How material slides.
    pub thermal: ThermalSettings,
    /// Which droplet a trace follows, from 0. Default 0.
    pub droplet: u32,
}

impl Default for ErosionParams {
    fn default() -> Self {
        Self {
            method: Method::None,
            droplets: DropletSettings::default(),
            thermal: ThermalSettings::default(),
            droplet: 0,
        }
    }
}

/// Droplet counts a scrubber stops at (1, 1 000, 10 000, 100 000...),
/// up to the count asked for, which is the last stage.
const DROPLET_STAGES: [u32; 5] = [1, 1_000, 10_000, 100_000, 1_000_000];

/// Iteration counts a scrubber stops at, up to the count asked for.
const SLIDE_STAGES: [u32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

/// The stages erosion adds after the map is finished.
pub fn stages(erosion: &ErosionParams) -> Vec<Stage> {
    let up_to = |marks: &[u32], last: u32| -> Vec<u32> {
        let mut counts: Vec<u32> = marks.iter().copied().filter(|&mark| mark < last).collect();
        if last > 0 {
            counts.push(last);
        }
        counts
    };
    match erosion.method {
        Method::None => Vec::new(),
        Method::Droplets => up_to(&DROPLET_STAGES, erosion.droplets.droplets)
            .into_iter()
            .map(Stage::Droplets)
            .collect(),
        Method::Thermal => up_to(&SLIDE_STAGES, erosion.thermal.iterations)
            .into_iter()
            .map(Stage::Slides)
            .collect(),
        Method::Trace => (1..=erosion.droplets.lifetime).map(Stage::Step).collect(),
    }
}

/// What erosion did to a map.
#[derive(Debug, Clone, PartialEq)]
pub struct ErosionReport {
    /// The map before it.
    pub before: Heightmap,
    /// Where the droplets' material went.
    pub ledger: Option<Ledger>,
    /// How much material slid.
    pub moved: Option<f64>,
    /// The path of the droplet a trace follows.
    pub trace: Option<Trace>,
}

/// Weathers `map` to `stage` (one of [`stages`]), with settings already
/// checked (they come from [`crate::ValidParams`]), the droplets falling
/// where `seed` has them fall, calling `progress` with the share done. The
/// map a trace shows is `map` itself: one droplet's change is too small to
/// see, its path is what the stage shows.
pub(crate) fn run(
    map: Heightmap,
    erosion: &ErosionParams,
    seed: u64,
    stage: Stage,
    progress: &mut dyn FnMut(f64),
) -> Result<(Heightmap, ErosionReport), Error> {
    let report = |before: Heightmap| ErosionReport {
        before,
        ledger: None,
        moved: None,
        trace: None,
    };
    match stage {
        Stage::Droplets(count) => {
            let settings = DropletSettings {
                droplets: count,
                seed,
                ..erosion.droplets
            };
            let eroded = finished::<DropletRun>(&map, &settings, progress)?;
            Ok((
                eroded.heightmap,
                ErosionReport {
                    ledger: Some(eroded.ledger),
                    ..report(map)
                },
            ))
        }
        Stage::Slides(iterations) => {
            let settings = ThermalSettings {
                iterations,
                wrap: erosion.droplets.wrap,
                ..erosion.thermal
            };
            let slid = finished::<ThermalRun>(&map, &settings, progress)?;
            Ok((
                slid.heightmap,
                ErosionReport {
                    moved: Some(slid.moved),
                    ..report(map)
                },
            ))
        }
        Stage::Step(_) => {
            let settings = DropletSettings {
                seed,
                ..erosion.droplets
            };
            let trace = droplets::follow(&map, &settings, erosion.droplet)?;
            Ok((
                map.clone(),
                ErosionReport {
                    trace: Some(trace),
                    ..report(map)
                },
            ))
        }
        _ => Ok((map.clone(), report(map))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erosion_stages_stop_at_round_counts_and_end_at_the_count_asked() {
        let mut erosion = ErosionParams {
            method: Method::Droplets,
            ..ErosionParams::default()
        };
        let counts = |erosion: &ErosionParams| -> Vec<String> {
            stages(erosion).iter().map(ToString::to_string).collect()
        };
        assert_eq!(
            counts(&erosion),
            [
                "droplets-1",
                "droplets-1000",
                "droplets-10000",
                "droplets-100000"
            ]
        );
        erosion.droplets.droplets = 2500;
        assert_eq!(
            counts(&erosion),
            ["droplets-1", "droplets-1000", "droplets-2500"]
        );
        erosion.droplets.droplets = 0;
        assert!(stages(&erosion).is_empty());
        erosion.method = Method::Thermal;
        erosion.thermal.iterations = 30;
        assert_eq!(
            counts(&erosion),
            [
                "slides-1",
                "slides-2",
                "slides-5",
                "slides-10",
                "slides-20",
                "slides-30"
            ]
        );
        erosion.method = Method::Trace;
        assert_eq!(
            stages(&erosion).len(),
            30,
            "one stage a step of its lifetime"
        );
        assert!(stages(&ErosionParams::default()).is_empty());
    }
}
