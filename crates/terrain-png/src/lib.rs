//! PNG import for *Terrain, step by step*, as a wasm module of its own.
//!
//! The png decoder adds about 47 KB gzipped to a wasm module, more than
//! the whole import feature is worth on a page that may never import, so
//! the site's main module (`terrain-web`) leaves it out and the page loads
//! this one the first time a reader imports a picture. It is one function
//! over [`terrain_io::import_png`]:
//!
//! ```js
//! import init, { decode } from "./terrain-png.js";
//! await init(); // once: fetches and compiles terrain-png_bg.wasm
//! try {
//!   const { heights, exponent, sourceWidth, sourceHeight, sourceFormat } = decode(bytes);
//!   // heights: a Float64Array of (2^exponent + 1)^2 values in [0, 1],
//!   // row-major, for a heightmap of exponent `exponent`.
//! } catch (error) {
//!   // error.message is one sentence for the page, such as
//!   // "this file is not a PNG image (...)".
//! }
//! ```
//!
//! Natively the crate is empty: everything it does is `terrain_io`'s, and
//! tested there.

#[cfg(target_arch = "wasm32")]
mod wasm {
    use js_sys::{Float64Array, Object, Reflect};
    use wasm_bindgen::prelude::*;

    /// Reads the PNG file `bytes` as a heightmap (see
    /// [`terrain_io::import_png`]): `{ heights, exponent, sourceWidth,
    /// sourceHeight, sourceFormat, recorded }`, `heights` a `Float64Array`
    /// of the map's `(2^exponent + 1)^2` heights, row-major: from 0 to 1,
    /// or, for one of our 16-bit downloads (`recorded`), the heights its
    /// `Comment` records. A file that cannot be
    /// a heightmap throws an error whose message is one sentence for the
    /// page, starting in lower case ("this image is 9000 x 10 pixels; ...").
    #[wasm_bindgen]
    pub fn decode(bytes: &[u8]) -> Result<JsValue, JsError> {
        let mut imported =
            terrain_io::import_png(bytes).map_err(|error| JsError::new(&error.to_string()))?;
        let result = Object::new();
        // One of our downloads: the heights it recorded, in place, here in
        // the worker rather than on the page.
        if let Some((low, high)) = imported.recorded_range {
            let span = high - low;
            for height in imported.heightmap.heights_mut() {
                *height = low + *height * span;
            }
        }
        let heights = Float64Array::from(imported.heightmap.heights());
        let recorded = imported.recorded_range.is_some();
        let fields: [(&str, JsValue); 6] = [
            ("heights", heights.into()),
            ("exponent", imported.heightmap.exponent().into()),
            ("sourceWidth", imported.source_width.into()),
            ("sourceHeight", imported.source_height.into()),
            ("sourceFormat", imported.source_format.into()),
            ("recorded", recorded.into()),
        ];
        for (name, value) in fields {
            Reflect::set(&result, &JsValue::from_str(name), &value)
                .map_err(|_| JsError::new("could not build the decoded result"))?;
        }
        Ok(result.into())
    }
}
