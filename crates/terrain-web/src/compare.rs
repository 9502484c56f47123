//! The playground's comparison, `playground.html?compare=a,b,c`: one demo
//! element per algorithm in the page's `[data-terrain-compare]` box, their
//! histograms and spectra measured together, and the address kept in step.
//! What it shows and says is decided in [`terrain_view::compare`] and
//! [`terrain_view::plots`].

use terrain_view::compare::{self, Comparison};
use terrain_view::page::Page;
use terrain_view::plots::{self, Series, panel};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{Document, Element, HtmlElement};

use crate::analysis_panel::{FigureView, summary_box};
use crate::dom;

/// A comparison on the page: its demos (page indices, once mounted) and
/// the plots that measure them together.
pub struct CompareView {
    comparison: Comparison,
    hosts: Vec<HtmlElement>,
    demos: Vec<usize>,
    summary: HtmlElement,
    /// What measuring big maps at every few points changes, when it does.
    note: HtmlElement,
    histogram: FigureView,
    spectrum: FigureView,
    /// The maps the plots show ([`terrain_view::demo::Demo::maps_shown`])
    /// and the relief each is measured at.
    shown: Vec<(u64, f64)>,
    /// The query last written into the address.
    query: String,
}

/// Builds the comparison the address asks for, if the page has a place
/// for one: its demo elements, ready to mount, replace the playground's
/// own demo. A comparison the address gets wrong is explained in that
/// place, and the playground stays as it is.
pub fn prepare(document: &Document) -> Result<Option<CompareView>, JsValue> {
    let Some(place) = document
        .query_selector("[data-terrain-compare]:not([data-terrain-compared])")?
        .and_then(|element| element.dyn_into::<HtmlElement>().ok())
    else {
        return Ok(None);
    };
    let search = dom::window()?.location().search()?;
    let single = document.query_selector("[data-terrain-demo][data-url-state]")?;
    let comparison = match compare::read(&search, dom::random_seed()) {
        None => return Ok(None),
        Some(Err(message)) => {
            let alert = dom::create_with_text(document, "p", "terrain-compare-error", &message)?;
            dom::set(&alert, "role", "alert");
            place.append_child(&alert)?;
            dom::show(&place, true);
            // Said above the playground that stays, where it is seen.
            if let Some(single) = single {
                single.before_with_node_1(&place)?;
            }
            return Ok(None);
        }
        Some(Ok(comparison)) => comparison,
    };
    dom::set(&place, "data-terrain-compared", "");
    // The playground's single demo gives way to the comparison.
    if let Some(single) = single {
        single.remove();
    }
    if !comparison.problems.is_empty() {
        let notice: HtmlElement = dom::create(document, "div", "terrain-notice")?;
        dom::set(&notice, "role", "status");
        let heading = "Some of the address's settings could not be used as given:";
        let lead: HtmlElement = dom::create_with_text(document, "p", "", heading)?;
        notice.append_child(&lead)?;
        let list: HtmlElement = dom::create(document, "ul", "")?;
        for problem in &comparison.problems {
            let item: HtmlElement = dom::create_with_text(document, "li", "", problem)?;
            list.append_child(&item)?;
        }
        notice.append_child(&list)?;
        place.append_child(&notice)?;
    }
    let demos: HtmlElement = dom::create(document, "div", "terrain-compare-demos")?;
    let mut hosts = Vec::new();
    for index in 0..comparison.algorithms.len() {
        let map: HtmlElement = dom::create(document, "section", "terrain-compare-map")?;
        let name = comparison.map_name(index);
        let heading = dom::create_with_text(document, "h2", "terrain-compare-map-name", &name)?;
        // Named by its heading, so a list of regions tells the maps apart.
        let heading_id = format!("terrain-compare-map-{}", index + 1);
        heading.set_id(&heading_id);
        dom::set(&map, "aria-labelledby", &heading_id);
        map.append_child(&heading)?;
        let host: HtmlElement = dom::create(document, "div", "terrain-compare-demo")?;
        for (name, value) in comparison.attributes(index) {
            dom::set(&host, &name, &value);
        }
        map.append_child(&host)?;
        demos.append_child(&map)?;
        hosts.push(host);
    }
    place.append_child(&demos)?;
    let together: HtmlElement = dom::create(document, "section", "terrain-analysis")?;
    dom::set(
        &together,
        "aria-label",
        "The compared maps measured together",
    );
    let heading = dom::create_with_text(document, "h2", "", "Measured together")?;
    together.append_child(&heading)?;
    let summary = summary_box(document)?;
    together.append_child(&summary)?;
    let note = dom::create_with_text(document, "p", "terrain-analysis-note", "")?;
    dom::show(&note, false);
    together.append_child(&note)?;
    let grid: HtmlElement = dom::create(document, "div", "terrain-analysis-grid")?;
    let histogram = FigureView::build(document, "terrain-figure")?;
    let spectrum = FigureView::build(document, "terrain-figure")?;
    grid.append_child(histogram.element())?;
    grid.append_child(spectrum.element())?;
    together.append_child(&grid)?;
    place.append_child(&together)?;
    dom::show(&place, true);
    Ok(Some(CompareView {
        comparison,
        hosts,
        demos: Vec::new(),
        summary,
        note,
        histogram,
        spectrum,
        shown: Vec::new(),
        query: String::new(),
    }))
}

