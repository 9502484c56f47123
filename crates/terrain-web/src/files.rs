//! Heightmaps out and in: download the map as a 16-bit PNG or the surface
//! as an OBJ mesh, and show a PNG the reader picks as a heightmap. The
//! formats themselves are `terrain_io`'s business.

use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

use crate::controls::Input;
use crate::demo::{Demo, update};
use crate::dom;

/// Files larger than this are refused before being read at all.
const MAX_IMPORT_BYTES: f64 = 128.0 * 1024.0 * 1024.0;

/// Carries out an export or import the reader asked for in `demo`.
pub fn handle(demo: &mut Demo, input: &Input) {
    let result = match input {
        Input::ExportPng => {
            let bytes = terrain_io::export_png(&demo.terrain().heightmap);
            download(
                &format!("{}.png", demo.file_stem()),
                terrain_io::PNG_MEDIA_TYPE,
                &bytes,
            )
            .map(|()| {
                format!(
                    "Downloaded {}.png ({} KB).",
                    demo.file_stem(),
                    bytes.len().div_ceil(1024)
                )
            })
        }
        Input::ExportObj => {
            let text = terrain_io::export_obj(&demo.terrain().heightmap);
            download(
                &format!("{}.obj", demo.file_stem()),
                terrain_io::OBJ_MEDIA_TYPE,
                text.as_bytes(),
            )
            .map(|()| {
                format!(
                    "Downloaded {}.obj ({} KB).",
                    demo.file_stem(),
                    text.len().div_ceil(1024)
                )
            })
        }
        Input::Import => {
            start_import(demo);
            return;
        }
        _ => return,
    };
    if let Some(panel) = demo.panel() {
        match result {
            Ok(message) => panel.show_file_status(&message, false),
            Err(error) => panel.show_file_status(&format!("The download failed: {error:?}"), true),
        }
    }
}

/// Offers `bytes` to the reader as a file called `name`.
fn download(name: &str, mime: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let parts = Array::of1(&Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_u8_array_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let document = dom::document()?;
    let link: HtmlAnchorElement = dom::create(&document, "a", "")?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    // The browser has the file once the click is handled; free the memory
    // a moment later.
    dom::after(10_000, move || {
        let _ = Url::revoke_object_url(&url);
    });
    Ok(())
}

fn start_import(demo: &Demo) {
    let Some(panel) = demo.panel() else { return };
    let Some(extras) = &panel.extras else { return };
    let Some(file) = extras.import.files().and_then(|files| files.get(0)) else {
        return;
    };
    // Picking the same file again must fire `change` again.
    extras.import.set_value("");
    let name = file.name();
    if file.size() > MAX_IMPORT_BYTES {
        panel.show_file_status(
            &format!(
                "{name} is {:.0} MB; the largest file accepted is 128 MB.",
                file.size() / 1024.0 / 1024.0
            ),
            true,
        );
        return;
    }
    panel.show_file_status(&format!("Reading {name}…"), false);
    let index = demo.index();
    let reading = file.array_buffer();
    spawn_local(async move {
        match JsFuture::from(reading).await {
            // The worker reads it, or the page if there is none (see
            // `Demo::make_here`).
            Ok(buffer) => update(index, move |demo| {
                demo.want_import(name, Uint8Array::new(&buffer));
                true
            }),
            Err(_) => update(index, move |demo| {
                if let Some(panel) = demo.panel() {
                    panel.show_file_status(&format!("{name} could not be read."), true);
                }
                false
            }),
        }
    });
}

/// Reads PNG file `name` (its `bytes`) on the page and shows it in `demo`,
/// or says why it cannot be read and keeps the terrain.
pub fn import_here(demo: &mut Demo, name: String, bytes: &[u8]) {
    match import_png(bytes) {
        Ok(imported) => {
            let message = imported_message(
                &name,
                f64::from(imported.source_width),
                f64::from(imported.source_height),
                &imported.source_format,
                imported.heightmap.side(),
            );
            demo.show_imported(imported.heightmap, None, name, &message);
        }
        Err(error) => {
            if let Some(panel) = demo.panel() {
                panel.show_file_status(&format!("{name}: {error}"), true);
            }
        }
    }
}

/// `terrain_io::import_png`, where this module links the decoder (the
/// `import` feature).
#[cfg(feature = "import")]
pub use terrain_io::import_png;

/// Without the `import` feature this module has no PNG decoder: the page
/// decodes with the `terrain-png` module instead (see its crate docs), and
/// this says so if it is asked to decode.
#[cfg(not(feature = "import"))]
pub fn import_png(_bytes: &[u8]) -> Result<terrain_io::Imported, terrain_io::ImportError> {
    Err(terrain_io::ImportError::Unsupported(
        "this page's PNG decoder (terrain_png.js) was not loaded".to_owned(),
    ))
}

/// What an import made of file `name`, a `width` x `height` image in
/// `format`.
pub fn imported_message(name: &str, width: f64, height: f64, format: &str, side: usize) -> String {
    format!(
        "Imported {name}: {width} × {height} pixels, {format}, resampled to {side} × {side} points."
    )
}
