// Runs the benchmark page (bench/index.html) in headless Chromium against the
// release build in dist/: the generators, then chapter 4's noise (beside the
// npm packages simplex-noise and fastnoise-lite, served from node_modules/)
// and chapter 5's erosion (beside bench/erosion-js.js), then the Analyze
// panel's measuring, part by part (bench/analysis.js). It prints the tables
// and writes them to
// bench/results/latest.json (everything) and bench/results/latest.md (the
// tables, ready for BENCHMARKS.md).
//
//   cargo xtask build && node bench/run.mjs            # full: exponents 4 to 12
//   node bench/run.mjs --quick                         # exponents 4 to 10, fewer samples
//   node bench/run.mjs --exponents 8-10                # any range within 1-12
//   node bench/run.mjs --suites noise,erosion          # only some of generators, noise, erosion, analysis
//
// Options: --quick, --exponents A-B, --suites LIST, --out FILE (instead of
// bench/results/latest.json), --timeout MINUTES (default 60; 15 with
// --quick), --help. It uses Debian's Chromium ($CHROMIUM, else `chromium` on
// the PATH) and never downloads a browser. Exits non-zero if the build is
// missing, the page fails, the self-check fails or the run times out.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { badRequest, chromiumPath, requestURL, serveFile } from "../tests/local-tools.js";
import { analysisTable } from "./analysis-table.js";
import { ALGORITHMS, SHORT, VENDOR } from "./cases.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "..");
const dist = join(root, "dist");
const benchDir = here;
const nodeModules = join(root, "node_modules");
const SUITES = ["generators", "noise", "erosion", "analysis"];

// The targets the generators are being optimized towards (see BENCHMARKS.md).
const TARGET = { exponent: 10, postsOverWasmAtLeast: 15, wasmOverFloorAtMost: 2 };

function usage(message) {
  if (message) console.error(`run.mjs: ${message}`);
  console.error(
    "usage: node bench/run.mjs [--quick] [--exponents A-B] [--suites generators,noise,erosion,analysis] [--out FILE] [--timeout MINUTES]",
  );
  process.exit(message ? 2 : 0);
}

function parseArguments(argv) {
  const options = { quick: false, exponents: null, suites: null, out: null, timeoutMinutes: null };
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) usage(`${argument} needs a value`);
      return next;
    };
    if (argument === "--quick") options.quick = true;
    else if (argument === "--exponents") options.exponents = value();
    else if (argument === "--suites") options.suites = value();
    else if (argument === "--out") options.out = resolve(value());
    else if (argument === "--timeout") options.timeoutMinutes = Number(value());
    else if (argument === "--help" || argument === "-h") usage();
    else usage(`unknown option ${argument}`);
  }
  if (options.exponents !== null && !/^\d+(-\d+)?$/.test(options.exponents)) {
    usage(`--exponents must look like 4-10; got ${options.exponents}`);
  }
  if (options.suites !== null) {
    const names = options.suites.split(",");
    if (!names.every((name) => SUITES.includes(name))) {
      usage(`--suites must be a comma-separated list of ${SUITES.join(", ")}; got ${options.suites}`);
    }
  }
  if (options.timeoutMinutes !== null && !(options.timeoutMinutes > 0)) {
    usage("--timeout must be a positive number of minutes");
  }
  options.timeoutMinutes ??= options.quick ? 15 : 60;
  options.out ??= join(benchDir, "results", "latest.json");
  return options;
}

// dist/ at /, bench/ at /bench/, and the npm packages the noise benchmark
// compares with at /bench/vendor/ (straight from node_modules/: nothing is
// copied or committed). Cross-origin isolation (COOP + COEP) gives the page
// a finer performance.now(); everything it loads is same-origin.
function startServer() {
  const isolated = {
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  };
  const server = createServer((request, response) => {
    const url = requestURL(request);
    if (!url) return badRequest(response, "not a URL");
    const path = url.pathname;
    const vendored = path.startsWith("/bench/vendor/") && VENDOR[path.slice("/bench/vendor/".length)];
    if (vendored) serveFile(response, nodeModules, vendored, isolated);
    else if (path.startsWith("/bench/")) serveFile(response, benchDir, path.slice("/bench/".length), isolated);
    else serveFile(response, dist, path, isolated);
  });
  return new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolvePromise(server));
  });
}

