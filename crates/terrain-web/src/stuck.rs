//! The net under the app's borrow. A JavaScript exception thrown through
//! a handler (a browser call that web-sys binds without `catch`) leaves the
//! app borrowed for good: WebAssembly does not unwind, so the borrow is
//! never given back, and every later input waits in the queue while the
//! demos look alive. No handler outlives its task, so an app still
//! borrowed when a new task starts is such a one: the page says so, as it
//! says a panic.

use std::cell::Cell;
use std::sync::atomic::Ordering;

use crate::dom;

/// What every demo's status line says then.
const STOPPED: &str = "The terrain demos stopped: a browser call failed while they were busy. \
                       Reload the page to start again; if it happens again, please report it.";

thread_local! {
    /// Whether a check is already due.
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

/// After a busy app was met: checks, in a task of its own, whether
/// `still_borrowed`, and if so tells the page. `None`, for the caller who
/// met the busy app to return.
pub fn watch<R>(still_borrowed: fn() -> bool) -> Option<R> {
    if WATCHING.with(|watching| watching.replace(true)) {
        return None;
    }
    dom::after(0, move || {
        WATCHING.with(|watching| watching.set(false));
        // A panic leaves the app borrowed too, and has said so already.
        if still_borrowed() && !crate::start::PANICKED.load(Ordering::Relaxed) {
            dom::log_error("terrain demos: a JavaScript exception left the app busy for good");
            crate::start::show_on_page(STOPPED);
        }
    });
    None
}
