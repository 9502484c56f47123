// generateAsync(): generate() off the caller's thread, on a pool of workers
// (pool.js), with the same bits.
//
//   const heights = await generateAsync(
//     { algorithm: "perlin-noise", exponent: 12, octaves: 8, seed: 7 },
//     { signal, onProgress: (fraction) => …, workers: 4, into },
//   );
//
// A noise (value, Perlin, simplex, cellular: each point a pure function of
// its place) is made in bands of rows, a task each, spread over the
// workers; a normalized map is stretched by the whole map's lowest and
// highest sums, which only the bands together know, so each band reports
// its own and every band is stretched once they are all in: here, in the
// map they were copied into as they came, or, with power or terraces to
// apply as well, by a second round of tasks
// (crates/terrain-core/src/generators/noise/fractal/bands.rs).
// Subdivision algorithms are sequential by nature: one task in one worker.

import { abortError, asyncSettings, guarded, inThread, pool, slicer, whenAborted } from "./pool.js";

/** About how many points a band holds: 10 to 20 ms of an 8-octave noise,
 * so progress comes often and an abort stops little work, yet each band's
 * fixed cost (every octave's lattice and column tables) stays small. */
const POINTS_PER_BAND = 1 << 20;

/** How many points the page stretches or copies between looks at the
 * clock. */
const AT_ONCE = 1 << 16;

/** A signal that aborts with `signal` or when `stop()` is called (a band
 * failed, so the others' work is wasted). */
function linked(signal) {
  const controller = new AbortController();
  const stop = () => controller.abort();
  return { inner: controller.signal, stop, release: whenAborted(signal, stop) };
}

/** Heights of a generated map, as generate() returns them, made off the
 * caller's thread; see the README. */
export async function generateAsync(options, settings) {
  const read = asyncSettings(settings, "generateAsync", ["signal", "onProgress", "workers", "into"]);
  // Two calls writing one array would each stretch the other's bands.
  const buffer = ArrayBuffer.isView(read.into) ? read.into.buffer : null;
  if (beingWritten(read.into)) {
    throw new Error(
      "into is being written by another generateAsync call; give each call its own array, or wait for the other",
    );
  }
  const { signal, onProgress, settle } = guarded(read.signal, read.onProgress, "generateAsync");
  if (buffer) written.add(buffer);
  try {
    return await settle(generating(options, { signal, onProgress, workers: read.workers, into: read.into }));
  } finally {
    if (buffer) written.delete(buffer);
  }
}

/** The buffers of the `into` arrays that calls are writing now. */
const written = new WeakSet();

/** Whether `into` is a view of a buffer a call is writing now. */
function beingWritten(into) {
  return ArrayBuffer.isView(into) && written.has(into.buffer);
}

/** Throws if `settings.into` is an array a generateAsync call is writing,
 * for generate() (terrain.js, core.js) to refuse it: it would write over
 * the call's bands. The array is read from the settings' own property,
 * not through a getter, which is generate()'s to read, once. */
export function refuseWritten(settings) {
  if (settings === null || typeof settings !== "object") return;
  if (beingWritten(Object.getOwnPropertyDescriptor(settings, "into")?.value)) {
    throw new Error(
      "into is being written by a generateAsync call; give generate() an array of its own, or wait for the call",
    );
  }
}

