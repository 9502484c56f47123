//! Every demo of a page, and what they share: the graphics context, the
//! worker, linked seeds, and when to draw. Like [`Demo`], a state machine:
//! [`PageInput`]s in, [`PageEffect`]s out, tested natively.
//!
//! Drawing happens on demand: a change marks a demo dirty and asks for one
//! animation frame, which draws every dirty demo that is on screen. With
//! nothing moving, no frame is asked for and nothing runs.

use std::collections::VecDeque;

use crate::demo::{Demo, Effect, Environment, GraphicsNote, Input, JobId};
use crate::protocol::{self, Reply, Request};
use crate::settings::DemoConfig;

/// The number of a job sent to the worker, unique on the page.
pub type WorkerJob = u64;

/// What the page can draw with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Graphics {
    /// A working shared context.
    Ready,
    /// The browser took the context away; waiting for it to come back.
    Lost,
    /// No WebGL2, for this reason: demos show a flat greyscale picture.
    Unavailable(String),
}

impl Graphics {
    /// What demos say about it.
    pub fn note(&self) -> GraphicsNote {
        match self {
            Graphics::Ready => GraphicsNote::Ready,
            Graphics::Lost => GraphicsNote::Lost,
            Graphics::Unavailable(reason) => GraphicsNote::Unavailable(reason.clone()),
        }
    }

    /// The graphics state in one word, for tests.
    pub fn name(&self) -> &'static str {
        match self {
            Graphics::Ready => "ready",
            Graphics::Lost => "lost",
            Graphics::Unavailable(_) => "unavailable",
        }
    }
}

/// Whether the worker for huge maps is running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Worker {
    /// Not needed yet.
    NotStarted,
    /// Started: jobs go to it.
    Running,
    /// Could not be started, failed or is of another version: jobs are
    /// done on the page.
    Unavailable,
}

/// Something that happened to the page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageInput {
    /// Something happened to demo `index`.
    Demo(usize, Input),
    /// Demo `index` scrolled into view (`true`) or out of it.
    Visible(usize, bool),
    /// Demo `index`'s canvas is now `width` x `height` device pixels.
    Resized(usize, u32, u32),
    /// An animation frame: draw what needs it.
    Frame,
    /// The browser took the WebGL context away.
    ContextLost,
    /// The browser gave it back; `Err` if it could not be used again.
    ContextRestored(Result<(), String>),
    /// Word from the worker about job `job`.
    Worker(WorkerJob, Reply),
    /// The worker cannot be used (it failed, or runs another version of
    /// the site): this sentence says why. Its jobs are done on the page.
    WorkerGone(String),
}

/// Something the shell must do for the page.
#[derive(Debug, Clone, PartialEq)]
pub enum PageEffect {
    /// Demo `index` shows something new: apply its presentation.
    Present(usize),
    /// Ask for an animation frame.
    RequestFrame,
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
        /// What to make.
        request: Request,
    },
    /// Stop the worker's job `id`, which it may be running (the worker is
    /// restarted if it is).
    StopWorkerJob(WorkerJob),
    /// One of demo `index`'s effects that only the shell can carry out:
    /// [`Effect::ReplaceUrl`], [`Effect::Schedule`], [`Effect::Download`],
    /// [`Effect::ReadFile`], [`Effect::Copy`].
    Shell(usize, Effect),
}

/// A demo and where it stands for drawing.
#[derive(Debug, Clone)]
struct Slot {
    demo: Demo,
    dirty: bool,
    rebuild: bool,
    visible: bool,
    width: u32,
    height: u32,
}

/// A job for the worker.
#[derive(Debug, Clone)]
struct WorkerEntry {
    id: WorkerJob,
    demo: usize,
    job: JobId,
    /// Kept until done, so the page can do it if the worker fails.
    request: Request,
    /// Whether the worker has it (only the first in line is sent).
    sent: bool,
}

/// The page's demos and what they share.
#[derive(Debug, Clone)]
pub struct Page {
    slots: Vec<Slot>,
    graphics: Graphics,
    worker: Worker,
    queue: VecDeque<WorkerEntry>,
    next_id: WorkerJob,
    frame_requested: bool,
    /// Animation frames run so far.
    pub frames: u32,
    /// Demo pictures drawn so far.
    pub draws: u32,
}

