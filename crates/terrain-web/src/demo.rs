//! One demo: its elements, its terrain, its camera, and what a reader's
//! clicks, drags, touches and keys do to them.

use js_sys::{Float32Array, Float64Array, Object, Reflect, Uint8Array, Uint32Array};
use terrain_core::seams::{DEFAULT_CREASE_LEVELS, crease_index};
use terrain_core::{Algorithm, Heightmap, Params, PointSet, Stage, Terrain, generate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlProgressElement, ImageData, KeyboardEvent, PointerEvent, WheelEvent,
};

use crate::app::{Graphics, GraphicsNote, with_app};
use crate::camera::{self, CameraAction, Orbit};
use crate::config::{self, Controls, DemoConfig, View};
use crate::controls::{Input, Panel};
use crate::dom;
use crate::gpu::{Gpu, Scene};
use crate::jobs::WORKER_FROM_EXPONENT;
use crate::mesh::{self, Palette, Surface};
use crate::picture;

/// Milliseconds between stages while the scrubber plays; slower for
/// readers who ask for reduced motion.
const PLAY_INTERVAL: i32 = 900;
const PLAY_INTERVAL_REDUCED_MOTION: i32 = 2500;

/// Where the terrain came from.
#[derive(Debug, Clone, PartialEq)]
enum Source {
    /// The demo's generator, settings and seed.
    Generated,
    /// An image the reader imported: its file name and original size.
    Imported(String),
}

/// Where a huge map's generation in the worker stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Job {
    /// Nothing asked of the worker.
    Idle,
    /// A map is wanted; the app sends the request.
    Wanted,
    /// Request number `id` is running.
    Running(u32),
}

/// Where the heights of a job for the worker come from.
#[derive(Debug, Clone)]
enum JobInput {
    /// The demo's settings: generate them.
    Settings,
    /// A PNG file the reader picked (its name and bytes): import it.
    File(String, Uint8Array),
    /// The map on show (an imported one), to build its surface again in
    /// other colours.
    Heights,
}

/// A finger or mouse pressed on the view.
struct Pointer {
    id: i32,
    x: f32,
    y: f32,
}

/// The elements every demo has.
struct Elements {
    canvas: HtmlCanvasElement,
    canvas_2d: CanvasRenderingContext2d,
    status: HtmlElement,
    seed: HtmlElement,
    caption: HtmlElement,
    key: HtmlElement,
    creases: HtmlElement,
    progress: HtmlElement,
    progress_bar: HtmlProgressElement,
    progress_text: HtmlElement,
}

/// A mounted demo.
pub struct Demo {
    index: usize,
    elements: Elements,
    panel: Option<Panel>,
    config: DemoConfig,
    source: Source,
    terrain: Terrain,
    /// The surface a worker built, for maps too big to mesh on the page.
    built: Option<Surface>,
    job: Job,
    /// What the wanted or running job starts from.
    job_input: JobInput,
    orbit: Orbit,
    scene: Option<Scene>,
    pointers: Vec<Pointer>,
    width: u32,
    height: u32,
    playing: bool,
    /// Counts Play presses, so a step scheduled before a Pause is ignored.
    play_round: u32,
    /// What the page's graphics situation is, said over the view.
    graphics: GraphicsNote,
    /// This demo's own error (a terrain that could not be made), if any.
    error: Option<String>,
    /// Needs drawing at the next frame.
    pub dirty: bool,
    /// On screen, or close to it.
    pub visible: bool,
}

