//! `generate(options)` and `erode(heights, options)`: the generator and the
//! droplet erosion, callable from JavaScript. Their options are the
//! registry's (`terrain_core::registry::fields`), read by the same reader as embed
//! attributes and links.

use js_sys::{BigInt, Float32Array, Float64Array, Object, Reflect};
use terrain_core::erosion::MAX_ABS_HEIGHT;
use terrain_core::registry::fields;
use terrain_core::spec::{Kind, Spec, Surface};
use terrain_core::{
    Algorithm, Error, Heightmap, MAX_EXPONENT, MIN_EXPONENT, Params, Reading, STAGE, Stage,
    ValidParams,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The largest integer a JavaScript number holds exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The settings `generate` takes, in the order its messages list them.
fn generate_options() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .filter(|spec| spec.surfaces.generate)
        .chain([&STAGE])
}

/// The settings `erode` takes, in the order its messages list them.
fn erode_options() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .filter(|spec| spec.surfaces.erode)
}

/// Generates a heightmap and returns its `(2^exponent + 1)^2` heights,
/// row-major, as a `Float64Array`.
///
/// `options` may hold any parameter the registry offers JavaScript
/// (`terrain_core::registry::fields`, surface `generate`), and `stage`: the
/// posts' `algorithm` (default `"diamond-square"`), `exponent` (5),
/// `spread`, `spreadReduction`, `seed` (0; a number, a decimal string or a
/// BigInt) and `normalize`, and the gradient noises' `frequency`,
/// `octaves`, `lacunarity`, `gain`, `fade`, `shape`, `power`, `terraces`,
/// `warp`, `damping` and `tileable` (the README's table has them all).
/// Anything missing takes its default for the algorithm. A bad option
/// throws an `Error` naming the option, the value and what is allowed; so
/// does an option this function does not know, and so does a getter of the
/// options object that throws.
#[wasm_bindgen(js_name = generate)]
pub fn generate_heights(options: JsValue) -> Result<Float64Array, JsError> {
    let Reading { params, stage, .. } =
        read_options(&options, "generate", GENERATE_EXAMPLE, generate_options)
            .map_err(|message| JsError::new(&message))?;
    let terrain = terrain_core::generate(&params, stage)
        .map_err(|error| JsError::new(&error.describe_on(Surface::Option)))?;
    Ok(Float64Array::from(terrain.heightmap.heights()))
}

/// Reads the options of `function` (those `known` lists; `example` shows
/// them in the message for a value that is not an options object): every
/// value once, then through the registry's one reader, so the messages are
/// the same as an embed's or a link's.
fn read_options<I: Iterator<Item = &'static Spec>>(
    options: &JsValue,
    function: &str,
    example: &str,
    known: impl Fn() -> I,
) -> Result<Reading, String> {
    let given = given_options(options, function, example, known)?;
    let reading = Params::read(
        |spec| match given.iter().find(|(known, _)| known == &spec) {
            Some((_, value)) => text_of(value, spec).map(Some),
            None => Ok(None),
        },
    );
    match reading.errors.first() {
        Some(error) => Err(error.describe_on(Surface::Option)),
        None => Ok(reading),
    }
}

/// Erodes a map with droplets and returns its new heights as a new
/// `Float64Array`; `heights` is left as it was.
///
/// `heights` is a square map, row-major, `2^n + 1` points wide for `n` from
/// 1 to 12: a `Float64Array` such as `generate()` returns (a `Float32Array`
/// or an `Array` of numbers works too), every height finite and within
/// ±1 000 000. `options` may hold `seed` (0; where the droplets land, as in
/// `generate`), `droplets` (100 000), `inertia`, `capacity`, `minCapacity`,
/// `erodeSpeed`, `depositSpeed`, `evaporateSpeed`, `radius`, `gravity`,
/// `lifetime` and `wrap` (false: the map's edges are walls; true: the map
/// tiles, and so does the result). Missing options take the erosion
/// chapter's defaults; a bad or unknown option, a map of the wrong size or a
/// height out of range throws an `Error` that says which and why.
#[wasm_bindgen(js_name = erode)]
pub fn erode_heights(heights: JsValue, options: JsValue) -> Result<Float64Array, JsError> {
    let map = map_of(&heights, "erode", true).map_err(|message| JsError::new(&message))?;
    let Reading { params, .. } = read_options(&options, "erode", ERODE_EXAMPLE, erode_options)
        .map_err(|message| JsError::new(&message))?;
    let eroded = terrain_core::erode(&map, &params, &mut |_| {})
        .map_err(|error| JsError::new(&error.describe_on(Surface::Option)))?;
    Ok(Float64Array::from(eroded.heightmap.heights()))
}

