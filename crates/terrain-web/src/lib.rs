//! The web layer of *Terrain, step by step*: DOM to heightmap to mesh to
//! pixels.
//!
//! It holds no algorithm of its own. It reads what a page asks for (a
//! demo's `data-*` attributes, a reader's typing, a JavaScript call), lets
//! [`terrain_core`] validate and generate, turns the heightmap into a mesh
//! and draws it with three-d.
//!
//! Modules that do not touch the browser ([`camera`], [`config`], [`mesh`],
//! [`material`], [`picture`]) build and are tested natively; the rest only
//! exists on `wasm32`.
//!
//! From JavaScript (through `terrain.js`, which loads this module):
//! `generate(options)` returns a `Float64Array` of heights, `mountAll()`
//! mounts every `[data-terrain-demo]` element not mounted yet, `mount(el)`
//! mounts one.

pub mod camera;
pub mod config;
pub mod lod;
pub mod material;
pub mod mesh;
pub mod picture;

#[cfg(target_arch = "wasm32")]
mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod controls;
#[cfg(target_arch = "wasm32")]
mod demo;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(target_arch = "wasm32")]
mod files;
#[cfg(target_arch = "wasm32")]
mod gpu;
#[cfg(target_arch = "wasm32")]
mod jobs;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
pub use api::generate_heights;
#[cfg(target_arch = "wasm32")]
pub use wasm::*;

#[cfg(target_arch = "wasm32")]
mod wasm {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::HtmlElement;

    use crate::app::with_app;
    use crate::dom;

    /// Runs when the module loads: makes a panic visible on the page.
    #[wasm_bindgen(start)]
    pub fn start() {
        std::panic::set_hook(Box::new(|info| {
            let message = format!(
                "The terrain demos stopped because of a bug: {info}. Reload the page to start \
                 again; if it happens again, please report it."
            );
            dom::log_error(&message);
            show_on_page(&message);
        }));
    }

    /// Puts `message` in every demo's status line. Runs inside the panic
    /// hook, so it touches only the DOM, never the (possibly borrowed) app.
    fn show_on_page(message: &str) {
        let Ok(document) = dom::document() else {
            return;
        };
        let Ok(statuses) = document.query_selector_all(".terrain-demo .terrain-status") else {
            return;
        };
        for index in 0..statuses.length() {
            if let Some(status) = statuses
                .item(index)
                .and_then(|node| node.dyn_into::<HtmlElement>().ok())
            {
                status.set_text_content(Some(message));
                status.class_list().add_1("terrain-status-error").ok();
                status.set_hidden(false);
            }
        }
    }

    /// Mounts every `[data-terrain-demo]` element not mounted yet and
    /// returns how many demos the page now has.
    #[wasm_bindgen(js_name = mountAll)]
    pub fn mount_all() -> Result<u32, JsValue> {
        let document = dom::document()?;
        let hosts =
            document.query_selector_all("[data-terrain-demo]:not([data-terrain-mounted])")?;
        let mut result = Ok(());
        let count = with_app(|app| {
            for index in 0..hosts.length() {
                let Some(host) = hosts
                    .item(index)
                    .and_then(|node| node.dyn_into::<HtmlElement>().ok())
                else {
                    continue;
                };
                // One broken demo must not stop the others, nor the host page.
                if let Err(error) = app.mount(&host) {
                    dom::log_error(&format!("a terrain demo could not be mounted: {error:?}"));
                    result = Err(error);
                }
            }
            app.demos.len() as u32
        });
        result.map(|()| count.unwrap_or(0))
    }

    /// Mounts one demo in `element` (which needs a `data-terrain-demo`
    /// attribute naming the algorithm).
    #[wasm_bindgen]
    pub fn mount(element: HtmlElement) -> Result<(), JsValue> {
        with_app(|app| app.mount(&element))
            .unwrap_or_else(|| Err(JsValue::from_str("the terrain demos are busy")))
    }

    /// Counters for tests: animation frames run, demo pictures drawn, demos
    /// mounted, the graphics state (`ready`, `lost` or `unavailable`),
    /// demos waiting for the worker, and the page's and the worker's
    /// WebAssembly memory in bytes (both only grow: their peaks).
    #[wasm_bindgen(js_name = renderStats)]
    pub fn render_stats() -> JsValue {
        let stats = js_sys::Object::new();
        with_app(|app| {
            let entries: [(&str, JsValue); 7] = [
                ("frames", app.frames.into()),
                ("draws", app.draws.into()),
                ("demos", (app.demos.len() as u32).into()),
                ("graphics", app.graphics_state().into()),
                ("waiting", (app.waiting() as u32).into()),
                ("memory", crate::worker::memory_bytes().into()),
                ("workerMemory", app.worker_memory.into()),
            ];
            for (key, value) in entries {
                let _ = js_sys::Reflect::set(&stats, &key.into(), &value);
            }
        });
        stats.into()
    }

    /// What demo `index` (in page order) shows, for tests and the curious:
    /// its settings, the map's side, and a fingerprint of its heights (a
    /// 64-bit FNV-1a hash of their bit patterns, in hex) that two demos
    /// share exactly when their maps are equal bit for bit. `undefined` if
    /// there is no such demo.
    #[wasm_bindgen(js_name = demoState)]
    pub fn demo_state(index: u32) -> JsValue {
        with_app(|app| {
            let demo = app.demos.get(index as usize)?;
            let config = demo.config();
            let terrain = demo.terrain();
            let params = &config.params;
            let state = js_sys::Object::new();
            let entries: [(&str, JsValue); 12] = [
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
                ("spread", params.spread.into()),
                ("spreadReduction", params.spread_reduction.into()),
                ("seed", params.seed.to_string().into()),
                ("normalize", params.normalize.into()),
                ("palette", config.palette.name().into()),
                ("view", config.view.name().into()),
                ("wireframe", config.wireframe.into()),
                (
                    "fingerprint",
                    format!("{:016x}", terrain.heightmap.fingerprint()).into(),
                ),
            ];
            for (key, value) in entries {
                let _ = js_sys::Reflect::set(&state, &key.into(), &value);
            }
            Some(JsValue::from(state))
        })
        .flatten()
        .unwrap_or(JsValue::UNDEFINED)
    }

    /// Loses the shared WebGL context on purpose (`true`) or asks for it
    /// back (`false`), through `WEBGL_lose_context`. For tests; returns
    /// whether the extension was there to do it.
    #[wasm_bindgen(js_name = simulateContextLoss)]
    pub fn simulate_context_loss(lose: bool) -> bool {
        with_app(|app| app.simulate_context_loss(lose)).unwrap_or(false)
    }
}
