//! Every parameter of a map, described once: the registry.
//!
//! [`fields`] lists every [`Field`] in the order forms show them and links
//! write them: the map's own and the groups' (subdivision, noise), then
//! each algorithm's own parameters (its [`Description::parameters`], in
//! the order of [`crate::generators::ALL`]), then erosion's. Every reader
//! (embed attributes, links, the JavaScript API, the controls, the worker
//! protocol) and every writer (share links, the controls, the test lists)
//! goes through it, so a parameter is its field in [`Params`], its
//! [`Spec`] beside the code that reads it, and its entry here, or in its
//! algorithm's description if no other algorithm reads it.
//!
//! [`Description::parameters`]: crate::params::Description::parameters

use crate::erosion::droplets::{
    CAPACITY, DEPOSIT_SPEED, DROPLET, DROPLETS, ERODE_SPEED, EVAPORATE_SPEED, GRAVITY, INERTIA,
    LIFETIME, MIN_CAPACITY, RADIUS, WRAP,
};
use crate::erosion::thermal::{ITERATIONS, SLIDE_RATE, TALUS};
use crate::erosion::{METHOD, Method};
use crate::generators::noise::{
    DAMPING, FADE, FREQUENCY, Fade, GAIN, LACUNARITY, OCTAVES, POWER, RIDGE_FEEDBACK, RIDGE_OFFSET,
    SHAPE, Shape, TERRACES, TILEABLE, WARP,
};
use crate::generators::{self, ALGORITHM};
use crate::limits::{MAX_EXPONENT, MIN_EXPONENT};
use crate::params::{Field, Group, MAX_SPREAD, MAX_SPREAD_REDUCTION, Parameter, Params};
use crate::spec::{Kind, Spec, Surfaces, Value};
use crate::{choice_parameter, number_parameter, switch_parameter, whole_parameter};

/// Every field, in the order forms show them and links write them.
pub fn fields() -> impl Iterator<Item = Field> + Clone {
    let own = generators::ALL
        .iter()
        .flat_map(|algorithm| algorithm.description().parameters.iter().copied());
    SHARED
        .iter()
        .map(Field::of)
        .chain(own)
        .chain(EROSION.iter().map(Field::of))
}

/// The field whose option name (the JavaScript API's and the links'
/// spelling) is `name`, if any.
pub fn field_named(name: &str) -> Option<Field> {
    fields().find(|field| field.name() == name)
}

/// The map's size.
pub static EXPONENT: Spec = Spec {
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
};

/// The first pass's largest random offset.
pub static SPREAD: Spec = Spec {
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
};

/// What multiplies the spread after each pass.
pub static SPREAD_REDUCTION: Spec = Spec {
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
};

/// The one PRNG's seed: the map's, and the rain's.
pub static SEED: Spec = Spec {
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
};

/// Whether `done` rescales the heights.
pub static NORMALIZE: Spec = Spec {
    label: "normalize",
    title: "Normalize to 0–1 when done",
    option: "normalize",
    attribute: "data-normalize",
    help: "at done, rescale the heights to exactly 0 to 1",
    kind: Kind::Switch,
    step: 1.0,
    surfaces: Surfaces::MAP,
};

fn always(_: &Params) -> bool {
    true
}

fn subdivides(params: &Params) -> bool {
    params.algorithm.reads(Group::Subdivision)
}

fn normalizes(params: &Params) -> bool {
    params.algorithm.reads(Group::Normalize)
}

fn noisy(params: &Params) -> bool {
    params.algorithm.reads(Group::Noise)
}

fn multifractal(params: &Params) -> bool {
    noisy(params) && params.noise.shape == Shape::RidgedMultifractal
}

fn fades(params: &Params) -> bool {
    params.algorithm.reads(Group::Fade)
}

fn by_droplets(params: &Params) -> bool {
    matches!(params.erosion.method, Method::Droplets | Method::Trace)
}

fn by_droplets_only(params: &Params) -> bool {
    params.erosion.method == Method::Droplets
}

fn by_trace(params: &Params) -> bool {
    params.erosion.method == Method::Trace
}

fn eroded(params: &Params) -> bool {
    params.erosion.method != Method::None
}

fn by_sliding(params: &Params) -> bool {
    params.erosion.method == Method::Thermal
}

