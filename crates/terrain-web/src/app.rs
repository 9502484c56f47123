//! The page's shell: the demos' elements, the shared GPU, the worker, and
//! the one [`Page`] state machine that decides what they do.
//!
//! Every DOM event becomes a [`PageInput`] handed to [`dispatch`]; the
//! [`PageEffect`]s that come back are carried out here. An event (or the
//! shared context's answer, [`ContextEvent::Ready`]) that arrives while
//! another is handled waits in a queue, so none is ever lost; an app
//! still busy in a later task is the [`stuck`] one, and the page says so.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use terrain_view::demo::{Effect, Input};
use terrain_view::graphics::{ContextAction, ContextEvent, ContextId, Graphics};
use terrain_view::page::{Page, PageEffect, PageInput};
use terrain_view::picture;
use terrain_view::settings::DemoConfig;
use terrain_view::slots::Slots;
use terrain_view::{address, element};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    HtmlElement, IntersectionObserver, IntersectionObserverEntry, IntersectionObserverInit,
    ResizeObserver, ResizeObserverEntry,
};

use crate::compare::{self, CompareView};
use crate::dom;
use crate::gpu::{Gpu, Scene, Tell};
use crate::jobs::Jobs;
use crate::timers::Timers;
use crate::view::DemoView;
use crate::{exports, files, stuck};

/// Everything the page's demos share.
pub(crate) struct App {
    page: Page,
    views: Slots<DemoView>,
    /// The shared context; `None` until a demo is on screen, while resting
    /// and without WebGL2.
    gpu: Option<Gpu>,
    /// Each demo's objects on the GPU, made again when its scene changes.
    scenes: Slots<Option<Scene>>,
    visibility: IntersectionObserver,
    sizes: ResizeObserver,
    jobs: Option<Jobs>,
    timers: Timers,
    comparison: Option<CompareView>,
}

