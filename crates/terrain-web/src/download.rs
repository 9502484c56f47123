//! Every demo's Download menu: a disclosure in the demo's bar holding a
//! field per option of `exportMap()` (built from `terrain_view::export`'s
//! registry: a menu for a choice, a text field for a number), the file's
//! size before it is made, the button, a progress bar and a status line.
//! It reports what the reader does; the demo decides what it means.

use terrain_core::spec::{Kind, Spec};
use terrain_view::demo::{DownloadShown, Input};
use terrain_view::export::{Format, OPTIONS, TileFormat};
use terrain_view::palette::Palette;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Event, HtmlButtonElement, HtmlElement, HtmlInputElement, HtmlOptionElement,
    HtmlProgressElement, HtmlSelectElement,
};

use crate::controls::Send;
use crate::dom;

/// One option's field.
enum Field {
    Menu(HtmlSelectElement),
    Text(HtmlInputElement),
}

impl Field {
    fn value(&self) -> String {
        match self {
            Field::Menu(select) => select.value(),
            Field::Text(input) => input.value(),
        }
    }

    fn set_value(&self, text: &str) {
        match self {
            Field::Menu(select) => select.set_value(text),
            Field::Text(input) => input.set_value(text),
        }
    }

    fn element(&self) -> &HtmlElement {
        match self {
            Field::Menu(select) => select,
            Field::Text(input) => input,
        }
    }
}

/// The menu's elements.
pub struct DownloadMenu {
    fields: Vec<(&'static Spec, Field, HtmlElement)>,
    size: HtmlElement,
    save: HtmlButtonElement,
    progress: HtmlElement,
    progress_bar: HtmlProgressElement,
    progress_text: HtmlElement,
    status: HtmlElement,
    shown: Option<DownloadShown>,
}

/// The words a choice shows in its menu.
fn choice_title(spec: &Spec, name: &str) -> String {
    let title = match spec.option {
        "format" => Format::from_name(name).map(Format::title),
        "palette" => Palette::from_name(name).map(Palette::title),
        "tileFormat" => TileFormat::from_name(name).map(|format| match format {
            TileFormat::Raw16 => "RAW, 16-bit",
            TileFormat::Png16 => "PNG, 16-bit",
        }),
        _ => None,
    };
    title.unwrap_or(name).to_owned()
}

impl DownloadMenu {
    /// Builds demo `index`'s menu at the end of `bar`; `send` gets what
    /// the reader does.
    pub fn build(
        document: &Document,
        bar: &HtmlElement,
        index: usize,
        send: &Send,
    ) -> Result<Self, JsValue> {
        let details: HtmlElement = dom::create(document, "details", "terrain-download")?;
        let summary = dom::create_with_text(
            document,
            "summary",
            "terrain-button terrain-download-toggle",
            "Download",
        )?;
        dom::set(&summary, "title", "Download this map as a file");
        details.append_child(&summary)?;
        // Escape closes the open menu and gives the focus back to its
        // summary, as the Embed panel's does.
        let menu = details.clone();
        let toggle = summary.clone();
        dom::listen(&details, "keydown", move |event: web_sys::KeyboardEvent| {
            if event.key() == "Escape" && menu.has_attribute("open") {
                event.prevent_default();
                let _ = menu.remove_attribute("open");
                let _ = toggle.focus();
            }
        })?;
        let panel: HtmlElement = dom::create(document, "div", "terrain-download-panel")?;
        dom::set(&panel, "role", "group");
        dom::set(&panel, "aria-label", "Download the map");
        let mut fields = Vec::new();
        for option in &OPTIONS {
            let spec = option.spec;
            let wrapper: HtmlElement = dom::create(document, "div", "terrain-field")?;
            // Not ending in the option's name: the demo's own settings' ids do.
            let id = format!("terrain-{index}-{}-download", spec.option);
            let label = dom::create_with_text(document, "label", "", spec.title)?;
            dom::set(&label, "for", &id);
            wrapper.append_child(&label)?;
            let field = match spec.kind {
                Kind::Choice(names) => {
                    let select: HtmlSelectElement = dom::create(document, "select", "")?;
                    for name in names {
                        let choice: HtmlOptionElement = dom::create(document, "option", "")?;
                        choice.set_value(name);
                        choice.set_text_content(Some(&choice_title(spec, name)));
                        select.append_child(&choice)?;
                    }
                    Field::Menu(select)
                }
                _ => {
                    let input: HtmlInputElement = dom::create(document, "input", "")?;
                    dom::set(&input, "type", "text");
                    dom::set(&input, "inputmode", "decimal");
                    dom::set(&input, "autocomplete", "off");
                    dom::set(&input, "spellcheck", "false");
                    Field::Text(input)
                }
            };
            field.element().set_id(&id);
            dom::set(field.element(), "title", spec.help);
            wrapper.append_child(field.element())?;
            panel.append_child(&wrapper)?;
            let event = if matches!(field, Field::Menu(_)) {
                "change"
            } else {
                "input"
            };
            let on_edit = send.clone();
            let source = field.element().clone();
            dom::listen(field.element(), event, move |_: Event| {
                let text = match source.dyn_ref::<HtmlSelectElement>() {
                    Some(select) => select.value(),
                    None => source
                        .dyn_ref::<HtmlInputElement>()
                        .map(HtmlInputElement::value)
                        .unwrap_or_default(),
                };
                on_edit(Input::DownloadEdited {
                    option: spec.option.to_owned(),
                    text,
                });
            })?;
            fields.push((spec, field, wrapper));
        }
        let size = dom::create_with_text(document, "p", "terrain-download-size", "")?;
        dom::set(&size, "aria-live", "polite");
        let save: HtmlButtonElement =
            dom::create(document, "button", "terrain-button terrain-download-save")?;
        dom::set(&save, "type", "button");
        let progress: HtmlElement = dom::create(document, "div", "terrain-download-progress")?;
        let progress_bar: HtmlProgressElement = dom::create(document, "progress", "")?;
        progress_bar.set_max(100.0);
        let progress_text =
            dom::create_with_text(document, "span", "terrain-download-progress-text", "")?;
        let progress_id = format!("terrain-{index}-download-progress");
        progress_text.set_id(&progress_id);
        dom::set(&progress_bar, "aria-labelledby", &progress_id);
        progress.append_child(&progress_bar)?;
        progress.append_child(&progress_text)?;
        dom::show(&progress, false);
        let status = dom::create_with_text(document, "p", "terrain-download-status", "")?;
        dom::set(&status, "role", "status");
        for child in [&size, &save as &HtmlElement, &progress, &status] {
            panel.append_child(child)?;
        }
        details.append_child(&panel)?;
        bar.append_child(&details)?;
        let on_save = send.clone();
        dom::listen(&save, "click", move |_: Event| {
            on_save(Input::DownloadPressed)
        })?;
        Ok(Self {
            fields,
            size,
            save,
            progress,
            progress_bar,
            progress_text,
            status,
            shown: None,
        })
    }

