//! Files and the clipboard: offer a file as a download, read and decode a
//! picked file, copy a link. The formats themselves are `terrain_io`'s
//! business; PNG decoding lives in a wasm module of its own
//! (`crates/terrain-png`), which `terrain.js` loads the first time a reader
//! imports a picture, so pages that never import never download a decoder.

use std::cell::RefCell;

use js_sys::{Float64Array, Function, Promise, Reflect, Uint8Array};
use terrain_core::Heightmap;
use terrain_view::demo::Input;
use terrain_view::protocol::Source;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{Blob, File, HtmlAnchorElement, Url};

use crate::dom;
use crate::pieces::{Turns, copy_in, next_task};

/// Offers `blob` to the reader as a file called `name`.
pub fn offer(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
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

thread_local! {
    /// `terrain.js`'s function from a PNG file's bytes to a promise of its
    /// map: `{ heights, exponent, sourceWidth, sourceHeight, sourceFormat,
    /// recorded }`.
    static PNG_DECODER: RefCell<Option<Function>> = const { RefCell::new(None) };
}

/// Gives the module the function that decodes PNG files (see the module's
/// documentation). `terrain.js` calls this once.
#[wasm_bindgen(js_name = configurePngDecoder)]
pub fn configure_png_decoder(decode: Function) {
    PNG_DECODER.with(|decoder| *decoder.borrow_mut() = Some(decode));
}

/// Reads `file` and decodes it as a map, and hands `then` the map, or why
/// there is none, with the read's ticket `read`.
pub fn read(file: File, read: u32, then: impl FnOnce(Input) + 'static) {
    let name = file.name();
    let reading = file.array_buffer();
    spawn_local(async move {
        let refused = |name, reason| Input::ImportRefused { read, name, reason };
        let bytes = match JsFuture::from(reading).await {
            Ok(buffer) => Uint8Array::new(&buffer),
            Err(_) => {
                return then(refused(
                    name,
                    "the browser could not read the file".to_owned(),
                ));
            }
        };
        then(match decode(bytes).await {
            Ok((heights, source)) => Input::ImportDecoded {
                read,
                name,
                heights,
                source,
            },
            Err(reason) => refused(name, reason),
        });
    });
}

/// The map PNG file `bytes` holds, decoded by the PNG module, or the
/// sentence saying why it cannot be one.
async fn decode(bytes: Uint8Array) -> Result<(Heightmap, Source), String> {
    let decoder = PNG_DECODER.with(|decoder| decoder.borrow().clone()).ok_or(
        "this page cannot read PNG files: it did not load terrain.js, which brings the decoder",
    )?;
    let promise: Promise = decoder
        .call1(&JsValue::NULL, &bytes)
        .map_err(|thrown| message_of(&thrown, "the PNG decoder failed"))?
        .dyn_into()
        .map_err(|_| "the PNG decoder did not return a promise".to_owned())?;
    let decoded = JsFuture::from(promise)
        .await
        .map_err(|thrown| message_of(&thrown, "the PNG decoder failed"))?;
    let field = |name: &str| Reflect::get(&decoded, &JsValue::from_str(name)).ok();
    let number = |name: &str| field(name).and_then(|value| value.as_f64());
    let (Some(heights), Some(exponent), Some(width), Some(height), Some(format)) = (
        field("heights").and_then(|value| value.dyn_into::<Float64Array>().ok()),
        number("exponent"),
        number("sourceWidth"),
        number("sourceHeight"),
        field("sourceFormat").and_then(|value| value.as_string()),
    ) else {
        return Err("the PNG decoder gave an answer of the wrong shape".to_owned());
    };
    let heights = copy_in(&heights, &mut Turns::on_the_page()).await;
    // The check of every height and the import's handling after it each
    // get a task of their own: together with the copy's last piece they
    // came near 50 ms on the page for a 4097 x 4097 map.
    next_task().await;
    let heights =
        Heightmap::from_heights(exponent as u32, heights).map_err(|error| error.to_string())?;
    next_task().await;
    Ok((
        heights,
        Source {
            width: width as u32,
            height: height as u32,
            format,
            recorded: field("recorded").and_then(|value| value.as_bool()) == Some(true),
        },
    ))
}

/// What a thrown JavaScript value says: an `Error`'s message, or a
/// network failure's, or else `otherwise`.
pub fn message_of(thrown: &JsValue, otherwise: &str) -> String {
    thrown
        .dyn_ref::<js_sys::Error>()
        .map(|error| String::from(error.message()))
        .or_else(|| thrown.as_string())
        .unwrap_or_else(|| otherwise.to_owned())
}

/// Copies `text` to the clipboard and tells `then` whether it worked.
/// A page that is no secure context (a blog on plain http) has no
/// clipboard: web-sys's `clipboard()` would throw through the wasm, past
/// the app's borrow, so the clipboard is asked for by name and its
/// absence, or any throw, is a "no".
pub fn copy(text: &str, then: impl FnOnce(bool) + 'static) {
    let writing = dom::window().ok().and_then(|window| {
        let clipboard = Reflect::get(&window.navigator(), &"clipboard".into()).ok()?;
        let write = Reflect::get(&clipboard, &"writeText".into()).ok()?;
        let write = write.dyn_into::<Function>().ok()?;
        write
            .call1(&clipboard, &text.into())
            .ok()?
            .dyn_into::<Promise>()
            .ok()
    });
    spawn_local(async move {
        let worked = match writing {
            Some(writing) => JsFuture::from(writing).await.is_ok(),
            None => false,
        };
        then(worked);
    });
}
