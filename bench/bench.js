// The benchmark page's runner: times our WebAssembly generators, our
// generate() (which adds the copy into a Float64Array), the posts' algorithms
// in plain JavaScript (posts.js) and the memory floor, side by side in one
// page, and reports medians, ns per point and ratios.
//
// On a noisy machine only ratios measured together mean anything, so for
// each exponent every case is first warmed up and calibrated, then the cases
// take their timed samples in interleaved rounds (one sample of each case per
// round): a burst of noise hits them all rather than one. A sample runs its
// case `batch` times, enough to last several milliseconds, because the
// browser's clock is coarse and a small map takes microseconds.
//
// After the generators come the noise and erosion benchmarks of chapters 4
// and 5 (chapters.js), then the Analyze panel's measuring (analysis.js).
//
// Query options: ?quick=1 (exponents 4 to 10, fewer samples), ?auto=1 (start
// at once; bench/run.mjs uses it), ?exponents=4-8 (any range within 1-12),
// ?suites=noise,erosion (any of generators, noise, erosion, analysis; all by
// default).
// Results go on the page and into window.benchmarkResults.

import { benchmarkRun, generate } from "../terrain.js";
import { ANALYSIS_SETTINGS, runAnalysisBenchmark } from "./analysis.js";
import { analysisTable } from "./analysis-table.js";
import { ALGORITHMS, SHORT } from "./cases.js";
import { CHAPTER_SETTINGS, runErosionBenchmark, runNoiseBenchmark } from "./chapters.js";
import * as posts from "./posts.js";

const POSTS = {
  "random-noise": posts.randomNoise,
  "midpoint-displacement": posts.midpointDisplacement,
  "recursive-midpoint-displacement": posts.recursiveMidpointDisplacement,
  "diamond-square": posts.diamondSquare,
};

const SEED = 7;

/** The benchmarks the page can run, in order. */
export const SUITES = ["generators", "noise", "erosion", "analysis"];

export const SETTINGS = {
  full: {
    exponents: [4, 5, 6, 7, 8, 9, 10, 11, 12],
    tierUpMs: 400,
    warmUpMs: 150,
    targetMs: 750,
    minSamples: 5,
    // Maps of 2049 and 4097 points a side take up to a second per run in
    // the posts' JavaScript; five samples of each still keep the run short.
    minSamplesLarge: 5,
    maxSamples: 50,
    minSampleMs: 8,
    // A case whose single run takes longer than this is timed once (its
    // warm-up run) and marked capped; one predicted to take longer at the
    // next exponent is skipped from there on.
    capMs: 20_000,
    suites: SUITES,
    ...CHAPTER_SETTINGS.full,
    analysis: ANALYSIS_SETTINGS.full,
  },
  quick: {
    exponents: [4, 5, 6, 7, 8, 9, 10],
    tierUpMs: 150,
    warmUpMs: 50,
    targetMs: 200,
    minSamples: 3,
    minSamplesLarge: 3,
    maxSamples: 15,
    minSampleMs: 5,
    capMs: 5_000,
    suites: SUITES,
    ...CHAPTER_SETTINGS.quick,
    analysis: ANALYSIS_SETTINGS.quick,
  },
};

