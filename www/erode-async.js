// erodeAsync(): erode() off the caller's thread, with the same bits.
//
//   const weathered = await erodeAsync(heights, { droplets: 1_000_000, seed: 7 }, { signal, onProgress, workers });
//
// For now the whole erosion is one task in one worker of the pool
// (pool.js); a tiled schedule that spreads it over every worker replaces
// this file. `heights` is copied to the worker, so the caller keeps it.

import { asyncSettings } from "./generate-async.js";
import { abortError, pool } from "./pool.js";

/** Takes the loaded WebAssembly glue, as the tiled erodeAsync that
 * replaces this file needs it to (terrain.js and core.js call it once the
 * module is ready); this one-task version runs everything in the pool. */
export function useModule(_glue) {}

/** Heights of a map eroded by droplets, as erode() returns them, made off
 * the caller's thread; see the README. */
export async function erodeAsync(heights, options, settings) {
  const { signal, onProgress, workers } = asyncSettings(settings, "erodeAsync");
  const lanes = pool(workers);
  if (signal?.aborted) throw abortError("erodeAsync");
  onProgress?.(0);
  const eroded = await lanes.run("taskErode", [heights, options], { signal });
  onProgress?.(1);
  return eroded;
}
