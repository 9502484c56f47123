//! The controls under a demo, made from the registries: a text field and a
//! slider for each number, a menu for each choice, a checkbox for each
//! switch, the pass-by-pass scrubber, import and the share link. This module
//! builds them and reports what a reader did; the demo decides what it
//! means.

use std::rc::Rc;

use terrain_core::spec::{Kind, Spec};
use terrain_core::{ALGORITHM, Algorithm, erosion};
use terrain_view::demo::{ControlsShown, FieldShown, Input, Key};
use terrain_view::palette::Palette;
use terrain_view::settings::{Controls, Overlay, View};
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Event, File, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlOptionElement,
    HtmlSelectElement, KeyboardEvent,
};

use crate::dom;

/// Where a demo's inputs go: the app, which hands them to the page.
pub type Send = Rc<dyn Fn(Input)>;

/// One control's elements.
enum Widget {
    /// A text field, with a slider for numbers a slider can cover.
    Number {
        input: HtmlInputElement,
        slider: Option<HtmlInputElement>,
        error: HtmlElement,
        wrapper: HtmlElement,
    },
    /// A menu, with a line saying why its value does nothing, when it
    /// does not.
    Choice {
        select: HtmlSelectElement,
        note: HtmlElement,
        wrapper: HtmlElement,
    },
    /// A checkbox.
    Switch {
        checkbox: HtmlInputElement,
        wrapper: HtmlElement,
    },
}

/// The pass-by-pass scrubber.
struct Scrubber {
    range: HtmlInputElement,
    play: HtmlButtonElement,
    stage: HtmlElement,
    numbers: HtmlElement,
}

/// All of a demo's controls.
pub struct ControlsView {
    widgets: Vec<(Key, Widget)>,
    scrubber: Scrubber,
    import: Option<HtmlInputElement>,
    file_status: HtmlElement,
    /// The link itself, on the playground; elsewhere only its Copy button.
    share: Option<HtmlInputElement>,
    copy_status: HtmlElement,
}

impl ControlsView {
    /// Builds the controls `keys` (at `level`) into `host`; `send` gets
    /// what the reader does.
    pub fn build(
        document: &Document,
        host: &HtmlElement,
        index: usize,
        level: Controls,
        keys: &[Key],
        send: Send,
    ) -> Result<Self, JsValue> {
        let panel: HtmlElement = dom::create(document, "div", "terrain-controls")?;
        if level == Controls::Full {
            panel.class_list().add_1("terrain-controls-full")?;
        }
        dom::set(&panel, "role", "group");
        dom::set(&panel, "aria-label", "Settings");
        let id = |key: &Key| format!("terrain-{index}-{}", key.spec().option);
        // The algorithm first, then how far to run it (right under the
        // view, so a reader on a phone sees the map while scrubbing), then
        // the numbers it reads, then how to look at it and what to do with
        // it.
        let mut widgets = Vec::new();
        for key in keys.iter().filter(|key| key.spec() == &ALGORITHM) {
            widgets.push((*key, build_widget(document, &panel, &id(key), *key, &send)?));
        }
        let scrubber = build_scrubber(document, &panel, &send)?;
        for key in keys.iter().filter(|key| is_number(key.spec())) {
            widgets.push((*key, build_widget(document, &panel, &id(key), *key, &send)?));
        }
        let choices = keys
            .iter()
            .filter(|key| key.spec() != &ALGORITHM && matches!(key.spec().kind, Kind::Choice(_)));
        for key in choices {
            widgets.push((*key, build_widget(document, &panel, &id(key), *key, &send)?));
        }
        let switches: HtmlElement = dom::create(document, "div", "terrain-switches")?;
        for key in keys.iter().filter(|key| key.spec().kind == Kind::Switch) {
            widgets.push((
                *key,
                build_widget(document, &switches, &id(key), *key, &send)?,
            ));
        }
        if switches.child_element_count() > 0 {
            panel.append_child(&switches)?;
        }
        let files = build_files(document, &panel, level, &send)?;
        if let Some(input) = &files.import {
            crate::dropping::listen(host, input)?;
        }
        let (share, copy_status) = build_share(document, &panel, &files, index, level, &send)?;
        let Files {
            import,
            status: file_status,
            ..
        } = files;
        host.append_child(&panel)?;
        Ok(Self {
            widgets,
            scrubber,
            import,
            file_status,
            share,
            copy_status,
        })
    }

