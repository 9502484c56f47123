//! Thermal erosion: material slides down slopes too steep for it to rest on.
//!
//! Frost and heat crack rock; the loose pieces roll down until the slope is
//! gentle enough to hold them. Every loose material has such a steepest
//! stable slope, its *talus* slope (screes sit at about 35 degrees).
//!
//! Each iteration looks at every point and its eight neighbours. Where the
//! drop to a neighbour is steeper than the talus slope, the part beyond it,
//! the *excess*, is unstable. The point sends `rate` times half its largest
//! excess downhill, shared among its over-steep neighbours in proportion to
//! their excess. (Half, because moving `m` from a high point to a low one
//! closes the gap by `2 m`: a rate of 1 would bring the steepest drop back
//! to the talus slope in one iteration, if nothing else moved.) Diagonal
//! neighbours are `sqrt(2)` cells away, so they may be `sqrt(2)` times
//! higher before anything slides. That removes the grid's large diagonal
//! bias, not all of it: a plane facing 22.5 degrees off an axis stands up
//! to `1 / cos(22.5°)`, about 8 % steeper than the talus slope, before
//! anything slides.
//!
//! Every point's slides are worked out from the heights at the start of the
//! iteration and written to a second buffer (a Jacobi update, rather than
//! updating in place): the result does not depend on the order points are
//! visited in, and no point sees a neighbour that has already slid this
//! iteration. Material only moves between points, never off the map, so the
//! total is conserved (up to rounding). Slopes already at or below the talus
//! slope are left exactly as they are.
//!
//! # The talus slope's unit
//!
//! `talus` is a slope with the map's width as the unit of length: rise over
//! run, where heights are as they are and the map is 1 wide. A point and its
//! neighbour a cell away may then differ by `talus / (side - 1)`. So the
//! same setting means the same slope at every exponent. The site draws a
//! map of width 1 as 100 units and heights of 1 as 50 units, so a talus of
//! `t` looks like an angle of `atan(t / 2)` there: 2 is 45 degrees.
//!
//! # Cost
//!
//! Each iteration visits every point and its eight neighbours once: linear
//! in the points and in the iterations, whatever the settings.

use crate::erosion::grid::{Grid, NEIGHBOURS, OFF_MAP, check};
use crate::erosion::weathering::Weathering;
use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::spec::{Kind, Spec, Surfaces, Value};

/// The steepest stable slope by default, in map widths (see the module): 4,
/// drawn at 63 degrees on the site, which on a 513 x 513 diamond-square map
/// leaves the typical slope alone and wears down the steepest tenth.
pub const DEFAULT_TALUS: f64 = 4.0;
/// The largest talus slope: a rise of 100 map heights over the map's width.
/// On maps up to 65 x 65 no two neighbouring points of a `[0, 1]` map are
/// that steep, so nothing slides there.
pub const MAX_TALUS: f64 = 100.0;
/// The share of the excess that slides at each iteration: half.
pub const DEFAULT_RATE: f64 = 0.5;
/// Iterations by default.
pub const DEFAULT_ITERATIONS: u32 = 50;
/// The most iterations: enough for slides to reach well across a 513 x 513
/// map, where 100 iterations take about half a second natively.
pub const MAX_ITERATIONS: u32 = 1000;

/// The steepest stable slope: every surface's spelling, range and help.
pub static TALUS: Spec = Spec {
    label: "talus",
    title: "Talus slope",
    option: "talus",
    attribute: "data-talus",
    help: "0 to 100: the steepest slope that holds, in map heights per map width",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_TALUS,
    },
    step: 0.25,
    surfaces: Surfaces::PAGE,
};

/// How much of the excess slides at each iteration.
pub static SLIDE_RATE: Spec = Spec {
    label: "slide rate",
    title: "Slide rate",
    option: "slideRate",
    attribute: "data-slide-rate",
    help: "0 to 1: the share of the excess that slides at each iteration",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.05,
    surfaces: Surfaces::PAGE,
};

