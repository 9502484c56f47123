//! `generate(options)` and `erode(heights, options)`: the generator and the
//! droplet erosion, callable from JavaScript. Their options are the
//! registry's (`terrain_core::registry::fields`), read by the same reader as embed
//! attributes and links.

use js_sys::{Float64Array, Object, Reflect};
use terrain_core::registry::fields;
use terrain_core::spec::{Spec, Surface};
use terrain_core::{Algorithm, Error, Params, Reading, STAGE, Stage, ValidParams};
use terrain_js::{
    kind_of, map_of, option_texts, options_object, reason_of, typed_array_kind, values_of,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The settings `generate` takes, in the order its messages list them.
pub(crate) fn generate_options() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .filter(|spec| spec.surfaces.generate)
        .chain([&STAGE])
}

/// The settings `erode` takes, in the order its messages list them.
pub(crate) fn erode_options() -> impl Iterator<Item = &'static Spec> {
    fields()
        .map(|field| field.spec())
        .filter(|spec| spec.surfaces.erode)
}

/// Generates a heightmap and returns its `(2^exponent + 1)^2` heights,
/// row-major, as a `Float64Array`.
///
/// `options` may hold any parameter the registry offers JavaScript
/// (`terrain_core::registry::fields`, surface `generate`), and `stage`: the
/// posts' `algorithm` (default `"diamond-square"`), `exponent` (5),
/// `spread`, `spreadReduction`, `seed` (0; a number, a decimal string or a
/// BigInt) and `normalize`, and the gradient noises' `frequency`,
/// `octaves`, `lacunarity`, `gain`, `fade`, `shape`, `power`, `terraces`,
/// `warp`, `damping` and `tileable` (the README's table has them all).
/// Anything missing takes its default for the algorithm. A bad option
/// throws an `Error` naming the option, the value and what is allowed; so
/// does an option this function does not know, and so does a getter of the
/// options object that throws.
///
/// `settings`, when given, is `{ into }`: a `Float64Array` of exactly the
/// map's `(2^exponent + 1)^2` heights, which the map is written into and
/// which is returned instead of a new array. A caller making map after
/// map (a slider, an animation) then pays for its memory once: a new
/// array's first writes cost about twice what the quickest generator does
/// (BENCHMARKS.md). A wrong `into` throws an `Error` that says what it got
/// and what size the map needs, and the array is left as it was.
#[wasm_bindgen(js_name = generate)]
pub fn generate_heights(
    options: JsValue,
    #[wasm_bindgen(unchecked_param_type = "{ into?: Float64Array } | undefined")] settings: JsValue,
) -> Result<Float64Array, JsError> {
    let into = target_of(&settings).map_err(|message| JsError::new(&message))?;
    generate_reporting(&options, into, None)
}

/// The array `generate`'s `settings` ask it to write into, if any.
fn target_of(settings: &JsValue) -> Result<Option<Float64Array>, String> {
    if settings.is_undefined() || settings.is_null() {
        return Ok(None);
    }
    let object = options_object(settings).ok_or_else(|| {
        format!(
            "generate's second argument is {{ into }}, a Float64Array to write the heights \
             into; got {}",
            kind_of(settings)
        )
    })?;
    if let Some(key) = Object::keys(object)
        .iter()
        .filter_map(|key| key.as_string())
        .find(|key| key != "into")
    {
        return Err(format!(
            "unknown setting {key:?}; generate's second argument takes only into"
        ));
    }
    let into = Reflect::get(object, &"into".into())
        .map_err(|thrown| format!("reading setting into threw: {}", reason_of(&thrown)))?;
    target_kind(into)
}

/// `into`, as `generate` and `generateAsync` take it: nothing (left out),
/// or a `Float64Array`; what size it must be is [`target_size`]'s check.
pub(crate) fn target_kind(into: JsValue) -> Result<Option<Float64Array>, String> {
    if into.is_undefined() {
        return Ok(None);
    }
    // Told by its kind, not `instanceof`, so an array of another realm
    // counts.
    if typed_array_kind(&into).as_deref() == Some("Float64Array") {
        return Ok(Some(into.unchecked_into()));
    }
    Err(format!(
        "into must be a Float64Array to write the heights into; got {}",
        kind_of(&into)
    ))
}

