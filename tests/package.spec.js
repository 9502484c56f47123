// The npm package as a developer meets it: `cargo xtask package` (which
// `cargo xtask test` runs before these tests) writes the tarball; it is
// installed into an empty folder with `npm install ./x.tgz`, a Node script
// imports its DOM-free core and gets the site's maps bit for bit, and the
// TypeScript compiler accepts a typed example and refuses a misspelled
// algorithm name. The examples of both READMEs that use the package run
// here as they are written.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { BLOG, demoState, expect, markdownBlocks, SITE, test, waitForAllDemos } from "./helpers.js";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(join(root, "npm", "package.json"), "utf-8"));
const tarball = join(root, "target", "package", `${manifest.name}-${manifest.version}.tgz`);

/** Three maps, each as the site's playground shows it from its link. */
const MAPS = [
  { algorithm: "diamond-square", exponent: 6, seed: 7 },
  { algorithm: "perlin-noise", exponent: 7, seed: 2016 },
  { algorithm: "cellular-noise", exponent: 6, seed: 3 },
];

/** Where the tarball is installed: emptied first, and left for the test
 * server, which serves its node_modules/ on the blog's origin. */
const folder = join(root, "target", "package", "try");

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  expect(existsSync(tarball), `${tarball} is missing: run cargo xtask package`).toBe(true);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  // An empty folder, as a new project starts; the tarball needs nothing
  // from the registry, so this works offline. (--prefix: without it, npm
  // would install into the package.json it finds above, this project's.)
  const install = ["install", "--prefix", folder, "--offline", "--no-audit", "--no-fund", "--loglevel", "error"];
  execFileSync("npm", [...install, tarball], {
    cwd: folder,
    stdio: "pipe",
  });
});

test("the tarball holds what its manifest lists, licenses and README included", () => {
  const installed = join(folder, "node_modules", manifest.name);
  for (const file of manifest.files) expect(existsSync(join(installed, file)), file).toBe(true);
  expect(readFileSync(join(installed, "LICENSE-MIT"), "utf-8")).toContain("MIT License");
  expect(readFileSync(join(installed, "LICENSE-APACHE"), "utf-8")).toContain("Apache License");
  const size = statSync(tarball).size;
  console.log(`${manifest.name}-${manifest.version}.tgz: ${(size / 1000).toFixed(0)} kB`);
  expect(size).toBeLessThan(2_000_000);
});

/** The code of the fenced blocks of `language` in the Markdown file at
 * `path`. */
function examples(path, language) {
  return markdownBlocks(path, language).map(({ code }) => code);
}

/** Runs `code` with Node in the folder the package is installed in, and
 * returns what it printed. */
function runInNode(name, code) {
  const script = join(folder, name);
  writeFileSync(script, code);
  // FORCE_COLOR, which Playwright sets, would colour the numbers printed.
  const env = { ...process.env, FORCE_COLOR: "0" };
  const run = spawnSync(process.execPath, [script], { cwd: folder, encoding: "utf-8", env });
  expect(run.stderr, name).toBe("");
  expect(run.status, name).toBe(0);
  return run.stdout;
}

test("the README's package example runs in Node as written", () => {
  const [example, ...more] = examples(join(root, "README.md"), "js").filter((code) =>
    code.includes(`from "${manifest.name}/core"`),
  );
  expect(more, "one README example imports the package's core").toEqual([]);
  const printed = runInNode(
    "readme-example.mjs",
    `${example}console.log(Object.prototype.toString.call(heights), heights.length);\n`,
  );
  expect(printed.trim()).toBe(`[object Float64Array] ${513 * 513}`);
});

test("in Node, a bad init and the main entry say what to do instead", () => {
  const printed = runInNode(
    "wrong-ways.mjs",
    `const { init } = await import("${manifest.name}/core");
const badInit = await init(5).then(() => "loaded", (error) => error.message);
const mainEntry = await import("${manifest.name}").then(() => "loaded", (error) => error.message);
console.log(JSON.stringify({ badInit, mainEntry }));
`,
  );
  const { badInit, mainEntry } = JSON.parse(printed);
  expect(badInit).toMatch(/^init takes where to load the module from: .*; got a value of type number$/);
  expect(mainEntry).toMatch(/^terrain\.js needs a page .*import terrain-step-by-step\/core/);
});