/// The map `function` was given: its length must be a square map's, every
/// height finite and, when `bounded` (erosion needs it), within
/// ±[`MAX_ABS_HEIGHT`].
pub fn map_of(heights: &JsValue, function: &str, bounded: bool) -> Result<Heightmap, String> {
    let values = values_of(heights, function)?;
    let exponent = (MIN_EXPONENT..=MAX_EXPONENT)
        .find(|&exponent| side_of(exponent).pow(2) == values.len())
        .ok_or_else(|| {
            format!(
                "{function} takes heights of a square map 2^n + 1 points wide ({}, {}, {}, … {} \
                 values); got {} values",
                side_of(MIN_EXPONENT).pow(2),
                side_of(MIN_EXPONENT + 1).pow(2),
                side_of(MIN_EXPONENT + 2).pow(2),
                spaced(side_of(MAX_EXPONENT).pow(2)),
                spaced(values.len())
            )
        })?;
    if let Some(index) = values
        .iter()
        .position(|height| bounded && !(-MAX_ABS_HEIGHT..=MAX_ABS_HEIGHT).contains(height))
    {
        let error = Error::HeightOutOfRange {
            index,
            value: javascript_spelling(values[index]),
            limit: MAX_ABS_HEIGHT as u32,
        };
        return Err(error.describe_on(Surface::Option));
    }
    Heightmap::from_heights(exponent, values).map_err(|error| error.describe_on(Surface::Option))
}

/// `2^exponent + 1`.
fn side_of(exponent: u32) -> usize {
    (1 << exponent) + 1
}

/// A count with its thousands apart, as the messages write them: 16 785 409.
fn spaced(count: usize) -> String {
    let digits = count.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push(' ');
        }
        text.push(digit);
    }
    text
}

/// The numbers in a `Float64Array`, a `Float32Array` or an `Array` of
/// numbers.
fn values_of(heights: &JsValue, function: &str) -> Result<Vec<f64>, String> {
    if let Some(array) = heights.dyn_ref::<Float64Array>() {
        return Ok(array.to_vec());
    }
    if let Some(array) = heights.dyn_ref::<Float32Array>() {
        return Ok(array.to_vec().into_iter().map(f64::from).collect());
    }
    if let Some(array) = heights.dyn_ref::<js_sys::Array>() {
        return array
            .iter()
            .enumerate()
            .map(|(index, value)| {
                value.as_f64().ok_or_else(|| {
                    format!(
                        "{function} takes heights as numbers; height number {index} is {}",
                        kind_of(&value)
                    )
                })
            })
            .collect();
    }
    Err(format!(
        "{function} takes the heights of a map as a Float64Array, such as generate() returns \
         (or a Float32Array or an Array of numbers); got {}",
        kind_of(heights)
    ))
}

/// An options object `generate` takes, for its messages.
const GENERATE_EXAMPLE: &str = "{ algorithm: \"diamond-square\", exponent: 5, seed: 7 }";

/// An options object `erode` takes, for its messages.
const ERODE_EXAMPLE: &str = "{ droplets: 50000, seed: 7 }";

