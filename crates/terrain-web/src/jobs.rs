//! The page's side of the worker: huge maps, imports and exports are made
//! off the main thread, in a Web Worker running this same module (see
//! `worker.rs` and `www/worker.js`), so the page stays responsive while a
//! 4097 x 4097 map takes shape.
//!
//! The page sends one job at a time, so stopping a job no longer wanted
//! means restarting the worker, never losing another's. A worker that
//! fails says so (an error event), but one whose script never arrives, or
//! that stops answering, says nothing: a worker that has not said its
//! version within [`GREETING_MS`], or has said nothing of its job for
//! [`SILENCE_MS`], is taken for gone too, and the page does the work.
//!
//! A worker with no job for [`IDLE_MS`] is let go: its WebAssembly memory
//! (834 MiB after the measuring colours of an exponent-12 map) never
//! shrinks while it lives. The next job starts a new one, in milliseconds
//! (the module is compiled already).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Object, Reflect};
use terrain_view::page::WorkerJob;
use terrain_view::protocol::{self, Reply, Request};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::spawn_local;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use crate::dom;
use crate::pieces::Turns;
use crate::worker::{from_js_taking, to_js_taking};

thread_local! {
    /// Where `worker.js` is and the compiled module to hand it, from
    /// `terrain.js`.
    static SETUP: RefCell<Option<(String, JsValue)>> = const { RefCell::new(None) };
}

/// Tells the module where its worker script is and gives it the compiled
/// WebAssembly module to pass on. `terrain.js` calls this once; without it
/// (or where workers are not allowed) huge maps are made on the page.
#[wasm_bindgen(js_name = configureWorker)]
pub fn configure_worker(url: String, module: JsValue) {
    SETUP.with(|setup| *setup.borrow_mut() = Some((url, module)));
}

/// How long a new worker may take to say its version (it has the module
/// compiled already: it takes milliseconds).
const GREETING_MS: i32 = 15_000;

/// How long a worker with a job may say nothing: it tells its progress at
/// every percent, a few times a second even for the largest maps.
const SILENCE_MS: i32 = 30_000;

/// How long a worker may wait with no job before it is let go.
const IDLE_MS: i32 = 20_000;

/// What the page does with the worker's word.
struct Listeners {
    /// The worker, while there is one: none before the first job and
    /// after a rest of [`IDLE_MS`].
    worker: RefCell<Option<Worker>>,
    /// How many jobs have been sent.
    sent: Cell<u64>,
    reply: Box<dyn Fn(WorkerJob, Reply)>,
    gone: Box<dyn Fn(String)>,
    /// The largest WebAssembly memory the worker has reported, in bytes.
    memory: Cell<f64>,
    /// How many workers were replaced: word from an earlier one is about
    /// a job stopped, and is dropped before its map is copied in (up to
    /// 134 MB) or read, not after.
    generation: Cell<u32>,
    /// How many times the worker has been heard from, so a watch can tell
    /// whether it said anything since.
    words: Cell<u64>,
    /// How many jobs have had their last reply.
    done: Cell<u64>,
}

/// The page's worker, started for a job and let go when idle.
pub struct Jobs {
    listeners: Rc<Listeners>,
}

impl Jobs {
    /// Starts the worker, or `None` if there is no set-up or the browser
    /// refuses (a page on another origin may not start our worker).
    /// `on_reply` gets each reply, `on_gone` a sentence if the worker fails
    /// or turns out to run another version of the site.
    pub fn start(
        on_reply: impl Fn(WorkerJob, Reply) + 'static,
        on_gone: impl Fn(String) + 'static,
    ) -> Option<Self> {
        let listeners = Rc::new(Listeners {
            worker: RefCell::new(None),
            sent: Cell::new(0),
            reply: Box::new(on_reply),
            gone: Box::new(on_gone),
            memory: Cell::new(0.0),
            generation: Cell::new(0),
            words: Cell::new(0),
            done: Cell::new(0),
        });
        // Started now, so a page that cannot have one knows at once (and
        // the first huge map need not wait for it).
        let worker = spawn(&listeners)?;
        *listeners.worker.borrow_mut() = Some(worker);
        rest(&listeners);
        Some(Self { listeners })
    }

