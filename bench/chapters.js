// The benchmarks of chapters 4 and 5, on the same page as the generators':
//
// - noise: an 8-octave Perlin fBm of a 513 x 513 map through our generate(),
//   beside the same fractal sum (8 octaves, lacunarity 2, gain 0.5, 4 cells
//   across the map in the first octave) built from two npm packages,
//   simplex-noise's createNoise2D and FastNoiseLite's Perlin FBm, each
//   into a new array a call and into an array kept between calls;
// - erosion: droplets on a 513 x 513 map through our erode(), beside
//   bench/erosion-js.js (the same droplet loop in plain JavaScript), and how
//   the cost grows with the droplets, the lifetime and the brush radius.
//
// The npm packages are not part of the site: bench/run.mjs serves them from
// node_modules at /bench/vendor/ (see VENDOR in cases.js). Without them the
// noise table has our row only, and says why.
//
// As for the generators, ratios only mean something measured together: every
// case is warmed up first, then the cases take their samples in interleaved
// rounds, and medians are compared.

import { erode, generate } from "../terrain.js";
import { dropletStarts, DEFAULTS as EROSION_DEFAULTS, erodeJs } from "./erosion-js.js";

/** The targets of issues 13 and 14 (the noise's speed-up: issue 26's, 16,
 * where issue 13 asked for 3). */
export const TARGETS = {
  noise: { exponent: 9, octaves: 8, fasterThanBestPackageAtLeast: 16, oursUnderMs: 16 },
  erosion: { exponent: 9, droplets: 100_000, fasterThanJsAtLeast: 2, oursUnderMs: 500 },
};

export const CHAPTER_SETTINGS = {
  full: {
    noise: { warmUpMs: 400, samples: 30 },
    erosion: { warmUpMs: 600, samples: 9, growthSamples: 5, growthDroplets: 100_000 },
  },
  quick: {
    noise: { warmUpMs: 150, samples: 10 },
    erosion: { warmUpMs: 200, samples: 3, growthSamples: 3, growthDroplets: 10_000 },
  },
};

const NOISE_SEED = 7;
// The map the droplets fall on: the native erosion benchmark's
// (crates/terrain-core/benches/erosion.rs), so the numbers compare.
const EROSION_MAP = { algorithm: "diamond-square", exponent: 9, seed: 7 };
const EROSION_SEED = 0;

// Results flow into this so no run's output is dead code.
let sink = 0;

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** A small seeded generator (mulberry32), so simplex-noise's permutation is
 * the same every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stretches `heights` to span exactly [0, 1], as our generate() does when
 * it normalizes, so every noise case ends with the same kind of map. */
function normalize(heights) {
  let low = Infinity;
  let high = -Infinity;
  for (const height of heights) {
    if (height < low) low = height;
    if (height > high) high = height;
  }
  const span = high - low;
  if (span > 0) {
    for (let i = 0; i < heights.length; i++) heights[i] = (heights[i] - low) / span;
    // Rounding can leave the highest point a hair below 1.
    for (let i = 0; i < heights.length; i++) if (heights[i] > 1) heights[i] = 1;
  }
  return heights;
}

/** The noise cases: ours, and whichever packages loaded, each two ways:
 * into a new array each call, as a first call is (and as every call is
 * unless the caller keeps one), and into an array kept from call to call
 * (our generate()'s `into`; the packages' loops writing into it), which
 * leaves only the noise and the stretch to compare. */