/** Every case, in table order; `run(exponent)` returns a number to keep. */
export function cases() {
  const list = [];
  for (const algorithm of ALGORITHMS) {
    list.push({
      id: `wasm:${algorithm}`,
      kind: "wasm",
      algorithm,
      label: `wasm ${SHORT[algorithm]}`,
      run: (exponent) => benchmarkRun(algorithm, exponent, SEED),
    });
  }
  // Random noise through the public API is the cheapest map: it is less
  // work in wasm than the floor, so what it costs beyond the floor is the
  // API's own (reading the options, the heights into a new Float64Array).
  for (const algorithm of ["random-noise", "diamond-square"]) {
    list.push({
      id: `generate:${algorithm}`,
      kind: "generate",
      algorithm,
      label: `generate() ${SHORT[algorithm]}`,
      run: (exponent) => {
        const heights = generate({ algorithm, exponent, seed: SEED });
        return heights[heights.length >> 1];
      },
    });
  }
  // The same call writing into one array kept from call to call, and what
  // any call returning a new array pays at the least: copying a map's
  // heights (from memory already touched) into a new Float64Array. The new
  // array's first writes are most of that: the reason generate() alone
  // cannot come near the floor.
  const kept = new Map();
  const keptFor = (exponent) => {
    if (!kept.has(exponent)) kept.set(exponent, new Float64Array(points(exponent)).fill(0.5));
    return kept.get(exponent);
  };
  list.push({
    id: "generate-into:random-noise",
    kind: "generate",
    algorithm: "random-noise",
    label: "generate() noise into a kept array",
    run: (exponent) => {
      const heights = generate({ algorithm: "random-noise", exponent, seed: SEED }, { into: keptFor(exponent) });
      return heights[heights.length >> 1];
    },
  });
  list.push({
    id: "new-array",
    kind: "floor",
    algorithm: null,
    label: "a map copied into a new array",
    run: (exponent) => {
      const heights = keptFor(exponent).slice();
      return heights[heights.length >> 1];
    },
  });
  for (const [algorithm, generator] of Object.entries(POSTS)) {
    list.push({
      id: `posts:${algorithm}`,
      kind: "posts",
      algorithm,
      label: `posts' JS ${SHORT[algorithm]}`,
      run: (exponent) => {
        const heights = posts.heightsOf(generator(exponent));
        return heights[heights.length >> 1];
      },
    });
  }
  list.push({
    id: "floor",
    kind: "floor",
    algorithm: null,
    label: "floor",
    run: (exponent) => benchmarkRun("streaming-floor", exponent, SEED),
  });
  return list;
}

const points = (exponent) => ((1 << exponent) + 1) ** 2;

// Results flow into this so no run's output is dead code.
let sink = 0;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Every implementation's output at a few sizes: the right length, no NaN,
 * in [0, 1], and spanning exactly [0, 1] when normalized. Our wasm is checked
 * through generate(), which runs the same generator; benchmarkRun's checksum
 * must be a finite number.
 */
