//! The page's demos, the shared GPU, and when to draw.
//!
//! Drawing happens on demand: a change marks a demo dirty and asks for one
//! animation frame, which draws every dirty demo that is on screen. With
//! nothing moving, no frame is requested and nothing runs.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Event, HtmlElement, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit,
    ResizeObserver, ResizeObserverEntry,
};

use crate::demo::Demo;
use crate::dom;
use crate::gpu::Gpu;
use crate::jobs::Jobs;

/// Whether the worker for huge maps is running.
enum Workers {
    /// Not needed yet.
    NotStarted,
    /// Running.
    Running(Jobs),
    /// Could not be started: huge maps are made on the page.
    Unavailable,
}

/// What the page can draw with.
pub enum Graphics {
    /// A working shared context.
    Ready(Gpu),
    /// The browser took the context away; waiting for it to come back.
    Lost(Gpu),
    /// No WebGL2: demos show a flat greyscale picture instead.
    Unavailable(String),
}

/// Everything the page's demos share.
pub struct App {
    /// The shared context, if any.
    pub graphics: Graphics,
    /// Every mounted demo; a demo's index is its place here.
    pub demos: Vec<Demo>,
    frame_requested: bool,
    /// Animation frames run so far (each may draw several demos).
    pub frames: u32,
    /// Demo pictures drawn so far.
    pub draws: u32,
    visibility: IntersectionObserver,
    sizes: ResizeObserver,
    workers: Workers,
    /// The largest WebAssembly memory the worker has reported, in bytes.
    pub worker_memory: f64,
}

/// The `requestAnimationFrame` callback, made once and reused.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Runs `action` on the app, making it first if needed. Returns `None` if
/// the app is busy (an event arrived while another was being handled) or
/// could not be made.
pub fn with_app<R>(action: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        let mut slot = cell.try_borrow_mut().ok()?;
        if slot.is_none() {
            match App::new() {
                Ok(app) => *slot = Some(app),
                Err(error) => {
                    dom::log_error(&format!("terrain demos could not start: {error:?}"));
                    return None;
                }
            }
        }
        slot.as_mut().map(action)
    })
}

