// The async calls on the worker pool (issue 26), at exponents 10 to 12:
//
// - generate: an 8-octave Perlin map made by generate() on the page's main
//   thread and by generateAsync() with 1 worker, 2 workers and the pool's
//   default (the machine's cores, at most 8);
// - erode: that map weathered by erode() on the page and by erodeAsync()
//   with as many workers, with droplets in proportion to the map's area
//   (100 000 at 513², as the erosion chapter) up to erode's most,
//   1 000 000: 400 000 at exponent 10, 1 000 000 at 11 and 12.
//
// Each exponent's ways are interleaved, sample by sample, so that the
// ratios compare like with like, and every async result is checked against
// the sync call's fingerprint (the "same bits" column). The workers are
// started by a warm-up round before the first exponent, not timed; a
// pool's workers idle for 30 s are let go, so a long erode() at exponent 12
// may make a pool start one again inside a timed call (tens of ms of
// seconds).
//
//   cargo xtask build && node bench/pool.mjs [--samples N] [--calls generate,erode] [--into]
//
// Prints Markdown tables for BENCHMARKS.md. Uses Debian's Chromium
// ($CHROMIUM, else `chromium` on the PATH); never downloads a browser.

import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { measureOnEmptyPage } from "./empty-page.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const dist = join(root, "dist");
const CALLS = ["generate", "erode"];

function argument(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
}

const SAMPLES = Number(argument("--samples", "7"));
if (!Number.isInteger(SAMPLES) || SAMPLES < 1) {
  console.error(`pool.mjs: --samples must be a whole number of at least 1; got ${argument("--samples")}`);
  process.exit(2);
}
const INTO = process.argv.includes("--into");
const calls = argument("--calls", CALLS.join(",")).split(",");
if (calls.length === 0 || !calls.every((call) => CALLS.includes(call))) {
  console.error(`pool.mjs: --calls is a list of ${CALLS.join(", ")} separated by commas; got ${argument("--calls")}`);
  process.exit(2);
}

/** Runs in the page: for each call and exponent, medians of interleaved
 * samples in milliseconds, and whether every async result had the sync
 * call's bits. */
async function measure({ samples, calls, into }) {
  const { erode, erodeAsync, fingerprint, generate, generateAsync } = await import("/terrain.js");
  const { pool } = await import("/pool.js");
  const all = pool().size;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const map = (exponent) => ({ algorithm: "perlin-noise", exponent, octaves: 8, seed: 7 });
  const droplets = (exponent) => Math.min(1_000_000, 100_000 * 4 ** (exponent - 9));
  // Each call's sync and async way, given the exponent's input.
  const made = {
    generate: {
      // With --into, the async calls write into an array kept from call
      // to call (generate's into), not a new one.
      input: (exponent) => ({
        options: map(exponent),
        into: into ? new Float64Array((2 ** exponent + 1) ** 2) : undefined,
      }),
      sync: ({ options }) => generate(options),
      async: ({ options, into }, workers) => generateAsync(options, { workers, into }),
      label: () => "",
    },
    erode: {
      input: (exponent) => ({ heights: generate(map(exponent)), options: { droplets: droplets(exponent), seed: 7 } }),
      sync: ({ heights, options }) => erode(heights, options),
      async: ({ heights, options }, workers) => erodeAsync(heights, options, { workers }),
      label: (exponent) => `${droplets(exponent)} droplets`,
    },
  };
  const names = ["sync", "1 worker", "2 workers", `default (${all})`];
  const workersOf = [undefined, 1, 2, undefined];
  // Starts every pool's workers, untimed.
  for (const workers of [1, 2, undefined]) await generateAsync(map(6), { workers });
  const tables = [];
  for (const call of calls) {
    const { input, sync, async: inWorkers, label } = made[call];
    const rows = [];
    for (const exponent of [10, 11, 12]) {
      const given = input(exponent);
      const ways = workersOf.map((workers, index) =>
        index === 0 ? () => sync(given) : () => inWorkers(given, workers),
      );
      const expected = fingerprint(sync(given));
      const times = names.map(() => []);
      const count = exponent === 12 ? Math.max(1, Math.ceil(samples / 2)) : samples;
      let same = true;
      for (let sample = 0; sample < count; sample++) {
        // Each sample starts with another way, and each way with no one
        // else's garbage: the sync call leaves a whole map behind, whose
        // collection would otherwise land in the next way's time.
        for (let turn = 0; turn < ways.length; turn++) {
          const index = (sample + turn) % ways.length;
          const run = ways[index];
          globalThis.gc?.();
          const start = performance.now();
          const heights = await run();
          times[index].push(performance.now() - start);
          if (index > 0) same &&= fingerprint(heights) === expected;
        }
      }
      rows.push({ exponent, samples: count, same, what: label(exponent), ms: times.map(median) });
    }
    tables.push({ call, rows });
  }
  return { tables, names };
}

async function main() {
  const { result, machine } = await measureOnEmptyPage({
    dist,
    path: "/pool-bench.html",
    title: "pool benchmark",
    measure,
    argument: { samples: SAMPLES, calls, into: INTO },
  });
  const { tables, names } = result;
  const target = INTO ? "; generateAsync into a kept array" : "";
  console.log(`${machine}; 8-octave Perlin maps, medians of interleaved samples${target}\n`);
  const [, , , all] = names;
  let same = true;
  for (const { call, rows } of tables) {
    const async = call === "generate" ? "generateAsync" : "erodeAsync";
    console.log(`\n${call}() against ${async}():\n`);
    console.log(
      `| exponent | samples | ${call}() ms | 1 worker ms | 2 workers ms | ${all} ms | 1 worker / ${call}() | ` +
        `2 workers / 1 | ${all} / 1 | same bits |`,
    );
    console.log("|---|---|---|---|---|---|---|---|---|---|");
    for (const { exponent, samples, same: bits, what, ms } of rows) {
      const [sync, one, two, every] = ms;
      console.log(
        `| ${exponent}${what ? ` (${what})` : ""} | ${samples} | ${sync.toFixed(0)} | ${one.toFixed(0)} | ` +
          `${two.toFixed(0)} | ${every.toFixed(0)} | ${(one / sync).toFixed(2)}× | ${(one / two).toFixed(2)}× | ` +
          `${(one / every).toFixed(2)}× | ${bits ? "yes" : "NO"} |`,
      );
      same &&= bits;
    }
  }
  if (!same) throw new Error("an async call gave other bits than its sync twin");
}

main().catch((error) => {
  console.error(`pool.mjs: ${error?.message || error}`);
  process.exit(1);
});