/// The map's own parameters and the groups' shared by several algorithms.
static SHARED: [Parameter; 19] = [
    Parameter {
        spec: &ALGORITHM,
        applies: always,
        get: |params| Value::Choice(params.algorithm.index()),
        set: |params, value| {
            if let Value::Choice(index) = value
                && let Some(&algorithm) = generators::ALL.get(*index)
            {
                params.algorithm = algorithm;
            }
        },
    },
    whole_parameter!(&EXPONENT, always, map.exponent),
    number_parameter!(&SPREAD, subdivides, subdivision.spread),
    number_parameter!(&SPREAD_REDUCTION, subdivides, subdivision.spread_reduction),
    Parameter {
        spec: &SEED,
        applies: always,
        get: |params| Value::Whole(params.map.seed),
        set: |params, value| {
            if let Value::Whole(seed) = value {
                params.map.seed = *seed;
            }
        },
    },
    switch_parameter!(&NORMALIZE, normalizes, map.normalize),
    whole_parameter!(&FREQUENCY, noisy, noise.frequency),
    whole_parameter!(&OCTAVES, noisy, noise.octaves),
    number_parameter!(&LACUNARITY, noisy, noise.lacunarity),
    number_parameter!(&GAIN, noisy, noise.gain),
    choice_parameter!(&FADE, fades, Fade::ALL, noise.fade),
    choice_parameter!(&SHAPE, noisy, Shape::ALL, noise.shape),
    number_parameter!(&RIDGE_OFFSET, multifractal, noise.ridges.offset),
    number_parameter!(&RIDGE_FEEDBACK, multifractal, noise.ridges.feedback),
    number_parameter!(&POWER, noisy, noise.power),
    whole_parameter!(&TERRACES, noisy, noise.terraces),
    number_parameter!(&WARP, noisy, noise.warp),
    number_parameter!(&DAMPING, noisy, noise.damping),
    switch_parameter!(&TILEABLE, noisy, noise.tileable),
];

/// Erosion's parameters, after every algorithm's.
static EROSION: [Parameter; 16] = [
    choice_parameter!(&METHOD, always, Method::ALL, erosion.method),
    whole_parameter!(&DROPLETS, by_droplets_only, erosion.droplets.droplets),
    whole_parameter!(&DROPLET, by_trace, erosion.droplet),
    number_parameter!(&INERTIA, by_droplets, erosion.droplets.inertia),
    number_parameter!(&CAPACITY, by_droplets, erosion.droplets.capacity),
    number_parameter!(&MIN_CAPACITY, by_droplets, erosion.droplets.min_capacity),
    number_parameter!(&ERODE_SPEED, by_droplets, erosion.droplets.erode_speed),
    number_parameter!(&DEPOSIT_SPEED, by_droplets, erosion.droplets.deposit_speed),
    number_parameter!(
        &EVAPORATE_SPEED,
        by_droplets,
        erosion.droplets.evaporate_speed
    ),
    whole_parameter!(&RADIUS, by_droplets, erosion.droplets.radius),
    number_parameter!(&GRAVITY, by_droplets, erosion.droplets.gravity),
    whole_parameter!(&LIFETIME, by_droplets, erosion.droplets.lifetime),
    switch_parameter!(&WRAP, eroded, erosion.droplets.wrap),
    number_parameter!(&TALUS, by_sliding, erosion.thermal.talus),
    number_parameter!(&SLIDE_RATE, by_sliding, erosion.thermal.rate),
    whole_parameter!(&ITERATIONS, by_sliding, erosion.thermal.iterations),
];

/// Names each entry of `$table`, in order, as a constant of [`Field`].
macro_rules! name_fields {
    ($table:ident: $($name:ident),+ $(,)?) => {
        name_fields!(@ $table, 0usize, $($name),+);
    };
    (@ $table:ident, $index:expr, $name:ident $(, $rest:ident)*) => {
        impl Field {
            #[doc = concat!("The `", stringify!($name), "` parameter.")]
            pub const $name: Field = Field::of(&$table[$index]);
        }
        name_fields!(@ $table, $index + 1 $(, $rest)*);
    };
    (@ $table:ident, $index:expr) => {};
}

name_fields!(
    SHARED: ALGORITHM,
    EXPONENT,
    SPREAD,
    SPREAD_REDUCTION,
    SEED,
    NORMALIZE,
    FREQUENCY,
    OCTAVES,
    LACUNARITY,
    GAIN,
    FADE,
    SHAPE,
    RIDGE_OFFSET,
    RIDGE_FEEDBACK,
    POWER,
    TERRACES,
    WARP,
    DAMPING,
    TILEABLE,
);

