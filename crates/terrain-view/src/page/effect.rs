//! What a page asks the shell to do, as a [`PageEffect`]: present or draw
//! a demo, ask for a frame, write the address, wait, renew the graphics
//! context, talk to the worker, carry out a demo's own effect.

use std::rc::Rc;

use super::input::{PageInput, WorkerJob};
use crate::demo::Effect;
use crate::graphics::ContextAction;
use crate::protocol::Request;

/// Something the shell must do for the page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageEffect {
    /// Demo `index` shows something new: apply its presentation.
    Present(usize),
    /// Ask for an animation frame.
    RequestFrame,
    /// Show this query in the page's address, replacing the page's
    /// history entry (`history.replaceState`): the playground's state.
    ReplaceUrl(String),
    /// Hand `input` back after `milliseconds`.
    Schedule {
        /// How long to wait.
        milliseconds: u32,
        /// What to hand back.
        input: PageInput,
    },
    /// Renew or replace the shared graphics context.
    Context(ContextAction),
    /// Draw demo `index` now; `rebuild` its GPU objects first.
    Draw {
        /// Which demo.
        index: usize,
        /// Whether its scene must be made again.
        rebuild: bool,
    },
    /// Start the worker (once).
    StartWorker,
    /// Send job `id` to the worker.
    ToWorker {
        /// Its number.
        id: WorkerJob,
        /// What to make, shared with the page, which keeps it until the
        /// job is done (a huge map's heights are not copied to be sent).
        request: Rc<Request>,
    },
    /// Stop the worker's job `id`, which it may be running (the worker is
    /// restarted if it is).
    StopWorkerJob(WorkerJob),
    /// One of demo `index`'s effects that only the shell can carry out:
    /// [`Effect::Export`], [`Effect::ReadFile`], [`Effect::Copy`]. (The
    /// page turns a demo's [`Effect::ReplaceUrl`] into
    /// [`PageEffect::ReplaceUrl`] when the address may change, and its
    /// [`Effect::Schedule`] into [`PageEffect::Schedule`].)
    Shell(usize, Effect),
}
