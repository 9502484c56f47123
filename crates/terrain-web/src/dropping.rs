//! A picture dropped on a demo that imports pictures is imported, as if
//! picked with its "Import a PNG…" button. Without this a dropped file
//! missed the small button and the browser opened it in the tab instead,
//! and the playground with everything set up on it was gone.

use wasm_bindgen::prelude::*;
use web_sys::{DragEvent, Event, HtmlElement, HtmlInputElement, Node};

use crate::dom;

/// The class `host` wears while a file is dragged over it.
const DROPPING: &str = "terrain-dropping";

/// Makes `host` (a demo) take a file dropped anywhere on it into `input`
/// (its file picker), whose own listener then reads it.
pub fn listen(host: &HtmlElement, input: &HtmlInputElement) -> Result<(), JsValue> {
    let over = host.clone();
    dom::listen(host, "dragover", move |event: DragEvent| {
        let Some(data) = event.data_transfer() else {
            return;
        };
        // Only files: a dragged link or text keeps the browser's ways.
        if data.types().includes(&JsValue::from_str("Files"), 0) {
            event.prevent_default();
            data.set_drop_effect("copy");
            let _ = over.class_list().add_1(DROPPING);
        }
    })?;
    let left = host.clone();
    dom::listen(host, "dragleave", move |event: DragEvent| {
        // Leaving for one of its own children is not leaving.
        let inside = event
            .related_target()
            .and_then(|target| target.dyn_into::<Node>().ok())
            .is_some_and(|node| left.contains(Some(&node)));
        if !inside {
            let _ = left.class_list().remove_1(DROPPING);
        }
    })?;
    let dropped_on = host.clone();
    let picker = input.clone();
    dom::listen(host, "drop", move |event: DragEvent| {
        let _ = dropped_on.class_list().remove_1(DROPPING);
        let Some(files) = event.data_transfer().and_then(|data| data.files()) else {
            return;
        };
        if files.length() == 0 {
            return;
        }
        event.prevent_default();
        picker.set_files(Some(&files));
        if let Ok(change) = Event::new("change") {
            let _ = picker.dispatch_event(&change);
        }
    })
}
