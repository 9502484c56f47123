//! One demo's elements: built once, then made to say what the demo's
//! [`Presentation`] says, and listened to for what a reader does.

use terrain_core::Terrain;
use terrain_view::camera::{self, CameraAction};
use terrain_view::demo::{Input, Key, Presentation};
use terrain_view::picture;
use terrain_view::settings::Controls;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlProgressElement, ImageData, KeyboardEvent, PointerEvent, WheelEvent,
};

use crate::controls::{ControlsView, Send};
use crate::dom;

/// The elements every demo has.
pub struct DemoView {
    canvas: HtmlCanvasElement,
    canvas_2d: CanvasRenderingContext2d,
    notice: HtmlElement,
    status: HtmlElement,
    seed: HtmlElement,
    caption: HtmlElement,
    key: HtmlElement,
    creases: HtmlElement,
    progress: HtmlElement,
    progress_bar: HtmlProgressElement,
    progress_text: HtmlElement,
    controls: Option<ControlsView>,
    /// What the elements say now, so that only changes touch the DOM.
    shown: Option<Presentation>,
}

impl DemoView {
    /// Builds demo `index`'s elements inside `host`, with the controls
    /// `keys` (at `level`), sending what the reader does to `send`.
    pub fn build(
        document: &Document,
        host: &HtmlElement,
        index: usize,
        level: Controls,
        keys: &[Key],
        send: Send,
    ) -> Result<Self, JsValue> {
        // Anything inside the host (a "loading" note, say) gives way to the demo.
        host.set_text_content(None);
        host.class_list().add_1("terrain-demo")?;
        if level == Controls::Full {
            host.class_list().add_1("terrain-demo-full")?;
        }
        dom::set(host, "data-terrain-mounted", "");

        let notice = dom::create_with_text(document, "p", "terrain-notice", "")?;
        dom::set(&notice, "role", "status");
        dom::show(&notice, false);
        host.append_child(&notice)?;

        let view: HtmlElement = dom::create(document, "div", "terrain-view")?;
        let canvas: HtmlCanvasElement = dom::create(document, "canvas", "terrain-canvas")?;
        dom::set(&canvas, "tabindex", "0");
        dom::set(&canvas, "role", "img");
        dom::set(&canvas, "data-terrain-index", &index.to_string());
        let status = dom::create_with_text(document, "p", "terrain-status", "")?;
        dom::set(&status, "aria-live", "polite");
        dom::show(&status, false);
        let progress: HtmlElement = dom::create(document, "div", "terrain-progress")?;
        let progress_bar: HtmlProgressElement = dom::create(document, "progress", "")?;
        progress_bar.set_max(100.0);
        let progress_text = dom::create_with_text(document, "span", "terrain-progress-text", "")?;
        dom::set(&progress_text, "aria-live", "polite");
        progress_text.set_id(&format!("terrain-{index}-progress-text"));
        dom::set(
            &progress_bar,
            "aria-labelledby",
            &format!("terrain-{index}-progress-text"),
        );
        progress.append_child(&progress_bar)?;
        progress.append_child(&progress_text)?;
        dom::show(&progress, false);
        for child in [&canvas as &HtmlElement, &progress, &status] {
            view.append_child(child)?;
        }
        host.append_child(&view)?;

        let bar: HtmlElement = dom::create(document, "div", "terrain-bar")?;
        let refresh: HtmlButtonElement = dom::create(document, "button", "terrain-refresh")?;
        dom::set(&refresh, "type", "button");
        refresh.set_text_content(Some("Refresh"));
        dom::set(&refresh, "title", "A new terrain from a new random seed");
        let seed_label = dom::create_with_text(document, "span", "terrain-seed", "seed ")?;
        let seed = dom::create_with_text(document, "output", "terrain-seed-value", "")?;
        seed_label.append_child(&seed)?;
        let caption = dom::create_with_text(document, "span", "terrain-caption", "")?;
        let key = dom::create_with_text(document, "span", "terrain-key", "set by this step")?;
        dom::show(&key, false);
        let creases = dom::create_with_text(document, "span", "terrain-creases", "")?;
        dom::set(
            &creases,
            "title",
            "How much more the surface bends across the borders of the first chunks than along \
             them: about 1 means no creases",
        );
        dom::show(&creases, false);
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

        let controls = match level {
            Controls::None => None,
            Controls::Basic | Controls::Full => Some(ControlsView::build(
                document,
                host,
                index,
                level,
                keys,
                send.clone(),
            )?),
        };
        let canvas_2d: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        let on_refresh = send.clone();
        dom::listen(&refresh, "click", move |_: Event| {
            on_refresh(Input::Refresh(dom::random_seed()))
        })?;
        listen_to_the_view(&canvas, send)?;
        Ok(Self {
            canvas,
            canvas_2d,
            notice,
            status,
            seed,
            caption,
            key,
            creases,
            progress,
            progress_bar,
            progress_text,
            controls,
            shown: None,
        })
    }

    /// The visible canvas.
    pub fn canvas(&self) -> &HtmlCanvasElement {
        &self.canvas
    }

    /// The visible canvas's 2D context, which every picture is copied into.
    pub fn canvas_2d(&self) -> &CanvasRenderingContext2d {
        &self.canvas_2d
    }

