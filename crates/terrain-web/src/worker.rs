//! The work a Web Worker does for huge maps: make the heights (generate
//! them, read them from a PNG, or take them as they are), build the
//! surface, hand both back as typed arrays (which `worker.js` transfers,
//! not copies, to the page).
//!
//! A request to generate says what to make in the same query format a
//! shared link uses (`terrain_core::query`), so it is validated the same
//! way.

use js_sys::{Float32Array, Float64Array, Function, Object, Reflect, Uint8Array, Uint32Array};
use terrain_core::{Heightmap, Terrain, query};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::mesh::{self, Detail, Palette};

/// Makes the map a request describes and builds its surface, calling
/// `report(share, words)` as it goes. Runs inside the worker.
///
/// `request`: `{ palette, maxError }` (`maxError` a number, or null for the
/// automatic level of detail) and where the heights come from: `query`, to
/// generate them; `png`, the bytes of a PNG file to import; or `heights`
/// (a `Float64Array`) with their `exponent`, to use as they are. The result
/// holds `heights`, their `exponent`, `positions`, `normals` (flat
/// `Float32Array`s), `colors` (RGBA bytes), `indices`, `surfaceTriangles`,
/// `maxError` and `memory` (the worker's wasm memory in bytes, which never
/// shrinks: its peak); for an import also `sourceWidth`, `sourceHeight`
/// and `sourceFormat`.
#[wasm_bindgen(js_name = workerRun)]
pub fn worker_run(request: JsValue, report: Function) -> Result<JsValue, JsError> {
    let field =
        |name: &str| Reflect::get(&request, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED);
    let palette = field("palette")
        .as_string()
        .and_then(|name| Palette::parse(&name))
        .unwrap_or_default();
    let detail = field("maxError")
        .as_f64()
        .map_or(Detail::Automatic, |bound| Detail::MaxError(bound as f32));
    let tell = |share: f64, words: &str| {
        let _ = report.call2(&JsValue::NULL, &share.into(), &words.into());
    };
    let result = Object::new();
    let terrain = if let Some(png) = field("png").dyn_ref::<Uint8Array>() {
        tell(0.0, "Reading the image");
        let imported = crate::files::import_png(&png.to_vec())
            .map_err(|error| JsError::new(&error.to_string()))?;
        let source: [(&str, JsValue); 3] = [
            ("sourceWidth", imported.source_width.into()),
            ("sourceHeight", imported.source_height.into()),
            ("sourceFormat", imported.source_format.into()),
        ];
        set_all(&result, source)?;
        Terrain::finished(imported.heightmap)
    } else if let Some(heights) = field("heights").dyn_ref::<Float64Array>() {
        let exponent = field("exponent").as_f64().unwrap_or(0.0) as u32;
        let heightmap = Heightmap::from_heights(exponent, heights.to_vec())
            .map_err(|error| JsError::new(&error.to_string()))?;
        Terrain::finished(heightmap)
    } else {
        let state = query::from_query(&field("query").as_string().unwrap_or_default());
        if let Some(error) = state.errors.first() {
            return Err(JsError::new(&error.to_string()));
        }
        let mut last_told = -1.0;
        terrain_core::generate_with_progress(&state.params, state.stage, &mut |share| {
            // Every pass is worth telling about, but not more often.
            if share - last_told >= 0.01 || share >= 1.0 {
                last_told = share;
                tell(0.7 * share, "Generating the heights");
            }
        })
        .map_err(|error| JsError::new(&error.to_string()))?
    };
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
    let entries: [(&str, JsValue); 9] = [
        (
            "heights",
            Float64Array::from(terrain.heightmap.heights()).into(),
        ),
        ("exponent", terrain.heightmap.exponent().into()),
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
    set_all(&result, entries)?;
    Ok(result.into())
}

/// Sets each `(key, value)` on `object`.
fn set_all<const N: usize>(object: &Object, entries: [(&str, JsValue); N]) -> Result<(), JsError> {
    for (key, value) in entries {
        Reflect::set(object, &key.into(), &value)
            .map_err(|_| JsError::new("could not build the result"))?;
    }
    Ok(())
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
