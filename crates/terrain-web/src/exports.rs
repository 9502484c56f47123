//! Writing a download: the demo's map handed to the download module (a
//! wasm module of its own, `crates/terrain-export`, which `terrain.js`
//! runs in the file worker), then the file it writes offered to the
//! reader.
//!
//! A 4097 × 4097 map is 134 MB of heights: copied out of this module's
//! memory in one go it would hold the page for a tenth of a second. So it
//! is copied a slice of rows per task, the page answering in between, and
//! transferred to the worker (not copied again); the file comes back as a
//! Blob, which never enters this module's memory. Should the demo show
//! another map before the last slice is copied, the download fails with a
//! sentence, rather than mix two maps.

use std::cell::RefCell;

use js_sys::{Float64Array, Function, Object, Promise, Reflect};
use terrain_core::Heightmap;
use terrain_view::demo::ExportWord;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::Blob;

use crate::{dom, files};

/// About how many heights are copied in one task: 8 MB, a few
/// milliseconds.
const POINTS_PER_TASK: usize = 1 << 20;

thread_local! {
    /// `terrain.js`'s function from `{ heights, options, mediaType }` and a
    /// progress callback to a promise of `{ blob, triangles, maxError,
    /// units }`.
    static EXPORTER: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Gives the module the function that writes files (see the module's
/// documentation). `terrain.js` calls this once.
#[wasm_bindgen(js_name = configureExporter)]
pub fn configure_exporter(write: Function) {
    EXPORTER.with(|exporter| *exporter.borrow_mut() = Some(write));
}

/// Reads the demo's map for a download: calls its argument with the map
/// and how many maps the demo has shown (so a copy made over several tasks
/// notices a new one), and says whether there was a demo to read.
pub type ReadMap = Box<dyn Fn(&mut dyn FnMut(&Heightmap, u64)) -> bool>;

/// Writes the map `read` reads as a file (`exportMap()`'s `options`) and
/// offers it as `name`; `tell` hears how it goes.
pub fn export(
    read: ReadMap,
    tell: impl Fn(ExportWord) + Clone + 'static,
    options: Vec<(&'static str, String)>,
    name: String,
    media_type: &'static str,
) {
    spawn_local(async move {
        let word = match write(&read, tell.clone(), &options, &name, media_type).await {
            Ok(word) => word,
            Err(reason) => ExportWord::Failed(reason),
        };
        tell(word);
    });
}

async fn write(
    read: &ReadMap,
    tell: impl Fn(ExportWord) + 'static,
    options: &[(&'static str, String)],
    name: &str,
    media_type: &str,
) -> Result<ExportWord, String> {
    let exporter = EXPORTER.with(|exporter| exporter.borrow().clone()).ok_or(
        "this page cannot write files: it did not load terrain.js, which brings the writers",
    )?;
    let heights = hand_over(read).await?;
    let request = Object::new();
    let options_object = Object::new();
    for (option, text) in options {
        Reflect::set(&options_object, &(*option).into(), &text.into())
            .map_err(|_| "the options could not be passed on")?;
    }
    let entries: [(&str, JsValue); 3] = [
        ("heights", heights.into()),
        ("options", options_object.into()),
        ("mediaType", media_type.into()),
    ];
    dom::set_all(&request, &entries);
    let on_progress = Closure::<dyn FnMut(f64, String)>::new(move |share: f64, words: String| {
        tell(ExportWord::Progress { share, words });
    });
    let promise: Promise = exporter
        .call2(&JsValue::NULL, &request, on_progress.as_ref())
        .map_err(|thrown| files::message_of(&thrown, "the writer failed"))?
        .dyn_into()
        .map_err(|_| "the writer did not return a promise".to_owned())?;
    let written = JsFuture::from(promise)
        .await
        .map_err(|thrown| files::message_of(&thrown, "the writer failed"))?;
    drop(on_progress);
    let field = |name: &str| Reflect::get(&written, &name.into()).unwrap_or(JsValue::UNDEFINED);
    let blob: Blob = field("blob")
        .dyn_into()
        .map_err(|_| "the writer gave an answer of the wrong shape".to_owned())?;
    files::offer(&blob, name).map_err(|_| "the browser would not offer the file".to_owned())?;
    Ok(ExportWord::Written {
        bytes: blob.size() as u64,
        triangles: field("triangles").as_f64().map(|count| count as u64),
        max_error: field("maxError").as_f64(),
        units: field("units").as_string().unwrap_or_default(),
    })
}

/// The map `read` reads, copied into a new array a slice of rows per
/// task, as long as the demo goes on showing it.
async fn hand_over(read: &ReadMap) -> Result<Float64Array, String> {
    let changed = || "the map changed while it was being handed over; download it again".to_owned();
    let mut first = None;
    read(&mut |map, serial| first = Some((map.side(), serial)));
    let (side, serial) = first.ok_or_else(changed)?;
    let heights = Float64Array::new_with_length((side * side) as u32);
    let rows = (POINTS_PER_TASK / side).max(1);
    let mut start = 0;
    while start < side {
        let end = (start + rows).min(side);
        let mut copied = false;
        read(&mut |map, shown| {
            if shown == serial {
                let values = &map.heights()[start * side..end * side];
                heights
                    .subarray((start * side) as u32, (end * side) as u32)
                    .copy_from(values);
                copied = true;
            }
        });
        if !copied {
            return Err(changed());
        }
        start = end;
        if start < side {
            next_task().await;
        }
    }
    Ok(heights)
}

/// Resolves in a later task, so the page handles what waits meanwhile.
async fn next_task() {
    let promise = Promise::new(&mut |resolve, _| {
        dom::after(0, move || {
            let _ = resolve.call0(&JsValue::NULL);
        });
    });
    let _ = JsFuture::from(promise).await;
}
