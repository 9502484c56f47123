//! The controls under a demo: parameter fields, the pass-by-pass scrubber
//! and, on the playground, everything else. This module builds the elements
//! and reports what a reader did; the demo decides what it means.

use terrain_core::{Algorithm, Field, Params, Stage};
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Event, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlOptionElement,
    HtmlSelectElement, KeyboardEvent,
};

use crate::config::{Controls, DemoConfig, View};
use crate::dom;
use crate::mesh::Palette;

/// Something a reader did in a demo's controls.
#[derive(Debug, Clone, PartialEq)]
pub enum Input {
    /// Typed in a parameter field (its index in [`Panel::fields`]).
    Field(usize),
    /// Pressed an arrow key in a parameter field.
    Step(usize, f64),
    /// Picked an algorithm.
    Algorithm,
    /// Switched normalization.
    Normalize,
    /// Picked a palette.
    Palette,
    /// Picked a view.
    View,
    /// Switched the wireframe.
    Wireframe,
    /// Moved the scrubber.
    Scrub,
    /// Pressed play or pause.
    Play,
    /// Asked for the heightmap as a 16-bit PNG.
    ExportPng,
    /// Asked for the surface as an OBJ mesh.
    ExportObj,
    /// Picked an image to import.
    Import,
}

/// A text field for one parameter.
pub struct FieldControl {
    /// The parameter it sets.
    pub field: Field,
    /// Its label, which also starts its error messages.
    pub label: &'static str,
    /// The field itself.
    pub input: HtmlInputElement,
    error: HtmlElement,
    step: f64,
    min: f64,
    max: f64,
}

struct FieldSpec {
    field: Field,
    label: &'static str,
    hint: &'static str,
    input_mode: &'static str,
    step: f64,
    min: f64,
    max: f64,
}

const FIELD_SPECS: [FieldSpec; 4] = [
    FieldSpec {
        field: Field::Exponent,
        label: "Exponent",
        hint: "1 to 12; the map is 2^n + 1 points wide",
        input_mode: "numeric",
        step: 1.0,
        min: 1.0,
        max: 12.0,
    },
    FieldSpec {
        field: Field::Spread,
        label: "Starting spread",
        hint: "0 to 5: the first pass's largest random offset",
        input_mode: "decimal",
        step: 0.05,
        min: 0.0,
        max: 5.0,
    },
    FieldSpec {
        field: Field::SpreadReduction,
        label: "Spread reduction",
        hint: "0 to 2: multiplies the spread after each pass",
        input_mode: "decimal",
        step: 0.05,
        min: 0.0,
        max: 2.0,
    },
    FieldSpec {
        field: Field::Seed,
        label: "Seed",
        hint: "any whole number from 0",
        input_mode: "numeric",
        step: 1.0,
        min: 0.0,
        max: f64::MAX,
    },
];

/// The pass-by-pass scrubber.
pub struct Scrubber {
    /// A slider over the algorithm's stages.
    pub range: HtmlInputElement,
    /// Play / pause.
    pub play: HtmlButtonElement,
    /// The stage's name.
    pub stage: HtmlElement,
    /// The stage's numbers: pass, chunk size, spread.
    pub numbers: HtmlElement,
}

/// The playground's extra controls.
pub struct Extras {
    /// Which algorithm.
    pub algorithm: HtmlSelectElement,
    /// Normalize at `done`.
    pub normalize: HtmlInputElement,
    /// Colouring.
    pub palette: HtmlSelectElement,
    /// 3D or 2D, single or tiled.
    pub view: HtmlSelectElement,
    /// Wireframe on or off.
    pub wireframe: HtmlInputElement,
    /// A link to exactly this view, to copy.
    pub share: HtmlInputElement,
    /// Picks a PNG to import.
    pub import: HtmlInputElement,
    /// Says how an import or export went.
    pub file_status: HtmlElement,
}

/// All of a demo's controls.
pub struct Panel {
    /// The parameter fields, in order.
    pub fields: Vec<FieldControl>,
    /// The scrubber.
    pub scrubber: Scrubber,
    /// The playground's extras, if this is the playground.
    pub extras: Option<Extras>,
}

