//! Hydraulic erosion by droplets: rain that carves valleys one drop at a
//! time.
//!
//! A droplet lands at a random point with one unit of water, no sediment
//! and a speed of 1, and then takes up to `lifetime` steps. At each step:
//!
//! 1. It reads the map's height and slope where it is, interpolating the
//!    four points around it bilinearly (so it feels a smooth surface, not
//!    the grid).
//! 2. It turns: its new direction is its old one times `inertia`, minus the
//!    slope times `1 - inertia`, scaled to length 1. With no inertia it runs
//!    straight down the slope; with a lot it keeps going and can even climb.
//!    A droplet with nowhere to go (no slope and no momentum) stops.
//! 3. It moves one cell that way. Off the map, it is gone, with whatever it
//!    carries (with wrap it comes back on the other side instead).
//! 4. The height it dropped, `drop`, sets what it can carry:
//!    `capacity = max(drop * speed * water * capacity factor, min capacity)`.
//!    Fast, wet droplets falling steeply carry the most.
//! 5. Where it came from, it either
//!    - **deposits**, if it went uphill (it fills the hollow behind it, by at
//!      most the height it climbed) or carries more than it can (it drops
//!      `deposit speed` of the excess), spreading what it leaves over the
//!      four points around it, nearer points getting more; or
//!    - **erodes** `erode speed` of its free capacity, but never more than
//!      the height it dropped (digging deeper would turn the slope it runs
//!      down into a pit), taken from the points within `radius` of the
//!      nearest point with weights that fall off with distance and add up
//!      to 1 (a brush, so one droplet carves a groove rather than a
//!      needle-thin hole).
//! 6. It speeds up by what it dropped, as a falling body does:
//!    `speed = sqrt(speed^2 + drop * gravity)`, and slows down climbing (to
//!    0 at worst, never to the square root of a negative number). Note the
//!    sign: `drop` is old height minus new, positive downhill. A popular
//!    implementation adds the height *gain* instead, so its droplets slow
//!    down going downhill; we follow the energy balance.
//! 7. It loses `evaporate speed` of its water.
//!
//! Nothing is dug below the map's lowest point (for the site's `[0, 1]`
//! maps, below 0), as if there were bedrock there; a brush point at that
//! floor gives up what it has and no more. Every bit of material taken is
//! either put back somewhere on the map or leaves with a droplet, and the
//! [`Ledger`] counts both.
//!
//! # Randomness and stages
//!
//! Droplet `k` lands at `x = last * u(2k)`, `y = last * u(2k + 1)`, where
//! `u(i)` is output `i` of [`PointRandom`] seeded with `seed` XOR
//! [`STREAM_SALT`] (so a map and its erosion made with the same seed do not
//! share random numbers). A droplet draws nothing else. The droplets fall
//! in the order of the tiled [schedule](crate::erosion::schedule), which
//! depends only on the map's size and the settings (on small maps it is
//! their own order, `0, 1, 2, ...`), and a run of `K` droplets is the
//! schedule's first `K`: the same whether `K` or a million fall, so a long
//! run can stop at each stage on the way ([`Weathering::run_to`]), and
//! many workers can share a run ([`crate::erosion::tiles`]) and give the
//! same bits.
//!
//! # Cost
//!
//! Each step of each droplet reads two bilinear samples and then either
//! deposits on four points or erodes a brush of about `pi * radius^2`
//! points (1, 9, 25, 45, 69, 109, 145 and 193 points for radius 1 to 8).
//! So a run costs about `droplets * lifetime * (c + radius^2)`: linear in
//! the droplets and the lifetime (until droplets start leaving the map or
//! stopping early), and, once the brush dominates, quadratic in the radius.
//! It does not grow with the map's size, except through the cache and one
//! copy of the map per run. With the defaults on a 513 x 513 map, 100 000
//! droplets take about 0.2 s natively (`benches/erosion.rs`); each step
//! depends on the one before, so it is latency, not arithmetic, that sets
//! the pace.

use crate::erosion::grid::{Grid, check};
use crate::erosion::schedule::{RoundOrder, Schedule, start_of};
use crate::erosion::weathering::{Weathering, started};
use crate::error::Error;
use crate::heightmap::Heightmap;
use crate::random::PointRandom;
use crate::spec::{Kind, Spec, Surfaces, Value};

/// Droplets in one run by default: the many-droplets demo's last stage.
pub const DEFAULT_DROPLETS: u32 = 100_000;
/// The most droplets one run may have: about ten times the default, a few
/// seconds' work in a browser tab, and with the defaults enough to carve
/// a 513 x 513 map deeply.
pub const MAX_DROPLETS: u32 = 1_000_000;
/// How much of its direction a droplet keeps: the well-known 0.05.
pub const DEFAULT_INERTIA: f64 = 0.05;
/// Sediment carried per unit of drop, speed and water: 4.
pub const DEFAULT_CAPACITY: f64 = 4.0;
/// The most a capacity factor may be: far past the point where a droplet
/// could carry everything it falls by, after which only the drop limits
/// erosion and a larger factor changes nothing.
pub const MAX_CAPACITY: f64 = 100.0;
/// The least a droplet can carry: 0.01.
pub const DEFAULT_MIN_CAPACITY: f64 = 0.01;
/// The most the minimum capacity may be: the full height range of the
/// site's maps.
pub const MAX_MIN_CAPACITY: f64 = 1.0;
/// The share of free capacity filled at each step: 0.3.
pub const DEFAULT_ERODE_SPEED: f64 = 0.3;
/// The share of excess sediment dropped at each step: 0.3.
pub const DEFAULT_DEPOSIT_SPEED: f64 = 0.3;
/// The share of water lost at each step: 0.01.
pub const DEFAULT_EVAPORATE_SPEED: f64 = 0.01;
/// The brush radius, in points: 3 (a brush of 25 points).
pub const DEFAULT_RADIUS: u32 = 3;
/// The largest brush radius: 8, a brush of 193 points, already wider than
/// most valleys of a 513 x 513 map, and each step's cost grows with its
/// square.
pub const MAX_RADIUS: u32 = 8;
/// How strongly dropping speeds a droplet up: 4.
pub const DEFAULT_GRAVITY: f64 = 4.0;
/// The most gravity may be. A droplet's `speed^2` grows by at most
/// `gravity` times the height it falls, which on a `[0, 1]` map is at most
/// 1: a gravity of 100 already allows speeds of 10, ten times its start.
pub const MAX_GRAVITY: f64 = 100.0;
/// The most steps a droplet takes: 30.
pub const DEFAULT_LIFETIME: u32 = 30;
/// The longest lifetime: 1000 steps, far more than the width of a 513 x
/// 513 map, and with evaporation at its default a droplet keeps only 0.004%
/// of its water by then.
pub const MAX_LIFETIME: u32 = 1000;

/// XORed into the seed for the droplets' stream: the bytes of "erosion\0",
/// so that a map and its erosion made with the same seed draw different
/// numbers.
pub const STREAM_SALT: u64 = 0x6572_6f73_696f_6e00;

/// A droplet's speed and water when it lands.
const START_SPEED: f64 = 1.0;
const START_WATER: f64 = 1.0;

/// A droplet whose new direction is shorter than this before scaling has
/// nowhere to go, and stops. Any real slope is many orders of magnitude
/// longer; the bound keeps the squares in the length well above the range
/// where floating point loses precision, so a scaled direction is always a
/// unit vector.
const SHORTEST_DIRECTION: f64 = 1e-100;

/// How many droplets fall: every surface's spelling, range and help.
pub static DROPLETS: Spec = Spec {
    label: "droplets",
    title: "Droplets",
    option: "droplets",
    attribute: "data-droplets",
    help: "how many raindrops fall, one after another",
    kind: Kind::Whole {
        min: 0,
        max: MAX_DROPLETS as u64,
    },
    step: 1000.0,
    surfaces: Surfaces::EROSION,
};

/// Which droplet a trace follows.
pub static DROPLET: Spec = Spec {
    label: "droplet",
    title: "Droplet",
    option: "droplet",
    attribute: "data-droplet",
    help: "which droplet to follow, counting from 0",
    kind: Kind::Whole {
        min: 0,
        max: MAX_DROPLETS as u64 - 1,
    },
    step: 1.0,
    surfaces: Surfaces::PAGE,
};

