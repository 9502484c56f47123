// generateAsync() on the worker pool (issue 26): an 8-octave Perlin map at
// exponents 10 to 12, made by generate() on the page's main thread and by
// generateAsync() with 1 worker, 2 workers and all the pool's default
// (the machine's cores, at most 8), interleaved in one run so that the
// ratios compare like with like. Each async result is checked against
// generate()'s fingerprint.
//
//   cargo xtask build && node bench/pool.mjs [--samples N]
//
// Prints a Markdown table for BENCHMARKS.md. Uses Debian's Chromium
// ($CHROMIUM, else `chromium` on the PATH); never downloads a browser.

import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { measureOnEmptyPage } from "./empty-page.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const dist = join(root, "dist");
const samplesArgument = process.argv.indexOf("--samples");
const SAMPLES = samplesArgument > 0 ? Number(process.argv[samplesArgument + 1]) : 7;
if (!Number.isInteger(SAMPLES) || SAMPLES < 1) {
  console.error(`pool.mjs: --samples must be a whole number of at least 1; got ${process.argv[samplesArgument + 1]}`);
  process.exit(2);
}

/** Runs in the page: medians of interleaved samples, in milliseconds. */
async function measure({ samples }) {
  const { fingerprint, generate, generateAsync } = await import("/terrain.js");
  const { pool } = await import("/pool.js");
  const all = pool().size;
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const ways = [
    ["generate", () => generate(options)],
    ["1 worker", () => generateAsync(options, { workers: 1 })],
    ["2 workers", () => generateAsync(options, { workers: 2 })],
    [`${all} workers`, () => generateAsync(options)],
  ];
  let options;
  const rows = [];
  for (const exponent of [10, 11, 12]) {
    options = { algorithm: "perlin-noise", exponent, octaves: 8, seed: 7 };
    const expected = fingerprint(generate(options));
    const times = new Map(ways.map(([name]) => [name, []]));
    // One warm-up round (it starts the workers), not counted.
    for (const [, run] of ways) await run();
    const count = exponent === 12 ? Math.max(3, Math.ceil(samples / 2)) : samples;
    let same = true;
    for (let sample = 0; sample < count; sample++) {
      for (const [name, run] of ways) {
        const start = performance.now();
        const heights = await run();
        times.get(name).push(performance.now() - start);
        if (sample === 0) same &&= fingerprint(heights) === expected;
      }
    }
    rows.push({
      exponent,
      samples: count,
      same,
      ms: Object.fromEntries([...times].map(([name, list]) => [name, median(list)])),
    });
  }
  return { rows, names: ways.map(([name]) => name), cores: navigator.hardwareConcurrency };
}

async function main() {
  const { result, machine } = await measureOnEmptyPage({
    dist,
    path: "/pool-bench.html",
    title: "pool benchmark",
    measure,
    argument: { samples: SAMPLES },
  });
  const { rows, names } = result;
  console.log(`${machine}; 8-octave Perlin, medians of interleaved samples\n`);
  const [sync, one, two, all] = names;
  console.log(
    `| exponent | samples | ${sync}() ms | ${one} ms | ${two} ms | ${all} ms | 2 workers / 1 | ${all} / 1 | same bits |`,
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const { exponent, samples, same, ms } of rows) {
    console.log(
      `| ${exponent} | ${samples} | ${ms[sync].toFixed(0)} | ${ms[one].toFixed(0)} | ${ms[two].toFixed(0)} | ` +
        `${ms[all].toFixed(0)} | ${(ms[one] / ms[two]).toFixed(2)}× | ${(ms[one] / ms[all]).toFixed(2)}× | ${same ? "yes" : "NO"} |`,
    );
  }
  if (!rows.every((row) => row.same)) throw new Error("generateAsync gave other bits than generate");
}

main().catch((error) => {
  console.error(`pool.mjs: ${error?.message || error}`);
  process.exit(1);
});
