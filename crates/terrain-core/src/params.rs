//! The parameters of a map, described once: the registry.
//!
//! [`PARAMETERS`] has one entry per field of [`Params`]: how it is spelled
//! on every surface and what it accepts ([`Spec`]), its default for each
//! algorithm, which algorithms read it, and how to get and set it. Every
//! reader (embed attributes, links, the JavaScript API, the controls) and
//! every writer (share links, the controls, the test lists) goes through
//! it, so adding a parameter means adding its field here, its entry here,
//! and the code that uses it.

use crate::algorithm::{ALGORITHM, Algorithm};
use crate::erosion::droplets::{
    CAPACITY, DEPOSIT_SPEED, DROPLET, DROPLETS, ERODE_SPEED, EVAPORATE_SPEED, GRAVITY, INERTIA,
    LIFETIME, MIN_CAPACITY, RADIUS, WRAP,
};
use crate::erosion::thermal::{ITERATIONS, SLIDE_RATE, TALUS};
use crate::erosion::{self, ErosionParams, METHOD, Method};
use crate::error::Error;
use crate::generators::noise::{
    self, DAMPING, FADE, FREQUENCY, Fade, GAIN, LACUNARITY, NoiseSettings, OCTAVES, POWER, SHAPE,
    Shape, TERRACES, TILEABLE, WARP,
};
use crate::generators::{
    Subdivision, diamond_square, midpoint_displacement, random_noise,
    recursive_midpoint_displacement, subdivision_points,
};
use crate::limits::{MAX_EXPONENT, MIN_EXPONENT};
use crate::spec::{Kind, Spec, Surfaces, Value};
use crate::stage::{PointSet, STAGE, Stage};

/// Everything that determines a map, apart from how far to run.
///
/// Build one with [`Params::new`] for the posts' defaults, change fields
/// freely, and let [`Params::validate`] (which [`crate::generate`] calls)
/// judge the result.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// Which generator to run.
    pub algorithm: Algorithm,
    /// The map is `2^exponent + 1` points on a side; 1 to [`MAX_EXPONENT`].
    /// Default 5, the posts' final demo.
    pub exponent: u32,
    /// Largest random offset of the first pass; 0 to 5. Default 0.3.
    pub spread: f64,
    /// Multiplies the spread after each pass; 0 to 2. Default 0.5, or 0.55
    /// for recursive midpoint displacement, as in the posts.
    pub spread_reduction: f64,
    /// Seeds the one PRNG; every `u64` is valid. Default 0.
    pub seed: u64,
    /// Whether `done` rescales heights to `[0, 1]`. Default true. Random
    /// noise is already in `[0, 1)` and is never rescaled.
    pub normalize: bool,
    /// Gradient noise: lattice cells across the map in the first octave,
    /// 1 to 256. Default 4.
    pub frequency: u32,
    /// Gradient noise: how many octaves are summed, 1 to 12. Default 5.
    pub octaves: u32,
    /// Gradient noise: how many times finer each octave is, 1 to 4.
    /// Default 2.
    pub lacunarity: f64,
    /// Gradient noise: how much each octave weighs of the last, 0 to 1.
    /// Default 0.5.
    pub gain: f64,
    /// Gradient noise: how cells blend their corners. Default smoothstep
    /// for value noise, quintic for Perlin noise (simplex has no fade).
    pub fade: Fade,
    /// Gradient noise: how each octave is reshaped. Default plain.
    pub shape: Shape,
    /// Gradient noise: the power the finished heights are raised to, 0.1
    /// to 5. Default 1.
    pub power: f64,
    /// Gradient noise: flat steps the finished heights are cut into, 0
    /// (none) to 32. Default 0.
    pub terraces: u32,
    /// Gradient noise: how far other noise pushes where points read, 0 to
    /// 4 first-octave cells. Default 0.
    pub warp: f64,
    /// Gradient noise: how much slopes calm the finer octaves, 0 to 4.
    /// Default 0.
    pub damping: f64,
    /// Gradient noise: whether the map repeats, so copies tile with no
    /// seam. Default false.
    pub tileable: bool,
    /// What weathers the finished map, if anything. Default nothing.
    pub erosion: ErosionParams,
}

/// The parameters, by the name Rust code gives them. `Field::X as usize`
/// is the entry's place in [`PARAMETERS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// [`Params::algorithm`].
    Algorithm,
    /// [`Params::exponent`].
    Exponent,
    /// [`Params::spread`].
    Spread,
    /// [`Params::spread_reduction`].
    SpreadReduction,
    /// [`Params::seed`].
    Seed,
    /// [`Params::normalize`].
    Normalize,
    /// [`Params::frequency`].
    Frequency,
    /// [`Params::octaves`].
    Octaves,
    /// [`Params::lacunarity`].
    Lacunarity,
    /// [`Params::gain`].
    Gain,
    /// [`Params::fade`].
    Fade,
    /// [`Params::shape`].
    Shape,
    /// [`Params::power`].
    Power,
    /// [`Params::terraces`].
    Terraces,
    /// [`Params::warp`].
    Warp,
    /// [`Params::damping`].
    Damping,
    /// [`Params::tileable`].
    Tileable,
    /// [`ErosionParams::method`].
    Erosion,
    /// [`DropletSettings::droplets`](crate::erosion::droplets::DropletSettings::droplets).
    Droplets,
    /// [`ErosionParams::droplet`].
    Droplet,
    /// The droplets' inertia.
    Inertia,
    /// The droplets' capacity.
    Capacity,
    /// The droplets' minimum capacity.
    MinCapacity,
    /// The droplets' erode speed.
    ErodeSpeed,
    /// The droplets' deposit speed.
    DepositSpeed,
    /// The droplets' evaporate speed.
    EvaporateSpeed,
    /// The droplets' brush radius.
    Radius,
    /// The droplets' gravity.
    Gravity,
    /// The droplets' lifetime.
    Lifetime,
    /// Whether erosion wraps around the edges.
    Wrap,
    /// The thermal talus slope.
    Talus,
    /// The thermal slide rate.
    SlideRate,
    /// The thermal iterations.
    Iterations,
}

