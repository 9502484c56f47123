//! The seeds of `generate`: every stage of every algorithm, every method
//! of erosion, every field at the end of its range and past it.

use terrain_core::erosion::Method;
use terrain_core::spec::{Kind, Value};
use terrain_core::{Algorithm, Field, Group, MapSettings, Params, Stage};
use terrain_fuzz::input;

use crate::{Seeds, largest, slug};

/// `params` on an exponent-`exponent` map.
fn at(exponent: u32, params: Params) -> Params {
    Params {
        map: MapSettings {
            exponent,
            ..params.map
        },
        ..params
    }
}

/// A value of `kind` just out of its range, if it has a range and one
/// is past it.
fn just_past(kind: Kind) -> Option<Value> {
    match kind {
        Kind::Whole { max, .. } => max.checked_add(1).map(Value::Whole),
        Kind::Number { max, .. } => Some(Value::Number(max.next_up())),
        _ => None,
    }
}

/// Every seed of `generate`.
pub fn seeds() -> Seeds {
    let mut seeds: Seeds = Vec::new();
    let mut add = |name: String, params: &Params, stage: Stage| {
        seeds.push((name, input::generate(params, stage)));
    };

    // Every stage of every algorithm, on a small map.
    for algorithm in Algorithm::all() {
        let params = at(3, Params::new(algorithm));
        for stage in params.stages() {
            add(format!("{algorithm}-{stage}"), &params, stage);
        }
    }

    // Every method of erosion, its first stage and its last.
    for (method, name) in Method::ALL.into_iter().zip(Method::NAMES) {
        let mut params = at(4, Params::new(Algorithm::DIAMOND_SQUARE));
        input::set_erosion(&mut params, method, 9);
        let stages: Vec<Stage> = params
            .stages()
            .into_iter()
            .filter(|stage| stage.is_erosion())
            .collect();
        if let (Some(&first), Some(&last)) = (stages.first(), stages.last()) {
            add(format!("erosion-{name}-{first}"), &params, first);
            add(format!("erosion-{name}-{last}"), &params, last);
        }
    }

    // Every field read by kind, on a map that reads it: at the far end of
    // its range (a map), and just past it (a refusal). NaN for a number
    // too, which no comparison refuses by itself.
    for field in input::by_kind() {
        let params = reading(field);
        let kind = field.spec().kind;
        let name = slug(field.spec().label);
        let stage = params.final_stage();
        for (suffix, value) in [
            ("largest", largest(kind)),
            ("just-past", just_past(kind)),
            (
                "nan",
                matches!(kind, Kind::Number { .. }).then_some(Value::Number(f64::NAN)),
            ),
        ] {
            if let Some(value) = value {
                let mut changed = params;
                (field.parameter().set)(&mut changed, &value);
                add(format!("{name}-{suffix}"), &changed, stage);
            }
        }
    }

    // Hand-picked: the roughest and the flattest subdivision, exponents
    // and stages out of range.
    let diamond_square = Params::new(Algorithm::DIAMOND_SQUARE);
    let mut roughest = at(7, diamond_square);
    roughest.subdivision.spread = 5.0;
    roughest.subdivision.spread_reduction = 2.0;
    add("roughest".to_owned(), &roughest, Stage::Done);
    let mut flat = diamond_square;
    flat.subdivision.spread = 0.0;
    flat.subdivision.spread_reduction = 0.0;
    flat.map.normalize = false;
    add("flat-unnormalized".to_owned(), &flat, Stage::Pass(5));
    for exponent in [0, 13, u32::MAX] {
        add(
            format!("exponent-{exponent}"),
            &at(exponent, diamond_square),
            Stage::Done,
        );
    }
    add("pass-beyond".to_owned(), &diamond_square, Stage::Pass(6));
    add(
        "pass-u32-max".to_owned(),
        &diamond_square,
        Stage::Pass(u32::MAX),
    );
    // A stage of another algorithm's that each lacks, and a noise's
    // octave past its last.
    let named = input::named_stages();
    for algorithm in Algorithm::all() {
        let params = Params::new(algorithm);
        let own = params.stages();
        if let Some(&lacked) = named.iter().find(|stage| !own.contains(stage)) {
            add(format!("{algorithm}-lacks-{lacked}"), &params, lacked);
        }
        if algorithm.reads(Group::Noise) {
            let past = Stage::Octave(params.noise.octaves + 1);
            add(format!("{algorithm}-{past}"), &params, past);
        }
    }
    seeds
}

/// The defaults, on an exponent-4 map, of the first algorithm (and method
/// of erosion, with 9 droplets, slides or steps) that reads `field`.
fn reading(field: Field) -> Params {
    let candidates = Method::ALL.into_iter().flat_map(|method| {
        Algorithm::all().map(move |algorithm| {
            let mut params = at(4, Params::new(algorithm));
            input::set_erosion(&mut params, method, 9);
            params
        })
    });
    let mut fallback = None;
    for params in candidates {
        if (field.parameter().applies)(&params) {
            return params;
        }
        fallback.get_or_insert(params);
    }
    fallback.unwrap_or_else(|| Params::new(Algorithm::DIAMOND_SQUARE))
}
