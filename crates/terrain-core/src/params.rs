//! What a map is made of: which algorithm, and the settings it reads.
//!
//! [`Params`] is plain data, one struct of settings per capability: the
//! map's own ([`MapSettings`]), the subdivisions' jitter
//! ([`SubdivisionSettings`]), the noises' sums
//! ([`NoiseSettings`]) and erosion ([`ErosionParams`]), each with its
//! [`Default`]. Which of them a map reads, and how it is made from them,
//! is its algorithm's [`Description`]: each generator's file writes its
//! own, and [`crate::generators::ALL`] registers it. Values are checked
//! once, when read ([`crate::ValidParams`]).

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::erosion::{self, ErosionParams};
use crate::error::Error;
use crate::generators::noise::{Arrow, KeptOctaves, NoiseSettings, Segment};
use crate::heightmap::Heightmap;
use crate::spec::{Spec, Value, listed};
use crate::stage::{PointSet, STAGE, Stage};

/// The map's own settings, which every algorithm reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MapSettings {
    /// The map is `2^exponent + 1` points on a side; 1 to
    /// [`crate::MAX_EXPONENT`]. Default 5, the posts' final demo (7 for the
    /// noises, whose octaves need the room).
    pub exponent: u32,
    /// Seeds the one PRNG; every `u64` is valid. Default 0.
    pub seed: u64,
    /// Whether `done` rescales heights to `[0, 1]`. Default true. Random
    /// noise is already in `[0, 1)` and is never rescaled.
    pub normalize: bool,
}

impl MapSettings {
    /// Exponent `exponent`, seed `seed`, normalized.
    pub const fn new(exponent: u32, seed: u64) -> Self {
        Self {
            exponent,
            seed,
            normalize: true,
        }
    }

    /// `2^exponent + 1`, for a valid exponent.
    pub fn side(&self) -> usize {
        (1usize << self.exponent) + 1
    }
}

impl Default for MapSettings {
    fn default() -> Self {
        Self::new(DEFAULT_EXPONENT, 0)
    }
}

/// The exponent of the posts' final demos.
pub const DEFAULT_EXPONENT: u32 = 5;

/// How a subdivision algorithm jitters its points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubdivisionSettings {
    /// Largest random offset of the first pass; 0 to [`MAX_SPREAD`].
    /// Default 0.3, the posts' value.
    pub spread: f64,
    /// Multiplies the spread after each pass; 0 to
    /// [`MAX_SPREAD_REDUCTION`]. Default 0.5, the first and third posts'
    /// value (the second post's is 0.55).
    pub spread_reduction: f64,
}

impl Default for SubdivisionSettings {
    fn default() -> Self {
        Self {
            spread: 0.3,
            spread_reduction: 0.5,
        }
    }
}

/// The largest allowed spread. After normalization only the spread relative
/// to the corners' `[0, 1)` matters, and past 5 the corners are lost in it.
pub const MAX_SPREAD: f64 = 5.0;

/// The largest allowed spread reduction. Above 1 each pass is rougher than
/// the one before; 2 is enough to see that turn into noise.
pub const MAX_SPREAD_REDUCTION: f64 = 2.0;

/// Everything that determines a map, apart from how far to run.
///
/// Build one with [`Params::new`] for an algorithm's defaults, change
/// fields freely, and have [`Params::check`] turn it into the
/// [`crate::ValidParams`] that [`crate::generate`] takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Which generator to run.
    pub algorithm: Algorithm,
    /// The map's size, seed and normalization.
    pub map: MapSettings,
    /// The subdivisions' jitter.
    pub subdivision: SubdivisionSettings,
    /// The noises' sums.
    pub noise: NoiseSettings,
    /// What weathers the finished map, if anything. Default nothing.
    pub erosion: ErosionParams,
}

impl Params {
    /// The defaults for `algorithm`: every group's own, then the
    /// algorithm's (the posts' values where it has some).
    pub fn new(algorithm: Algorithm) -> Self {
        let mut params = Self {
            algorithm,
            map: MapSettings::default(),
            subdivision: SubdivisionSettings::default(),
            noise: NoiseSettings::default(),
            erosion: ErosionParams::default(),
        };
        (algorithm.description().defaults)(&mut params);
        params
    }

    /// `2^exponent + 1`, for a valid exponent.
    pub fn side(&self) -> usize {
        self.map.side()
    }

    /// The stages its generator goes through, in order.
    pub fn generator_stages(&self) -> Vec<Stage> {
        (self.algorithm.description().stages)(self)
    }

    /// The stages a map of these parameters goes through, in order: its
    /// generator's, then its erosion's.
    pub fn stages(&self) -> Vec<Stage> {
        let mut stages = self.generator_stages();
        stages.extend(erosion::stages(&self.erosion));
        stages
    }