/// How many iterations run.
pub static ITERATIONS: Spec = Spec {
    label: "iterations",
    title: "Iterations",
    option: "iterations",
    attribute: "data-iterations",
    help: "0 to 1000: how many times material slides",
    kind: Kind::Whole {
        min: 0,
        max: MAX_ITERATIONS as u64,
    },
    step: 1.0,
    surfaces: Surfaces::PAGE,
};

/// How material slides.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ThermalSettings {
    /// The steepest stable slope, in map heights per map width, 0 to
    /// [`MAX_TALUS`]. Default 4.
    pub talus: f64,
    /// The share of the excess that slides at each iteration, 0 to 1.
    /// Default 0.5.
    pub rate: f64,
    /// How many iterations run, 0 to [`MAX_ITERATIONS`]. Default 50.
    pub iterations: u32,
    /// Treat the map as tileable (see [the module](crate::erosion)):
    /// material slides across the edges, and the result tiles with zero
    /// seam. Default false: nothing crosses the edges.
    pub wrap: bool,
}

impl Default for ThermalSettings {
    fn default() -> Self {
        Self {
            talus: DEFAULT_TALUS,
            rate: DEFAULT_RATE,
            iterations: DEFAULT_ITERATIONS,
            wrap: false,
        }
    }
}

impl ThermalSettings {
    /// Checks every setting; the first bad one is the error, naming the
    /// setting, its value and the allowed range.
    pub fn validate(&self) -> Result<(), Error> {
        check(&TALUS, Value::Number(self.talus))?;
        check(&SLIDE_RATE, Value::Number(self.rate))?;
        check(&ITERATIONS, Value::Whole(u64::from(self.iterations)))
    }
}

/// A finished thermal run.
#[derive(Debug, Clone, PartialEq)]
pub struct ThermalErosion {
    /// The map after the slides, not re-normalized.
    pub heightmap: Heightmap,
    /// The material that slid, summed over every point and iteration (how
    /// much moved, not how far).
    pub moved: f64,
    /// How many iterations ran.
    pub iterations: u32,
}

/// A run of slides that can stop after any number of iterations and go on
/// from there (see [`Weathering`]): stopped after `K`, it is a run of `K`.
#[derive(Debug, Clone)]
pub struct ThermalRun {
    grid: Grid,
    /// The second buffer each iteration writes into.
    next: Vec<f64>,
    settings: ThermalSettings,
    exponent: u32,
    /// The height difference each neighbour may have, in [`NEIGHBOURS`]
    /// order: the talus slope over the neighbour's distance.
    allowed: [f64; 8],
    done: u32,
    moved: f64,
}

impl Weathering for ThermalRun {
    type Settings = ThermalSettings;
    type Finished = ThermalErosion;

    fn check(settings: &ThermalSettings) -> Result<(), Error> {
        settings.validate()
    }

    fn start(map: &Heightmap, settings: &ThermalSettings) -> Self {
        let grid = Grid::of(map, settings.wrap);
        let per_cell = settings.talus / map.last() as f64;
        Self {
            next: vec![0.0; grid.heights.len()],
            grid,
            settings: *settings,
            exponent: map.exponent(),
            allowed: NEIGHBOURS.map(|(_, _, distance)| per_cell * distance),
            done: 0,
            moved: 0.0,
        }
    }

    fn steps_asked(&self) -> u32 {
        self.settings.iterations
    }

    fn steps_done(&self) -> u32 {
        self.done
    }

    /// One iteration of slides.
    fn step(&mut self) {
        self.moved += self.iterate();
        self.done += 1;
    }

    /// The map as it is now, without a copy.
    fn finish(self) -> ThermalErosion {
        ThermalErosion {
            heightmap: self.grid.into_map(self.exponent),
            moved: self.moved,
            iterations: self.done,
        }
    }
}

impl ThermalRun {
    /// A copy of the map as it is now.
    pub fn heightmap(&self) -> Heightmap {
        self.grid.clone().into_map(self.exponent)
    }

    /// The material that slid so far.
    pub fn moved(&self) -> f64 {
        self.moved
    }

