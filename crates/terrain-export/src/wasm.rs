//! `exportMap()` for JavaScript, and `writeFile()`, the same with progress
//! and a report, which the worker runs for the page's Download menu.

use js_sys::{Function, Object, Uint8Array};
use terrain_core::spec::{Spec, Surface};
use terrain_core::{Error, Heightmap};
use terrain_view::export::{ExportSettings, OPTIONS};
use wasm_bindgen::prelude::*;

use crate::export_map;

/// An options object `exportMap` takes, for its messages.
const EXAMPLE: &str = "{ format: \"stl\", sizeMm: 120 }";

/// The options `exportMap` takes, in the order its messages list them.
fn export_options() -> impl Iterator<Item = &'static Spec> {
    OPTIONS.iter().map(|option| option.spec)
}

/// The map and settings `exportMap` was given, read and checked once.
fn read(heights: &JsValue, options: &JsValue) -> Result<(Heightmap, ExportSettings), String> {
    let map = terrain_js::map_of(heights, "exportMap", Some("exportMap"))?;
    let (settings, _) = read_options(options)?;
    settings.check_for(map.side(), Surface::Option)?;
    Ok((map, settings))
}

/// The settings `options` ask for, and the texts they were read from.
#[allow(clippy::type_complexity)]
fn read_options(
    options: &JsValue,
) -> Result<(ExportSettings, Vec<(&'static Spec, Result<String, Error>)>), String> {
    let texts = terrain_js::option_texts(options, "exportMap", EXAMPLE, export_options)?;
    for (_, text) in &texts {
        if let Err(error) = text {
            return Err(error.describe_on(Surface::Option));
        }
    }
    let settings = ExportSettings::read(Surface::Option, |spec| {
        texts
            .iter()
            .find(|(given, _)| *given == spec)
            .and_then(|(_, text)| text.clone().ok())
    })?;
    Ok((settings, texts))
}

/// `exportMap`'s options, read once and checked (not against a map), as
/// a plain object of texts: what `exportMapAsync` sends its worker, for
/// the caller's object may hold getters, a prototype or a proxy, which a
/// copy to a worker loses or refuses. Throws `exportMap`'s message for a
/// bad option.
#[wasm_bindgen(js_name = exportOptions)]
pub fn export_options_js(options: JsValue) -> Result<Object, JsError> {
    let (_, texts) = read_options(&options).map_err(|message| JsError::new(&message))?;
    Ok(terrain_js::texts_object(&texts))
}

/// Writes a map as a file and returns its bytes.
///
/// `heights` is a square map, row-major, `2^n + 1` points wide (a
/// `Float64Array` such as `generate()` returns, a `Float32Array` or an
/// `Array` of numbers), every height finite and within ±1 000 000.
/// `options` holds `format` (`"png16"`, the default, `"raw16"`, `"obj"`,
/// `"stl"`, `"glb"` or `"tiles"`) and that format's options: `sizeMm`,
/// `baseMm` and `relief` (STL), `palette` (GLB), `maxTriangles` (OBJ, STL,
/// GLB), `tiles` and `tileFormat` (tiles). A bad or unknown option, or a
/// map of the wrong size, throws an `Error` naming the option, the value
/// and what is allowed. The README has the details of each format.
#[wasm_bindgen(js_name = exportMap)]
pub fn export_map_js(heights: JsValue, options: JsValue) -> Result<Uint8Array, JsError> {
    let (map, settings) = read(&heights, &options).map_err(|message| JsError::new(&message))?;
    let written =
        export_map(&map, &settings, &mut |_, _| {}).map_err(|message| JsError::new(&message))?;
    Ok(Uint8Array::from(written.bytes.as_slice()))
}

/// [`export_map_js`] for the worker: `progress(share, words)` hears how
/// far along it is, and the answer is `{ bytes, triangles, maxError,
/// units, memory }` (`triangles` and `maxError` for meshes only; `memory`
/// is this module's WebAssembly memory in bytes, its peak).
#[wasm_bindgen(js_name = writeFile)]
pub fn write_file(
    heights: JsValue,
    options: JsValue,
    progress: Function,
) -> Result<Object, JsError> {
    let (map, settings) = read(&heights, &options).map_err(|message| JsError::new(&message))?;
    let mut last_told = -1.0;
    let written = export_map(&map, &settings, &mut |share, words| {
        if share - last_told >= 0.02 || share >= 1.0 {
            last_told = share;
            let _ = progress.call2(&JsValue::NULL, &share.into(), &words.into());
        }
    })
    .map_err(|message| JsError::new(&message))?;
    drop(map);
    let result = Object::new();
    let number = |value: Option<f64>| value.map_or(JsValue::UNDEFINED, JsValue::from);
    let fields: [(&str, JsValue); 5] = [
        ("bytes", Uint8Array::from(written.bytes.as_slice()).into()),
        (
            "triangles",
            number(written.triangles.map(|count| count as f64)),
        ),
        ("maxError", number(written.max_error)),
        ("units", written.units.into()),
        ("memory", terrain_js::memory_bytes().into()),
    ];
    for (name, value) in fields {
        js_sys::Reflect::set(&result, &JsValue::from_str(name), &value)
            .map_err(|_| JsError::new("could not build the written file's answer"))?;
    }
    Ok(result)
}