    /// Sends job `id`; its replies carry the same number. A map it
    /// carries is copied out in pieces first (see `pieces.rs`); a worker
    /// that will not take it is gone.
    pub fn send(&mut self, id: WorkerJob, request: Rc<Request>) {
        let listeners = self.listeners.clone();
        let running = listeners.worker.borrow().clone();
        let Some(worker) = running.or_else(|| spawn(&listeners)) else {
            return (listeners.gone)("the worker could not be started again".to_owned());
        };
        *listeners.worker.borrow_mut() = Some(worker.clone());
        listeners.sent.set(listeners.sent.get() + 1);
        spawn_local(async move {
            let (encoded, heights) = request.encode_but_heights();
            let (message, transfer) =
                to_js_taking(encoded, heights, &mut Turns::on_the_page()).await;
            let posted = Reflect::set(&message, &"id".into(), &(id as f64).into())
                .and_then(|_| worker.post_message_with_transfer(&message, &transfer));
            if let Err(error) = posted {
                (listeners.gone)(format!("the worker would not take a job ({error:?})"));
                return;
            }
            let done = listeners.done.get();
            let waiting = {
                let listeners = listeners.clone();
                Rc::new(move || listeners.done.get() == done)
            };
            watch(
                &worker,
                &listeners,
                SILENCE_MS,
                "said nothing of its job for 30 s",
                waiting,
            );
        });
    }

    /// Stops whatever the worker is doing by letting it go: the next job
    /// starts a new one.
    pub fn restart(&mut self) {
        let listeners = &self.listeners;
        let_go(listeners);
        // Its jobs will not be answered: none is waited for.
        listeners.done.set(listeners.sent.get());
    }

    /// The largest WebAssembly memory the worker has reported, in bytes.
    pub fn worker_memory(&self) -> f64 {
        self.listeners.memory.get()
    }
}

/// A new worker, handed the module and listened to.
fn spawn(listeners: &Rc<Listeners>) -> Option<Worker> {
    let (url, module) = SETUP.with(|setup| setup.borrow().clone())?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = match Worker::new_with_options(&url, &options) {
        Ok(worker) => worker,
        Err(error) => {
            dom::log_error(&format!(
                "huge maps will be made on the page: no worker ({error:?})"
            ));
            return None;
        }
    };
    let hello = Object::new();
    Reflect::set(&hello, &"module".into(), &module).ok()?;
    worker.post_message(&hello).ok()?;
    // Each worker must say its version before anything else.
    let greeted = Rc::new(Cell::new(false));
    let not_greeted = {
        let greeted = greeted.clone();
        Rc::new(move || !greeted.get())
    };
    watch(
        &worker,
        listeners,
        GREETING_MS,
        "did not start within 15 s",
        not_greeted,
    );
    let on_message = {
        let listeners = listeners.clone();
        let generation = listeners.generation.get();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            heard(&listeners, &greeted, generation, event.data());
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // An error in the worker's code comes as an `ErrorEvent` with a
    // message; a worker script that could not be loaded (a 404, say) as a
    // plain `Event` with none, so the message is looked up, not assumed.
    let on_error = {
        let listeners = listeners.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let message = Reflect::get(&event, &"message".into())
                .ok()
                .and_then(|message| message.as_string())
                .unwrap_or_else(|| "its script could not be loaded".to_owned());
            (listeners.gone)(format!("the worker failed: {message}"));
        })
    };
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(worker)
}

/// Lets the worker go if, [`IDLE_MS`] from now, no job has been sent since
/// and none waits for its answer.
fn rest(listeners: &Rc<Listeners>) {
    let (listeners, sent) = (listeners.clone(), listeners.sent.get());
    dom::after(IDLE_MS, move || {
        if listeners.sent.get() == sent && listeners.done.get() == sent {
            let_go(&listeners);
        }
    });
}

/// Ends the worker, if there is one, and drops any word it still had on
/// its way (a new generation): the next job starts a new worker.
fn let_go(listeners: &Listeners) {
    if let Some(worker) = listeners.worker.borrow_mut().take() {
        worker.terminate();
        let generation = &listeners.generation;
        generation.set(generation.get().wrapping_add(1));
    }
}

/// Takes `worker` for gone if, `milliseconds` from now, it is still the
/// page's, the page is still `waiting` on it (for its greeting, or a job's
/// last reply) and it has said nothing since; while it keeps talking,
/// watches on.
fn watch(
    worker: &Worker,
    listeners: &Rc<Listeners>,
    milliseconds: i32,
    why: &'static str,
    waiting: Rc<dyn Fn() -> bool>,
) {
    let (worker, listeners) = (worker.clone(), listeners.clone());
    let (generation, words) = (listeners.generation.get(), listeners.words.get());
    dom::after(milliseconds, move || {
        if listeners.generation.get() != generation || !waiting() {
            return;
        }
        if listeners.words.get() != words {
            return watch(&worker, &listeners, milliseconds, why, waiting);
        }
        worker.terminate();
        (listeners.gone)(format!("the worker {why}"));
    });
}