async function checkBuild() {
  let script;
  try {
    script = await readFile(join(dist, "terrain.js"), "utf-8");
  } catch {
    throw new Error("dist/terrain.js is missing: run `cargo xtask build` first");
  }
  for (const name of ["benchmarkRun", "benchmarkAnalysis", "erode"]) {
    if (!script.includes(`export const ${name}`)) {
      throw new Error(`dist/terrain.js does not export ${name}: rebuild with \`cargo xtask build\``);
    }
  }
  for (const file of Object.values(VENDOR)) {
    try {
      await readFile(join(nodeModules, file));
    } catch {
      throw new Error(`node_modules/${file} is missing: run \`npm ci\` (or \`cargo xtask setup\`)`);
    }
  }
}

// ---------------------------------------------------------------------------
// Tables, as aligned text for the terminal and as Markdown for BENCHMARKS.md.

const COLUMNS = [
  ...ALGORITHMS.map((a) => ({ id: `wasm:${a}`, short: SHORT[a] })),
  { id: "generate:random-noise", short: "gen noise" },
  { id: "generate-into:random-noise", short: "gen noise into" },
  { id: "generate:diamond-square", short: "gen ds" },
  ...["random-noise", "midpoint-displacement", "recursive-midpoint-displacement", "diamond-square"].map((a) => ({
    id: `posts:${a}`,
    short: `js ${SHORT[a]}`,
  })),
  { id: "floor", short: "floor" },
  { id: "new-array", short: "new array" },
];

function format(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return "-";
  if (value >= 1000) return value.toFixed(0);
  return value.toPrecision(digits);
}

function find(results, id, exponent) {
  return results.measurements.find((m) => m.id === id && m.exponent === exponent);
}

function measured(results, id, exponent, field) {
  const m = find(results, id, exponent);
  if (!m || m.medianMs === undefined) return "skip";
  return format(m[field]) + (m.capped ? "*" : "");
}

function tables(results) {
  return [
    ...(results.measurements ? generatorTables(results) : []),
    ...(results.noise ? [noiseTable(results.noise)] : []),
    ...(results.erosion ? erosionTables(results.erosion) : []),
    ...(results.analysis ? [analysisTable(results.analysis, format)] : []),
  ];
}

function noiseTable(noise) {
  return {
    title: `Noise: 8-octave fBm of a ${noise.side} x ${noise.side} map, median of ${noise.measurements[0].samplesMs.length} interleaved samples`,
    head: ["case", "median ms", "fastest ms", "ns/point", "time / ours", "CPU ms", "CPU / ours"],
    rows: noise.measurements.map((m) => [
      m.label,
      format(m.medianMs),
      format(m.minMs),
      format((m.medianMs * 1e6) / noise.points),
      format(m.overOurs),
      format(m.cpuMedianMs),
      format(m.cpuOverOurs),
    ]),
  };
}

function erosionTables(erosion) {
  const row = (r) => [
    String(r.droplets),
    String(r.lifetime),
    String(r.radius),
    format(r.oursMs),
    format(r.jsMs),
    format(r.jsOverOurs),
    format(r.oursCpuMs),
    format(r.jsCpuMs),
    format(r.jsOverOursCpu),
    format(r.stepsPerDroplet),
    format(r.oursDropletsPerSecond),
    format(r.microsecondsPerDroplet),
    format(r.nanosecondsPerStep),
  ];
  // Derived from CPU time where the page could read it.
  const basis = erosion.table[0].costBasis;
  const head = [
    "droplets",
    "lifetime",
    "radius",
    "ours ms",
    "JS ms",
    "JS/ours",
    "ours CPU ms",
    "JS CPU ms",
    "CPU JS/ours",
    "steps/droplet",
    `ours droplets/s (${basis})`,
    `ours us/droplet (${basis}, less the call)`,
    `ours ns/step (${basis}, less the call)`,
  ];
  const byGroup = (group) => erosion.table.filter((r) => r.group === group).map(row);
  return [
    {
      title:
        "Erosion: droplets on a 513 x 513 diamond-square map (seed 7), defaults, ours = erode(), JS = bench/erosion-js.js",
      head,
      rows: byGroup("droplets"),
    },
    {
      title: `Erosion: lifetime and brush radius, ${erosion.growthDroplets} droplets`,
      head,
      rows: [...byGroup("lifetime"), ...byGroup("radius")],
    },
  ];
}

