//! `analyze(heights, options?)`: a map's measures from JavaScript
//! ([`terrain_analysis::analyze`]), as a plain object of numbers and
//! `Float64Array`s.

use js_sys::{Float64Array, Object, Reflect};
use terrain_analysis::{Analysis, BINS, Histogram, Options, RELIEF, Spectrum};
use terrain_core::spec::{Spec, Surface, Value};
use wasm_bindgen::prelude::*;

use terrain_js::{given_options, map_of, text_of};

/// An options object `analyze` takes, for its messages.
const ANALYZE_EXAMPLE: &str = "{ bins: 64 }";

/// Measures a map: `heights` as `erode` takes them (a square map `2^n + 1`
/// points wide, every height within ±1 000 000), `options` may hold `bins` (64, 1 to
/// 4096) and `relief` (1, 0.1 to 2, the slopes' scale). Returns `{ min,
/// max, mean, std, histogram: { edges, counts }, hypsometric, spectrum: {
/// frequencies, power, slope, intercept, fitFrom, fitTo, picture: { side,
/// values } }, slope: { meanDegrees, maxDegrees, histogram }, roughness }`
/// (the README says what each is). A bad option or map throws an `Error`
/// naming it, its value and what is allowed.
#[wasm_bindgen(js_name = analyze)]
pub fn analyze_heights(heights: JsValue, options: JsValue) -> Result<Object, JsError> {
    let fail = |message: String| JsError::new(&message);
    // As erode's: beyond a million, differences and powers overflow.
    let map = map_of(&heights, "analyze", Some("analyze")).map_err(fail)?;
    let options = read(&options).map_err(fail)?;
    object_of(&terrain_analysis::analyze(&map, &options))
        .map_err(|_| fail("analyze could not build its answer".to_owned()))
}

/// The options `analyze` was given, each read and checked once.
fn read(options: &JsValue) -> Result<Options, String> {
    let known = || [&BINS, &RELIEF].into_iter();
    let given = given_options(options, "analyze", ANALYZE_EXAMPLE, known)?;
    let value = |spec: &'static Spec| -> Result<Option<Value>, String> {
        let Some((_, value)) = given.iter().find(|(known, _)| *known == spec) else {
            return Ok(None);
        };
        let text = text_of(value, spec).map_err(|error| error.describe_on(Surface::Option))?;
        spec.parse_on(Surface::Option, &text)
            .map(Some)
            .map_err(|refusal| spec.refuse_on(Surface::Option, &refusal))
    };
    let bins = match value(&BINS)? {
        Some(Value::Whole(bins)) => bins,
        _ => terrain_analysis::DEFAULT_BINS as u64,
    };
    let relief = match value(&RELIEF)? {
        Some(Value::Number(relief)) => relief,
        _ => 1.0,
    };
    Options::new(bins, relief).map_err(|error| error.describe_on(Surface::Option))
}

/// The analysis as JavaScript sees it.
pub fn object_of(analysis: &Analysis) -> Result<Object, JsValue> {
    let object = Object::new();
    set(&object, "min", analysis.min)?;
    set(&object, "max", analysis.max)?;
    set(&object, "mean", analysis.mean)?;
    set(&object, "std", analysis.std)?;
    set(&object, "histogram", histogram_of(&analysis.histogram)?)?;
    set(&object, "hypsometric", array(&analysis.hypsometric))?;
    set(&object, "spectrum", spectrum_of(&analysis.spectrum)?)?;
    let slope = Object::new();
    set(&slope, "meanDegrees", or_null(analysis.slope.mean_degrees))?;
    set(&slope, "maxDegrees", analysis.slope.max_degrees)?;
    set(
        &slope,
        "histogram",
        histogram_of(&analysis.slope.histogram)?,
    )?;
    set(&object, "slope", slope)?;
    set(&object, "roughness", analysis.roughness)?;
    Ok(object)
}

fn histogram_of(histogram: &Histogram) -> Result<Object, JsValue> {
    let object = Object::new();
    set(&object, "edges", array(&histogram.edges))?;
    let counts: Vec<f64> = histogram.counts.iter().map(|&count| count as f64).collect();
    set(&object, "counts", array(&counts))?;
    Ok(object)
}

fn spectrum_of(spectrum: &Spectrum) -> Result<Object, JsValue> {
    let object = Object::new();
    set(&object, "frequencies", array(&spectrum.frequencies))?;
    set(&object, "power", array(&spectrum.power))?;
    set(&object, "slope", or_null(spectrum.slope))?;
    set(&object, "intercept", or_null(spectrum.intercept))?;
    set(&object, "fitFrom", spectrum.fit_band.0)?;
    set(&object, "fitTo", spectrum.fit_band.1)?;
    let picture = Object::new();
    set(&picture, "side", spectrum.picture.side as f64)?;
    set(&picture, "values", array(&spectrum.picture.values))?;
    set(&object, "picture", picture)?;
    Ok(object)
}

/// `value`, or `null` where there is none.
fn or_null(value: Option<f64>) -> JsValue {
    value.map_or(JsValue::NULL, JsValue::from)
}

fn array(values: &[f64]) -> Float64Array {
    Float64Array::from(values)
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) -> Result<(), JsValue> {
    Reflect::set(object, &JsValue::from_str(key), &value.into()).map(|_| ())
}
