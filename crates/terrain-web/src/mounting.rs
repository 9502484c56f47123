//! Where demos come from and go: `[data-terrain-demo]` elements
//! (`mountAll`, `mount`), `<terrain-demo>` elements, which `terrain.js`
//! defines over the functions here, and the demo of `embed.html`.
//!
//! A `<terrain-demo>` is mounted from its attributes, read again when they
//! change, and released, everything it held, when it leaves the page. What
//! the attributes mean and when to read them is decided in
//! `terrain_view::element` and the page; this only carries it out. Each of
//! its functions returns `undefined` when the demos are busy (an element
//! changed by a demo's own handler), and `terrain.js` calls it again a
//! moment later.

use js_sys::Array;
use terrain_view::address;
use terrain_view::element::{self, Attributes};
use terrain_view::embed::{frame_title, read_embed_query};
use terrain_view::page::PageInput;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use web_sys::HtmlElement;

use crate::app::{dispatch, drain, with_app};
use crate::{compare, dom};

/// Mounts every `[data-terrain-demo]` element not mounted yet and
/// returns how many demos the page now has.
#[wasm_bindgen(js_name = mountAll)]
pub fn mount_all() -> Result<u32, JsValue> {
    let document = dom::document()?;
    let comparison = compare::prepare(&document)?;
    // A <terrain-demo> mounts itself from its own attributes.
    let hosts = document
        .query_selector_all("[data-terrain-demo]:not([data-terrain-mounted]):not(terrain-demo)")?;
    let mut result = Ok(());
    let count = with_app(|app| {
        for index in 0..hosts.length() {
            let Some(host) = hosts
                .item(index)
                .and_then(|node| node.dyn_into::<HtmlElement>().ok())
            else {
                continue;
            };
            // One broken demo must not stop the others, nor the host page.
            if let Err(error) = app.mount(&host) {
                dom::log_error(&format!("a terrain demo could not be mounted: {error:?}"));
                result = Err(error);
            }
        }
        if let Some(comparison) = comparison {
            app.compare(comparison);
        }
        app.page().len() as u32
    });
    wire_posts_look(&document)?;
    // Inputs the mounts queued (a worker that would not start, say).
    drain();
    result.map(|()| count.unwrap_or(0))
}

/// Releases the demos of `[data-terrain-demo]` elements that have left the
/// page: `false` if the demos are busy (try again).
#[wasm_bindgen(js_name = releaseDetached)]
pub fn release_detached() -> bool {
    let done = with_app(|app| app.release_detached()).is_some();
    drain();
    done
}

/// The articles' "posts' look" buttons (`[data-terrain-posts-look]`):
/// each switches every demo of the page to the posts' flat green, their
/// camera and light, and back; all of them say which is on.
fn wire_posts_look(document: &web_sys::Document) -> Result<(), JsValue> {
    let buttons = document.query_selector_all("[data-terrain-posts-look]:not([aria-pressed])")?;
    for index in 0..buttons.length() {
        let Some(button) = buttons
            .item(index)
            .and_then(|node| node.dyn_into::<HtmlElement>().ok())
        else {
            continue;
        };
        dom::set(&button, "aria-pressed", "false");
        dom::listen(&button, "click", move |_: web_sys::Event| {
            let on = !with_app(|app| app.page().posts_look()).unwrap_or(false);
            if let Ok(all) = dom::document()
                .and_then(|document| document.query_selector_all("[data-terrain-posts-look]"))
            {
                for index in 0..all.length() {
                    if let Some(element) = all
                        .item(index)
                        .and_then(|node| node.dyn_into::<HtmlElement>().ok())
                    {
                        dom::set(&element, "aria-pressed", if on { "true" } else { "false" });
                    }
                }
            }
            dispatch(PageInput::PostsLook(on));
        })?;
    }
    Ok(())
}

/// Mounts one demo in `element` (which needs a `data-terrain-demo`
/// attribute naming the algorithm).
#[wasm_bindgen]
pub fn mount(element: HtmlElement) -> Result<(), JsValue> {
    let result = with_app(|app| app.mount(&element))
        .unwrap_or_else(|| Err(JsValue::from_str("the terrain demos are busy")));
    drain();
    result
}