    /// One iteration; returns how much slid.
    fn iterate(&mut self) -> f64 {
        let heights = &self.grid.heights;
        let next = &mut self.next;
        next.copy_from_slice(heights);
        let rate = self.settings.rate;
        let width = self.grid.width;
        let mut moved = 0.0;
        for y in 0..width {
            for x in 0..width {
                let i = y * width + x;
                let height = heights[i];
                let neighbours = self.grid.neighbours(x, y);
                let mut excesses = [0.0; 8];
                let mut largest = 0.0;
                let mut total = 0.0;
                for ((excess, &j), &allowed) in
                    excesses.iter_mut().zip(&neighbours).zip(&self.allowed)
                {
                    if j != OFF_MAP {
                        let over = height - heights[j] - allowed;
                        if over > 0.0 {
                            *excess = over;
                            total += over;
                            if over > largest {
                                largest = over;
                            }
                        }
                    }
                }
                if largest > 0.0 {
                    let sliding = rate * largest * 0.5;
                    for (&excess, &j) in excesses.iter().zip(&neighbours) {
                        if excess > 0.0 {
                            let share = sliding * (excess / total);
                            next[i] -= share;
                            next[j] += share;
                        }
                    }
                    moved += sliding;
                }
            }
        }
        std::mem::swap(&mut self.grid.heights, &mut self.next);
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erosion::test_maps::{generated, own_total, shaped};

    /// The steepest slope between neighbours, in map widths, each
    /// neighbour's drop over its distance.
    fn steepest(map: &Heightmap, wrap: bool) -> f64 {
        let grid = Grid::of(map, wrap);
        let mut steepest = 0.0f64;
        for y in 0..grid.width {
            for x in 0..grid.width {
                let height = grid.heights[y * grid.width + x];
                for (&j, &(_, _, distance)) in grid.neighbours(x, y).iter().zip(&NEIGHBOURS) {
                    if j != OFF_MAP {
                        steepest = steepest.max((height - grid.heights[j]) / distance);
                    }
                }
            }
        }
        steepest * map.last() as f64
    }

    fn run(map: &Heightmap, settings: ThermalSettings) -> ThermalErosion {
        ThermalRun::erode(map, &settings, &mut |_| {}).expect("valid settings")
    }

    #[test]
    fn bad_settings_are_named_with_their_value_and_range() {
        let base = ThermalSettings::default();
        for (bad, message) in [
            (
                ThermalSettings {
                    talus: -1.0,
                    ..base
                },
                "talus must be a number from 0 to 100; got -1",
            ),
            (
                ThermalSettings {
                    talus: f64::NAN,
                    ..base
                },
                "talus must be a number from 0 to 100; got NaN",
            ),
            (
                ThermalSettings { rate: 1.5, ..base },
                "slide rate must be a number from 0 to 1; got 1.5",
            ),
            (
                ThermalSettings {
                    iterations: 1001,
                    ..base
                },
                "iterations must be a whole number from 0 to 1000; got 1001",
            ),
        ] {
            assert_eq!(bad.validate().expect_err(message).to_string(), message);
            assert!(ThermalRun::erode(&Heightmap::zeroed(1), &bad, &mut |_| {}).is_err());
        }
        assert_eq!(base.validate(), Ok(()));
    }

    #[test]
    fn slopes_steeper_than_the_talus_are_worn_down_to_it() {
        // A steep ridge: a slope of 8 map widths, twice the talus.
        let ridge = shaped(5, |x, _| 8.0 * (0.5 - (x - 0.5).abs()));
        assert!(steepest(&ridge, false) > 7.9);
        let settings = ThermalSettings {
            talus: 4.0,
            ..ThermalSettings::default()
        };
        let mut run = ThermalRun::new(
            &ridge,
            &ThermalSettings {
                iterations: 400,
                ..settings
            },
        )
        .expect("valid");
        let mut slopes = Vec::new();
        for stage in [10, 50, 100, 200, 400] {
            run.run_to(stage, &mut |_| {});
            slopes.push(steepest(&run.heightmap(), false));
        }
        // The excess shrinks by a share at each iteration, so the slope
        // nears the talus slope from above, ever more slowly.
        assert!(
            slopes.windows(2).all(|pair| pair[1] < pair[0]),
            "{slopes:?}"
        );
        assert!(slopes[4] < 4.0 * 1.05, "{slopes:?}");
        assert!(slopes[4] >= 4.0, "{slopes:?}");
        let worn = run.finish();
        // The peak came down, and the feet of the ridge rose.
        assert!(worn.heightmap.get(16, 5) < ridge.get(16, 5));
        assert!(worn.heightmap.get(0, 5) > ridge.get(0, 5));
    }

    #[test]
    fn slopes_gentler_than_the_talus_are_left_exactly_as_they_are() {
        let gentle = shaped(5, |x, y| 0.1 + 1.5 * x + 0.5 * y);
        assert!(steepest(&gentle, false) < 4.0);
        let after = run(&gentle, ThermalSettings::default());
        assert_eq!(after.heightmap, gentle);
        assert_eq!(after.moved, 0.0);
    }

    #[test]
    fn material_is_conserved_with_and_without_wrap() {
        let map = generated(false, 6, 4);
        let tileable = generated(true, 6, 4);
        for (map, wrap) in [(&map, false), (&tileable, true)] {
            for talus in [0.0, 1.0, 4.0] {
                let settings = ThermalSettings {
                    talus,
                    rate: 1.0,
                    iterations: 30,
                    wrap,
                };
                let after = run(map, settings);
                assert!(after.moved > 0.0);
                let (before, now) = (own_total(map, wrap), own_total(&after.heightmap, wrap));
                assert!(
                    (before - now).abs() <= 1e-12 * before.abs(),
                    "talus {talus}, wrap {wrap}: {before} became {now}"
                );
            }
        }
    }

    #[test]
    fn a_tileable_map_stays_exactly_tileable_and_slides_cross_its_edges() {
        for exponent in [1, 2, 6] {
            let map = generated(true, exponent, 12);
            let after = run(
                &map,
                ThermalSettings {
                    talus: 0.5,
                    wrap: true,
                    ..ThermalSettings::default()
                },
            )
            .heightmap;
            let last = map.last();
            for i in 0..map.side() {
                assert_eq!(after.get(i, 0), after.get(i, last));
                assert_eq!(after.get(0, i), after.get(last, i));
            }
            assert_ne!(after, map);
        }
    }

    #[test]
    fn iterations_are_stages_of_one_run() {
        let map = generated(false, 5, 6);
        let settings = ThermalSettings {
            iterations: 40,
            ..ThermalSettings::default()
        };
        let mut staged = ThermalRun::new(&map, &settings).expect("valid");
        for stage in [0, 1, 10, 40] {
            staged.run_to(stage, &mut |_| {});
            assert_eq!(staged.steps_done(), stage);
            let direct = run(
                &map,
                ThermalSettings {
                    iterations: stage,
                    ..settings
                },
            );
            assert_eq!(staged.heightmap(), direct.heightmap, "{stage} iterations");
            assert_eq!(staged.moved(), direct.moved);
        }
        assert_eq!(
            run(
                &map,
                ThermalSettings {
                    iterations: 0,
                    ..settings
                }
            )
            .heightmap,
            map
        );
        assert_eq!(run(&map, settings), run(&map, settings));
    }

    #[test]
    fn any_talus_and_rate_keep_every_height_finite_and_the_total_kept() {
        for exponent in 1..=3 {
            for wrap in [false, true] {
                let mut spiky = generated(false, exponent, 2);
                spiky.set(1, 1, 1e6);
                spiky.set(0, 2, -1e6);
                for talus in [0.0, 0.001, 4.0, MAX_TALUS] {
                    for rate in [0.0, 0.3, 1.0] {
                        let settings = ThermalSettings {
                            talus,
                            rate,
                            iterations: 60,
                            wrap,
                        };
                        let after = run(&spiky, settings);
                        assert!(after.heightmap.heights().iter().all(|h| h.is_finite()));
                        let (before, now) =
                            (own_total(&spiky, wrap), own_total(&after.heightmap, wrap));
                        assert!((before - now).abs() <= 1e-9, "{settings:?}: {before} {now}");
                    }
                }
            }
        }
    }
}