impl Field {
    /// Its entry in the registry.
    pub fn parameter(self) -> &'static Parameter {
        &PARAMETERS[self as usize]
    }

    /// How it is spelled and what it accepts.
    pub fn spec(self) -> &'static Spec {
        self.parameter().spec
    }
}

/// One parameter, described once.
#[derive(Debug)]
pub struct Parameter {
    /// Its name in Rust.
    pub field: Field,
    /// Its spellings, kind, range and help.
    pub spec: &'static Spec,
    /// Its value in [`Params::new`] for an algorithm.
    pub default: fn(Algorithm) -> Value,
    /// Whether a map of these parameters reads it (their algorithm, their
    /// erosion). Links and controls leave out what a map ignores.
    pub applies: fn(&Params) -> bool,
    /// Reads it from a `Params`.
    pub get: fn(&Params) -> Value,
    /// Writes it into a `Params` (a value of another kind is ignored; the
    /// readers only pass values [`Spec::parse`] made).
    pub set: fn(&mut Params, &Value),
}

/// The exponent of the posts' final demos.
pub const DEFAULT_EXPONENT: u32 = 5;

/// The largest allowed spread. After normalization only the spread relative
/// to the corners' `[0, 1)` matters, and past 5 the corners are lost in it.
pub const MAX_SPREAD: f64 = 5.0;

/// The largest allowed spread reduction. Above 1 each pass is rougher than
/// the one before; 2 is enough to see that turn into noise.
pub const MAX_SPREAD_REDUCTION: f64 = 2.0;

fn always(_: &Params) -> bool {
    true
}

fn displaces(params: &Params) -> bool {
    params.algorithm.subdivides()
}

fn noisy(params: &Params) -> bool {
    params.algorithm.noise_basis().is_some()
}

fn normalizes(params: &Params) -> bool {
    params.algorithm != Algorithm::RandomNoise
}

fn fades(params: &Params) -> bool {
    matches!(
        params.algorithm,
        Algorithm::ValueNoise | Algorithm::PerlinNoise
    )
}

/// A registry entry for a number of the noises' settings.
macro_rules! noise_number {
    ($field:ident, $variant:ident, $spec:ident, $default:path) => {
        Parameter {
            field: Field::$variant,
            spec: &$spec,
            default: |_| Value::Number($default),
            applies: noisy,
            get: |params| Value::Number(params.$field),
            set: |params, value| {
                if let Value::Number(number) = value {
                    params.$field = *number;
                }
            },
        }
    };
}

/// A registry entry for a whole number of the noises' settings.
macro_rules! noise_whole {
    ($field:ident, $variant:ident, $spec:ident, $default:path) => {
        Parameter {
            field: Field::$variant,
            spec: &$spec,
            default: |_| Value::Whole(u64::from($default)),
            applies: noisy,
            get: |params| Value::Whole(u64::from(params.$field)),
            set: |params, value| {
                if let Value::Whole(whole) = value {
                    // Past u32 is past the range anyway; validation says so.
                    params.$field = u32::try_from(*whole).unwrap_or(u32::MAX);
                }
            },
        }
    };
}

fn by_droplets(params: &Params) -> bool {
    matches!(params.erosion.method, Method::Droplets | Method::Trace)
}

fn eroded(params: &Params) -> bool {
    params.erosion.method != Method::None
}

fn by_sliding(params: &Params) -> bool {
    params.erosion.method == Method::Thermal
}

/// A registry entry for a number of the droplets' settings.
macro_rules! droplet_number {
    ($field:ident, $variant:ident, $spec:ident, $default:path) => {
        Parameter {
            field: Field::$variant,
            spec: &$spec,
            default: |_| Value::Number($default),
            applies: by_droplets,
            get: |params| Value::Number(params.erosion.droplets.$field),
            set: |params, value| {
                if let Value::Number(number) = value {
                    params.erosion.droplets.$field = *number;
                }
            },
        }
    };
}

/// A registry entry for a whole number of erosion's settings, at `$($path)+`.
macro_rules! erosion_whole {
    ($variant:ident, $spec:ident, $default:expr, $applies:ident, $($path:ident).+) => {
        Parameter {
            field: Field::$variant,
            spec: &$spec,
            default: |_| Value::Whole(u64::from($default)),
            applies: $applies,
            get: |params| Value::Whole(u64::from(params.erosion.$($path).+)),
            set: |params, value| {
                if let Value::Whole(whole) = value {
                    // Past u32 is past the range anyway; validation says so.
                    params.erosion.$($path).+ = u32::try_from(*whole).unwrap_or(u32::MAX);
                }
            },
        }
    };
}

