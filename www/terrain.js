// The one script pages and embeds load. It styles and mounts every
// element with a data-terrain-demo attribute, now and whenever more are
// added, defines the <terrain-demo> element, and exports the generator and
// the erosion for scripts of your own.
//
//   <script type="module" src="https://…/terrain.js"></script>
//   <div data-terrain-demo="diamond-square" data-stage="square"
//        data-exponent="3" data-seed="7"></div>
//   <terrain-demo algorithm="diamond-square" exponent="3" seed="7" stage="square"></terrain-demo>
//
//   import { generate } from "https://…/terrain.js";
//   const heights = generate({ algorithm: "diamond-square", exponent: 5, seed: 7 });
//   const weathered = erode(heights, { droplets: 20000, seed: 7 });
//
// exportMap() is in export.js, which loads the download module only.

import { useModule as erosionUses } from "./erode-async.js";
import { refuseWritten } from "./generate-async.js";
import { configurePool, startableUrl } from "./pool.js";

/** erode() in workers: a promise of the same heights; see the README. */
export { erodeAsync } from "./erode-async.js";
/** generate() in workers: a promise of the same heights; see the README. */
export { generateAsync } from "./generate-async.js";

// The release: a hash of every file this script loads, stamped in at build
// time (xtask/src/pages.rs). Every file is asked for with it, so a browser
// that fetches a new terrain.js never pairs it with a module, worker or
// stylesheet cached from an older release: embeds update all at once.
const RELEASE = "dev";

/** The URL of one of this release's files, beside this script. */
function ofThisRelease(name) {
  const url = new URL(name, import.meta.url);
  url.searchParams.set("v", RELEASE);
  return url;
}

// This entry needs a page; say so where there is none, rather than fail on
// the first `document` below.
if (typeof document === "undefined") {
  throw new Error(
    "terrain.js needs a page (it mounts demos): in Node, Deno or a worker, import terrain-step-by-step/core, and terrain-step-by-step/export for files",
  );
}

// A stylesheet rather than inline styles, so pages with a strict
// Content-Security-Policy (style-src 'self') can embed demos too.
if (!document.querySelector("link[data-terrain-style]")) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = ofThisRelease("terrain.css").href;
  link.dataset.terrainStyle = "";
  document.head.append(link);
}

/** Whether `error` is a Content-Security-Policy refusing WebAssembly. */
const forbidsWasm = (error) => /unsafe-eval|Content Security Policy/i.test(String(error?.message));

/** Says in every demo's place why none could start, then fails the import
 * as before: a reader sees a sentence, not an empty gap under a caption. */