/// A job has had its last reply: the worker may rest.
fn finished(listeners: &Rc<Listeners>) {
    listeners.done.set(listeners.done.get() + 1);
    rest(listeners);
}

/// One message from the worker of `generation`: its hello (with its
/// version), a reply, or an error its code threw. A worker that answers
/// before saying its version is a script from before versions were said:
/// refused like any other. A replaced worker's word is dropped.
fn heard(listeners: &Rc<Listeners>, greeted: &Cell<bool>, generation: u32, data: JsValue) {
    if listeners.generation.get() != generation {
        return;
    }
    listeners.words.set(listeners.words.get() + 1);
    let field = |name: &str| Reflect::get(&data, &name.into()).unwrap_or(JsValue::UNDEFINED);
    let ours = protocol::version();
    let version = field("version").as_f64();
    if !greeted.get() || version.is_some() {
        let theirs = version.map_or(0, |version| version as u32);
        if theirs == ours {
            greeted.set(true);
        } else {
            (listeners.gone)(protocol::ProtocolError::Version { ours, theirs }.to_string());
        }
        return;
    }
    if let Some(memory) = field("memory").as_f64() {
        listeners.memory.set(listeners.memory.get().max(memory));
    }
    let Some(id) = field("id").as_f64().map(|id| id as WorkerJob) else {
        return;
    };
    if let Some(message) = field("error").as_string() {
        finished(listeners);
        return (listeners.reply)(id, Reply::Failed { message });
    }
    // A map in the reply is copied in pieces; word of the same job that
    // follows cannot overtake it, for a reply with a map is its last.
    let listeners = listeners.clone();
    spawn_local(async move {
        let copied = from_js_taking(&data, &mut Turns::on_the_page()).await;
        if listeners.generation.get() != generation {
            // Stopped while it was copied in: not worth reading.
            return;
        }
        let reply = match copied {
            Some(message) => match Reply::decode(message) {
                Ok(reply) => reply,
                Err(error) => return (listeners.gone)(error.to_string()),
            },
            None => Reply::Failed {
                message: "the worker's answer could not be read".to_owned(),
            },
        };
        if !matches!(reply, Reply::Progress { .. }) {
            finished(&listeners);
        }
        (listeners.reply)(id, reply);
    });
}

#[cfg(test)]
mod tests {
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    use super::*;
    use crate::pieces::next_task;

    wasm_bindgen_test_configure!(run_in_browser);

    /// A worker's word about job `id`: an error its code threw, or a reply
    /// message (read in pieces, then decoded).
    fn word(id: WorkerJob, thrown: bool) -> JsValue {
        let message = if thrown {
            let object = Object::new();
            Reflect::set(&object, &"error".into(), &"it threw".into()).expect("set");
            object.into()
        } else {
            let reply = Reply::Failed {
                message: "it failed".to_owned(),
            };
            crate::worker::to_js(reply.encode()).0
        };
        Reflect::set(&message, &"id".into(), &(id as f64).into()).expect("set");
        message
    }

    #[wasm_bindgen_test]
    async fn a_replaced_workers_word_is_dropped_before_it_is_read() {
        let replies = Rc::new(RefCell::new(Vec::new()));
        let listeners = Rc::new(Listeners {
            worker: RefCell::new(None),
            sent: Cell::new(0),
            reply: Box::new({
                let replies = replies.clone();
                move |id, reply| replies.borrow_mut().push((id, reply))
            }),
            gone: Box::new(|why| panic!("the worker is not gone: {why}")),
            memory: Cell::new(0.0),
            generation: Cell::new(0),
            words: Cell::new(0),
            done: Cell::new(0),
        });
        let greeted = Cell::new(true);
        heard(&listeners, &greeted, 0, word(1, true));
        heard(&listeners, &greeted, 0, word(2, false));
        next_task().await;
        // Replaced while its reply was being copied in, and after.
        heard(&listeners, &greeted, 0, word(3, false));
        listeners.generation.set(1);
        next_task().await;
        heard(&listeners, &greeted, 0, word(4, true));
        heard(&listeners, &greeted, 0, word(5, false));
        // The new worker is heard.
        heard(&listeners, &greeted, 1, word(6, false));
        next_task().await;
        let heard_of: Vec<WorkerJob> = replies.borrow().iter().map(|(id, _)| *id).collect();
        assert_eq!(heard_of, [1, 2, 6]);
        assert!(
            matches!(&replies.borrow()[1].1, Reply::Failed { message } if message == "it failed")
        );
    }
}