function generatorTables(results) {
  const exponents = results.settings.exponents;
  const head = ["exp", ...COLUMNS.map((c) => c.short)];
  const withPosts = ["random-noise", "midpoint-displacement", "recursive-midpoint-displacement", "diamond-square"];
  return [
    {
      title: "Median time per run, ms",
      head,
      rows: exponents.map((e) => [String(e), ...COLUMNS.map((c) => measured(results, c.id, e, "medianMs"))]),
    },
    {
      title: "Median ns per point",
      head,
      rows: exponents.map((e) => [String(e), ...COLUMNS.map((c) => measured(results, c.id, e, "nsPerPoint"))]),
    },
    {
      title:
        "Ratios of medians: posts' JS / our wasm (higher is better for us); our wasm / floor (1 is the floor); generate() / wasm (the copy out); generate() of random noise / floor (the public API against the floor), the same into a kept array, and a map copied into a new array / floor (what returning a new array costs by itself)",
      head: [
        "exp",
        ...withPosts.map((a) => `js/wasm ${SHORT[a]}`),
        ...ALGORITHMS.map((a) => `${SHORT[a]}/floor`),
        "gen/wasm ds",
        "gen noise/floor",
        "gen noise into/floor",
        "new array/floor",
      ],
      rows: results.ratios.map((row) => [
        String(row.exponent),
        ...withPosts.map((a) => format(row.postsOverWasm[a])),
        ...ALGORITHMS.map((a) => format(row.wasmOverFloor[a])),
        format(row.generateOverWasm),
        format(row.generateNoiseOverFloor),
        format(row.generateIntoNoiseOverFloor),
        format(row.newArrayOverFloor),
      ]),
    },
    {
      title: "Growth: ns per point at the largest exponent / at the smallest (1 = cost linear in points)",
      head: ["case", ...[exponents[0], exponents.at(-1)].map((e) => `ns/pt @${e}`), "ratio"],
      rows: COLUMNS.map((c) => {
        const first = find(results, c.id, exponents[0]);
        // The largest exponent this case was measured at.
        const last = [...exponents]
          .reverse()
          .map((e) => find(results, c.id, e))
          .find((m) => m && m.medianMs !== undefined);
        const suffix = last && last.exponent !== exponents.at(-1) ? ` (@${last.exponent})` : "";
        return [
          c.short,
          format(first?.nsPerPoint),
          format(last?.nsPerPoint) + suffix,
          format(first && last ? last.nsPerPoint / first.nsPerPoint : null),
        ];
      }),
    },
  ];
}

