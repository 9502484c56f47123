//! Small helpers over web-sys, so the rest reads as what it does.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::prelude::*;
use web_sys::{
    AddEventListenerOptions, Document, Element, Event, EventTarget, HtmlElement, Window,
};

/// The page's window.
pub fn window() -> Result<Window, JsValue> {
    web_sys::window().ok_or_else(|| JsValue::from_str("no window: the demos need a browser page"))
}

/// The page's document.
pub fn document() -> Result<Document, JsValue> {
    window()?
        .document()
        .ok_or_else(|| JsValue::from_str("no document: the demos need a browser page"))
}

/// A new element of type `T` with a class.
pub fn create<T: JsCast>(document: &Document, tag: &str, class: &str) -> Result<T, JsValue> {
    let element = document.create_element(tag)?;
    if !class.is_empty() {
        element.set_class_name(class);
    }
    element
        .dyn_into::<T>()
        .map_err(|_| JsValue::from_str(&format!("<{tag}> has an unexpected type")))
}

/// A new element holding `text` (as text, never parsed as HTML).
pub fn create_with_text(
    document: &Document,
    tag: &str,
    class: &str,
    text: &str,
) -> Result<HtmlElement, JsValue> {
    let element: HtmlElement = create(document, tag, class)?;
    element.set_text_content(Some(text));
    Ok(element)
}

/// Calls `handler` for every `event` on `target`, for the page's lifetime.
pub fn listen<E: FromWasmAbi + 'static>(
    target: &EventTarget,
    event: &str,
    handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    // Demos live as long as the page, so their handlers do too.
    closure.forget();
    Ok(())
}

/// An event listener that stops listening when dropped: for targets that
/// go away before the page does (an old graphics context's canvas).
pub struct Listener {
    target: EventTarget,
    event: &'static str,
    closure: Closure<dyn FnMut(Event)>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(self.event, self.closure.as_ref().unchecked_ref());
    }
}

/// Calls `handler` for every `event` on `target` until the returned
/// [`Listener`] is dropped.
pub fn listen_while_kept(
    target: &EventTarget,
    event: &'static str,
    handler: impl FnMut(Event) + 'static,
) -> Result<Listener, JsValue> {
    let closure = Closure::<dyn FnMut(Event)>::new(handler);
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    Ok(Listener {
        target: target.clone(),
        event,
        closure,
    })
}

/// Like [`listen`], but the handler may call `preventDefault`: wheel and
/// touch listeners are passive by default, and a passive listener cannot
/// keep the page from scrolling.
pub fn listen_active<E: FromWasmAbi + 'static>(
    target: &EventTarget,
    event: &str,
    handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    let options = AddEventListenerOptions::new();
    options.set_passive(false);
    target.add_event_listener_with_callback_and_add_event_listener_options(
        event,
        closure.as_ref().unchecked_ref(),
        &options,
    )?;
    closure.forget();
    Ok(())
}

/// Shows or hides an element.
pub fn show(element: &HtmlElement, visible: bool) {
    element.set_hidden(!visible);
}

/// Sets an attribute, ignoring failure (only invalid names can fail, and
/// ours are constants).
pub fn set(element: &Element, name: &str, value: &str) {
    let _ = element.set_attribute(name, value);
}

/// A fresh seed from anywhere in the 64-bit seed space, from the
/// browser's cryptographic random numbers (through `getrandom`). Should
/// the browser refuse, the seed comes from the clock instead: a poorer
/// seed, but a terrain all the same.
pub fn random_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| js_sys::Date::now().to_bits())
}

/// Sets each `(key, value)` on `object`.
pub fn set_all(object: &js_sys::Object, entries: &[(&str, JsValue)]) {
    for (key, value) in entries {
        let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), value);
    }
}

/// Adds `class` to `element`, or removes it.
pub fn toggle_class(element: &Element, class: &str, on: bool) {
    let classes = element.class_list();
    let _ = if on {
        classes.add_1(class)
    } else {
        classes.remove_1(class)
    };
}

/// The shortest time between two changes of the address. Browsers limit
/// how often a page may change it (WebKit to 100 times in 30 s, Gecko to
/// 200 in 10 s) and then refuse or ignore the change, which would leave a
/// dragged slider's last value out of the address; each change also costs
/// Chromium 1 to 3 ms of the frame (BENCHMARKS.md). At this interval a
/// drag changes it at most 86 times in 30 s.
const ADDRESS_INTERVAL_MS: f64 = 350.0;

/// The address bar's last change, and the query waiting for the next.
#[derive(Default)]
struct AddressBar {
    changed_at: Option<f64>,
    waiting: Option<String>,
}

thread_local! {
    static ADDRESS_BAR: RefCell<AddressBar> = RefCell::default();
}

/// Puts `query` in the address bar, replacing the page's history entry:
/// at once, or, when the address changed less than [`ADDRESS_INTERVAL_MS`]
/// ago, when that interval is up (a later query replaces a waiting one, so
/// the last always lands).
pub fn replace_query(query: &str) -> Result<(), JsValue> {
    let now = js_sys::Date::now();
    let wait = ADDRESS_BAR.with_borrow_mut(|bar| {
        let pending = bar.waiting.replace(query.to_owned()).is_some();
        // At most the interval, should the system clock be set back.
        let wait = bar.changed_at.map_or(0.0, |changed_at| {
            (changed_at + ADDRESS_INTERVAL_MS - now).min(ADDRESS_INTERVAL_MS)
        });
        (!pending).then_some(wait)
    });
    match wait {
        // A change is already scheduled; it will carry this query.
        None => Ok(()),
        Some(wait) if wait <= 0.0 => change_address(),
        Some(wait) => {
            after(wait.ceil() as i32, || {
                if let Err(error) = change_address() {
                    log_error(&format!("the address bar could not be updated: {error:?}"));
                }
            });
            Ok(())
        }
    }
}

/// Writes the waiting query, if any, into the address bar.
fn change_address() -> Result<(), JsValue> {
    let Some(query) = ADDRESS_BAR.with_borrow_mut(|bar| {
        bar.changed_at = Some(js_sys::Date::now());
        bar.waiting.take()
    }) else {
        return Ok(());
    };
    let window = window()?;
    let path = window.location().pathname()?;
    window
        .history()?
        .replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}?{query}")))
}

/// Whether the reader asked their system for reduced motion.
pub fn prefers_reduced_motion() -> bool {
    window()
        .ok()
        .and_then(|window| {
            window
                .match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|query| query.matches())
}

/// Runs `action` once, `milliseconds` from now.
pub fn after(milliseconds: i32, action: impl FnOnce() + 'static) {
    let closure = Closure::once_into_js(action);
    if let Ok(window) = window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            closure.unchecked_ref(),
            milliseconds,
        );
    }
}

/// A number no other call on this page returns, for element ids.
pub fn unique_id() -> u32 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Logs an error to the console.
pub fn log_error(message: &str) {
    web_sys::console::error_1(&JsValue::from_str(message));
}