/// The attributes a `<terrain-demo>` element reads: its
/// `observedAttributes`, from the registries.
#[wasm_bindgen(js_name = elementAttributes)]
pub fn element_attributes() -> Array {
    element::attribute_names()
        .into_iter()
        .map(JsValue::from_str)
        .collect()
}

/// Every attribute of `host` the element reads.
fn attributes_of(host: &HtmlElement) -> Attributes {
    element::attribute_names()
        .into_iter()
        .filter_map(|name| Some((name.to_owned(), host.get_attribute(name)?)))
        .collect()
}

/// Mounts a demo in `host`, a `<terrain-demo>` that joined the page, and
/// returns its number.
#[wasm_bindgen(js_name = connectElement)]
pub fn connect_element(host: HtmlElement) -> Result<Option<u32>, JsValue> {
    let attributes = attributes_of(&host);
    let (mut config, problems) =
        element::read_attributes(|name| element::attribute(&attributes, name), None);
    let mut messages: Vec<String> = problems
        .into_iter()
        .map(|problem| problem.message)
        .chain(element::misplaced(&dom::attributes(&host), true))
        .collect();
    let search = dom::window()?.location().search()?;
    let mounted = with_app(|app| {
        // Its settings from the address, as a data- element's, if it
        // keeps the address in step and no other demo does.
        let url_state = "url-state";
        let read = address::read_into(&mut config, &search, app.page().demos(), url_state);
        messages.extend(read);
        app.mount_config(&host, config, messages)
    });
    drain();
    mounted
        .map(|index| index.map(|index| index as u32))
        .transpose()
}

/// Releases demo `index`, whose element left the page: `false` if the
/// demos are busy (try again).
#[wasm_bindgen(js_name = disconnectElement)]
pub fn disconnect_element(index: u32) -> bool {
    let done = with_app(|app| app.unmount(index as usize)).is_some();
    drain();
    done
}

/// Demo `index`'s element `host` has new attributes: returns its number,
/// which changes when it needs new controls (it is then built anew).
#[wasm_bindgen(js_name = elementChanged)]
pub fn element_changed(host: HtmlElement, index: u32) -> Result<Option<u32>, JsValue> {
    let attributes = attributes_of(&host);
    let rebuilt = with_app(|app| {
        let shown = app.page().demo(index as usize)?.config().clone();
        let (mut config, problems) =
            element::read_attributes(|name| element::attribute(&attributes, name), Some(&shown));
        if !element::needs_new_view(&shown, &config) {
            return None;
        }
        // Built anew for its controls, it shows the same map: the seed on
        // show, and a refused value's last good one.
        config.seed_given = true;
        app.unmount(index as usize);
        let messages = problems
            .into_iter()
            .map(|problem| problem.message)
            .collect();
        Some(app.mount_config(&host, config, messages))
    });
    let result = match rebuilt {
        None => return Ok(None),
        Some(Some(mounted)) => {
            // Read again as a change, so a refused value's notice says its
            // last good one stands, as before the rebuild, not its default.
            if let Ok(index) = mounted {
                dispatch(PageInput::Attributes(index, attributes));
            }
            mounted.map(|index| index as u32)
        }
        Some(None) => {
            dispatch(PageInput::Attributes(index as usize, attributes));
            Ok(index)
        }
    };
    drain();
    result.map(Some)
}

/// Mounts `embed.html`'s demo in `host` from the page's address `query`
/// (a share link's, and `controls`) and returns its number.
#[wasm_bindgen(js_name = mountEmbed)]
pub fn mount_embed(host: HtmlElement, query: &str) -> Result<u32, JsValue> {
    let (config, messages) = read_embed_query(query);
    // The page is the frame: its title is the one the snippet gives it.
    if let Ok(document) = dom::document() {
        document.set_title(&format!("{} · Terrain, step by step", frame_title(&config)));
    }
    let mounted = with_app(|app| app.mount_config(&host, config, messages))
        .unwrap_or_else(|| Err(JsValue::from_str("the terrain demos are busy")));
    drain();
    mounted.map(|index| index as u32)
}