    /// The file picked for import, if any. The picker is cleared, so that
    /// picking the same file again counts as a new pick.
    pub fn take_picked_file(&self) -> Option<File> {
        let import = self.import.as_ref()?;
        let file = import.files().and_then(|files| files.get(0));
        import.set_value("");
        file
    }

    /// Makes every control show `shown`.
    pub fn present(&self, shown: &ControlsShown) {
        for field in &shown.fields {
            if let Some((_, widget)) = self.widgets.iter().find(|(key, _)| *key == field.key) {
                present_widget(widget, field);
            }
        }
        let scrubber = &self.scrubber;
        let shown_scrubber = &shown.scrubber;
        dom::set(&scrubber.range, "max", &shown_scrubber.last.to_string());
        scrubber
            .range
            .set_value(&shown_scrubber.position.to_string());
        scrubber.range.set_disabled(!shown_scrubber.enabled);
        scrubber.play.set_disabled(!shown_scrubber.enabled);
        scrubber.stage.set_text_content(Some(&shown_scrubber.name));
        scrubber
            .numbers
            .set_text_content(Some(&shown_scrubber.numbers));
        dom::set(&scrubber.range, "aria-valuetext", &shown_scrubber.name);
        let playing = shown_scrubber.playing;
        scrubber
            .play
            .set_text_content(Some(if playing { "Pause" } else { "Play" }));
        if let Some(share) = &self.share {
            // An imported map has no link; the field says why.
            let link = shown.share_link.as_deref().unwrap_or_default();
            if share.value() != link {
                share.set_value(link);
            }
            share.set_placeholder(if shown.share_link.is_some() {
                ""
            } else {
                "No link for an import"
            });
        }
        let (file_text, failed) = shown.file_status.clone().unwrap_or((String::new(), false));
        self.file_status.set_text_content(Some(&file_text));
        dom::toggle_class(&self.file_status, "terrain-error", failed);
        self.copy_status
            .set_text_content(shown.copy_status.as_deref());
    }
}

fn is_number(spec: &Spec) -> bool {
    matches!(spec.kind, Kind::Whole { .. } | Kind::Number { .. })
}

fn present_widget(widget: &Widget, field: &FieldShown) {
    match widget {
        Widget::Number {
            input,
            slider,
            error,
            wrapper,
        } => {
            if input.value() != field.text {
                input.set_value(&field.text);
            }
            if let Some(slider) = slider
                && field.error.is_none()
                && slider.value() != field.text
            {
                slider.set_value(&field.text);
            }
            error.set_text_content(field.error.as_deref());
            dom::show(error, field.error.is_some());
            dom::set(input, "aria-invalid", &field.error.is_some().to_string());
            dom::show(wrapper, !field.hidden);
        }
        Widget::Choice {
            select,
            note,
            wrapper,
        } => {
            select.set_value(&field.text);
            note.set_text_content(field.note.as_deref());
            dom::show(note, field.note.is_some());
            dom::show(wrapper, !field.hidden);
        }
        Widget::Switch { checkbox, wrapper } => {
            checkbox.set_checked(field.text == "true");
            dom::show(wrapper, !field.hidden);
        }
    }
}

