// terrain-step-by-step/core: the generators and the droplet erosion with
// no DOM, for Node 20+, Deno, Web Workers and browsers. Call `init()` once
// (it loads the WebAssembly module beside this file, or the one you pass),
// then `generate`, `erode` and `fingerprint` run synchronously.
//
//   import { init, generate, erode, fingerprint } from "terrain-step-by-step/core";
//   await init();
//   const heights = generate({ algorithm: "perlin-noise", exponent: 7, seed: 7 });

import load, {
  erode as erodeInWasm,
  fingerprint as fingerprintInWasm,
  generate as generateInWasm,
} from "./terrain-web.js";

let loading;
let ready = false;

/** Loads the module: from `source` (a URL, a path string the platform can
 * fetch, bytes, a Response or a compiled WebAssembly.Module), or by
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

async function instantiate(source) {
  let moduleOrPath = source ?? new URL("./terrain-web_bg.wasm", import.meta.url);
  if (moduleOrPath instanceof URL && moduleOrPath.protocol === "file:") {
    // Node's fetch reads no file: URL; Node and Deno both read files so.
    const { readFile } = await import("node:fs/promises");
    moduleOrPath = await readFile(moduleOrPath);
  }
  await load({ module_or_path: moduleOrPath });
}

function loaded(name) {
  if (!ready) throw new Error(`${name} needs the module: call \`await init()\` once first`);
}

/** Heights of a generated map, (2^exponent + 1)² of them, row-major. */
export function generate(options) {
  loaded("generate");
  return generateInWasm(options);
}

/** A new map: `heights` weathered by droplets (`heights` is left as it was). */
export function erode(heights, options) {
  loaded("erode");
  return erodeInWasm(heights, options);
}

/** 16 hex digits: a hash of every height's bits, the site's demoState().fingerprint. */
export function fingerprint(heights) {
  loaded("fingerprint");
  return fingerprintInWasm(heights instanceof Float64Array ? heights : Float64Array.from(heights));
}
