//! `generate(options)`: the generator, callable from JavaScript.

use js_sys::{BigInt, Float64Array, Object, Reflect};
use terrain_core::{Algorithm, Error, Field, Params, Stage};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The options `generate` understands, with the field each one sets.
const OPTIONS: [(&str, Option<Field>); 7] = [
    ("algorithm", Some(Field::Algorithm)),
    ("exponent", Some(Field::Exponent)),
    ("spread", Some(Field::Spread)),
    ("spreadReduction", Some(Field::SpreadReduction)),
    ("seed", Some(Field::Seed)),
    ("normalize", Some(Field::Normalize)),
    ("stage", None),
];

/// The largest integer a JavaScript number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Generates a heightmap and returns its `(2^exponent + 1)^2` heights,
/// row-major, as a `Float64Array`.
///
/// `options` may hold `algorithm` (default `"diamond-square"`), `exponent`
/// (5), `spread` (0.3), `spreadReduction` (0.5, or 0.55 for the recursive
/// algorithm), `seed` (0; a number, a decimal string or a BigInt),
/// `normalize` (true) and `stage` (`"done"`). Anything missing takes the
/// posts' default. A bad option throws an `Error` naming the option, the
/// value and what is allowed; so does an option this function does not know.
#[wasm_bindgen(js_name = generate)]
pub fn generate_heights(options: JsValue) -> Result<Float64Array, JsError> {
    let (params, stage) = read_options(&options).map_err(|message| JsError::new(&message))?;
    let terrain = terrain_core::generate(&params, stage)
        .map_err(|error| JsError::new(&error.describe(option_name(&error))))?;
    Ok(Float64Array::from(terrain.heightmap.heights()))
}

fn read_options(options: &JsValue) -> Result<(Params, Stage), String> {
    if options.is_undefined() || options.is_null() {
        return Ok((Params::default(), Stage::Done));
    }
    let object = options.dyn_ref::<Object>().filter(|_| options.is_object()).ok_or_else(|| {
        format!(
            "generate takes an options object such as {{ algorithm: \"diamond-square\", exponent: 5, seed: 7 }}; got {}",
            kind_of(options)
        )
    })?;
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !OPTIONS.iter().any(|&(name, _)| name == key) {
            let known: Vec<&str> = OPTIONS.iter().map(|&(name, _)| name).collect();
            return Err(format!(
                "unknown option {key:?}; the options are {}",
                known.join(", ")
            ));
        }
    }
    let value = |name: &str| {
        Reflect::get(object, &JsValue::from_str(name))
            .ok()
            .filter(|value| !value.is_undefined())
    };

    let algorithm = match value("algorithm") {
        Some(value) => text_of(&value, Field::Algorithm)?
            .parse::<Algorithm>()
            .map_err(|error| error.describe("algorithm"))?,
        None => Algorithm::DiamondSquare,
    };
    let mut params = Params::new(algorithm);
    for &(name, field) in &OPTIONS[1..6] {
        let Some(field) = field else { continue };
        if let Some(value) = value(name) {
            let text = text_of(&value, field)?;
            params
                .set_text(field, &text)
                .map_err(|error| error.describe(name))?;
        }
    }
    let stage = match value("stage") {
        Some(value) => text_of(&value, Field::Stage)?
            .parse::<Stage>()
            .map_err(|error| error.describe("stage"))?,
        None => Stage::Done,
    };
    Ok((params, stage))
}

/// The text a JavaScript value stands for, as the core's parsers read it.
fn text_of(value: &JsValue, field: Field) -> Result<String, String> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if let Some(number) = value.as_f64() {
        if matches!(field, Field::Exponent | Field::Seed)
            && number.fract() == 0.0
            && number.abs() <= MAX_SAFE_INTEGER
        {
            return Ok(format!("{}", number as i64));
        }
        if field == Field::Seed && number.is_finite() && number.fract() == 0.0 {
            return Err(format!(
                "seed {number} is past the largest whole number a JavaScript number holds exactly \
                 (2^53 - 1); pass it as a string or a BigInt"
            ));
        }
        // JavaScript's own spelling: "Infinity", "NaN", "1e+21".
        return Ok(js_sys::Number::from(number)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default());
    }
    if let Some(big) = value.dyn_ref::<BigInt>() {
        return big
            .to_string(10)
            .map(String::from)
            .map_err(|_| "a BigInt that cannot be printed".to_owned());
    }
    if let Some(switch) = value.as_bool() {
        return Ok(switch.to_string());
    }
    Err(Error::InvalidParameter {
        field,
        value: kind_of(value),
        allowed: field.allowed(),
    }
    .describe(field.option_name()))
}

fn kind_of(value: &JsValue) -> String {
    if value.is_null() {
        "null".to_owned()
    } else if js_sys::Array::is_array(value) {
        "an array".to_owned()
    } else {
        format!(
            "a value of type {}",
            value.js_typeof().as_string().unwrap_or_default()
        )
    }
}

fn option_name(error: &Error) -> &'static str {
    error.field().map_or("options", Field::option_name)
}

/// Runs one generator (an algorithm name) or the memory floor
/// (`"streaming-floor"`, see `terrain_core::baseline`) on an
/// exponent-`exponent` map, entirely inside WebAssembly, and returns a
/// checksum of the result so the work cannot be skipped. For the browser
/// benchmark: timing this, rather than `generate`, leaves out the copy of
/// the heights into a `Float64Array`.
#[wasm_bindgen(js_name = benchmarkRun)]
pub fn benchmark_run(name: &str, exponent: u32, seed: f64) -> Result<f64, JsError> {
    let map = if name == "streaming-floor" {
        let params = Params {
            exponent,
            ..Params::default()
        };
        params
            .validate()
            .map_err(|error| JsError::new(&error.describe("exponent")))?;
        terrain_core::baseline::streaming_floor(exponent)
    } else {
        let algorithm: Algorithm = name
            .parse()
            .map_err(|error: Error| JsError::new(&error.describe("name")))?;
        let params = Params {
            exponent,
            seed: seed as u64,
            ..Params::new(algorithm)
        };
        terrain_core::generate(&params, Stage::Done)
            .map_err(|error| JsError::new(&error.describe(option_name(&error))))?
            .heightmap
    };
    let heights = map.heights();
    Ok(heights[heights.len() / 3] + heights[heights.len() - 1] + heights.len() as f64)
}
