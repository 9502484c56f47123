// The Web Worker that makes huge maps, imports and exports off the page's
// main thread. The page sends the compiled WebAssembly module once (so it
// is not fetched and compiled twice); the worker answers with its protocol
// version, so a worker script cached from another release is refused, then
// takes one job at a time: a typed message whose arrays are transferred,
// answered with progress messages and a reply (see protocol.rs).

// The glue of the same release as the page's: terrain.js starts this worker
// with the release in its URL (?v=…) and the glue is asked for with it too.
const glue = new URL("terrain-web.js", import.meta.url);
glue.search = new URL(import.meta.url).search;
// Not awaited at the top: the handler below must be in place before the
// page's first message arrives.
const loading = import(glue.href);

let ready = null;

self.onmessage = async ({ data }) => {
  const { default: init, memoryBytes, protocolVersion, workerRun } = await loading;
  if (data.module) {
    ready = init({ module_or_path: data.module });
    await ready;
    self.postMessage({ version: protocolVersion() });
    return;
  }
  const { id } = data;
  try {
    await ready;
    const report = (progress, transfer) => self.postMessage({ id, ...progress }, transfer);
    const [reply, transfer] = workerRun(data, report);
    self.postMessage({ id, ...reply, memory: memoryBytes() }, transfer);
  } catch (error) {
    self.postMessage({ id, error: String(error?.message ? error.message : error) });
  }
};