// Once a file: URL as text went to Node's fetch ("fetch failed"), and so
// did every Windows path: a drive letter parses as a URL's scheme.
test("in Node, init reads a file: URL given as text, and takes C:\\ as a path", () => {
  const printed = runInNode(
    "init-texts.mjs",
    `const { fingerprint, generate, init } = await import("${manifest.name}/core");
const windows = await init("C:\\\\nowhere\\\\terrain-web_bg.wasm").then(() => "loaded", (error) => error.code ?? error.message);
await init(new URL("./node_modules/${manifest.name}/terrain-web_bg.wasm", import.meta.url).href);
console.log(JSON.stringify({ windows, map: fingerprint(generate({ exponent: 3 })) }));
`,
  );
  const { windows, map } = JSON.parse(printed);
  expect(windows, "looked for as a file, not fetched").toBe("ENOENT");
  expect(map).toMatch(/^[0-9a-f]{16}$/);
});

test("the package's own README examples run as written: in Node, and through tsc", async ({ page }) => {
  const readme = join(root, "npm", "README.md");
  const [first, progress, ...more] = examples(readme, "js");
  expect(more, "npm/README.md's JavaScript examples, each run here").toEqual([]);
  // "// 16 hex digits: the site's demoState().fingerprint for this map"
  const printed = runInNode("package-readme-1.mjs", first).trim();
  expect(printed).toMatch(/^[0-9a-f]{16}$/);
  await page.goto(`${SITE}/`);
  const site = await page.evaluate(async () => {
    const { erode, fingerprint, generate } = await import("./terrain.js");
    const heights = generate({ algorithm: "perlin-noise", exponent: 7, seed: 7, octaves: 6 });
    return fingerprint(erode(heights, { droplets: 50000, seed: 7 }));
  });
  expect(first).toContain(
    'generate({ algorithm: "perlin-noise", exponent: 7, seed: 7, octaves: 6 });\n// 129 × 129 heights',
  );
  expect(first).toContain("erode(heights, { droplets: 50000, seed: 7 })");
  expect(printed, "the site's map").toBe(site);
  // The progress example prints 0 % first and 100 % last.
  const fractions = runInNode("package-readme-2.mjs", progress).trim().split("\n");
  expect([fractions[0], fractions.at(-1)]).toEqual(["0 %", "100 %"]);
  const [typed, ...moreTyped] = examples(readme, "ts");
  expect(moreTyped, "npm/README.md's TypeScript examples, each compiled here").toEqual([]);
  expect(compile("package-readme.mts", typed)).toEqual({ status: 0, output: "" });
});

