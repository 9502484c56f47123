//! The work a Web Worker does for huge maps: generate, build the surface,
//! hand both back as typed arrays (which `worker.js` transfers, not copies,
//! to the page).
//!
//! A request says what to make in the same query format a shared link uses
//! (`terrain_core::query`), so it is validated the same way.

use js_sys::{Float32Array, Float64Array, Function, Object, Reflect, Uint8Array, Uint32Array};
use terrain_core::query;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::mesh::{self, Detail, Palette};

/// Generates the map a request describes and builds its surface, calling
/// `report(share, words)` as it goes. Runs inside the worker.
///
/// `request`: `{ query, palette, maxError }` (`maxError` a number, or null
/// for the automatic level of detail). The result holds `heights`,
/// `positions`, `normals` (flat `Float32Array`s), `colors` (RGBA bytes),
/// `indices`, `surfaceTriangles`, `maxError` and `memory` (the worker's
/// wasm memory in bytes, which never shrinks: its peak).
#[wasm_bindgen(js_name = workerRun)]
pub fn worker_run(request: JsValue, report: Function) -> Result<JsValue, JsError> {
    let field =
        |name: &str| Reflect::get(&request, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let query_text = field("query").as_string().unwrap_or_default();
    let palette = field("palette")
        .as_string()
        .and_then(|name| Palette::parse(&name))
        .unwrap_or_default();
    let detail = field("maxError")
        .as_f64()
        .map_or(Detail::Automatic, |bound| Detail::MaxError(bound as f32));
    let state = query::from_query(&query_text);
    if let Some(error) = state.errors.first() {
        return Err(JsError::new(&error.to_string()));
    }
    let tell = |share: f64, words: &str| {
        let _ = report.call2(&JsValue::NULL, &share.into(), &words.into());
    };
    let mut last_told = -1.0;
    let terrain = terrain_core::generate_with_progress(&state.params, state.stage, &mut |share| {
        // Every pass is worth telling about, but not more often.
        if share - last_told >= 0.01 || share >= 1.0 {
            last_told = share;
            tell(0.7 * share, "Generating the heights");
        }
    })
    .map_err(|error| JsError::new(&error.to_string()))?;
    tell(0.7, "Building the mesh");
    let surface = mesh::build_surface(&terrain, palette, true, detail);
    tell(0.95, "Handing it over");

    let flatten = |vectors: &[three_d::Vec3]| -> Float32Array {
        let flat: Vec<f32> = vectors
            .iter()
            .flat_map(|vector| [vector.x, vector.y, vector.z])
            .collect();
        Float32Array::from(flat.as_slice())
    };
    let colors: Vec<u8> = surface
        .colors
        .iter()
        .flat_map(|color| [color.r, color.g, color.b, color.a])
        .collect();
    let result = Object::new();
    let entries: [(&str, JsValue); 8] = [
        (
            "heights",
            Float64Array::from(terrain.heightmap.heights()).into(),
        ),
        ("positions", flatten(&surface.positions).into()),
        ("normals", flatten(&surface.normals).into()),
        ("colors", Uint8Array::from(colors.as_slice()).into()),
        (
            "indices",
            Uint32Array::from(surface.indices.as_slice()).into(),
        ),
        (
            "surfaceTriangles",
            (surface.surface_triangles as u32).into(),
        ),
        (
            "maxError",
            surface
                .max_error
                .map_or(JsValue::NULL, |bound| f64::from(bound).into()),
        ),
        ("memory", memory_bytes().into()),
    ];
    for (key, value) in entries {
        Reflect::set(&result, &key.into(), &value)
            .map_err(|_| JsError::new("could not build the result"))?;
    }
    Ok(result.into())
}

/// The size of this module instance's WebAssembly memory, in bytes. Wasm
/// memory only grows, so this is also the largest it has been.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|memory| {
            f64::from(
                memory
                    .buffer()
                    .unchecked_into::<js_sys::ArrayBuffer>()
                    .byte_length(),
            )
        })
        .unwrap_or(0.0)
}