/** generateAsync's work, with its settings read and its callback guarded. */
async function generating(options, { signal, onProgress, workers, into }) {
  const lanes = pool(workers);
  if (signal?.aborted) throw abortError("generateAsync");
  // Read here, so a bad option or `into` is refused with generate()'s very
  // message, before anything is written.
  const plan = inThread("generatePlan", options, into);
  onProgress?.(0);
  if (plan.rows === null) {
    // One task, which reports how far along it is as it goes.
    const heights = await lanes.run("taskGenerate", [plan.options], { signal, onProgress });
    if (into) {
      // Into the caller's array (never sent to a worker, which would
      // detach it from the caller), a piece at a time.
      const slice = slicer(signal, "generateAsync");
      for (let from = 0; from < heights.length; from += AT_ONCE) {
        await slice();
        into.set(heights.subarray(from, from + AT_ONCE), from);
      }
    }
    onProgress?.(1);
    return into ?? heights;
  }
  const { rows, side, finishing, onlyStretches } = plan;
  // Even band starts, so every band pairs its rows as the single pass does.
  const perBand = Math.max(2, 2 * Math.floor(POINTS_PER_BAND / side / 2));
  const bandRows = Math.min(perBand, Math.max(2, 2 * Math.ceil(rows / lanes.size / 2)));
  const starts = [];
  for (let start = 0; start < rows; start += bandRows) starts.push(start);
  const steps = starts.length * (finishing ? 2 : 1);
  let done = 0;
  const stepDone = () => {
    done += 1;
    if (done < steps) onProgress?.(done / steps);
  };
  // The caller's `into`, or made when the first band is in, in a task of
  // its own: zeroing 134 MB (exponent 12) takes a while, and the tasks
  // should be on their way first.
  let heights = into;
  const result = () => {
    heights ??= new Float64Array(side * side);
    return heights;
  };
  const { inner, stop, release } = linked(signal);
  try {
    // Bands copied into the map here as they come in (a stretch is then
    // done in place at the end): the map's first touch and the copy
    // overlap the making of the other bands rather than wait for the end.
    const copiedIn = !finishing || onlyStretches;
    // Two bands on their way per worker (one made while the other comes
    // back), each a runner that hands its worker back the band's buffer
    // it has copied from, for the next: a band's copy out of the module
    // then goes to memory already touched (see taskGenerateRows).
    const bands = [];
    let next = 0;
    const runner = async () => {
      let spare = null;
      while (next < starts.length) {
        const index = next++;
        const start = starts[index];
        const end = Math.min(start + bandRows, rows);
        const args = [plan.options, start, end, spare];
        const transfer = spare ? [spare.buffer] : [];
        const band = await lanes.run("taskGenerateRows", args, { transfer, signal: inner });
        stepDone();
        if (copiedIn) {
          result().set(band.heights, start * side);
          spare = new Float64Array(band.heights.buffer);
          bands[index] = { start, low: band.low, high: band.high };
        } else bands[index] = { start, ...band };
      }
    };
    const runners = Math.min(starts.length, 2 * lanes.size);
    await Promise.all(Array.from({ length: runners }, runner)).catch(fail);
    if (finishing) {
      // The whole map's extent, combined as the single pass finds it.
      const [low, high] = inThread(
        "combineExtents",
        Float64Array.from(bands, (band) => band.low),
        Float64Array.from(bands, (band) => band.high),
      );
      if (onlyStretches) {
        // Stretched here, in place, where sending every band back to a
        // worker would copy it four more times. In pieces of a millisecond
        // or so, the page getting its turn every few.
        const slice = slicer(signal, "generateAsync");
        const map = result();
        for (const [index, band] of bands.entries()) {
          const end = index + 1 < bands.length ? bands[index + 1].start * side : rows * side;
          for (let from = band.start * side; from < end; from += AT_ONCE) {
            await slice();
            inThread("stretchRows", map.subarray(from, Math.min(end, from + AT_ONCE)), low, high);
          }
          stepDone();
        }
      } else
        await Promise.all(
          bands.map(async (band) => {
            const transfer = [band.heights.buffer];
            const args = [plan.options, band.heights, low, high];
            const finished = await lanes.run("taskFinishRows", args, { transfer, signal: inner });
            stepDone();
            result().set(finished, band.start * side);
          }),
        ).catch(fail);
    }
  } finally {
    release();
  }
  // A tileable map's last row is its first.
  if (rows < side) result().copyWithin(rows * side, 0, side);
  onProgress?.(1);
  return result();

  function fail(error) {
    stop();
    throw signal?.aborted ? abortError("generateAsync") : error;
  }
}