async function noiseCases(report) {
  const { exponent, octaves } = TARGETS.noise;
  const side = 2 ** exponent + 1;
  const last = side - 1;
  // 4 cells across the map in the first octave: our generate()'s default.
  const frequency = 4 / last;
  const options = { algorithm: "perlin-noise", exponent, octaves, seed: NOISE_SEED };
  // One case a way for a maker of raw heights (`fill`), stretched to
  // [0, 1] as generate() does.
  const bothWays = (id, label, fill) => {
    const kept = new Float64Array(side * side);
    return [
      { id, way: "new", label, run: () => normalize(fill(new Float64Array(side * side))) },
      { id: `${id}-kept`, way: "kept", label: `${label}, kept array`, run: () => normalize(fill(kept)) },
    ];
  };
  const kept = new Float64Array(side * side);
  const cases = [
    { id: "noise:ours", way: "new", label: "ours: generate() Perlin fBm", run: () => generate(options) },
    {
      id: "noise:ours-kept",
      way: "kept",
      label: "ours: generate() Perlin fBm, into a kept array",
      run: () => generate(options, { into: kept }),
    },
  ];
  const missing = [];
  try {
    const { createNoise2D } = await import("./vendor/simplex-noise.js");
    const noise2D = createNoise2D(seededRandom(NOISE_SEED));
    cases.push(
      ...bothWays("noise:simplex-noise", "simplex-noise createNoise2D fBm", (heights) => {
        for (let y = 0; y < side; y++) {
          for (let x = 0; x < side; x++) {
            let sum = 0;
            let amplitude = 1;
            let scale = frequency;
            for (let octave = 0; octave < octaves; octave++) {
              sum += amplitude * noise2D(x * scale, y * scale);
              scale *= 2;
              amplitude *= 0.5;
            }
            heights[y * side + x] = sum;
          }
        }
        return heights;
      }),
    );
  } catch (error) {
    missing.push(`simplex-noise: ${error.message}`);
  }
  try {
    const { default: FastNoiseLite } = await import("./vendor/fastnoise-lite.js");
    const noise = new FastNoiseLite(NOISE_SEED);
    noise.SetNoiseType(FastNoiseLite.NoiseType.Perlin);
    noise.SetFractalType(FastNoiseLite.FractalType.FBm);
    noise.SetFractalOctaves(octaves);
    noise.SetFractalLacunarity(2);
    noise.SetFractalGain(0.5);
    noise.SetFrequency(frequency);
    cases.push(
      ...bothWays("noise:fastnoise-lite", "FastNoiseLite Perlin FBm", (heights) => {
        for (let y = 0; y < side; y++) {
          for (let x = 0; x < side; x++) heights[y * side + x] = noise.GetNoise(x, y);
        }
        return heights;
      }),
    );
  } catch (error) {
    missing.push(`fastnoise-lite: ${error.message}`);
  }
  if (missing.length) {
    report(
      `noise: package(s) not found at /bench/vendor/ (${missing.join("; ")}); ` +
        "run through `node bench/run.mjs`, which serves them from node_modules",
    );
  }
  return { cases, missing, side };
}

/**
 * The page's main-thread CPU time in ms, when bench/run.mjs provides it
 * (Chromium's ThreadTime metric, read over the DevTools protocol), and what
 * one reading itself costs. On a machine whose cores other work is using,
 * the wall-clock time of a run includes the time its thread waited for a
 * core; its CPU time does not, so it says what the run would take on a core
 * of its own (less what sharing the caches costs).
 */
async function threadClock() {
  const read = globalThis.benchmarkThreadTime;
  if (typeof read !== "function") return null;
  const costs = [];
  for (let i = 0; i < 15; i++) {
    const first = await read();
    costs.push((await read()) - first);
  }
  return { read, overheadMs: median(costs) };
}

/** Warms each case up for `warmUpMs` (at least two runs), then takes
 * `samples` timed runs of each in interleaved rounds: wall-clock time, and
 * main-thread CPU time where the runner provides it. */