name_fields!(
    EROSION: EROSION,
    DROPLETS,
    DROPLET,
    INERTIA,
    CAPACITY,
    MIN_CAPACITY,
    ERODE_SPEED,
    DEPOSIT_SPEED,
    EVAPORATE_SPEED,
    RADIUS,
    GRAVITY,
    LIFETIME,
    WRAP,
    TALUS,
    SLIDE_RATE,
    ITERATIONS,
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Algorithm;
    use crate::stage::STAGE;

    #[test]
    fn every_field_has_its_own_names() {
        let mut spellings: Vec<&str> = fields()
            .flat_map(|field| [field.spec().option, field.spec().attribute])
            .chain([STAGE.option, STAGE.attribute])
            .collect();
        let count = spellings.len();
        spellings.sort_unstable();
        spellings.dedup();
        assert_eq!(spellings.len(), count, "two settings share a name");
    }

    #[test]
    fn the_named_fields_are_the_entries_they_name() {
        let named = [
            (Field::ALGORITHM, "algorithm"),
            (Field::EXPONENT, "exponent"),
            (Field::SPREAD, "spread"),
            (Field::SPREAD_REDUCTION, "spreadReduction"),
            (Field::SEED, "seed"),
            (Field::NORMALIZE, "normalize"),
            (Field::FREQUENCY, "frequency"),
            (Field::OCTAVES, "octaves"),
            (Field::LACUNARITY, "lacunarity"),
            (Field::GAIN, "gain"),
            (Field::FADE, "fade"),
            (Field::SHAPE, "shape"),
            (Field::RIDGE_OFFSET, "ridgeOffset"),
            (Field::RIDGE_FEEDBACK, "ridgeFeedback"),
            (Field::POWER, "power"),
            (Field::TERRACES, "terraces"),
            (Field::WARP, "warp"),
            (Field::DAMPING, "damping"),
            (Field::TILEABLE, "tileable"),
            (Field::EROSION, "erosion"),
            (Field::DROPLETS, "droplets"),
            (Field::DROPLET, "droplet"),
            (Field::INERTIA, "inertia"),
            (Field::CAPACITY, "capacity"),
            (Field::MIN_CAPACITY, "minCapacity"),
            (Field::ERODE_SPEED, "erodeSpeed"),
            (Field::DEPOSIT_SPEED, "depositSpeed"),
            (Field::EVAPORATE_SPEED, "evaporateSpeed"),
            (Field::RADIUS, "radius"),
            (Field::GRAVITY, "gravity"),
            (Field::LIFETIME, "lifetime"),
            (Field::WRAP, "wrap"),
            (Field::TALUS, "talus"),
            (Field::SLIDE_RATE, "slideRate"),
            (Field::ITERATIONS, "iterations"),
        ];
        for (field, name) in named {
            assert_eq!(field.name(), name);
            assert_eq!(field_named(name), Some(field));
        }
        assert_eq!(field_named("spreadreduction"), None);
    }

    #[test]
    fn each_entry_gets_and_sets_its_own_field_only() {
        for algorithm in Algorithm::all() {
            let defaults = Params::new(algorithm);
            for field in fields() {
                let value = defaults.get(field);
                let mut changed = defaults;
                (field.parameter().set)(&mut changed, &value);
                assert_eq!(changed, defaults, "{field:?} for {algorithm}");
                // A different value of the same kind lands in this field and
                // no other.
                let other = match value {
                    Value::Whole(whole) => Value::Whole(whole ^ 1),
                    Value::Number(number) => Value::Number(number + 0.25),
                    Value::Switch(on) => Value::Switch(!on),
                    Value::Choice(index) => Value::Choice(usize::from(index == 0)),
                    Value::Name(_) => continue,
                };
                (field.parameter().set)(&mut changed, &other);
                assert_eq!(changed.get(field), other, "{field:?} for {algorithm}");
                for unchanged in fields().filter(|&other| other != field) {
                    assert_eq!(
                        changed.get(unchanged),
                        defaults.get(unchanged),
                        "setting {field:?} changed {unchanged:?}"
                    );
                }
            }
        }
    }

    /// The JavaScript `erode()` reads its options this way: only the
    /// settings on its surface.
    #[test]
    fn the_erode_options_are_the_seed_and_every_droplet_setting() {
        let options: Vec<&str> = fields()
            .filter(|field| field.spec().surfaces.erode)
            .map(Field::name)
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
    }

    #[test]
    fn an_algorithm_reads_its_groups_and_its_own_parameters() {
        for algorithm in Algorithm::all() {
            let params = Params::new(algorithm);
            for field in fields() {
                let applies = (field.parameter().applies)(&params);
                if algorithm.owns(field) {
                    assert!(applies, "{algorithm} owns {field:?} but does not read it");
                }
                for other in Algorithm::all().filter(|&other| other != algorithm) {
                    if other.owns(field) && !algorithm.owns(field) {
                        assert!(!applies, "{algorithm} reads {other}'s {field:?}");
                    }
                }
            }
        }
    }
}
