// The one script pages and embeds load. It styles and mounts every
// element with a data-terrain-demo attribute, now and whenever more are
// added, and exports the generator for scripts of your own.
//
//   <script type="module" src="https://…/terrain.js"></script>
//   <div data-terrain-demo="diamond-square" data-stage="square"
//        data-exponent="3" data-seed="7"></div>
//
//   import { generate } from "https://…/terrain.js";
//   const heights = generate({ algorithm: "diamond-square", exponent: 5, seed: 7 });

import init, * as wasm from "./terrain-web.js";

// A stylesheet rather than inline styles, so pages with a strict
// Content-Security-Policy (style-src 'self') can embed demos too.
if (!document.querySelector("link[data-terrain-style]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = new URL("terrain.css", import.meta.url).href;
  link.dataset.terrainStyle = "";
  document.head.append(link);
}

// Compile once: the same module runs here and in the worker that makes
// huge maps.
const wasmUrl = new URL("terrain-web_bg.wasm", import.meta.url);
const module = await WebAssembly.compileStreaming(fetch(wasmUrl)).catch(async () =>
  // Some servers send .wasm with the wrong type; compile from bytes then.
  WebAssembly.compile(await (await fetch(wasmUrl)).arrayBuffer()),
);
await init({ module_or_path: module });
wasm.configureWorker(new URL("worker.js", import.meta.url).href, module);

// PNG import decodes with a module of its own (crates/terrain-png), fetched
// the first time a reader imports a picture: most readers never do, so
// they never download the decoder.
let pngModule;
wasm.configurePngDecoder(async (bytes) => {
  pngModule ??= import("./terrain-png.js").then(async (png) => {
    await png.default({ module_or_path: new URL("terrain-png_bg.wasm", import.meta.url) });
    return png;
  });
  // A failed fetch is tried again on the next import.
  const png = await pngModule.catch((error) => {
    pngModule = undefined;
    throw new Error(`the PNG decoder could not be loaded (${error.message})`);
  });
  return png.decode(bytes);
});

function mountAll() {
  try {
    wasm.mountAll();
  } catch (error) {
    // A demo failing must never break the page around it.
    console.error("terrain demos:", error);
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", mountAll, { once: true });
} else {
  mountAll();
}

// Demos added later (by a blog's own scripts, say) are mounted too.
let scheduled = false;
new MutationObserver((mutations) => {
  const added = mutations.some((mutation) =>
    [...mutation.addedNodes].some(
      (node) =>
        node.nodeType === Node.ELEMENT_NODE &&
        (node.matches("[data-terrain-demo]") || node.querySelector("[data-terrain-demo]")),
    ),
  );
  if (added && !scheduled) {
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      mountAll();
    });
  }
}).observe(document.documentElement, { childList: true, subtree: true });

/** Heights of a generated map as a Float64Array; see the README. */
export const generate = wasm.generate;
/** Mounts one element (it needs a data-terrain-demo attribute). */
export const mount = wasm.mount;
/** Counters for tests: frames, draws, demos, graphics state. */
export const renderStats = wasm.renderStats;
/** Loses (true) or restores (false) the shared WebGL context, for tests. */
export const simulateContextLoss = wasm.simulateContextLoss;
/** The page's WebAssembly memory in bytes (it never shrinks: its peak). */
export const memoryBytes = wasm.memoryBytes;
/** A demo's settings and a fingerprint of its heights, for tests. */
export const demoState = wasm.demoState;
/** Runs a generator or the memory floor inside wasm, for the benchmark page. */
export const benchmarkRun = wasm.benchmarkRun;
