//! The web layer of *Terrain, step by step*: DOM to heightmap to mesh to
//! pixels.
//!
//! It decides nothing. A demo is [`terrain_view`]'s state machine; this
//! crate turns DOM events into its inputs, and its effects into DOM
//! changes, WebGL draws (three-d, on one context shared by every demo) and
//! messages to a Web Worker. Everything here exists only on `wasm32`.
//!
//! From JavaScript (through `terrain.js`, which loads this module):
//! `generate(options)` returns a `Float64Array` of heights,
//! `erode(heights, options)` a new one with droplets' erosion,
//! `analyze(heights, options)` a map's measures, `mountAll()`
//! mounts every `[data-terrain-demo]` element not mounted yet, `mount(el)`
//! mounts one; `terrain.js` defines the `<terrain-demo>` element over
//! `mounting.rs`, and `embed.html` mounts its demo with `mountEmbed`.

#[cfg(target_arch = "wasm32")]
mod analysis_api;
#[cfg(target_arch = "wasm32")]
mod analysis_bench;
#[cfg(target_arch = "wasm32")]
mod analysis_panel;
#[cfg(target_arch = "wasm32")]
mod api;
#[cfg(target_arch = "wasm32")]
mod app;
#[cfg(target_arch = "wasm32")]
mod compare;
#[cfg(target_arch = "wasm32")]
mod controls;
#[cfg(target_arch = "wasm32")]
mod dom;
#[cfg(target_arch = "wasm32")]
mod download;
#[cfg(target_arch = "wasm32")]
mod dropping;
#[cfg(target_arch = "wasm32")]
mod embed_panel;
#[cfg(target_arch = "wasm32")]
mod erosion_api;
#[cfg(target_arch = "wasm32")]
mod exports;
#[cfg(target_arch = "wasm32")]
mod files;
#[cfg(target_arch = "wasm32")]
mod geometry;
#[cfg(target_arch = "wasm32")]
mod gpu;
#[cfg(target_arch = "wasm32")]
mod inspect;
#[cfg(target_arch = "wasm32")]
mod jobs;
#[cfg(target_arch = "wasm32")]
mod material;
#[cfg(target_arch = "wasm32")]
mod mounting;
#[cfg(target_arch = "wasm32")]
mod pieces;
#[cfg(target_arch = "wasm32")]
mod stuck;
#[cfg(target_arch = "wasm32")]
mod tasks;
#[cfg(target_arch = "wasm32")]
mod timers;
#[cfg(target_arch = "wasm32")]
mod view;
#[cfg(target_arch = "wasm32")]
mod worker;

#[cfg(target_arch = "wasm32")]
pub use api::{erode_heights, generate_heights};
#[cfg(target_arch = "wasm32")]
pub use erosion_api::{erosion_plan, task_erode_tile};
#[cfg(target_arch = "wasm32")]
pub use mounting::mount_all;

#[cfg(target_arch = "wasm32")]
mod start {
    use std::sync::atomic::{AtomicBool, Ordering};

    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;
    use web_sys::HtmlElement;

    use crate::dom;

    /// Whether a panic has been told: the app it leaves borrowed is no
    /// news for the net under the borrow (`stuck.rs`), whose words would
    /// hide the panic's.
    pub(crate) static PANICKED: AtomicBool = AtomicBool::new(false);

    /// Runs when the module loads: a panic shows its message and where it
    /// happened in the console (`console_error_panic_hook`), and a sentence
    /// in every demo on the page.
    #[wasm_bindgen(start)]
    pub fn start() {
        std::panic::set_hook(Box::new(|info| {
            PANICKED.store(true, Ordering::Relaxed);
            console_error_panic_hook::hook(info);
            show_on_page(&format!(
                "The terrain demos stopped because of a bug: {info}. Reload the page to start \
                 again; if it happens again, please report it."
            ));
        }));
    }

    /// Puts `message` in every demo's status line. Runs inside the panic
    /// hook, so it touches only the DOM, never the (possibly borrowed) app.
    pub(crate) fn show_on_page(message: &str) {
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
}