/// How much of its direction a droplet keeps at each step.
pub static INERTIA: Spec = Spec {
    label: "inertia",
    title: "Inertia",
    option: "inertia",
    attribute: "data-inertia",
    help: "0 to 1: how much of its way a droplet keeps, against the slope",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.01,
    surfaces: Surfaces::EROSION,
};

/// How much sediment a droplet can carry.
pub static CAPACITY: Spec = Spec {
    label: "capacity",
    title: "Capacity",
    option: "capacity",
    attribute: "data-capacity",
    help: "0 to 100: sediment carried per unit of drop, speed and water",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_CAPACITY,
    },
    step: 0.5,
    surfaces: Surfaces::EROSION,
};

/// The least a droplet can carry.
pub static MIN_CAPACITY: Spec = Spec {
    label: "min capacity",
    title: "Minimum capacity",
    option: "minCapacity",
    attribute: "data-min-capacity",
    help: "0 to 1: what a droplet can carry even on flat ground",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_MIN_CAPACITY,
    },
    step: 0.01,
    surfaces: Surfaces::EROSION,
};

/// How fast a droplet picks material up.
pub static ERODE_SPEED: Spec = Spec {
    label: "erode speed",
    title: "Erode speed",
    option: "erodeSpeed",
    attribute: "data-erode-speed",
    help: "0 to 1: the share of its free capacity a droplet fills each step",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.05,
    surfaces: Surfaces::EROSION,
};

/// How fast a droplet drops material.
pub static DEPOSIT_SPEED: Spec = Spec {
    label: "deposit speed",
    title: "Deposit speed",
    option: "depositSpeed",
    attribute: "data-deposit-speed",
    help: "0 to 1: the share of its excess sediment a droplet drops each step",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.05,
    surfaces: Surfaces::EROSION,
};

/// How fast a droplet dries up.
pub static EVAPORATE_SPEED: Spec = Spec {
    label: "evaporate speed",
    title: "Evaporate speed",
    option: "evaporateSpeed",
    attribute: "data-evaporate-speed",
    help: "0 to 1: the share of its water a droplet loses each step",
    kind: Kind::Number { min: 0.0, max: 1.0 },
    step: 0.01,
    surfaces: Surfaces::EROSION,
};

/// The radius of the brush a droplet erodes with.
pub static RADIUS: Spec = Spec {
    label: "radius",
    title: "Brush radius",
    option: "radius",
    attribute: "data-radius",
    help: "1 to 8 points: how wide a droplet wears the ground away",
    kind: Kind::Whole {
        min: 1,
        max: MAX_RADIUS as u64,
    },
    step: 1.0,
    surfaces: Surfaces::EROSION,
};

/// How strongly a drop speeds a droplet up.
pub static GRAVITY: Spec = Spec {
    label: "gravity",
    title: "Gravity",
    option: "gravity",
    attribute: "data-gravity",
    help: "0 to 100: how much a drop in height speeds a droplet up",
    kind: Kind::Number {
        min: 0.0,
        max: MAX_GRAVITY,
    },
    step: 0.5,
    surfaces: Surfaces::EROSION,
};

/// The most steps a droplet takes.
pub static LIFETIME: Spec = Spec {
    label: "lifetime",
    title: "Lifetime",
    option: "lifetime",
    attribute: "data-lifetime",
    help: "1 to 1000: the most steps a droplet takes before it is gone",
    kind: Kind::Whole {
        min: 1,
        max: MAX_LIFETIME as u64,
    },
    step: 1.0,
    surfaces: Surfaces::EROSION,
};

/// Whether erosion wraps around the map's edges.
pub static WRAP: Spec = Spec {
    label: "wrap",
    title: "Wrap around the edges",
    option: "wrap",
    attribute: "data-wrap",
    help: "treat the map as tileable: what leaves one edge comes back at the other",
    kind: Kind::Switch,
    step: 1.0,
    surfaces: Surfaces::EROSION,
};

/// How droplets erode: the well-known defaults, and the range of each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DropletSettings {
    /// How many droplets fall, 0 to [`MAX_DROPLETS`]. Default
    /// [`DEFAULT_DROPLETS`].
    pub droplets: u32,
    /// Seeds where the droplets land; every `u64` is valid. Default 0.
    pub seed: u64,
    /// Treat the map as tileable (see [the module](crate::erosion)): droplets
    /// and brushes wrap around its edges, and the result tiles with zero
    /// seam. Default false: droplets leaving the map are gone.
    pub wrap: bool,
    /// How much of its direction a droplet keeps at each step, 0 to 1.
    /// Default 0.05.
    pub inertia: f64,
    /// Sediment a droplet can carry per unit of drop, speed and water, 0 to
    /// [`MAX_CAPACITY`]. Default 4.
    pub capacity: f64,
    /// The least a droplet can carry, however slow, dry or flat its path,
    /// 0 to [`MAX_MIN_CAPACITY`]. Default 0.01.
    pub min_capacity: f64,
    /// The share of its free capacity a droplet fills at each step, 0 to 1.
    /// Default 0.3.
    pub erode_speed: f64,
    /// The share of its excess sediment a droplet drops at each step, 0 to
    /// 1. Default 0.3.
    pub deposit_speed: f64,
    /// The share of its water a droplet loses at each step, 0 to 1.
    /// Default 0.01.
    pub evaporate_speed: f64,
    /// The radius of the erosion brush in points, a whole number from 1 (the
    /// nearest point alone) to [`MAX_RADIUS`]. Default 3.
    pub radius: u32,
    /// How much a drop in height speeds a droplet up, 0 to [`MAX_GRAVITY`].
    /// Default 4.
    pub gravity: f64,
    /// The most steps a droplet takes, a whole number from 1 to
    /// [`MAX_LIFETIME`]. Default 30.
    pub lifetime: u32,
}

impl Default for DropletSettings {
    fn default() -> Self {
        Self {
            droplets: DEFAULT_DROPLETS,
            seed: 0,
            wrap: false,
            inertia: DEFAULT_INERTIA,
            capacity: DEFAULT_CAPACITY,
            min_capacity: DEFAULT_MIN_CAPACITY,
            erode_speed: DEFAULT_ERODE_SPEED,
            deposit_speed: DEFAULT_DEPOSIT_SPEED,
            evaporate_speed: DEFAULT_EVAPORATE_SPEED,
            radius: DEFAULT_RADIUS,
            gravity: DEFAULT_GRAVITY,
            lifetime: DEFAULT_LIFETIME,
        }
    }
}

impl DropletSettings {
    /// Checks every setting; the first bad one is the error, naming the
    /// setting, its value and the allowed range.
    pub fn validate(&self) -> Result<(), Error> {
        check(&DROPLETS, Value::Whole(u64::from(self.droplets)))?;
        for (spec, value) in [
            (&INERTIA, self.inertia),
            (&CAPACITY, self.capacity),
            (&MIN_CAPACITY, self.min_capacity),
            (&ERODE_SPEED, self.erode_speed),
            (&DEPOSIT_SPEED, self.deposit_speed),
            (&EVAPORATE_SPEED, self.evaporate_speed),
            (&GRAVITY, self.gravity),
        ] {
            check(spec, Value::Number(value))?;
        }
        check(&RADIUS, Value::Whole(u64::from(self.radius)))?;
        check(&LIFETIME, Value::Whole(u64::from(self.lifetime)))
    }
}

/// Where the material of a run went. It balances: every bit eroded was
/// either deposited or is carried, so `eroded - deposited - carried` is 0
/// up to rounding ([`Ledger::imbalance`]), and the map lost exactly
/// `eroded - deposited` (its heights summed over its own points: all of
/// them, or with wrap the `period x period` square without the copied last
/// row and column).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Ledger {
    /// Material taken from the map by all droplets.
    pub eroded: f64,
    /// Material put back on the map.
    pub deposited: f64,
    /// Material the droplets still carried when they ended (their lifetime
    /// ran out, they stopped, or they left the map): lost to the map.
    pub carried: f64,
}

impl Ledger {
    /// `eroded - deposited - carried`: zero but for rounding.
    pub fn imbalance(&self) -> f64 {
        self.eroded - self.deposited - self.carried
    }
}

/// A ledger being summed: droplet by droplet within a task of the
/// schedule ([`crate::erosion::schedule`]), then task by task in the
/// schedule's order, each with compensated sums, so that any number of
/// workers adds the same numbers in the same order.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    eroded: Sum,
    deposited: Sum,
    carried: Sum,
}

