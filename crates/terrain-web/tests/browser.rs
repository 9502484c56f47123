//! What only a browser can show: a demo mounted from attributes draws a lit
//! terrain with the real WebGL2 context, and the JavaScript API's errors are
//! real `Error`s.

#![cfg(target_arch = "wasm32")]
// Test code: a failed expectation is the test failing.
#![allow(clippy::expect_used)]

use js_sys::{Object, Promise, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, HtmlElement};

wasm_bindgen_test_configure!(run_in_browser);

async fn next_frame() {
    let promise = Promise::new(&mut |resolve, _| {
        let window = web_sys::window().expect("window");
        window
            .request_animation_frame(&resolve)
            .expect("requestAnimationFrame");
    });
    JsFuture::from(promise).await.expect("frame");
}

fn mount(attributes: &[(&str, &str)]) -> HtmlElement {
    let document = web_sys::window()
        .and_then(|window| window.document())
        .expect("document");
    let host: HtmlElement = document
        .create_element("div")
        .expect("div")
        .dyn_into()
        .expect("element");
    for (name, value) in attributes {
        host.set_attribute(name, value).expect("attribute");
    }
    document
        .body()
        .expect("body")
        .append_child(&host)
        .expect("append");
    terrain_web::mount_all().expect("mount");
    host
}

/// (share of pixels unlike the top-left one, distinct colours)
fn pixels(host: &HtmlElement) -> (f64, usize) {
    let canvas: HtmlCanvasElement = host
        .query_selector("canvas")
        .expect("query")
        .expect("a canvas")
        .dyn_into()
        .expect("canvas");
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .expect("context")
        .expect("2d")
        .dyn_into()
        .expect("2d context");
    let (width, height) = (canvas.width(), canvas.height());
    let data = context
        .get_image_data(0.0, 0.0, f64::from(width), f64::from(height))
        .expect("pixels")
        .data();
    let background = [data[0], data[1], data[2]];
    let mut foreground = 0;
    let mut colours = std::collections::HashSet::new();
    for pixel in data.chunks(4) {
        let distance: i32 = (0..3)
            .map(|i| (i32::from(pixel[i]) - i32::from(background[i])).abs())
            .sum();
        if distance > 24 {
            foreground += 1;
        }
        colours.insert((pixel[0] >> 3, pixel[1] >> 3, pixel[2] >> 3));
    }
    (
        f64::from(foreground) / f64::from(width * height),
        colours.len(),
    )
}

#[wasm_bindgen_test]
async fn a_mounted_demo_draws_a_lit_terrain() {
    let host = mount(&[
        ("data-terrain-demo", "diamond-square"),
        ("data-exponent", "5"),
        ("data-seed", "7"),
    ]);
    for _ in 0..6 {
        next_frame().await;
    }
    let (foreground, colours) = pixels(&host);
    assert!(foreground > 0.05, "terrain covers {foreground} of the view");
    assert!(colours > 40, "{colours} shades: lit, not flat");
    let seed = host
        .query_selector(".terrain-seed-value")
        .expect("query")
        .expect("seed");
    assert_eq!(seed.text_content().as_deref(), Some("7"));
}

#[wasm_bindgen_test]
async fn bad_attributes_are_reported_and_defaults_drawn() {
    let host = mount(&[
        ("data-terrain-demo", "diamond-square"),
        ("data-exponent", "40"),
    ]);
    for _ in 0..6 {
        next_frame().await;
    }
    let notice = host
        .query_selector(".terrain-notice")
        .expect("query")
        .expect("notice");
    let text = notice.text_content().unwrap_or_default();
    assert!(
        text.contains("data-exponent must be a whole number from 1 to 12; got 40"),
        "{text}"
    );
    assert!(pixels(&host).0 > 0.05, "the default terrain is drawn");
}

