// What measuring a map costs in the browser (issue 24): analyze() on
// diamond-square maps at exponents 9 and 12, timed in headless Chromium on
// the page's main thread (where the Analyze panel measures), interleaved with
// generate() on the same map so that the ratios compare like with like.
// At exponent 12 it also times what the panel does with a big map: measure
// every 8th point across and down (513 x 513) instead of all 4097 x 4097.
//
//   cargo xtask build && node bench/analysis.mjs [--samples N]
//
// Prints a Markdown table for BENCHMARKS.md. Uses Debian's Chromium
// ($CHROMIUM, else `chromium` on the PATH); never downloads a browser.

import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { measureOnEmptyPage } from "./empty-page.mjs";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const dist = join(root, "dist");
const samplesArgument = process.argv.indexOf("--samples");
const SAMPLES = samplesArgument > 0 ? Number(process.argv[samplesArgument + 1]) : 15;
if (!Number.isInteger(SAMPLES) || SAMPLES < 1) {
  console.error(
    `analysis.mjs: --samples must be a whole number of at least 1; got ${process.argv[samplesArgument + 1]}`,
  );
  process.exit(2);
}

/** Runs in the page: medians of interleaved samples, in milliseconds. */
async function measure({ samples }) {
  const { analyze, generate } = await import("/terrain.js");
  const time = (work) => {
    const start = performance.now();
    work();
    return performance.now() - start;
  };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  /** Every `stride`-th point of a `side`-wide map, across and down. */
  const thinned = (heights, side, stride) => {
    const small = Math.floor((side - 1) / stride) + 1;
    const out = new Float64Array(small * small);
    for (let y = 0; y < small; y++) {
      for (let x = 0; x < small; x++) out[y * small + x] = heights[y * stride * side + x * stride];
    }
    return out;
  };
  const rows = [];
  for (const exponent of [9, 12]) {
    const options = { algorithm: "diamond-square", exponent, seed: 1 };
    const side = 2 ** exponent + 1;
    const heights = generate(options);
    const small = exponent > 9 ? thinned(heights, side, 2 ** (exponent - 9)) : null;
    const count = exponent > 9 ? Math.max(3, Math.ceil(samples / 3)) : samples;
    const times = { generate: [], analyze: [], panel: [] };
    // One warm-up round, not counted.
    generate(options);
    analyze(heights);
    for (let sample = 0; sample < count; sample++) {
      times.generate.push(time(() => generate(options)));
      times.analyze.push(time(() => analyze(heights)));
      if (small) times.panel.push(time(() => analyze(thinned(heights, side, 2 ** (exponent - 9)))));
    }
    const slope = analyze(heights).spectrum.slope;
    rows.push({
      exponent,
      side,
      samples: count,
      generateMs: median(times.generate),
      analyzeMs: median(times.analyze),
      panelMs: small ? median(times.panel) : median(times.analyze),
      slope,
    });
  }
  return { rows, userAgent: navigator.userAgent };
}

async function main() {
  const { result, machine } = await measureOnEmptyPage({
    dist,
    path: "/analysis-bench.html",
    title: "analysis benchmark",
    measure,
    argument: { samples: SAMPLES },
  });
  const { rows } = result;
  const frame = 1000 / 60;
  const format = (value, digits = 1) => value.toFixed(digits);
  console.log(`${machine}; medians of interleaved samples on the main thread\n`);
  console.log(
    "| exponent | points | samples | analyze() ms | generate() ms | analyze / generate | panel's measurement ms | of a 60 Hz frame | fitted slope |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.exponent} | ${row.side} × ${row.side} | ${row.samples} | ${format(row.analyzeMs)} | ` +
        `${format(row.generateMs)} | ${format(row.analyzeMs / row.generateMs, 2)} | ${format(row.panelMs)} | ` +
        `${format((100 * row.panelMs) / frame, 0)}% | ${format(row.slope, 2)} |`,
    );
  }
}

main().catch((error) => {
  console.error(`analysis.mjs: ${error?.message || error}`);
  process.exit(1);
});
