//! Huge maps are made off the page's main thread, in a Web Worker running
//! this same module (see `worker.rs` and `www/worker.js`), so the page
//! stays responsive while a 4097 x 4097 map takes shape.

use std::cell::RefCell;

use js_sys::{Object, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::app::with_app;
use crate::dom;

/// Maps this large or larger are made in the worker; smaller ones take
/// milliseconds on the page itself.
pub const WORKER_FROM_EXPONENT: u32 = 10;

thread_local! {
    /// Where `worker.js` is and the compiled module to hand it, from
    /// `terrain.js`.
    static SETUP: RefCell<Option<(String, JsValue)>> = const { RefCell::new(None) };
}

/// Tells the module where its worker script is and gives it the compiled
/// WebAssembly module to pass on. `terrain.js` calls this once; without it
/// (or where workers are not allowed) huge maps are made on the page.
#[wasm_bindgen(js_name = configureWorker)]
pub fn configure_worker(url: String, module: JsValue) {
    SETUP.with(|setup| *setup.borrow_mut() = Some((url, module)));
}

/// The worker and the number of the next request.
pub struct Jobs {
    worker: Worker,
    next_id: u32,
}

impl Jobs {
    /// Starts the worker, or `None` if there is no set-up or the browser
    /// refuses (a page on another origin may not start our worker).
    pub fn start() -> Option<Self> {
        let (url, module) = SETUP.with(|setup| setup.borrow().clone())?;
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = match Worker::new_with_options(&url, &options) {
            Ok(worker) => worker,
            Err(error) => {
                dom::log_error(&format!(
                    "huge maps will be made on the page: no worker ({error:?})"
                ));
                return None;
            }
        };
        let hello = Object::new();
        Reflect::set(&hello, &"module".into(), &module).ok()?;
        worker.post_message(&hello).ok()?;
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| {
            let data = event.data();
            with_app(|app| app.job_message(&data));
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        // An error in the worker's code comes as an `ErrorEvent` with a
        // message; a worker script that could not be loaded (a 404, say)
        // as a plain `Event` with none, so the message is looked up, not
        // assumed.
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|event: web_sys::Event| {
            let message = Reflect::get(&event, &"message".into())
                .ok()
                .and_then(|message| message.as_string())
                .unwrap_or_else(|| "its script could not be loaded".to_owned());
            with_app(|app| app.job_failed_everywhere(&format!("the worker failed: {message}")));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        on_error.forget();
        Some(Self { worker, next_id: 1 })
    }

    /// Sends a request; returns its number, which the answers carry.
    pub fn submit(&mut self, request: &JsValue) -> Result<u32, JsValue> {
        let id = self.next_id;
        self.next_id += 1;
        let message = Object::new();
        Reflect::set(&message, &"id".into(), &id.into())?;
        Reflect::set(&message, &"request".into(), request)?;
        self.worker.post_message(&message)?;
        Ok(id)
    }
}