function textTable({ title, head, rows }) {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [title, line(head), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

function markdownTable({ title, head, rows }) {
  return [
    `**${title}**`,
    "",
    `| ${head.join(" | ")} |`,
    `|${head.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
}

function targetLines(results) {
  return [
    ...(results.ratios ? generatorTargetLines(results) : []),
    ...(results.noise ? noiseTargetLines(results.noise) : []),
    ...(results.erosion ? erosionTargetLines(results.erosion) : []),
  ];
}

const verdictWord = (ok) => (ok ? "met" : "NOT met");

// The same figure in main-thread CPU time, where the runner could read it.
const inCpu = (value, unit = "") => (value === null || value === undefined ? "" : `; CPU time ${format(value)}${unit}`);

function noiseTargetLines({ verdict, missing }) {
  const lines = [
    `noise: 8-octave Perlin fBm of 513 x 513 through generate() = ${format(verdict.oursMs)} ms ` +
      `(target under ${verdict.oursUnderMs} ms: ${verdictWord(verdict.timeMet)}${inCpu(verdict.oursCpuMs, " ms")})`,
  ];
  if (verdict.fastestPackage) {
    // Both ways of getting the map's memory (bench/chapters.js, noiseCases).
    for (const [words, way] of [
      ["each into a new array", verdict],
      ["each into a kept array", verdict.kept],
    ]) {
      lines.push(
        `noise, ${words}: ${way.fastestPackage} (the faster package) / ours = ${format(way.speedUp)}x ` +
          `(target at least ${verdict.speedUpAtLeast}x: ${verdictWord(way.speedUpMet)}; ` +
          `fastest samples: ${format(way.speedUpFastestSamples)}x${inCpu(way.speedUpCpu, "x")})`,
      );
    }
  } else {
    lines.push(`noise: no package to compare with (${missing.join("; ")})`);
  }
  return lines;
}

function erosionTargetLines({ verdict }) {
  return [
    `erosion: 100000 droplets on 513 x 513 through erode() = ${format(verdict.oursMs)} ms, ` +
      `${format(verdict.dropletsPerSecond)} droplets/s (target under ${verdict.oursUnderMs} ms: ` +
      `${verdictWord(verdict.timeMet)}${inCpu(verdict.oursCpuMs, " ms")}` +
      `${inCpu(verdict.cpuDropletsPerSecond, " droplets/s")})`,
    `erosion: JavaScript / ours = ${format(verdict.speedUp)}x (target at least ${verdict.speedUpAtLeast}x: ` +
      `${verdictWord(verdict.speedUpMet)}; fastest samples: ${format(verdict.speedUpFastestSamples)}x` +
      `${inCpu(verdict.speedUpCpu, "x")})`,
  ];
}

function generatorTargetLines(results) {
  const row = results.ratios.find((r) => r.exponent === TARGET.exponent);
  if (!row) return [`(exponent ${TARGET.exponent} not measured: no target check)`];
  const vsPosts = row.postsOverWasm["diamond-square"];
  const vsFloor = row.wasmOverFloor["diamond-square"];
  // Fastest samples: on a loaded machine, closer to the uncontended cost.
  const fastest = (id) => find(results, id, TARGET.exponent)?.minMs;
  const minRatio = (a, b) => format(fastest(a) / fastest(b));
  return [
    `diamond-square at exponent ${TARGET.exponent}: posts' JS / our wasm = ${format(vsPosts)}x ` +
      `(target at least ${TARGET.postsOverWasmAtLeast}x: ${verdictWord(vsPosts >= TARGET.postsOverWasmAtLeast)}; ` +
      `fastest samples: ${minRatio("posts:diamond-square", "wasm:diamond-square")}x)`,
    `diamond-square at exponent ${TARGET.exponent}: our wasm / floor = ${format(vsFloor)}x ` +
      `(target at most ${TARGET.wasmOverFloorAtMost}x: ${verdictWord(vsFloor <= TARGET.wasmOverFloorAtMost)}; ` +
      `fastest samples: ${minRatio("wasm:diamond-square", "floor")}x)`,
    // Issue 26: the public API close to the floor.
    `random noise through generate() at exponent ${TARGET.exponent}: generate() / floor = ` +
      `${format(row.generateNoiseOverFloor)}x (target at most 1.25x: ` +
      `${verdictWord(row.generateNoiseOverFloor <= 1.25)}; fastest samples: ` +
      `${minRatio("generate:random-noise", "floor")}x)`,
    `  the same into a kept array (generate(options, { into })): ${format(row.generateIntoNoiseOverFloor)}x ` +
      `(target at most 1.25x: ${verdictWord(row.generateIntoNoiseOverFloor <= 1.25)}; fastest samples: ` +
      `${minRatio("generate-into:random-noise", "floor")}x)`,
    `  a map's heights copied into a new Float64Array, by itself: ${format(row.newArrayOverFloor)}x the floor ` +
      `(fastest samples: ${minRatio("new-array", "floor")}x): what any call returning a new array adds`,
  ];
}

function notes(results) {
  return (results.measurements ?? [])
    .filter((m) => m.capped || m.skipped)
    .map((m) => `${m.label}, exponent ${m.exponent}: ${m.capped || m.skipped}`);
}

function header(results) {
  const m = results.machine;
  return [
    `${results.date}  ${results.settings.mode} run of ${results.settings.suites.join(", ")}` +
      (results.measurements
        ? `, exponents ${results.settings.exponents[0]}-${results.settings.exponents.at(-1)}`
        : "") +
      `, ${results.durationSeconds} s`,
    `Chromium ${results.chromiumVersion}, ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, ` +
      `load average ${m.loadAverageBefore.join(" ")} before, ${m.loadAverageAfter.join(" ")} after`,
    `timer: crossOriginIsolated=${results.crossOriginIsolated}; medians of interleaved samples, ratios from the same run` +
      (results.noise || results.erosion || results.analysis
        ? "; CPU = the page's main-thread CPU time (Chromium's ThreadTime), which leaves out waiting for a core"
        : ""),
  ];
}

function markdown(results) {
  return [
    ...header(results).map((line) => `${line}  `),
    "",
    ...tables(results).flatMap((t) => [markdownTable(t), ""]),
    ...targetLines(results).map((line) => `- ${line}`),
    ...notes(results).map((line) => `- ${line}`),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------

async function main() {
  const options = parseArguments(process.argv.slice(2));
  await checkBuild();
  const server = await startServer();
  const { port } = server.address();
  const query = new URLSearchParams({ auto: "1" });
  if (options.quick) query.set("quick", "1");
  if (options.exponents) query.set("exponents", options.exponents);
  if (options.suites) query.set("suites", options.suites);
  const url = `http://127.0.0.1:${port}/bench/index.html?${query}`;

  const loadAverageBefore = loadavg().map((l) => l.toFixed(2));
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    // Without these, Chromium keeps trying to reach Google's servers.
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const pageErrors = [];
  try {
    const page = await browser.newPage();
    page.on("console", (message) => {
      const text = message.text();
      if (text.startsWith("[bench] ")) console.error(text.slice(8));
      else if (message.type() === "error") {
        console.error(`page console error: ${text}`);
      }
    });
    page.on("pageerror", (error) => pageErrors.push(String(error?.stack || error)));
    // The page's main-thread CPU time, for the noise and erosion benchmarks
    // (see threadClock in chapters.js).
    const devtools = await page.context().newCDPSession(page);
    await devtools.send("Performance.enable");
    await page.exposeFunction("benchmarkThreadTime", async () => {
      const { metrics } = await devtools.send("Performance.getMetrics");
      return metrics.find((metric) => metric.name === "ThreadTime").value * 1000;
    });
    console.error(`benchmark page: ${url}`);
    await page.goto(url);
    await page.waitForFunction(() => window.benchmarkStatus === "done" || window.benchmarkStatus === "error", null, {
      timeout: options.timeoutMinutes * 60_000,
      polling: 1000,
    });
    const status = await page.evaluate(() => window.benchmarkStatus);
    if (status !== "done") {
      throw new Error(`the benchmark page failed: ${await page.evaluate(() => window.benchmarkError)}`);
    }
    if (pageErrors.length) throw new Error(`errors on the page:\n${pageErrors.join("\n")}`);
    const results = await page.evaluate(() => window.benchmarkResults);
    results.chromiumVersion = browser.version();
    results.durationSeconds = Math.round((Date.now() - started) / 1000);
    results.machine = {
      cores: cpus().length,
      cpuModel: cpus()[0]?.model ?? "unknown",
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      loadAverageBefore,
      loadAverageAfter: loadavg().map((l) => l.toFixed(2)),
      node: process.version,
    };
    results.targets = TARGET;

    console.log(header(results).join("\n"));
    for (const table of tables(results)) console.log(`\n${textTable(table)}`);
    console.log("");
    for (const line of [...targetLines(results), ...notes(results)]) console.log(line);
    if ((results.measurements ?? []).some((m) => m.capped))
      console.log("(* = timed once: a single run was over the cap)");

    await mkdir(dirname(options.out), { recursive: true });
    await writeFile(options.out, `${JSON.stringify(results, null, 2)}\n`);
    const markdownFile = `${options.out.replace(/\.json$/, "")}.md`;
    await writeFile(markdownFile, markdown(results));
    console.log(`\nwrote ${options.out} and ${markdownFile}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error) => {
  console.error(`run.mjs: ${error?.message || error}`);
  process.exit(1);
});
