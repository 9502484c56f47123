//! The page's timers (`setTimeout`), each kept with the demo it belongs
//! to, so that a removed demo's are cleared and their handlers freed
//! rather than left to fire.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::dom;

/// One timer: cleared if dropped before it fires.
struct Timer {
    /// The demo it belongs to, if it belongs to one.
    owner: Option<usize>,
    id: i32,
    fired: Rc<Cell<bool>>,
    /// Its handler, freed with it.
    _closure: Closure<dyn FnMut()>,
}

impl Drop for Timer {
    fn drop(&mut self) {
        if !self.fired.get()
            && let Ok(window) = dom::window()
        {
            window.clear_timeout_with_handle(self.id);
        }
    }
}

/// The timers that have not fired yet (and a few that have, until the
/// next is set).
#[derive(Default)]
pub struct Timers {
    pending: Vec<Timer>,
}

impl Timers {
    /// Runs `action` once, `milliseconds` from now, unless demo `owner`
    /// is removed first ([`Timers::cancel`]).
    pub fn after(
        &mut self,
        milliseconds: i32,
        owner: Option<usize>,
        action: impl FnOnce() + 'static,
    ) {
        // Fired timers are done: free their handlers. (A handler running
        // now, which may be the one setting this timer, is freed by
        // wasm-bindgen once it returns.)
        self.pending.retain(|timer| !timer.fired.get());
        let fired = Rc::new(Cell::new(false));
        let mut action = Some(action);
        let done = fired.clone();
        let closure = Closure::<dyn FnMut()>::new(move || {
            done.set(true);
            if let Some(action) = action.take() {
                action();
            }
        });
        let Ok(window) = dom::window() else {
            return;
        };
        let Ok(id) = window.set_timeout_with_callback_and_timeout_and_arguments_0(
            closure.as_ref().unchecked_ref(),
            milliseconds,
        ) else {
            return;
        };
        self.pending.push(Timer {
            owner,
            id,
            fired,
            _closure: closure,
        });
    }

    /// Clears demo `owner`'s timers.
    pub fn cancel(&mut self, owner: usize) {
        self.pending.retain(|timer| timer.owner != Some(owner));
    }
}