impl Tally {
    /// Adds what a task (or a droplet) moved.
    pub fn add(&mut self, ledger: Ledger) {
        self.eroded.add(ledger.eroded);
        self.deposited.add(ledger.deposited);
        self.carried.add(ledger.carried);
    }

    /// The totals so far.
    pub fn ledger(&self) -> Ledger {
        Ledger {
            eroded: self.eroded.total(),
            deposited: self.deposited.total(),
            carried: self.carried.total(),
        }
    }
}

/// A finished run: the eroded map and where the material went.
#[derive(Debug, Clone, PartialEq)]
pub struct Erosion {
    /// The map after the droplets, not re-normalized.
    pub heightmap: Heightmap,
    /// Where the material went.
    pub ledger: Ledger,
    /// How many droplets fell.
    pub droplets: u32,
}

/// A run of droplets that can stop after any number of them and go on
/// from there (see [`Weathering`]): stopped after `K`, it is a run of `K`.
/// The droplets fall in the order of the tiled schedule
/// ([`crate::erosion::schedule`]), one after another: the same result, bit
/// for bit, as the schedule run on any number of workers.
#[derive(Debug, Clone)]
pub struct DropletRun {
    land: Land,
    settings: DropletSettings,
    exponent: u32,
    random: PointRandom,
    schedule: Schedule,
    /// The round being run, in schedule order.
    order: RoundOrder,
    /// The next round to order.
    next_round: u32,
    /// Droplets of `order` fallen so far.
    position: usize,
    /// The schedule slot (tile) of the droplet at `position`.
    slot: usize,
    /// Droplets fallen so far.
    fallen: u32,
    /// What the finished tasks moved, task by task.
    done: Tally,
    /// What the task being run moved, droplet by droplet, once it has one.
    task: Option<Tally>,
}

impl Weathering for DropletRun {
    type Settings = DropletSettings;
    type Finished = Erosion;

    fn check(settings: &DropletSettings) -> Result<(), Error> {
        settings.validate()
    }

    fn start(map: &Heightmap, settings: &DropletSettings) -> Self {
        Self {
            land: Land::new(map, settings),
            settings: *settings,
            exponent: map.exponent(),
            random: PointRandom::new(settings.seed ^ STREAM_SALT),
            schedule: Schedule::new(
                map.side(),
                settings.wrap,
                settings.lifetime,
                settings.radius,
            ),
            order: RoundOrder::default(),
            next_round: 0,
            position: 0,
            slot: 0,
            fallen: 0,
            done: Tally::default(),
            task: None,
        }
    }

    fn steps_asked(&self) -> u32 {
        self.settings.droplets
    }

    fn steps_done(&self) -> u32 {
        self.fallen
    }

    /// One droplet falls: the next of the schedule.
    fn step(&mut self) {
        if self.position == self.order.droplets.len() {
            // With one tile the run is one task, a plain loop: the same
            // ledger, to the last bit, as before there were tiles.
            if self.schedule.across() > 1 {
                self.close_task();
            }
            self.order = self.schedule.round_order(self.random, self.next_round);
            self.next_round += 1;
            self.position = 0;
            self.slot = 0;
        }
        while self.order.starts[self.slot + 1] as usize <= self.position {
            self.close_task();
            self.slot += 1;
        }
        let droplet = self.order.droplets[self.position];
        let task = self.task.get_or_insert_default();
        self.land
            .fall_droplet(self.random, droplet, &self.settings, task);
        self.position += 1;
        self.fallen += 1;
    }

    /// The map and ledger as they are now, without a copy.
    fn finish(self) -> Erosion {
        let ledger = self.ledger();
        Erosion {
            heightmap: self.land.into_grid().into_map(self.exponent),
            ledger,
            droplets: self.fallen,
        }
    }
}

impl DropletRun {
    /// Where the material went so far.
    pub fn ledger(&self) -> Ledger {
        let mut total = self.done;
        if let Some(task) = self.task {
            total.add(task.ledger());
        }
        total.ledger()
    }

    /// A copy of the map as it is now.
    pub fn heightmap(&self) -> Heightmap {
        self.land.grid().into_map(self.exponent)
    }

    /// Adds the task being run, if it had a droplet, to the ledger.
    fn close_task(&mut self) {
        if let Some(task) = self.task.take() {
            self.done.add(task.ledger());
        }
    }
}

/// Where a droplet is and what it has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DropletState {
    /// Column, in points from the left edge (fractional: between points).
    pub x: f64,
    /// Row, in points from the top edge.
    pub y: f64,
    /// Speed, in cells per step's worth of time; starts at 1.
    pub speed: f64,
    /// Water, starting at 1 and evaporating.
    pub water: f64,
    /// Material carried, in height units (summed over the points it came
    /// from).
    pub sediment: f64,
}

/// One step of a traced droplet: where it was, which way it went and what
/// it did there.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TraceStep {
    /// The droplet as it starts the step.
    pub start: DropletState,
    /// The map's height under it then (interpolated).
    pub height: f64,
    /// The unit vector it moves along, `[x, y]`.
    pub direction: [f64; 2],
    /// The height it drops over the move; negative if it climbs.
    pub drop: f64,
    /// What it can carry after the move.
    pub capacity: f64,
    /// Material it took from the map at the step's start.
    pub eroded: f64,
    /// Material it left there.
    pub deposited: f64,
}

crate::named_choices! {
    /// Why a droplet's run ended.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Ending {
        /// It took its `lifetime` steps.
        LifetimeOver = "lifetime-over",
        /// It moved off the map (never with wrap).
        LeftMap = "left-map",
        /// It had no slope under it and no momentum left.
        Stopped = "stopped",
    }
}

/// The path of one droplet, for the one-droplet demo.
#[derive(Debug, Clone, PartialEq)]
pub struct Trace {
    /// One record per step that moved it, in order.
    pub steps: Vec<TraceStep>,
    /// The droplet when its run ended; off the map if it left it.
    pub end: DropletState,
    /// Why its run ended.
    pub ending: Ending,
    /// The map after this droplet.
    pub heightmap: Heightmap,
    /// What this droplet moved.
    pub ledger: Ledger,
}

/// Follows droplet `droplet` (0 to [`MAX_DROPLETS`] - 1, counted in the
/// order droplets fall in a run) on `map`: it lands where it would in a
/// run of `settings`, but runs on this map as it is. So droplet 0 on the original map is the first droplet of every run,
/// and [`Trace::heightmap`] is then the map after one droplet. The
/// settings are validated like a run's; their `droplets` count plays no
/// part.
pub fn trace(map: &Heightmap, settings: &DropletSettings, droplet: u32) -> Result<Trace, Error> {
    check(&DROPLET, Value::Whole(u64::from(droplet)))?;
    settings.validate()?;
    follow(map, settings, droplet)
}

/// [`trace`] with settings already checked.
pub(crate) fn follow(
    map: &Heightmap,
    settings: &DropletSettings,
    droplet: u32,
) -> Result<Trace, Error> {
    let one = DropletSettings {
        droplets: 1,
        ..*settings
    };
    let mut run = started::<DropletRun>(map, &one)?;
    let droplet = run.schedule.droplet_at(run.random, droplet);
    let start = start_of(run.random, droplet, run.land.limit);
    let mut steps = Vec::new();
    let fall = run.land.fall(start, settings, Some(&mut steps));
    Ok(Trace {
        steps,
        end: fall.end,
        ending: fall.ending,
        heightmap: run.heightmap(),
        ledger: Ledger {
            eroded: fall.eroded,
            deposited: fall.deposited,
            carried: fall.end.sediment,
        },
    })
}

/// What one droplet did.
pub(crate) struct Fall {
    end: DropletState,
    ending: Ending,
    eroded: f64,
    deposited: f64,
}