/// The posts' spread and spread reduction for `algorithm`.
fn posts_spreads(algorithm: Algorithm) -> (f64, f64) {
    match algorithm {
        // The noises have no spreads; theirs are only ever shown hidden.
        Algorithm::RandomNoise
        | Algorithm::MidpointDisplacement
        | Algorithm::ValueNoise
        | Algorithm::PerlinNoise
        | Algorithm::SimplexNoise => (
            midpoint_displacement::DEFAULT_SPREAD,
            midpoint_displacement::DEFAULT_SPREAD_REDUCTION,
        ),
        Algorithm::RecursiveMidpointDisplacement => (
            recursive_midpoint_displacement::DEFAULT_SPREAD,
            recursive_midpoint_displacement::DEFAULT_SPREAD_REDUCTION,
        ),
        Algorithm::DiamondSquare | Algorithm::TileableDiamondSquare => (
            diamond_square::DEFAULT_SPREAD,
            diamond_square::DEFAULT_SPREAD_REDUCTION,
        ),
    }
}

/// The registry: every parameter of [`Params`], in the order forms show
/// them and links write them.
pub static PARAMETERS: [Parameter; 33] = [
    Parameter {
        field: Field::Algorithm,
        spec: &ALGORITHM,
        default: |algorithm| Value::Choice(algorithm.index()),
        applies: always,
        get: |params| Value::Choice(params.algorithm.index()),
        set: |params, value| {
            if let Value::Choice(index) = value
                && let Some(algorithm) = Algorithm::at(*index)
            {
                params.algorithm = algorithm;
            }
        },
    },
    Parameter {
        field: Field::Exponent,
        spec: &Spec {
            label: "exponent",
            title: "Exponent",
            option: "exponent",
            attribute: "data-exponent",
            help: "1 to 12; the map is 2^n + 1 points wide",
            kind: Kind::Whole {
                min: MIN_EXPONENT as u64,
                max: MAX_EXPONENT as u64,
            },
            step: 1.0,
            surfaces: Surfaces::MAP,
        },
        // A noise sums octaves down to fine detail: it needs more points.
        default: |algorithm| {
            Value::Whole(u64::from(if algorithm.noise_basis().is_some() {
                noise::DEFAULT_EXPONENT
            } else {
                DEFAULT_EXPONENT
            }))
        },
        applies: always,
        get: |params| Value::Whole(u64::from(params.exponent)),
        set: |params, value| {
            if let Value::Whole(exponent) = value {
                // Past u32 is past the range anyway; validation says so.
                params.exponent = u32::try_from(*exponent).unwrap_or(u32::MAX);
            }
        },
    },
    Parameter {
        field: Field::Spread,
        spec: &Spec {
            label: "spread",
            title: "Starting spread",
            option: "spread",
            attribute: "data-spread",
            help: "0 to 5: the first pass's largest random offset",
            kind: Kind::Number {
                min: 0.0,
                max: MAX_SPREAD,
            },
            step: 0.05,
            surfaces: Surfaces::MAP,
        },
        default: |algorithm| Value::Number(posts_spreads(algorithm).0),
        applies: displaces,
        get: |params| Value::Number(params.spread),
        set: |params, value| {
            if let Value::Number(spread) = value {
                params.spread = *spread;
            }
        },
    },
    Parameter {
        field: Field::SpreadReduction,
        spec: &Spec {
            label: "spread reduction",
            title: "Spread reduction",
            option: "spreadReduction",
            attribute: "data-spread-reduction",
            help: "0 to 2: multiplies the spread after each pass",
            kind: Kind::Number {
                min: 0.0,
                max: MAX_SPREAD_REDUCTION,
            },
            step: 0.05,
            surfaces: Surfaces::MAP,
        },
        default: |algorithm| Value::Number(posts_spreads(algorithm).1),
        applies: displaces,
        get: |params| Value::Number(params.spread_reduction),
        set: |params, value| {
            if let Value::Number(reduction) = value {
                params.spread_reduction = *reduction;
            }
        },
    },
    Parameter {
        field: Field::Seed,
        spec: &Spec {
            label: "seed",
            title: "Seed",
            option: "seed",
            attribute: "data-seed",
            help: "any whole number from 0",
            kind: Kind::Whole {
                min: 0,
                max: u64::MAX,
            },
            step: 1.0,
            surfaces: Surfaces {
                erode: true,
                ..Surfaces::MAP
            },
        },
        default: |_| Value::Whole(0),
        applies: always,
        get: |params| Value::Whole(params.seed),
        set: |params, value| {
            if let Value::Whole(seed) = value {
                params.seed = *seed;
            }
        },
    },
    Parameter {
        field: Field::Normalize,
        spec: &Spec {
            label: "normalize",
            title: "Normalize to 0–1 when done",
            option: "normalize",
            attribute: "data-normalize",
            help: "at done, rescale the heights to exactly 0 to 1",
            kind: Kind::Switch,
            step: 1.0,
            surfaces: Surfaces::MAP,
        },
        default: |_| Value::Switch(true),
        applies: normalizes,
        get: |params| Value::Switch(params.normalize),
        set: |params, value| {
            if let Value::Switch(on) = value {
                params.normalize = *on;
            }
        },
    },
    noise_whole!(frequency, Frequency, FREQUENCY, noise::DEFAULT_FREQUENCY),
    noise_whole!(octaves, Octaves, OCTAVES, noise::DEFAULT_OCTAVES),
    noise_number!(
        lacunarity,
        Lacunarity,
        LACUNARITY,
        noise::DEFAULT_LACUNARITY
    ),
    noise_number!(gain, Gain, GAIN, noise::DEFAULT_GAIN),
    Parameter {
        field: Field::Fade,
        spec: &FADE,
        default: |algorithm| {
            let basis = algorithm.noise_basis().unwrap_or(noise::Basis::Perlin);
            Value::Choice(NoiseSettings::new(basis).fade as usize)
        },
        applies: fades,
        get: |params| Value::Choice(params.fade as usize),
        set: |params, value| {
            if let Value::Choice(index) = value
                && let Some(&fade) = Fade::ALL.get(*index)
            {
                params.fade = fade;
            }
        },
    },
    Parameter {
        field: Field::Shape,
        spec: &SHAPE,
        default: |_| Value::Choice(Shape::Plain as usize),
        applies: noisy,
        get: |params| Value::Choice(params.shape as usize),
        set: |params, value| {
            if let Value::Choice(index) = value
                && let Some(&shape) = Shape::ALL.get(*index)
            {
                params.shape = shape;
            }
        },
    },
    noise_number!(power, Power, POWER, noise::DEFAULT_POWER),
    noise_whole!(terraces, Terraces, TERRACES, noise::DEFAULT_TERRACES),
    noise_number!(warp, Warp, WARP, noise::DEFAULT_WARP),
    noise_number!(damping, Damping, DAMPING, noise::DEFAULT_DAMPING),
    Parameter {
        field: Field::Tileable,
        spec: &TILEABLE,
        default: |_| Value::Switch(false),
        applies: noisy,
        get: |params| Value::Switch(params.tileable),
        set: |params, value| {
            if let Value::Switch(on) = value {
                params.tileable = *on;
            }
        },
    },
    Parameter {
        field: Field::Erosion,
        spec: &METHOD,
        default: |_| Value::Choice(Method::None as usize),
        applies: always,
        get: |params| Value::Choice(params.erosion.method as usize),
        set: |params, value| {
            if let Value::Choice(index) = value
                && let Some(&method) = Method::ALL.get(*index)
            {
                params.erosion.method = method;
            }
        },
    },
    erosion_whole!(
        Droplets,
        DROPLETS,
        erosion::droplets::DEFAULT_DROPLETS,
        by_droplets_only,
        droplets.droplets
    ),
    erosion_whole!(Droplet, DROPLET, 0u32, by_trace, droplet),
    droplet_number!(
        inertia,
        Inertia,
        INERTIA,
        erosion::droplets::DEFAULT_INERTIA
    ),
    droplet_number!(
        capacity,
        Capacity,
        CAPACITY,
        erosion::droplets::DEFAULT_CAPACITY
    ),
    droplet_number!(
        min_capacity,
        MinCapacity,
        MIN_CAPACITY,
        erosion::droplets::DEFAULT_MIN_CAPACITY
    ),
    droplet_number!(
        erode_speed,
        ErodeSpeed,
        ERODE_SPEED,
        erosion::droplets::DEFAULT_ERODE_SPEED
    ),
    droplet_number!(
        deposit_speed,
        DepositSpeed,
        DEPOSIT_SPEED,
        erosion::droplets::DEFAULT_DEPOSIT_SPEED
    ),
    droplet_number!(
        evaporate_speed,
        EvaporateSpeed,
        EVAPORATE_SPEED,
        erosion::droplets::DEFAULT_EVAPORATE_SPEED
    ),
    erosion_whole!(
        Radius,
        RADIUS,
        erosion::droplets::DEFAULT_RADIUS,
        by_droplets,
        droplets.radius
    ),
    droplet_number!(
        gravity,
        Gravity,
        GRAVITY,
        erosion::droplets::DEFAULT_GRAVITY
    ),
    erosion_whole!(
        Lifetime,
        LIFETIME,
        erosion::droplets::DEFAULT_LIFETIME,
        by_droplets,
        droplets.lifetime
    ),
    Parameter {
        field: Field::Wrap,
        spec: &WRAP,
        // A tileable map's erosion keeps it tileable (a noise's is tileable
        // only when asked, so it is the reader's to switch on there).
        default: |algorithm| Value::Switch(algorithm.is_tileable()),
        applies: eroded,
        get: |params| Value::Switch(params.erosion.droplets.wrap),
        set: |params, value| {
            if let Value::Switch(on) = value {
                params.erosion.droplets.wrap = *on;
            }
        },
    },
    Parameter {
        field: Field::Talus,
        spec: &TALUS,
        default: |_| Value::Number(erosion::thermal::DEFAULT_TALUS),
        applies: by_sliding,
        get: |params| Value::Number(params.erosion.thermal.talus),
        set: |params, value| {
            if let Value::Number(talus) = value {
                params.erosion.thermal.talus = *talus;
            }
        },
    },
    Parameter {
        field: Field::SlideRate,
        spec: &SLIDE_RATE,
        default: |_| Value::Number(erosion::thermal::DEFAULT_RATE),
        applies: by_sliding,
        get: |params| Value::Number(params.erosion.thermal.rate),
        set: |params, value| {
            if let Value::Number(rate) = value {
                params.erosion.thermal.rate = *rate;
            }
        },
    },
    erosion_whole!(
        Iterations,
        ITERATIONS,
        erosion::thermal::DEFAULT_ITERATIONS,
        by_sliding,
        thermal.iterations
    ),
];