impl App {
    fn new() -> Result<Self, JsValue> {
        let document = dom::document()?;
        let graphics = match Gpu::new(&document) {
            Ok(gpu) => {
                watch_context(&gpu)?;
                Graphics::Ready(gpu)
            }
            Err(reason) => Graphics::Unavailable(reason),
        };
        let visibility_changed =
            Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
                with_app(|app| {
                    for entry in entries.iter() {
                        let Ok(entry) = entry.dyn_into::<IntersectionObserverEntry>() else {
                            continue;
                        };
                        if let Some(index) = demo_index(&entry.target()) {
                            app.set_visible(index, entry.is_intersecting());
                        }
                    }
                });
            });
        let options = IntersectionObserverInit::new();
        // Start drawing a little before a demo scrolls into view.
        options.set_root_margin("300px 0px");
        let visibility = IntersectionObserver::new_with_options(
            visibility_changed.as_ref().unchecked_ref(),
            &options,
        )?;
        visibility_changed.forget();
        let size_changed = Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
            with_app(|app| {
                for entry in entries.iter() {
                    let Ok(entry) = entry.dyn_into::<ResizeObserverEntry>() else {
                        continue;
                    };
                    if let Some(index) = demo_index(&entry.target()) {
                        let rectangle = entry.content_rect();
                        app.resize(index, rectangle.width(), rectangle.height());
                    }
                }
            });
        });
        let sizes = ResizeObserver::new(size_changed.as_ref().unchecked_ref())?;
        size_changed.forget();
        Ok(Self {
            graphics,
            demos: Vec::new(),
            frame_requested: false,
            frames: 0,
            draws: 0,
            visibility,
            sizes,
            workers: Workers::NotStarted,
            worker_memory: 0.0,
        })
    }

    /// Adds a demo in `host`, unless it is there already.
    pub fn mount(&mut self, host: &HtmlElement) -> Result<(), JsValue> {
        if host.has_attribute("data-terrain-mounted") {
            return Ok(());
        }
        let index = self.demos.len();
        let demo = Demo::mount(host, index, &self.graphics)?;
        self.visibility.observe(demo.canvas());
        self.sizes.observe(demo.canvas());
        self.demos.push(demo);
        self.dispatch_jobs();
        Ok(())
    }

    /// Sends every wanted huge map to the worker, starting it if needed;
    /// without a worker they are made here.
    pub fn dispatch_jobs(&mut self) {
        for index in 0..self.demos.len() {
            let Some(request) = self.demos[index].take_job_request() else {
                continue;
            };
            if matches!(self.workers, Workers::NotStarted) {
                self.workers = Jobs::start().map_or(Workers::Unavailable, Workers::Running);
            }
            let submitted = match &mut self.workers {
                Workers::Running(jobs) => jobs.submit(&request).ok(),
                _ => None,
            };
            match submitted {
                Some(id) => self.demos[index].job_started(id),
                None => self.demos[index].make_here(),
            }
            self.invalidate(index);
        }
    }

    /// A message from the worker: progress, a finished map, or an error.
    pub fn job_message(&mut self, data: &JsValue) {
        let field = |name: &str| {
            js_sys::Reflect::get(data, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
        };
        let Some(id) = field("id").as_f64().map(|id| id as u32) else {
            return;
        };
        let Some(index) = self
            .demos
            .iter()
            .position(|demo| demo.running_job() == Some(id))
        else {
            // An answer nobody waits for any more (the settings changed).
            return;
        };
        let demo = &mut self.demos[index];
        if let Some(share) = field("progress").as_f64() {
            demo.show_progress(share, &field("words").as_string().unwrap_or_default());
        } else if let Some(message) = field("error").as_string() {
            demo.job_failed(&message);
        } else {
            let result = field("result");
            let memory = js_sys::Reflect::get(&result, &"memory".into())
                .ok()
                .and_then(|value| value.as_f64());
            self.worker_memory = self.worker_memory.max(memory.unwrap_or(0.0));
            if self.demos[index].accept_job(&result) {
                self.invalidate(index);
            }
        }
    }

    /// The worker itself failed: make the waiting maps here instead.
    pub fn job_failed_everywhere(&mut self, message: &str) {
        dom::log_error(message);
        self.workers = Workers::Unavailable;
        for index in 0..self.demos.len() {
            if self.demos[index].is_waiting() {
                self.demos[index].make_here();
                self.invalidate(index);
            }
        }
    }

    /// How many demos wait for the worker.
    pub fn waiting(&self) -> usize {
        self.demos.iter().filter(|demo| demo.is_waiting()).count()
    }

    /// Gives demo `index`, and every demo linked to it, the seed `seed`.
    pub fn refresh(&mut self, index: usize, seed: u64) {
        if let Some(demo) = self.demos.get_mut(index) {
            demo.set_seed(seed);
            self.invalidate(index);
            self.share_seed(index, seed);
            self.dispatch_jobs();
        }
    }

    /// Passes demo `index`'s new seed on to the demos linked to it.
    pub fn share_seed(&mut self, index: usize, seed: u64) {
        let Some(link) = self
            .demos
            .get(index)
            .and_then(|demo| demo.link().map(str::to_owned))
        else {
            return;
        };
        for other in 0..self.demos.len() {
            let demo = &mut self.demos[other];
            if other != index && demo.link() == Some(link.as_str()) && demo.seed() != seed {
                demo.set_seed(seed);
                self.invalidate(other);
            }
        }
    }

    /// Marks demo `index` for drawing at the next frame.
    pub fn invalidate(&mut self, index: usize) {
        if let Some(demo) = self.demos.get_mut(index) {
            demo.dirty = true;
            if demo.visible {
                self.request_frame();
            }
        }
    }

    fn set_visible(&mut self, index: usize, visible: bool) {
        if let Some(demo) = self.demos.get_mut(index) {
            demo.visible = visible;
            if visible && demo.dirty {
                self.request_frame();
            }
        }
    }

    fn resize(&mut self, index: usize, css_width: f64, css_height: f64) {
        let ratio = dom::window()
            .map_or(1.0, |window| window.device_pixel_ratio())
            .clamp(1.0, 2.0);
        let pixels = |css: f64| ((css * ratio).round() as u32).clamp(1, 4096);
        let resized = self
            .demos
            .get_mut(index)
            .is_some_and(|demo| demo.set_size(pixels(css_width), pixels(css_height)));
        if resized {
            self.invalidate(index);
        }
    }

    fn request_frame(&mut self) {
        if self.frame_requested {
            return;
        }
        let requested = FRAME.with(|cell| {
            let mut slot = cell.borrow_mut();
            let callback = slot.get_or_insert_with(|| {
                Closure::new(|_time: f64| {
                    with_app(App::draw_frame);
                })
            });
            dom::window()
                .and_then(|window| {
                    window.request_animation_frame(callback.as_ref().unchecked_ref())
                })
                .is_ok()
        });
        self.frame_requested = requested;
    }

    /// Draws every dirty, visible demo.
    fn draw_frame(&mut self) {
        self.frame_requested = false;
        self.frames += 1;
        for demo in &mut self.demos {
            if !(demo.dirty && demo.visible) {
                continue;
            }
            match &mut self.graphics {
                Graphics::Ready(gpu) if !gpu.is_lost() => {
                    if let Err(error) = demo.draw(gpu) {
                        dom::log_error(&format!("drawing a terrain demo failed: {error:?}"));
                    }
                }
                // Keep the last picture until the context comes back.
                Graphics::Ready(_) | Graphics::Lost(_) => continue,
                Graphics::Unavailable(_) => demo.draw_picture(),
            }
            demo.dirty = false;
            self.draws += 1;
        }
    }

    fn context_lost(&mut self) {
        if let Graphics::Ready(gpu) =
            std::mem::replace(&mut self.graphics, Graphics::Unavailable(String::new()))
        {
            self.graphics = Graphics::Lost(gpu);
        }
        for demo in &mut self.demos {
            demo.forget_scene();
            demo.set_graphics(GraphicsNote::Lost);
        }
    }

    fn context_restored(&mut self) {
        let graphics = std::mem::replace(&mut self.graphics, Graphics::Unavailable(String::new()));
        self.graphics = match graphics {
            Graphics::Lost(mut gpu) | Graphics::Ready(mut gpu) => match gpu.restore() {
                Ok(()) => Graphics::Ready(gpu),
                Err(reason) => Graphics::Unavailable(reason),
            },
            unavailable => unavailable,
        };
        let note = GraphicsNote::of(&self.graphics);
        for index in 0..self.demos.len() {
            self.demos[index].set_graphics(note.clone());
            self.invalidate(index);
        }
    }

    /// Loses (`true`) or restores the shared context on purpose, for tests.
    pub fn simulate_context_loss(&self, lose: bool) -> bool {
        match &self.graphics {
            Graphics::Ready(gpu) | Graphics::Lost(gpu) => gpu.simulate_loss(lose),
            Graphics::Unavailable(_) => false,
        }
    }

    /// What the graphics are doing, in one word.
    pub fn graphics_state(&self) -> &'static str {
        match &self.graphics {
            Graphics::Ready(_) => "ready",
            Graphics::Lost(_) => "lost",
            Graphics::Unavailable(_) => "unavailable",
        }
    }
}

