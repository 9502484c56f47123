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

/// A message as a JavaScript object, and the buffers to transfer with it.
pub fn to_js(message: Message) -> (JsValue, Array) {
    let header = Uint8Array::from(message.header.as_slice());
    let transfer = Array::of1(&header.buffer());
    let payloads: Array = message
        .payloads
        .into_iter()
        .map(|payload| {
            let array: JsValue = match payload {
                Payload::F64(values) => Float64Array::from(values.as_slice()).into(),
                Payload::F32(values) => Float32Array::from(values.as_slice()).into(),
                Payload::U8(values) => Uint8Array::from(values.as_slice()).into(),
                Payload::U32(values) => Uint32Array::from(values.as_slice()).into(),
            };
            if let Ok(buffer) = js_sys::Reflect::get(&array, &"buffer".into()) {
                transfer.push(&buffer);
            }
            array
        })
        .collect();
    let object = Object::new();
    dom::set_all(
        &object,
        &[("header", header.into()), ("payloads", payloads.into())],
    );
    (object.into(), transfer)
}

/// A message from its JavaScript object; `None` if it is not one.
pub fn from_js(value: &JsValue) -> Option<Message> {
    let field = |name: &str| js_sys::Reflect::get(value, &name.into()).ok();
    let header = field("header")?.dyn_into::<Uint8Array>().ok()?.to_vec();
    let payloads = field("payloads")?
        .dyn_into::<Array>()
        .ok()?
        .iter()
        .map(|array| {
            if let Some(values) = array.dyn_ref::<Float64Array>() {
                Some(Payload::F64(values.to_vec()))
            } else if let Some(values) = array.dyn_ref::<Float32Array>() {
                Some(Payload::F32(values.to_vec()))
            } else if let Some(values) = array.dyn_ref::<Uint8Array>() {
                Some(Payload::U8(values.to_vec()))
            } else {
                array
                    .dyn_ref::<Uint32Array>()
                    .map(|values| Payload::U32(values.to_vec()))
            }
        })
        .collect::<Option<Vec<_>>>()?;
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
