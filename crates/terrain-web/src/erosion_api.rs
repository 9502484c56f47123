//! Droplet erosion on every core (`www/erode-async.js` coordinates it):
//! `erosionPlan(heights, options)` describes the schedule
//! (`terrain_core::erosion::schedule`), `erosionRound(side, options,
//! round)` how many droplets each tile has in a round, and
//! `taskErodeTile(...)`, a worker task, lets some of one tile's droplets
//! fall on its window. The options are read by `erode`'s reader, so they
//! are refused in the same words.

use std::cell::RefCell;
use std::ops::Range;

use js_sys::{Array, Float64Array, Object, Reflect, Uint32Array};
use terrain_core::Reading;
use terrain_core::erosion::droplets::DropletSettings;
use terrain_core::erosion::schedule::{RoundOrder, Schedule, Window};
use terrain_core::erosion::tiles::erode_tile;
use terrain_core::erosion::{MAX_ABS_HEIGHT, first_refused_height};
use terrain_js::{
    exponent_of, height_refused, map_of, option_texts, texts_object, typed_array_kind,
};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::api::{ERODE_EXAMPLE, erode_options, read_options, read_texts};

/// The droplet settings `options` ask for, read as `erode` reads them.
fn settings_of(options: &JsValue) -> Result<DropletSettings, JsError> {
    read_options(options, "erode", ERODE_EXAMPLE, erode_options)
        .map(|reading| droplets_of(&reading))
        .map_err(|message| JsError::new(&message))
}

fn droplets_of(Reading { params, .. }: &Reading) -> DropletSettings {
    DropletSettings {
        seed: params.map.seed,
        ..params.erosion.droplets
    }
}