export function selfCheck() {
  const problems = [];
  const checks = [];
  const inspect = (name, exponent, heights, normalized) => {
    let min = Infinity;
    let max = -Infinity;
    let nan = 0;
    for (let i = 0; i < heights.length; i++) {
      const value = heights[i];
      if (typeof value !== "number" || Number.isNaN(value)) nan++;
      else {
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
    const expected = points(exponent);
    const ok = heights.length === expected && nan === 0 && (normalized ? min === 0 && max === 1 : min >= 0 && max < 1);
    checks.push({ name, exponent, length: heights.length, min, max, nan, ok });
    if (!ok) {
      problems.push(
        `${name} at exponent ${exponent}: length ${heights.length} (want ${expected}), ` +
          `min ${min}, max ${max}, ${nan} NaN`,
      );
    }
  };
  for (const exponent of [1, 2, 5, 8]) {
    for (const algorithm of ALGORITHMS) {
      // A 3 x 3 or 5 x 5 Perlin map may sample only lattice points, where
      // the noise is 0: flat, so not stretched to [0, 1].
      if (algorithm === "perlin-noise" && exponent < 5) continue;
      const heights = generate({ algorithm, exponent, seed: SEED });
      inspect(`wasm ${algorithm}`, exponent, heights, algorithm !== "random-noise");
      const checksum = benchmarkRun(algorithm, exponent, SEED);
      if (!Number.isFinite(checksum)) problems.push(`benchmarkRun(${algorithm}, ${exponent}) gave ${checksum}`);
    }
    for (const [algorithm, generator] of Object.entries(POSTS)) {
      inspect(`posts' ${algorithm}`, exponent, posts.heightsOf(generator(exponent)), algorithm !== "random-noise");
    }
    const floor = benchmarkRun("streaming-floor", exponent, SEED);
    if (!Number.isFinite(floor)) problems.push(`benchmarkRun(streaming-floor, ${exponent}) gave ${floor}`);
  }
  return { ok: problems.length === 0, problems, checks };
}

/** Warm a case up and choose its batch size and sample count. */
function calibrate(testCase, exponent, settings) {
  let runs = 0;
  let first = 0;
  let last = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    const before = performance.now();
    sink += testCase.run(exponent);
    last = performance.now() - before;
    if (runs === 0) first = last;
    runs++;
    elapsed = performance.now() - start;
  } while (elapsed < settings.warmUpMs && last < settings.capMs);
  // One run of a small map is far below the clock's resolution (100 µs
  // unless the page is cross-origin isolated), so estimate from all the runs
  // after the first, which may include compiling.
  const perRun = Math.max(runs > 2 ? (elapsed - first) / (runs - 1) : last, 0.0001);
  const batch = Math.max(1, Math.ceil(settings.minSampleMs / perRun));
  const sampleMs = batch * perRun;
  const least = exponent >= 11 ? settings.minSamplesLarge : settings.minSamples;
  const samples = Math.min(settings.maxSamples, Math.max(least, Math.round(settings.targetMs / sampleMs)));
  return { warmUpRuns: runs, perRun, batch, samples, capped: last >= settings.capMs };
}

/**
 * Runs the suites `settings.suites` names. `report(message)` gets progress
 * lines. Returns the results object (also the shape of
 * bench/results/latest.json, less what run.mjs adds).
 */
export async function runBenchmark(settings, report = () => {}) {
  const started = new Date();
  const results = {
    date: started.toISOString(),
    userAgent: navigator.userAgent,
    hardwareConcurrency: navigator.hardwareConcurrency,
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    settings,
    seed: SEED,
  };
  if (settings.suites.includes("generators")) Object.assign(results, await runGenerators(settings, report));
  if (settings.suites.includes("noise")) results.noise = await runNoiseBenchmark(settings.noise, report);
  if (settings.suites.includes("erosion")) results.erosion = await runErosionBenchmark(settings.erosion, report);
  if (settings.suites.includes("analysis")) results.analysis = await runAnalysisBenchmark(settings.analysis, report);
  results.finished = new Date().toISOString();
  results.sink = sink;
  return results;
}

/** Times every generator case at every exponent. */
async function runGenerators(settings, report) {
  const list = cases();
  const check = selfCheck();
  report(check.ok ? "self-check passed" : `self-check FAILED: ${check.problems.join("; ")}`);
  if (!check.ok) throw new Error(`self-check failed: ${check.problems.join("; ")}`);

  // Tier everything up first (V8 compiles wasm with a baseline compiler and
  // optimizes hot functions later, and JavaScript likewise), so the first
  // exponent is not timed on unoptimized code.
  const warmExponent = Math.min(6, settings.exponents.at(-1));
  for (const testCase of list) {
    const start = performance.now();
    while (performance.now() - start < settings.tierUpMs) sink += testCase.run(warmExponent);
    await pause();
  }
  report(`warmed up every case at exponent ${warmExponent}`);

  const measurements = [];
  // Cases dropped at larger exponents, with the reason.
  const skipped = new Map();
  for (const exponent of settings.exponents) {
    const n = points(exponent);
    const active = [];
    for (const testCase of list) {
      const entry = {
        id: testCase.id,
        kind: testCase.kind,
        algorithm: testCase.algorithm,
        label: testCase.label,
        exponent,
        points: n,
      };
      measurements.push(entry);
      if (skipped.has(testCase.id)) {
        entry.skipped = skipped.get(testCase.id);
        continue;
      }
      await pause();
      const plan = calibrate(testCase, exponent, settings);
      Object.assign(entry, { batch: plan.batch, warmUpRuns: plan.warmUpRuns, samplesMs: [] });
      if (plan.capped) {
        // Too slow to repeat: its one warm-up run stands as the result.
        entry.capped = `one run took ${(plan.perRun / 1000).toFixed(1)} s (over ${settings.capMs / 1000} s): timed once`;
        entry.samplesMs.push(plan.perRun);
        skipped.set(testCase.id, `skipped: ${testCase.label} was capped at exponent ${exponent}`);
        continue;
      }
      active.push({ testCase, entry, plan });
    }

    const rounds = Math.max(0, ...active.map(({ plan }) => plan.samples));
    for (let round = 0; round < rounds; round++) {
      for (const { testCase, entry, plan } of active) {
        if (round >= plan.samples) continue;
        const before = performance.now();
        for (let i = 0; i < plan.batch; i++) sink += testCase.run(exponent);
        entry.samplesMs.push((performance.now() - before) / plan.batch);
      }
      await pause();
    }

    for (const { testCase, entry } of active) {
      const runMs = median(entry.samplesMs);
      // Cost per run roughly quadruples with each exponent; past the cap,
      // stop rather than hang the page.
      const predictedNextMs = runMs * 4.5;
      if (predictedNextMs > settings.capMs && !skipped.has(testCase.id)) {
        skipped.set(
          testCase.id,
          `skipped: about ${(predictedNextMs / 1000).toFixed(0)} s per run predicted after ` +
            `${runMs.toFixed(0)} ms at exponent ${exponent}`,
        );
      }
    }
    for (const entry of measurements.filter((m) => m.exponent === exponent && m.samplesMs)) {
      entry.runs = entry.samplesMs.length * (entry.batch || 1);
      entry.samples = entry.samplesMs.length;
      entry.medianMs = median(entry.samplesMs);
      entry.minMs = Math.min(...entry.samplesMs);
      entry.nsPerPoint = (entry.medianMs * 1e6) / n;
    }
    const line = measurements
      .filter((m) => m.exponent === exponent)
      .map((m) => `${m.label} ${m.medianMs === undefined ? "-" : m.nsPerPoint.toFixed(2)}`)
      .join(", ");
    report(`exponent ${exponent} (ns/point): ${line}`);
  }

  return {
    selfCheck: check,
    cases: list.map(({ id, kind, algorithm, label }) => ({ id, kind, algorithm, label })),
    measurements,
    ratios: ratios(measurements, settings.exponents),
  };
}

/**
 * Per exponent: posts' JS / our wasm for each algorithm the posts have, our
 * wasm / the floor for each algorithm, and generate() / wasm for
 * diamond-square (the cost of the copy out), generate() of random noise
 * / the floor (the public API against the least a map costs), the same
 * into a kept array, and a map's copy into a new array / the floor (what
 * returning a new array costs by itself). Ratios of medians from the same
 * run.
 */
export function ratios(measurements, exponents) {
  const find = (id, exponent) =>
    measurements.find((m) => m.id === id && m.exponent === exponent && m.medianMs !== undefined);
  const ratio = (a, b) => (a && b ? a.medianMs / b.medianMs : null);
  return exponents.map((exponent) => {
    const floor = find("floor", exponent);
    const row = { exponent, postsOverWasm: {}, wasmOverFloor: {}, postsOverFloor: {} };
    for (const algorithm of ALGORITHMS) {
      const wasm = find(`wasm:${algorithm}`, exponent);
      row.wasmOverFloor[algorithm] = ratio(wasm, floor);
      if (POSTS[algorithm]) {
        const js = find(`posts:${algorithm}`, exponent);
        row.postsOverWasm[algorithm] = ratio(js, wasm);
        row.postsOverFloor[algorithm] = ratio(js, floor);
      }
    }
    row.generateOverWasm = ratio(find("generate:diamond-square", exponent), find("wasm:diamond-square", exponent));
    row.generateNoiseOverFloor = ratio(find("generate:random-noise", exponent), floor);
    row.generateIntoNoiseOverFloor = ratio(find("generate-into:random-noise", exponent), floor);
    row.newArrayOverFloor = ratio(find("new-array", exponent), floor);
    return row;
  });
}

// ---------------------------------------------------------------------------
// The page: controls, progress and tables.

function format(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  if (value >= 1000) return value.toFixed(0);
  return value.toPrecision(digits);
}

function table(caption, headers, rows) {
  const element = document.createElement("table");
  element.createCaption().textContent = caption;
  const head = element.createTHead().insertRow();
  for (const header of headers) {
    const cell = document.createElement("th");
    cell.textContent = header;
    head.append(cell);
  }
  const body = element.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((value, index) => {
      const cell = index === 0 ? document.createElement("th") : document.createElement("td");
      cell.textContent = value;
      tr.append(cell);
    });
  }
  return element;
}

