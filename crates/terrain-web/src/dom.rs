//! Small helpers over web-sys, so the rest reads as what it does.

use std::any::Any;
use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::convert::FromWasmAbi;
use wasm_bindgen::prelude::*;
use web_sys::{
    AddEventListenerOptions, Document, Element, Event, EventTarget, HtmlElement, MediaQueryList,
    Window,
};

/// The page's window.
pub fn window() -> Result<Window, JsValue> {
    web_sys::window().ok_or_else(|| JsValue::from_str("no window: the demos need a browser page"))
}

/// Whether the page is in a frame (an embed on someone's blog, say): its
/// top window is another. A frame that may not see its top is one too.
pub fn in_a_frame(window: &Window) -> bool {
    window
        .top()
        .ok()
        .flatten()
        .is_none_or(|top| !js_sys::Object::is(&top, window))
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

thread_local! {
    /// The listeners [`listen`] and [`listen_active`] add while
    /// [`collecting_listeners`] runs.
    static COLLECTING: RefCell<Option<Vec<Listener>>> = const { RefCell::new(None) };
}

/// Runs `build`, and returns with what it returns every listener that
/// [`listen`] and [`listen_active`] added meanwhile: a demo's, which stop
/// listening (and free their handlers) when it drops them.
pub fn collecting_listeners<R>(build: impl FnOnce() -> R) -> (R, Vec<Listener>) {
    let outer = COLLECTING.with(|collecting| collecting.replace(Some(Vec::new())));
    let built = build();
    let listeners = COLLECTING.with(|collecting| collecting.replace(outer));
    (built, listeners.unwrap_or_default())
}

/// Keeps `closure`, listening to `event` on `target`: in the listeners
/// being collected, if any, else for the page's lifetime.
fn keep<T: ?Sized + 'static>(target: &EventTarget, event: &str, closure: Closure<T>) {
    let function: js_sys::Function = closure.as_ref().clone().unchecked_into();
    let listener = Listener {
        target: target.clone(),
        event: event.to_owned(),
        function,
        _closure: Box::new(closure),
    };
    COLLECTING.with(|collecting| match collecting.borrow_mut().as_mut() {
        Some(listeners) => listeners.push(listener),
        // Nobody will drop it: it listens as long as the page lives.
        None => std::mem::forget(listener),
    });
}

/// Calls `handler` for every `event` on `target`: as long as the page
/// lives, or, while [`collecting_listeners`] runs, as long as its caller
/// keeps the [`Listener`].
pub fn listen<E: FromWasmAbi + 'static>(
    target: &EventTarget,
    event: &str,
    handler: impl FnMut(E) + 'static,
) -> Result<(), JsValue> {
    let closure = Closure::<dyn FnMut(E)>::new(handler);
    target.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())?;
    keep(target, event, closure);
    Ok(())
}

/// An event listener that stops listening when dropped: for targets that
/// go away before the page does (an old graphics context's canvas, a
/// removed demo's elements).
pub struct Listener {
    target: EventTarget,
    event: String,
    function: js_sys::Function,
    /// The handler behind `function`, freed with it.
    _closure: Box<dyn Any>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(&self.event, &self.function);
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
        event: event.to_owned(),
        function: closure.as_ref().clone().unchecked_into(),
        _closure: Box::new(closure),
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
    keep(target, event, closure);
    Ok(())
}

/// Shows or hides an element.
pub fn show(element: &HtmlElement, visible: bool) {
    element.set_hidden(!visible);
}

/// Every attribute of `element`, as names and values.
pub fn attributes(element: &Element) -> Vec<(String, String)> {
    element
        .get_attribute_names()
        .iter()
        .filter_map(|name| name.as_string())
        .filter_map(|name| Some((name.clone(), element.get_attribute(&name)?)))
        .collect()
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

/// Puts `query` in the address bar, replacing the page's history entry.
/// The page decides when (see `terrain_view::address`); this only writes.
pub fn replace_query(query: &str) -> Result<(), JsValue> {
    let window = window()?;
    let location = window.location();
    let path = location.pathname()?;
    // The page's own keys and its #fragment are the page's: a blog's
    // permalink keeps them.
    let query = terrain_view::address::with_others(&location.search()?, query);
    let hash = location.hash()?;
    window.history()?.replace_state_with_url(
        &JsValue::NULL,
        "",
        Some(&format!("{path}?{query}{hash}")),
    )
}

/// The media query that says whether the reader asked their system for
/// reduced motion, to read now and to listen to for changes.
pub fn reduced_motion() -> Option<MediaQueryList> {
    window()
        .ok()?
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
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

/// Has `observer` watch `element`'s size in device pixels, where the
/// browser can: then a new pixel ratio (a window moved to a sharper
/// screen, a zoom that leaves the CSS size as it was) is a resize too, and
/// the canvas is not left blurry. Where it cannot (a browser without that
/// box throws), in CSS pixels; the call is made by name so that a throw is
/// an answer, not an exception through the wasm.
pub fn observe_device_pixels(observer: &web_sys::ResizeObserver, element: &Element) {
    let options = js_sys::Object::new();
    set_all(&options, &[("box", "device-pixel-content-box".into())]);
    let watched = js_sys::Reflect::get(observer, &"observe".into())
        .and_then(|observe| observe.dyn_into::<js_sys::Function>())
        .and_then(|observe| observe.call2(observer, element, &options));
    if watched.is_err() {
        observer.observe(element);
    }
}