/// The menu entries of a choice: name and words.
fn options_of(key: Key) -> Vec<(&'static str, &'static str)> {
    let spec = key.spec();
    if spec == &ALGORITHM {
        Algorithm::all()
            .map(|algorithm| (algorithm.name(), algorithm.title()))
            .collect()
    } else if spec.option == "palette" {
        Palette::ALL
            .iter()
            .map(|palette| (palette.name(), palette.title()))
            .collect()
    } else if spec.option == "view" {
        View::ALL
            .iter()
            .map(|view| (view.name(), view.title()))
            .collect()
    } else if spec == &erosion::METHOD {
        (erosion::Method::ALL.iter())
            .map(|method| (method.name(), method.title()))
            .collect()
    } else if spec.option == "overlay" {
        (Overlay::ALL.iter())
            .map(|overlay| (overlay.name(), overlay.title()))
            .collect()
    } else if let Kind::Choice(names) = spec.kind {
        names.iter().map(|&name| (name, name)).collect()
    } else {
        Vec::new()
    }
}

fn build_widget(
    document: &Document,
    parent: &HtmlElement,
    id: &str,
    key: Key,
    send: &Send,
) -> Result<Widget, JsValue> {
    let spec = key.spec();
    let edited = {
        let send = send.clone();
        move |text: String| send(Input::Edited { key, text })
    };
    match spec.kind {
        Kind::Switch | Kind::SwitchOr(_) => {
            let wrapper = dom::create_with_text(document, "label", "terrain-switch", "")?;
            let checkbox: HtmlInputElement = dom::create(document, "input", "")?;
            dom::set(&checkbox, "type", "checkbox");
            checkbox.set_id(id);
            wrapper.append_child(&checkbox)?;
            wrapper.append_child(&document.create_text_node(spec.title))?;
            dom::set(&wrapper, "title", spec.help);
            parent.append_child(&wrapper)?;
            let source = checkbox.clone();
            dom::listen(&checkbox, "change", move |_: Event| {
                edited(source.checked().to_string())
            })?;
            Ok(Widget::Switch { checkbox, wrapper })
        }
        Kind::Choice(_) => {
            let wrapper: HtmlElement = dom::create(document, "div", "terrain-field")?;
            let label = dom::create_with_text(document, "label", "", spec.title)?;
            dom::set(&label, "for", id);
            let select: HtmlSelectElement = dom::create(document, "select", "")?;
            select.set_id(id);
            for (value, text) in options_of(key) {
                let option: HtmlOptionElement = dom::create(document, "option", "")?;
                option.set_value(value);
                option.set_text(text);
                select.append_child(&option)?;
            }
            let note = dom::create_with_text(document, "small", "terrain-hint", "")?;
            note.set_id(&format!("{id}-note"));
            dom::set(&note, "role", "status");
            dom::show(&note, false);
            dom::set(&select, "aria-describedby", &format!("{id}-note"));
            wrapper.append_child(&label)?;
            wrapper.append_child(&select)?;
            wrapper.append_child(&note)?;
            parent.append_child(&wrapper)?;
            let source = select.clone();
            dom::listen(&select, "change", move |_: Event| edited(source.value()))?;
            Ok(Widget::Choice {
                select,
                note,
                wrapper,
            })
        }
        _ => build_number(document, parent, id, key, send),
    }
}

