//! What the page's demos hold, for tests and the curious: `renderStats()`
//! and `demoState(index)`.

use terrain_core::registry::fields;
use terrain_core::spec::Value;
use terrain_view::settings::Overlay;
use wasm_bindgen::prelude::*;

use crate::app::with_app;
use crate::dom;

/// Counters for tests: animation frames run, demo pictures drawn, demos
/// mounted, the graphics state (`ready`, `resting`, `lost`, `blocked` or
/// `unavailable`), the shared context's number (0, and one more for each
/// context made after the first), demos waiting for a job, and the page's
/// and the worker's WebAssembly memory in bytes (both only grow: their
/// peaks).
#[wasm_bindgen(js_name = renderStats)]
pub fn render_stats() -> JsValue {
    let stats = js_sys::Object::new();
    let _ = with_app(|app| {
        let entries: [(&str, JsValue); 8] = [
            ("frames", app.page().frames.into()),
            ("draws", app.page().draws.into()),
            ("demos", (app.page().len() as u32).into()),
            ("graphics", app.page().graphics().name().into()),
            ("context", app.page().context().into()),
            ("waiting", (app.page().waiting() as u32).into()),
            ("memory", crate::worker::memory_bytes().into()),
            ("workerMemory", app.worker_memory().into()),
        ];
        dom::set_all(&stats, &entries);
    });
    stats.into()
}

/// What demo `index` (in page order) shows, for tests and the curious:
/// every parameter under its `generate()` option name, the display
/// settings, the map's stage and side, its camera's azimuth and elevation
/// (radians), a fingerprint of its heights (FNV-1a of their bits, in hex:
/// equal exactly when two maps are equal bit for bit), and its share link
/// (none for an imported map). `undefined` if there is no such demo.
#[wasm_bindgen(js_name = demoState)]
pub fn demo_state(index: u32) -> JsValue {
    with_app(|app| {
        let demo = app.page().demo(index as usize)?;
        let config = demo.config();
        let terrain = demo.terrain();
        let state = js_sys::Object::new();
        // Every parameter, by its generate() option name: what the demo's
        // settings say (an imported map's are the settings it replaced).
        let mut entries: Vec<(&str, JsValue)> = fields()
            .map(|field| {
                let value = config.params.get(field);
                let shown = match value {
                    // A seed is 64 bits: more than a JavaScript number holds.
                    Value::Whole(whole) if field.name() == "seed" => whole.to_string().into(),
                    Value::Whole(whole) => JsValue::from(whole as f64),
                    Value::Number(number) => number.into(),
                    Value::Switch(on) => on.into(),
                    Value::Choice(_) | Value::Name(_) => field.spec().show(&value).into(),
                };
                (field.name(), shown)
            })
            .collect();
        let display = &config.display;
        entries.extend([
            (
                "algorithm",
                terrain
                    .algorithm
                    .map_or("imported", |algorithm| algorithm.name())
                    .into(),
            ),
            ("stage", terrain.stage.to_string().into()),
            ("exponent", terrain.heightmap.exponent().into()),
            ("side", (terrain.heightmap.side() as u32).into()),
            ("palette", display.palette.name().into()),
            ("view", display.view.name().into()),
            ("wireframe", display.wireframe.into()),
            ("relief", display.relief.into()),
            ("overlay", Overlay::NAMES[display.overlay as usize].into()),
            ("water", display.water.into()),
            ("azimuth", demo.orbit().azimuth.into()),
            ("elevation", demo.orbit().elevation.into()),
            (
                "fingerprint",
                format!("{:016x}", terrain.heightmap.fingerprint()).into(),
            ),
            ("shareLink", demo.share_link().into()),
        ]);
        dom::set_all(&state, &entries);
        Some(JsValue::from(state))
    })
    .flatten()
    .unwrap_or(JsValue::UNDEFINED)
}