fn schedule_of(side: usize, settings: &DropletSettings) -> Schedule {
    Schedule::new(side, settings.wrap, settings.lifetime, settings.radius)
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a property of a plain new object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// The schedule `erode(heights, options)` runs, for a coordinator: `{
/// options, side, width, wrap, droplets, rounds, reach, across, lifetime,
/// radius, bands, blocks: [{ x, y, width, height }], tiles: [{ x, y,
/// width, height, colour, touching, blocks }] }`, the tiles in schedule
/// order (colour 0's first), each window's columns and rows counted modulo
/// `width` (the grid: the map's side, or its period with wrap, whose last
/// row and column the coordinator copies from its first at the end);
/// `touching` lists the tiles whose windows share a point with the
/// tile's (`Schedule::touching`), whose earlier tasks are the only ones
/// its own must wait for. The grid is cut into `bands` by `bands` blocks
/// (`Schedule::block_edges`), block `row * bands + column` being
/// `blocks[row * bands + column]` (`Schedule::block`), and a tile's
/// `blocks` are those its window is made of, in the order `taskErodeTile`
/// takes them (`Schedule::blocks_of`); `options` are the options as read
/// here, a plain object of texts, for `erosionRound` and the tasks (the
/// caller's object may hold getters, a prototype or a proxy, which a copy
/// to a worker loses or refuses). Throws `erode`'s message for bad
/// options and for heights of the wrong kind or size; their values are
/// not read (a `Float64Array` is not copied): the coordinator checks them,
/// and calls `erosionHeightRefused` for the message.
#[wasm_bindgen(js_name = erosionPlan)]
pub fn erosion_plan(heights: JsValue, options: JsValue) -> Result<Object, JsError> {
    let side = match typed_array_kind(&heights).as_deref() {
        Some("Float64Array") => exponent_of(
            heights.unchecked_ref::<Float64Array>().length() as usize,
            "erode",
        )
        .map(|exponent| (1usize << exponent) + 1)
        .map_err(|message| JsError::new(&message))?,
        _ => map_of(&heights, "erode", None)
            .map_err(|message| JsError::new(&message))?
            .side(),
    };
    // Each option read once: the workers get what was checked here.
    let texts = option_texts(&options, "erode", ERODE_EXAMPLE, erode_options)
        .map_err(|message| JsError::new(&message))?;
    let settings = read_texts(&texts)
        .map(|reading| droplets_of(&reading))
        .map_err(|message| JsError::new(&message))?;
    let schedule = schedule_of(side, &settings);
    let plan = Object::new();
    set(&plan, "options", texts_object(&texts));
    set(&plan, "side", side as u32);
    set(&plan, "width", schedule.width() as u32);
    set(&plan, "wrap", settings.wrap);
    set(&plan, "droplets", settings.droplets);
    set(&plan, "rounds", schedule.rounds(settings.droplets));
    set(&plan, "reach", schedule.reach() as u32);
    set(&plan, "across", schedule.across() as u32);
    set(&plan, "lifetime", settings.lifetime);
    set(&plan, "radius", settings.radius);
    let tiles = Array::new();
    for (place, tile) in schedule.tiles().iter().enumerate() {
        let entry = rectangle(&tile.window);
        set(&entry, "colour", tile.colour as u32);
        set(&entry, "touching", numbers(&schedule.touching(place)));
        set(&entry, "blocks", numbers(&schedule.blocks_of(place)));
        tiles.push(&entry);
    }
    set(&plan, "tiles", tiles);
    let bands = schedule.block_edges().len();
    let blocks: Array = (0..bands * bands)
        .map(|block| rectangle(&schedule.block(block)))
        .collect();
    set(&plan, "bands", bands as u32);
    set(&plan, "blocks", blocks);
    Ok(plan)
}

/// `{ x, y, width, height }` of a window or block, in grid points.
fn rectangle(window: &Window) -> Object {
    let object = Object::new();
    set(&object, "x", window.x as u32);
    set(&object, "y", window.y as u32);
    set(&object, "width", window.width as u32);
    set(&object, "height", window.height as u32);
    object
}

fn numbers(values: &[usize]) -> Uint32Array {
    let values: Vec<u32> = values.iter().map(|&value| value as u32).collect();
    Uint32Array::from(values.as_slice())
}

/// `erode`'s message for height number `index`, `value`, out of range.
#[wasm_bindgen(js_name = erosionHeightRefused)]
pub fn erosion_height_refused(index: u32, value: f64) -> String {
    height_refused(index as usize, value, "erosion")
}

/// The largest height magnitude erosion takes
/// (`terrain_core::erosion::MAX_ABS_HEIGHT`), for the coordinator's checks.
#[wasm_bindgen(js_name = erosionHeightLimit)]
pub fn erosion_height_limit() -> f64 {
    MAX_ABS_HEIGHT
}

/// How many round orders a worker keeps: tiles need not wait for a whole
/// round (`www/erode-async.js`), so one worker's tasks come from a few
/// neighbouring rounds at once.
const ORDERS_KEPT: usize = 4;

thread_local! {
    /// The last rounds ordered here, by `(side, settings, round)`, the
    /// latest last: a worker running several tiles of a round orders it
    /// once.
    static ORDERED: RefCell<Vec<(RoundKey, RoundOrder)>> = const { RefCell::new(Vec::new()) };
}

thread_local! {
    /// A task's blocks end to end, in this worker's module.
    static PIECES: RefCell<Vec<f64>> = const { RefCell::new(Vec::new()) };
}

type RoundKey = (usize, u64, bool, u32, u32, u32);

/// Runs `with` on round `round`'s order, made once per round here.
fn with_order<T>(
    side: usize,
    settings: &DropletSettings,
    schedule: &Schedule,
    round: u32,
    with: impl FnOnce(&RoundOrder) -> T,
) -> T {
    let key = (
        side,
        settings.seed,
        settings.wrap,
        settings.lifetime,
        settings.radius,
        round,
    );
    ORDERED.with_borrow_mut(|kept| {
        if let Some((_, order)) = kept.iter().find(|(known, _)| *known == key) {
            return with(order);
        }
        let random = terrain_core::PointRandom::new(
            settings.seed ^ terrain_core::erosion::droplets::STREAM_SALT,
        );
        let order = schedule.round_order(random, round);
        let result = with(&order);
        if kept.len() == ORDERS_KEPT {
            kept.remove(0);
        }
        kept.push((key, order));
        result
    })
}

/// How many droplets each tile (in schedule order) lets fall in round
/// `round` of `erode` with `options` on a map `side` points a side.
#[wasm_bindgen(js_name = erosionRound)]
pub fn erosion_round(side: u32, options: JsValue, round: u32) -> Result<Uint32Array, JsError> {
    let settings = settings_of(&options)?;
    let schedule = schedule_of(side as usize, &settings);
    let taken = schedule.taken(round, settings.droplets);
    let counts: Vec<u32> = with_order(side as usize, &settings, &schedule, round, |order| {
        (0..schedule.tiles().len())
            .map(|tile| order.tile(tile, taken).len() as u32)
            .collect()
    });
    Ok(Uint32Array::from(counts.as_slice()))
}

/// A worker task: droplets `from..to` of tile `tile`'s in round `round`
/// fall on its window, made of `blocks` (the heights of the plan's
/// `blocks` of the tile, in that order, each row by row: the coordinator
/// keeps the map in blocks and hands a task its window's own, moved, not
/// copied), nothing dug below `floor` (the lowest of the map's own
/// points). Returns `{ blocks, eroded, deposited, carried }`: the same
/// blocks, refilled with the window after the droplets, and what they
/// moved.
#[wasm_bindgen(js_name = taskErodeTile)]
#[allow(clippy::too_many_arguments)]
pub fn task_erode_tile(
    blocks: Array,
    side: u32,
    options: JsValue,
    round: u32,
    tile: u32,
    from: u32,
    to: u32,
    floor: f64,
) -> Result<Object, JsError> {
    let settings = settings_of(&options)?;
    // What the coordinator sends is checked as erode() checks its input:
    // a map's side, a floor that is one of its heights.
    let side = side as usize;
    let points = side.saturating_mul(side);
    exponent_of(points, "taskErodeTile").map_err(|message| JsError::new(&message))?;
    if first_refused_height(&[floor]).is_some() {
        return Err(JsError::new(&format!(
            "taskErodeTile: the floor {floor} is not a height erosion takes (within ±{MAX_ABS_HEIGHT})"
        )));
    }
    let schedule = schedule_of(side, &settings);
    let place = tile as usize;
    if place >= schedule.tiles().len() {
        return Err(JsError::new(&format!(
            "taskErodeTile: tile {tile} is not one of the plan's {}",
            schedule.tiles().len()
        )));
    }
    let sizes: Vec<usize> = (schedule.blocks_of(place).into_iter())
        .map(|block| schedule.block(block))
        .map(|block| block.width * block.height)
        .collect();
    let arrays: Vec<Float64Array> = blocks
        .iter()
        .filter_map(|block| block.dyn_into().ok())
        .collect();
    let got: Vec<usize> = arrays.iter().map(|block| block.length() as usize).collect();
    if arrays.len() != blocks.length() as usize || got != sizes {
        return Err(JsError::new(&format!(
            "taskErodeTile: tile {tile}'s window is {} blocks of {sizes:?} heights; got {} arrays of {got:?}",
            sizes.len(),
            blocks.length()
        )));
    }
    let taken = schedule.taken(round, settings.droplets);
    let droplets: Vec<u32> = with_order(side, &settings, &schedule, round, |order| {
        let all = order.tile(place, taken);
        let end = (to as usize).min(all.len());
        all[(from as usize).min(end)..end].to_vec()
    });
    let ledger = PIECES.with_borrow_mut(|pieces| {
        // Kept from task to task: a window's worth, not new (and zeroed)
        // memory each time.
        pieces.resize(sizes.iter().sum(), 0.0);
        for (block, range) in end_to_end(&arrays) {
            block.copy_to(&mut pieces[range]);
        }
        if let Some(at) = first_refused_height(pieces) {
            return Err(JsError::new(&format!(
                "taskErodeTile: tile {tile}'s window holds {}, a height erosion refuses (within ±{MAX_ABS_HEIGHT})",
                pieces[at]
            )));
        }
        let window = schedule.gather(place, pieces);
        let (heights, ledger) = erode_tile(window, &schedule, place, &settings, floor, &droplets);
        schedule.scatter(place, &heights, pieces);
        for (block, range) in end_to_end(&arrays) {
            block.copy_from(&pieces[range]);
        }
        Ok(ledger)
    })?;
    let result = Object::new();
    set(&result, "blocks", blocks);
    set(&result, "eroded", ledger.eroded);
    set(&result, "deposited", ledger.deposited);
    set(&result, "carried", ledger.carried);
    Ok(result)
}

/// Each of `blocks` with where it lies in the blocks laid end to end.
fn end_to_end(blocks: &[Float64Array]) -> impl Iterator<Item = (&Float64Array, Range<usize>)> {
    blocks.iter().scan(0, |at, block| {
        let start = *at;
        *at += block.length() as usize;
        Some((block, start..*at))
    })
}
