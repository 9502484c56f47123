//! A demo's "Analyze" button and panel, and the legend under its view when
//! its colours measure. What they show is decided in
//! [`terrain_view::plots`]; this only builds the elements once and puts
//! the markup and pixels in them.

use std::cell::Cell;
use std::rc::Rc;

use terrain_view::demo::Demo;
use terrain_view::palette::Palette;
use terrain_view::plots::{self, Figure, panel};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlCanvasElement, HtmlElement, ImageData,
};

use crate::dom;

thread_local! {
    /// What brings demo `index`'s panel up to date when it opens and when
    /// its scheduled measuring runs (the page has the demo): set once by
    /// the page, so this module needs not know it.
    static ON_OPEN: Cell<Option<fn(usize)>> = const { Cell::new(None) };
}

/// Sets what an Analyze button calls with its demo's index when it opens
/// the panel, so the panel gets its content at once (the page calls it
/// when it mounts its demos).
pub fn on_open(refresh: fn(usize)) {
    ON_OPEN.set(Some(refresh));
}

/// The plots the panel holds, in [`panel::Panel::figures`] order.
const FIGURES: usize = 4;

/// The panel's elements and what they show now.
pub struct AnalysisPanel {
    note: HtmlElement,
    summary: HtmlElement,
    grid: HtmlElement,
    figures: Vec<FigureView>,
    picture: HtmlCanvasElement,
    picture_words: HtmlElement,
    legend: FigureView,
    open: Rc<Cell<bool>>,
    button: HtmlElement,
    section: HtmlElement,
    /// Whether the demo's `analyze` setting has been read (it opens the
    /// panel once, at the start).
    started: bool,
    /// The map the panel shows ([`Demo::maps_shown`]) and the relief
    /// its slopes were measured at.
    shown: Option<(u64, u64)>,
    /// The legend's palette, relief and map.
    legend_shown: Option<(Palette, u64, u64)>,
    /// The demo's index, for the measuring it schedules.
    index: usize,
    /// Whether a measuring is scheduled, and whether it is due now.
    measuring: Rc<Cell<Measuring>>,
}

/// Where the panel's next measuring stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Measuring {
    /// Nothing scheduled: a new map schedules it.
    Idle,
    /// Scheduled: more new maps before it runs change nothing, it measures
    /// whatever map is on show then (the latest wins).
    Scheduled,
    /// Running: this update measures.
    Due,
}

/// A holder of `class` for a table: four maps' columns are wider than a
/// phone, so it scrolls sideways in its own box, a region the keyboard can
/// reach and scroll (its name, the table's, is set with the table).
fn table_box(document: &Document, class: &str) -> Result<HtmlElement, JsValue> {
    let holder: HtmlElement = dom::create(document, "div", class)?;
    dom::set(&holder, "tabindex", "0");
    dom::set(&holder, "role", "region");
    Ok(holder)
}

/// The holder of the table "At a glance" ([`panel::Panel::summary`]).
pub fn summary_box(document: &Document) -> Result<HtmlElement, JsValue> {
    let summary = table_box(document, "terrain-analysis-summary")?;
    dom::set(&summary, "aria-label", "At a glance");
    Ok(summary)
}

/// A figure's two holders: the plot, and its table under a disclosure.
pub struct FigureView {
    element: HtmlElement,
    /// The plot's name, above it.
    title: HtmlElement,
    plot: HtmlElement,
    table: HtmlElement,
}

impl FigureView {
    /// A `<figure>` of `class` with a plot holder and a "Numbers" disclosure.
    pub fn build(document: &Document, class: &str) -> Result<Self, JsValue> {
        let element: HtmlElement = dom::create(document, "figure", class)?;
        let title = dom::create_with_text(document, "figcaption", "terrain-figure-title", "")?;
        dom::show(&title, false);
        element.append_child(&title)?;
        let plot: HtmlElement = dom::create(document, "div", "terrain-figure-plot")?;
        let details: HtmlElement = dom::create(document, "details", "terrain-figure-numbers")?;
        let summary = dom::create_with_text(document, "summary", "", "Numbers")?;
        // Named, when shown, by its table's caption.
        let table = table_box(document, "terrain-figure-table")?;
        details.append_child(&summary)?;
        details.append_child(&table)?;
        element.append_child(&plot)?;
        element.append_child(&details)?;
        Ok(Self {
            element,
            title,
            plot,
            table,
        })
    }

    /// The figure's element.
    pub fn element(&self) -> &HtmlElement {
        &self.element
    }