    /// The stages of a map from elsewhere (an imported image) weathered as
    /// these parameters say: the map as it is, then erosion's.
    pub fn imported_stages(&self) -> Vec<Stage> {
        let mut stages = vec![Stage::Done];
        stages.extend(erosion::stages(&self.erosion));
        stages
    }

    /// `Ok` if an imported map weathered as these parameters say has
    /// `stage`; else the error naming the stages it has.
    pub fn check_imported_stage(&self, stage: Stage) -> Result<(), Error> {
        let stages = self.imported_stages();
        if stages.contains(&stage) {
            return Ok(());
        }
        Err(Error::InvalidStage {
            spec: &STAGE,
            value: format!("{:?}", stage.to_string()),
            algorithm: "an imported map",
            allowed: one_of(&stages, describe_stages(&stages)),
        })
    }

    /// The last of [`Params::stages`]: the whole map, weathered if it is.
    pub fn final_stage(&self) -> Stage {
        self.stages().last().copied().unwrap_or(Stage::Done)
    }

    /// `Ok` if a map of these parameters has `stage`; else the error naming
    /// the stages it has: "corners, edges, center, done or pass-1 to
    /// pass-5", and erosion's after them.
    pub fn check_stage(&self, stage: Stage) -> Result<(), Error> {
        let stages = self.stages();
        if stages.contains(&stage) {
            return Ok(());
        }
        let (generator, weathering) = stages.split_at(
            stages
                .iter()
                .position(|stage| stage.is_erosion())
                .unwrap_or(stages.len()),
        );
        let mut allowed = describe_stages(generator);
        if !weathering.is_empty() {
            allowed = format!("{allowed}; then {}", describe_stages(weathering));
        }
        Err(Error::InvalidStage {
            spec: &STAGE,
            value: format!("{:?}", stage.to_string()),
            algorithm: self.algorithm.name(),
            allowed: one_of(&stages, allowed),
        })
    }

    /// The points `stage` sets, which the demos highlight. The stage is
    /// assumed to be one of [`Params::stages`]; erosion's set none anew.
    pub fn new_points(&self, stage: Stage) -> PointSet {
        if stage.is_erosion() {
            PointSet::Nothing
        } else {
            (self.algorithm.description().new_points)(self, stage)
        }
    }

    /// A few words on what a stage of the generator shows: "First square
    /// step".
    pub fn caption(&self, stage: Stage) -> String {
        (self.algorithm.description().caption)(self, stage)
    }

    /// The numbers behind a stage of the generator, for the scrubber;
    /// empty if it has none.
    pub fn stage_numbers(&self, stage: Stage) -> String {
        (self.algorithm.description().numbers)(self, stage)
    }

    /// Whether copies of this map tile with no seam.
    pub fn tiles(&self) -> bool {
        (self.algorithm.description().tiles)(self)
    }
}

/// What a message says a stage must be: `stages`, `said` in words, or the
/// only one.
fn one_of(stages: &[Stage], said: String) -> String {
    match stages {
        [_] => said,
        _ => format!("one of {said}"),
    }
}

/// Stages in words: those with a name of their own, then the numbered
/// ones as a range: "corners, square, diamond, done or pass-1 to pass-5".
fn describe_stages(stages: &[Stage]) -> String {
    let numbered = |stage: &Stage| -> Option<(&str, u32)> {
        match *stage {
            Stage::Pass(number) => Some(("pass", number)),
            Stage::Octave(number) => Some(("octave", number)),
            Stage::Step(number) => Some(("step", number)),
            _ => None,
        }
    };
    let named: Vec<String> = stages
        .iter()
        .filter(|stage| numbered(stage).is_none())
        .map(ToString::to_string)
        .collect();
    let range = stages
        .iter()
        .rev()
        .find_map(numbered)
        .map(|(prefix, last)| match last {
            1 => format!("{prefix}-1"),
            _ => format!("{prefix}-1 to {prefix}-{last}"),
        });
    match (named.as_slice(), range) {
        ([], Some(range)) => range,
        (_, Some(range)) => format!("{} or {range}", named.join(", ")),
        (named, None) => listed(named),
    }
}

/// A group of parameters an algorithm may read, besides the map's own
/// (exponent and seed), which every algorithm reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Whether `done` stretches the heights to `[0, 1]`.
    Normalize,
    /// The spread and its reduction, pass by pass.
    Subdivision,
    /// The fractal sum of a noise: frequency, octaves, shapes, warp…
    Noise,
    /// How a lattice cell blends its corners.
    Fade,
}