export async function measure(cases, warmUpMs) {
  const clock = await threadClock();
  for (const testCase of cases) {
    const start = performance.now();
    let runs = 0;
    while (runs < 2 || performance.now() - start < warmUpMs) {
      sink += testCase.keep(testCase.run());
      runs++;
    }
    testCase.warmUpRuns = runs;
    testCase.samplesMs = [];
    testCase.cpuSamplesMs = [];
    await pause();
  }
  const rounds = Math.max(...cases.map((testCase) => testCase.samples));
  for (let round = 0; round < rounds; round++) {
    for (const testCase of cases) {
      if (round >= testCase.samples) continue;
      const cpuBefore = clock ? await clock.read() : 0;
      const before = performance.now();
      sink += testCase.keep(testCase.run());
      testCase.samplesMs.push(performance.now() - before);
      if (clock) testCase.cpuSamplesMs.push((await clock.read()) - cpuBefore - clock.overheadMs);
    }
    await pause();
  }
  return cases.map(({ run, keep, ...rest }) => ({
    ...rest,
    medianMs: median(rest.samplesMs),
    minMs: Math.min(...rest.samplesMs),
    cpuMedianMs: clock ? median(rest.cpuSamplesMs) : null,
    cpuOverheadMs: clock ? clock.overheadMs : null,
  }));
}

/** Every noise output is a 513 x 513 map spanning exactly [0, 1]. */
function checkNoise(cases, side) {
  const problems = [];
  for (const testCase of cases) {
    const heights = testCase.run();
    let low = Infinity;
    let high = -Infinity;
    let finite = true;
    for (const height of heights) {
      finite &&= Number.isFinite(height);
      if (height < low) low = height;
      if (height > high) high = height;
    }
    if (heights.length !== side * side || !finite || low !== 0 || high !== 1) {
      problems.push(`${testCase.label}: length ${heights.length}, min ${low}, max ${high}, finite ${finite}`);
    }
  }
  return problems;
}

/** Times the noise cases; ratios are each package's median over ours. */
export async function runNoiseBenchmark(settings, report = () => {}) {
  const { cases, missing, side } = await noiseCases(report);
  const problems = checkNoise(cases, side);
  if (problems.length) throw new Error(`noise self-check failed: ${problems.join("; ")}`);
  report(`noise: self-check passed (${cases.length} cases)`);
  for (const testCase of cases) {
    testCase.samples = settings.samples;
    testCase.keep = (heights) => heights[heights.length >> 1];
  }
  const measured = await measure(cases, settings.warmUpMs);
  // Each way's packages against our case of the same way.
  const speedUps = (way) => {
    const ofWay = measured.filter((m) => m.way === way);
    const ours = ofWay.find((m) => m.id.startsWith("noise:ours"));
    for (const m of ofWay) {
      m.overOurs = m.medianMs / ours.medianMs;
      m.cpuOverOurs = m.cpuMedianMs === null ? null : m.cpuMedianMs / ours.cpuMedianMs;
    }
    const packages = ofWay.filter((m) => m !== ours);
    const fastest = packages.length ? packages.reduce((a, b) => (a.medianMs <= b.medianMs ? a : b)) : null;
    const speedUp = fastest ? fastest.medianMs / ours.medianMs : null;
    return {
      ours,
      fastestPackage: fastest?.label ?? null,
      speedUp,
      speedUpCpu: fastest && ours.cpuMedianMs !== null ? fastest.cpuMedianMs / ours.cpuMedianMs : null,
      speedUpFastestSamples: fastest ? fastest.minMs / ours.minMs : null,
      speedUpMet: speedUp !== null && speedUp >= TARGETS.noise.fasterThanBestPackageAtLeast,
    };
  };
  const { ours, ...fresh } = speedUps("new");
  const { ours: oursKept, ...kept } = speedUps("kept");
  const verdict = {
    oursMs: ours.medianMs,
    oursCpuMs: ours.cpuMedianMs,
    oursUnderMs: TARGETS.noise.oursUnderMs,
    timeMet: ours.medianMs < TARGETS.noise.oursUnderMs,
    cpuTimeMet: ours.cpuMedianMs === null ? null : ours.cpuMedianMs < TARGETS.noise.oursUnderMs,
    ...fresh,
    speedUpAtLeast: TARGETS.noise.fasterThanBestPackageAtLeast,
    kept: { oursMs: oursKept.medianMs, ...kept },
  };
  report(
    `noise: ${measured.map((m) => `${m.label} ${m.medianMs.toFixed(2)} ms`).join(", ")}` +
      (fresh.fastestPackage ? `; ${verdict.speedUp.toFixed(2)}x faster than ${fresh.fastestPackage}` : "") +
      (kept.fastestPackage ? `, ${kept.speedUp.toFixed(2)}x into kept arrays` : ""),
  );
  return { points: side * side, side, octaves: TARGETS.noise.octaves, measurements: measured, missing, verdict };
}