    /// Shows `figure`.
    pub fn show(&self, figure: &Figure) {
        self.title.set_text_content(Some(figure.title));
        dom::show(&self.title, !figure.title.is_empty());
        self.plot.set_inner_html(&figure.svg);
        self.table.set_inner_html(&figure.table);
        if let Ok(Some(caption)) = self.table.query_selector("caption") {
            dom::set(
                &self.table,
                "aria-label",
                &caption.text_content().unwrap_or_default(),
            );
        }
    }
}

impl AnalysisPanel {
    /// Adds demo `index`'s "Analyze" button to `bar` after `after` (with
    /// the other buttons, not among the words), its legend after `view`,
    /// and its panel: `under_bar`, right after `bar` (the playground's,
    /// whose controls sit beside the view: the next Tab after the bar
    /// reaches it, not every setting first), else at the end of `host`
    /// (build it after the controls: an article's demo keeps its view and
    /// the fields that change it together on screen, the measures of what
    /// they show under them).
    pub fn build(
        document: &Document,
        host: &HtmlElement,
        view: &HtmlElement,
        bar: &HtmlElement,
        after: &HtmlElement,
        index: usize,
        under_bar: bool,
    ) -> Result<Self, JsValue> {
        let button: HtmlElement = dom::create(document, "button", "terrain-analyze")?;
        dom::set(&button, "type", "button");
        button.set_text_content(Some("Analyze"));
        dom::set(
            &button,
            "title",
            "Measure this map: its heights, its spectrum and its slopes",
        );
        dom::set(&button, "aria-expanded", "false");
        let id = format!("terrain-{index}-analysis");
        dom::set(&button, "aria-controls", &id);
        bar.insert_before(&button, after.next_sibling().as_ref())?;

        let legend = FigureView::build(document, "terrain-legend-figure")?;
        dom::show(legend.element(), false);
        host.insert_before(legend.element(), view.next_sibling().as_ref())?;

        let section: HtmlElement = dom::create(document, "section", "terrain-analysis")?;
        section.set_id(&id);
        dom::set(&section, "aria-label", "Analysis of this map");
        dom::show(&section, false);
        let note = dom::create_with_text(document, "p", "terrain-analysis-note", "")?;
        section.append_child(&note)?;
        let summary = summary_box(document)?;
        section.append_child(&summary)?;
        let grid: HtmlElement = dom::create(document, "div", "terrain-analysis-grid")?;
        let mut figures = Vec::new();
        for _ in 0..FIGURES {
            let figure = FigureView::build(document, "terrain-figure")?;
            grid.append_child(figure.element())?;
            figures.push(figure);
        }
        let picture_figure: HtmlElement = dom::create(
            document,
            "figure",
            "terrain-figure terrain-spectrum-picture",
        )?;
        let picture: HtmlCanvasElement = dom::create(document, "canvas", "")?;
        dom::set(&picture, "role", "img");
        dom::set(
            &picture,
            "aria-label",
            "The power spectrum in two dimensions",
        );
        let picture_words = dom::create_with_text(document, "figcaption", "", "")?;
        picture_figure.append_child(&picture)?;
        picture_figure.append_child(&picture_words)?;
        grid.append_child(&picture_figure)?;
        section.append_child(&grid)?;
        if under_bar {
            host.insert_before(&section, bar.next_sibling().as_ref())?;
        } else {
            host.append_child(&section)?;
        }

        let open = Rc::new(Cell::new(false));
        let is_open = open.clone();
        let shown_section = section.clone();
        let pressed = button.clone();
        dom::listen(&button, "click", move |_: Event| {
            let opening = !is_open.get();
            open_panel(&is_open, &pressed, &shown_section, opening);
            if opening {
                reveal(&shown_section);
            }
            if let Some(refresh) = ON_OPEN.get() {
                refresh(index);
            }
        })?;
        Ok(Self {
            button,
            section,
            started: false,
            note,
            summary,
            grid,
            figures,
            picture,
            picture_words,
            legend,
            open,
            shown: None,
            legend_shown: None,
            index,
            measuring: Rc::new(Cell::new(Measuring::Idle)),
        })
    }