impl Demo {
    /// Builds a demo inside `host` from its `data-*` attributes (and, for a
    /// demo that mirrors the URL, the page's query).
    pub fn mount(host: &HtmlElement, index: usize, graphics: &Graphics) -> Result<Self, JsValue> {
        let document = dom::document()?;
        let (mut config, problems) = DemoConfig::from_attributes(|name| host.get_attribute(name));
        let mut messages: Vec<String> = problems
            .into_iter()
            .map(|problem| problem.message)
            .collect();
        if config.url_state {
            let query = dom::window()?.location().search().unwrap_or_default();
            messages.extend(config.apply_query(&query));
        }
        if !config.seed_given {
            config.params.seed = dom::random_seed();
        }
        // Huge maps are made in the worker; until then a flat placeholder.
        let offload = config.params.exponent >= WORKER_FROM_EXPONENT;
        let terrain = if offload {
            Ok(Terrain::finished(
                Heightmap::new(1).map_err(|error| JsValue::from_str(&error.to_string()))?,
            ))
        } else {
            generate(&config.params, config.stage)
                .or_else(|_| generate(&Params::default(), Stage::Done))
        }
        .map_err(|error| JsValue::from_str(&error.to_string()))?;

        // Anything inside the host (a "loading" note, say) gives way to the demo.
        host.set_text_content(None);
        host.class_list().add_1("terrain-demo")?;
        if config.controls == Controls::Full {
            host.class_list().add_1("terrain-demo-full")?;
        }
        dom::set(host, "data-terrain-mounted", "");

        let notice = dom::create_with_text(&document, "p", "terrain-notice", "")?;
        dom::set(&notice, "role", "status");
        if messages.is_empty() {
            dom::show(&notice, false);
        } else {
            notice.set_text_content(Some(&format!(
                "Using defaults where this demo's settings were invalid: {}.",
                messages.join("; ")
            )));
        }
        host.append_child(&notice)?;

        let view: HtmlElement = dom::create(&document, "div", "terrain-view")?;
        let canvas: HtmlCanvasElement = dom::create(&document, "canvas", "terrain-canvas")?;
        dom::set(&canvas, "tabindex", "0");
        dom::set(&canvas, "role", "img");
        dom::set(&canvas, "data-terrain-index", &index.to_string());
        let status = dom::create_with_text(&document, "p", "terrain-status", "")?;
        dom::set(&status, "aria-live", "polite");
        dom::show(&status, false);
        let progress: HtmlElement = dom::create(&document, "div", "terrain-progress")?;
        let progress_bar: HtmlProgressElement = dom::create(&document, "progress", "")?;
        progress_bar.set_max(100.0);
        let progress_text = dom::create_with_text(&document, "span", "terrain-progress-text", "")?;
        dom::set(&progress_text, "aria-live", "polite");
        progress_bar.set_id(&format!("terrain-{index}-progress"));
        dom::set(
            &progress_bar,
            "aria-labelledby",
            &format!("terrain-{index}-progress-text"),
        );
        progress_text.set_id(&format!("terrain-{index}-progress-text"));
        progress.append_child(&progress_bar)?;
        progress.append_child(&progress_text)?;
        dom::show(&progress, false);
        view.append_child(&canvas)?;
        view.append_child(&progress)?;
        view.append_child(&status)?;
        host.append_child(&view)?;

        let bar: HtmlElement = dom::create(&document, "div", "terrain-bar")?;
        let refresh: HtmlButtonElement = dom::create(&document, "button", "terrain-refresh")?;
        dom::set(&refresh, "type", "button");
        refresh.set_text_content(Some("Refresh"));
        dom::set(&refresh, "title", "A new terrain from a new random seed");
        let seed_label = dom::create_with_text(&document, "span", "terrain-seed", "seed ")?;
        let seed = dom::create_with_text(&document, "output", "terrain-seed-value", "")?;
        seed_label.append_child(&seed)?;
        let caption = dom::create_with_text(&document, "span", "terrain-caption", "")?;
        let key = dom::create_with_text(&document, "span", "terrain-key", "set by this step")?;
        let creases = dom::create_with_text(&document, "span", "terrain-creases", "")?;
        dom::set(
            &creases,
            "title",
            "How much more the surface bends across the borders of the first chunks than along \
             them: about 1 means no creases",
        );
        for child in [
            &refresh as &HtmlElement,
            &seed_label,
            &caption,
            &key,
            &creases,
        ] {
            bar.append_child(child)?;
        }
        host.append_child(&bar)?;

        let panel = match config.controls {
            Controls::None => None,
            Controls::Basic | Controls::Full => Some(Panel::build(
                &document,
                host,
                index,
                &config,
                move |input| {
                    update(index, |demo| demo.handle(input));
                },
            )?),
        };

        let canvas_2d: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        let mut demo = Demo {
            index,
            elements: Elements {
                canvas,
                canvas_2d,
                status,
                seed,
                caption,
                key,
                creases,
                progress,
                progress_bar,
                progress_text,
            },
            panel,
            orbit: start_view(config.palette, config.view),
            config,
            source: Source::Generated,
            terrain,
            built: None,
            job: Job::Idle,
            job_input: JobInput::Settings,
            scene: None,
            pointers: Vec::new(),
            width: 0,
            height: 0,
            playing: false,
            play_round: 0,
            graphics: GraphicsNote::of(graphics),
            error: None,
            dirty: true,
            visible: false,
        };
        if offload {
            demo.want_job(JobInput::Settings);
        }
        demo.show_state();
        demo.show_notes();
        demo.listen(&refresh)?;
        Ok(demo)
    }