function render(results, into) {
  into.replaceChildren();
  if (results.measurements) renderGenerators(results, into);
  if (results.noise) renderNoise(results.noise, into);
  if (results.erosion) renderErosion(results.erosion, into);
  if (results.analysis) {
    const { title, head, rows } = analysisTable(results.analysis, format);
    into.append(table(title, head, rows));
  }
}

function renderNoise(noise, into) {
  const { verdict } = noise;
  into.append(
    table(
      `Noise: 8-octave fBm of a ${noise.side} × ${noise.side} map (same run)`,
      ["case", "median ms", "fastest ms", "ns per point", "time / ours"],
      noise.measurements.map((m) => [
        m.label,
        format(m.medianMs),
        format(m.minMs),
        format((m.medianMs * 1e6) / noise.points),
        format(m.overOurs),
      ]),
    ),
  );
  const summary = document.createElement("p");
  summary.textContent =
    `Ours: ${format(verdict.oursMs)} ms (target: under ${verdict.oursUnderMs}); ` +
    (verdict.fastestPackage
      ? `${format(verdict.speedUp)} times faster than ${verdict.fastestPackage} each into a new array, ` +
        `${format(verdict.kept.speedUp)} times each into a kept array (target: at least ${verdict.speedUpAtLeast}).`
      : `no package to compare with (${noise.missing.join("; ")}).`);
  into.append(summary);
}