impl CompareView {
    /// The page indices of its demos, once mounted (read from their
    /// canvases). The maps share one seed, so only the first says a new
    /// one aloud (a Refresh was announced once per map). Each demo's
    /// named groups take its map's number, so a list of them ("Settings"
    /// four times) tells the maps apart.
    pub fn mounted(&mut self) -> &[usize] {
        for (index, host) in self.hosts.iter().enumerate() {
            if index > 0
                && let Ok(Some(seed)) = host.query_selector(".terrain-seed[role=status]")
            {
                let _ = seed.remove_attribute("role");
            }
            let Ok(groups) = host.query_selector_all(
                ".terrain-controls, .terrain-analysis, .terrain-embed, .terrain-download-panel",
            ) else {
                continue;
            };
            for group in (0..groups.length()).filter_map(|at| groups.item(at)) {
                let Some(group) = group.dyn_ref::<Element>() else {
                    continue;
                };
                if let Some(label) = group.get_attribute("aria-label") {
                    dom::set(group, "aria-label", &format!("{label}, map {}", index + 1));
                }
            }
        }
        self.demos = self
            .hosts
            .iter()
            .filter_map(|host| {
                host.query_selector("[data-terrain-index]")
                    .ok()
                    .flatten()?
                    .get_attribute("data-terrain-index")?
                    .parse()
                    .ok()
            })
            .collect();
        &self.demos
    }

    /// Brings the plots and the address up to date with the demos, when
    /// one of them shows a new map.
    pub fn update(&mut self, page: &Page) {
        let demos: Vec<_> = self
            .demos
            .iter()
            .filter_map(|&index| page.demo(index))
            .collect();
        // Each map's slopes at the relief its own view draws.
        let shown: Vec<(u64, f64)> = demos
            .iter()
            .map(|demo| (demo.maps_shown(), demo.config().display.relief))
            .collect();
        // Measured together once every demo has its first map.
        let waiting = shown.iter().any(|&(maps, _)| maps == 0);
        if demos.is_empty() || shown == self.shown || waiting {
            return;
        }
        self.shown = shown;
        let analyses: Vec<_> = demos
            .iter()
            .map(|demo| panel::measure(&demo.terrain().heightmap, demo.config().display.relief))
            .collect();
        // The widest map says what thinning changes, for all.
        let widest = demos
            .iter()
            .map(|demo| &demo.terrain().heightmap)
            .max_by_key(|map| map.side());
        let reliefs: Vec<f64> = self.shown.iter().map(|&(_, relief)| relief).collect();
        let notes: Vec<String> = (widest.and_then(panel::thinning_note).into_iter())
            .chain(panel::relief_note(&reliefs))
            .collect();
        let note = (!notes.is_empty()).then(|| notes.join(" "));
        self.note.set_text_content(note.as_deref());
        dom::show(&self.note, note.is_some());
        let names: Vec<String> = (0..demos.len())
            .map(|index| self.comparison.map_name(index))
            .collect();
        let series: Vec<Series> = names
            .iter()
            .zip(&analyses)
            .map(|(name, analysis)| Series {
                name: name.as_str(),
                analysis,
            })
            .collect();
        self.summary.set_inner_html(&plots::summary(&series));
        self.histogram.show(&plots::histogram(&series));
        self.spectrum.show(&plots::spectrum(&series));
        let configs: Vec<_> = demos.iter().map(|demo| demo.config().clone()).collect();
        let query = self.comparison.query(&configs);
        if query != self.query {
            self.query = query;
            if let Err(error) = dom::replace_query(&self.query) {
                dom::log_error(&format!("the address bar could not be updated: {error:?}"));
            }
        }
    }
}

/// The link demo `index`'s "Copy link" copies when it is one of
/// `comparison`'s: the page's address, which keeps the whole comparison,
/// rather than a link to that demo alone.
pub fn share_link(comparison: Option<&CompareView>, index: usize) -> Option<String> {
    if !comparison?.demos.contains(&index) {
        return None;
    }
    dom::window().ok()?.location().href().ok()
}
