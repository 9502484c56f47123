// erodeAsync(heights, options, { signal, onProgress, workers }): erode()
// on every core, the same bits. The droplets fall in the order of the
// tiled schedule (crates/terrain-core/src/erosion/schedule.rs), which
// erode() follows too: round by round, each tile's droplets fall in the
// pool's workers on its window (the tile and the margin its droplets can
// reach). The map is kept here in blocks that windows are whole numbers
// of, and a task's blocks are moved to its worker and back, not copied. A
// tile's task waits only for the earlier tasks of the tiles whose windows
// share a point with its own (its neighbours), so tiles run side by side,
// of one colour or of neighbouring rounds, and the result does not depend
// on how many workers there are or on which finishes first.
//
// This file holds no module of its own: terrain.js and core.js hand it the
// loaded one with useModule(), and the pool's workers run its task
// (taskErodeTile).

import { abortError, asyncSettings, guarded, pool, slicer } from "./pool.js";

let wasm;
/** What erode() refuses beyond, the core's own limit. */
let maxAbsHeight;

/** Gives this file the loaded WebAssembly glue (terrain.js and core.js
 * call it once the module is ready). */
export function useModule(glue) {
  wasm = glue;
  maxAbsHeight = glue.erosionHeightLimit();
}

/** A task's share of work, in droplet steps weighted by the brush (about
 * 2 ns each in a browser): some 30 ms, so progress and abort come often. */
const TASK_WORK = 15e6;

/** `height` (at `index`), or erode()'s message for it if erode() refuses
 * it. Each task checks its window again in the module, which takes no
 * height it refuses whatever it is sent; checked here first, a bad
 * height gets erode()'s message, naming its place in the map. */
function accepted(height, index) {
  if (!(height >= -maxAbsHeight && height <= maxAbsHeight)) {
    throw new Error(wasm.erosionHeightRefused(index, height));
  }
  return height;
}

/** The lowest of the map's own points (with wrap the grid leaves out the
 * last row and column, which repeat the first), every height checked in
 * the order erode() checks them, so a bad height gets its message: the
 * same comparisons in the same order as the Rust fold, so the same bits.
 * It reads the map and copies nothing, 32 rows at a time. */
async function floorOf(heights, plan, slice) {
  const { side, wrap } = plan;
  const grid = wrap ? side - 1 : side;
  // A Float64Array's heights are numbers already: reading them so is about
  // twice as fast (40 against 75 to 130 ms at exponent 12).
  const read = heights instanceof Float64Array ? (index) => heights[index] : (index) => Number(heights[index]);
  const checked = (index) => accepted(read(index), index);
  let floor = Number.POSITIVE_INFINITY;
  for (let row = 0; row < grid; row++) {
    const start = row * side;
    for (let column = 0; column < grid; column++) {
      const value = checked(start + column);
      if (value < floor) floor = value;
    }
    if (wrap) checked(start + side - 1);
    if (row % 32 === 31) await slice();
  }
  if (wrap) for (let column = 0; column < side; column++) checked((side - 1) * side + column);
  return floor;
}

/** The map in the plan's blocks (block `row * bands + column`, each row
 * by row), which stays so while the droplets fall: a task is handed its
 * window's blocks themselves, moved to its worker and back, so this
 * thread copies no window. `fill(stopped)` copies the (checked) heights
 * into them tile by tile, in the schedule's order, 32 rows at a time, and
 * `filled(blocks)` settles once those are filled: the first tasks start
 * after a few blocks, not after the whole map (at exponent 12, copying
 * the map, the blocks' first touch, took 234 to 351 ms while every worker
 * waited). */
function blocksOf(heights, plan, slice) {
  const { side } = plan;
  const blocks = [];
  const settles = [];
  const fills = plan.blocks.map(
    (_, at) =>
      new Promise((resolve, reject) => {
        settles[at] = { resolve, reject };
      }),
  );
  // A copy of a row of a Float64Array is a memcpy; any other array is
  // read a number at a time, as erode() reads it.
  const copies = heights instanceof Float64Array;
  const fillBlock = async (at) => {
    const { x, y, width, height } = plan.blocks[at];
    const block = new Float64Array(width * height);
    for (let line = 0; line < height; line++) {
      const start = (y + line) * side + x;
      const into = line * width;
      if (copies) {
        block.set(heights.subarray(start, start + width), into);
      } else {
        for (let column = 0; column < width; column++) block[into + column] = Number(heights[start + column]);
      }
      // Checked again: the caller may have changed the map since floorOf
      // read it, and no height erode() refuses may reach a droplet.
      for (let column = 0; column < width; column++) accepted(block[into + column], start + column);
      if (line % 32 === 31) await slice();
    }
    blocks[at] = block;
    settles[at].resolve();
    await slice();
  };
  return {
    blocks,
    // `ats` may be a typed array, whose map() would make numbers of the promises.
    filled: (ats) => Promise.all(Array.from(ats, (at) => fills[at])),
    async fill(stopped) {
      const started = new Uint8Array(plan.blocks.length);
      try {
        for (const tile of plan.tiles) {
          for (const at of tile.blocks) {
            if (started[at]) continue;
            // A task failed: no tile will ask for more blocks.
            if (stopped()) return;
            started[at] = 1;
            await fillBlock(at);
          }
        }
      } catch (error) {
        // The tiles waiting for blocks stop with the same error (a block
        // filled already stays so).
        for (const { reject } of settles) reject(error);
        throw error;
      }
    },
  };
}