function renderErosion(erosion, into) {
  const { verdict } = erosion;
  into.append(
    table(
      `Erosion: droplets on a 513 × 513 diamond-square map (same run)`,
      [
        "droplets",
        "lifetime",
        "radius",
        "ours ms",
        "JS ms",
        "JS / ours",
        "steps/droplet",
        `ours droplets/s (${erosion.table[0].costBasis})`,
        `ours µs/droplet (${erosion.table[0].costBasis}, less the call)`,
        `ours ns/step (${erosion.table[0].costBasis}, less the call)`,
      ],
      erosion.table.map((row) => [
        String(row.droplets),
        String(row.lifetime),
        String(row.radius),
        format(row.oursMs),
        format(row.jsMs),
        format(row.jsOverOurs),
        format(row.stepsPerDroplet),
        format(row.oursDropletsPerSecond),
        format(row.microsecondsPerDroplet),
        format(row.nanosecondsPerStep),
      ]),
    ),
  );
  const summary = document.createElement("p");
  summary.textContent =
    `100 000 droplets: ${format(verdict.oursMs)} ms (target: under ${verdict.oursUnderMs}); ` +
    `${format(verdict.speedUp)} times the JavaScript's speed (target: at least ${verdict.speedUpAtLeast}).`;
  into.append(summary);
}

function renderGenerators(results, into) {
  const { measurements, cases: list } = results;
  const exponents = results.settings.exponents;
  const at = (id, exponent) => measurements.find((m) => m.id === id && m.exponent === exponent);
  const cell = (id, exponent, field) => {
    const m = at(id, exponent);
    if (!m || m.medianMs === undefined) return "skipped";
    return format(m[field]) + (m.capped ? " (1 run)" : "");
  };
  const headers = ["exponent", ...list.map((c) => c.label)];
  into.append(
    table(
      "Median time per run (ms)",
      headers,
      exponents.map((e) => [`${e} (${points(e)} points)`, ...list.map((c) => cell(c.id, e, "medianMs"))]),
    ),
    table(
      "Median ns per point",
      headers,
      exponents.map((e) => [String(e), ...list.map((c) => cell(c.id, e, "nsPerPoint"))]),
    ),
  );
  const withPosts = ALGORITHMS.filter((a) => POSTS[a]);
  into.append(
    table(
      "Ratios of medians (same run)",
      [
        "exponent",
        ...withPosts.map((a) => `posts' JS / wasm ${SHORT[a]}`),
        ...ALGORITHMS.map((a) => `wasm ${SHORT[a]} / floor`),
        "generate() / wasm ds",
        "generate() noise / floor",
        "generate() noise into a kept array / floor",
        "a new array alone / floor",
      ],
      results.ratios.map((row) => [
        String(row.exponent),
        ...withPosts.map((a) => format(row.postsOverWasm[a])),
        ...ALGORITHMS.map((a) => format(row.wasmOverFloor[a])),
        format(row.generateOverWasm),
        format(row.generateNoiseOverFloor),
        format(row.generateIntoNoiseOverFloor),
        format(row.newArrayOverFloor),
      ]),
    ),
  );
  const target = results.ratios.find((row) => row.exponent === 10);
  if (target) {
    const summary = document.createElement("p");
    summary.textContent =
      `Diamond-square at exponent 10: posts' JS / wasm = ${format(target.postsOverWasm["diamond-square"])} ` +
      `(target: at least 15); wasm / floor = ${format(target.wasmOverFloor["diamond-square"])} (target: at most 2).`;
    into.append(summary);
  }
  const notes = measurements.filter((m) => m.capped || m.skipped);
  if (notes.length) {
    const list = document.createElement("ul");
    for (const m of notes) {
      const item = document.createElement("li");
      item.textContent = `${m.label}, exponent ${m.exponent}: ${m.capped || m.skipped}`;
      list.append(item);
    }
    into.append(list);
  }
}

