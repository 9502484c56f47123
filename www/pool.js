// A pool of Web Workers running the page's own WebAssembly module, for the
// async calls (generateAsync, erodeAsync): each task is one call of a
// module function whose name starts with "task" (crates/terrain-web/src/
// tasks.rs), made in a free worker; typed arrays go both ways transferred,
// not copied.
//
//   import { pool } from "./pool.js";
//   const lanes = pool(2);
//   const band = await lanes.run("taskGenerateRows", [options, 0, 64], { signal });
//
// No SharedArrayBuffer: a page that embeds us cannot be asked for
// cross-origin isolation, so each worker has a memory of its own and the
// pieces travel by postMessage. Where no worker can start (a policy that
// forbids them, Node without a global Worker, a worker script that fails to
// load), the tasks run here, on the same module, one per macrotask: the
// same calls on the same code, so the same bits.
//
// terrain.js (the page) and core.js (the npm "./core" entry) call
// configurePool() once with the compiled module, the worker script and the
// module's exports here.

/** The most workers a pool may have, and the most it has by default. */
const MOST_WORKERS = 16;
const DEFAULT_MOST = 8;
/** Idle workers are let go after this long, so their memory is freed. */
const IDLE_MS = 30_000;

const setup = { module: undefined, script: undefined, here: undefined };
/** Set once a worker failed to start: every task then runs here. */
let workersFail = false;

/** Marks the workers as failing and says so once: the calls still give
 * the same bits, but on the caller's thread, which a page should know
 * (a bundler that moved worker.js away from terrain-web.js does this). */
function workersFailed(why) {
  if (!workersFail)
    console.warn(
      `terrain: no worker started from ${setup.script} (${why}), so the async calls run on this thread; serve the package's files side by side, as they are`,
    );
  workersFail = true;
}

/** Tells the pools what to run: `module` (a compiled WebAssembly.Module,
 * or nothing: no workers), `script` (worker.js's URL, or nothing) and
 * `here` (the module's exports on this thread, for tasks run here). */
export function configurePool({ module, script, here }) {
  Object.assign(setup, { module, script, here });
}

/** Calls the module's `name` on this thread, now (for quick pieces such as
 * reading options, whose errors must be thrown as the sync calls throw
 * them). */
export function inThread(name, ...args) {
  if (!setup.here) throw new Error(`${name} needs the module: call \`await init()\` once first`);
  return setup.here[name](...args);
}

// A page may start a worker only from its own origin, so a page on another
// origin starts it from a blob: of its own whose one line imports ours; a
// page with an opaque origin (embed.html in a sandboxed iframe), which
// Chromium lets start no blob: worker, from a data: URL saying the same.
// The worker script then runs at its own address, so it finds the module
// and the decoder beside it.
const startable = new Map();
/** A URL a `new Worker(…, { type: "module" })` here may start `script`
 * (a URL) from. */
export function startableUrl(script) {
  if (script.origin === self.origin) return script.href;
  if (!startable.has(script.href)) {
    const bootstrap = `import ${JSON.stringify(script.href)};\n`;
    startable.set(
      script.href,
      self.origin === "null"
        ? `data:text/javascript,${encodeURIComponent(bootstrap)}`
        : URL.createObjectURL(new Blob([bootstrap], { type: "text/javascript" })),
    );
  }
  return startable.get(script.href);
}

/** An AbortError, as fetch() and the DOM reject with. */
export function abortError(what = "the task") {
  return new DOMException(`${what} was aborted`, "AbortError");
}

function spelled(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (value === null) return "null";
  return `a value of type ${typeof value}`;
}

/** How many workers `workers` asks for (see pool()). */
function workerCount(workers) {
  if (workers === undefined) {
    const cores = globalThis.navigator?.hardwareConcurrency;
    return Number.isInteger(cores) && cores > 0 ? Math.min(cores, DEFAULT_MOST) : 1;
  }
  if (!Number.isInteger(workers) || workers < 1 || workers > MOST_WORKERS) {
    throw new Error(
      `workers must be a whole number from 1 to ${MOST_WORKERS}, or left out for as many as the ` +
        `machine has cores (at most ${DEFAULT_MOST}); got ${spelled(workers)}`,
    );
  }
  return workers;
}

function canStartWorkers() {
  return !workersFail && typeof Worker === "function" && setup.module !== undefined && setup.script !== undefined;
}

/** Resolves in a later macrotask, so the page handles what waits: with a
 * message on a new channel, not a 0 ms timer, which browsers hold back
 * 4 ms once timers nest five deep (as every slice's yield does). */