/** The erosion table's rows: the defaults with 0 (the cost of the call
 * alone: copying the map in and out) and 1 000 to 100 000 droplets,
 * then the lifetime and the radius changed one at a time. */
function erosionPlan(settings) {
  const growth = settings.growthDroplets;
  const rows = [
    ...[0, 1_000, 10_000, TARGETS.erosion.droplets].map((droplets) => ({
      group: "droplets",
      droplets,
      lifetime: 30,
      radius: 3,
    })),
    ...[15, 30, 60].map((lifetime) => ({ group: "lifetime", droplets: growth, lifetime, radius: 3 })),
    ...[1, 3, 6].map((radius) => ({ group: "radius", droplets: growth, lifetime: 30, radius })),
  ];
  // Rows with the same settings (with 100 000 droplets, the lifetime-30 and
  // radius-3 rows are the defaults again) share one measurement.
  return rows.map((row) => ({ ...row, key: `${row.droplets}/${row.lifetime}/${row.radius}` }));
}

/** erode() and erodeJs() give the same map: bit for bit in our checks, and
 * never more than 1e-9 apart. */
function checkErosion() {
  const heights = generate({ algorithm: "diamond-square", exponent: 6, seed: 1 });
  const problems = [];
  const notes = [];
  for (const options of [
    { droplets: 2000, seed: 5 },
    { droplets: 2000, seed: 6, wrap: true, radius: 5 },
  ]) {
    const ours = erode(heights, options);
    const js = erodeJs(heights, 65, options).heights;
    let largest = 0;
    let differing = 0;
    for (let i = 0; i < ours.length; i++) {
      const difference = Math.abs(ours[i] - js[i]);
      if (difference > 0) differing++;
      if (!(difference <= largest)) largest = difference;
    }
    const what = JSON.stringify(options);
    if (ours.length !== js.length || !(largest <= 1e-9)) {
      problems.push(`${what}: erode() and erodeJs() differ by up to ${largest}`);
    }
    notes.push(`${what}: ${differing} of ${ours.length} heights differ, by at most ${largest}`);
  }
  return { problems, notes };
}

/** Times erosion: droplets per second, ours against JavaScript, and how the
 * cost grows. */
