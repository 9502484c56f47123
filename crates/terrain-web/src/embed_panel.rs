//! Every demo's Embed button and the panel it opens: the two snippets
//! (`terrain_view::embed::snippets`) that put exactly what the demo shows
//! in another page, an iframe and the script with a `<terrain-demo>`
//! element, each with a Copy button.

use terrain_view::embed::{self, Snippets};
use terrain_view::words;
use wasm_bindgen::prelude::*;
use web_sys::{
    Document, Event, HtmlButtonElement, HtmlElement, HtmlTextAreaElement, KeyboardEvent,
};

use crate::dom;
use crate::files;

/// The panel's elements.
pub struct EmbedPanel {
    iframe: HtmlTextAreaElement,
    element: HtmlTextAreaElement,
    /// The two ways and their words, shown when there are snippets.
    ways: HtmlElement,
    /// Why there are none, shown for an imported map.
    none: HtmlElement,
}

impl EmbedPanel {
    /// Puts the Embed button after `after` in the demo's `bar`, and its
    /// panel, closed, after the bar in `host`.
    pub fn build(
        document: &Document,
        host: &HtmlElement,
        bar: &HtmlElement,
        after: &HtmlElement,
    ) -> Result<Self, JsValue> {
        let id = format!("terrain-embed-{}", dom::unique_id());
        let toggle: HtmlButtonElement = dom::create(document, "button", "terrain-embed-toggle")?;
        toggle.set_text_content(Some("Embed"));
        for (name, value) in [
            ("type", "button"),
            ("aria-expanded", "false"),
            ("aria-controls", id.as_str()),
            ("title", "Put exactly this terrain in your own page"),
        ] {
            dom::set(&toggle, name, value);
        }
        bar.insert_before(&toggle, after.next_sibling().as_ref())?;

        let panel: HtmlElement = dom::create(document, "section", "terrain-embed")?;
        panel.set_id(&id);
        dom::set(&panel, "aria-label", "Embed this terrain");
        dom::show(&panel, false);
        let ways: HtmlElement = dom::create(document, "div", "terrain-embed-ways")?;
        panel.append_child(&ways)?;
        let none = dom::create_with_text(document, "p", "terrain-embed-intro", words::NO_EMBED)?;
        dom::show(&none, false);
        panel.append_child(&none)?;
        let intro = dom::create_with_text(
            document,
            "p",
            "terrain-embed-intro",
            "Put exactly this terrain in your own page, in one of two ways.",
        )?;
        ways.append_child(&intro)?;
        let iframe = build_way(
            document,
            &ways,
            &format!("{id}-iframe"),
            "As an iframe, where a page takes frames but no scripts (a course page, a site \
             builder's embed block, a forum or wiki that allows frames):",
        )?;
        let element = build_way(
            document,
            &ways,
            &format!("{id}-element"),
            "As a script and an element, where a page takes scripts (load the script once \
             per page, then add an element per terrain):",
        )?;
        let neither = dom::create_with_text(
            document,
            "p",
            "terrain-embed-note",
            "Medium, Substack and WordPress.com (without plugins) take neither: link to \
             the page there.",
        )?;
        ways.append_child(&neither)?;
        let close = dom::create_with_text(document, "button", "terrain-embed-close", "Close")?;
        dom::set(&close, "type", "button");
        panel.append_child(&close)?;
        host.insert_before(&panel, bar.next_sibling().as_ref())?;

        let opened = panel.clone();
        let pressed = toggle.clone();
        dom::listen(&toggle, "click", move |_: Event| {
            let open = opened.hidden();
            dom::show(&opened, open);
            dom::set(&pressed, "aria-expanded", &open.to_string());
        })?;
        // Close, or Escape anywhere in the panel, closes it and gives the
        // focus back to the Embed button, as a disclosure does.
        let shut = {
            let panel = panel.clone();
            let toggle = toggle.clone();
            move || {
                dom::show(&panel, false);
                dom::set(&toggle, "aria-expanded", "false");
                let _ = toggle.focus();
            }
        };
        let on_close = shut.clone();
        dom::listen(&close, "click", move |_: Event| on_close())?;
        dom::listen(&panel, "keydown", move |event: KeyboardEvent| {
            if event.key() == "Escape" {
                event.prevent_default();
                shut();
            }
        })?;
        Ok(Self {
            iframe,
            element,
            ways,
            none,
        })
    }

    /// Shows `snippets`, or, when there are none, why.
    pub fn present(&self, snippets: Option<&Snippets>) {
        dom::show(&self.ways, snippets.is_some());
        dom::show(&self.none, snippets.is_none());
        let (iframe, element) = snippets.map_or(("", ""), |snippets| {
            (snippets.iframe.as_str(), snippets.element.as_str())
        });
        self.iframe.set_value(iframe);
        self.element.set_value(element);
    }
}

/// One way to embed: its words, the snippet (read-only, selected whole
/// when focused) and a Copy button with its status.
fn build_way(
    document: &Document,
    panel: &HtmlElement,
    id: &str,
    words: &str,
) -> Result<HtmlTextAreaElement, JsValue> {
    let way: HtmlElement = dom::create(document, "div", "terrain-embed-way")?;
    let label = dom::create_with_text(document, "label", "", words)?;
    dom::set(&label, "for", id);
    let snippet: HtmlTextAreaElement = dom::create(document, "textarea", "terrain-snippet")?;
    snippet.set_id(id);
    for (name, value) in [
        ("readonly", ""),
        ("rows", "4"),
        ("spellcheck", "false"),
        ("autocomplete", "off"),
    ] {
        dom::set(&snippet, name, value);
    }
    let copy = dom::create_with_text(
        document,
        "button",
        "terrain-button terrain-embed-copy",
        "Copy",
    )?;
    dom::set(&copy, "type", "button");
    let status = dom::create_with_text(document, "span", "terrain-embed-status", "")?;
    dom::set(&status, "role", "status");
    let row: HtmlElement = dom::create(document, "div", "terrain-embed-row")?;
    row.append_child(&copy)?;
    row.append_child(&status)?;
    for child in [&label as &HtmlElement, &snippet, &row] {
        way.append_child(child)?;
    }
    panel.append_child(&way)?;
    let whole = snippet.clone();
    dom::listen(&snippet, "focus", move |_: Event| whole.select())?;
    let source = snippet.clone();
    dom::listen(&copy, "click", move |_: Event| {
        let said = status.clone();
        said.set_text_content(None);
        files::copy(&source.value(), move |worked| {
            said.set_text_content(Some(embed::copy_status(worked)));
        });
    })?;
    Ok(snippet)
}