function nextMacrotask() {
  if (typeof MessageChannel !== "function") return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** The longest the calling thread works between two yields, in ms. */
const SLICE_MS = 8;

/** A function to await between pieces of work done on the calling
 * thread: it yields to the page once SLICE_MS have passed since the last
 * yield, and throws `what`'s AbortError once `signal` has aborted. */
export function slicer(signal, what) {
  let since = performance.now();
  return async () => {
    if (signal?.aborted) throw abortError(what);
    if (performance.now() - since < SLICE_MS) return;
    await nextMacrotask();
    if (signal?.aborted) throw abortError(what);
    since = performance.now();
  };
}

/** Reads an async call's last argument (`name` the call, `fields` the
 * settings it takes), with messages as the options': an unknown setting
 * and a getter that throws are refused by name, as generate() refuses
 * them. `into` is passed on as it is, for the call to check. */
export function asyncSettings(settings, name, fields = ["signal", "onProgress", "workers"]) {
  if (settings === undefined || settings === null) return {};
  const listed = `{ ${fields.join(", ")} }`;
  // A plain object or a class's, of any realm; not an array or a Map.
  const tag = Object.prototype.toString.call(settings).slice(8, -1);
  if (typeof settings !== "object" || tag !== "Object") {
    const kind = Array.isArray(settings)
      ? "an array"
      : typeof settings === "object"
        ? `${/^[AEIOU]/.test(tag) ? "an" : "a"} ${tag}`
        : `a value of type ${typeof settings}`;
    throw new Error(`${name}'s last argument is ${listed}; got ${kind}`);
  }
  const unknown = Object.keys(settings).find((key) => !fields.includes(key));
  if (unknown !== undefined) {
    const known = `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}`;
    throw new Error(`unknown setting ${JSON.stringify(unknown)}; ${name}'s last argument takes only ${known}`);
  }
  const read = {};
  for (const field of fields) {
    try {
      read[field] = settings[field];
    } catch (error) {
      // Worded as terrain-js's reason_of words a throwing option getter.
      const reason = error instanceof Error ? error.message : typeof error === "string" ? error : "an exception";
      throw new Error(`reading setting ${field} threw: ${reason}`);
    }
  }
  const { signal, onProgress } = read;
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new Error(
      `onProgress must be a function of the fraction done (0 to 1); got a value of type ${typeof onProgress}`,
    );
  }
  // By its tag, not instanceof, so a signal of another realm counts.
  if (signal !== undefined && Object.prototype.toString.call(signal) !== "[object AbortSignal]") {
    throw new Error(
      `signal must be an AbortSignal (an AbortController's signal); got a value of type ${typeof signal}`,
    );
  }
  return read;
}

/** An async call's `signal` and `onProgress`, guarded: a throw from the
 * caller's callback stops the call (the `signal` returned aborts, as it
 * does with the caller's) and `settle(work)` rejects with that throw,
 * rather than leaving an uncaught error and work going on for nobody; an
 * abort rejects with an AbortError naming the call (`name`), not the
 * task it stopped. */
export function guarded(signal, onProgress, name) {
  const controller = new AbortController();
  const follow = () => controller.abort(signal.reason);
  if (signal?.aborted) follow();
  const forget = whenAborted(signal, follow);
  let failure = null;
  const report =
    onProgress &&
    ((fraction) => {
      if (failure) return;
      try {
        onProgress(fraction);
      } catch (error) {
        failure = { error };
        controller.abort();
      }
    });
  const settle = async (work) => {
    try {
      const result = await work;
      if (failure) throw failure.error;
      return result;
    } catch (error) {
      if (failure) throw failure.error;
      throw error?.name === "AbortError" ? abortError(name) : error;
    } finally {
      forget();
    }
  };
  return { signal: controller.signal, onProgress: report, settle };
}

/** The actions waiting on each signal, and the one listener that runs them. */
const waiting = new WeakMap();

/** Runs `action` once `signal` (if any) aborts, and returns what forgets it.
 * However many calls and tasks wait on one signal, it has one "abort"
 * listener: each listener counts towards Node's warning of a leak past 10
 * (twelve calls sharing a signal, or a call's 64 tiles, tripped it). */
export function whenAborted(signal, action) {
  if (!signal) return () => {};
  let entry = waiting.get(signal);
  if (!entry) {
    const actions = new Set();
    const listener = () => {
      waiting.delete(signal);
      for (const each of [...actions]) each();
    };
    entry = { actions, listener };
    waiting.set(signal, entry);
    signal.addEventListener("abort", listener, { once: true });
  }
  const { actions, listener } = entry;
  actions.add(action);
  return () => {
    actions.delete(action);
    if (actions.size === 0 && waiting.get(signal) === entry) {
      waiting.delete(signal);
      signal.removeEventListener("abort", listener);
    }
  };
}