fn by_droplets_only(params: &Params) -> bool {
    params.erosion.method == Method::Droplets
}

fn by_trace(params: &Params) -> bool {
    params.erosion.method == Method::Trace
}

/// What a reader of settings made of them: parameters and a stage, both
/// valid, and an error for each value it could not use (that value's
/// default stands instead).
#[derive(Debug, Clone, PartialEq)]
pub struct Reading {
    /// The parameters, valid.
    pub params: Params,
    /// The stage, valid for the parameters' algorithm and exponent.
    pub stage: Stage,
    /// One error per value refused, in registry order.
    pub errors: Vec<Error>,
}

impl Params {
    /// The posts' defaults for `algorithm`.
    pub fn new(algorithm: Algorithm) -> Self {
        let mut params = Self {
            algorithm,
            exponent: DEFAULT_EXPONENT,
            spread: 0.0,
            spread_reduction: 0.0,
            seed: 0,
            normalize: true,
            frequency: noise::DEFAULT_FREQUENCY,
            octaves: noise::DEFAULT_OCTAVES,
            lacunarity: noise::DEFAULT_LACUNARITY,
            gain: noise::DEFAULT_GAIN,
            fade: Fade::Quintic,
            shape: Shape::Plain,
            power: noise::DEFAULT_POWER,
            terraces: noise::DEFAULT_TERRACES,
            warp: noise::DEFAULT_WARP,
            damping: noise::DEFAULT_DAMPING,
            tileable: false,
            erosion: ErosionParams::default(),
        };
        for parameter in &PARAMETERS {
            (parameter.set)(&mut params, &(parameter.default)(algorithm));
        }
        params
    }