impl Page {
    /// A page with no demos yet, drawing with `graphics`.
    pub fn new(graphics: Graphics) -> Self {
        Self {
            slots: Vec::new(),
            graphics,
            worker: Worker::NotStarted,
            queue: VecDeque::new(),
            next_id: 0,
            frame_requested: false,
            frames: 0,
            draws: 0,
        }
    }

    /// The page's graphics.
    pub fn graphics(&self) -> &Graphics {
        &self.graphics
    }

    /// Every demo, in page order.
    pub fn demos(&self) -> impl Iterator<Item = &Demo> {
        self.slots.iter().map(|slot| &slot.demo)
    }

    /// Demo `index`.
    pub fn demo(&self, index: usize) -> Option<&Demo> {
        self.slots.get(index).map(|slot| &slot.demo)
    }

    /// How many demos there are.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Demo `index`'s canvas size in device pixels.
    pub fn size(&self, index: usize) -> Option<(u32, u32)> {
        self.slots.get(index).map(|slot| (slot.width, slot.height))
    }

    /// How many demos wait for a job.
    pub fn waiting(&self) -> usize {
        self.demos().filter(|demo| demo.is_waiting()).count()
    }

    /// Adds a demo; its index is the number of demos before it.
    pub fn mount(
        &mut self,
        config: DemoConfig,
        problems: Vec<String>,
        location: String,
        seed: u64,
    ) -> Vec<PageEffect> {
        let environment = Environment {
            location,
            seed,
            graphics: self.graphics.note(),
        };
        let (demo, effects) = Demo::new(config, problems, environment);
        let index = self.slots.len();
        self.slots.push(Slot {
            demo,
            dirty: true,
            rebuild: true,
            visible: false,
            width: 0,
            height: 0,
        });
        let mut out = vec![PageEffect::Present(index)];
        self.carry_out(index, effects, &mut out);
        out
    }

    /// Handles one input; returns what the shell must do.
    pub fn handle(&mut self, input: PageInput) -> Vec<PageEffect> {
        let mut out = Vec::new();
        match input {
            PageInput::Demo(index, input) => self.tell_demo(index, input, &mut out),
            PageInput::Visible(index, visible) => {
                if let Some(slot) = self.slots.get_mut(index) {
                    slot.visible = visible;
                    if visible && slot.dirty {
                        self.request_frame(&mut out);
                    }
                }
            }
            PageInput::Resized(index, width, height) => {
                if let Some(slot) = self.slots.get_mut(index)
                    && (slot.width, slot.height) != (width, height)
                {
                    slot.width = width;
                    slot.height = height;
                    self.invalidate(index, false, &mut out);
                }
            }
            PageInput::Frame => self.frame(&mut out),
            PageInput::ContextLost => {
                self.graphics = Graphics::Lost;
                self.tell_every_demo(&mut out);
            }
            PageInput::ContextRestored(result) => {
                self.graphics = match result {
                    Ok(()) => Graphics::Ready,
                    Err(reason) => Graphics::Unavailable(reason),
                };
                self.tell_every_demo(&mut out);
            }
            PageInput::Worker(id, reply) => self.worker_word(id, reply, &mut out),
            PageInput::WorkerGone(_) => {
                self.worker = Worker::Unavailable;
                // What was waiting for the worker is done here instead.
                let waiting: Vec<WorkerEntry> = self.queue.drain(..).collect();
                for entry in waiting {
                    self.run_here(entry.demo, entry.job, entry.request, &mut out);
                }
            }
        }
        out
    }

    /// Gives every demo the page's graphics note, and marks every demo for
    /// drawing again with new GPU objects. Every demo's words change now,
    /// on screen or not; only the drawing waits until it is in view.
    fn tell_every_demo(&mut self, out: &mut Vec<PageEffect>) {
        let note = self.graphics.note();
        for index in 0..self.slots.len() {
            self.tell_demo(index, Input::Graphics(note.clone()), out);
        }
    }

    fn tell_demo(&mut self, index: usize, input: Input, out: &mut Vec<PageEffect>) {
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        let effects = slot.demo.handle(input);
        out.push(PageEffect::Present(index));
        self.carry_out(index, effects, out);
    }