export async function runErosionBenchmark(settings, report = () => {}) {
  const check = checkErosion();
  if (check.problems.length) throw new Error(`erosion self-check failed: ${check.problems.join("; ")}`);
  report(`erosion: self-check passed (${check.notes.join("; ")})`);

  const heights = generate(EROSION_MAP);
  const side = 2 ** EROSION_MAP.exponent + 1;
  const rows = erosionPlan(settings);
  // Where the droplets land, worked out before any clock starts (BigInt
  // arithmetic in JavaScript costs more than the erosion itself).
  const starts = dropletStarts(EROSION_SEED, Math.max(...rows.map((row) => row.droplets)), side);

  const mainKey = rows.find((row) => row.group === "droplets" && row.droplets === TARGETS.erosion.droplets).key;
  const cases = [];
  // The moves the droplets make, counted by the JavaScript port: our erode()
  // moves the same droplets the same way.
  const steps = new Map();
  for (const key of new Set(rows.map((row) => row.key))) {
    const { droplets, lifetime, radius } = rows.find((row) => row.key === key);
    const options = { seed: EROSION_SEED, droplets, lifetime, radius };
    const samples = key === mainKey ? settings.samples : settings.growthSamples;
    cases.push({
      id: `erosion:ours:${key}`,
      kind: "ours",
      key,
      ...options,
      samples,
      run: () => erode(heights, options),
      keep: (result) => result[result.length >> 1],
    });
    cases.push({
      id: `erosion:js:${key}`,
      kind: "js",
      key,
      ...options,
      samples,
      run: () => erodeJs(heights, side, { ...options, starts }),
      keep: (result) => {
        steps.set(key, result.steps);
        return result.heights[result.heights.length >> 1];
      },
    });
  }
  // Tier both up on a smaller run first, so the first case is not timed on
  // unoptimized code.
  for (const warm of [
    () => erode(heights, { droplets: 5000 })[0],
    () => erodeJs(heights, side, { droplets: 5000, starts }).heights[0],
  ]) {
    const start = performance.now();
    while (performance.now() - start < settings.warmUpMs) sink += warm();
    await pause();
  }
  report(`erosion: timing ${cases.length} cases`);
  const measured = await measure(cases, 0);

  const at = (kind, key) => measured.find((m) => m.kind === kind && m.key === key);
  // The figures derived from the times use CPU time where the runner gives
  // it (it leaves out waiting for a core), else wall-clock time.
  const costBasis = measured[0].cpuMedianMs === null ? "wall" : "CPU";
  const cost = (m) => (costBasis === "CPU" ? m.cpuMedianMs : m.medianMs);
  const call = cost(at("ours", "0/30/3"));
  const table = rows.map((row) => {
    const ours = at("ours", row.key);
    const js = at("js", row.key);
    const moves = steps.get(row.key);
    return {
      group: row.group,
      droplets: row.droplets,
      lifetime: row.lifetime,
      radius: row.radius,
      oursMs: ours.medianMs,
      jsMs: js.medianMs,
      oursCpuMs: ours.cpuMedianMs,
      jsCpuMs: js.cpuMedianMs,
      jsOverOursCpu: ours.cpuMedianMs === null ? null : js.cpuMedianMs / ours.cpuMedianMs,
      jsOverOurs: js.medianMs / ours.medianMs,
      costBasis,
      oursDropletsPerSecond: row.droplets ? row.droplets / (cost(ours) / 1000) : null,
      jsDropletsPerSecond: row.droplets ? row.droplets / (cost(js) / 1000) : null,
      // Less the cost of a call with no droplets (copying the map in and out).
      microsecondsPerDroplet: row.droplets ? ((cost(ours) - call) * 1000) / row.droplets : null,
      steps: moves,
      stepsPerDroplet: row.droplets ? moves / row.droplets : null,
      nanosecondsPerStep: row.droplets ? ((cost(ours) - call) * 1e6) / moves : null,
    };
  });
  const main = table.find((row) => row.group === "droplets" && row.droplets === TARGETS.erosion.droplets);
  const verdict = {
    oursMs: main.oursMs,
    oursCpuMs: main.oursCpuMs,
    oursUnderMs: TARGETS.erosion.oursUnderMs,
    timeMet: main.oursMs < TARGETS.erosion.oursUnderMs,
    cpuTimeMet: main.oursCpuMs === null ? null : main.oursCpuMs < TARGETS.erosion.oursUnderMs,
    speedUp: main.jsOverOurs,
    speedUpCpu: main.jsOverOursCpu,
    speedUpFastestSamples: at("js", mainKey).minMs / at("ours", mainKey).minMs,
    speedUpAtLeast: TARGETS.erosion.fasterThanJsAtLeast,
    dropletsPerSecond: TARGETS.erosion.droplets / (main.oursMs / 1000),
    cpuDropletsPerSecond: main.oursCpuMs === null ? null : TARGETS.erosion.droplets / (main.oursCpuMs / 1000),
  };
  verdict.speedUpMet = verdict.speedUp >= verdict.speedUpAtLeast;
  report(
    `erosion: ${TARGETS.erosion.droplets} droplets in ${main.oursMs.toFixed(0)} ms (ours), ` +
      `${main.jsMs.toFixed(0)} ms (JavaScript): ${main.jsOverOurs.toFixed(2)}x`,
  );
  return {
    map: EROSION_MAP,
    seed: EROSION_SEED,
    defaults: EROSION_DEFAULTS,
    growthDroplets: settings.growthDroplets,
    selfCheck: check.notes,
    measurements: measured,
    table,
    verdict,
    sink,
  };
}
