//! One demo: its elements, its terrain, its camera, and what a reader's
//! clicks, drags, touches and keys do to them.

use terrain_core::{Field, Params, Stage, Terrain, generate};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlInputElement, ImageData, KeyboardEvent, PointerEvent, WheelEvent,
};

use crate::app::{Graphics, unavailable_message, with_app};
use crate::camera::{self, CameraAction, Orbit};
use crate::config::{self, DemoConfig};
use crate::dom;
use crate::gpu::{Gpu, Scene};
use crate::picture;

/// A parameter control under a demo.
struct Control {
    field: Field,
    label: &'static str,
    input: HtmlInputElement,
    error: HtmlElement,
}

/// What a parameter control looks like and how arrow keys step it.
struct ControlSpec {
    field: Field,
    label: &'static str,
    hint: &'static str,
    input_mode: &'static str,
    step: f64,
    max: f64,
}

const CONTROL_SPECS: [ControlSpec; 4] = [
    ControlSpec {
        field: Field::Exponent,
        label: "Exponent",
        hint: "1 to 12; the map is 2^n + 1 points wide",
        input_mode: "numeric",
        step: 1.0,
        max: 12.0,
    },
    ControlSpec {
        field: Field::Spread,
        label: "Starting spread",
        hint: "0 to 5",
        input_mode: "decimal",
        step: 0.05,
        max: 5.0,
    },
    ControlSpec {
        field: Field::SpreadReduction,
        label: "Spread reduction",
        hint: "0 to 2; the spread is multiplied by it after each pass",
        input_mode: "decimal",
        step: 0.05,
        max: 2.0,
    },
    ControlSpec {
        field: Field::Seed,
        label: "Seed",
        hint: "any whole number from 0",
        input_mode: "numeric",
        step: 1.0,
        max: u64::MAX as f64,
    },
];

/// A finger or mouse pressed on the view.
struct Pointer {
    id: i32,
    x: f32,
    y: f32,
}

/// A mounted demo.
pub struct Demo {
    index: usize,
    canvas: HtmlCanvasElement,
    canvas_2d: CanvasRenderingContext2d,
    status: HtmlElement,
    seed: HtmlElement,
    caption: HtmlElement,
    key: HtmlElement,
    controls: Vec<Control>,
    config: DemoConfig,
    terrain: Terrain,
    orbit: Orbit,
    scene: Option<Scene>,
    pointers: Vec<Pointer>,
    width: u32,
    height: u32,
    /// Needs drawing at the next frame.
    pub dirty: bool,
    /// On screen, or close to it.
    pub visible: bool,
}