/// Everything about one algorithm, in one place.
#[derive(Debug)]
pub struct Description {
    /// Its name in the JavaScript API, URLs and embed attributes:
    /// `diamond-square`.
    pub name: &'static str,
    /// Its name for people: `Diamond-square`.
    pub title: &'static str,
    /// The groups of parameters it reads.
    pub reads: &'static [Group],
    /// The parameters of its own, which no group holds (listed in the
    /// registry after the noises' and before erosion's).
    pub parameters: &'static [Field],
    /// Its own defaults, over each group's [`Default`]: the posts' values
    /// where it has some (a spread reduction of 0.55 for the recursive
    /// post, say).
    pub defaults: fn(&mut Params),
    /// Its stages for valid parameters, in order, ending with `done`.
    pub stages: fn(&Params) -> Vec<Stage>,
    /// Makes the map up to a stage (valid, and one of its stages),
    /// reporting progress through `run`.
    pub run: fn(&Params, Stage, &mut Run) -> Heightmap,
    /// The points a stage sets, which the demos highlight.
    pub new_points: fn(&Params, Stage) -> PointSet,
    /// A few words on what a stage shows: "First square step".
    pub caption: fn(&Params, Stage) -> String,
    /// The numbers behind a stage, for the pass-by-pass scrubber: "squares
    /// 16 cells wide (radius 8) · jitter up to ±0.15"; empty if none.
    pub numbers: fn(&Params, Stage) -> String,
    /// Whether copies of its maps tile with no seam: their last row and
    /// column repeat their first.
    pub tiles: fn(&Params) -> bool,
    /// Whether its pass-by-pass chunks leave creases worth measuring (see
    /// [`crate::seams::crease_index`]).
    pub subdivides: bool,
    /// How tall a 3D view draws its maps unless a page asks otherwise,
    /// against the posts' scale (1: a height of 1 stands half as tall as
    /// the map is wide). The posts' algorithms are drawn at theirs; a
    /// noise at half of it, since its octaves bring features a few points
    /// wide that would stand up as needles over the whole height range.
    pub relief: f64,
    /// The lines of the first octave's lattice, for a noise.
    pub lattice_lines: fn(&Params) -> Vec<Segment>,
    /// An arrow per lattice point along its gradient, for a gradient noise.
    pub gradient_arrows: fn(&Params) -> Vec<Arrow>,
}

impl Description {
    /// The no-op for algorithms with nothing to draw over their maps.
    pub const fn nothing_drawn<T>(_: &Params) -> Vec<T> {
        Vec::new()
    }

    /// The no-op for algorithms whose stages need no numbers.
    pub fn no_numbers(_: &Params, _: Stage) -> String {
        String::new()
    }
}

/// What a run reports to, and what it may keep for the next one.
pub struct Run<'a> {
    /// Called now and then with the share of the work done, from 0 to 1.
    pub progress: &'a mut dyn FnMut(f64),
    /// A noise's octaves kept from the last map, to re-sum rather than
    /// compute again (see [`KeptOctaves`]); other algorithms ignore it.
    pub kept: Option<&'a mut KeptOctaves>,
}

/// An algorithm: a handle on its [`Description`]. Two handles are the same
/// algorithm when they have the same name.
#[derive(Clone, Copy)]
pub struct Algorithm(&'static Description);

impl Algorithm {
    /// The handle on `description`.
    pub const fn of(description: &'static Description) -> Self {
        Self(description)
    }

    /// Its description.
    pub const fn description(self) -> &'static Description {
        self.0
    }

    /// The name used in the JavaScript API, URLs and embed attributes.
    pub fn name(self) -> &'static str {
        self.0.name
    }

    /// The name for people: "Recursive midpoint displacement".
    pub fn title(self) -> &'static str {
        self.0.title
    }

    /// Whether it reads the parameters of `group`.
    pub fn reads(self, group: Group) -> bool {
        self.0.reads.contains(&group)
    }

    /// Whether `field` is one of its own parameters.
    pub fn owns(self, field: Field) -> bool {
        self.0.parameters.contains(&field)
    }

    /// Whether it builds a map by subdividing it, pass by pass.
    pub fn subdivides(self) -> bool {
        self.0.subdivides
    }
}

impl PartialEq for Algorithm {
    fn eq(&self, other: &Self) -> bool {
        self.0.name == other.0.name
    }
}

impl Eq for Algorithm {}

impl Hash for Algorithm {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.name.hash(state);
    }
}

impl fmt::Debug for Algorithm {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Algorithm({})", self.0.name)
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(self.name())
    }
}