/// The heights droplets run over, and what they need to read and change
/// them quickly: the whole grid, or only a window of it (a tile of
/// [`crate::erosion::schedule`] and the margin its droplets can reach).
/// Droplets always move in the map's coordinates; only the storage is a
/// window, so a droplet computes the same numbers on either.
#[derive(Debug, Clone)]
pub(crate) struct Land {
    /// The heights of the window, row by row, `columns` a row.
    heights: Vec<f64>,
    /// Points on a side of the grid (the map's side, or its period with
    /// wrap).
    width: usize,
    wrap: bool,
    /// The window's first column and row in the grid (with wrap, it may
    /// run across the seam: its columns are `x0, x0 + 1, ...` modulo the
    /// period).
    x0: usize,
    y0: usize,
    /// The window's size; the whole grid's when it is the grid.
    columns: usize,
    rows: usize,
    /// Positions live in `[0, limit)` on both axes: the map's `last`. Without
    /// wrap, that keeps the point right of and below a droplet on the map;
    /// with wrap it is the period.
    limit: f64,
    /// The map's lowest height when the run began: nothing is dug below.
    floor: f64,
    brush: Brush,
}

impl Land {
    pub(crate) fn new(map: &Heightmap, settings: &DropletSettings) -> Self {
        let grid = Grid::of(map, settings.wrap);
        let floor = lowest(&grid.heights);
        let width = grid.width;
        Self::window(
            grid.heights,
            (0, 0, width, width),
            width,
            settings,
            map.last() as f64,
            floor,
        )
    }

    /// A land whose storage is the window `(x0, y0, columns, rows)` of a
    /// grid `width` points a side, holding `heights`.
    pub(crate) fn window(
        heights: Vec<f64>,
        (x0, y0, columns, rows): (usize, usize, usize, usize),
        width: usize,
        settings: &DropletSettings,
        limit: f64,
        floor: f64,
    ) -> Self {
        debug_assert_eq!(heights.len(), columns * rows);
        Self {
            brush: Brush::new(settings.radius, columns),
            width,
            wrap: settings.wrap,
            x0,
            y0,
            columns,
            rows,
            heights,
            limit,
            floor,
        }
    }

    fn grid(&self) -> Grid {
        Grid {
            heights: self.heights.clone(),
            width: self.width,
            wrap: self.wrap,
        }
    }

    pub(crate) fn into_heights(self) -> Vec<f64> {
        self.heights
    }

    pub(crate) fn into_grid(self) -> Grid {
        debug_assert_eq!(self.columns, self.width);
        Grid {
            heights: self.heights,
            width: self.width,
            wrap: self.wrap,
        }
    }

    /// Where grid column `column` is in the window. A droplet never
    /// reaches beyond its tile's window (the reach bound of
    /// [`crate::erosion::schedule`]); debug builds check it.
    #[inline]
    fn local_column(&self, column: usize) -> usize {
        let local = if column >= self.x0 {
            column - self.x0
        } else {
            column + self.width - self.x0
        };
        debug_assert!(
            local < self.columns,
            "column {column} is outside its window"
        );
        local
    }

    /// [`Land::local_column`] for rows.
    #[inline]
    fn local_row(&self, row: usize) -> usize {
        let local = if row >= self.y0 {
            row - self.y0
        } else {
            row + self.width - self.y0
        };
        debug_assert!(local < self.rows, "row {row} is outside its window");
        local
    }

    /// The storage index of grid point `(column, row)`.
    #[inline]
    fn index(&self, column: usize, row: usize) -> usize {
        self.local_row(row) * self.columns + self.local_column(column)
    }

    /// The indices of the four points around cell `(column, row)`: top
    /// left, top right, bottom left, bottom right. Without wrap the cell is
    /// never in the last row or column (positions stay below `limit`); with
    /// wrap, the points right of the last column are in the first.
    #[inline]
    fn cell(&self, column: usize, row: usize) -> [usize; 4] {
        let width = self.width;
        let (right, below) = if self.wrap {
            (
                if column + 1 == width { 0 } else { column + 1 },
                if row + 1 == width { 0 } else { row + 1 },
            )
        } else {
            (column + 1, row + 1)
        };
        let (left, right) = (self.local_column(column), self.local_column(right));
        let top = self.local_row(row) * self.columns;
        let bottom = self.local_row(below) * self.columns;
        [top + left, top + right, bottom + left, bottom + right]
    }

    /// The cell under `(x, y)` and the position within it.
    #[inline]
    fn locate(&self, x: f64, y: f64) -> ([usize; 4], f64, f64) {
        // Positions are never negative, so truncating is flooring.
        let column = x as usize;
        let row = y as usize;
        (self.cell(column, row), x - column as f64, y - row as f64)
    }

    /// The height at `(x, y)`, interpolated between the four points around.
    #[inline]
    fn height_at(&self, x: f64, y: f64) -> f64 {
        let (corners, u, v) = self.locate(x, y);
        let [top_left, top_right, bottom_left, bottom_right] = corners.map(|i| self.heights[i]);
        let top = top_left + (top_right - top_left) * u;
        let bottom = bottom_left + (bottom_right - bottom_left) * u;
        top + (bottom - top) * v
    }

    /// Droplet `droplet` of the stream `random` falls, and `tally` counts
    /// what it moved: the one way both the single-threaded run and a tile's
    /// task let a droplet fall.
    #[inline]
    pub(crate) fn fall_droplet(
        &mut self,
        random: PointRandom,
        droplet: u32,
        settings: &DropletSettings,
        tally: &mut Tally,
    ) {
        let start = start_of(random, droplet, self.limit);
        let fall = self.fall(start, settings, None);
        tally.add(Ledger {
            eroded: fall.eroded,
            deposited: fall.deposited,
            carried: fall.end.sediment,
        });
    }

    /// One droplet, from `start` until its run ends, recording each step
    /// into `trace` if there is one.
    pub(crate) fn fall(
        &mut self,
        start: (f64, f64),
        settings: &DropletSettings,
        mut trace: Option<&mut Vec<TraceStep>>,
    ) -> Fall {
        let DropletSettings {
            inertia,
            capacity: capacity_factor,
            min_capacity,
            erode_speed,
            deposit_speed,
            evaporate_speed,
            gravity,
            lifetime,
            ..
        } = *settings;
        let pull = 1.0 - inertia;
        let keep_water = 1.0 - evaporate_speed;
        let limit = self.limit;
        let (mut x, mut y) = start;
        let (mut direction_x, mut direction_y) = (0.0, 0.0);
        let mut speed = START_SPEED;
        let mut water = START_WATER;
        let mut sediment = 0.0;
        let mut eroded = 0.0;
        let mut deposited = 0.0;
        let mut ending = Ending::LifetimeOver;
        for _ in 0..lifetime {
            let (corners, u, v) = self.locate(x, y);
            let [top_left, top_right, bottom_left, bottom_right] = corners.map(|i| self.heights[i]);
            // The bilinear surface's height and slope at (u, v) in the cell.
            let top = top_left + (top_right - top_left) * u;
            let bottom = bottom_left + (bottom_right - bottom_left) * u;
            let height = top + (bottom - top) * v;
            let slope_x = (top_right - top_left) * (1.0 - v) + (bottom_right - bottom_left) * v;
            let slope_y = bottom - top;

            direction_x = direction_x * inertia - slope_x * pull;
            direction_y = direction_y * inertia - slope_y * pull;
            let length = (direction_x * direction_x + direction_y * direction_y).sqrt();
            if length <= SHORTEST_DIRECTION {
                ending = Ending::Stopped;
                break;
            }
            direction_x /= length;
            direction_y /= length;

            let mut next_x = x + direction_x;
            let mut next_y = y + direction_y;
            if self.wrap {
                next_x = wrap_coordinate(next_x, limit);
                next_y = wrap_coordinate(next_y, limit);
            } else if !(next_x >= 0.0 && next_x < limit && next_y >= 0.0 && next_y < limit) {
                x = next_x;
                y = next_y;
                ending = Ending::LeftMap;
                break;
            }

            let drop = height - self.height_at(next_x, next_y);
            let capacity = at_least(drop * speed * water * capacity_factor, min_capacity);
            let start_sediment = sediment;
            let (step_eroded, step_deposited) = if drop < 0.0 || sediment > capacity {
                // Uphill, fill the hollow behind by at most the climb;
                // otherwise drop part of what is too much to carry.
                let amount = if drop < 0.0 {
                    at_most(-drop, sediment)
                } else {
                    (sediment - capacity) * deposit_speed
                };
                self.deposit(corners, u, v, amount);
                sediment -= amount;
                (0.0, amount)
            } else {
                let wanted = at_most((capacity - sediment) * erode_speed, drop);
                // The brush is centred on the point nearest the droplet.
                let taken = self.erode(x + 0.5, y + 0.5, wanted);
                sediment += taken;
                (taken, 0.0)
            };
            eroded += step_eroded;
            deposited += step_deposited;

            if let Some(steps) = trace.as_deref_mut() {
                steps.push(TraceStep {
                    start: DropletState {
                        x,
                        y,
                        speed,
                        water,
                        sediment: start_sediment,
                    },
                    height,
                    direction: [direction_x, direction_y],
                    drop,
                    capacity,
                    eroded: step_eroded,
                    deposited: step_deposited,
                });
            }

            speed = at_least(speed * speed + drop * gravity, 0.0).sqrt();
            water *= keep_water;
            x = next_x;
            y = next_y;
        }
        Fall {
            end: DropletState {
                x,
                y,
                speed,
                water,
                sediment,
            },
            ending,
            eroded,
            deposited,
        }
    }