    /// Makes the menu say what `shown` says, touching only what changed
    /// (and never a field the reader is typing in).
    pub fn present(&mut self, shown: &DownloadShown) {
        if self.shown.as_ref() == Some(shown) {
            return;
        }
        let focused = dom::document()
            .ok()
            .and_then(|document| document.active_element());
        for ((spec, field, wrapper), wanted) in self.fields.iter().zip(&shown.fields) {
            debug_assert_eq!(*spec, wanted.spec);
            dom::show(wrapper, !wanted.hidden);
            let typing = focused
                .as_ref()
                .is_some_and(|element| element == field.element().as_ref());
            if !typing && field.value() != wanted.text {
                field.set_value(&wanted.text);
            }
            if let Field::Text(input) = field {
                input.set_placeholder(wanted.placeholder);
            }
        }
        self.size.set_text_content(Some(&shown.size));
        dom::toggle_class(&self.size, "terrain-error", shown.refused);
        self.save.set_text_content(Some(&shown.button));
        match &shown.progress {
            Some((percent, words)) => {
                self.progress_bar.set_value(*percent);
                self.progress_text.set_text_content(Some(words));
                dom::show(&self.progress, true);
            }
            None => dom::show(&self.progress, false),
        }
        let (text, failed) = shown
            .status
            .as_ref()
            .map_or(("", false), |(text, failed)| (text.as_str(), *failed));
        self.status.set_text_content(Some(text));
        dom::toggle_class(&self.status, "terrain-error", failed);
        self.shown = Some(shown.clone());
    }
}