/// A text field, its help line, its error line and (for numbers a slider
/// can cover) a slider, all setting the same value.
fn build_number(
    document: &Document,
    parent: &HtmlElement,
    id: &str,
    key: Key,
    send: &Send,
) -> Result<Widget, JsValue> {
    let spec = key.spec();
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-field")?;
    let label = dom::create_with_text(document, "label", "", spec.title)?;
    dom::set(&label, "for", id);
    let input: HtmlInputElement = dom::create(document, "input", "")?;
    input.set_id(id);
    let input_mode = match spec.kind {
        Kind::Whole { .. } => "numeric",
        _ => "decimal",
    };
    for (name, value) in [
        ("type", "text"),
        ("inputmode", input_mode),
        ("autocomplete", "off"),
        ("spellcheck", "false"),
        ("name", spec.option),
        ("aria-describedby", &format!("{id}-hint {id}-error")),
    ] {
        dom::set(&input, name, value);
    }
    let hint = dom::create_with_text(document, "small", "terrain-hint", spec.help)?;
    hint.set_id(&format!("{id}-hint"));
    let error = dom::create_with_text(document, "p", "terrain-error", "")?;
    error.set_id(&format!("{id}-error"));
    // Said when the typing rests, without cutting in (the field names it
    // too, by aria-describedby and aria-invalid).
    dom::set(&error, "aria-live", "polite");
    dom::show(&error, false);
    let slider = if spec.has_slider() {
        let (min, max) = match spec.kind {
            Kind::Whole { min, max } => (min as f64, max as f64),
            Kind::Number { min, max } => (min, max),
            _ => (0.0, 1.0),
        };
        let slider: HtmlInputElement = dom::create(document, "input", "terrain-slider")?;
        let slider_id = format!("{id}-slider");
        slider.set_id(&slider_id);
        for (name, value) in [
            ("type", "range".to_owned()),
            ("min", min.to_string()),
            ("max", max.to_string()),
            ("step", spec.step.to_string()),
            ("aria-describedby", format!("{id}-hint")),
        ] {
            dom::set(&slider, name, &value);
        }
        // Its own label, for screen readers; the field's label is on show.
        let slider_label = dom::create_with_text(
            document,
            "label",
            "terrain-visually-hidden",
            &format!("{} slider", spec.title),
        )?;
        dom::set(&slider_label, "for", &slider_id);
        Some((slider_label, slider))
    } else {
        None
    };
    for child in [&label as &HtmlElement, &input] {
        wrapper.append_child(child)?;
    }
    if let Some((slider_label, slider)) = &slider {
        wrapper.append_child(slider_label)?;
        wrapper.append_child(slider)?;
    }
    let slider = slider.map(|(_, slider)| slider);
    for child in [&hint, &error] {
        wrapper.append_child(child)?;
    }
    parent.append_child(&wrapper)?;
    // Keys are taken once the typing rests; leaving the field or Enter
    // takes them at once.
    for (event, typed) in [("input", true), ("change", false)] {
        let on_text = send.clone();
        let source = input.clone();
        dom::listen(&input, event, move |_: Event| {
            let text = source.value();
            on_text(if typed {
                Input::Typed { key, text }
            } else {
                Input::Edited { key, text }
            })
        })?;
    }
    let on_key = send.clone();
    let source = input.clone();
    dom::listen(&input, "keydown", move |event: KeyboardEvent| {
        let direction = match event.key().as_str() {
            "ArrowUp" => 1.0,
            "ArrowDown" => -1.0,
            "Enter" => {
                on_key(Input::Edited {
                    key,
                    text: source.value(),
                });
                return;
            }
            _ => return,
        };
        event.prevent_default();
        on_key(Input::Stepped { key, direction });
    })?;
    if let Some(slider) = &slider {
        let on_slide = send.clone();
        let source = slider.clone();
        dom::listen(slider, "input", move |_: Event| {
            on_slide(Input::Edited {
                key,
                text: source.value(),
            })
        })?;
    }
    Ok(Widget::Number {
        input,
        slider,
        error,
        wrapper,
    })
}

fn build_scrubber(
    document: &Document,
    panel: &HtmlElement,
    send: &Send,
) -> Result<Scrubber, JsValue> {
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-scrubber")?;
    let play: HtmlButtonElement = dom::create(document, "button", "terrain-play")?;
    dom::set(&play, "type", "button");
    // Its words say what it does (Play, Pause), so it is no toggle: a
    // pressed "Pause" would say two things.
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
    // Said, the name and the numbers are two sentences, not one word
    // ("Pass 7 of 7squares"); a margin parts them on screen.
    let pause = dom::create_with_text(document, "span", "terrain-visually-hidden", ". ")?;
    readout.append_child(&pause)?;
    readout.append_child(&numbers)?;
    for child in [&play as &HtmlElement, &label, &range, &readout] {
        wrapper.append_child(child)?;
    }
    panel.append_child(&wrapper)?;
    let on_scrub = send.clone();
    let source = range.clone();
    dom::listen(&range, "input", move |_: Event| {
        if let Ok(position) = source.value().parse() {
            on_scrub(Input::Scrubbed(position));
        }
    })?;
    let on_play = send.clone();
    dom::listen(&play, "click", move |_: Event| on_play(Input::PlayPressed))?;
    Ok(Scrubber {
        range,
        play,
        stage,
        numbers,
    })
}