/// The `requestAnimationFrame` callback, made once and reused.
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static APP: RefCell<Option<App>> = const { RefCell::new(None) };
    static QUEUE: RefCell<VecDeque<PageInput>> = const { RefCell::new(VecDeque::new()) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
    /// The site's playground, where share links of demos that do not read
    /// the page's address lead.
    static PLAYGROUND: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Hands `input` to the page and carries out what it says. Inputs that
/// arrive meanwhile (from an effect's own events) are queued and handled
/// in order once this one is done.
pub fn dispatch(input: PageInput) {
    QUEUE.with(|queue| queue.borrow_mut().push_back(input));
    drain();
}

/// Handles every queued input, in order, unless the app is busy (its
/// handler then gets to them before it returns).
pub(crate) fn drain() {
    let _ = with_app(|app| {
        while let Some(input) = QUEUE.with(|queue| queue.borrow_mut().pop_front()) {
            let effects = app.page.handle(input);
            app.carry_out(effects);
        }
    });
}

/// Queues `input` for the running handler to get to (see [`drain`]).
fn enqueue(input: PageInput) {
    QUEUE.with(|queue| queue.borrow_mut().push_back(input));
}

/// Where the shared context tells the page it was lost or given back.
fn tell_page() -> Tell {
    Rc::new(|event| dispatch(PageInput::Context(event)))
}

/// Runs `action` on the app, making it first if needed. `None` while the
/// app is busy (the caller's input then waits in the queue) or when it
/// could not be made.
pub(crate) fn with_app<R>(action: impl FnOnce(&mut App) -> R) -> Option<R> {
    APP.with(|cell| {
        let Ok(mut slot) = cell.try_borrow_mut() else {
            return stuck::watch(|| APP.with(|cell| cell.try_borrow_mut().is_err()));
        };
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
        // Every demo's Analyze panel, however it was mounted (mountAll, a
        // <terrain-demo>, embed.html), measures at once when opened.
        crate::analysis_panel::on_open(|index| {
            with_app(|app| app.update_analysis(index));
        });
        let visibility_changed =
            Closure::<dyn FnMut(js_sys::Array)>::new(|entries: js_sys::Array| {
                for entry in entries.iter() {
                    if let Ok(entry) = entry.dyn_into::<IntersectionObserverEntry>()
                        && let Some(index) = demo_index(&entry.target())
                    {
                        dispatch(PageInput::Visible(index, entry.is_intersecting()));
                    }
                }
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
            for entry in entries.iter() {
                if let Ok(entry) = entry.dyn_into::<ResizeObserverEntry>()
                    && let Some(index) = demo_index(&entry.target())
                {
                    let rectangle = entry.content_rect();
                    let (width, height) = device_pixels(rectangle.width(), rectangle.height());
                    dispatch(PageInput::Resized(index, width, height));
                }
            }
        });
        let sizes = ResizeObserver::new(size_changed.as_ref().unchecked_ref())?;
        size_changed.forget();
        // No context yet: the page asks for one when a demo comes into
        // view (see `terrain_view::graphics`).
        let mut page = Page::new(Graphics::Resting);
        let window = dom::window()?;
        page.set_framed(dom::in_a_frame(&window));
        // Paper shows every demo, not only those scrolled into view: they
        // are drawn as printing starts, before the page is laid out for it,
        // at their sizes now (a frame out of view, whose rendering the
        // browser holds back, may never have been told its size).
        dom::listen(&window, "beforeprint", |_: web_sys::Event| {
            for resized in with_app(App::measured).unwrap_or_default() {
                dispatch(resized);
            }
            dispatch(PageInput::Printing(true));
        })?;
        dom::listen(&window, "afterprint", |_: web_sys::Event| {
            dispatch(PageInput::Printing(false))
        })?;
        // A hidden page (another tab in front) has no demo on screen.
        let document = dom::document()?;
        page.handle(PageInput::Hidden(document.hidden()));
        let shown = document.clone();
        dom::listen(&document, "visibilitychange", move |_: web_sys::Event| {
            dispatch(PageInput::Hidden(shown.hidden()))
        })?;
        // Play's pace follows the reader's motion setting, now and as it
        // changes.
        if let Some(motion) = dom::reduced_motion() {
            page.handle(PageInput::ReducedMotion(motion.matches()));
            let changed = motion.clone();
            dom::listen(&motion, "change", move |_: web_sys::Event| {
                dispatch(PageInput::ReducedMotion(changed.matches()))
            })?;
        }
        Ok(Self {
            page,
            views: Slots::default(),
            gpu: None,
            scenes: Slots::default(),
            visibility,
            sizes,
            jobs: None,
            timers: Timers::default(),
            comparison: None,
        })
    }

    /// Adds a demo in `host`, unless it is there already.
    pub(crate) fn mount(&mut self, host: &HtmlElement) -> Result<(), JsValue> {
        if host.has_attribute("data-terrain-mounted") {
            return Ok(());
        }
        let (mut config, problems) = DemoConfig::from_attributes(|name| host.get_attribute(name));
        let mut messages: Vec<String> = problems
            .into_iter()
            .map(|problem| problem.message)
            .chain(element::misplaced(&dom::attributes(host), false))
            .collect();
        let search = dom::window()?.location().search()?;
        let read = address::read_into(&mut config, &search, self.page.demos(), "data-url-state");
        messages.extend(read);
        self.mount_config(host, config, messages).map(|_| ())
    }

    /// Adds a demo of `config` in `host` (`messages` are settings it could
    /// not use) and returns its number.
    pub(crate) fn mount_config(
        &mut self,
        host: &HtmlElement,
        config: DemoConfig,
        messages: Vec<String>,
    ) -> Result<usize, JsValue> {
        let window = dom::window()?;
        // A share link must restore the view: on a page whose demo reads
        // its address (the playground) it is that page's; from any other
        // demo (an article's, an embed on a blog) it opens the playground.
        let location = window.location();
        let here = format!(
            "{}{}",
            location.origin().unwrap_or_default(),
            location.pathname().unwrap_or_default()
        );
        let address = match PLAYGROUND.with(|playground| playground.borrow().clone()) {
            Some(playground) if !config.display.url_state => playground,
            _ => here,
        };
        let index = self.page.next_index();
        let send_to: Rc<dyn Fn(Input)> =
            Rc::new(move |input| dispatch(PageInput::Demo(index, input)));
        let level = config.display.controls;
        let effects = self
            .page
            .mount(config, messages, address, dom::random_seed());
        let keys = self
            .page
            .demo(index)
            .map(|demo| demo.control_keys())
            .unwrap_or_default();
        let view = DemoView::build(&dom::document()?, host, index, level, &keys, send_to)?;
        self.visibility.observe(view.canvas());
        dom::observe_device_pixels(&self.sizes, view.canvas());
        self.views.insert(index, view);
        self.scenes.insert(index, None);
        self.carry_out(effects);
        Ok(index)
    }

    /// Every demo's canvas size in device pixels, measured now.
    fn measured(&mut self) -> Vec<PageInput> {
        self.views
            .iter_mut()
            .map(|(index, view)| {
                let rectangle = view.canvas().get_bounding_client_rect();
                let (width, height) = device_pixels(rectangle.width(), rectangle.height());
                PageInput::Resized(index, width, height)
            })
            .collect()
    }

    /// The page's state machine.
    pub(crate) fn page(&self) -> &Page {
        &self.page
    }

    /// The worker's WebAssembly memory in bytes (0 before it starts).
    pub(crate) fn worker_memory(&self) -> f64 {
        self.jobs.as_ref().map_or(0.0, Jobs::worker_memory)
    }

    /// Keeps the playground's comparison, whose demos are mounted now, and
    /// gives them one camera.
    pub(crate) fn compare(&mut self, mut comparison: CompareView) {
        enqueue(PageInput::ShareCamera(comparison.mounted().to_vec()));
        self.comparison = Some(comparison);
    }

    /// Measures demo `index`'s map again for its open Analyze panel.
    pub(crate) fn update_analysis(&mut self, index: usize) {
        if let (Some(demo), Some(view)) = (self.page.demo(index), self.views.get_mut(index)) {
            view.update_analysis(demo);
        }
    }

    /// Removes demo `index` and everything it holds: its elements and
    /// their listeners, its observers, objects on the GPU, timers and
    /// jobs (a running one is stopped) and its memory.
    pub(crate) fn unmount(&mut self, index: usize) {
        if let Some(view) = self.views.remove(index) {
            self.visibility.unobserve(view.canvas());
            self.sizes.unobserve(view.canvas());
            view.remove();
        }
        self.scenes.remove(index);
        self.timers.cancel(index);
        let effects = self.page.unmount(index);
        self.carry_out(effects);
    }

    /// Releases the demos of `data-terrain-demo` elements that have left
    /// the page, as a `<terrain-demo>` releases its own.
    pub(crate) fn release_detached(&mut self) {
        let gone: Vec<usize> = self
            .views
            .indices()
            .into_iter()
            .filter(|&index| self.views.get(index).is_some_and(DemoView::left_the_page))
            .collect();
        for index in gone {
            self.unmount(index);
        }
    }

    fn carry_out(&mut self, effects: Vec<PageEffect>) {
        let mut presented = Vec::new();
        for effect in effects {
            match effect {
                PageEffect::Present(index) => {
                    if !presented.contains(&index) {
                        presented.push(index);
                    }
                }
                PageEffect::RequestFrame => request_frame(),
                PageEffect::ReplaceUrl(query) => {
                    if let Err(error) = dom::replace_query(&query) {
                        dom::log_error(&format!("the address bar could not be updated: {error:?}"));
                    }
                }
                PageEffect::Schedule {
                    milliseconds,
                    input,
                } => {
                    let owner = match input {
                        PageInput::Demo(index, _) => Some(index),
                        _ => None,
                    };
                    let delay = i32::try_from(milliseconds).unwrap_or(i32::MAX);
                    self.timers.after(delay, owner, move || dispatch(input));
                }
                PageEffect::Context(action) => self.context(action),
                PageEffect::Draw { index, rebuild } => self.draw(index, rebuild),
                PageEffect::StartWorker => self.start_worker(),
                PageEffect::ToWorker { id, request } => {
                    if let Some(jobs) = &mut self.jobs {
                        jobs.send(id, request);
                    }
                }
                PageEffect::StopWorkerJob(_) => {
                    if let Some(jobs) = &mut self.jobs {
                        jobs.restart();
                    }
                }
                PageEffect::Shell(index, effect) => self.shell(index, effect),
            }
        }
        if let (false, Some(comparison)) = (presented.is_empty(), &mut self.comparison) {
            comparison.update(&self.page);
        }
        for index in presented {
            if let (Some(demo), Some(view)) = (self.page.demo(index), self.views.get_mut(index)) {
                view.present(demo.presentation());
                view.update_analysis(demo);
            }
        }
    }

    /// A demo's effect that only the browser can carry out.
    fn shell(&mut self, index: usize, effect: Effect) {
        match effect {
            Effect::Export {
                id,
                options,
                name,
                media_type,
            } => {
                // Read when the download module is ready for the map,
                // unless the app is busy or the demo is gone.
                let read: exports::ReadMap = Box::new(move |reader| {
                    with_app(|app| {
                        app.page
                            .demo(index)
                            .map(|demo| reader(&demo.terrain().heightmap, demo.maps_shown()))
                    })
                    .flatten()
                    .is_some()
                });
                let tell =
                    move |word| dispatch(PageInput::Demo(index, Input::Exported { id, word }));
                exports::export(read, tell, options, name, media_type);
            }
            Effect::ReadFile(read) => {
                let controls = self.views.get(index).and_then(DemoView::controls);
                if let Some(file) = controls.and_then(|controls| controls.take_picked_file()) {
                    let tell = move |input| dispatch(PageInput::Demo(index, input));
                    files::read(file, read, tell);
                }
            }
            Effect::Copy(text) => {
                let text = compare::share_link(self.comparison.as_ref(), index).unwrap_or(text);
                files::copy(&text, move |worked| {
                    dispatch(PageInput::Demo(index, Input::Copied(worked)))
                });
            }
            // The page carries out the rest itself.
            Effect::Submit { .. }
            | Effect::Cancel(_)
            | Effect::Redraw { .. }
            | Effect::ReplaceUrl(_)
            | Effect::Schedule { .. }
            | Effect::ShareSeed(_)
            | Effect::CameraMoved(_)
            | Effect::TryGraphicsAgain => {}
        }
    }

    fn start_worker(&mut self) {
        self.jobs = Jobs::start(
            |id, reply| dispatch(PageInput::Worker(id, reply)),
            |message| {
                dom::log_error(&message);
                dispatch(PageInput::WorkerGone(message));
            },
        );
        if self.jobs.is_none() {
            enqueue(PageInput::WorkerGone(
                "no worker could be started".to_owned(),
            ));
        }
    }

    /// Renews, replaces or releases the shared context, as the page says,
    /// and queues how it went for the page.
    fn context(&mut self, action: ContextAction) {
        let (id, result): (ContextId, _) = match action {
            ContextAction::Release => {
                self.let_go_of_context();
                return;
            }
            ContextAction::Renew(id) => (
                id,
                match &mut self.gpu {
                    Some(gpu) if gpu.id() == id => gpu.restore(&mut self.scenes),
                    _ => Err("the restored graphics context is gone".to_owned()),
                },
            ),
            ContextAction::Replace(id) => {
                // The old context goes first.
                self.let_go_of_context();
                let made = dom::document()
                    .map_err(|_| "the page has no document".to_owned())
                    .and_then(|document| Gpu::new(&document, id, tell_page()));
                (id, made.map(|gpu| self.gpu = Some(gpu)))
            }
        };
        enqueue(PageInput::Context(ContextEvent::Ready(id, result)));
    }

    /// Lets go of the shared context and everything made on it (each
    /// demo's scene), giving it back to the browser.
    fn let_go_of_context(&mut self) {
        self.scenes.iter_mut().for_each(|(_, scene)| *scene = None);
        self.gpu = None;
    }

    /// Draws demo `index`: in 3D with the shared context, or as a picture.
    fn draw(&mut self, index: usize, rebuild: bool) {
        let (Some(demo), Some(view), Some((width, height))) = (
            self.page.demo(index),
            self.views.get(index),
            self.page.size(index),
        ) else {
            return;
        };
        if view.canvas().width() != width || view.canvas().height() != height {
            view.set_size(width, height);
        }
        let shown = demo.shown_view();
        let flat = self.page.graphics().is_flat();
        let result = match &mut self.gpu {
            Some(gpu) if shown.is_3d() && !flat && !gpu.is_lost() => {
                let Some(slot) = self.scenes.get_mut(index) else {
                    return;
                };
                let scene = match slot.take() {
                    Some(scene) if !rebuild && gpu.is_current(&scene) => scene,
                    _ => gpu.scene(demo.terrain(), demo.upload(), demo.palette()),
                };
                let scene = slot.insert(scene);
                gpu.draw(
                    scene,
                    demo.orbit(),
                    demo.palette(),
                    shown.is_tiled(),
                    demo.config().display.relief as f32,
                    view.canvas_2d(),
                    width,
                    height,
                )
            }
            // A context on its way: the last picture stays.
            _ if shown.is_3d() && !flat => Ok(()),
            _ => view.draw_picture(&picture::of_view(demo.terrain(), shown), &demo.drawing()),
        };
        if let Err(error) = result {
            dom::log_error(&format!("drawing a terrain demo failed: {error:?}"));
        }
    }
}

fn request_frame() {
    FRAME.with(|cell| {
        let mut slot = cell.borrow_mut();
        let callback =
            slot.get_or_insert_with(|| Closure::new(|_time: f64| dispatch(PageInput::Frame)));
        if let Ok(window) = dom::window() {
            let _ = window.request_animation_frame(callback.as_ref().unchecked_ref());
        }
    });
}

/// A canvas of `width` x `height` CSS pixels in device pixels, as the
/// demos draw: at most twice as many (a phone's 3 would cost 2.25 times the
/// pixels for little to see), and at most 4096.
fn device_pixels(width: f64, height: f64) -> (u32, u32) {
    let ratio = dom::window()
        .map_or(1.0, |window| window.device_pixel_ratio())
        .clamp(1.0, 2.0);
    let pixels = |css: f64| ((css * ratio).round() as u32).clamp(1, 4096);
    (pixels(width), pixels(height))
}

/// The demo a canvas belongs to.
fn demo_index(element: &web_sys::Element) -> Option<usize> {
    element.get_attribute("data-terrain-index")?.parse().ok()
}

/// Loses the shared WebGL context on purpose (`true`) or asks for it back
/// (`false`), through `WEBGL_lose_context`. For tests; returns whether the
/// extension was there to do it.
#[wasm_bindgen(js_name = simulateContextLoss)]
pub fn simulate_context_loss(lose: bool) -> bool {
    with_app(|app| app.gpu.as_ref().is_some_and(|gpu| gpu.simulate_loss(lose))).unwrap_or(false)
}

/// Tells the module where the site's playground is, for share links (see
/// `App::mount`). `terrain.js` calls this once, with the playground beside
/// it.
#[wasm_bindgen(js_name = configurePlayground)]
pub fn configure_playground(url: String) {
    PLAYGROUND.with(|playground| *playground.borrow_mut() = Some(url));
}
