// The Web Worker that makes huge maps, imports and exports off the page's
// main thread. The page sends the compiled WebAssembly module once (so it
// is not fetched and compiled twice); the worker answers with its protocol
// version, so a worker script cached from another release is refused, then
// takes one job at a time: a typed message whose arrays are transferred,
// answered with progress messages and a reply (see protocol.rs).
//
// terrain.js starts a second one, the file worker, on the first import or
// download: it decodes PNG files ({ decodePng: bytes, id } in, the decoded
// map or { error } out) and writes downloads ({ exportMap: heights, options,
// mediaType, id } in, { id, progress, words } as it goes, then the file as
// a Blob with what the writer said of it, or { error }), each with a wasm
// module of its own, loaded on first need.

// The glue of the same release as the page's: terrain.js starts this worker
// with the release in its URL (?v=…) and the glue is asked for with it too.
const glue = new URL("terrain-web.js", import.meta.url);
glue.search = new URL(import.meta.url).search;
// Loaded with the first job, not at the top: the handler below must be in
// place before the page's first message arrives, and a worker that only
// decodes PNG files never needs it.
let loading = null;

let ready = null;
let png = null;

/** What a caught `error` says: its message, or the thrown value itself
 * when it is not an Error. */
const messageOf = (error) => String(error?.message ? error.message : error);

self.onmessage = async ({ data }) => {
  if (data.decodePng) {
    decodePng(data);
    return;
  }
  // By the key, not its value: a missing map (null) is exportMap's to refuse.
  if ("exportMap" in data) {
    exportMap(data);
    return;
  }
  if (data.poolModule || data.call !== undefined) {
    poolMessage(data);
    return;
  }
  loading ??= import(glue.href);
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
    self.postMessage({ id, error: messageOf(error) });
  }
};

// A worker of www/pool.js: first { poolModule } (the page's compiled
// module), answered with { poolReady } once it is running; then tasks
// { id, call, args }, each a call of the module's function `call` (names
// starting with "task" only), answered with { id, result }, the result's
// typed arrays (and those in its arrays) transferred, or { id, error }.
// ({ poolFailed } if the module does not start.) A task sent with
// `reports` is given one more argument, a function that sends { id,
// progress } with the share done.
async function poolMessage({ poolModule, id, call, args, reports }) {
  try {
    loading ??= import(glue.href);
    const module = await loading;
    if (poolModule) {
      ready = module.default({ module_or_path: poolModule });
      await ready;
      self.postMessage({ poolReady: true });
      return;
    }
    await ready;
    const task = /^task[A-Z]/.test(call) ? module[call] : undefined;
    if (typeof task !== "function") throw new Error(`the module has no task named ${JSON.stringify(call)}`);
    const report = (progress) => self.postMessage({ id, progress });
    const result = reports ? task(...args, report) : task(...args);
    // Typed arrays, alone or in an array (erodeAsync's blocks), are moved.
    const values = ArrayBuffer.isView(result) ? [result] : Object.values(result ?? {}).flat();
    const buffers = values.filter((value) => ArrayBuffer.isView(value)).map((value) => value.buffer);
    self.postMessage({ id, result }, buffers);
  } catch (error) {
    // A module that would not start here: the pool runs its tasks on the page.
    self.postMessage(poolModule ? { poolFailed: messageOf(error) } : { id, error: messageOf(error) });
  }
}

/** A wasm module of the same release as this worker (its glue `name.js`
 * and `name_bg.wasm`), initialized. */
async function loadModule(name) {
  const release = new URL(import.meta.url).search;
  const url = (file) => new URL(`${file}${release}`, import.meta.url);
  const module = await import(url(`${name}.js`).href);
  await module.default({ module_or_path: url(`${name}_bg.wasm`) });
  return module;
}

const failWith = (id) => (error) => self.postMessage({ id, error: messageOf(error) });

// A PNG file to read as a map, with the decoder module of the same release
// (terrain.js starts a worker of its own for these).
async function decodePng({ decodePng: bytes, id }) {
  const fail = failWith(id);
  png ??= loadModule("terrain-png");
  let decoder;
  try {
    decoder = await png;
  } catch (error) {
    // Tried again on the next file.
    png = null;
    return fail(`the PNG decoder could not be loaded (${messageOf(error)})`);
  }
  try {
    const decoded = decoder.decode(bytes);
    self.postMessage({ id, ...decoded }, [decoded.heights.buffer]);
  } catch (error) {
    fail(error);
  }
}

let writer = null;

// A map to write as a file, with the download module of the same release:
// the same writer as exportMap(), with progress. The file goes back as a
// Blob, so the page only hands it to the browser's download.
async function exportMap({ exportMap: heights, options, mediaType, id, wantsBytes }) {
  const fail = failWith(id);
  writer ??= loadModule("terrain-export");
  let files;
  try {
    files = await writer;
  } catch (error) {
    writer = null;
    return fail(`the download module could not be loaded (${messageOf(error)})`);
  }
  try {
    const report = (progress, words) => self.postMessage({ id, progress, words });
    const { bytes, triangles, maxError, units, memory } = files.writeFile(heights, options, report);
    if (wantsBytes) {
      // exportMapAsync(): the bytes themselves, moved rather than copied.
      self.postMessage({ id, bytes, triangles, maxError, units, memory }, [bytes.buffer]);
      return;
    }
    const blob = new Blob([bytes], { type: mediaType });
    self.postMessage({ id, blob, triangles, maxError, units, memory });
  } catch (error) {
    fail(error);
  }
}