    /// Does what a demo asked, passing on what only the shell can do.
    fn carry_out(&mut self, index: usize, effects: Vec<Effect>, out: &mut Vec<PageEffect>) {
        for effect in effects {
            match effect {
                Effect::Submit {
                    job,
                    request,
                    offload,
                } => {
                    if offload && self.worker != Worker::Unavailable {
                        self.queue_for_worker(index, job, request, out);
                    } else {
                        self.run_here(index, job, request, out);
                    }
                }
                Effect::Cancel(job) => self.cancel(index, job, out),
                Effect::Redraw { rebuild } => self.invalidate(index, rebuild, out),
                Effect::ShareSeed(seed) => self.share_seed(index, seed, out),
                other => out.push(PageEffect::Shell(index, other)),
            }
        }
    }

    /// Makes what a request asks for right here, at once, and gives the
    /// demo the result.
    fn run_here(&mut self, index: usize, job: JobId, request: Request, out: &mut Vec<PageEffect>) {
        let reply = protocol::run(request, &mut |_, _| {});
        self.tell_demo(index, Input::Job { job, reply }, out);
    }

    fn queue_for_worker(
        &mut self,
        demo: usize,
        job: JobId,
        request: Request,
        out: &mut Vec<PageEffect>,
    ) {
        if self.worker == Worker::NotStarted {
            self.worker = Worker::Running;
            out.push(PageEffect::StartWorker);
        }
        self.next_id += 1;
        self.queue.push_back(WorkerEntry {
            id: self.next_id,
            demo,
            job,
            request,
            sent: false,
        });
        self.send_next(out);
    }

    /// The worker does one job at a time, so that a job no longer wanted
    /// can be stopped without losing others: the first in line is sent.
    fn send_next(&mut self, out: &mut Vec<PageEffect>) {
        if let Some(first) = self.queue.front_mut()
            && !first.sent
        {
            first.sent = true;
            out.push(PageEffect::ToWorker {
                id: first.id,
                request: first.request.clone(),
            });
        }
    }

    fn cancel(&mut self, demo: usize, job: JobId, out: &mut Vec<PageEffect>) {
        let Some(position) = self
            .queue
            .iter()
            .position(|entry| entry.demo == demo && entry.job == job)
        else {
            return;
        };
        if let Some(entry) = self.queue.remove(position)
            && entry.sent
        {
            out.push(PageEffect::StopWorkerJob(entry.id));
            self.send_next(out);
        }
    }

    fn worker_word(&mut self, id: WorkerJob, reply: Reply, out: &mut Vec<PageEffect>) {
        let Some(position) = self.queue.iter().position(|entry| entry.id == id) else {
            // Word about a job nobody waits for any more.
            return;
        };
        let (demo, job) = (self.queue[position].demo, self.queue[position].job);
        if !matches!(reply, Reply::Progress { .. }) {
            self.queue.remove(position);
            self.send_next(out);
        }
        self.tell_demo(demo, Input::Job { job, reply }, out);
    }

    fn share_seed(&mut self, index: usize, seed: u64, out: &mut Vec<PageEffect>) {
        let Some(link) = self.demo(index).and_then(Demo::link).map(str::to_owned) else {
            return;
        };
        for other in 0..self.slots.len() {
            if other != index && self.slots[other].demo.link() == Some(link.as_str()) {
                self.tell_demo(other, Input::SeedShared(seed), out);
            }
        }
    }

    fn invalidate(&mut self, index: usize, rebuild: bool, out: &mut Vec<PageEffect>) {
        if let Some(slot) = self.slots.get_mut(index) {
            slot.dirty = true;
            slot.rebuild |= rebuild;
            if slot.visible {
                self.request_frame(out);
            }
        }
    }

    fn request_frame(&mut self, out: &mut Vec<PageEffect>) {
        if !self.frame_requested {
            self.frame_requested = true;
            out.push(PageEffect::RequestFrame);
        }
    }

    /// Draws every dirty demo on screen; with the context lost, keeps their
    /// last pictures until it is back.
    fn frame(&mut self, out: &mut Vec<PageEffect>) {
        self.frame_requested = false;
        self.frames += 1;
        if self.graphics == Graphics::Lost {
            return;
        }
        for (index, slot) in self.slots.iter_mut().enumerate() {
            if slot.dirty && slot.visible && slot.width > 0 && slot.height > 0 {
                out.push(PageEffect::Draw {
                    index,
                    rebuild: slot.rebuild,
                });
                slot.dirty = false;
                slot.rebuild = false;
                self.draws += 1;
            }
        }
    }
}