function cannotStart(error) {
  const words = forbidsWasm(error)
    ? "the page's Content-Security-Policy does not let it run WebAssembly (its script-src needs 'wasm-unsafe-eval')"
    : `its WebAssembly module could not be loaded (${error?.message ?? error})`;
  const say = () => {
    for (const place of document.querySelectorAll(
      "[data-terrain-demo]:not([data-terrain-mounted]), terrain-demo, .embed-demo",
    )) {
      const note = document.createElement("p");
      note.className = "terrain-cannot-start";
      note.setAttribute("role", "alert");
      note.textContent = `This 3D terrain demo could not start: ${words}. Reload the page to try again.`;
      // What the page wrote in its place stays (a blog's own fallback),
      // but a "loading" line would be untrue.
      for (const loading of place.querySelectorAll(".embed-loading")) loading.remove();
      place.append(note);
    }
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", say, { once: true });
  else say();
  throw error;
}

// Compile once: the same module runs here and in the worker that makes
// huge maps.
const wasmUrl = ofThisRelease("terrain-web_bg.wasm");
let wasm;
let module;
try {
  wasm = await import(ofThisRelease("terrain-web.js").href);
  module = await WebAssembly.compileStreaming(fetch(wasmUrl)).catch(async (streaming) => {
    // A policy that forbids WebAssembly forbids it from bytes too.
    if (forbidsWasm(streaming)) throw streaming;
    // Some servers send .wasm with the wrong type; compile from bytes then.
    const response = await fetch(wasmUrl);
    if (!response.ok) throw new Error(`${wasmUrl.pathname} answered ${response.status}`);
    return WebAssembly.compile(await response.arrayBuffer());
  });
  await wasm.default({ module_or_path: module });
} catch (error) {
  cannotStart(error);
}

// A page on another origin starts the workers from a blob: or data: URL
// that imports ours (pool.js says how); a page whose policy allows neither
// does the work itself, as when no worker starts.
function workerScript() {
  return startableUrl(ofThisRelease("worker.js"));
}
wasm.configureWorker(workerScript(), module);
// The async calls' workers run the same module.
configurePool({ module, script: ofThisRelease("worker.js"), here: wasm });
erosionUses(wasm);
// Share links of demos outside the playground (articles, embeds) open it.
wasm.configurePlayground(new URL("playground.html", import.meta.url).href);

// PNG import and downloads each have a wasm module of their own
// (crates/terrain-png, crates/terrain-export), fetched the first time a
// reader imports a picture or downloads a file: most readers never do, so
// they never download either. Both run in the file worker (a second copy
// of worker.js), so a big file does not hold up the page; where no worker
// may start, here.
const onPage = new Map();
function moduleHere(name) {
  if (!onPage.has(name)) {
    const loading = import(ofThisRelease(`${name}.js`).href).then(async (module) => {
      await module.default({ module_or_path: ofThisRelease(`${name}_bg.wasm`) });
      return module;
    });
    // A failed fetch is tried again next time.
    loading.catch(() => onPage.delete(name));
    onPage.set(name, loading);
  }
  return onPage.get(name);
}

/** A job done on the page: decoding a PNG, or writing a download. */
function hereFor(job) {
  if (job.decodePng) {
    if (job.decodePng.buffer.detached) {
      // Handed to a worker that then failed: the bytes went with it.
      return Promise.reject(
        new Error(
          "the file worker stopped while it had the file (offline, or a module failed to load); import it again",
        ),
      );
    }
    return moduleHere("terrain-png").then(
      (png) => png.decode(job.decodePng),
      (error) => {
        throw new Error(`the PNG decoder could not be loaded (${error.message})`);
      },
    );
  }
  if (job.exportMap.length === 0) {
    // Handed to a worker that then failed: the heights went with it.
    return Promise.reject(
      new Error(
        "the file worker stopped while it had the map (offline, or a module failed to load); download it again",
      ),
    );
  }
  return moduleHere("terrain-export").then(
    (files) => {
      const { bytes, triangles, maxError, units } = files.writeFile(job.exportMap, job.options, job.onProgress);
      return { blob: new Blob([bytes], { type: job.mediaType }), triangles, maxError, units };
    },
    (error) => {
      throw new Error(`the download module could not be loaded (${error.message})`);
    },
  );
}

/** The file worker: undefined until a job needs it (or after it failed
 * once), null where none can run, so jobs run here. */
let fileWorker;
/** Its failures since a job last finished in it: a network blip stops a
 * worker once, and the next job starts another; twice in a row, the
 * worker is given up for the page's life. */
let fileWorkerFailures = 0;
let nextJob = 0;
const pending = new Map();
/** Runs `job` in the file worker (started on first need), or here. */
function inFileWorker(job, transfer = []) {
  if (fileWorker === undefined) {
    try {
      const worker = new Worker(workerScript(), { type: "module" });
      fileWorker = worker;
      worker.onmessage = ({ data }) => {
        const waiting = pending.get(data.id);
        if (!waiting) return;
        if (data.progress !== undefined) {
          waiting.job.onProgress?.(data.progress, data.words);
          return;
        }
        pending.delete(data.id);
        fileWorkerFailures = 0;
        if (data.error === undefined) waiting.resolve(data);
        else waiting.reject(new Error(data.error));
      };
      worker.onerror = () => {
        // The worker failed (its script, or a module it loads): every job
        // waiting is done here, and the next job tries a new worker.
        worker.terminate();
        fileWorkerFailures += 1;
        fileWorker = fileWorkerFailures < 2 ? undefined : null;
        for (const [id, { job, resolve, reject }] of pending) {
          pending.delete(id);
          hereFor(job).then(resolve, reject);
        }
      };
    } catch {
      fileWorker = null;
    }
  }
  if (!fileWorker) return hereFor(job);
  return new Promise((resolve, reject) => {
    const id = nextJob++;
    pending.set(id, { job, resolve, reject });
    const { onProgress, ...message } = job;
    fileWorker.postMessage({ ...message, id }, transfer);
  });
}

// The file's bytes are handed over (transferred, not copied: a copy of a
// 4097 x 4097 picture's file was a task of over 50 ms on the page).
wasm.configurePngDecoder((bytes) => inFileWorker({ decodePng: bytes }, [bytes.buffer]));
// The page hands a download's heights over (transferred, not copied) with
// exportMap()'s options, and gets the file back as a Blob.
wasm.configureExporter(({ heights, options, mediaType }, onProgress) =>
  inFileWorker({ exportMap: heights, options, mediaType, onProgress }, [heights.buffer]),
);

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

// Demos added later (by a blog's own scripts, say) are mounted too, and
// those whose element leaves the page are released, everything they held
// (an element moved elsewhere in one go stays as it is).
/** Whether one of `nodes` is, or holds, an element matching `selector`. */
const holds = (nodes, selector) =>
  [...nodes].some(
    (node) => node.nodeType === Node.ELEMENT_NODE && (node.matches(selector) || node.querySelector(selector)),
  );
let scheduled = false;
function settleDemos() {
  scheduled = false;
  let released = true;
  try {
    released = wasm.releaseDetached();
  } catch (error) {
    console.error("terrain demos:", error);
  }
  // Busy (a demo's own handler removed its element): again soon.
  if (!released) setTimeout(settleDemos, 0);
  mountAll();
}
new MutationObserver((mutations) => {
  const changed = mutations.some(
    (mutation) =>
      holds(mutation.addedNodes, "[data-terrain-demo]") || holds(mutation.removedNodes, "[data-terrain-mounted]"),
  );
  if (changed && !scheduled) {
    scheduled = true;
    queueMicrotask(settleDemos);
  }
}).observe(document.documentElement, { childList: true, subtree: true });

// <terrain-demo>: its attributes are the data- ones without the prefix
// (wasm.elementAttributes(), from the registries). The module mounts it on
// connection, reads its attributes again when they change (once a frame),
// and releases everything it held when it leaves the page. Defined once,
// even if a page loads this script twice.
if (!customElements.get("terrain-demo")) {
  customElements.define(
    "terrain-demo",
    class TerrainDemo extends HTMLElement {
      static observedAttributes = wasm.elementAttributes();
      #index;
      #retry;
      connectedCallback() {
        this.#settle();
      }
      disconnectedCallback() {
        this.#settle();
      }
      attributeChangedCallback() {
        if (this.#index !== undefined) this.#settle(true);
      }
      /** Brings the demo in line with the element: mounted while it is on
       * the page, released when not, told of new attributes. */
      #settle(changed = false) {
        clearTimeout(this.#retry);
        let done = true;
        try {
          if (this.isConnected && this.#index === undefined) {
            this.#index = wasm.connectElement(this);
            done = this.#index !== undefined;
          } else if (!this.isConnected && this.#index !== undefined) {
            done = wasm.disconnectElement(this.#index);
            if (done) this.#index = undefined;
          } else if (changed && this.isConnected) {
            const index = wasm.elementChanged(this, this.#index);
            done = index !== undefined;
            if (done) this.#index = index;
          }
        } catch (error) {
          // A demo failing must never break the page around it.
          console.error("terrain demos:", error);
        }
        // Busy (the element was changed by a demo's own handler): again soon.
        if (!done) this.#retry = setTimeout(() => this.#settle(changed), 0);
      }
    },
  );
}

/** Heights of a generated map as a Float64Array; see the README. */
export function generate(options, settings) {
  refuseWritten(settings);
  return wasm.generate(options, settings);
}
/** Heights of a map eroded by droplets, as a new Float64Array; see the README. */
export const erode = wasm.erode;
/** A map's measures: statistics, histogram, hypsometric curve, spectrum, slope; see the README. */
export const analyze = wasm.analyze;
/** 16 hex digits that equal a demo's demoState().fingerprint when the heights are its map's. */
export const fingerprint = wasm.fingerprint;
/** Mounts one element (it needs a data-terrain-demo attribute). */
export const mount = wasm.mount;
/** Mounts embed.html's demo in an element, from a share link's query. */
export const mountEmbed = wasm.mountEmbed;
/** Counters for tests: frames, draws, demos, graphics state, the shared context's number. */
export const renderStats = wasm.renderStats;
/** Loses (true) or restores (false) the shared WebGL context, for tests. */
export const simulateContextLoss = wasm.simulateContextLoss;
/** The page's WebAssembly memory in bytes (it never shrinks: its peak). */
export const memoryBytes = wasm.memoryBytes;
/** A demo's settings and a fingerprint of its heights, for tests. */
export const demoState = wasm.demoState;
/** Runs a generator or the memory floor inside wasm, for the benchmark page. */
export const benchmarkRun = wasm.benchmarkRun;
/** Runs one part of the Analyze panel's measuring inside wasm, for the benchmark page. */
export const benchmarkAnalysis = wasm.benchmarkAnalysis;
