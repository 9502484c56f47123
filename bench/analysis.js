// The Analyze panel's cost (issue 24), on the benchmark page: what the
// panel computes for each new map a demo shows, at exponents 8, 9 and 10,
// each part separately, on the page's main thread (where the panel
// measures), entirely inside WebAssembly (benchmarkAnalysis in
// crates/terrain-web/src/analysis_bench.rs), beside the least any measure
// costs: reading the measured map once (the floor). At exponent 10 the
// panel measures every second point across and down (513 x 513), so its
// parts there are those of a 513 x 513 map, plus the thinning.
//
// As everywhere on this page, the parts are warmed up first, then take
// their samples in interleaved rounds, and medians are compared; the
// runner (bench/run.mjs) also lets the page read its main thread's CPU
// time, which leaves out waiting for a core on a busy machine.

import { benchmarkAnalysis } from "../terrain.js";
import { measure } from "./chapters.js";

/** A 60 Hz frame, in milliseconds: what the panel's measuring is held to. */
export const FRAME_MS = 1000 / 60;

export const ANALYSIS_SETTINGS = {
  full: { exponents: [8, 9, 10], warmUpMs: 300, samples: 21 },
  quick: { exponents: [8, 9, 10], warmUpMs: 100, samples: 7 },
};

const SEED = 7;

/** The parts, in table order: `part` as benchmarkAnalysis names it. */
const PARTS = [
  { part: "floor", label: "floor: read the measured map once" },
  { part: "thin", label: "thin to 513 × 513 (above exponent 9)" },
  { part: "spread", label: "moments, height histogram, hypsometric curve" },
  { part: "spectrum", label: "spectrum: transform, rings, fit, 2D picture" },
  { part: "slope", label: "slope histogram and steepest slope" },
  { part: "roughness", label: "roughness" },
  { part: "analysis", label: "the panel's analysis (all of the above)" },
  { part: "panel", label: "analysis + the plots' markup and picture" },
];

/** Times every part at every exponent; medians in ms, and each part's
 * median over the floor's (in wall-clock time only: the floor's fraction
 * of a millisecond is below what the CPU clock, read through DevTools,
 * can tell from its own cost). */
export async function runAnalysisBenchmark(settings, report = () => {}) {
  const rows = [];
  for (const exponent of settings.exponents) {
    const parts = PARTS.filter(({ part }) => part !== "thin" || exponent > 9);
    const cases = parts.map(({ part, label }) => ({
      part,
      label,
      exponent,
      samples: settings.samples,
      run: () => benchmarkAnalysis(part, exponent, SEED),
      keep: (value) => (Number.isFinite(value) ? 1 : 0),
    }));
    report(`analysis: exponent ${exponent}`);
    const measured = await measure(cases, settings.warmUpMs);
    const floor = measured.find((m) => m.part === "floor");
    for (const m of measured) {
      rows.push({
        ...m,
        overFloor: m.medianMs / floor.medianMs,
        ofFrame: m.medianMs / FRAME_MS,
      });
    }
  }
  return { seed: SEED, frameMs: FRAME_MS, rows };
}
