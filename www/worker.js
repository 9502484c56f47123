// The Web Worker that generates and meshes huge maps off the page's main
// thread. The page sends the compiled WebAssembly module once (so it is not
// fetched and compiled twice), then requests; the worker answers with
// progress messages and a result whose typed arrays are transferred.

import init, { workerRun } from "./terrain-web.js";

let ready = null;

self.onmessage = async ({ data }) => {
  if (data.module) {
    ready = init({ module_or_path: data.module });
    return;
  }
  const { id, request } = data;
  try {
    await ready;
    const result = workerRun(request, (share, words) => self.postMessage({ id, progress: share, words }));
    const transfer = ["heights", "positions", "normals", "colors", "indices"].map((key) => result[key].buffer);
    self.postMessage({ id, result }, transfer);
  } catch (error) {
    self.postMessage({ id, error: String(error?.message || error) });
  }
};