/// What a demo should say about the graphics, over its view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GraphicsNote {
    /// Nothing to say: WebGL works.
    Ready,
    /// The context was lost; the last picture stays until it is back.
    Lost,
    /// No WebGL2, for the reason given: demos show a greyscale picture.
    Unavailable(String),
}

impl GraphicsNote {
    /// The note for the page's graphics.
    pub fn of(graphics: &Graphics) -> Self {
        match graphics {
            Graphics::Ready(_) => GraphicsNote::Ready,
            Graphics::Lost(_) => GraphicsNote::Lost,
            Graphics::Unavailable(reason) => GraphicsNote::Unavailable(reason.clone()),
        }
    }

    /// The words, if there is anything to say.
    pub fn message(&self) -> Option<String> {
        match self {
            GraphicsNote::Ready => None,
            GraphicsNote::Lost => Some(
                "The browser took away this page's graphics context (too many open, or the GPU was \
                 reset). Restoring it…"
                    .to_owned(),
            ),
            GraphicsNote::Unavailable(reason) => Some(unavailable_message(reason)),
        }
    }
}

/// The message a demo shows when there is no WebGL2 at all.
pub fn unavailable_message(reason: &str) -> String {
    format!(
        "3D view unavailable: {reason}. Showing the heightmap from above instead, as a greyscale \
         picture (black is the lowest point, white the highest)."
    )
}

fn watch_context(gpu: &Gpu) -> Result<(), JsValue> {
    dom::listen(gpu.canvas(), "webglcontextlost", |event: Event| {
        // Without this the browser will not try to give the context back.
        event.prevent_default();
        with_app(App::context_lost);
    })?;
    dom::listen(gpu.canvas(), "webglcontextrestored", |_: Event| {
        with_app(App::context_restored);
    })
}

/// The demo a canvas belongs to.
fn demo_index(element: &web_sys::Element) -> Option<usize> {
    element.get_attribute("data-terrain-index")?.parse().ok()
}