/// The options object's values, each read once, for the settings `known`
/// lists. Refuses a value that is not an options object, a key `known`
/// does not list, and a getter that throws (its error is passed on).
pub fn given_options<I: Iterator<Item = &'static Spec>>(
    options: &JsValue,
    function: &str,
    example: &str,
    known: impl Fn() -> I,
) -> Result<Vec<(&'static Spec, JsValue)>, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(Vec::new());
    }
    let object = options
        .dyn_ref::<Object>()
        .filter(|_| options.is_object() && !js_sys::Array::is_array(options))
        .ok_or_else(|| {
            format!(
                "{function} takes an options object such as {example}; got {}",
                kind_of(options)
            )
        })?;
    for key in Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known().any(|spec| spec.option == key) {
            let names: Vec<&str> = known().map(|spec| spec.option).collect();
            return Err(format!(
                "unknown option {key:?}; the options are {}",
                names.join(", ")
            ));
        }
    }
    let mut given = Vec::new();
    for spec in known() {
        let value = Reflect::get(object, &JsValue::from_str(spec.option)).map_err(|thrown| {
            let reason = thrown
                .dyn_ref::<js_sys::Error>()
                .map(|error| String::from(error.message()))
                .or_else(|| thrown.as_string())
                .unwrap_or_else(|| "an exception".to_owned());
            format!("reading option {} threw: {reason}", spec.option)
        })?;
        if !value.is_undefined() {
            given.push((spec, value));
        }
    }
    Ok(given)
}

/// The text a JavaScript value stands for, as the core's parsers read it.
pub fn text_of(value: &JsValue, spec: &'static Spec) -> Result<String, Error> {
    if let Some(text) = value.as_string() {
        return Ok(text);
    }
    if let Some(number) = value.as_f64() {
        let Kind::Whole { max, .. } = spec.kind else {
            return Ok(javascript_spelling(number));
        };
        if number.fract() == 0.0 && number.abs() <= MAX_SAFE_INTEGER {
            return Ok(format!("{}", number as i64));
        }
        // A whole number past what a JavaScript number holds exactly (a
        // seed) cannot be trusted to be the one meant.
        if max as f64 > MAX_SAFE_INTEGER && number.is_finite() && number.fract() == 0.0 {
            return Err(Error::Unreadable {
                spec,
                reason: format!(
                    "{number} is past the largest whole number a JavaScript number holds exactly \
                     (2^53 - 1); pass it as a string or a BigInt"
                ),
            });
        }
        return Ok(javascript_spelling(number));
    }
    if let Some(big) = value.dyn_ref::<BigInt>() {
        return big
            .to_string(10)
            .map(String::from)
            .map_err(|_| Error::InvalidParameter {
                spec,
                value: "a BigInt that cannot be printed".to_owned(),
            });
    }
    if let Some(switch) = value.as_bool() {
        return Ok(switch.to_string());
    }
    Err(Error::InvalidParameter {
        spec,
        value: kind_of(value),
    })
}

/// JavaScript's own spelling of a number: "Infinity", "NaN", "1e+21".
fn javascript_spelling(number: f64) -> String {
    js_sys::Number::from(number)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
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

/// The fingerprint of `heights` as `demoState()` reports a demo's: 16 hex
/// digits of a 64-bit FNV-1a hash of every height's bits, so JavaScript can
/// check that `generate()` or `erode()` gave exactly a demo's map.
#[wasm_bindgen]
pub fn fingerprint(heights: &[f64]) -> String {
    format!("{:016x}", terrain_core::fingerprint(heights))
}

/// Runs one generator (an algorithm name) or the memory floor
/// (`"streaming-floor"`, see `terrain_core::baseline`) on an
/// exponent-`exponent` map, entirely inside WebAssembly, and returns a
/// checksum of the result so the work cannot be skipped. For the browser
/// benchmark: timing this, rather than `generate`, leaves out the copy of
/// the heights into a `Float64Array`.
#[wasm_bindgen(js_name = benchmarkRun)]
pub fn benchmark_run(name: &str, exponent: u32, seed: f64) -> Result<f64, JsError> {
    let describe = |error: Error| JsError::new(&error.describe_on(Surface::Option));
    let map = if name == "streaming-floor" {
        ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(exponent)
            .map_err(describe)?;
        terrain_core::baseline::streaming_floor(exponent)
    } else {
        let algorithm: Algorithm = name.parse().map_err(describe)?;
        let params = ValidParams::new(algorithm)
            .with_exponent(exponent)
            .map_err(describe)?
            .with_seed(seed as u64);
        terrain_core::generate(&params, Stage::Done)
            .map_err(describe)?
            .heightmap
    };
    let heights = map.heights();
    Ok(heights[heights.len() / 3] + heights[heights.len() - 1] + heights.len() as f64)
}
