//! The worker's side of the protocol, and the protocol's messages as
//! JavaScript values.
//!
//! `www/worker.js` runs this same module in a Web Worker and hands each
//! message to [`worker_run`], which decodes the [`Request`] (refusing one
//! from another version of the site), runs it with
//! [`terrain_view::protocol::run`], and returns the encoded [`Reply`]. A
//! message crosses as `{ header, payloads }`: a `Uint8Array` and an array of
//! typed arrays, whose buffers are transferred, not copied.

use js_sys::{Array, Float32Array, Float64Array, Function, Object, Uint8Array, Uint32Array};
use terrain_view::protocol::{self, Message, Payload, Reply, Request};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::dom;
use crate::pieces::{Turns, at_once, copy_in, copy_out};

/// A message as a JavaScript object, and the buffers to transfer with it.
pub fn to_js(message: Message) -> (JsValue, Array) {
    at_once(to_js_taking(message, None, &mut Turns::none()))
}

/// [`to_js`], its payloads copied out taking `turns` (see `pieces.rs`),
/// then `heights` (those a request left out of its message) as its last.
pub async fn to_js_taking(
    message: Message,
    heights: Option<&[f64]>,
    turns: &mut Turns,
) -> (JsValue, Array) {
    let header = Uint8Array::from(message.header.as_slice());
    let transfer = Array::of1(&header.buffer());
    let payloads = Array::new();
    let add = |array: JsValue| {
        if let Ok(buffer) = js_sys::Reflect::get(&array, &"buffer".into()) {
            transfer.push(&buffer);
        }
        payloads.push(&array);
    };
    for payload in message.payloads {
        let array: JsValue = match payload {
            Payload::F64(values) => copy_out::<Float64Array>(&values, turns).await.into(),
            Payload::F32(values) => copy_out::<Float32Array>(&values, turns).await.into(),
            Payload::U8(values) => copy_out::<Uint8Array>(&values, turns).await.into(),
            Payload::U32(values) => copy_out::<Uint32Array>(&values, turns).await.into(),
        };
        add(array);
    }
    if let Some(heights) = heights {
        add(copy_out::<Float64Array>(heights, turns).await.into());
    }
    let object = Object::new();
    dom::set_all(
        &object,
        &[("header", header.into()), ("payloads", payloads.into())],
    );
    (object.into(), transfer)
}

/// A message from its JavaScript object; `None` if it is not one.
pub fn from_js(value: &JsValue) -> Option<Message> {
    at_once(from_js_taking(value, &mut Turns::none()))
}

/// [`from_js`], its payloads copied in taking `turns` (see `pieces.rs`).
pub async fn from_js_taking(value: &JsValue, turns: &mut Turns) -> Option<Message> {
    let field = |name: &str| js_sys::Reflect::get(value, &name.into()).ok();
    let header = field("header")?.dyn_into::<Uint8Array>().ok()?.to_vec();
    let arrays = field("payloads")?.dyn_into::<Array>().ok()?;
    let mut payloads = Vec::with_capacity(arrays.length() as usize);
    for array in arrays.iter() {
        payloads.push(if let Some(values) = array.dyn_ref::<Float64Array>() {
            Payload::F64(copy_in(values, turns).await)
        } else if let Some(values) = array.dyn_ref::<Float32Array>() {
            Payload::F32(copy_in(values, turns).await)
        } else if let Some(values) = array.dyn_ref::<Uint8Array>() {
            Payload::U8(copy_in(values, turns).await)
        } else {
            Payload::U32(copy_in(array.dyn_ref::<Uint32Array>()?, turns).await)
        });
    }
    Some(Message { header, payloads })
}

/// The protocol's version, for the hello the worker says when it starts.
#[wasm_bindgen(js_name = protocolVersion)]
pub fn protocol_version() -> u32 {
    protocol::version()
}

/// Does what a request message asks, inside the worker, calling `report`
/// with each progress message (as `report(message, transfer)`), and
/// returns `[reply, transfer]`.
#[wasm_bindgen(js_name = workerRun)]
pub fn worker_run(message: JsValue, report: Function) -> Array {
    let reply = match from_js(&message).map(Request::decode) {
        Some(Ok(request)) => protocol::run(request, &mut |share, words| {
            let (progress, transfer) = to_js(
                Reply::Progress {
                    share,
                    words: words.to_owned(),
                }
                .encode(),
            );
            let _ = report.call2(&JsValue::NULL, &progress, &transfer);
        }),
        Some(Err(error)) => Reply::Failed {
            message: error.to_string(),
        },
        None => Reply::Failed {
            message: "the worker got something that is not a request".to_owned(),
        },
    };
    let (reply, transfer) = to_js(reply.encode());
    Array::of2(&reply, &transfer)
}

/// The size of this module instance's WebAssembly memory, in bytes. Wasm
/// memory only grows, so this is also the largest it has been.
#[wasm_bindgen(js_name = memoryBytes)]
pub fn memory_bytes() -> f64 {
    terrain_js::memory_bytes()
}