impl Panel {
    /// Builds the controls for `config` into `host`; `report` is called
    /// with what the reader did.
    pub fn build(
        document: &Document,
        host: &HtmlElement,
        index: usize,
        config: &DemoConfig,
        report: impl Fn(Input) + Clone + 'static,
    ) -> Result<Self, JsValue> {
        let panel: HtmlElement = dom::create(document, "div", "terrain-controls")?;
        if config.controls == Controls::Full {
            panel.class_list().add_1("terrain-controls-full")?;
        }
        dom::set(&panel, "role", "group");
        dom::set(&panel, "aria-label", "Settings");

        // The algorithm first, then its parameters, then how far to run it,
        // then how to look at it and what to do with it.
        let algorithm = match config.controls {
            Controls::Full => Some(build_select(
                document,
                &panel,
                &format!("terrain-{index}-algorithm"),
                "Algorithm",
                Algorithm::ALL
                    .iter()
                    .map(|algorithm| (algorithm.name(), algorithm.title()))
                    .collect(),
                config.params.algorithm.name(),
                Input::Algorithm,
                report.clone(),
            )?),
            _ => None,
        };
        let mut fields = Vec::new();
        for (which, spec) in FIELD_SPECS.iter().enumerate() {
            fields.push(build_field(
                document,
                &panel,
                index,
                spec,
                &config.params,
                which,
                report.clone(),
            )?);
        }
        let scrubber = build_scrubber(document, &panel, report.clone())?;
        let extras = match algorithm {
            Some(algorithm) => Some(build_extras(
                document,
                &panel,
                index,
                config,
                algorithm,
                report.clone(),
            )?),
            None => None,
        };
        host.append_child(&panel)?;
        let panel = Panel {
            fields,
            scrubber,
            extras,
        };
        panel.show_config(config);
        Ok(panel)
    }

    /// Makes every control show `config` (after a change made elsewhere:
    /// Refresh, a linked demo, an algorithm switch, a URL).
    pub fn show_config(&self, config: &DemoConfig) {
        let params = &config.params;
        for control in &self.fields {
            if control.input.value() != params.text(control.field) {
                control.input.set_value(&params.text(control.field));
            }
            show_error(control, None);
            let irrelevant = !params.algorithm.uses_spread()
                && matches!(control.field, Field::Spread | Field::SpreadReduction);
            control.input.set_disabled(irrelevant);
        }
        let stages = params.algorithm.stages(params.exponent);
        let position = stages
            .iter()
            .position(|&stage| stage == config.stage)
            .unwrap_or(0);
        let range = &self.scrubber.range;
        dom::set(range, "max", &(stages.len() - 1).to_string());
        range.set_value(&position.to_string());
        range.set_disabled(stages.len() < 2);
        self.scrubber.play.set_disabled(stages.len() < 2);
        if let Some(extras) = &self.extras {
            extras.algorithm.set_value(params.algorithm.name());
            extras.normalize.set_checked(params.normalize);
            extras.palette.set_value(config.palette.name());
            extras.view.set_value(config.view.name());
            extras.wireframe.set_checked(config.wireframe);
        }
    }

    /// Shows `message` under field `which`, or clears it.
    pub fn show_field_error(&self, which: usize, message: Option<&str>) {
        if let Some(control) = self.fields.get(which) {
            show_error(control, message);
        }
    }

    /// The stage the scrubber points at, among `stages`.
    pub fn scrubbed_stage(&self, stages: &[Stage]) -> Option<Stage> {
        let position: usize = self.scrubber.range.value().parse().ok()?;
        stages.get(position).copied()
    }

    /// Shows whether the scrubber is playing.
    pub fn show_playing(&self, playing: bool) {
        let play = &self.scrubber.play;
        play.set_text_content(Some(if playing { "Pause" } else { "Play" }));
        dom::set(play, "aria-pressed", if playing { "true" } else { "false" });
    }

    /// Shows the stage's name and numbers next to the scrubber.
    pub fn show_stage(&self, name: &str, numbers: &str) {
        self.scrubber.stage.set_text_content(Some(name));
        self.scrubber.numbers.set_text_content(Some(numbers));
        dom::set(&self.scrubber.range, "aria-valuetext", name);
    }

    /// Shows the link to the current view.
    pub fn show_share_link(&self, link: &str) {
        if let Some(extras) = &self.extras {
            extras.share.set_value(link);
        }
    }

    /// Says how an import or export went.
    pub fn show_file_status(&self, message: &str, is_error: bool) {
        if let Some(extras) = &self.extras {
            extras.file_status.set_text_content(Some(message));
            let classes = extras.file_status.class_list();
            let _ = if is_error {
                classes.add_1("terrain-error")
            } else {
                classes.remove_1("terrain-error")
            };
        }
    }