/** The page's workers, which every call shares. */
let lanes;

/** A call's share of the page's workers: at most `workers` of them at once
 * (a whole number from 1 to 16; left out, as many as the machine has
 * cores, at most 8), started on first need and reused by every later
 * call, whatever its `workers`. The page never has more workers than the
 * largest `workers` of the calls running. */
export function pool(workers) {
  lanes ??= new Lanes();
  return lanes.share(workerCount(workers));
}

/** How many tasks a worker holds at once: the one it runs and the next, sent
 * ahead so that it starts as soon as the first is done, not a round trip to
 * this thread later (a task here can be under a millisecond; the trip, with
 * this thread busy cutting and pasting, as long). */
const TASKS_PER_WORKER = 2;

/** Numbers the tasks sent to workers, so a message answers only its own. */
let lastId = 0;

class Lanes {
  /** Started workers: { worker, started (it has the module), tasks (sent,
   * oldest first), idle }. */
  #lanes = [];
  /** Tasks waiting for a lane, oldest first. */
  #queue = [];
  /** Whether a task is running here (no workers): one at a time. */
  #runningHere = false;

  /** A share of these lanes for one call: `size`, how many tasks it runs
   * at once (`most` workers, or 1 where none start), and `run`. */
  share(most) {
    const share = { most };
    return {
      get size() {
        return canStartWorkers() ? most : 1;
      },
      run: (call, args, settings) => this.run(share, call, args, settings),
    };
  }

  /** Runs the module's `call` with `args` in a free worker (or here) and
   * resolves with its result, for `share`; `transfer` lists buffers of
   * `args` to move rather than copy; `signal` aborts it (an AbortError at
   * once); `onProgress`, when given, is passed to `call` as one more
   * argument (a function of the share done) and hears what the task
   * reports. */
  run(share, call, args = [], { transfer = [], signal, onProgress } = {}) {
    if (typeof call !== "string" || !/^task[A-Z]/.test(call)) {
      return Promise.reject(
        new Error(`a pool runs the module's task functions (names starting with "task"); got ${spelled(call)}`),
      );
    }
    if (signal?.aborted) return Promise.reject(abortError(call));
    return new Promise((resolve, reject) => {
      const task = { share, call, args, transfer, signal, onProgress, resolve, reject, lane: null, settled: false };
      const settle = (action, value) => {
        if (task.settled) return;
        task.settled = true;
        task.forget?.();
        action(value);
      };
      task.resolve = (value) => settle(resolve, value);
      task.reject = (error) => settle(reject, error);
      task.forget = whenAborted(signal, () => this.#abort(task));
      this.#queue.push(task);
      this.#pump();
    });
  }

  #abort(task) {
    task.reject(abortError(task.call));
    const waiting = this.#queue.indexOf(task);
    if (waiting >= 0) this.#queue.splice(waiting, 1);
    if (task.lane) {
      // Busy with work nobody wants: stopped now, replaced on next need.
      // A lane holds only tasks of one signal (see #laneFor), so whatever
      // else it held is aborted too.
      this.#drop(task.lane);
    }
    // Later, once every task this signal aborts has been taken out: else
    // the next of them would be handed a new worker only to stop it.
    queueMicrotask(() => this.#pump());
  }

  /** How many lanes hold tasks of `share`. */
  #used(share) {
    return this.#lanes.filter((lane) => lane.tasks.some((task) => task.share === share)).length;
  }

  /** A lane to send `task` to now, or none: while its call has fewer
   * workers than it may, an idle worker, then a new one (while the page
   * has fewer than the largest share of the calls waiting or running
   * asks); else one of its call's lanes running a single task of the
   * same signal (a second signal in a lane could not be aborted without
   * losing the first's task, whose transferred arguments cannot be sent
   * again), never an idle one beyond its share. */
  #laneFor(task) {
    if (this.#used(task.share) < task.share.most) {
      const idle = this.#lanes.find((lane) => lane.tasks.length === 0);
      if (idle) return idle;
      const running = this.#lanes.flatMap((lane) => lane.tasks);
      const most = Math.max(...[...this.#queue, ...running].map((other) => other.share.most));
      if (this.#lanes.length < most) return this.#start();
    }
    return this.#lanes.find(
      (lane) => lane.tasks.length > 0 && lane.tasks.length < TASKS_PER_WORKER && lane.tasks[0].signal === task.signal,
    );
  }

  /** The first waiting task of the call that has the fewest lanes, of the
   * calls not `blocked`: so one call's many tasks do not hold every
   * worker while another call's wait. */
  #next(blocked) {
    this.#queue = this.#queue.filter((task) => !task.settled);
    let next = null;
    let fewest = Number.POSITIVE_INFINITY;
    const seen = new Set(blocked);
    for (const task of this.#queue) {
      if (seen.has(task.share)) continue;
      seen.add(task.share);
      const used = this.#used(task.share);
      if (used < fewest) [next, fewest] = [task, used];
    }
    return next;
  }