    /// This demo's place among the page's demos.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The visible canvas.
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.elements.canvas
    }

    /// The demos this one shares its seed with, by name.
    pub fn link(&self) -> Option<&str> {
        self.config.link.as_deref()
    }

    /// The current seed.
    pub fn seed(&self) -> u64 {
        self.config.params.seed
    }

    /// The terrain on show.
    pub fn terrain(&self) -> &Terrain {
        &self.terrain
    }

    /// The settings behind it.
    pub fn config(&self) -> &DemoConfig {
        &self.config
    }

    /// Sets the canvas's pixel size; `true` if it changed (which also clears it).
    pub fn set_size(&mut self, width: u32, height: u32) -> bool {
        if (width, height) == (self.width, self.height) {
            return false;
        }
        self.width = width;
        self.height = height;
        self.elements.canvas.set_width(width);
        self.elements.canvas.set_height(height);
        true
    }

    /// Draws the demo: in 3D with the shared context, or as a picture.
    pub fn draw(&mut self, gpu: &mut Gpu) -> Result<(), JsValue> {
        if self.width == 0 || self.height == 0 {
            return Ok(());
        }
        if !self.config.view.is_3d() {
            return self.try_draw_picture();
        }
        let mut scene = match self.scene.take() {
            Some(scene) if gpu.is_current(&scene) => scene,
            _ => gpu.scene(
                &self.terrain,
                self.built.as_ref(),
                self.config.palette,
                self.config.wireframe,
            ),
        };
        let drawn = gpu.draw(
            &mut scene,
            &self.orbit,
            self.config.palette,
            self.config.view.is_tiled(),
            &self.elements.canvas_2d,
            self.width,
            self.height,
        );
        self.scene = Some(scene);
        drawn
    }

    /// Draws the heightmap from above as a greyscale picture: the 2D views,
    /// and every view when there is no WebGL.
    pub fn draw_picture(&mut self) {
        if let Err(error) = self.try_draw_picture() {
            dom::log_error(&format!("drawing a greyscale picture failed: {error:?}"));
        }
    }

    fn try_draw_picture(&mut self) -> Result<(), JsValue> {
        let picture = picture::greyscale(&self.terrain, self.config.view.is_tiled());
        let side = picture.side as u32;
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            wasm_bindgen::Clamped(&picture.rgba),
            side,
            side,
        )?;
        let document = dom::document()?;
        let scratch: HtmlCanvasElement = dom::create(&document, "canvas", "")?;
        scratch.set_width(side);
        scratch.set_height(side);
        let scratch_2d: CanvasRenderingContext2d = scratch
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        scratch_2d.put_image_data(&image, 0.0, 0.0)?;
        let (width, height) = (f64::from(self.width), f64::from(self.height));
        let size = width.min(height) * 0.94;
        let context = &self.elements.canvas_2d;
        context.set_fill_style_str("#e8eef2");
        context.fill_rect(0.0, 0.0, width, height);
        // Small maps show their points as crisp squares; large ones smooth.
        context.set_image_smoothing_enabled(f64::from(side) > size);
        context.draw_image_with_html_canvas_element_and_dw_and_dh(
            &scratch,
            (width - size) / 2.0,
            (height - size) / 2.0,
            size,
            size,
        )
    }

    /// Drops the GPU objects (after the context was lost).
    pub fn forget_scene(&mut self) {
        self.scene = None;
    }

    /// Shows this demo's own error over the view (`None` clears it). The
    /// graphics note, if any, shows whenever there is no error.
    pub fn show_status(&mut self, message: Option<&str>) {
        self.error = message.map(str::to_owned);
        self.show_notes();
    }

    /// Takes the page's graphics situation, says it, and describes the view
    /// as it is now drawn.
    pub fn set_graphics(&mut self, note: GraphicsNote) {
        self.graphics = note;
        self.show_notes();
        self.show_state();
    }

    fn show_notes(&self) {
        let message = self.error.clone().or_else(|| self.graphics.message());
        self.elements.status.set_text_content(message.as_deref());
        dom::show(&self.elements.status, message.is_some());
    }

    /// The view as drawn: without WebGL, every view is a picture.
    fn shown_view(&self) -> View {
        match (&self.graphics, self.config.view.is_tiled()) {
            (GraphicsNote::Unavailable(_), true) => View::PictureTiles,
            (GraphicsNote::Unavailable(_), false) => View::Picture,
            _ => self.config.view,
        }
    }

    /// Brings every piece of text, every control and the URL up to date.
    fn show_state(&self) {
        let params = &self.config.params;
        let elements = &self.elements;
        let generated = self.source == Source::Generated;
        elements.seed.set_text_content(Some(&if generated {
            params.seed.to_string()
        } else {
            "none".to_owned()
        }));
        let mut caption = match &self.source {
            Source::Generated => config::stage_caption(
                params.algorithm,
                self.config.stage,
                params.exponent,
                params.normalize,
            ),
            Source::Imported(name) => format!("Imported from {name}"),
        };
        if let Some(Surface {
            max_error: Some(bound),
            surface_triangles,
            ..
        }) = &self.built
        {
            caption.push_str(&format!(
                " · {} triangles, within {} of every point",
                group_thousands(*surface_triangles),
                config::round_for_display(f64::from(*bound))
            ));
        }
        elements.caption.set_text_content(Some(&caption));
        let marked = if mesh::highlights(&self.terrain) {
            self.terrain.new_points.len()
        } else {
            0
        };
        dom::show(&elements.key, marked > 0);
        let provenance = match &self.source {
            Source::Generated => config::provenance(params, self.config.stage),
            Source::Imported(name) => format!("imported from {name}"),
        };
        let side = self.terrain.heightmap.side();
        dom::set(
            &elements.canvas,
            "aria-label",
            &config::describe(self.shown_view(), side, &provenance, marked),
        );

        let creases = (self.config.creases && self.terrain.stage == Stage::Done)
            .then(|| crease_index(&self.terrain.heightmap, DEFAULT_CREASE_LEVELS))
            .flatten();
        match creases {
            Some(index) => {
                elements
                    .creases
                    .set_text_content(Some(&format!("crease index {index:.2}")));
                dom::set(&elements.creases, "data-value", &index.to_string());
            }
            None => elements.creases.set_text_content(None),
        }
        dom::show(&elements.creases, creases.is_some());

        if let Some(panel) = &self.panel {
            panel.show_config(&self.config);
            let details = self.config.stage.details(params);
            let name = config::stage_caption(
                params.algorithm,
                self.config.stage,
                params.exponent,
                params.normalize,
            );
            panel.show_stage(&name, &config::stage_numbers(&details));
            panel.show_playing(self.playing);
            panel.show_share_link(&self.share_link());
        }
        if self.config.url_state && generated {
            self.mirror_in_url();
        }
    }

    /// The address of this page showing exactly this demo's state.
    fn share_link(&self) -> String {
        let Ok(location) = dom::window().map(|window| window.location()) else {
            return String::new();
        };
        let origin = location.origin().unwrap_or_default();
        let path = location.pathname().unwrap_or_default();
        format!("{origin}{path}?{}", self.config.to_query())
    }

    fn mirror_in_url(&self) {
        let Ok(window) = dom::window() else { return };
        let query = format!("?{}", self.config.to_query());
        if window.location().search().ok().as_deref() == Some(query.as_str()) {
            return;
        }
        if let Ok(history) = window.history() {
            let path = window.location().pathname().unwrap_or_default();
            let _ =
                history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{path}{query}")));
        }
    }

    /// Runs the generator again with the current settings: here, or for a
    /// huge map in the worker (the last terrain stays on show meanwhile).
    fn regenerate(&mut self) {
        if self.config.params.exponent >= WORKER_FROM_EXPONENT {
            self.want_job(JobInput::Settings);
            self.show_state();
        } else {
            self.generate_now();
        }
    }

    /// Runs the generator on the page. On failure the last good terrain
    /// stays and the reason is shown.
    pub fn generate_now(&mut self) {
        self.job = Job::Idle;
        // Drops a file that was waiting for the worker, if any.
        self.job_input = JobInput::Settings;
        dom::show(&self.elements.progress, false);
        match generate(&self.config.params, self.config.stage) {
            Ok(terrain) => {
                self.terrain = terrain;
                self.built = None;
                self.source = Source::Generated;
                self.scene = None;
                self.show_status(None);
            }
            Err(error) => self.show_status(Some(&error.to_string())),
        }
        self.show_state();
    }

    fn want_job(&mut self, input: JobInput) {
        self.job = Job::Wanted;
        self.job_input = input;
        self.show_progress(0.0, "Waiting to start");
    }

    /// Has the worker read PNG file `name` (its `bytes`) and build its
    /// surface, so that a big image does not hold up the page.
    pub fn want_import(&mut self, name: String, bytes: Uint8Array) {
        self.playing = false;
        self.want_job(JobInput::File(name, bytes));
    }

    /// Makes what the wanted job would have made here on the page: for
    /// when there is no worker.
    pub fn make_here(&mut self) {
        self.job = Job::Idle;
        dom::show(&self.elements.progress, false);
        match std::mem::replace(&mut self.job_input, JobInput::Settings) {
            JobInput::Settings => self.generate_now(),
            JobInput::File(name, bytes) => crate::files::import_here(self, name, &bytes.to_vec()),
            JobInput::Heights => {
                // The page builds the surface itself when none was built.
                self.built = None;
                self.scene = None;
                self.show_state();
            }
        }
    }

    /// The request for the worker, if this demo wants one.
    pub fn take_job_request(&mut self) -> Option<JsValue> {
        if self.job != Job::Wanted {
            return None;
        }
        let request = Object::new();
        let _ = match &self.job_input {
            JobInput::Settings => {
                let query = terrain_core::query::to_query(&self.config.params, self.config.stage);
                Reflect::set(&request, &"query".into(), &query.into())
            }
            JobInput::File(_, bytes) => Reflect::set(&request, &"png".into(), bytes),
            JobInput::Heights => {
                let heightmap = &self.terrain.heightmap;
                let _ = Reflect::set(&request, &"exponent".into(), &heightmap.exponent().into());
                let heights = Float64Array::from(heightmap.heights());
                Reflect::set(&request, &"heights".into(), &heights)
            }
        };
        let _ = Reflect::set(
            &request,
            &"palette".into(),
            &self.config.palette.name().into(),
        );
        let _ = Reflect::set(&request, &"maxError".into(), &JsValue::NULL);
        Some(request.into())
    }

    /// The worker took request `id`.
    pub fn job_started(&mut self, id: u32) {
        self.job = Job::Running(id);
    }

    /// The request this demo waits for, if any.
    pub fn running_job(&self) -> Option<u32> {
        match self.job {
            Job::Running(id) => Some(id),
            _ => None,
        }
    }

    /// Whether this demo waits for the worker.
    pub fn is_waiting(&self) -> bool {
        self.job != Job::Idle
    }

    /// Shows how far the worker has got.
    pub fn show_progress(&self, share: f64, words: &str) {
        let percent = (share * 100.0).round().clamp(0.0, 100.0);
        self.elements.progress_bar.set_value(percent);
        let subject = match &self.job_input {
            JobInput::File(name, _) => name.clone(),
            JobInput::Settings => {
                let side = self.config.params.side();
                format!("{side} × {side} points")
            }
            JobInput::Heights => {
                let side = self.terrain.heightmap.side();
                format!("{side} × {side} points")
            }
        };
        self.elements
            .progress_text
            .set_text_content(Some(&format!("{words}: {subject}, {percent}%")));
        dom::show(&self.elements.progress, true);
    }

    /// Takes the worker's map and surface; `true` if it was the one awaited.
    pub fn accept_job(&mut self, result: &JsValue) -> bool {
        let field = |name: &str| {
            Reflect::get(result, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
        };
        // New colours for the map on show come back with its own heights,
        // which need not be read again.
        let heightmap = if matches!(self.job_input, JobInput::Heights) {
            None
        } else {
            let heights: Vec<f64> = field("heights").unchecked_into::<Float64Array>().to_vec();
            let exponent = field("exponent").as_f64().unwrap_or(0.0) as u32;
            match Heightmap::from_heights(exponent, heights) {
                Ok(heightmap) => Some(heightmap),
                Err(error) => {
                    self.job_failed(&format!("the worker's map was unusable: {error}"));
                    return false;
                }
            }
        };
        let vectors = |name: &str| -> Vec<three_d::Vec3> {
            field(name)
                .unchecked_into::<Float32Array>()
                .to_vec()
                .chunks_exact(3)
                .map(|xyz| three_d::vec3(xyz[0], xyz[1], xyz[2]))
                .collect()
        };
        let colors = field("colors")
            .unchecked_into::<Uint8Array>()
            .to_vec()
            .chunks_exact(4)
            .map(|rgba| three_d::Srgba::new(rgba[0], rgba[1], rgba[2], rgba[3]))
            .collect();
        let surface = Surface {
            positions: vectors("positions"),
            normals: vectors("normals"),
            colors,
            indices: field("indices").unchecked_into::<Uint32Array>().to_vec(),
            surface_triangles: field("surfaceTriangles").as_f64().unwrap_or(0.0) as usize,
            max_error: field("maxError").as_f64().map(|bound| bound as f32),
        };
        match (
            std::mem::replace(&mut self.job_input, JobInput::Settings),
            heightmap,
        ) {
            (JobInput::File(name, _), Some(heightmap)) => {
                let message = crate::files::imported_message(
                    &name,
                    field("sourceWidth").as_f64().unwrap_or(0.0),
                    field("sourceHeight").as_f64().unwrap_or(0.0),
                    &field("sourceFormat").as_string().unwrap_or_default(),
                    heightmap.side(),
                );
                // A small map is meshed on the page like any other, so that
                // new colours need no worker.
                let built = (heightmap.exponent() >= WORKER_FROM_EXPONENT).then_some(surface);
                self.show_imported(heightmap, built, name, &message);
                return true;
            }
            (JobInput::Settings, Some(heightmap)) => {
                let params = self.config.params;
                self.terrain = Terrain {
                    algorithm: Some(params.algorithm),
                    heightmap,
                    stage: self.config.stage,
                    new_points: PointSet::for_stage(
                        params.algorithm,
                        self.config.stage,
                        params.exponent,
                    ),
                };
                self.source = Source::Generated;
            }
            // The same heights, in new colours.
            _ => {}
        }
        self.built = Some(surface);
        self.job = Job::Idle;
        self.scene = None;
        dom::show(&self.elements.progress, false);
        self.show_status(None);
        self.show_state();
        true
    }

    /// The worker could not make the map: say why, keep the last terrain.
    pub fn job_failed(&mut self, message: &str) {
        self.job = Job::Idle;
        dom::show(&self.elements.progress, false);
        match std::mem::replace(&mut self.job_input, JobInput::Settings) {
            JobInput::File(name, _) => {
                if let Some(panel) = &self.panel {
                    panel.show_file_status(&format!("{name}: {message}"), true);
                }
            }
            _ => self.show_status(Some(&format!("This map could not be made: {message}"))),
        }
    }

    /// Takes a seed chosen elsewhere (Refresh, or a linked demo).
    pub fn set_seed(&mut self, seed: u64) {
        self.config.params.seed = seed;
        self.regenerate();
    }

    fn handle(&mut self, input: Input) -> bool {
        match input {
            Input::Field(which) => self.field_changed(which),
            Input::Step(which, direction) => self.step_field(which, direction),
            Input::Algorithm => self.algorithm_changed(),
            Input::Normalize => {
                self.switch(|config, extras| config.params.normalize = extras.normalize.checked())
            }
            Input::Wireframe => {
                self.switch(|config, extras| config.wireframe = extras.wireframe.checked())
            }
            Input::Palette => self.switch(|config, extras| {
                config.palette = Palette::parse(&extras.palette.value()).unwrap_or_default();
            }),
            Input::View => self.view_changed(),
            Input::Scrub => self.scrubbed(),
            Input::Play => self.toggle_play(),
            Input::ExportPng | Input::ExportObj | Input::Import => {
                crate::files::handle(self, &input);
                false
            }
        }
    }

    /// A reader typed in field `which`; `true` if the terrain changed.
    fn field_changed(&mut self, which: usize) -> bool {
        let Some(panel) = &self.panel else {
            return false;
        };
        let Some(control) = panel.fields.get(which) else {
            return false;
        };
        let mut params = self.config.params;
        match params.set_text(control.field, &control.input.value()) {
            Err(error) => {
                panel.show_field_error(which, Some(&error.describe(control.label)));
                false
            }
            Ok(()) => {
                panel.show_field_error(which, None);
                if params == self.config.params && self.source == Source::Generated {
                    return false;
                }
                self.config.params = params;
                // A pass-k stage may not exist at a smaller exponent.
                if params
                    .algorithm
                    .check_stage(self.config.stage, params.exponent)
                    .is_err()
                {
                    self.config.stage = Stage::Done;
                }
                self.regenerate();
                true
            }
        }
    }

    fn step_field(&mut self, which: usize, direction: f64) -> bool {
        let Some(panel) = &self.panel else {
            return false;
        };
        let Some(stepped) = panel.stepped_value(which, direction, &self.config.params) else {
            return false;
        };
        panel.fields[which].input.set_value(&stepped);
        self.field_changed(which)
    }

    fn algorithm_changed(&mut self) -> bool {
        let Some(extras) = self.panel.as_ref().and_then(|panel| panel.extras.as_ref()) else {
            return false;
        };
        let Ok(algorithm) = extras.algorithm.value().parse::<Algorithm>() else {
            return false;
        };
        let old = self.config.params;
        let old_defaults = Params::new(old.algorithm);
        let new_defaults = Params::new(algorithm);
        // Spreads the reader left at the old algorithm's defaults follow the
        // new one's; values they chose stay.
        let keep = |value: f64, old_default: f64, new_default: f64| {
            if value == old_default {
                new_default
            } else {
                value
            }
        };
        self.config.params = Params {
            algorithm,
            spread: keep(old.spread, old_defaults.spread, new_defaults.spread),
            spread_reduction: keep(
                old.spread_reduction,
                old_defaults.spread_reduction,
                new_defaults.spread_reduction,
            ),
            ..old
        };
        if algorithm
            .check_stage(self.config.stage, old.exponent)
            .is_err()
        {
            self.config.stage = Stage::Done;
        }
        self.regenerate();
        true
    }

    /// Applies a switch or menu of the playground that only changes the look.
    fn switch(&mut self, change: impl FnOnce(&mut DemoConfig, &crate::controls::Extras)) -> bool {
        let Some(extras) = self.panel.as_ref().and_then(|panel| panel.extras.as_ref()) else {
            return false;
        };
        let before = self.config.clone();
        change(&mut self.config, extras);
        // A worker-built surface has its colours baked in.
        let recolour = self.built.is_some() && self.config.palette != before.palette;
        if self.config.params != before.params || (recolour && self.source == Source::Generated) {
            self.regenerate();
        } else if recolour {
            self.want_job(JobInput::Heights);
        } else {
            self.scene = None;
            self.show_state();
        }
        true
    }

    fn view_changed(&mut self) -> bool {
        let was_tiled = self.config.view.is_tiled();
        let changed = self.switch(|config, extras| {
            config.view = View::parse(&extras.view.value()).unwrap_or_default();
        });
        if self.config.view.is_tiled() != was_tiled {
            self.orbit = start_view(self.config.palette, self.config.view);
        }
        changed
    }

    fn scrubbed(&mut self) -> bool {
        let Some(panel) = &self.panel else {
            return false;
        };
        let params = self.config.params;
        let stages = params.algorithm.stages(params.exponent);
        match panel.scrubbed_stage(&stages) {
            Some(stage) if stage != self.config.stage || self.source != Source::Generated => {
                self.config.stage = stage;
                self.regenerate();
                true
            }
            _ => false,
        }
    }

    fn toggle_play(&mut self) -> bool {
        self.playing = !self.playing;
        if self.playing {
            self.play_round = self.play_round.wrapping_add(1);
            let params = self.config.params;
            let stages = params.algorithm.stages(params.exponent);
            // From the end, play starts over.
            if stages.last() == Some(&self.config.stage) {
                self.config.stage = stages[0];
                self.regenerate();
            }
            schedule_tick(self.index, self.play_round);
        }
        self.show_state();
        true
    }

    /// The scrubber's next step while playing; stops at the end. A step
    /// scheduled in an earlier round of play (before a Pause) does nothing.
    fn tick(&mut self, round: u32) -> bool {
        if !self.playing || round != self.play_round {
            return false;
        }
        let params = self.config.params;
        let stages = params.algorithm.stages(params.exponent);
        let position = stages
            .iter()
            .position(|&stage| stage == self.config.stage)
            .unwrap_or(0);
        match stages.get(position + 1) {
            Some(&next) => {
                self.config.stage = next;
                self.playing = position + 2 < stages.len();
                self.regenerate();
                if self.playing {
                    schedule_tick(self.index, round);
                }
                true
            }
            None => {
                self.playing = false;
                self.show_state();
                false
            }
        }
    }

    /// Shows a heightmap imported from file `name`, with `built` its
    /// surface if the worker made one, and `message` saying what the file
    /// was.
    pub fn show_imported(
        &mut self,
        heightmap: Heightmap,
        built: Option<Surface>,
        name: String,
        message: &str,
    ) {
        self.playing = false;
        self.terrain = Terrain::finished(heightmap);
        self.built = built;
        self.job = Job::Idle;
        dom::show(&self.elements.progress, false);
        self.source = Source::Imported(name);
        self.config.stage = Stage::Done;
        self.scene = None;
        self.show_status(None);
        if let Some(panel) = &self.panel {
            panel.show_file_status(message, false);
        }
        self.show_state();
    }

    /// The controls, for the file handlers.
    pub fn panel(&self) -> Option<&Panel> {
        self.panel.as_ref()
    }

    /// A file name for downloads: algorithm, exponent and seed.
    pub fn file_stem(&self) -> String {
        match &self.source {
            Source::Generated => {
                let params = &self.config.params;
                format!(
                    "{}-{}-seed-{}",
                    params.algorithm.name(),
                    params.exponent,
                    params.seed
                )
            }
            Source::Imported(name) => format!("imported-{}", name.trim_end_matches(".png")),
        }
    }

    fn act(&mut self, action: CameraAction) -> bool {
        match action {
            CameraAction::Reset => self.orbit = start_view(self.config.palette, self.config.view),
            other => self.orbit.act(other),
        }
        // Only the 3D views have a camera to move.
        self.config.view.is_3d()
    }

    fn pointer_down(&mut self, event: &PointerEvent) -> bool {
        let _ = self.elements.canvas.set_pointer_capture(event.pointer_id());
        self.pointers
            .retain(|pointer| pointer.id != event.pointer_id());
        self.pointers.push(Pointer {
            id: event.pointer_id(),
            x: event.client_x() as f32,
            y: event.client_y() as f32,
        });
        false
    }

    fn pointer_move(&mut self, event: &PointerEvent) -> bool {
        let id = event.pointer_id();
        let Some(moved) = self.pointers.iter().position(|pointer| pointer.id == id) else {
            return false;
        };
        let (x, y) = (event.client_x() as f32, event.client_y() as f32);
        let (dx, dy) = (x - self.pointers[moved].x, y - self.pointers[moved].y);
        let height = self.elements.canvas.client_height() as f32;
        if let Some(other) = self.pointers.iter().find(|pointer| pointer.id != id) {
            // Two fingers: their distance zooms, their midpoint pans.
            let distance = |ax: f32, ay: f32| (ax - other.x).hypot(ay - other.y);
            let before = distance(self.pointers[moved].x, self.pointers[moved].y);
            self.orbit.act(camera::pinch(before, distance(x, y)));
            self.orbit
                .act(camera::drag(dx / 2.0, dy / 2.0, height, true));
        } else {
            // Right or middle button, or a modifier key, pans; otherwise orbit.
            let pan = event.buttons() & 0b110 != 0
                || event.shift_key()
                || event.ctrl_key()
                || event.meta_key();
            self.orbit.act(camera::drag(dx, dy, height, pan));
        }
        self.pointers[moved].x = x;
        self.pointers[moved].y = y;
        (dx != 0.0 || dy != 0.0) && self.config.view.is_3d()
    }

    fn pointer_up(&mut self, event: &PointerEvent) -> bool {
        self.pointers
            .retain(|pointer| pointer.id != event.pointer_id());
        false
    }

    fn listen(&self, refresh: &HtmlButtonElement) -> Result<(), JsValue> {
        let index = self.index;
        let canvas = &self.elements.canvas;
        dom::listen(refresh, "click", move |_: Event| {
            with_app(|app| app.refresh(index, dom::random_seed()));
        })?;
        dom::listen(canvas, "pointerdown", move |event: PointerEvent| {
            update(index, |demo| demo.pointer_down(&event));
        })?;
        dom::listen(canvas, "pointermove", move |event: PointerEvent| {
            update(index, |demo| demo.pointer_move(&event));
        })?;
        for name in ["pointerup", "pointercancel", "lostpointercapture"] {
            dom::listen(canvas, name, move |event: PointerEvent| {
                update(index, |demo| demo.pointer_up(&event));
            })?;
        }
        dom::listen_active(canvas, "wheel", move |event: WheelEvent| {
            // The wheel zooms the view, not the page.
            event.prevent_default();
            let scale = match event.delta_mode() {
                WheelEvent::DOM_DELTA_LINE => 16.0,
                WheelEvent::DOM_DELTA_PAGE => 400.0,
                _ => 1.0,
            };
            let delta = (event.delta_y() * scale) as f32;
            update(index, |demo| demo.act(camera::wheel(delta)));
        })?;
        dom::listen(canvas, "keydown", move |event: KeyboardEvent| {
            // Leave the browser's own shortcuts (Ctrl + and friends) alone.
            if event.ctrl_key() || event.meta_key() || event.alt_key() {
                return;
            }
            if let Some(action) = camera::key(&event.key(), event.shift_key()) {
                event.prevent_default();
                update(index, |demo| demo.act(action));
            }
        })?;
        dom::listen(canvas, "dblclick", move |_: Event| {
            update(index, |demo| demo.act(CameraAction::Reset));
        })?;
        dom::listen(canvas, "contextmenu", |event: Event| {
            event.prevent_default()
        })
    }
}