/// The row of file buttons.
struct Files {
    row: HtmlElement,
    import: Option<HtmlInputElement>,
    status: HtmlElement,
}

/// On the playground, PNG import, with its status line; and the share
/// link's Copy button (downloads are in every demo's Download menu).
fn build_files(
    document: &Document,
    panel: &HtmlElement,
    level: Controls,
    send: &Send,
) -> Result<Files, JsValue> {
    let files: HtmlElement = dom::create(document, "div", "terrain-files")?;
    let import = if level == Controls::Full {
        let label = dom::create_with_text(
            document,
            "label",
            "terrain-button terrain-import",
            "Import a PNG…",
        )?;
        let input: HtmlInputElement = dom::create(document, "input", "")?;
        dom::set(&input, "type", "file");
        dom::set(&input, "accept", "image/png,.png");
        label.append_child(&input)?;
        files.append_child(&label)?;
        let on_pick = send.clone();
        let source = input.clone();
        dom::listen(&input, "change", move |_: Event| {
            if let Some(file) = source.files().and_then(|files| files.get(0)) {
                on_pick(Input::ImportPicked {
                    name: file.name(),
                    size: file.size(),
                });
            }
        })?;
        Some(input)
    } else {
        None
    };
    let status = dom::create_with_text(document, "p", "terrain-file-status", "")?;
    dom::set(&status, "role", "status");
    files.append_child(&status)?;
    panel.append_child(&files)?;
    Ok(Files {
        row: files,
        import,
        status,
    })
}

/// The link to exactly this view, with a button that copies it: on the
/// playground under the files, with the link on show; elsewhere only the
/// button, beside the downloads.
fn build_share(
    document: &Document,
    panel: &HtmlElement,
    files: &Files,
    index: usize,
    level: Controls,
    send: &Send,
) -> Result<(Option<HtmlInputElement>, HtmlElement), JsValue> {
    let copy = dom::create_with_text(
        document,
        "button",
        "terrain-button terrain-copy",
        "Copy link",
    )?;
    dom::set(&copy, "type", "button");
    dom::set(&copy, "title", "Copy a link to exactly this terrain");
    let status = dom::create_with_text(document, "span", "terrain-copy-status", "")?;
    dom::set(&status, "role", "status");
    let on_copy = send.clone();
    dom::listen(&copy, "click", move |_: Event| on_copy(Input::CopyLink))?;
    if level != Controls::Full {
        files.row.insert_before(&copy, Some(&files.status))?;
        files.row.insert_before(&status, Some(&files.status))?;
        return Ok((None, status));
    }
    let wrapper: HtmlElement = dom::create(document, "div", "terrain-share")?;
    let id = format!("terrain-{index}-share");
    let label = dom::create_with_text(document, "label", "", "Link to exactly this view")?;
    dom::set(&label, "for", &id);
    let share: HtmlInputElement = dom::create(document, "input", "")?;
    share.set_id(&id);
    dom::set(&share, "type", "text");
    dom::set(&share, "readonly", "");
    for child in [&label, &share as &HtmlElement, &copy, &status] {
        wrapper.append_child(child)?;
    }
    panel.append_child(&wrapper)?;
    // Clicking the link selects it all, ready to copy.
    let select_all = share.clone();
    dom::listen(&share, "focus", move |_: Event| select_all.select())?;
    Ok((Some(share), status))
}
