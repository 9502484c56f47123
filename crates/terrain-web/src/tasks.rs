//! The pool's tasks for `generateAsync` (`www/generate-async.js`), which
//! it hands to the workers of `www/pool.js` (erosion's are in
//! `erosion_api.rs`). Each is a plain call of this module, the same in a worker
//! and on the page (where no worker starts), so the bits are the same.
//!
//! A noise map is made in bands of rows (`terrain_core`'s
//! `generators::noise::fractal::bands`): `generatePlan` reads the options
//! once on the page (so a bad option is refused there, with `generate`'s
//! message) and says how many rows there are to band; `taskGenerateRows`
//! makes a band and its extent; `taskFinishRows` stretches a band by the
//! whole map's extent. Any other map is one `taskGenerate`.

use js_sys::{Float64Array, Function, Object, Reflect};
use terrain_core::generators::noise::fractal::bands;
use terrain_core::{Reading, Throttle};
use terrain_js::{option_texts, texts_object};
use wasm_bindgen::prelude::*;

use crate::api::{
    GENERATE_EXAMPLE, generate_options, generate_reporting, read_options, read_texts, target_kind,
    target_size,
};

/// Reads `generate`'s options, with its messages.
fn read(options: &JsValue) -> Result<Reading, JsError> {
    read_options(options, "generate", GENERATE_EXAMPLE, generate_options)
        .map_err(|message| JsError::new(&message))
}

/// `{ options, rows, side, finishing, onlyStretches }` for `generateAsync`: the options as
/// the texts they were read as (a plain object of strings any worker can
/// be sent and reads to the same parameters), how many rows to make in
/// bands (`null` when the map is made in one piece), the map's side,
/// whether the bands need finishing, and whether that is only a stretch
/// (which `generateAsync` does as it copies them; else `taskFinishRows`).
/// Throws `generate`'s error for bad options, and for an `into` (the array
/// `generateAsync` is asked to write the map into, or undefined) of the
/// wrong kind or size.
#[wasm_bindgen(js_name = generatePlan)]
pub fn generate_plan(options: JsValue, into: JsValue) -> Result<Object, JsError> {
    let fail = |message: String| JsError::new(&message);
    let into = target_kind(into).map_err(fail)?;
    // Each option read once: what is checked here is what the workers get.
    let texts =
        option_texts(&options, "generate", GENERATE_EXAMPLE, generate_options).map_err(fail)?;
    let Reading { params, stage, .. } = read_texts(&texts).map_err(fail)?;
    target_size(into.as_ref(), params.map.side()).map_err(fail)?;
    let rows =
        bands::banded_rows(&params, stage).map_or(JsValue::NULL, |rows| (rows as f64).into());
    let plan = Object::new();
    let entries: [(&str, JsValue); 5] = [
        ("options", texts_object(&texts).into()),
        ("rows", rows),
        ("side", (params.map.side() as f64).into()),
        ("finishing", bands::needs_finishing(&params).into()),
        ("onlyStretches", bands::only_stretches(&params).into()),
    ];
    for (key, value) in entries {
        let _ = Reflect::set(&plan, &key.into(), &value);
    }
    Ok(plan)
}

/// A whole map, as `generate` makes it, calling `report` (when given)
/// with the share done as it goes, at most once per [`REPORT_STEP`] and
/// never with 1, which `generateAsync` reports when the result is in.
#[wasm_bindgen(js_name = taskGenerate)]
pub fn task_generate(options: JsValue, report: Option<Function>) -> Result<Float64Array, JsError> {
    let Some(report) = report else {
        return generate_reporting(&options, None, None);
    };
    let mut throttle = Throttle::new(REPORT_STEP);
    generate_reporting(
        &options,
        None,
        Some(&mut |share| {
            if share < 1.0 && throttle.passes(share) {
                // A report that fails (a function that throws) changes
                // nothing of the work.
                let _ = report.call1(&JsValue::NULL, &share.into());
            }
        }),
    )
}

/// The least share of a task's work worth a report: the core reports
/// after every row, far more often than a page needs to hear.
const REPORT_STEP: f64 = 1.0 / 128.0;

/// Rows `start..end` of a banded map: `{ heights, low, high }`. The
/// heights are written into `into` (a view of its start is returned) when
/// it is given and long enough: `generateAsync` hands each worker back a
/// band it has copied out, so the band's copy out of this module goes to
/// memory already touched rather than to a new array, whose first touch
/// costs more than the copy.
#[wasm_bindgen(js_name = taskGenerateRows)]
pub fn task_generate_rows(
    options: JsValue,
    start: u32,
    end: u32,
    into: Option<Float64Array>,
) -> Result<Object, JsError> {
    let Reading { params, .. } = read(&options)?;
    let rows = bands::generate_rows(&params, start as usize..end as usize)
        .ok_or_else(|| JsError::new(&format!("{} is not made in bands", params.algorithm)))?;
    let length = rows.heights.len() as u32;
    let heights = match into {
        Some(into) if into.length() >= length => {
            let view = into.subarray(0, length);
            view.copy_from(&rows.heights);
            view
        }
        _ => Float64Array::from(rows.heights.as_slice()),
    };
    let band = Object::new();
    let entries: [(&str, JsValue); 3] = [
        ("heights", heights.into()),
        ("low", rows.low.into()),
        ("high", rows.high.into()),
    ];
    for (key, value) in entries {
        let _ = Reflect::set(&band, &key.into(), &value);
    }
    Ok(band)
}

/// A band of `taskGenerateRows` finished with the whole map's extent.
#[wasm_bindgen(js_name = taskFinishRows)]
pub fn task_finish_rows(
    options: JsValue,
    heights: Vec<f64>,
    low: f64,
    high: f64,
) -> Result<Float64Array, JsError> {
    let Reading { params, .. } = read(&options)?;
    let mut heights = heights;
    bands::finish_rows(&params, &mut heights, (low, high));
    Ok(Float64Array::from(heights.as_slice()))
}

/// `heights`, rows of a map that only stretches, stretched in place from
/// the whole map's extent `[low, high]` to `[0, 1]` (wasm-bindgen copies
/// them in and back: cheaper than sending the band to a worker).
#[wasm_bindgen(js_name = stretchRows)]
pub fn stretch_rows(heights: &mut [f64], low: f64, high: f64) {
    bands::stretch_rows(heights, (low, high));
}

/// The whole map's extent from the bands' `lows` and `highs`, in row
/// order: `[low, high]`, as the single pass finds it.
#[wasm_bindgen(js_name = combineExtents)]
pub fn combine_extents(lows: Vec<f64>, highs: Vec<f64>) -> Vec<f64> {
    let (low, high) = bands::combine(lows.into_iter().zip(highs));
    vec![low, high]
}
