//! One demo's elements: built once, then made to say what the demo's
//! [`Presentation`] says, and listened to for what a reader does.

use terrain_view::camera::{self, CameraAction};
use terrain_view::demo::{Demo, Input, Key, Presentation};
use terrain_view::overlay::Drawing;
use terrain_view::picture::Picture;
use terrain_view::settings::Controls;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement,
    HtmlProgressElement, ImageData, KeyboardEvent, PointerEvent, WheelEvent,
};

use crate::analysis_panel::AnalysisPanel;
use crate::controls::{ControlsView, Send};
use crate::dom::{self, Listener};
use crate::download::DownloadMenu;
use crate::embed_panel::EmbedPanel;

/// The elements every demo has.
pub struct DemoView {
    canvas: HtmlCanvasElement,
    canvas_2d: CanvasRenderingContext2d,
    notice: HtmlElement,
    status: HtmlElement,
    /// "Try again", inside `status` when a new graphics context was
    /// refused.
    retry: HtmlButtonElement,
    seed: HtmlElement,
    caption: HtmlElement,
    key: HtmlElement,
    creases: HtmlElement,
    readout: HtmlElement,
    progress: HtmlElement,
    progress_bar: HtmlProgressElement,
    progress_text: HtmlElement,
    controls: Option<ControlsView>,
    embed: EmbedPanel,
    analysis: AnalysisPanel,
    download: DownloadMenu,
    /// What the elements say now, so that only changes touch the DOM.
    shown: Option<Presentation>,
    /// The element the demo was built in.
    host: HtmlElement,
    /// Every listener of its elements, removed when the view is dropped.
    _listeners: Vec<Listener>,
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
        let (view, listeners) = dom::collecting_listeners(|| {
            Self::build_elements(document, host, index, level, keys, send)
        });
        Ok(Self {
            _listeners: listeners,
            ..view?
        })
    }

    /// Whether its element, a `data-terrain-demo` one, has left the page
    /// (a `<terrain-demo>` says so itself, and is mounted again when it
    /// comes back).
    pub fn left_the_page(&self) -> bool {
        !self.host.is_connected() && self.host.tag_name() != "TERRAIN-DEMO"
    }

    /// Takes the demo out of its element, leaving it as it was before
    /// [`DemoView::build`] (empty): its elements go, and every listener on
    /// them (freeing their handlers) with the view.
    pub fn remove(self) {
        self.host.set_text_content(None);
        let _ = self
            .host
            .class_list()
            .remove_2("terrain-demo", "terrain-demo-full");
        let _ = self.host.remove_attribute("data-terrain-mounted");
        if self.host.has_attribute("data-terrain-lang") {
            let _ = self.host.remove_attribute("lang");
            let _ = self.host.remove_attribute("data-terrain-lang");
        }
    }

    fn build_elements(
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
        // Its words are English: a screen reader on a page in another
        // language reads them so (terrain.css keeps them left to right).
        if !host.has_attribute("lang") {
            dom::set(host, "lang", "en");
            dom::set(host, "data-terrain-lang", "");
        }
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
        dom::set(&canvas, "data-terrain-index", &index.to_string());
        let status = dom::create_with_text(document, "p", "terrain-status", "")?;
        dom::set(&status, "aria-live", "polite");
        dom::show(&status, false);
        let retry: HtmlButtonElement = dom::create(document, "button", "terrain-retry")?;
        dom::set(&retry, "type", "button");
        retry.set_text_content(Some("Try again"));
        dom::set(
            &retry,
            "title",
            "Ask the browser for a new graphics context",
        );
        let progress: HtmlElement = dom::create(document, "div", "terrain-progress")?;
        let progress_bar: HtmlProgressElement = dom::create(document, "progress", "")?;
        progress_bar.set_max(100.0);
        // Not a live region: said at every percent, it would drown what
        // matters; the bar it names is there to be read.
        let progress_text = dom::create_with_text(document, "span", "terrain-progress-text", "")?;
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
        // A new seed is said whole ("seed 7"), not as a bare number.
        let seed_label = dom::create_with_text(document, "span", "terrain-seed", "seed ")?;
        dom::set(&seed_label, "role", "status");
        dom::set(&seed_label, "aria-atomic", "true");
        let seed = dom::create_with_text(document, "span", "terrain-seed-value", "")?;
        seed_label.append_child(&seed)?;
        let caption = dom::create_with_text(document, "span", "terrain-caption", "")?;
        let key = dom::create_with_text(document, "span", "terrain-key", "set by this step")?;
        dom::show(&key, false);
        let creases = dom::create_with_text(document, "span", "terrain-creases", "")?;
        dom::set(
            &creases,
            "title",
            "How much more the surface bends across a line than along it: the borders of the \
             first chunks, or in a tiled view the lines where copies meet. About 1 means no \
             crease and no seam.",
        );
        dom::show(&creases, false);
        let readout = dom::create_with_text(document, "output", "terrain-readout", "")?;
        dom::show(&readout, false);
        // What the map is, in one group that wraps within itself, so the
        // bar's buttons and Download stay on one row where they fit.
        let status_line: HtmlElement = dom::create(document, "span", "terrain-status-line")?;
        for child in [&seed_label, &caption, &key, &creases, &readout] {
            status_line.append_child(child)?;
        }
        bar.append_child(&refresh)?;
        bar.append_child(&status_line)?;
        host.append_child(&bar)?;
        let embed = EmbedPanel::build(document, host, &bar, &refresh)?;

        let controls = match level {
            Controls::None => None,
            Controls::Compact | Controls::Full => Some(ControlsView::build(
                document,
                host,
                index,
                level,
                keys,
                send.clone(),
            )?),
        };
        let under_bar = level == Controls::Full;
        let analysis =
            AnalysisPanel::build(document, host, &view, &bar, &refresh, index, under_bar)?;
        // Last in the bar: the menu keeps to its right end.
        let download = DownloadMenu::build(document, &bar, index, &send)?;
        let canvas_2d: CanvasRenderingContext2d = canvas
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        let on_retry = send.clone();
        dom::listen(&retry, "click", move |_: Event| {
            on_retry(Input::TryGraphicsAgain)
        })?;
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
            retry,
            seed,
            caption,
            key,
            creases,
            readout,
            progress,
            progress_bar,
            progress_text,
            controls,
            embed,
            analysis,
            download,
            shown: None,
            host: host.clone(),
            _listeners: Vec::new(),
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

    /// Brings the legend and the Analyze panel up to date with `demo`.
    pub fn update_analysis(&mut self, demo: &Demo) {
        self.analysis.update(demo);
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
        if changed!(status, status_is_error, offers_retry) {
            // Setting the text takes the button out; it goes back after it.
            show_text(&self.status, presentation.status.as_deref());
            if presentation.offers_retry {
                let _ = self.status.append_child(&self.retry);
            }
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
        if changed!(readout) {
            show_text(&self.readout, presentation.readout.as_deref());
        }
        if changed!(label) {
            dom::set(&self.canvas, "aria-label", &presentation.label);
        }
        if changed!(takes_keys) {
            // A screen reader passes keys to an application, where on a
            // picture it would read on instead of turning the view.
            if presentation.takes_keys {
                dom::set(&self.canvas, "role", "application");
                dom::set(&self.canvas, "aria-roledescription", "3D terrain view");
            } else {
                dom::set(&self.canvas, "role", "img");
                let _ = self.canvas.remove_attribute("aria-roledescription");
            }
        }
        if let (Some(controls), Some(shown)) = (&mut self.controls, &presentation.controls) {
            controls.present(shown);
        }
        if changed!(embed) {
            self.embed.present(presentation.embed.as_ref());
        }
        self.download.present(&presentation.download);
        self.shown = Some(presentation);
    }

    /// Draws a 2D view: the map's `picture`, and `drawing` over it (on
    /// every copy of a tiled picture). Also what every view shows when
    /// there is no WebGL.
    pub fn draw_picture(&self, picture: &Picture, drawing: &Drawing) -> Result<(), JsValue> {
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
        let (left, top) = ((width - size) / 2.0, (height - size) / 2.0);
        let context = &self.canvas_2d;
        context.set_fill_style_str("#e8eef2");
        context.fill_rect(0.0, 0.0, width, height);
        // Small maps show their points as crisp squares; large ones smooth.
        context.set_image_smoothing_enabled(f64::from(side) > size);
        context
            .draw_image_with_html_canvas_element_and_dw_and_dh(&scratch, left, top, size, size)?;
        if drawing.is_empty() {
            return Ok(());
        }
        let scale = size / f64::from(side);
        context.save();
        // Nothing drawn spills outside the picture.
        context.begin_path();
        context.rect(left, top, size, size);
        context.clip();
        for [copy_x, copy_y] in picture.copies() {
            let at = |[x, y]: [f64; 2]| {
                let [column, row] = picture.pixel_of(x, y);
                [
                    left + (column + copy_x) * scale,
                    top + (row + copy_y) * scale,
                ]
            };
            draw_over(context, drawing, &at, scale / picture.stride as f64);
        }
        context.restore();
        Ok(())
    }
}

/// Colours of what is drawn over a picture: they stand out on grey.
const LATTICE_COLOUR: &str = "rgba(0, 150, 170, 0.85)";
const ARROW_COLOUR: &str = "rgba(232, 89, 12, 0.95)";
const PATH_COLOUR: &str = "rgba(16, 64, 200, 0.95)";

/// Draws `drawing` with `at` turning map points into canvas pixels, a map
/// cell being `cell` pixels wide.
fn draw_over(
    context: &CanvasRenderingContext2d,
    drawing: &Drawing,
    at: &dyn Fn([f64; 2]) -> [f64; 2],
    cell: f64,
) {
    let line = |from: [f64; 2], to: [f64; 2]| {
        context.move_to(from[0], from[1]);
        context.line_to(to[0], to[1]);
    };
    context.set_line_cap("round");
    if !drawing.lines.is_empty() {
        context.begin_path();
        context.set_stroke_style_str(LATTICE_COLOUR);
        context.set_line_width(1.5);
        for [from, to] in &drawing.lines {
            line(at(*from), at(*to));
        }
        context.stroke();
    }
    if !drawing.arrows.is_empty() {
        context.begin_path();
        context.set_stroke_style_str(ARROW_COLOUR);
        context.set_line_width(1.75);
        // Arrows stand on a grid; closer than 20 pixels (a phone's map)
        // their dots and heads run into one mat, so only every `every`-th
        // of each row and column is drawn.
        let pitch = (drawing.arrows.windows(2))
            .map(|pair| (pair[1].from[0] - pair[0].from[0]).abs())
            .filter(|&step| step > 1e-9)
            .fold(f64::INFINITY, f64::min);
        let every = if pitch.is_finite() && pitch * cell < 20.0 {
            (20.0 / (pitch * cell)).ceil() as i64
        } else {
            1
        };
        // Which row or column of the grid: arrows sit at its points or
        // half a step past them (a block's centre).
        let kept = |place: f64| (place / pitch + 0.25).floor() as i64 % every == 0;
        // Each drawn as long, against the grid drawn, as all would be.
        let stretch = every as f64;
        for arrow in (drawing.arrows.iter())
            .filter(|arrow| every == 1 || kept(arrow.from[0]) && kept(arrow.from[1]))
        {
            let from = at(arrow.from);
            let to = at([
                arrow.from[0] + arrow.along[0] * stretch,
                arrow.from[1] + arrow.along[1] * stretch,
            ]);
            let (dx, dy) = (to[0] - from[0], to[1] - from[1]);
            let length = dx.hypot(dy);
            if length < 0.5 {
                continue;
            }
            line(from, to);
            // Where it starts, a dot: a lattice point, or where the slope
            // is measured.
            context.move_to(from[0] + 1.6, from[1]);
            let _ = context.arc(from[0], from[1], 1.6, 0.0, std::f64::consts::TAU);
            context.move_to(to[0], to[1]);
            // The head: two strokes back from the tip, a third as long as
            // the arrow, at most 7 pixels.
            let head = (length / 3.0).min(7.0);
            let (ux, uy) = (dx / length, dy / length);
            for side in [-1.0, 1.0] {
                let back = [
                    to[0] - head * (ux * 0.87 - side * uy * 0.5),
                    to[1] - head * (uy * 0.87 + side * ux * 0.5),
                ];
                line(to, back);
            }
        }
        context.stroke();
    }
    if let Some((&end, rest)) = drawing.path.split_last() {
        context.begin_path();
        context.set_stroke_style_str(PATH_COLOUR);
        context.set_line_width(2.5);
        let mut previous: Option<[f64; 2]> = None;
        for &point in rest.iter().chain([&end]) {
            match previous {
                // A step across a wrapped edge is not drawn across the map.
                Some(last) if (point[0] - last[0]).hypot(point[1] - last[1]) <= 2.0 => {
                    line(at(last), at(point));
                }
                _ => {}
            }
            previous = Some(point);
        }
        context.stroke();
        let [x, y] = at(end);
        context.begin_path();
        context.set_fill_style_str(PATH_COLOUR);
        let _ = context.arc(
            x,
            y,
            (cell * 0.8).clamp(4.5, 9.0),
            0.0,
            std::f64::consts::TAU,
        );
        context.fill();
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
    let wheeled = canvas.clone();
    dom::listen_active(canvas, "wheel", move |event: WheelEvent| {
        // The wheel zooms a view the reader has clicked (or reached with
        // Tab), or any with Ctrl held; over the others it scrolls the page,
        // so a long article full of views can still be scrolled.
        let chosen = dom::document()
            .ok()
            .and_then(|document| document.active_element())
            .is_some_and(|active| active == *wheeled.as_ref());
        if !chosen && !event.ctrl_key() && !event.meta_key() {
            return;
        }
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