/** The map the blocks make, filled in block by block: `place(block)`
 * copies a block in once no tile's task will change it again, so most of
 * the map is filled (and its new memory first touched) while the last
 * tasks run, 32 rows at a time (with one tile, the block is the whole
 * map); `finish()` gives it, its last row and column, with wrap,
 * repeating the first (as erode() writes them). */
function mapOf(blocks, plan, slice) {
  const { side, wrap } = plan;
  const map = new Float64Array(side * side);
  return {
    async place(block) {
      const { x, y, width, height } = plan.blocks[block];
      for (let line = 0; line < height; line++) {
        map.set(blocks[block].subarray(line * width, (line + 1) * width), (y + line) * side + x);
        if (line % 32 === 31) await slice();
      }
    },
    finish() {
      if (wrap) {
        for (let row = 0; row < side - 1; row++) map[row * side + side - 1] = map[row * side];
        map.copyWithin((side - 1) * side, 0, side);
      }
      return map;
    },
  };
}

/** A new map: `heights` weathered by droplets, bit for bit what
 * erode(heights, options) gives, made in the pool's workers. Bad options
 * or heights of the wrong size reject at once, with erode()'s message;
 * aborting `signal` rejects with an AbortError; `onProgress(fraction)` is
 * called at least every 100 ms. */
export async function erodeAsync(heights, options, settings) {
  const read = asyncSettings(settings, "erodeAsync");
  const { signal, onProgress, settle } = guarded(read.signal, read.onProgress, "erodeAsync");
  return settle(eroding(heights, options, { signal, onProgress, workers: read.workers }));
}

/** erodeAsync's work, with its settings read and its callback guarded. */
async function eroding(heights, options, { signal, onProgress, workers }) {
  if (!wasm) throw new Error("erodeAsync needs the module: load terrain.js, or call init() first");
  // The options, read once here, travel as plan.options: a plain object
  // any worker can be sent (the caller's may hold getters or a proxy).
  const plan = wasm.erosionPlan(heights, options);
  const lanes = pool(workers);
  if (signal?.aborted) throw abortError("erodeAsync");
  const slice = slicer(signal, "erodeAsync");
  let done = 0;
  onProgress?.(0);
  const ticker = onProgress ? setInterval(() => onProgress(plan.droplets ? done / plan.droplets : 0), 40) : undefined;
  try {
    const floor = await floorOf(heights, plan, slice);
    const { blocks, filled, fill } = blocksOf(heights, plan, slice);
    const { side, tiles, rounds } = plan;
    const work = plan.lifetime * (8 + 3 * plan.radius * plan.radius);
    const chunk = Math.max(1, Math.floor(TASK_WORK / work));
    // Each tile's droplets a round, asked for once a round.
    const counts = [];
    const countsOf = (round) => {
      counts[round] ??= wasm.erosionRound(side, plan.options, round);
      return counts[round];
    };
    // A tile's task in a round waits for no colour, only for the tasks
    // before it in the schedule on windows that share a point with its
    // own: its touching tiles' in that round if they come earlier in it,
    // else in the round before. Tasks on windows that share no point
    // commute, so the bits are the schedule's whatever runs first; a fast
    // tile does not wait for the slowest tile of its colour.
    const weathered = mapOf(blocks, plan, slice);
    // How many tiles' windows hold each block and have rounds to run.
    const holders = new Uint32Array(plan.blocks.length);
    for (const tile of tiles) for (const block of tile.blocks) holders[block]++;
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
      const mine = tiles[place].blocks;
      await filled(mine);
      for (let round = 0; round < rounds; round++) {
        const count = countsOf(round)[place];
        if (count > 0) await readyFor(place, round);
        // A tile's droplets fall in order, a chunk at a time.
        for (let from = 0; from < count; from += chunk) {
          await slice();
          if (stopped) return;
          const to = Math.min(count, from + chunk);
          // The window's blocks go to the worker and come back refilled;
          // no other task has them meanwhile, since only windows that
          // share a point share a block, and those never run together.
          const window = Array.from(mine, (block) => blocks[block]);
          const args = [window, side, plan.options, round, place, from, to, floor];
          const transfer = window.map((block) => block.buffer);
          const result = await lanes.run("taskErodeTile", args, { transfer, signal });
          if (signal?.aborted) throw abortError("erodeAsync");
          if (stopped) return;
          for (let at = 0; at < mine.length; at++) blocks[mine[at]] = result.blocks[at];
          done += to - from;
        }
        passed[place] = round + 1;
        wake();
      }
      // The tile is done; a block no other tile will change is final.
      if (stopped) return;
      for (const block of mine) if (--holders[block] === 0) await weathered.place(block);
    };
    try {
      await Promise.all([fill(() => stopped), ...tiles.map((_, place) => runTile(place))]);
    } finally {
      // After a failure, the other tiles stop at their next step.
      stopped = true;
      wake();
    }
    const map = weathered.finish();
    onProgress?.(1);
    return map;
  } finally {
    clearInterval(ticker);
  }
}