    /// Checks every field; the first bad one is the error.
    pub fn validate(&self) -> Result<(), Error> {
        for parameter in &PARAMETERS {
            parameter
                .spec
                .check(&(parameter.get)(self))
                .map_err(|refusal| Error::refused(parameter.spec, refusal))?;
        }
        Ok(())
    }

    /// The stages its generator goes through, in order.
    pub fn generator_stages(&self) -> Vec<Stage> {
        match self.algorithm {
            Algorithm::RandomNoise => random_noise::stages(),
            Algorithm::MidpointDisplacement => midpoint_displacement::stages(self.exponent),
            Algorithm::RecursiveMidpointDisplacement => {
                recursive_midpoint_displacement::stages(self.exponent)
            }
            Algorithm::DiamondSquare | Algorithm::TileableDiamondSquare => {
                diamond_square::stages(self.exponent)
            }
            Algorithm::ValueNoise | Algorithm::PerlinNoise | Algorithm::SimplexNoise => {
                noise::stages(self.octaves)
            }
        }
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
            allowed: describe_stages(&stages),
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
            allowed,
        })
    }

    /// The points `stage` sets, which the demos highlight. The stage is
    /// assumed to be one of [`Params::stages`].
    pub fn new_points(&self, stage: Stage) -> PointSet {
        let side = self.side();
        match (self.algorithm, stage) {
            (_, Stage::Droplets(_) | Stage::Slides(_) | Stage::Step(_)) => PointSet::Nothing,
            (Algorithm::RandomNoise, _) => PointSet::Everything { side },
            (_, Stage::Lattice) => {
                let mut indices: Vec<usize> = noise::lattice_points(&self.noise_settings())
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(x, y)| y * side + x)
                    .collect();
                indices.sort_unstable();
                indices.dedup();
                PointSet::Listed { side, indices }
            }
            (algorithm, _) if algorithm.noise_basis().is_some() => PointSet::Nothing,
            _ => subdivision_points(stage, self.exponent),
        }
    }

    /// What the gradient noises read (for another algorithm, a Perlin
    /// noise of these settings).
    pub fn noise_settings(&self) -> NoiseSettings {
        NoiseSettings {
            basis: self.algorithm.noise_basis().unwrap_or(noise::Basis::Perlin),
            exponent: self.exponent,
            seed: self.seed,
            frequency: self.frequency,
            octaves: self.octaves,
            lacunarity: self.lacunarity,
            gain: self.gain,
            fade: self.fade,
            shape: self.shape,
            power: self.power,
            terraces: self.terraces,
            warp: self.warp,
            damping: self.damping,
            tileable: self.tileable,
            normalize: self.normalize,
        }
    }

    /// `2^exponent + 1`, for a validated exponent.
    pub fn side(&self) -> usize {
        (1usize << self.exponent) + 1
    }

    /// The value of one field.
    pub fn get(&self, field: Field) -> Value {
        (field.parameter().get)(self)
    }

    /// Sets one field from text typed by a reader or found in a URL or an
    /// embed attribute. Surrounding white space is ignored. On error nothing
    /// changes, so the last good value stays.
    pub fn set_text(&mut self, field: Field, text: &str) -> Result<(), Error> {
        let parameter = field.parameter();
        let value = parameter
            .spec
            .parse(text)
            .map_err(|refusal| Error::refused(parameter.spec, refusal))?;
        let mut changed = *self;
        (parameter.set)(&mut changed, &value);
        changed.validate()?;
        *self = changed;
        Ok(())
    }

    /// The text form of one field, as [`Params::set_text`] reads it back.
    pub fn text(&self, field: Field) -> String {
        field.spec().show(&self.get(field))
    }

    /// What the subdivision generators read.
    pub fn subdivision(&self) -> Subdivision {
        Subdivision {
            exponent: self.exponent,
            seed: self.seed,
            spread: self.spread,
            spread_reduction: self.spread_reduction,
            normalize: self.normalize,
        }
    }

    /// Reads parameters and a stage from one surface: `lookup` returns the
    /// text given for a setting, if any (or an error, for a value the
    /// surface cannot even turn into text). The algorithm comes first,
    /// since the other defaults depend on it; the stage last, since which
    /// stages exist depends on the algorithm and the exponent.
    pub fn read(mut lookup: impl FnMut(&'static Spec) -> Result<Option<String>, Error>) -> Reading {
        let mut errors = Vec::new();
        let mut text_of = |spec: &'static Spec, errors: &mut Vec<Error>| {
            lookup(spec).unwrap_or_else(|error| {
                errors.push(error);
                None
            })
        };
        let algorithm = match text_of(&ALGORITHM, &mut errors).map(|text| text.parse()) {
            Some(Ok(algorithm)) => algorithm,
            Some(Err(error)) => {
                errors.push(error);
                Algorithm::DiamondSquare
            }
            None => Algorithm::DiamondSquare,
        };
        let mut params = Params::new(algorithm);
        for parameter in PARAMETERS.iter().skip(1) {
            if let Some(text) = text_of(parameter.spec, &mut errors)
                && let Err(error) = params.set_text(parameter.field, &text)
            {
                errors.push(error);
            }
        }
        let stage = match text_of(&STAGE, &mut errors) {
            None => params.final_stage(),
            Some(text) => match text
                .parse::<Stage>()
                .and_then(|stage| params.check_stage(stage).map(|()| stage))
            {
                Ok(stage) => stage,
                Err(error) => {
                    errors.push(error);
                    params.final_stage()
                }
            },
        };
        Reading {
            params,
            stage,
            errors,
        }
    }

    /// The numbers behind a stage, for the pass-by-pass scrubber.
    pub fn stage_details(&self, stage: Stage) -> StageDetails {
        let pass = match stage {
            Stage::Corners | Stage::Done => 0,
            Stage::Droplets(_) | Stage::Slides(_) | Stage::Step(_) => 0,
            Stage::Lattice | Stage::Octave(_) => 0,
            Stage::Edges | Stage::Center | Stage::Square | Stage::Diamond => 1,
            Stage::Pass(pass) => pass,
        };
        if pass == 0 || !displaces(self) || pass > self.exponent {
            return StageDetails::default();
        }
        let radius = 1usize << (self.exponent - pass);
        let mut spread = self.spread;
        for _ in 1..pass {
            spread *= self.spread_reduction;
        }
        StageDetails {
            radius: Some(radius),
            chunk_size: Some(2 * radius),
            spread: Some(spread),
        }
    }
}