    /// The value a field would step to, or `None` if its text is not a number.
    pub fn stepped_value(&self, which: usize, direction: f64, params: &Params) -> Option<String> {
        let control = self.fields.get(which)?;
        if control.field == Field::Seed {
            let seed = params.seed;
            let next = if direction > 0.0 {
                seed.saturating_add(1)
            } else {
                seed.saturating_sub(1)
            };
            return Some(next.to_string());
        }
        let current: f64 = control.input.value().trim().parse().ok()?;
        let next = ((current / control.step).round() + direction) * control.step;
        let next = next.clamp(control.min, control.max);
        Some(crate::config::round_for_display(next))
    }
}

fn show_error(control: &FieldControl, message: Option<&str>) {
    control.error.set_text_content(message);
    dom::show(&control.error, message.is_some());
    dom::set(
        &control.input,
        "aria-invalid",
        if message.is_some() { "true" } else { "false" },
    );
}

fn build_field(
    document: &Document,
    panel: &HtmlElement,
    index: usize,
    spec: &FieldSpec,
    params: &Params,
    which: usize,
    report: impl Fn(Input) + Clone + 'static,
) -> Result<FieldControl, JsValue> {
    let id = format!("terrain-{index}-{}", spec.field.option_name());
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-field")?;
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
    for child in [&label, &input as &HtmlElement, &hint, &error] {
        wrapper.append_child(child)?;
    }
    panel.append_child(&wrapper)?;
    let on_input = report.clone();
    dom::listen(&input, "input", move |_: Event| {
        on_input(Input::Field(which))
    })?;
    dom::listen(&input, "keydown", move |event: KeyboardEvent| {
        let direction = match event.key().as_str() {
            "ArrowUp" => 1.0,
            "ArrowDown" => -1.0,
            _ => return,
        };
        event.prevent_default();
        report(Input::Step(which, direction));
    })?;
    Ok(FieldControl {
        field: spec.field,
        label: spec.label,
        input,
        error,
        step: spec.step,
        min: spec.min,
        max: spec.max,
    })
}

fn build_scrubber(
    document: &Document,
    panel: &HtmlElement,
    report: impl Fn(Input) + Clone + 'static,
) -> Result<Scrubber, JsValue> {
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-scrubber")?;
    let play: HtmlButtonElement = dom::create(document, "button", "terrain-play")?;
    dom::set(&play, "type", "button");
    dom::set(&play, "aria-pressed", "false");
    play.set_text_content(Some("Play"));
    dom::set(&play, "title", "Step through the passes, one at a time");
    let label = dom::create_with_text(document, "label", "terrain-scrubber-label", "Stage")?;
    let range: HtmlInputElement = dom::create(document, "input", "terrain-range")?;
    dom::set(&range, "type", "range");
    dom::set(&range, "min", "0");
    dom::set(&range, "step", "1");
    let id = format!("terrain-scrubber-{}", dom::unique_id());
    range.set_id(&id);
    dom::set(&label, "for", &id);
    let readout: HtmlElement = dom::create(document, "div", "terrain-stage-readout")?;
    let stage = dom::create_with_text(document, "strong", "terrain-stage-name", "")?;
    let numbers = dom::create_with_text(document, "span", "terrain-stage-numbers", "")?;
    dom::set(&readout, "aria-live", "polite");
    readout.append_child(&stage)?;
    readout.append_child(&numbers)?;
    for child in [&play as &HtmlElement, &label, &range, &readout] {
        wrapper.append_child(child)?;
    }
    panel.append_child(&wrapper)?;
    let on_scrub = report.clone();
    dom::listen(&range, "input", move |_: Event| on_scrub(Input::Scrub))?;
    dom::listen(&play, "click", move |_: Event| report(Input::Play))?;
    Ok(Scrubber {
        range,
        play,
        stage,
        numbers,
    })
}