test("Node imports the core and makes the site's maps, bit for bit", async ({ page }) => {
  const script = join(folder, "maps.mjs");
  writeFileSync(
    script,
    `import { analyze, erode, erodeAsync, fingerprint, generate, generateAsync, init } from "${manifest.name}/core";
import { fileURLToPath } from "node:url";
// A file's path, as a Node script has one.
await init(fileURLToPath(new URL("./node_modules/${manifest.name}/terrain-web_bg.wasm", import.meta.url)));
const maps = ${JSON.stringify(MAPS)};
const fingerprints = maps.map((options) => fingerprint(generate(options)));
// No Worker in Node: the async calls run here, a piece per macrotask.
const fractions = maps.map(() => []);
const asyncFingerprints = [];
for (const [index, options] of maps.entries()) {
  const onProgress = (fraction) => fractions[index].push(fraction);
  asyncFingerprints.push(fingerprint(await generateAsync(options, { workers: 2, onProgress })));
}
const erodedAsync = fingerprint(await erodeAsync(generate(maps[0]), { droplets: 2000, seed: 1 }));
const kept = new Float64Array(generate(maps[0]).length);
const intoKept = (await generateAsync(maps[0], { into: kept })) === kept && fingerprint(kept) === fingerprints[0];
let refused = "";
try {
  generate({ algorithm: "diamond-sqare" });
} catch (error) {
  refused = error.message;
}
const eroded = erode(generate(maps[0]), { droplets: 2000, seed: 1 });
let refusedAsync = "";
await generateAsync({ algorithm: "diamond-sqare" }).catch((error) => {
  refusedAsync = error.message;
});
// A callback that throws ends its call, which rejects with its error.
const thrown = await erodeAsync(generate(maps[0]), { droplets: 50000 }, {
  onProgress: (fraction) => {
    if (fraction > 0) throw new Error("from the callback");
  },
}).catch((error) => error.message);
const { exportMap, exportMapAsync } = await import("${manifest.name}/export");
const raw = exportMap(generate(maps[0]), { format: "raw16" });
const rawAsync = await exportMapAsync(generate(maps[0]), { format: "raw16" });
// The file is of the heights and options at the call: once it was written
// later from the caller's array and options, as they were by then.
const reused = generate(maps[0]);
let reads = 0;
const changing = { get format() { return reads++ === 0 ? "png16" : "raw16"; } };
const pending = exportMapAsync(reused, changing);
reused.fill(0.5);
const png = exportMap(generate(maps[0]), { format: "png16" });
const pngAsync = await pending;
// Options refused at the call stay refused, whatever becomes of them.
const refusing = { format: "png17" };
const refusedLater = exportMapAsync(generate(maps[0]), refusing);
refusing.format = "png16";
const refusedAtTheCall = await refusedLater.then(() => "written", (error) => error.message);
// 64 tiles' tasks at once: one abort listener, not one a task (Node
// warned of a leak past 10 on stderr, which this test reads).
const wide = generate({ algorithm: "diamond-square", exponent: 9, seed: 3 });
// Twelve calls sharing one signal: one listener on it, not twelve.
const shared = new AbortController();
await Promise.all(Array.from({ length: 12 }, () => generateAsync(maps[0], { signal: shared.signal })));
const wideSame = fingerprint(await erodeAsync(wide, { droplets: 5000, lifetime: 5 })) ===
  fingerprint(erode(wide, { droplets: 5000, lifetime: 5 }));
console.log(JSON.stringify({ fingerprints, asyncFingerprints, fractions, refused, refusedAsync, intoKept, wideSame,
  pngAtTheCall: pngAsync.length === png.length && png.every((byte, at) => byte === pngAsync[at]), refusedAtTheCall,
  erodedLength: eroded.length, erodedSame: erodedAsync === fingerprint(eroded), dom: typeof document,
  spectrumSlope: analyze(generate(maps[0])).spectrum.slope, thrown,
  raw: [raw.length, rawAsync.length, raw.every((byte, at) => byte === rawAsync[at])] }));
`,
  );
  const run = spawnSync(process.execPath, [script], { cwd: folder, encoding: "utf-8" });
  expect(run.stderr).toBe("");
  const fromNode = JSON.parse(run.stdout);
  expect(fromNode.dom, "no DOM in Node").toBe("undefined");
  expect(fromNode.refused).toMatch(/^algorithm must be one of .*diamond-square.*; got "diamond-sqare"$/);
  expect(fromNode.erodedLength).toBe(65 * 65);
  expect(fromNode.asyncFingerprints, "generateAsync in Node: generate's bits").toEqual(fromNode.fingerprints);
  expect(fromNode.erodedSame, "erodeAsync in Node: erode's bits").toBe(true);
  expect(fromNode.intoKept, "generateAsync into a kept array in Node: that array, generate's bits").toBe(true);
  expect(fromNode.refusedAsync).toBe(fromNode.refused);
  expect(fromNode.spectrumSlope, "analyze in Node").toBeLessThan(-2);
  expect(fromNode.thrown).toBe("from the callback");
  expect(fromNode.raw, "the download module in Node, sync and async").toEqual([2 * 65 * 65, 2 * 65 * 65, true]);
  expect(fromNode.pngAtTheCall, "exportMapAsync writes the heights and options of the call").toBe(true);
  expect(fromNode.refusedAtTheCall).toMatch(/^format must be one of .*; got "png17"$/);
  expect(fromNode.wideSame, "erodeAsync of 36 tiles in Node: erode's bits").toBe(true);
  const along = (fractions) => fractions.filter((fraction) => fraction > 0 && fraction < 1).length;
  for (const [index, fractions] of fromNode.fractions.entries()) {
    expect(fractions.at(-1), MAPS[index].algorithm).toBe(1);
    expect(along(fractions), MAPS[index].algorithm).toBeGreaterThan(0);
  }
  // Diamond-square is one task, which reports from inside itself here too.
  expect(along(fromNode.fractions[0]), MAPS[0].algorithm).toBeGreaterThan(3);

  for (const [index, map] of MAPS.entries()) {
    await page.goto(`/playground.html?algorithm=${map.algorithm}&exponent=${map.exponent}&seed=${map.seed}`);
    await waitForAllDemos(page, 1);
    const state = await demoState(page, 0);
    expect([state.algorithm, state.side]).toEqual([map.algorithm, 2 ** map.exponent + 1]);
    expect(fromNode.fingerprints[index], `${map.algorithm}: the same map as the site`).toBe(state.fingerprint);
  }
});