    /// The controls, for reading a picked file.
    pub fn controls(&self) -> Option<&ControlsView> {
        self.controls.as_ref()
    }

    /// Sets the canvas's pixel size (which also clears it).
    pub fn set_size(&self, width: u32, height: u32) {
        self.canvas.set_width(width);
        self.canvas.set_height(height);
    }

    /// Makes the elements say what `presentation` says, touching only what
    /// changed.
    pub fn present(&mut self, presentation: Presentation) {
        let old = self.shown.take();
        macro_rules! changed {
            ($($field:ident),+) => {
                old.as_ref().is_none_or(|old| $(old.$field != presentation.$field)||+)
            };
        }
        if changed!(notice) {
            show_text(&self.notice, presentation.notice.as_deref());
        }
        if changed!(status, status_is_error) {
            show_text(&self.status, presentation.status.as_deref());
            let classes = self.status.class_list();
            let _ = if presentation.status_is_error {
                classes.add_1("terrain-status-error")
            } else {
                classes.remove_1("terrain-status-error")
            };
        }
        if changed!(progress) {
            match &presentation.progress {
                Some((percent, words)) => {
                    self.progress_bar.set_value(*percent);
                    self.progress_text.set_text_content(Some(words));
                    dom::show(&self.progress, true);
                }
                None => dom::show(&self.progress, false),
            }
        }
        self.seed.set_text_content(Some(&presentation.seed));
        if changed!(caption) {
            self.caption.set_text_content(Some(&presentation.caption));
        }
        dom::show(&self.key, presentation.key_visible);
        if changed!(creases) {
            match &presentation.creases {
                Some((text, value)) => {
                    self.creases.set_text_content(Some(text));
                    dom::set(&self.creases, "data-value", &value.to_string());
                    dom::show(&self.creases, true);
                }
                None => show_text(&self.creases, None),
            }
        }
        if changed!(label) {
            dom::set(&self.canvas, "aria-label", &presentation.label);
        }
        if let (Some(controls), Some(shown)) = (&mut self.controls, &presentation.controls) {
            controls.present(shown);
        }
        self.shown = Some(presentation);
    }

    /// Draws the heightmap from above as a greyscale picture: the 2D views,
    /// and every view when there is no WebGL.
    pub fn draw_picture(&self, terrain: &Terrain, tiled: bool) -> Result<(), JsValue> {
        let picture = picture::greyscale(terrain, tiled);
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
        let (width, height) = (
            f64::from(self.canvas.width()),
            f64::from(self.canvas.height()),
        );
        let size = width.min(height) * 0.94;
        let context = &self.canvas_2d;
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
}

/// Shows `text` in `element`, or hides it.
fn show_text(element: &HtmlElement, text: Option<&str>) {
    element.set_text_content(text);
    dom::show(element, text.is_some());
}

/// Mouse, touch, wheel and keys on the view move its camera.
fn listen_to_the_view(canvas: &HtmlCanvasElement, send: Send) -> Result<(), JsValue> {
    let on_down = send.clone();
    let target = canvas.clone();
    dom::listen(canvas, "pointerdown", move |event: PointerEvent| {
        let _ = target.set_pointer_capture(event.pointer_id());
        on_down(Input::PointerDown {
            id: event.pointer_id(),
            x: event.client_x() as f32,
            y: event.client_y() as f32,
        });
    })?;
    let on_move = send.clone();
    let view = canvas.clone();
    dom::listen(canvas, "pointermove", move |event: PointerEvent| {
        // Right or middle button, or a modifier key, pans; otherwise orbit.
        let pan = event.buttons() & 0b110 != 0
            || event.shift_key()
            || event.ctrl_key()
            || event.meta_key();
        on_move(Input::PointerMove {
            id: event.pointer_id(),
            x: event.client_x() as f32,
            y: event.client_y() as f32,
            height: view.client_height() as f32,
            pan,
        });
    })?;
    for name in ["pointerup", "pointercancel", "lostpointercapture"] {
        let on_up = send.clone();
        dom::listen(canvas, name, move |event: PointerEvent| {
            on_up(Input::PointerUp {
                id: event.pointer_id(),
            })
        })?;
    }
    let on_wheel = send.clone();
    dom::listen_active(canvas, "wheel", move |event: WheelEvent| {
        // The wheel zooms the view, not the page.
        event.prevent_default();
        let scale = match event.delta_mode() {
            WheelEvent::DOM_DELTA_LINE => 16.0,
            WheelEvent::DOM_DELTA_PAGE => 400.0,
            _ => 1.0,
        };
        on_wheel(Input::Camera(camera::wheel(
            (event.delta_y() * scale) as f32,
        )));
    })?;
    let on_key = send.clone();
    dom::listen(canvas, "keydown", move |event: KeyboardEvent| {
        // Leave the browser's own shortcuts (Ctrl + and friends) alone.
        if event.ctrl_key() || event.meta_key() || event.alt_key() {
            return;
        }
        if let Some(action) = camera::key(&event.key(), event.shift_key()) {
            event.prevent_default();
            on_key(Input::Camera(action));
        }
    })?;
    dom::listen(canvas, "dblclick", move |_: Event| {
        send(Input::Camera(CameraAction::Reset))
    })?;
    dom::listen(canvas, "contextmenu", |event: Event| {
        event.prevent_default()
    })
}