function settingsFromQuery() {
  const query = new URLSearchParams(location.search);
  const quick = query.get("quick") === "1";
  const settings = structuredClone(quick ? SETTINGS.quick : SETTINGS.full);
  settings.mode = quick ? "quick" : "full";
  const suites = query.get("suites");
  if (suites) {
    const names = suites.split(",").filter(Boolean);
    const unknown = names.filter((name) => !SUITES.includes(name));
    if (unknown.length || !names.length)
      throw new Error(`suites must be a comma-separated list of ${SUITES.join(", ")}; got "${suites}"`);
    settings.suites = SUITES.filter((name) => names.includes(name));
  }
  const range = query.get("exponents");
  if (range) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(range);
    const low = match ? Number(match[1]) : NaN;
    const high = match ? Number(match[2] ?? match[1]) : NaN;
    if (!(low >= 1 && high <= 12 && low <= high))
      throw new Error(`exponents must look like 4-10, within 1-12; got "${range}"`);
    settings.exponents = Array.from({ length: high - low + 1 }, (_, i) => low + i);
  }
  return { settings, auto: query.get("auto") === "1", quick };
}

async function main() {
  const status = document.querySelector("#status");
  const output = document.querySelector("#results");
  const button = document.querySelector("#run");
  const quickBox = document.querySelector("#quick");
  const log = document.querySelector("#log");
  let options;
  try {
    options = settingsFromQuery();
  } catch (error) {
    status.textContent = error.message;
    window.benchmarkStatus = "error";
    window.benchmarkError = error.message;
    return;
  }
  quickBox.checked = options.quick;
  window.benchmarkStatus = "idle";
  status.textContent = "Ready: press Run.";

  const report = (message) => {
    console.log(`[bench] ${message}`);
    log.textContent += `${message}\n`;
    status.textContent = message;
  };

  async function start() {
    button.disabled = true;
    log.textContent = "";
    window.benchmarkStatus = "running";
    // The query's settings, unless the box was changed since.
    const quick = quickBox.checked;
    const settings =
      quick === options.quick
        ? structuredClone(options.settings)
        : { ...structuredClone(SETTINGS[quick ? "quick" : "full"]), mode: quick ? "quick" : "full" };
    try {
      report(
        `running (${settings.mode}: ${settings.suites.join(", ")}; exponents ${settings.exponents[0]} to ${settings.exponents.at(-1)})`,
      );
      const results = await runBenchmark(settings, report);
      render(results, output);
      window.benchmarkResults = results;
      window.benchmarkStatus = "done";
      report(`done in ${((Date.parse(results.finished) - Date.parse(results.date)) / 1000).toFixed(0)} s`);
    } catch (error) {
      window.benchmarkError = String(error?.stack || error);
      window.benchmarkStatus = "error";
      report(`error: ${error?.message || error}`);
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", start);
  if (options.auto) start();
}

main();