    /// Adds `amount` to the four points of a cell, each getting the share
    /// its bilinear weight at `(u, v)` gives it.
    #[inline]
    fn deposit(&mut self, corners: [usize; 4], u: f64, v: f64, amount: f64) {
        let [top_left, top_right, bottom_left, bottom_right] = corners;
        let top = amount * (1.0 - v);
        let bottom = amount * v;
        self.heights[top_left] += top * (1.0 - u);
        self.heights[top_right] += top * u;
        self.heights[bottom_left] += bottom * (1.0 - u);
        self.heights[bottom_right] += bottom * u;
    }

    /// Takes up to `amount` from the brush around the point nearest
    /// `(x - 0.5, y - 0.5)` (the caller adds the half, so truncating
    /// rounds), never below the floor; returns what it took.
    #[inline]
    fn erode(&mut self, x: f64, y: f64, amount: f64) -> f64 {
        let column = x as usize;
        let row = y as usize;
        let reach = self.brush.reach;
        let width = self.width;
        let inside = |coordinate: usize| coordinate >= reach && coordinate + reach < width;
        if inside(column) && inside(row) {
            // The common case: the whole brush is on the grid, at fixed
            // offsets from its centre.
            // Summing what each point gives would chain one addition after
            // another through the whole brush; instead, only the rare
            // points at the floor, which give less than asked, are counted.
            let centre = self.index(column, row);
            let floor = self.floor;
            let mut shortfall = 0.0;
            for (&offset, &weight) in self.brush.offsets.iter().zip(&self.brush.weights) {
                let point = &mut self.heights[centre.wrapping_add_signed(offset)];
                shortfall += dig(point, amount * weight, floor);
            }
            // Rounding must not turn a tiny take into a tiny negative one.
            at_least(amount - shortfall, 0.0)
        } else {
            self.erode_at_edge(column, row, amount)
        }
    }

    /// [`Land::erode`] for a brush that crosses the grid's edge: with wrap
    /// its points come round from the other side (on a map smaller than
    /// the brush, some more than once); without, the points off the map
    /// are left out and the others' weights scaled up to add up to 1 again.
    #[cold]
    fn erode_at_edge(&mut self, column: usize, row: usize, amount: f64) -> f64 {
        // With wrap the nearest point can be one past the last column,
        // which is column 0; without, the last column is a real point.
        let width = self.width as i64;
        let (column, row) = (column as i64, row as i64);
        let point = |dx: i64, dy: i64| -> Option<usize> {
            let (x, y) = (column + dx, row + dy);
            if self.wrap {
                Some(self.index(x.rem_euclid(width) as usize, y.rem_euclid(width) as usize))
            } else {
                ((0..width).contains(&x) && (0..width).contains(&y))
                    .then(|| self.index(x as usize, y as usize))
            }
        };
        let points: Vec<Option<usize>> = self
            .brush
            .steps
            .iter()
            .map(|&(dx, dy)| point(dx, dy))
            .collect();
        let mut weight_on_map = 0.0;
        for (point, &weight) in points.iter().zip(&self.brush.weights) {
            if point.is_some() {
                weight_on_map += weight;
            }
        }
        let floor = self.floor;
        let mut shortfall = 0.0;
        for (point, &weight) in points.iter().zip(&self.brush.weights) {
            if let Some(index) = *point {
                shortfall += dig(
                    &mut self.heights[index],
                    amount * (weight / weight_on_map),
                    floor,
                );
            }
        }
        at_least(amount - shortfall, 0.0)
    }
}

/// Lowers `point` by `wanted`, but not below `floor` (which it is never
/// below); returns the part of `wanted` it could not give. Comparing the
/// lowered height itself with the floor, rather than `wanted` with the
/// room above the floor, keeps rounding from ever landing it a hair below.
#[inline]
fn dig(point: &mut f64, wanted: f64, floor: f64) -> f64 {
    let lowered = *point - wanted;
    if lowered >= floor {
        *point = lowered;
        0.0
    } else {
        let given = *point - floor;
        *point = floor;
        wanted - given
    }
}

/// The lowest of `heights` (plain comparisons, as [`at_most`]).
pub(crate) fn lowest(heights: &[f64]) -> f64 {
    heights
        .iter()
        .fold(f64::INFINITY, |low, &height| at_most(height, low))
}

/// `value` brought back into `[0, period)` after a move of at most a cell.
#[inline]
fn wrap_coordinate(value: f64, period: f64) -> f64 {
    let mut wrapped = value;
    if wrapped < 0.0 {
        wrapped += period;
    }
    // Also catches a tiny negative value that rounded up to the period
    // when the period was added.
    if wrapped >= period {
        wrapped -= period;
    }
    wrapped
}

/// The larger of two numbers, neither of them NaN (plain comparisons:
/// `f64::max`'s NaN rules cost several instructions in WebAssembly).
#[inline]
fn at_least(value: f64, low: f64) -> f64 {
    if value > low { value } else { low }
}

/// The smaller of two numbers, neither of them NaN.
#[inline]
fn at_most(value: f64, high: f64) -> f64 {
    if value < high { value } else { high }
}

/// The erosion brush: the points within `radius` of a centre, with weights
/// falling off linearly to 0 at `radius` and adding up to 1.
#[derive(Debug, Clone)]
struct Brush {
    /// The farthest a brush point is from the centre along either axis.
    reach: usize,
    /// Each point's `(dx, dy)` from the centre.
    steps: Vec<(i64, i64)>,
    /// Each point's index offset from the centre on a grid of the run's
    /// width.
    offsets: Vec<isize>,
    /// Each point's weight.
    weights: Vec<f64>,
}

impl Brush {
    fn new(radius: u32, width: usize) -> Self {
        let radius = i64::from(radius);
        let reach = radius - 1;
        let mut steps = Vec::new();
        let mut weights = Vec::new();
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let squared = dx * dx + dy * dy;
                if squared < radius * radius {
                    steps.push((dx, dy));
                    weights.push(radius as f64 - (squared as f64).sqrt());
                }
            }
        }
        let total: f64 = weights.iter().sum();
        for weight in &mut weights {
            *weight /= total;
        }
        let offsets = steps
            .iter()
            .map(|&(dx, dy)| (dy * width as i64 + dx) as isize)
            .collect();
        Self {
            reach: reach as usize,
            steps,
            offsets,
            weights,
        }
    }
}

/// A running total that keeps the rounding error of each addition
/// (Neumaier's compensated sum), so the ledger of a million droplets
/// balances to the last few digits.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Sum {
    sum: f64,
    compensation: f64,
}

impl Sum {
    pub(crate) fn add(&mut self, value: f64) {
        let sum = self.sum + value;
        self.compensation += if self.sum.abs() >= value.abs() {
            (self.sum - sum) + value
        } else {
            (value - sum) + self.sum
        };
        self.sum = sum;
    }