impl Demo {
    /// Builds a demo inside `host` from its `data-*` attributes.
    pub fn mount(host: &HtmlElement, index: usize, graphics: &Graphics) -> Result<Self, JsValue> {
        let document = dom::document()?;
        let (mut config, problems) = DemoConfig::from_attributes(|name| host.get_attribute(name));
        if !config.seed_given {
            config.params.seed = dom::random_seed();
        }
        let terrain = generate(&config.params, config.stage)
            .or_else(|_| generate(&Params::default(), Stage::Done))
            .map_err(|error| JsValue::from_str(&error.to_string()))?;

        // Anything inside the host (a "loading" note, say) gives way to the demo.
        host.set_text_content(None);
        host.class_list().add_1("terrain-demo")?;
        dom::set(host, "data-terrain-mounted", "");

        let notice = dom::create_with_text(&document, "p", "terrain-notice", "")?;
        dom::set(&notice, "role", "status");
        if problems.is_empty() {
            dom::show(&notice, false);
        } else {
            let lines: Vec<String> = problems
                .iter()
                .map(|problem| problem.message.clone())
                .collect();
            notice.set_text_content(Some(&format!(
                "Using defaults where this demo's settings were invalid: {}.",
                lines.join("; ")
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
        view.append_child(&canvas)?;
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
        bar.append_child(&refresh)?;
        bar.append_child(&seed_label)?;
        bar.append_child(&caption)?;
        bar.append_child(&key)?;
        host.append_child(&bar)?;

        let controls = if config.controls {
            build_controls(&document, host, index, &config.params)?
        } else {
            Vec::new()
        };

        let canvas_2d: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        let demo = Demo {
            index,
            canvas,
            canvas_2d,
            status,
            seed,
            caption,
            key,
            controls,
            config,
            terrain,
            orbit: start_view(config.palette),
            scene: None,
            pointers: Vec::new(),
            width: 0,
            height: 0,
            dirty: true,
            visible: false,
        };
        demo.update_text();
        if let Graphics::Unavailable(reason) = graphics {
            demo.show_status(Some(&unavailable_message(reason)));
        }
        demo.listen(&refresh)?;
        Ok(demo)
    }

    /// The visible canvas.
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    /// Sets the canvas's pixel size; `true` if it changed (which also clears it).
    pub fn set_size(&mut self, width: u32, height: u32) -> bool {
        if (width, height) == (self.width, self.height) {
            return false;
        }
        self.width = width;
        self.height = height;
        self.canvas.set_width(width);
        self.canvas.set_height(height);
        true
    }

    /// Draws the terrain in 3D with the shared context.
    pub fn draw(&mut self, gpu: &mut Gpu) -> Result<(), JsValue> {
        if self.width == 0 || self.height == 0 {
            return Ok(());
        }
        let scene = match self.scene.take() {
            Some(scene) if gpu.is_current(&scene) => scene,
            _ => gpu.scene(&self.terrain, self.config.palette),
        };
        let drawn = gpu.draw(
            &scene,
            &self.orbit,
            self.config.palette,
            &self.canvas_2d,
            self.width,
            self.height,
        );
        self.scene = Some(scene);
        drawn
    }

    /// Draws the heightmap from above as a greyscale picture: the view
    /// without WebGL.
    pub fn draw_picture(&mut self) {
        if let Err(error) = self.try_draw_picture() {
            dom::log_error(&format!("drawing a greyscale picture failed: {error:?}"));
        }
    }

    fn try_draw_picture(&mut self) -> Result<(), JsValue> {
        let (side, bytes) = picture::greyscale(&self.terrain.heightmap);
        let side_u32 = side as u32;
        let image = ImageData::new_with_u8_clamped_array_and_sh(
            wasm_bindgen::Clamped(&bytes),
            side_u32,
            side_u32,
        )?;
        let document = dom::document()?;
        let scratch: HtmlCanvasElement = dom::create(&document, "canvas", "")?;
        scratch.set_width(side_u32);
        scratch.set_height(side_u32);
        let scratch_2d: CanvasRenderingContext2d = scratch
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        scratch_2d.put_image_data(&image, 0.0, 0.0)?;
        let (width, height) = (f64::from(self.width), f64::from(self.height));
        let size = width.min(height);
        self.canvas_2d.set_fill_style_str("#e8eef2");
        self.canvas_2d.fill_rect(0.0, 0.0, width, height);
        // Small maps show their points as crisp squares; large ones smooth.
        self.canvas_2d
            .set_image_smoothing_enabled(side as f64 > size);
        self.canvas_2d
            .draw_image_with_html_canvas_element_and_dw_and_dh(
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

    /// Shows `message` over the view, or hides the status line.
    pub fn show_status(&self, message: Option<&str>) {
        self.status.set_text_content(message);
        dom::show(&self.status, message.is_some());
    }

    fn update_text(&self) {
        let params = &self.config.params;
        self.seed.set_text_content(Some(&params.seed.to_string()));
        self.caption.set_text_content(Some(&config::stage_caption(
            params.algorithm,
            self.config.stage,
            params.exponent,
        )));
        // Random noise sets every point at once and `done` sets none: only
        // the steps in between have points worth pointing at.
        let marked = match (params.algorithm, self.config.stage) {
            (terrain_core::Algorithm::RandomNoise, _) | (_, Stage::Done) => 0,
            _ => self.terrain.new_points.len(),
        };
        dom::show(&self.key, marked > 0);
        dom::set(
            &self.canvas,
            "aria-label",
            &config::describe(&self.config, marked),
        );
    }

    /// Runs the generator again with the current settings. On failure the
    /// last good terrain stays and the reason is shown.
    fn regenerate(&mut self) {
        match generate(&self.config.params, self.config.stage) {
            Ok(terrain) => {
                self.terrain = terrain;
                self.scene = None;
                self.update_text();
            }
            Err(error) => self.show_status(Some(&error.to_string())),
        }
    }

    fn refresh(&mut self) -> bool {
        self.config.params.seed = dom::random_seed();
        if let Some(control) = self
            .controls
            .iter()
            .find(|control| control.field == Field::Seed)
        {
            control
                .input
                .set_value(&self.config.params.seed.to_string());
            show_error(control, None);
        }
        self.regenerate();
        true
    }

    /// A reader typed in control `which`; `true` if the terrain changed.
    fn control_changed(&mut self, which: usize) -> bool {
        let Some(control) = self.controls.get(which) else {
            return false;
        };
        let mut params = self.config.params;
        match params.set_text(control.field, &control.input.value()) {
            Err(error) => {
                show_error(control, Some(&error.describe(control.label)));
                false
            }
            Ok(()) => {
                show_error(control, None);
                if params == self.config.params {
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

    /// Arrow keys step a control's value up or down within its range.
    fn step_control(&mut self, which: usize, direction: f64) -> bool {
        let Some(control) = self.controls.get(which) else {
            return false;
        };
        let Some(spec) = CONTROL_SPECS
            .iter()
            .find(|spec| spec.field == control.field)
        else {
            return false;
        };
        let stepped = match control.field {
            Field::Seed => {
                let seed = self.config.params.seed;
                if direction > 0.0 {
                    seed.saturating_add(1)
                } else {
                    seed.saturating_sub(1)
                }
                .to_string()
            }
            _ => {
                let current: f64 = control.input.value().trim().parse().unwrap_or(0.0);
                let next = ((current + direction * spec.step) / spec.step).round() * spec.step;
                let next = next.clamp(
                    if spec.field == Field::Exponent {
                        1.0
                    } else {
                        0.0
                    },
                    spec.max,
                );
                format!("{}", (next * 100.0).round() / 100.0)
            }
        };
        control.input.set_value(&stepped);
        self.control_changed(which)
    }

    fn act(&mut self, action: CameraAction) -> bool {
        match action {
            CameraAction::Reset => self.orbit = start_view(self.config.palette),
            other => self.orbit.act(other),
        }
        true
    }

    fn pointer_down(&mut self, event: &PointerEvent) -> bool {
        let _ = self.canvas.set_pointer_capture(event.pointer_id());
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
        let height = self.canvas.client_height() as f32;
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
        dx != 0.0 || dy != 0.0
    }

    fn pointer_up(&mut self, event: &PointerEvent) -> bool {
        self.pointers
            .retain(|pointer| pointer.id != event.pointer_id());
        false
    }

    fn listen(&self, refresh: &HtmlButtonElement) -> Result<(), JsValue> {
        let index = self.index;
        let canvas = &self.canvas;
        dom::listen(refresh, "click", move |_: Event| {
            update(index, Demo::refresh)
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
        })?;
        for (which, control) in self.controls.iter().enumerate() {
            dom::listen(&control.input, "input", move |_: Event| {
                update(index, |demo| demo.control_changed(which));
            })?;
            dom::listen(&control.input, "keydown", move |event: KeyboardEvent| {
                let direction = match event.key().as_str() {
                    "ArrowUp" => 1.0,
                    "ArrowDown" => -1.0,
                    _ => return,
                };
                event.prevent_default();
                update(index, |demo| demo.step_control(which, direction));
            })?;
        }
        Ok(())
    }
}

/// The view a demo starts from: the posts' own camera with their look.
fn start_view(palette: crate::mesh::Palette) -> Orbit {
    match palette {
        crate::mesh::Palette::Green => Orbit::posts(),
        _ => Orbit::default(),
    }
}

/// Applies `change` to demo `index` and redraws it if it says so.
fn update(index: usize, change: impl FnOnce(&mut Demo) -> bool) {
    with_app(|app| {
        let changed = app.demos.get_mut(index).is_some_and(change);
        if changed {
            app.invalidate(index);
        }
    });
}

fn show_error(control: &Control, message: Option<&str>) {
    control.error.set_text_content(message);
    dom::show(&control.error, message.is_some());
    dom::set(
        &control.input,
        "aria-invalid",
        if message.is_some() { "true" } else { "false" },
    );
}

fn build_controls(
    document: &Document,
    host: &HtmlElement,
    index: usize,
    params: &Params,
) -> Result<Vec<Control>, JsValue> {
    let form: HtmlElement = dom::create(document, "div", "terrain-controls")?;
    dom::set(&form, "role", "group");
    dom::set(&form, "aria-label", "Parameters");
    let mut controls = Vec::new();
    for spec in &CONTROL_SPECS {
        if !params.algorithm.uses_spread()
            && matches!(spec.field, Field::Spread | Field::SpreadReduction)
        {
            continue;
        }
        let id = format!("terrain-{index}-{}", spec.field.option_name());
        let field: HtmlElement = dom::create(document, "div", "terrain-field")?;
        let label = dom::create_with_text(document, "label", "", spec.label)?;
        dom::set(&label, "for", &id);
        let input: HtmlInputElement = dom::create(document, "input", "")?;
        input.set_id(&id);
        for (name, value) in [
            ("type", "text"),
            ("inputmode", spec.input_mode),
            ("autocomplete", "off"),
            ("spellcheck", "false"),
            ("name", spec.field.option_name()),
            ("aria-describedby", &format!("{id}-hint {id}-error")),
        ] {
            dom::set(&input, name, value);
        }
        input.set_value(&params.text(spec.field));
        let hint = dom::create_with_text(document, "small", "terrain-hint", spec.hint)?;
        hint.set_id(&format!("{id}-hint"));
        let error = dom::create_with_text(document, "p", "terrain-error", "")?;
        error.set_id(&format!("{id}-error"));
        dom::set(&error, "role", "alert");
        dom::show(&error, false);
        field.append_child(&label)?;
        field.append_child(&input)?;
        field.append_child(&hint)?;
        field.append_child(&error)?;
        form.append_child(&field)?;
        controls.push(Control {
            field: spec.field,
            label: spec.label,
            input,
            error,
        });
    }
    host.append_child(&form)?;
    Ok(controls)
}