test("a page serving the installed package shows a <terrain-demo> with the same map, and its worker makes it too", async ({
  page,
}) => {
  // The package README's snippet, as it stands.
  const [snippet, ...more] = examples(join(root, "npm", "README.md"), "html");
  expect(more).toEqual([]);
  const attribute = (name) => new RegExp(`<terrain-demo [^>]*\\b${name}="([^"]*)"`).exec(snippet)?.[1];
  const map = {
    algorithm: attribute("algorithm"),
    exponent: Number(attribute("exponent")),
    seed: Number(attribute("seed")),
  };
  await page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(snippet)}`);
  await waitForAllDemos(page, 1);
  await expect(page.locator(".terrain-notice:visible"), "every attribute of the snippet is taken").toHaveCount(0);
  await expect(page.locator(".terrain-controls"), "with its controls").toBeVisible();
  const state = await demoState(page, 0);
  const run = spawnSync(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `import { fingerprint, generate, init } from "${manifest.name}/core";
await init();
console.log(fingerprint(generate(${JSON.stringify(map)})));`,
    ],
    { cwd: folder, encoding: "utf-8" },
  );
  expect(run.stderr).toBe("");
  expect(state.fingerprint).toBe(run.stdout.trim());

  // The core in a Web Worker: no DOM there either.
  const inWorker = await page.evaluate(
    ({ core, map }) =>
      new Promise((resolve, reject) => {
        const source = `import { fingerprint, generate, init } from ${JSON.stringify(core)};
await init();
postMessage({ print: fingerprint(generate(${JSON.stringify(map)})), dom: typeof document });`;
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), {
          type: "module",
        });
        worker.onmessage = ({ data }) => resolve(data);
        worker.onerror = (event) => reject(new Error(event.message));
      }),
    { core: `${BLOG}/node_modules/${manifest.name}/core.js`, map },
  );
  expect(inWorker).toEqual({ print: state.fingerprint, dom: "undefined" });
});

/** Runs the TypeScript compiler on `source`, strict, as a module in the
 * install folder; returns its exit status and output. */
function compile(name, source) {
  writeFileSync(join(folder, name), source);
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const args = ["--noEmit", "--strict", "--module", "nodenext", "--target", "es2022", "--lib", "es2022,dom", name];
  const run = spawnSync(process.execPath, [tsc, ...args], { cwd: folder, encoding: "utf-8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

test("tsc --strict passes a typed example and fails a misspelled algorithm", () => {
  const typed = compile(
    "typed.mts",
    `import { type Algorithm, type Analysis, type GenerateOptions, analyze, erode, erodeAsync, fingerprint, generate, generateAsync, init } from "${manifest.name}/core";
import { analyze as analyzeOnPage } from "${manifest.name}";
import { exportMap, exportMapAsync } from "${manifest.name}/export";
import { type Palette, fingerprint as fingerprintOnPage } from "${manifest.name}";
import type { TerrainDemoElement } from "${manifest.name}";

const algorithm: Algorithm = "simplex-noise";
const options: GenerateOptions = { algorithm, exponent: 7, seed: 7n, octaves: 6, shape: "ridged", stage: "octave-2" };
await init();
const heights: Float64Array = generate(options);
const reused: Float64Array = generate({ ...options, seed: 8 }, { into: heights });
const weathered: Float64Array = erode(heights, { droplets: 1000, wrap: true });
const print: string = fingerprint(weathered) + fingerprint(reused);
const controller = new AbortController();
const later: Float64Array = await generateAsync(options, { signal: controller.signal, onProgress: (fraction: number) => fraction, workers: 2, into: reused });
const eroded: Float64Array = await erodeAsync(later, { droplets: 10 }, { workers: 1 });
const file: Uint8Array = await exportMapAsync(eroded, { format: "stl" }, { signal: controller.signal });
const palette: Palette = "slope";
const glb: Uint8Array = exportMap([0, 1, 0.5, 0.25, 0, 1, 1, 0, 0.5], { format: "glb", palette });
const sameOnPage: string = fingerprintOnPage([...eroded]) + glb.length;
const measures: Analysis = analyze(eroded, { bins: 32, relief: 0.5 });
const fitted: number | null = measures.spectrum.slope ?? analyzeOnPage(heights).slope.meanDegrees;
const element: TerrainDemoElement | null = document.querySelector("terrain-demo");
element?.setAttribute("seed", (print.length + sameOnPage.length + file.length + (fitted ?? 0)).toString());
`,
  );
  expect(typed.output).toBe("");
  expect(typed.status).toBe(0);

  const misspelled = compile(
    "misspelled.mts",
    `import { generate, init } from "${manifest.name}/core";

await init();
generate({ algorithm: "diamond-sqare", exponent: 5 });
`,
  );
  const badPalette = compile(
    "palette.mts",
    `import { exportMap } from "${manifest.name}/export";

exportMap([0, 0, 0, 0], { format: "glb", palette: "rainbow" });
`,
  );
  expect(badPalette.output).toMatch(
    /palette\.mts\(3,\d+\): error TS\d+: Type '"rainbow"' is not assignable to type 'Palette \| undefined'/,
  );
  expect(misspelled.status).not.toBe(0);
  expect(misspelled.output).toMatch(
    /misspelled\.mts\(4,\d+\): error TS\d+: Type '"diamond-sqare"' is not assignable to type 'Algorithm \| undefined'/,
  );
  console.log(`tsc on the misspelled name: ${misspelled.output.trim()}`);
});