/// 1234567 as "1 234 567".
fn group_thousands(number: usize) -> String {
    let digits = number.to_string();
    let mut grouped = String::new();
    for (position, digit) in digits.chars().enumerate() {
        if position > 0 && (digits.len() - position).is_multiple_of(3) {
            grouped.push('\u{202f}');
        }
        grouped.push(digit);
    }
    grouped
}

/// The view a demo starts from: the posts' own camera with their look, and
/// twice as far back for four tiles.
fn start_view(palette: Palette, view: View) -> Orbit {
    let mut orbit = match palette {
        Palette::Green => Orbit::posts(),
        _ => Orbit::default(),
    };
    if view.is_tiled() {
        orbit.distance *= 1.65;
        orbit.target = three_d::vec3(0.0, 0.0, orbit.target.z);
    }
    orbit
}

/// Applies `change` to demo `index` and redraws it if it says so.
pub fn update(index: usize, change: impl FnOnce(&mut Demo) -> bool) {
    with_app(|app| {
        let before = app.demos.get(index).map(Demo::seed);
        let changed = app.demos.get_mut(index).is_some_and(change);
        app.dispatch_jobs();
        if changed {
            app.invalidate(index);
            let after = app.demos.get(index).map(Demo::seed);
            if after != before
                && let Some(seed) = after
            {
                app.share_seed(index, seed);
            }
        }
    });
}

/// Asks for the scrubber's next step after a pause.
fn schedule_tick(index: usize, round: u32) {
    let reduced = dom::prefers_reduced_motion();
    let delay = if reduced {
        PLAY_INTERVAL_REDUCED_MOTION
    } else {
        PLAY_INTERVAL
    };
    dom::after(delay, move || update(index, |demo| demo.tick(round)));
}
