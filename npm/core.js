// terrain-step-by-step/core: the generators and the droplet erosion with
// no DOM, for Node 20+, Deno, Web Workers and browsers. Call `init()` once
// (it loads the WebAssembly module beside this file, or the one you pass),
// then `generate`, `erode`, `analyze` and `fingerprint` run synchronously, and
// `generateAsync` and `erodeAsync` give the same bits off the caller's
// thread: in Web Workers where the platform has them (browsers, Deno), and
// in Node, which has no global Worker, on the caller's thread a piece per
// macrotask (pool.js).
//
//   import { init, generate, erode, fingerprint } from "terrain-step-by-step/core";
//   await init();
//   const heights = generate({ algorithm: "perlin-noise", exponent: 7, seed: 7 });
//   const big = await generateAsync({ algorithm: "perlin-noise", exponent: 11 }, { onProgress });

import { erodeAsync as erodeOffThread, useModule as erosionUses } from "./erode-async.js";
import { generateAsync as generateOffThread, refuseWritten } from "./generate-async.js";
import { configurePool } from "./pool.js";
import * as glue from "./terrain-web.js";

const {
  default: load,
  analyze: analyzeInWasm,
  erode: erodeInWasm,
  fingerprint: fingerprintInWasm,
  generate: generateInWasm,
} = glue;

let loading;
let ready = false;

/** Loads the module: from `source` (a URL, as a string too, a file's path
 * in Node, bytes, a Response or a compiled WebAssembly.Module), or by
 * default from terrain-web_bg.wasm beside this file. Later calls return
 * the first one's promise; after a failure, the next call tries again. */
export function init(source) {
  loading ??= instantiate(source).then(
    () => {
      ready = true;
    },
    (error) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Whether init() can load from `source`: what its comment lists. */
function loadable(source) {
  return (
    source === undefined ||
    typeof source === "string" ||
    source instanceof URL ||
    source instanceof ArrayBuffer ||
    ArrayBuffer.isView(source) ||
    (typeof Response === "function" && source instanceof Response) ||
    source instanceof WebAssembly.Module
  );
}

async function instantiate(source) {
  if (!loadable(source)) {
    const kind = source === null ? "null" : `a value of type ${typeof source}`;
    throw new Error(
      `init takes where to load the module from: a URL (or its text), a file's path, its bytes, a Response or a WebAssembly.Module, or nothing for the one beside core.js; got ${kind}`,
    );
  }
  let moduleOrPath = source ?? new URL("./terrain-web_bg.wasm", import.meta.url);
  if (typeof moduleOrPath === "string" && globalThis.process?.versions?.node) {
    // Node's fetch takes neither a path nor a file: URL. A drive letter
    // (C:\ on Windows) would parse as a URL's scheme, so it goes first.
    if (/^[A-Za-z]:[\\/]/.test(moduleOrPath) || !URL.canParse(moduleOrPath)) {
      const { pathToFileURL } = await import("node:url");
      moduleOrPath = pathToFileURL(moduleOrPath);
    } else if (new URL(moduleOrPath).protocol === "file:") {
      moduleOrPath = new URL(moduleOrPath);
    }
  }
  if (moduleOrPath instanceof URL && moduleOrPath.protocol === "file:") {
    // Node's fetch reads no file: URL; Node and Deno both read files so.
    const { readFile } = await import("node:fs/promises");
    moduleOrPath = await readFile(moduleOrPath);
  }
  // Compiled once here, so the async calls' workers run the same module.
  const module = await compiled(moduleOrPath);
  await load({ module_or_path: module });
  configurePool({ module, script: new URL("./worker.js", import.meta.url), here: glue });
  erosionUses(glue);
}

/** `source` (as init() takes it, file: URLs read already) compiled. */
async function compiled(source) {
  if (source instanceof WebAssembly.Module) return source;
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.compile(source);
  const response = source instanceof Response ? source : await fetch(source);
  return WebAssembly.compile(await response.arrayBuffer());
}

function notLoaded(name) {
  return new Error(`${name} needs the module: call \`await init()\` once first`);
}

function loaded(name) {
  if (!ready) throw notLoaded(name);
}

/** Heights of a generated map, (2^exponent + 1)² of them, row-major
 * (written into `settings.into`, when given, and that array returned). */
export function generate(options, settings) {
  loaded("generate");
  refuseWritten(settings);
  return generateInWasm(options, settings);
}

/** A new map: `heights` weathered by droplets (`heights` is left as it was). */
export function erode(heights, options) {
  loaded("erode");
  return erodeInWasm(heights, options);
}

/** 16 hex digits: a hash of every height's bits, the site's demoState().fingerprint. */
export function fingerprint(heights) {
  loaded("fingerprint");
  return fingerprintInWasm(heights);
}

/** A map's measures: statistics, histogram, hypsometric curve, spectrum, slope. */
export function analyze(heights, options) {
  loaded("analyze");
  return analyzeInWasm(heights, options);
}

/** generate() off the caller's thread: a promise of the same heights. */
export function generateAsync(options, settings) {
  return ready ? generateOffThread(options, settings) : Promise.reject(notLoaded("generateAsync"));
}

/** erode() off the caller's thread: a promise of the same heights. */
export function erodeAsync(heights, options, settings) {
  return ready ? erodeOffThread(heights, options, settings) : Promise.reject(notLoaded("erodeAsync"));
}