    pub(crate) fn total(&self) -> f64 {
        self.sum + self.compensation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::erosion::MAX_ABS_HEIGHT;
    use crate::erosion::test_maps::{generated, own_total, shaped};

    fn assert_tiles(map: &Heightmap) {
        crate::erosion::test_maps::assert_tiles(map.heights(), map.side());
    }

    #[test]
    fn each_ending_sits_at_its_own_place() {
        for (place, ending) in Ending::ALL.into_iter().enumerate() {
            assert_eq!(ending as usize, place, "{ending:?}");
        }
    }

    fn settings(droplets: u32) -> DropletSettings {
        DropletSettings {
            droplets,
            seed: 3,
            ..DropletSettings::default()
        }
    }

    /// A sum that keeps its rounding errors (the map totals the ledger is
    /// checked against are sums of many thousand heights).
    /// The ledger balances and the map lost exactly what it says.
    fn assert_balanced(before: &Heightmap, erosion: &Erosion, wrap: bool, tolerance: f64) {
        let ledger = erosion.ledger;
        let scale = ledger.eroded.max(1.0);
        assert!(
            ledger.imbalance().abs() <= tolerance * scale,
            "{ledger:?}, imbalance {}",
            ledger.imbalance()
        );
        let lost = own_total(before, wrap) - own_total(&erosion.heightmap, wrap);
        assert!(
            (lost - (ledger.eroded - ledger.deposited)).abs() <= tolerance * scale,
            "map lost {lost}, ledger says {}",
            ledger.eroded - ledger.deposited
        );
    }

    #[test]
    fn defaults_are_the_well_known_values() {
        let defaults = DropletSettings::default();
        assert_eq!(defaults.inertia, 0.05);
        assert_eq!(defaults.capacity, 4.0);
        assert_eq!(defaults.min_capacity, 0.01);
        assert_eq!(defaults.erode_speed, 0.3);
        assert_eq!(defaults.deposit_speed, 0.3);
        assert_eq!(defaults.evaporate_speed, 0.01);
        assert_eq!(defaults.radius, 3);
        assert_eq!(defaults.gravity, 4.0);
        assert_eq!(defaults.lifetime, 30);
        assert_eq!(defaults.droplets, 100_000);
        assert!(!defaults.wrap);
        assert_eq!(defaults.validate(), Ok(()));
    }

    #[test]
    fn every_out_of_range_setting_is_named_with_its_value_and_range() {
        let base = DropletSettings::default();
        let cases: [(DropletSettings, &str); 14] = [
            (
                DropletSettings {
                    droplets: 1_000_001,
                    ..base
                },
                "droplets must be a whole number from 0 to 1000000; got 1000001",
            ),
            (
                DropletSettings {
                    inertia: 1.5,
                    ..base
                },
                "inertia must be a number from 0 to 1; got 1.5",
            ),
            (
                DropletSettings {
                    inertia: f64::NAN,
                    ..base
                },
                "inertia must be a number from 0 to 1; got NaN",
            ),
            (
                DropletSettings {
                    capacity: -1.0,
                    ..base
                },
                "capacity must be a number from 0 to 100; got -1",
            ),
            (
                DropletSettings {
                    capacity: f64::INFINITY,
                    ..base
                },
                "capacity must be a number from 0 to 100; got inf",
            ),
            (
                DropletSettings {
                    min_capacity: 2.0,
                    ..base
                },
                "min capacity must be a number from 0 to 1; got 2",
            ),
            (
                DropletSettings {
                    erode_speed: -0.1,
                    ..base
                },
                "erode speed must be a number from 0 to 1; got -0.1",
            ),
            (
                DropletSettings {
                    deposit_speed: 1.01,
                    ..base
                },
                "deposit speed must be a number from 0 to 1; got 1.01",
            ),
            (
                DropletSettings {
                    evaporate_speed: 7.0,
                    ..base
                },
                "evaporate speed must be a number from 0 to 1; got 7",
            ),
            (
                DropletSettings { radius: 0, ..base },
                "radius must be a whole number from 1 to 8; got 0",
            ),
            (
                DropletSettings { radius: 9, ..base },
                "radius must be a whole number from 1 to 8; got 9",
            ),
            (
                DropletSettings {
                    gravity: 101.0,
                    ..base
                },
                "gravity must be a number from 0 to 100; got 101",
            ),
            (
                DropletSettings {
                    lifetime: 0,
                    ..base
                },
                "lifetime must be a whole number from 1 to 1000; got 0",
            ),
            (
                DropletSettings {
                    lifetime: 1001,
                    ..base
                },
                "lifetime must be a whole number from 1 to 1000; got 1001",
            ),
        ];
        let map = Heightmap::zeroed(2);
        for (bad, message) in cases {
            let error = bad.validate().expect_err(message);
            assert_eq!(error.to_string(), message);
            // Running refuses the same settings with the same error.
            assert_eq!(
                DropletRun::erode(&map, &bad, &mut |_| {}).expect_err(message),
                error
            );
            assert_eq!(trace(&map, &bad, 0).expect_err(message), error);
        }
        let error = trace(&map, &base, MAX_DROPLETS).expect_err("no such droplet");
        assert_eq!(
            error.to_string(),
            "droplet must be a whole number from 0 to 999999; got 1000000"
        );
        assert_eq!(
            DropletSettings {
                min_capacity: 2.0,
                ..base
            }
            .validate()
            .expect_err("out of range")
            .describe(MIN_CAPACITY.option),
            "minCapacity must be a number from 0 to 1; got 2"
        );
        // The ends of every range are allowed.
        let lowest = DropletSettings {
            droplets: 0,
            inertia: 0.0,
            capacity: 0.0,
            min_capacity: 0.0,
            erode_speed: 0.0,
            deposit_speed: 0.0,
            evaporate_speed: 0.0,
            radius: 1,
            gravity: 0.0,
            lifetime: 1,
            ..base
        };
        let highest = DropletSettings {
            droplets: MAX_DROPLETS,
            inertia: 1.0,
            capacity: MAX_CAPACITY,
            min_capacity: MAX_MIN_CAPACITY,
            erode_speed: 1.0,
            deposit_speed: 1.0,
            evaporate_speed: 1.0,
            radius: MAX_RADIUS,
            gravity: MAX_GRAVITY,
            lifetime: MAX_LIFETIME,
            ..base
        };
        assert_eq!(lowest.validate(), Ok(()));
        assert_eq!(highest.validate(), Ok(()));
    }

    #[test]
    fn maps_with_heights_beyond_the_limit_are_refused() {
        let mut map = Heightmap::zeroed(2);
        map.set(1, 1, MAX_ABS_HEIGHT * 2.0);
        assert!(matches!(
            DropletRun::erode(&map, &settings(10), &mut |_| {}),
            Err(Error::HeightOutOfRange { index: 6, .. })
        ));
    }

    #[test]
    fn brushes_have_the_points_within_the_radius_and_weights_adding_to_one() {
        let counts: Vec<usize> = (1..=MAX_RADIUS)
            .map(|radius| Brush::new(radius, 100).weights.len())
            .collect();
        assert_eq!(counts, [1, 9, 25, 45, 69, 109, 145, 193]);
        for radius in 1..=MAX_RADIUS {
            let brush = Brush::new(radius, 100);
            let sum: f64 = brush.weights.iter().sum();
            assert!((sum - 1.0).abs() < 1e-14, "radius {radius}: {sum}");
            // The centre weighs most, and every weight is positive.
            let centre = brush.steps.iter().position(|&step| step == (0, 0));
            let centre = brush.weights[centre.expect("the centre is in")];
            assert!(brush.weights.iter().all(|&w| w > 0.0 && w <= centre));
            assert_eq!(brush.reach, radius as usize - 1);
        }
    }

    #[test]
    fn the_ledger_balances_and_the_map_loses_what_it_says() {
        let map = generated(false, 7, 11);
        let tileable = generated(true, 7, 11);
        for (map, wrap) in [(&map, false), (&tileable, true)] {
            for radius in [1, 3, 8] {
                let settings = DropletSettings {
                    radius,
                    wrap,
                    ..settings(3000)
                };
                let erosion = DropletRun::erode(map, &settings, &mut |_| {}).expect("valid");
                assert!(erosion.ledger.eroded > 1.0, "{:?}", erosion.ledger);
                assert!(erosion.ledger.deposited > 0.1, "{:?}", erosion.ledger);
                assert!(erosion.ledger.carried > 0.0, "{:?}", erosion.ledger);
                assert_balanced(map, &erosion, wrap, 1e-12);
            }
        }
    }

    #[test]
    fn the_same_settings_give_the_same_map_and_another_seed_another() {
        let map = generated(false, 6, 2);
        let first = DropletRun::erode(&map, &settings(500), &mut |_| {}).expect("valid");
        let again = DropletRun::erode(&map, &settings(500), &mut |_| {}).expect("valid");
        assert_eq!(first, again);
        let other = DropletRun::erode(
            &map,
            &DropletSettings {
                seed: 4,
                ..settings(500)
            },
            &mut |_| {},
        )
        .expect("valid");
        assert_ne!(first.heightmap, other.heightmap);
    }

    #[test]
    fn the_first_droplets_of_a_long_run_are_a_short_run() {
        let map = generated(false, 6, 5);
        let all = settings(400);
        let mut run = DropletRun::new(&map, &all).expect("valid");
        for stage in [0, 1, 7, 100, 400] {
            run.run_to(stage, &mut |_| {});
            assert_eq!(run.steps_done(), stage);
            let short = DropletRun::erode(&map, &settings(stage), &mut |_| {}).expect("valid");
            assert_eq!(run.heightmap(), short.heightmap, "after {stage} droplets");
            assert_eq!(run.ledger(), short.ledger, "after {stage} droplets");
        }
        // Asking for more than the settings' droplets stops at them.
        run.run_to(1000, &mut |_| {});
        assert_eq!(run.steps_done(), 400);
        let finished = run.finish();
        assert_eq!(
            finished,
            DropletRun::erode(&map, &all, &mut |_| {}).expect("valid")
        );
        assert_eq!(finished.droplets, 400);
    }

    #[test]
    fn progress_rises_to_one_a_hundred_times_or_so() {
        let map = generated(false, 5, 1);
        let mut shares = Vec::new();
        DropletRun::erode(&map, &settings(1000), &mut |share| shares.push(share)).expect("valid");
        assert_eq!(shares.len(), 100);
        assert!(shares.windows(2).all(|pair| pair[0] < pair[1]));
        assert_eq!(shares.first(), Some(&0.01));
        assert_eq!(shares.last(), Some(&1.0));
        let mut shares = Vec::new();
        DropletRun::erode(&map, &settings(0), &mut |share| shares.push(share)).expect("valid");
        assert_eq!(shares, [1.0]);
    }

    #[test]
    fn wrapped_erosion_of_a_tileable_map_still_tiles_exactly() {
        for exponent in [1, 2, 5, 7] {
            let map = generated(true, exponent, 9);
            assert_tiles(&map);
            let settings = DropletSettings {
                wrap: true,
                ..settings(2000)
            };
            let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
            assert_tiles(&erosion.heightmap);
            // The edges did change: droplets and brushes crossed them.
            let side = map.side();
            let edge_changed = (0..side).any(|i| erosion.heightmap.get(i, 0) != map.get(i, 0))
                && (0..side).any(|i| erosion.heightmap.get(0, i) != map.get(0, i));
            assert!(edge_changed, "exponent {exponent}");
        }
    }

    #[test]
    fn wrap_makes_any_map_tile_by_taking_its_first_row_and_column_as_the_last() {
        let map = generated(false, 4, 1);
        let settings = DropletSettings {
            wrap: true,
            ..settings(200)
        };
        assert_tiles(
            &DropletRun::erode(&map, &settings, &mut |_| {})
                .expect("valid")
                .heightmap,
        );
    }

    #[test]
    fn a_droplet_on_a_tilted_plane_runs_straight_downhill_and_off_the_map() {
        // Rising to the right: downhill is -x.
        let plane = shaped(6, |x, _| 0.2 + 0.5 * x);
        let settings = DropletSettings::default();
        // A droplet that lands far enough right to take a few steps.
        let random = PointRandom::new(settings.seed ^ STREAM_SALT);
        let droplet = (0..)
            .find(|&k| start_of(random, k, 64.0).0 > 20.0)
            .expect("one lands there");
        let traced = trace(&plane, &settings, droplet).expect("valid");
        assert_eq!(traced.ending, Ending::LeftMap);
        assert!(traced.end.x < 0.0);
        assert!(traced.steps.len() > 1);
        // The first step follows the plane exactly; after that the groove
        // the droplet cut bends its path, a little.
        let first = traced.steps[0];
        assert_eq!(first.direction, [-1.0, 0.0]);
        for step in &traced.steps {
            assert!(step.direction[0] < -0.99, "{step:?}");
            assert!(step.drop > 0.0, "{step:?}");
        }
        assert!(
            first.eroded > 0.0,
            "it picks up material falling: {first:?}"
        );
        for pair in traced.steps.windows(2) {
            assert!(pair[1].start.x < pair[0].start.x - 0.99);
            // Falling speeds it up, evaporation dries it.
            assert!(pair[1].start.speed > pair[0].start.speed);
            assert!(pair[1].start.water < pair[0].start.water);
        }
    }

    #[test]
    fn a_wrapped_droplet_never_leaves_and_lives_out_its_lifetime() {
        let plane = shaped(4, |x, _| 0.5 * x);
        let settings = DropletSettings {
            wrap: true,
            lifetime: 100,
            ..DropletSettings::default()
        };
        let traced = trace(&plane, &settings, 0).expect("valid");
        assert_eq!(traced.ending, Ending::LifetimeOver);
        assert_eq!(traced.steps.len(), 100);
        for step in &traced.steps {
            assert!((0.0..16.0).contains(&step.start.x), "{step:?}");
            assert!((0.0..16.0).contains(&step.start.y), "{step:?}");
        }
    }

    #[test]
    fn a_droplet_in_a_pit_deposits_what_it_carried_down() {
        // A cone-shaped pit: every droplet runs to the middle, overshoots,
        // climbs and drops sediment where it climbs.
        let pit = shaped(6, |x, y| {
            let (dx, dy) = (x - 0.5, y - 0.5);
            (dx * dx + dy * dy).sqrt()
        });
        let settings = DropletSettings {
            lifetime: 200,
            ..DropletSettings::default()
        };
        let traced = trace(&pit, &settings, 1).expect("valid");
        assert!(traced.steps.iter().any(|step| step.eroded > 0.0));
        let climbs: Vec<_> = traced
            .steps
            .iter()
            .filter(|step| step.drop < 0.0 && step.start.sediment > 0.0)
            .collect();
        assert!(!climbs.is_empty());
        for step in climbs {
            assert!(step.deposited > 0.0, "{step:?}");
            assert!(step.deposited <= -step.drop, "at most the climb: {step:?}");
            assert!(step.deposited <= step.start.sediment, "{step:?}");
        }
        // It never leaves the pit; every deposit stays on the map.
        assert_ne!(traced.ending, Ending::LeftMap);
        let erosion = DropletRun::erode(
            &pit,
            &DropletSettings {
                droplets: 200,
                ..settings
            },
            &mut |_| {},
        )
        .expect("valid");
        assert!(erosion.ledger.deposited > 0.0);
        let middle = pit.side() / 2;
        assert!(erosion.heightmap.get(middle, middle) > pit.get(middle, middle));
    }

    #[test]
    fn a_trace_is_the_first_droplet_of_a_run_step_by_step() {
        let map = generated(false, 6, 8);
        let one = DropletRun::erode(&map, &settings(1), &mut |_| {}).expect("valid");
        let traced = trace(&map, &settings(1), 0).expect("valid");
        assert_eq!(traced.heightmap, one.heightmap);
        assert_eq!(traced.ledger, one.ledger);
        assert!(!traced.steps.is_empty());
        // Each step's sediment is the last one's plus what it took, minus
        // what it left, and the steps join up.
        for pair in traced.steps.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            let expected = before.start.sediment + before.eroded - before.deposited;
            assert!((after.start.sediment - expected).abs() < 1e-15);
            assert!(before.eroded == 0.0 || before.deposited == 0.0);
            assert_eq!(after.start.x, before.start.x + before.direction[0]);
        }
        let eroded: f64 = traced.steps.iter().map(|step| step.eroded).sum();
        assert!((eroded - traced.ledger.eroded).abs() < 1e-15);
    }

