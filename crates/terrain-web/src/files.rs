//! Files and the clipboard: offer bytes as a download, read a picked file,
//! copy a link. The formats themselves are `terrain_io`'s business.

use js_sys::{Array, Uint8Array};
use terrain_view::demo::Input;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::{JsFuture, spawn_local};
use web_sys::{Blob, BlobPropertyBag, File, HtmlAnchorElement, Url};

use crate::dom;

/// Offers `bytes` to the reader as a file called `name`.
pub fn download(name: &str, media_type: &str, bytes: &[u8]) -> Result<(), JsValue> {
    let parts = Array::of1(&Uint8Array::from(bytes));
    let options = BlobPropertyBag::new();
    options.set_type(media_type);
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

/// Reads `file` and hands `then` its bytes, or says it could not.
pub fn read(file: File, then: impl FnOnce(Input) + 'static) {
    let name = file.name();
    let reading = file.array_buffer();
    spawn_local(async move {
        then(match JsFuture::from(reading).await {
            Ok(buffer) => Input::ImportRead {
                name,
                bytes: Uint8Array::new(&buffer).to_vec(),
            },
            Err(_) => Input::ImportUnreadable { name },
        });
    });
}

/// Copies `text` to the clipboard and tells `then` whether it worked.
pub fn copy(text: &str, then: impl FnOnce(bool) + 'static) {
    let Ok(window) = dom::window() else {
        then(false);
        return;
    };
    let writing = window.navigator().clipboard().write_text(text);
    spawn_local(async move {
        then(JsFuture::from(writing).await.is_ok());
    });
}