impl Default for Params {
    /// Diamond-square with the posts' defaults.
    fn default() -> Self {
        Self::new(Algorithm::DiamondSquare)
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
        .map(|(prefix, last)| format!("{prefix}-1 to {prefix}-{last}"));
    match (named.as_slice(), range) {
        ([], Some(range)) => range,
        (_, Some(range)) => format!("{} or {range}", named.join(", ")),
        ([only], None) => only.clone(),
        (named, None) => match named.split_last() {
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        },
    }
}

/// What a stage means in numbers, for the pass-by-pass scrubber.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct StageDetails {
    /// Half the width of the squares being displaced, in points, if the
    /// stage displaces any.
    pub radius: Option<usize>,
    /// The width of those squares (twice the radius).
    pub chunk_size: Option<usize>,
    /// The largest offset this stage's jitter can add.
    pub spread: Option<f64>,
}

// Uses proptest, a native-only dev-dependency.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::erosion::droplets::DropletSettings;
    use proptest::prelude::*;

    #[test]
    fn entries_sit_at_their_fields_place() {
        for (index, parameter) in PARAMETERS.iter().enumerate() {
            assert_eq!(parameter.field as usize, index, "{}", parameter.spec);
        }
        let mut spellings: Vec<&str> = PARAMETERS
            .iter()
            .flat_map(|parameter| [parameter.spec.option, parameter.spec.attribute])
            .chain([STAGE.option, STAGE.attribute])
            .collect();
        let count = spellings.len();
        spellings.sort_unstable();
        spellings.dedup();
        assert_eq!(spellings.len(), count, "two settings share a name");
    }

    #[test]
    fn defaults_are_the_posts_values() {
        let mpd = Params::new(Algorithm::MidpointDisplacement);
        assert_eq!(
            (mpd.exponent, mpd.spread, mpd.spread_reduction),
            (5, 0.3, 0.5)
        );
        let recursive = Params::new(Algorithm::RecursiveMidpointDisplacement);
        assert_eq!((recursive.spread, recursive.spread_reduction), (0.3, 0.55));
        let diamond = Params::new(Algorithm::DiamondSquare);
        assert_eq!((diamond.spread, diamond.spread_reduction), (0.3, 0.5));
        for algorithm in Algorithm::ALL {
            let params = Params::new(algorithm);
            assert_eq!(params.algorithm, algorithm);
            assert_eq!(params.validate(), Ok(()));
        }
    }

    #[test]
    fn validation_names_field_value_and_range() {
        let cases = [
            (
                Params {
                    exponent: 0,
                    ..Params::default()
                },
                "exponent must be a whole number from 1 to 12; got 0",
            ),
            (
                Params {
                    exponent: 40,
                    ..Params::default()
                },
                "exponent must be a whole number from 1 to 12; got 40",
            ),
            (
                Params {
                    spread: -1.0,
                    ..Params::default()
                },
                "spread must be a number from 0 to 5; got -1",
            ),
            (
                Params {
                    spread: f64::NAN,
                    ..Params::default()
                },
                "spread must be a number from 0 to 5; got NaN",
            ),
            (
                Params {
                    spread: f64::INFINITY,
                    ..Params::default()
                },
                "spread must be a number from 0 to 5; got inf",
            ),
            (
                Params {
                    spread_reduction: 2.5,
                    ..Params::default()
                },
                "spread reduction must be a number from 0 to 2; got 2.5",
            ),
        ];
        for (params, message) in cases {
            assert_eq!(params.validate().expect_err(message).to_string(), message);
        }
    }

    #[test]
    fn text_input_is_parsed_trimmed_and_checked() {
        let mut params = Params::default();
        params.set_text(Field::Exponent, " 7 ").expect("valid");
        params.set_text(Field::Spread, "0.25").expect("valid");
        params
            .set_text(Field::SpreadReduction, "+0.6")
            .expect("valid");
        params
            .set_text(Field::Seed, "18446744073709551615")
            .expect("valid");
        params.set_text(Field::Normalize, "off").expect("valid");
        params
            .set_text(Field::Algorithm, "midpoint-displacement")
            .expect("valid");
        assert_eq!(
            params,
            Params {
                algorithm: Algorithm::MidpointDisplacement,
                exponent: 7,
                spread: 0.25,
                spread_reduction: 0.6,
                seed: u64::MAX,
                normalize: false,
                ..Params::new(Algorithm::MidpointDisplacement)
            }
        );
    }

    #[test]
    fn bad_text_keeps_the_last_good_value_and_says_why() {
        let bad = [
            (Field::Exponent, "40"),
            (Field::Exponent, "-1"),
            (Field::Exponent, "0"),
            (Field::Exponent, "abc"),
            (Field::Exponent, "1e309"),
            (Field::Exponent, "2^64"),
            (Field::Exponent, "5.5"),
            (Field::Spread, "-1"),
            (Field::Spread, "1e309"),
            (Field::Spread, "NaN"),
            (Field::Spread, "inf"),
            (Field::SpreadReduction, "abc"),
            (Field::Seed, "-1"),
            (Field::Seed, "18446744073709551616"),
            (Field::Seed, "2^64"),
            (Field::Seed, "1.5"),
            (Field::Normalize, "maybe"),
            (Field::Algorithm, "<script>alert(1)</script>"),
        ];
        for (field, text) in bad {
            let mut params = Params::default();
            let error = params.set_text(field, text).expect_err(text);
            assert_eq!(
                params,
                Params::default(),
                "{field:?} {text:?} changed the params"
            );
            let message = error.to_string();
            let spec = field.spec();
            assert!(message.starts_with(spec.label), "{message}");
            assert!(message.contains(&spec.allowed()), "{message}");
            assert_eq!(error.spec(), Some(spec));
        }
    }

    #[test]
    fn empty_text_says_it_is_empty() {
        for field in [
            Field::Exponent,
            Field::Spread,
            Field::Seed,
            Field::Algorithm,
        ] {
            let error = Params::default()
                .set_text(field, "  \t")
                .expect_err("empty");
            let spec = field.spec();
            assert_eq!(
                error.to_string(),
                format!("{} is empty; enter {}", spec.label, spec.allowed())
            );
        }
    }

    #[test]
    fn quoted_values_are_escaped_and_shortened() {
        let long = "9".repeat(10_000);
        let message = Params::default()
            .set_text(Field::Seed, &long)
            .expect_err("too big")
            .to_string();
        assert!(message.len() < 200, "{message}");
        let message = Params::default()
            .set_text(Field::Spread, "\"quoted\"\n")
            .expect_err("not a number")
            .to_string();
        assert!(message.contains(r#""\"quoted\"""#), "{message}");
    }

    #[test]
    fn a_reading_starts_from_the_algorithms_defaults_and_keeps_them_for_bad_values() {
        let given = |spec: &'static Spec| {
            Ok(match spec.option {
                "algorithm" => Some("recursive-midpoint-displacement".to_owned()),
                "exponent" => Some("40".to_owned()),
                "seed" => Some(" 9 ".to_owned()),
                "stage" => Some("square".to_owned()),
                _ => None,
            })
        };
        let reading = Params::read(given);
        assert_eq!(
            reading.params,
            Params {
                seed: 9,
                ..Params::new(Algorithm::RecursiveMidpointDisplacement)
            }
        );
        assert_eq!(reading.stage, Stage::Done);
        let refused: Vec<_> = reading
            .errors
            .iter()
            .filter_map(|error| error.spec().map(|spec| spec.option))
            .collect();
        assert_eq!(refused, ["exponent", "stage"]);
    }

    /// The JavaScript `erode()` reads its options this way: only the
    /// settings on its surface, through [`Params::read`], then the droplets'
    /// settings with the map's seed.
    #[test]
    fn the_erode_options_are_the_seed_and_every_droplet_setting() {
        let options: Vec<&str> = PARAMETERS
            .iter()
            .filter(|parameter| parameter.spec.surfaces.erode)
            .map(|parameter| parameter.spec.option)
            .collect();
        assert_eq!(
            options,
            [
                "seed",
                "droplets",
                "inertia",
                "capacity",
                "minCapacity",
                "erodeSpeed",
                "depositSpeed",
                "evaporateSpeed",
                "radius",
                "gravity",
                "lifetime",
                "wrap"
            ]
        );
        let given = |spec: &'static Spec| {
            let text = match spec.option {
                "seed" => "18446744073709551615",
                "droplets" => "1234",
                "inertia" => "0.5",
                "capacity" => "8",
                "minCapacity" => "0.02",
                "erodeSpeed" => "0.6",
                "depositSpeed" => "0.1",
                "evaporateSpeed" => "0.05",
                "radius" => "5",
                "gravity" => "9",
                "lifetime" => "77",
                "wrap" => "true",
                _ => return Ok(None),
            };
            assert!(spec.surfaces.erode, "{} is not an erode() option", spec);
            Ok(Some(text.to_owned()))
        };
        let reading = Params::read(given);
        assert_eq!(reading.errors, []);
        assert_eq!(reading.params.seed, u64::MAX);
        assert_eq!(
            reading.params.erosion.droplets,
            DropletSettings {
                droplets: 1234,
                seed: 0,
                wrap: true,
                inertia: 0.5,
                capacity: 8.0,
                min_capacity: 0.02,
                erode_speed: 0.6,
                deposit_speed: 0.1,
                evaporate_speed: 0.05,
                radius: 5,
                gravity: 9.0,
                lifetime: 77,
            }
        );
        // Nothing given: the erosion chapter's defaults, walls at the edges.
        let defaults = Params::read(|_| Ok(None));
        assert_eq!(defaults.params.erosion.droplets, DropletSettings::default());
        assert_eq!(defaults.params.seed, 0);
    }

    #[test]
    fn details_give_radius_chunk_and_spread() {
        let params = Params {
            exponent: 4,
            spread: 0.4,
            spread_reduction: 0.5,
            ..Params::new(Algorithm::MidpointDisplacement)
        };
        let first = params.stage_details(Stage::Edges);
        assert_eq!(
            (first.radius, first.chunk_size, first.spread),
            (Some(8), Some(16), Some(0.4))
        );
        let third = params.stage_details(Stage::Pass(3));
        assert_eq!(
            (third.radius, third.chunk_size, third.spread),
            (Some(2), Some(4), Some(0.1))
        );
        assert_eq!(params.stage_details(Stage::Done), StageDetails::default());
    }

    proptest! {
        #[test]
        fn set_text_never_panics_and_never_leaves_invalid_params(
            index in 0..PARAMETERS.len(),
            text in ".{0,40}",
        ) {
            let mut params = Params::default();
            match params.set_text(PARAMETERS[index].field, &text) {
                Ok(()) => prop_assert_eq!(params.validate(), Ok(())),
                Err(error) => {
                    prop_assert_eq!(params, Params::default());
                    prop_assert!(!error.to_string().is_empty());
                }
            }
        }

        #[test]
        fn text_round_trips(
            exponent in MIN_EXPONENT..=MAX_EXPONENT,
            spread in 0.0..=MAX_SPREAD,
            spread_reduction in 0.0..=MAX_SPREAD_REDUCTION,
            seed: u64,
            normalize: bool,
            algorithm_index in 0..Algorithm::ALL.len(),
        ) {
            let algorithm = Algorithm::ALL[algorithm_index];
            let params = Params {
                algorithm,
                exponent, spread, spread_reduction, seed, normalize,
                ..Params::new(algorithm)
            };
            let mut read_back = Params::default();
            for parameter in &PARAMETERS {
                read_back.set_text(parameter.field, &params.text(parameter.field)).expect("round trip");
            }
            prop_assert_eq!(read_back, params);
        }

        #[test]
        fn out_of_range_numbers_are_always_refused(
            spread in prop_oneof![-1e300..-1e-300, 5.000001..1e300],
        ) {
            let params = Params { spread, ..Params::default() };
            let refused = matches!(
                params.validate(),
                Err(Error::InvalidParameter { spec, .. }) if spec == Field::Spread.spec()
            );
            prop_assert!(refused);
        }
    }
}
