// exportMap() for scripts of your own: a map as a 16-bit PNG or RAW, an
// OBJ, a closed STL solid, a GLB or a zip of tiles (see the README), and
// exportMapAsync(), the same bytes written in a worker.
//
//   import { generate } from "https://…/terrain.js";
//   import { exportMap, exportMapAsync } from "https://…/export.js";
//   const stl = exportMap(generate({ exponent: 8, seed: 7 }), { format: "stl", sizeMm: 120 });
//   const glb = await exportMapAsync(heights, { format: "glb" }, { signal, onProgress });
//
// It loads only the download module (terrain-export), not the demos: it
// touches no page, so a Web Worker, or Node, can import it too. terrain.js loads the
// same module on a page's first download.

import { abortError, asyncSettings, startableUrl, whenAborted } from "./pool.js";

// The release, stamped in at build time as in terrain.js, so this script
// never pairs with a module of another release.
const RELEASE = "dev";

/** The URL of one of this release's files, beside this script. */
function ofThisRelease(name) {
  const url = new URL(name, import.meta.url);
  url.searchParams.set("v", RELEASE);
  return url;
}

const files = await import(ofThisRelease("terrain-export.js").href);
const wasmFile = ofThisRelease("terrain-export_bg.wasm");
// Node's fetch reads no file: URL; Node and Deno both read files so.
const source = wasmFile.protocol === "file:" ? await (await import("node:fs/promises")).readFile(wasmFile) : wasmFile;
await files.default({ module_or_path: source });

/** A map written as a file, as a Uint8Array; see the README. */
export const exportMap = files.exportMap;

// exportMapAsync's worker: a copy of worker.js, which writes with the same
// module (its file-export job, asked for the bytes rather than a Blob).
// Started on first need; stopped when a file it writes is aborted, and
// the files it had yet to write are handed to the next one.
let writer;
let nextJob = 0;
const jobs = new Map();

function startWriter() {
  if (writer !== undefined) return writer;
  writer = null;
  if (typeof Worker !== "function") return writer;
  try {
    writer = new Worker(startableUrl(ofThisRelease("worker.js")), { type: "module" });
  } catch {
    return writer;
  }
  writer.onmessage = ({ data }) => {
    const job = jobs.get(data.id);
    if (!job) return;
    if (data.progress !== undefined) {
      job.report(Math.min(data.progress, 0.99));
      return;
    }
    if (data.error === undefined) job.resolve(data.bytes);
    else job.reject(new Error(data.error));
  };
  writer.onerror = (event) => {
    // No worker here (a policy, a script that failed): written on the page.
    event.preventDefault?.();
    writer.terminate();
    writer = null;
    for (const job of jobs.values()) job.runHere();
  };
  return writer;
}

/** Posts `job` to the writer, or writes it here if none can start or
 * its arguments cannot be sent. */
function send(job) {
  const worker = startWriter();
  if (!worker) return job.runHere();
  try {
    worker.postMessage({ exportMap: job.heights, options: job.options, id: job.id, wantsBytes: true });
    job.sent = true;
  } catch {
    job.runHere();
  }
}

/** The bytes exportMap() returns, written off the caller's thread (`heights`
 * is copied, so the caller keeps it); see the README. */
export function exportMapAsync(heights, options, settings) {
  let signal;
  let onProgress;
  try {
    ({ signal, onProgress } = asyncSettings(settings, "exportMapAsync", ["signal", "onProgress"]));
  } catch (error) {
    return Promise.reject(error);
  }
  if (signal?.aborted) return Promise.reject(abortError("exportMapAsync"));
  // Read once here, as exportMap() reads them, and sent as a plain object
  // of texts (the caller's may hold getters, a prototype or a proxy, which
  // a copy to a worker loses or refuses). Options it refuses are written
  // here, so the call rejects with exportMap()'s very message, which
  // checks the heights first.
  let sent = null;
  try {
    sent = files.exportOptions(options);
  } catch {}
  // The heights as they are now: the file is written later (in a worker,
  // or here in a later task, and again for a job whose writer was let go),
  // and the caller may change or reuse its array meanwhile.
  const kept = Array.isArray(heights) || (ArrayBuffer.isView(heights) && !(heights instanceof DataView));
  const copied = kept ? heights.slice() : heights;
  if (sent === null) {
    // Refused options are refused now, with exportMap()'s message (which
    // checks the heights first), whatever the caller makes of them later.
    try {
      return Promise.resolve(files.writeFile(copied, options).bytes);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    const id = nextJob++;
    const finish = (action) => (value) => {
      if (!jobs.delete(id)) return;
      forget();
      if (action === resolve) {
        try {
          onProgress?.(1);
        } catch (error) {
          // The caller's callback threw: that is the call's answer.
          reject(error);
          return;
        }
      }
      action(value);
    };
    const job = { id, heights: copied, options: sent, sent: false, resolve: finish(resolve), reject: finish(reject) };
    /** The call ends with `reason`; the file, if the writer has it, is
     * stopped, and the others go to a new writer. */
    const stop = (reason) => {
      job.reject(reason);
      if (writer && job.sent) {
        writer.terminate();
        writer = undefined;
        for (const other of jobs.values()) send(other);
      }
    };
    // A callback that throws stops the call, which rejects with its error
    // (never an uncaught error, nor a promise that never settles).
    job.report = (fraction) => {
      if (!jobs.has(id)) return;
      try {
        onProgress?.(fraction);
      } catch (error) {
        stop(error);
      }
    };
    // Written on the page, in a later task: the same writer, the same bytes.
    job.runHere = () =>
      setTimeout(() => {
        if (!jobs.has(id)) return;
        try {
          // The options as read at the call.
          const report = (fraction) => job.report(Math.min(fraction, 0.99));
          job.resolve(files.writeFile(copied, sent, report).bytes);
        } catch (error) {
          job.reject(error);
        }
      }, 0);
    const onAbort = () => stop(abortError("exportMapAsync"));
    const forget = whenAborted(signal, onAbort);
    jobs.set(id, job);
    job.report(0);
    if (jobs.has(id)) send(job);
  });
}
