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
#[cfg(test)]
mod test_maps;
pub mod thermal;

use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::spec::{Kind, Spec, Surfaces, Value};
use crate::stage::Stage;

use droplets::{DropletSettings, Ledger, Trace};
use thermal::ThermalSettings;

/// The largest height magnitude the erosion methods accept: far beyond the
/// `[0, 1]` of the site's maps (and beyond any real elevation in metres),
/// and far enough below `f64::MAX` that no speed, capacity or sum of a run
/// can overflow.
pub const MAX_ABS_HEIGHT: f64 = 1e6;

/// Which erosion weathers a demo's map, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// None: the map as generated.
    #[default]
    None,
    /// Droplets, by the thousand (see [`droplets`]).
    Droplets,
    /// Material sliding off steep slopes (see [`thermal`]).
    Thermal,
    /// One droplet followed step by step, on the map as generated.
    Trace,
}

impl Method {
    /// Every method, in menu order.
    pub const ALL: [Method; 4] = [
        Method::None,
        Method::Droplets,
        Method::Thermal,
        Method::Trace,
    ];

    /// The names in attributes and URLs, in the order of [`Method::ALL`].
    pub const NAMES: [&'static str; 4] = ["none", "droplets", "thermal", "trace"];
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
/// seed is the map's: [`run`] takes it apart.
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

/// Weathers `map` to `stage` (one of [`stages`]), the droplets falling
/// where `seed` has them fall, calling `progress` with the share done. The
/// map a trace shows is `map` itself: one droplet's change is too small to
/// see, its path is what the stage shows.
pub fn run(
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
            let eroded = droplets::erode(&map, &settings, progress)?;
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
            let slid = thermal::erode(&map, &settings, progress)?;
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
            let trace = droplets::trace(&map, &settings, erosion.droplet)?;
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

/// `Ok` if `value` is a value of `spec` in its range, else the error naming
/// the setting, the value and what is allowed.
pub(crate) fn check(spec: &'static Spec, value: Value) -> Result<(), Error> {
    spec.check(&value)
        .map_err(|refusal| Error::refused(spec, refusal))
}

/// `Ok` if every height is within ±[`MAX_ABS_HEIGHT`].
pub(crate) fn check_heights(map: &Heightmap) -> Result<(), Error> {
    match map
        .heights()
        .iter()
        .position(|height| !(-MAX_ABS_HEIGHT..=MAX_ABS_HEIGHT).contains(height))
    {
        Some(index) => Err(Error::HeightOutOfRange {
            index,
            value: map.heights()[index].to_string(),
            limit: MAX_ABS_HEIGHT as u32,
        }),
        None => Ok(()),
    }
}

/// The heights a method works on: the whole map, or with wrap only its own
/// `period x period` points, a torus on which the point after the last
/// column is column 0.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Grid {
    /// Row-major heights, `width` a row.
    pub heights: Vec<f64>,
    /// Points on a side: the map's side, or its period with wrap.
    pub width: usize,
    /// Whether the grid is a torus.
    pub wrap: bool,
}

impl Grid {
    /// The grid of `map`'s heights (its own points only, with wrap).
    pub fn of(map: &Heightmap, wrap: bool) -> Self {
        let side = map.side();
        if wrap {
            let period = side - 1;
            let mut heights = Vec::with_capacity(period * period);
            for row in map.heights().chunks_exact(side).take(period) {
                heights.extend_from_slice(&row[..period]);
            }
            Self {
                heights,
                width: period,
                wrap,
            }
        } else {
            Self {
                heights: map.heights().to_vec(),
                width: side,
                wrap,
            }
        }
    }

    /// The grid's values laid out as a map of `exponent`: as they are, or,
    /// with wrap, with the first row and column copied onto the last.
    pub fn into_values(self, exponent: u32) -> Vec<f64> {
        if !self.wrap {
            return self.heights;
        }
        let period = self.width;
        let side = period + 1;
        debug_assert_eq!(side, (1 << exponent) + 1);
        let mut values = Vec::with_capacity(side * side);
        for row in self.heights.chunks_exact(period) {
            values.extend_from_slice(row);
            values.push(row[0]);
        }
        values.extend_from_within(..side);
        values
    }

    /// The grid as a map of `exponent`, laid out as [`Grid::into_values`].
    pub fn into_map(self, exponent: u32) -> Heightmap {
        let values = self.into_values(exponent);
        let mut map = Heightmap::zeroed(exponent);
        map.heights_mut().copy_from_slice(&values);
        map
    }
}

/// The eight neighbours of a point, in the order every method visits them
/// (row by row: above left, above, above right, left, right, below left,
/// below, below right), as `(dx, dy, distance in cells)`.
pub(crate) const NEIGHBOURS: [(i64, i64, f64); 8] = [
    (-1, -1, std::f64::consts::SQRT_2),
    (0, -1, 1.0),
    (1, -1, std::f64::consts::SQRT_2),
    (-1, 0, 1.0),
    (1, 0, 1.0),
    (-1, 1, std::f64::consts::SQRT_2),
    (0, 1, 1.0),
    (1, 1, std::f64::consts::SQRT_2),
];

/// Marks a neighbour that is off the map (never with wrap).
pub(crate) const OFF_MAP: usize = usize::MAX;

impl Grid {
    /// The indices of the neighbours of `(x, y)` in [`NEIGHBOURS`] order,
    /// [`OFF_MAP`] for those beyond an edge without wrap. On the smallest
    /// torus (period 2) the left and right neighbours are the same point,
    /// and both are listed: material and water moving each way are counted
    /// each time, which keeps every sum right.
    #[inline]
    pub fn neighbours(&self, x: usize, y: usize) -> [usize; 8] {
        let width = self.width;
        if x > 0 && y > 0 && x + 1 < width && y + 1 < width {
            // Inside: fixed offsets, the common case.
            let i = y * width + x;
            return [
                i - width - 1,
                i - width,
                i - width + 1,
                i - 1,
                i + 1,
                i + width - 1,
                i + width,
                i + width + 1,
            ];
        }
        let size = width as i64;
        NEIGHBOURS.map(|(dx, dy, _)| {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if self.wrap {
                (ny.rem_euclid(size) * size + nx.rem_euclid(size)) as usize
            } else if (0..size).contains(&nx) && (0..size).contains(&ny) {
                (ny * size + nx) as usize
            } else {
                OFF_MAP
            }
        })
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

    #[test]
    fn heights_beyond_the_limit_are_refused_with_their_index() {
        let mut map = Heightmap::zeroed(1);
        assert!(check_heights(&map).is_ok());
        map.set(2, 1, -2e6);
        let error = check_heights(&map).expect_err("too deep");
        assert_eq!(
            error,
            Error::HeightOutOfRange {
                index: 5,
                value: "-2000000".to_owned(),
                limit: MAX_ABS_HEIGHT as u32,
            }
        );
        assert!(error.to_string().contains("height number 5 is -2000000"));
    }

    #[test]
    fn a_wrapped_grid_keeps_the_own_points_and_gives_back_a_tiling_map() {
        let heights: Vec<f64> = (0..25).map(f64::from).collect();
        let map = Heightmap::from_heights(2, heights).expect("valid");
        let grid = Grid::of(&map, true);
        assert_eq!(grid.width, 4);
        assert_eq!(&grid.heights[..5], &[0.0, 1.0, 2.0, 3.0, 5.0]);
        let back = grid.into_map(2);
        for i in 0..5 {
            assert_eq!(back.get(i, 4), back.get(i, 0));
            assert_eq!(back.get(4, i), back.get(0, i));
        }
        assert_eq!(back.get(3, 3), map.get(3, 3));
        let open = Grid::of(&map, false);
        assert_eq!(open.into_map(2), map);
    }

    #[test]
    fn neighbours_wrap_on_a_torus_and_stop_at_the_edge_otherwise() {
        let map = Heightmap::zeroed(2);
        let open = Grid::of(&map, false);
        assert_eq!(open.neighbours(2, 2), [6, 7, 8, 11, 13, 16, 17, 18]);
        assert_eq!(
            open.neighbours(0, 0),
            [OFF_MAP, OFF_MAP, OFF_MAP, OFF_MAP, 1, OFF_MAP, 5, 6]
        );
        let torus = Grid::of(&map, true);
        // Width 4: the top-left point's neighbours come from the far side.
        assert_eq!(torus.neighbours(0, 0), [15, 12, 13, 3, 1, 7, 4, 5]);
        assert_eq!(torus.neighbours(3, 3), [10, 11, 8, 14, 12, 2, 3, 0]);
    }
}