  #pump() {
    const blocked = new Set();
    for (;;) {
      if (!canStartWorkers()) {
        this.#pumpHere();
        return;
      }
      const task = this.#next(blocked);
      if (!task) break;
      const lane = this.#laneFor(task);
      // None free for its call (or none could start: the loop then runs
      // the rest here).
      if (!lane) {
        blocked.add(task.share);
        continue;
      }
      this.#queue.splice(this.#queue.indexOf(task), 1);
      this.#give(lane, task);
    }
    this.#scheduleIdle();
  }

  /** Runs the first waiting task here in a later macrotask, then the next. */
  #pumpHere() {
    if (this.#runningHere || this.#queue.length === 0) return;
    this.#runningHere = true;
    nextMacrotask().then(() => {
      this.#runningHere = false;
      const task = this.#queue.shift();
      if (task && !task.settled) {
        try {
          const reports = task.onProgress ? [task.onProgress] : [];
          task.resolve(inThread(task.call, ...task.args, ...reports));
        } catch (error) {
          task.reject(error);
        }
      }
      this.#pump();
    });
  }

  #start() {
    let worker;
    try {
      worker = new Worker(startableUrl(setup.script), { type: "module" });
    } catch (error) {
      workersFailed(error?.message ?? "refused");
      return null;
    }
    const lane = { worker, started: false, tasks: [], idle: undefined };
    const fail = (event) => {
      this.#drop(lane);
      const tasks = lane.tasks.splice(0);
      for (const task of tasks) task.lane = null;
      if (!lane.started) {
        // The script or the module failed to load: so would every
        // worker's. The tasks' arguments were not sent yet: run them here.
        workersFailed(event.message ?? "its script or module did not load");
        this.#queue.unshift(...tasks);
      } else {
        const reason = event.message ?? "no reason given";
        for (const task of tasks) task.reject(new Error(`a worker failed while running ${task.call}: ${reason}`));
      }
      this.#pump();
    };
    worker.onmessage = ({ data }) => {
      if (data.poolReady) {
        lane.started = true;
        for (const task of [...lane.tasks]) this.#post(lane, task);
        this.#pump();
        return;
      }
      if (data.poolFailed !== undefined) {
        fail(new Error(data.poolFailed));
        return;
      }
      const task = lane.tasks.find((task) => task.id === data.id);
      if (!task) return;
      if (data.progress !== undefined) {
        if (!task.settled) task.onProgress?.(data.progress);
        return;
      }
      this.#leave(lane, task);
      if (data.error === undefined) task.resolve(data.result);
      else task.reject(new Error(data.error));
      this.#pump();
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      fail(event);
    };
    worker.postMessage({ poolModule: setup.module });
    this.#lanes.push(lane);
    return lane;
  }

  /** Stops a lane's worker and forgets it. */
  #drop(lane) {
    lane.worker.terminate();
    clearTimeout(lane.idle);
    const index = this.#lanes.indexOf(lane);
    if (index >= 0) this.#lanes.splice(index, 1);
  }

  #give(lane, task) {
    clearTimeout(lane.idle);
    lane.tasks.push(task);
    task.lane = lane;
    task.id = ++lastId;
    if (lane.started) this.#post(lane, task);
  }

  /** Takes `task` off `lane`: done, or never sent. */
  #leave(lane, task) {
    lane.tasks.splice(lane.tasks.indexOf(task), 1);
    task.lane = null;
  }

  /** Sends `task` to its lane's worker, which has the module. */
  #post(lane, task) {
    try {
      const message = { id: task.id, call: task.call, args: task.args, reports: task.onProgress !== undefined };
      lane.worker.postMessage(message, task.transfer);
    } catch (error) {
      // Arguments a worker cannot be sent (a function, say).
      this.#leave(lane, task);
      task.reject(error);
    }
  }

  #scheduleIdle() {
    for (const lane of this.#lanes) {
      if (lane.tasks.length > 0) continue;
      clearTimeout(lane.idle);
      lane.idle = setTimeout(() => {
        if (lane.tasks.length === 0) this.#drop(lane);
      }, IDLE_MS);
    }
  }
}