#[wasm_bindgen_test]
fn generate_throws_errors_naming_the_option() {
    let options = Object::new();
    Reflect::set(
        &options,
        &"spreadReduction".into(),
        &JsValue::from_f64(-1.0),
    )
    .expect("set");
    let error: JsValue = terrain_web::generate_heights(options.into(), JsValue::UNDEFINED)
        .expect_err("invalid")
        .into();
    let error: js_sys::Error = error.dyn_into().expect("a real Error");
    assert_eq!(
        String::from(error.message()),
        "spreadReduction must be a number from 0 to 2; got -1"
    );
}

#[wasm_bindgen_test]
fn an_erosion_task_takes_only_what_erode_takes() {
    // erodeAsync's coordinator checks the map; its worker tasks check
    // again what they are sent, whoever sends it: the side, the floor and
    // every height of the window.
    let side = 17;
    let heights = js_sys::Float64Array::new_with_length(side * side);
    let options = Object::new();
    Reflect::set(&options, &"droplets".into(), &JsValue::from_f64(40.0)).expect("set");
    let plan = terrain_web::erosion_plan(heights.into(), options.into()).expect("a plan");
    let get = |object: &JsValue, key: &str| Reflect::get(object, &key.into()).expect("a key");
    let (read, tiles, rectangles) = (
        get(&plan, "options"),
        get(&plan, "tiles"),
        get(&plan, "blocks"),
    );
    let tile = js_sys::Array::from(&tiles).get(0);
    let window = |height: f64| -> js_sys::Array {
        js_sys::Uint32Array::from(get(&tile, "blocks"))
            .to_vec()
            .into_iter()
            .map(|block| {
                let rectangle = js_sys::Array::from(&rectangles).get(block);
                let size = get(&rectangle, "width").as_f64().expect("a width")
                    * get(&rectangle, "height").as_f64().expect("a height");
                let heights = js_sys::Float64Array::new_with_length(size as u32);
                heights.fill(height, 0, size as u32);
                JsValue::from(heights)
            })
            .collect()
    };
    let task = |blocks, side, floor| {
        terrain_web::task_erode_tile(blocks, side, read.clone(), 0, 0, 0, 40, floor)
    };
    assert!(task(window(0.5), side, 0.5).is_ok(), "a good task falls");
    for bad_side in [0, 1, 2, 16, 1 << 16, u32::MAX] {
        assert!(task(window(0.5), bad_side, 0.5).is_err(), "side {bad_side}");
    }
    for bad_floor in [f64::NAN, f64::INFINITY, -2e6] {
        assert!(
            task(window(0.5), side, bad_floor).is_err(),
            "floor {bad_floor}"
        );
    }
    for bad_height in [f64::NAN, f64::NEG_INFINITY, 2e6] {
        let blocks = window(0.5);
        js_sys::Float64Array::from(blocks.get(0)).set_index(0, bad_height);
        assert!(task(blocks, side, 0.5).is_err(), "height {bad_height}");
    }
}

#[wasm_bindgen_test]
fn generate_returns_every_height() {
    let options = Object::new();
    Reflect::set(&options, &"exponent".into(), &JsValue::from_f64(4.0)).expect("set");
    let heights = terrain_web::generate_heights(options.into(), JsValue::UNDEFINED).expect("valid");
    assert_eq!(heights.length(), 17 * 17);
}

#[wasm_bindgen_test]
fn chunk_lengths_near_four_gib_are_refused_where_usize_has_32_bits() {
    // Here `usize` has 32 bits, so a reader adding the 12 bytes around a
    // chunk's data to a length of 0xFFFFFFF4 would wrap to 0 and, in a
    // release build, read the same chunk forever. Natively nothing wraps,
    // which is why the fuzzer cannot see this; it is checked here.
    for length in [0xFFFF_FFF4u32, 0xFFFF_FFFF, 0x8000_0000, 0x7FFF_FFFF] {
        let mut file = vec![0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];
        file.extend_from_slice(&length.to_be_bytes());
        file.extend_from_slice(b"IHDR");
        let error = terrain_io::import_png(&file).expect_err("refused");
        assert!(
            matches!(error, terrain_io::ImportError::Corrupt(_)),
            "{length:#x}: {error}"
        );
    }
}
