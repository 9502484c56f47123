// erodeAsync(heights, options, { signal, onProgress, workers }): erode()
// on every core, the same bits. The droplets fall in the order of the
// tiled schedule (crates/terrain-core/src/erosion/schedule.rs), which
// erode() follows too: round by round, each tile's droplets fall in the
// pool's workers on its window (the tile and the margin its droplets can
// reach), cut out of the map here and pasted back when it returns. A
// tile's task waits only for the earlier tasks of the tiles whose windows
// share a point with its own (its neighbours), so tiles run side by side,
// of one colour or of neighbouring rounds, and the result does not depend
// on how many workers there are or on which finishes first.
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

/** Tile `tile`'s window on `map`, to cut out and paste back: its runs'
 * views of the map are made once, not at every cut (views made per run
 * were half the cutting's cost on the page, in a probe at exponent 10).
 * The window travels in one buffer, cut into here, filled in the worker,
 * pasted back and kept for the next cut: a new 300 KB to 3 MB array a
 * task made the page's cutting three times slower (allocation, first
 * touch, collection). */
function windowOn(map, side, width, tile) {
  const views = [];
  const starts = [];
  runs(tile, side, width, (start, at, length) => {
    views.push(map.subarray(start, start + length));
    starts.push(at);
  });
  let kept;
  return {
    /** The window's heights, in the buffer the last paste kept (or, the
     * first time, a new array), to be sent away. */
    cut() {
      const window = kept ?? new Float64Array(tile.width * tile.height);
      kept = undefined;
      for (let run = 0; run < views.length; run++) window.set(views[run], starts[run]);
      return window;
    },
    paste(window) {
      for (let run = 0; run < views.length; run++) {
        views[run].set(window.subarray(starts[run], starts[run] + views[run].length));
      }
      kept = window;
    },
  };
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
    const { side, width, tiles, rounds } = plan;
    const lanes = pool(workers);
    const work = plan.lifetime * (8 + 3 * plan.radius * plan.radius);
    const chunk = Math.max(1, Math.floor(TASK_WORK / work));
    // Each tile's droplets a round, asked for once a round.
    const counts = [];
    const countsOf = (round) => {
      counts[round] ??= wasm.erosionRound(side, options, round);
      return counts[round];
    };
    // A tile's task in a round waits for no colour, only for the tasks
    // before it in the schedule on windows that share a point with its
    // own: its touching tiles' in that round if they come earlier in it,
    // else in the round before. Tasks on windows that share no point
    // commute, so the bits are the schedule's whatever runs first; a fast
    // tile does not wait for the slowest tile of its colour.
    const passed = tiles.map(() => 0);
    const ready = (place, round) =>
      tiles[place].touching.every((other) => passed[other] >= round + (other < place ? 1 : 0));
    let waiting = [];
    let stopped = false;
    const wake = () => {
      waiting = waiting.filter(({ place, round, go }) => {
        if (!stopped && !ready(place, round)) return true;
        go();
        return false;
      });
    };
    const readyFor = (place, round) =>
      stopped || ready(place, round) ? undefined : new Promise((go) => waiting.push({ place, round, go }));
    const runTile = async (place) => {
      const window = windowOn(map, side, width, tiles[place]);
      for (let round = 0; round < rounds; round++) {
        const count = countsOf(round)[place];
        if (count > 0) await readyFor(place, round);
        // A tile's droplets fall in order, a chunk at a time.
        for (let from = 0; from < count; from += chunk) {
          await slice();
          if (stopped) return;
          const to = Math.min(count, from + chunk);
          const heights = window.cut();
          const args = [heights, side, options, round, place, from, to, floor];
          const result = await lanes.run("taskErodeTile", args, { transfer: [heights.buffer], signal });
          if (signal?.aborted) throw abortError("erodeAsync");
          if (stopped) return;
          window.paste(result.heights);
          done += to - from;
        }
        passed[place] = round + 1;
        wake();
      }
    };
    try {
      await Promise.all(tiles.map((_, place) => runTile(place)));
    } finally {
      // After a failure, the other tiles stop at their next step.
      stopped = true;
      wake();
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