/// One parameter, described once: how it is spelled and what it takes
/// ([`Spec`]), whether a map reads it, and where it sits in [`Params`].
/// Its default is what [`Params::new`] gives it.
///
/// Settings kept elsewhere than in `Params` (how a demo shows its map) are
/// described the same way, as a `Parameter` of what holds them; the
/// macros [`number_parameter!`](crate::number_parameter),
/// [`whole_parameter!`](crate::whole_parameter),
/// [`switch_parameter!`](crate::switch_parameter) and
/// [`choice_parameter!`](crate::choice_parameter) make one for a field.
#[derive(Debug)]
pub struct Parameter<Target: 'static = Params> {
    /// Its spellings, kind, range and help.
    pub spec: &'static Spec,
    /// Whether a map of these parameters reads it (their algorithm, their
    /// erosion). Links and controls leave out what a map ignores.
    pub applies: fn(&Target) -> bool,
    /// Reads it.
    pub get: fn(&Target) -> Value,
    /// Writes it (a value of another kind is ignored; the readers only
    /// pass values that [`Spec::parse`] made and [`Spec::check`] passed).
    pub set: fn(&mut Target, &Value),
}

/// A parameter, by the name Rust code gives it: a handle on its
/// [`Parameter`] (`Field::SPREAD`). Two handles are the same parameter
/// when they have the same option name. Every field, in order, is
/// [`crate::registry::fields`].
#[derive(Clone, Copy)]
pub struct Field(&'static Parameter);

impl Field {
    /// The handle on `parameter`.
    pub const fn of(parameter: &'static Parameter) -> Self {
        Self(parameter)
    }

    /// Its entry in the registry.
    pub fn parameter(self) -> &'static Parameter {
        self.0
    }

    /// How it is spelled and what it accepts.
    pub fn spec(self) -> &'static Spec {
        self.0.spec
    }

    /// Its name in the JavaScript API and links: `spreadReduction`.
    pub fn name(self) -> &'static str {
        self.0.spec.option
    }
}

impl PartialEq for Field {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Eq for Field {}

impl Hash for Field {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name().hash(state);
    }
}

impl fmt::Debug for Field {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "Field({})", self.name())
    }
}

impl Params {
    /// The value of one field.
    pub fn get(&self, field: Field) -> Value {
        (field.parameter().get)(self)
    }

    /// The text form of one field, as the readers read it back.
    pub fn text(&self, field: Field) -> String {
        field.spec().show(&self.get(field))
    }
}

/// A [`Parameter`] for the number at `target.$path`.
#[macro_export]
macro_rules! number_parameter {
    ($spec:expr, $applies:expr, $($path:ident).+) => {
        $crate::Parameter {
            spec: $spec,
            applies: $applies,
            get: |target| $crate::spec::Value::Number(target.$($path).+),
            set: |target, value| {
                if let $crate::spec::Value::Number(number) = value {
                    target.$($path).+ = *number;
                }
            },
        }
    };
}

/// A [`Parameter`] for the `u32` at `target.$path`.
#[macro_export]
macro_rules! whole_parameter {
    ($spec:expr, $applies:expr, $($path:ident).+) => {
        $crate::Parameter {
            spec: $spec,
            applies: $applies,
            get: |target| $crate::spec::Value::Whole(u64::from(target.$($path).+)),
            set: |target, value| {
                if let $crate::spec::Value::Whole(whole) = value {
                    // Checked values fit; past u32 is past any range.
                    target.$($path).+ = u32::try_from(*whole).unwrap_or(u32::MAX);
                }
            },
        }
    };
}

/// A [`Parameter`] for the switch at `target.$path`.
#[macro_export]
macro_rules! switch_parameter {
    ($spec:expr, $applies:expr, $($path:ident).+) => {
        $crate::Parameter {
            spec: $spec,
            applies: $applies,
            get: |target| $crate::spec::Value::Switch(target.$($path).+),
            set: |target, value| {
                if let $crate::spec::Value::Switch(on) = value {
                    target.$($path).+ = *on;
                }
            },
        }
    };
}

/// A [`Parameter`] for the choice at `target.$path`, one of `$all` (whose
/// names the spec lists in the same order).
#[macro_export]
macro_rules! choice_parameter {
    ($spec:expr, $applies:expr, $all:expr, $($path:ident).+) => {
        $crate::Parameter {
            spec: $spec,
            applies: $applies,
            get: |target| {
                $crate::spec::Value::Choice(
                    $all.iter().position(|&choice| choice == target.$($path).+).unwrap_or(0),
                )
            },
            set: |target, value| {
                if let $crate::spec::Value::Choice(index) = value
                    && let Some(&choice) = $all.get(*index)
                {
                    target.$($path).+ = choice;
                }
            },
        }
    };
}