    /// Brings the legend, and the panel if open, up to date with `demo`:
    /// only when its map, palette or relief changed since.
    pub fn update(&mut self, demo: &Demo) {
        let display = &demo.config().display;
        if !self.started {
            self.started = true;
            if display.analyze {
                open_panel(&self.open, &self.button, &self.section, true);
            }
        }
        let relief = display.relief.to_bits();
        let map = demo.maps_shown();
        let legend_key = (display.palette, relief, map);
        if self.legend_shown != Some(legend_key) {
            self.legend_shown = Some(legend_key);
            let figure = plots::legend(display.palette, display.relief, &demo.terrain().heightmap);
            if let Some(figure) = &figure {
                self.legend.show(figure);
            }
            dom::show(self.legend.element(), figure.is_some());
        }
        if !self.open.get() || self.shown == Some((map, relief)) {
            return;
        }
        // The flat placeholder before the first map is not worth plotting.
        dom::show(&self.grid, map > 0);
        dom::show(&self.summary, map > 0);
        if map == 0 {
            self.note.set_text_content(Some(panel::WAITING));
            return;
        }
        // Measuring a 513 x 513 map takes about a frame (BENCHMARKS.md):
        // it runs in a task of its own, after the one that brought the map
        // (which draws it), and once for any number of maps that came
        // meanwhile, so a dragged slider or scrubber never queues stale
        // measurings nor adds one to a frame's drawing.
        if self.measuring.get() != Measuring::Due {
            if self.measuring.get() == Measuring::Idle {
                self.measuring.set(Measuring::Scheduled);
                let (measuring, index) = (self.measuring.clone(), self.index);
                dom::after(0, move || {
                    measuring.set(Measuring::Due);
                    if let Some(refresh) = ON_OPEN.get() {
                        refresh(index);
                    }
                    measuring.set(Measuring::Idle);
                });
            }
            return;
        }
        self.shown = Some((map, relief));
        timeline("mark", &[MEASURING_START]);
        let content = panel::panel(demo.terrain(), display.relief);
        self.note.set_text_content(Some(&content.note));
        self.summary.set_inner_html(&content.summary);
        for (view, figure) in self.figures.iter().zip(&content.figures) {
            view.show(figure);
        }
        self.picture_words
            .set_text_content(Some(&content.picture_words));
        if let Err(error) = self.draw_picture(content.picture.0, &content.picture.1) {
            dom::log_error(&format!(
                "the spectrum picture could not be drawn: {error:?}"
            ));
        }
        // One measure on the timeline at a time (observers see each).
        timeline("clearMeasures", &[MEASURING]);
        timeline("measure", &[MEASURING, MEASURING_START]);
        timeline("clearMarks", &[MEASURING_START]);
    }

    /// Draws the spectrum's picture, `side` pixels square.
    fn draw_picture(&self, side: usize, rgba: &[u8]) -> Result<(), JsValue> {
        let side = side as u32;
        self.picture.set_width(side);
        self.picture.set_height(side);
        let context: CanvasRenderingContext2d = self
            .picture
            .get_context("2d")?
            .ok_or_else(|| JsValue::from_str("no 2D canvas context"))?
            .dyn_into()?;
        let image =
            ImageData::new_with_u8_clamped_array_and_sh(wasm_bindgen::Clamped(rgba), side, side)?;
        context.put_image_data(&image, 0.0, 0.0)
    }
}

/// The name of the panel's measuring (the analysis, its plots and
/// putting them in the page) on the page's performance timeline, where
/// DevTools and a `PerformanceObserver` of `measure` entries see it.
const MEASURING: &str = "terrain-analysis";

/// The mark the measuring starts at.
const MEASURING_START: &str = "terrain-analysis-start";

/// Calls `performance[method](...arguments)`; a page without User Timing
/// measures nothing.
fn timeline(method: &str, arguments: &[&str]) {
    let Ok(performance) = js_sys::Reflect::get(&js_sys::global(), &"performance".into()) else {
        return;
    };
    let Ok(function) = js_sys::Reflect::get(&performance, &method.into()) else {
        return;
    };
    let arguments: js_sys::Array = arguments
        .iter()
        .map(|&text| JsValue::from_str(text))
        .collect();
    if let Ok(function) = function.dyn_into::<js_sys::Function>() {
        let _ = function.apply(&performance, &arguments);
    }
}

/// Scrolls to `section`, opened by a click, if little of it is in view:
/// on a narrow page it comes after the controls, a screen or two below
/// the button, and the click seemed to do nothing.
fn reveal(section: &HtmlElement) {
    let viewport = dom::window()
        .ok()
        .and_then(|window| window.inner_height().ok()?.as_f64());
    if viewport.is_some_and(|height| section.get_bounding_client_rect().top() > 0.8 * height) {
        section.scroll_into_view_with_bool(true);
    }
}

/// Opens (`open`) or closes the panel `section` that `button` controls.
fn open_panel(state: &Cell<bool>, button: &HtmlElement, section: &HtmlElement, open: bool) {
    state.set(open);
    dom::show(section, open);
    dom::set(button, "aria-expanded", if open { "true" } else { "false" });
}