/// Whether `into` holds exactly the heights of a map `side` points wide.
pub(crate) fn target_size(into: Option<&Float64Array>, side: usize) -> Result<(), String> {
    match into {
        Some(into) if into.length() as usize != side * side => Err(format!(
            "into must be a Float64Array of {} heights, the {side} × {side} points of this \
             map; got one of {}",
            side * side,
            into.length()
        )),
        _ => Ok(()),
    }
}

/// [`generate_heights`], calling `progress` (when given) with the share
/// of the work done as it goes (for `generateAsync`'s one-task maps): room
/// made for the map, the map made (row by row or pass by pass, as the
/// generator says), then copied out of this module in pieces, for a huge
/// map's copy takes about as long as making it does for the quickest
/// generators. Without `progress` no room is made first: that pass is
/// only there so reports keep coming.
pub(crate) fn generate_reporting(
    options: &JsValue,
    into: Option<Float64Array>,
    mut progress: Option<&mut dyn FnMut(f64)>,
) -> Result<Float64Array, JsError> {
    let Reading { params, stage, .. } =
        read_options(options, "generate", GENERATE_EXAMPLE, generate_options)
            .map_err(|message| JsError::new(&message))?;
    let side = params.map.side();
    target_size(into.as_ref(), side).map_err(|message| JsError::new(&message))?;
    if let Some(progress) = progress.as_deref_mut() {
        make_room(side * side, &mut |share| progress(share * ROOM_SHARE));
    }
    let mut progress = |share: f64| {
        if let Some(progress) = progress.as_deref_mut() {
            progress(share);
        }
    };
    let terrain = terrain_core::generate_with_progress(&params, stage, &mut |share| {
        progress(ROOM_SHARE + share * (MADE_SHARE - ROOM_SHARE));
    })
    .map_err(|error| JsError::new(&error.describe_on(Surface::Option)))?;
    let heights = terrain.heightmap.heights();
    let array = into.unwrap_or_else(|| Float64Array::new_with_length(heights.len() as u32));
    for (piece, part) in heights.chunks(COPIED_AT_ONCE).enumerate() {
        let from = (piece * COPIED_AT_ONCE) as u32;
        array
            .subarray(from, from + part.len() as u32)
            .copy_from(part);
        let copied = (from as usize + part.len()) as f64 / heights.len() as f64;
        progress(MADE_SHARE + (1.0 - MADE_SHARE) * copied);
    }
    Ok(array)
}

/// The share of [`generate_reporting`]'s work done once the map is made;
/// the rest is copying it out (about 5 ns a point here, against 2.4 for
/// random noise and 7 to 10 for diamond-square and an 8-octave noise:
/// BENCHMARKS.md).
const MADE_SHARE: f64 = 0.75;

/// The share of [`generate_reporting`]'s work that is making room for a
/// map this module's memory has not held yet (see [`make_room`]).
const ROOM_SHARE: f64 = 0.05;

/// How many heights [`generate_reporting`] writes (making room, copying
/// out) between two reports.
const COPIED_AT_ONCE: usize = 1 << 18;

/// Makes room for a map of `points` heights before it is made, calling
/// `progress` with the share done: the module's memory grows by the map's
/// size on its first huge map, and the first write to each new page is
/// slow (about 80 ms for the 134 MB of an exponent-12 map here), all of it
/// in the map's allocation, before any row is made and reported. Writing
/// the room once, in pieces, pays that with reports in between; the map
/// then takes the same memory back from the allocator. Nothing is written
/// when the memory did not have to grow.
fn make_room(points: usize, progress: &mut dyn FnMut(f64)) {
    let pages = core::arch::wasm32::memory_size(0);
    let mut room: Vec<f64> = Vec::with_capacity(points);
    if core::arch::wasm32::memory_size(0) == pages {
        return;
    }
    while room.len() < points {
        room.resize((room.len() + COPIED_AT_ONCE).min(points), 0.0);
        progress(room.len() as f64 / points as f64);
    }
}

/// Reads the options of `function` (those `known` lists; `example` shows
/// them in the message for a value that is not an options object): every
/// value once, then through the registry's one reader, so the messages are
/// the same as an embed's or a link's.
pub(crate) fn read_options<I: Iterator<Item = &'static Spec>>(
    options: &JsValue,
    function: &str,
    example: &str,
    known: impl Fn() -> I,
) -> Result<Reading, String> {
    read_texts(&option_texts(options, function, example, known)?)
}