    #[test]
    fn droplets_on_a_flat_map_stop_at_once_and_change_nothing() {
        let flat = Heightmap::from_heights(5, vec![0.25; 33 * 33]).expect("valid");
        let traced = trace(&flat, &DropletSettings::default(), 0).expect("valid");
        assert_eq!(traced.ending, Ending::Stopped);
        assert!(traced.steps.is_empty());
        let erosion = DropletRun::erode(&flat, &settings(1000), &mut |_| {}).expect("valid");
        assert_eq!(erosion.heightmap, flat);
        assert_eq!(erosion.ledger, Ledger::default());
    }

    #[test]
    fn nothing_is_dug_below_the_lowest_point() {
        // Heavy erosion on a steep map with deep spikes down to 0.
        let mut map = generated(false, 5, 3);
        for (x, y) in [(3, 3), (20, 9), (16, 16)] {
            map.set(x, y, 0.0);
        }
        let settings = DropletSettings {
            erode_speed: 1.0,
            capacity: MAX_CAPACITY,
            radius: 5,
            ..settings(5000)
        };
        let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
        assert!(erosion.heightmap.heights().iter().all(|&h| h >= 0.0));
        assert_balanced(&map, &erosion, false, 1e-12);
    }

    #[test]
    fn digging_to_a_floor_above_zero_never_rounds_below_it() {
        // Found by the property test below: the floor is the tiny first
        // height, and `h - (h - floor)` rounds to 0, below it.
        let map = Heightmap::from_heights(
            1,
            vec![
                2.2250738585072014e-308,
                0.8532245036645093,
                0.0,
                908339.3596180783,
                0.1460430063805468,
                0.0,
                0.0,
                0.0,
                0.0,
            ],
        )
        .expect("valid");
        let settings = DropletSettings {
            droplets: 23,
            seed: 13850457610038959555,
            wrap: true,
            inertia: 0.0,
            capacity: 0.0,
            min_capacity: 0.8144073731347702,
            erode_speed: 1.0,
            deposit_speed: 0.0,
            evaporate_speed: 0.0,
            radius: 3,
            gravity: 0.0,
            lifetime: 1,
        };
        let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
        let floor = 2.2250738585072014e-308;
        assert!(erosion.heightmap.heights().iter().all(|&h| h >= floor));
        assert!(erosion.ledger.eroded > 0.0);
    }

