// erodeAsync(heights, options, { signal, onProgress, workers }): erode()
// on every core, the same bits. The droplets fall in the order of the
// tiled schedule (crates/terrain-core/src/erosion/schedule.rs), which
// erode() follows too: each round, the tiles of one colour at a time run
// side by side in the pool's workers, each on its window (the tile and
// the margin its droplets can reach) cut out of the map here and pasted
// back when it returns. Windows of one colour share no point, so the
// result does not depend on how many workers there are or on which
// finishes first.
//
// This file holds no module of its own: terrain.js and core.js hand it the
// loaded one with useModule(), and the pool's workers run its task
// (taskErodeTile).

import { abortError, asyncSettings, pool, slicer } from "./pool.js";

let wasm;

/** Gives this file the loaded WebAssembly glue (terrain.js and core.js
 * call it once the module is ready). */
export function useModule(glue) {
  wasm = glue;
}

/** A task's share of work, in droplet steps weighted by the brush (about
 * 2 ns each in a browser): some 30 ms, so progress and abort come often. */
const TASK_WORK = 15e6;

/** What erode() refuses beyond. */
const MAX_ABS_HEIGHT = 1e6;

/** The rows of a window: where each starts in a map `side` wide whose own
 * points repeat every `width` (with wrap, a window row may run across the
 * seam, in two runs). Calls `each(mapStart, windowStart, length)`. */
function runs(tile, side, width, each) {
  const first = Math.min(tile.width, width - tile.x);
  for (let row = 0; row < tile.height; row++) {
    const start = ((tile.y + row) % width) * side + tile.x;
    const at = row * tile.width;
    each(start, at, first);
    if (first < tile.width) each(start - tile.x, at + first, tile.width - first);
  }
}

/** The tile's window of `map`, written into `into` (the buffer the tile's
 * last task gave back) or, the first time, a new array. */
function cut(map, side, width, tile, into) {
  const window = into ?? new Float64Array(tile.width * tile.height);
  runs(tile, side, width, (start, at, length) => {
    window.set(map.subarray(start, start + length), at);
  });
  return window;
}

function paste(map, side, width, tile, window) {
  runs(tile, side, width, (start, at, length) => {
    map.set(window.subarray(at, at + length), start);
  });
}

/** Our copy of `heights`, checked as erode() checks them, and the lowest
 * of the map's own points (the same comparisons as the Rust fold, so the
 * same bits), copied a few rows at a time. */
async function copyAndFloor(heights, plan, slice) {
  const { side, wrap } = plan;
  const own = wrap ? side - 1 : side;
  const map = new Float64Array(side * side);
  let floor = Number.POSITIVE_INFINITY;
  for (let row = 0; row < side; row++) {
    const start = row * side;
    for (let column = 0; column < side; column++) {
      const height = Number(heights[start + column]);
      if (!(height >= -MAX_ABS_HEIGHT && height <= MAX_ABS_HEIGHT)) {
        throw new Error(wasm.erosionHeightRefused(start + column, height));
      }
      map[start + column] = height;
      if (row < own && column < own && height < floor) floor = height;
    }
    if (row % 32 === 31) await slice();
  }
  return { map, floor };
}

/** A new map: `heights` weathered by droplets, bit for bit what
 * erode(heights, options) gives, made in the pool's workers. Bad options
 * or heights of the wrong size reject at once, with erode()'s message;
 * aborting `signal` rejects with an AbortError; `onProgress(fraction)` is
 * called at least every 100 ms. */
export async function erodeAsync(heights, options, settings) {
  const { signal, onProgress, workers } = asyncSettings(settings, "erodeAsync");
  if (!wasm) throw new Error("erodeAsync needs the module: load terrain.js, or call init() first");
  const plan = wasm.erosionPlan(heights, options);
  if (signal?.aborted) throw abortError("erodeAsync");
  const slice = slicer(signal, "erodeAsync");
  let done = 0;
  onProgress?.(0);
  const ticker = onProgress ? setInterval(() => onProgress(plan.droplets ? done / plan.droplets : 0), 40) : undefined;
  try {
    const { map, floor } = await copyAndFloor(heights, plan, slice);
    const { side, width } = plan;
    const lanes = pool(workers);
    const work = plan.lifetime * (8 + 3 * plan.radius * plan.radius);
    const chunk = Math.max(1, Math.floor(TASK_WORK / work));
    const buffers = plan.tiles.map(() => undefined);
    for (let round = 0; round < plan.rounds; round++) {
      const counts = wasm.erosionRound(side, options, round);
      for (let colour = 0; colour < 4; colour++) {
        const tiles = [];
        plan.tiles.forEach((tile, index) => {
          if (tile.colour === colour && counts[index] > 0) tiles.push(index);
        });
        // A tile's droplets fall in order, a chunk at a time; the tiles of
        // a colour at once. Each tile's window travels in one buffer, cut
        // into and pasted from here, filled in the worker, reused every
        // round: a new 300 KB to 3 MB array a task made the page's cutting
        // three times slower (allocation, first touch, collection).
        await Promise.all(
          tiles.map(async (index) => {
            const tile = plan.tiles[index];
            for (let from = 0; from < counts[index]; from += chunk) {
              await slice();
              const to = Math.min(counts[index], from + chunk);
              const window = cut(map, side, width, tile, buffers[index]);
              buffers[index] = undefined;
              const args = [window, side, options, round, index, from, to, floor];
              const result = await lanes.run("taskErodeTile", args, {
                transfer: [window.buffer],
                signal,
              });
              if (signal?.aborted) throw abortError("erodeAsync");
              paste(map, side, width, tile, result.heights);
              buffers[index] = result.heights;
              done += to - from;
            }
          }),
        );
      }
    }
    if (plan.wrap) {
      // The last row and column repeat the first, as erode() writes them.
      for (let row = 0; row < side - 1; row++) map[row * side + side - 1] = map[row * side];
      map.copyWithin((side - 1) * side, 0, side);
    }
    onProgress?.(1);
    return map;
  } finally {
    clearInterval(ticker);
  }
}