/// The options read as `texts` ([`option_texts`]), through the registry's
/// one reader: the first problem, in the registry's order, refuses them.
pub(crate) fn read_texts(
    texts: &[(&'static Spec, Result<String, Error>)],
) -> Result<Reading, String> {
    let reading = Params::read(
        |spec| match texts.iter().find(|(known, _)| known == &spec) {
            Some((_, text)) => text.clone().map(Some),
            None => Ok(None),
        },
    );
    match reading.errors.first() {
        Some(error) => Err(error.describe_on(Surface::Option)),
        None => Ok(reading),
    }
}

/// Erodes a map with droplets and returns its new heights as a new
/// `Float64Array`; `heights` is left as it was.
///
/// `heights` is a square map, row-major, `2^n + 1` points wide for `n` from
/// 1 to 12: a `Float64Array` such as `generate()` returns (a `Float32Array`
/// or an `Array` of numbers works too), every height finite and within
/// ±1 000 000. `options` may hold `seed` (0; where the droplets land, as in
/// `generate`), `droplets` (100 000), `inertia`, `capacity`, `minCapacity`,
/// `erodeSpeed`, `depositSpeed`, `evaporateSpeed`, `radius`, `gravity`,
/// `lifetime` and `wrap` (false: the map's edges are walls; true: the map
/// tiles, and so does the result). Missing options take the erosion
/// chapter's defaults; a bad or unknown option, a map of the wrong size or a
/// height out of range throws an `Error` that says which and why.
#[wasm_bindgen(js_name = erode)]
pub fn erode_heights(heights: JsValue, options: JsValue) -> Result<Float64Array, JsError> {
    let map =
        map_of(&heights, "erode", Some("erosion")).map_err(|message| JsError::new(&message))?;
    let Reading { params, .. } = read_options(&options, "erode", ERODE_EXAMPLE, erode_options)
        .map_err(|message| JsError::new(&message))?;
    let eroded = terrain_core::erode(&map, &params, &mut |_| {})
        .map_err(|error| JsError::new(&error.describe_on(Surface::Option)))?;
    Ok(Float64Array::from(eroded.heightmap.heights()))
}

/// An options object `generate` takes, for its messages.
pub(crate) const GENERATE_EXAMPLE: &str = "{ algorithm: \"diamond-square\", exponent: 5, seed: 7 }";

/// An options object `erode` takes, for its messages.
pub(crate) const ERODE_EXAMPLE: &str = "{ droplets: 50000, seed: 7 }";

/// The fingerprint of `heights` as `demoState()` reports a demo's: 16 hex
/// digits of a 64-bit FNV-1a hash of every height's bits, so JavaScript can
/// check that `generate()` or `erode()` gave exactly a demo's map.
///
/// `heights` is read as `erode` reads it (any length), and anything else
/// is refused by name: a wrong argument hashed to a constant would make
/// two wrong calls look alike.
#[wasm_bindgen]
pub fn fingerprint(
    #[wasm_bindgen(unchecked_param_type = "Float64Array | Float32Array | readonly number[]")]
    heights: JsValue,
) -> Result<String, JsError> {
    let values = values_of(&heights, "fingerprint").map_err(|message| JsError::new(&message))?;
    Ok(format!("{:016x}", terrain_core::fingerprint(&values)))
}

/// Runs one generator (an algorithm name) or the memory floor
/// (`"streaming-floor"`, see `terrain_core::baseline`) on an
/// exponent-`exponent` map, entirely inside WebAssembly, and returns a
/// checksum of the result so the work cannot be skipped. For the browser
/// benchmark: timing this, rather than `generate`, leaves out the copy of
/// the heights into a `Float64Array`.
#[wasm_bindgen(js_name = benchmarkRun)]
pub fn benchmark_run(name: &str, exponent: u32, seed: f64) -> Result<f64, JsError> {
    let describe = |error: Error| JsError::new(&error.describe_on(Surface::Option));
    let map = if name == "streaming-floor" {
        ValidParams::new(Algorithm::DIAMOND_SQUARE)
            .with_exponent(exponent)
            .map_err(describe)?;
        terrain_core::baseline::streaming_floor(exponent)
    } else {
        let algorithm: Algorithm = name.parse().map_err(describe)?;
        let params = ValidParams::new(algorithm)
            .with_exponent(exponent)
            .map_err(describe)?
            .with_seed(seed as u64);
        terrain_core::generate(&params, Stage::Done)
            .map_err(describe)?
            .heightmap
    };
    let heights = map.heights();
    Ok(heights[heights.len() / 3] + heights[heights.len() - 1] + heights.len() as f64)
}