    #[test]
    fn tiny_maps_take_any_brush_with_or_without_wrap() {
        for exponent in 1..=3 {
            let map = generated(true, exponent, 5);
            for radius in 1..=MAX_RADIUS {
                for wrap in [false, true] {
                    let settings = DropletSettings {
                        radius,
                        wrap,
                        ..settings(300)
                    };
                    let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
                    assert!(erosion.heightmap.heights().iter().all(|h| h.is_finite()));
                    assert_balanced(&map, &erosion, wrap, 1e-12);
                    if wrap {
                        assert_tiles(&erosion.heightmap);
                    }
                }
            }
        }
    }

    /// The map `bench/erosion-js-check.mjs` builds in JavaScript, with the
    /// same operations in the same order, so its heights are the same bits.
    fn javascript_check_map() -> Heightmap {
        let noise = PointRandom::new(99);
        let mut map = Heightmap::zeroed(6);
        let last = map.last() as f64;
        for y in 0..map.side() {
            for x in 0..map.side() {
                let (u, v) = (x as f64 / last, y as f64 / last);
                let bump = 16.0 * u * (1.0 - u) * v * (1.0 - v);
                let index = map.index(x, y);
                map.set(x, y, 0.6 * bump + 0.05 * noise.unit(index));
            }
        }
        map
    }

    #[test]
    fn the_javascript_ports_check_cases_have_the_recorded_ledgers() {
        // If these change, so must the numbers in bench/erosion-js-check.mjs.
        let map = javascript_check_map();
        let open = DropletSettings {
            droplets: 2000,
            seed: 5,
            ..DropletSettings::default()
        };
        let wrapped = DropletSettings {
            droplets: 2000,
            seed: 6,
            wrap: true,
            radius: 5,
            ..DropletSettings::default()
        };
        let sum = |map: &Heightmap| map.heights().iter().sum::<f64>();
        for (settings, eroded, deposited, carried, total) in [
            (
                open,
                221.02182331450095,
                49.55272647163309,
                171.46909684286786,
                1026.0921368236018,
            ),
            (
                wrapped,
                219.54387286457822,
                180.46853915593275,
                39.07533370864548,
                1173.0558540959817,
            ),
        ] {
            let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
            assert_eq!(
                erosion.ledger,
                Ledger {
                    eroded,
                    deposited,
                    carried
                }
            );
            assert_eq!(sum(&erosion.heightmap), total);
        }
    }

    #[test]
    fn wrap_coordinates_stay_below_the_period() {
        assert_eq!(wrap_coordinate(-0.25, 2.0), 1.75);
        assert_eq!(wrap_coordinate(2.5, 2.0), 0.5);
        assert_eq!(wrap_coordinate(1.5, 2.0), 1.5);
        // Adding the period to a tiny negative number rounds to the period.
        assert_eq!(wrap_coordinate(-1e-17, 2.0), 0.0);
    }
}

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Maps of exponent 1 to 4 with heights anywhere in the allowed range,
    /// or flat, or flat with spikes.
    fn maps() -> impl Strategy<Value = Heightmap> {
        (1u32..=4).prop_flat_map(|exponent| {
            let count = ((1usize << exponent) + 1).pow(2);
            let height = prop_oneof![
                0.0..=1.0,
                -1e6..=1e6,
                Just(0.0),
                Just(1e6),
                Just(-1e6),
                Just(f64::MIN_POSITIVE),
            ];
            prop_oneof![
                proptest::collection::vec(height, count),
                (0.0..=1.0f64).prop_map(move |level| vec![level; count]),
                (0..count, -1e6..=1e6f64).prop_map(move |(at, spike)| {
                    let mut heights = vec![0.5; count];
                    heights[at] = spike;
                    heights
                }),
            ]
            .prop_map(move |heights| {
                Heightmap::from_heights(exponent, heights).unwrap_or_else(|error| panic!("{error}"))
            })
        })
    }

    fn unit() -> impl Strategy<Value = f64> {
        prop_oneof![Just(0.0), Just(1.0), 0.0..=1.0]
    }

    fn all_settings() -> impl Strategy<Value = DropletSettings> {
        (
            (0u32..40, any::<u64>(), any::<bool>(), unit()),
            (
                prop_oneof![Just(0.0), Just(MAX_CAPACITY), 0.0..=MAX_CAPACITY],
                unit(),
                unit(),
                unit(),
                unit(),
            ),
            (
                1..=MAX_RADIUS,
                prop_oneof![Just(0.0), Just(MAX_GRAVITY), 0.0..=MAX_GRAVITY],
                prop_oneof![Just(1u32), Just(MAX_LIFETIME), 1..=60u32],
            ),
        )
            .prop_map(
                |(
                    (droplets, seed, wrap, inertia),
                    (capacity, min_capacity, erode_speed, deposit_speed, evaporate_speed),
                    (radius, gravity, lifetime),
                )| DropletSettings {
                    droplets,
                    seed,
                    wrap,
                    inertia,
                    capacity,
                    min_capacity,
                    erode_speed,
                    deposit_speed,
                    evaporate_speed,
                    radius,
                    gravity,
                    lifetime,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn any_valid_settings_on_any_map_give_finite_balanced_heights(
            map in maps(),
            settings in all_settings(),
        ) {
            let erosion = DropletRun::erode(&map, &settings, &mut |_| {}).expect("valid");
            prop_assert!(erosion.heightmap.heights().iter().all(|h| h.is_finite()));
            let ledger = erosion.ledger;
            prop_assert!(ledger.eroded.is_finite() && ledger.deposited.is_finite());
            prop_assert!(ledger.eroded >= 0.0 && ledger.deposited >= 0.0);
            // Rounding is relative to the heights' size.
            let (low, high) = map.min_max();
            let scale = 1.0 + low.abs().max(high.abs()) + ledger.eroded;
            prop_assert!(ledger.imbalance().abs() <= 1e-12 * scale, "{:?}", ledger);
            // Nothing is dug below the original floor.
            let floor = Grid::of(&map, settings.wrap).heights.iter().copied().fold(f64::INFINITY, f64::min);
            prop_assert!(erosion.heightmap.heights().iter().all(|&h| h >= floor));
            if settings.wrap {
                let last = map.last();
                for i in 0..map.side() {
                    prop_assert_eq!(erosion.heightmap.get(i, 0), erosion.heightmap.get(i, last));
                    prop_assert_eq!(erosion.heightmap.get(0, i), erosion.heightmap.get(last, i));
                }
            }
            let traced = trace(&map, &settings, settings.droplets).expect("valid");
            prop_assert!(traced.steps.len() <= settings.lifetime as usize);
            prop_assert!(traced.steps.iter().all(|step| step.start.speed.is_finite()
                && step.capacity.is_finite() && step.start.sediment >= 0.0));
        }
    }
}