fn build_extras(
    document: &Document,
    panel: &HtmlElement,
    index: usize,
    config: &DemoConfig,
    algorithm: HtmlSelectElement,
    report: impl Fn(Input) + Clone + 'static,
) -> Result<Extras, JsValue> {
    let palette = build_select(
        document,
        panel,
        &format!("terrain-{index}-palette"),
        "Colours",
        Palette::ALL
            .iter()
            .map(|palette| (palette.name(), palette.title()))
            .collect(),
        config.palette.name(),
        Input::Palette,
        report.clone(),
    )?;
    let view = build_select(
        document,
        panel,
        &format!("terrain-{index}-view"),
        "View",
        View::ALL
            .iter()
            .map(|view| (view.name(), view.title()))
            .collect(),
        config.view.name(),
        Input::View,
        report.clone(),
    )?;
    let switches: HtmlElement = dom::create(document, "div", "terrain-switches")?;
    let normalize = build_checkbox(
        document,
        &switches,
        "Normalize to 0–1 when done",
        Input::Normalize,
        report.clone(),
    )?;
    let wireframe = build_checkbox(
        document,
        &switches,
        "Wireframe",
        Input::Wireframe,
        report.clone(),
    )?;
    panel.append_child(&switches)?;

    let files: HtmlElement = dom::create(document, "div", "terrain-files")?;
    let export_png = dom::create_with_text(
        document,
        "button",
        "terrain-button",
        "Download PNG (16-bit)",
    )?;
    let export_obj =
        dom::create_with_text(document, "button", "terrain-button", "Download OBJ mesh")?;
    for button in [&export_png, &export_obj] {
        dom::set(button, "type", "button");
    }
    let import_label = dom::create_with_text(
        document,
        "label",
        "terrain-button terrain-import",
        "Import a PNG…",
    )?;
    let import: HtmlInputElement = dom::create(document, "input", "")?;
    dom::set(&import, "type", "file");
    dom::set(&import, "accept", "image/png,.png");
    import_label.append_child(&import)?;
    let file_status = dom::create_with_text(document, "p", "terrain-file-status", "")?;
    dom::set(&file_status, "role", "status");
    for child in [&export_png, &export_obj, &import_label, &file_status] {
        files.append_child(child)?;
    }
    panel.append_child(&files)?;

    let share_wrapper: HtmlElement = dom::create(document, "div", "terrain-share")?;
    let share_id = format!("terrain-{index}-share");
    let share_label = dom::create_with_text(document, "label", "", "Link to exactly this view")?;
    dom::set(&share_label, "for", &share_id);
    let share: HtmlInputElement = dom::create(document, "input", "")?;
    share.set_id(&share_id);
    dom::set(&share, "type", "text");
    dom::set(&share, "readonly", "");
    share_wrapper.append_child(&share_label)?;
    share_wrapper.append_child(&share)?;
    panel.append_child(&share_wrapper)?;

    let on_png = report.clone();
    dom::listen(&export_png, "click", move |_: Event| {
        on_png(Input::ExportPng)
    })?;
    let on_obj = report.clone();
    dom::listen(&export_obj, "click", move |_: Event| {
        on_obj(Input::ExportObj)
    })?;
    dom::listen(&import, "change", move |_: Event| report(Input::Import))?;
    // Clicking the link selects it all, ready to copy.
    let select_all = share.clone();
    dom::listen(&share, "focus", move |_: Event| select_all.select())?;
    Ok(Extras {
        algorithm,
        normalize,
        palette,
        view,
        wireframe,
        share,
        import,
        file_status,
    })
}

#[allow(clippy::too_many_arguments)]
fn build_select(
    document: &Document,
    panel: &HtmlElement,
    id: &str,
    label: &str,
    options: Vec<(&'static str, &'static str)>,
    selected: &str,
    input: Input,
    report: impl Fn(Input) + 'static,
) -> Result<HtmlSelectElement, JsValue> {
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-field")?;
    let label = dom::create_with_text(document, "label", "", label)?;
    dom::set(&label, "for", id);
    let select: HtmlSelectElement = dom::create(document, "select", "")?;
    select.set_id(id);
    for (value, text) in options {
        let option: HtmlOptionElement = dom::create(document, "option", "")?;
        option.set_value(value);
        option.set_text(text);
        select.append_child(&option)?;
    }
    select.set_value(selected);
    wrapper.append_child(&label)?;
    wrapper.append_child(&select)?;
    panel.append_child(&wrapper)?;
    dom::listen(&select, "change", move |_: Event| report(input.clone()))?;
    Ok(select)
}

fn build_checkbox(
    document: &Document,
    parent: &HtmlElement,
    text: &str,
    input: Input,
    report: impl Fn(Input) + 'static,
) -> Result<HtmlInputElement, JsValue> {
    let label = dom::create_with_text(document, "label", "terrain-switch", "")?;
    let checkbox: HtmlInputElement = dom::create(document, "input", "")?;
    dom::set(&checkbox, "type", "checkbox");
    label.append_child(&checkbox)?;
    label.append_child(&document.create_text_node(text))?;
    parent.append_child(&label)?;
    dom::listen(&checkbox, "change", move |_: Event| report(input.clone()))?;
    Ok(checkbox)
}
