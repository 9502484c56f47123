// What developers pass is not always an object literal: a class's getters,
// an object with no prototype (Node's querystring.parse), one of another
// realm (an iframe, a test runner), a Proxy (a store). The sync and async
// calls read such options once and give the same bits; what is no map is
// refused by name; the page's workers are shared by every call.

import { expect, test } from "./helpers.js";

test("options of any shape or realm give the sync calls' bits, sync and async, read once", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { erode, erodeAsync, fingerprint, generate, generateAsync } = await import("./terrain.js");
    const { exportMap, exportMapAsync } = await import("./export.js");
    const frame = document.body.appendChild(document.createElement("iframe")).contentWindow;
    const heights = generate({ algorithm: "diamond-square", exponent: 6, seed: 3 });
    const plain = { seed: 9, droplets: 3000 };
    const expected = fingerprint(erode(heights, plain));
    class Settings {
      get seed() {
        return 9;
      }
      get droplets() {
        return 3000;
      }
    }
    const shapes = {
      class: new Settings(),
      inherited: Object.create(plain),
      "no prototype": Object.assign(Object.create(null), plain),
      "another realm": frame.eval("({ seed: 9, droplets: 3000 })"),
      proxy: new Proxy({ ...plain }, {}),
    };
    const eroded = {};
    for (const [shape, options] of Object.entries(shapes)) {
      eroded[shape] = {
        sync: fingerprint(erode(heights, options)) === expected,
        async: fingerprint(await erodeAsync(heights, options, { workers: 2 })) === expected,
      };
    }

    const stl = exportMap(heights, { format: "stl", sizeMm: 50 });
    const same = (a, b) => a.length === b.length && a.every((value, index) => value === b[index]);
    class Stl {
      get format() {
        return "stl";
      }
      get sizeMm() {
        return 50;
      }
    }
    const exported = {
      class: same(await exportMapAsync(heights, new Stl()), stl),
      proxy: same(await exportMapAsync(heights, new Proxy({ format: "stl", sizeMm: 50 }, {})), stl),
      "another realm": same(await exportMapAsync(heights, frame.eval("({ format: 'stl', sizeMm: 50 })")), stl),
    };

    const noise = { algorithm: "perlin-noise", exponent: 5, seed: 4 };
    const noiseBits = fingerprint(generate(noise));
    const theirs = frame.eval("({ algorithm: 'perlin-noise', exponent: 5, seed: 4 })");
    const theirArray = () => frame.eval("new Float64Array(33 * 33)");
    const into = theirArray();
    const asyncInto = theirArray();
    const generated = {
      "another realm": fingerprint(generate(theirs)) === noiseBits,
      "no prototype": fingerprint(generate(Object.assign(Object.create(null), noise))) === noiseBits,
      "into of another realm": generate(theirs, { into }) === into && fingerprint(into) === noiseBits,
      "async into of another realm":
        (await generateAsync(theirs, { into: asyncInto, signal: frame.eval("new AbortController()").signal })) ===
          asyncInto && fingerprint(asyncInto) === noiseBits,
      "heights of another realm":
        fingerprint(erode(frame.eval("new Float64Array(81).fill(0.5)"), { droplets: 10 })) ===
        fingerprint(erode(new Float64Array(81).fill(0.5), { droplets: 10 })),
    };

    // Each option is read once per call, on the calling thread.
    const reads = { generateAsync: 0, erodeAsync: 0, exportMapAsync: 0 };
    const counting = (call, options, key) =>
      Object.defineProperty({ ...options }, key, {
        enumerable: true,
        get: () => {
          reads[call] += 1;
          return options[key];
        },
      });
    await generateAsync(counting("generateAsync", { algorithm: "perlin-noise", exponent: 9 }, "octaves"), {});
    await erodeAsync(heights, counting("erodeAsync", { seed: 9, droplets: 20000 }, "seed"), { workers: 2 });
    await exportMapAsync(heights, counting("exportMapAsync", { format: "stl" }, "format"));
    return { eroded, exported, generated, reads };
  });
  for (const [shape, { sync, async }] of Object.entries(result.eroded)) {
    expect(sync, `erode, options ${shape}`).toBe(true);
    expect(async, `erodeAsync, options ${shape}`).toBe(true);
  }
  for (const [shape, same] of Object.entries(result.exported)) expect(same, `exportMapAsync, ${shape}`).toBe(true);
  for (const [shape, same] of Object.entries(result.generated)) expect(same, `generate, ${shape}`).toBe(true);
  expect(result.reads).toEqual({ generateAsync: 1, erodeAsync: 1, exportMapAsync: 1 });
});

test("what is no map is refused by name: fingerprint, exportMapAsync, typed arrays of another kind", async ({
  page,
}) => {
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { erode, fingerprint, generate, generateAsync } = await import("./terrain.js");
    const { exportMap, exportMapAsync } = await import("./export.js");
    const thrown = (call) => {
      try {
        call();
        return "no error";
      } catch (error) {
        return error.message;
      }
    };
    const rejected = async (promise) => {
      try {
        await promise;
        return "no error";
      } catch (error) {
        return error.message;
      }
    };
    const exports = [];
    for (const heights of [null, undefined, 0, "", false]) {
      exports.push({
        given: String(heights),
        sync: thrown(() => exportMap(heights, { format: "stl" })),
        async: await rejected(exportMapAsync(heights, { format: "stl" })),
      });
    }
    const map = generate({ exponent: 4, seed: 2 });
    return {
      exports,
      fingerprints: ["abc", {}, 5, null, new DataView(new ArrayBuffer(8))].map((value) =>
        thrown(() => fingerprint(value)),
      ),
      float32: fingerprint(Float32Array.from(map)) === fingerprint(Float64Array.from(Float32Array.from(map))),
      array: fingerprint(Array.from(map)) === fingerprint(map),
      int16: thrown(() => erode(new Int16Array(81))),
      // A Map's entries are not its properties: refused, not read as {}.
      map: thrown(() => generate(new Map([["exponent", 3]]))),
      mapSettings: await rejected(generateAsync({ exponent: 3 }, new Map([["workers", 2]]))),
      // A throwing getter of another realm's options: its message, not "an exception".
      getter: thrown(() =>
        generate(
          document.body
            .appendChild(document.createElement("iframe"))
            .contentWindow.eval("({ get exponent() { throw new Error('no exponent here'); } })"),
        ),
      ),
    };
  });
  for (const { given, sync, async } of result.exports) {
    expect(sync, given).toMatch(/^exportMap takes the heights of a map as a Float64Array/);
    expect(async, given).toBe(sync);
  }
  for (const message of result.fingerprints) {
    expect(message).toMatch(
      /^fingerprint takes the heights of a map as a Float64Array, .*; got (null|a value of type \w+|a DataView of undefined values|a DataView)$/,
    );
  }
  expect(result.float32).toBe(true);
  expect(result.array).toBe(true);
  expect(result.int16).toMatch(/; got an Int16Array of 81 values$/);
  expect(result.map).toBe(
    'generate takes an options object such as { algorithm: "diamond-square", exponent: 5, seed: 7 }; got a Map',
  );
  expect(result.mapSettings).toBe("generateAsync's last argument is { signal, onProgress, workers, into }; got a Map");
  expect(result.getter).toBe("reading option exponent threw: no exponent here");
});

test("calls share the page's workers, whatever their workers; generate() cannot write over a generateAsync", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  const result = await page.evaluate(async () => {
    let live = 0;
    let most = 0;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        live += 1;
        most = Math.max(most, live);
      }
      terminate() {
        live -= 1;
        super.terminate();
      }
    };
    const { erode, erodeAsync, fingerprint, generate, generateAsync } = await import("./terrain.js");
    const options = { algorithm: "perlin-noise", exponent: 9, octaves: 4, seed: 5 };
    const expected = fingerprint(generate(options));
    let same = true;
    for (let workers = 1; workers <= 6; workers++) {
      same &&= fingerprint(await generateAsync(options, { workers })) === expected;
    }
    const sequential = most;
    // Fewer after more: a call of 1 worker leaves the idle others be.
    for (let workers = 6; workers >= 1; workers--) {
      same &&= fingerprint(await generateAsync(options, { workers })) === expected;
    }
    const eroding = { droplets: 20000, seed: 2 };
    const map = generate(options);
    same &&= fingerprint(await erodeAsync(map, eroding, { workers: 1 })) === fingerprint(erode(map, eroding));
    // Two calls at once, of 4 workers and of 1: both done, right.
    const [four, one] = await Promise.all([
      generateAsync(options, { workers: 4 }),
      generateAsync({ ...options, seed: 6 }, { workers: 1 }),
    ]);
    same &&= fingerprint(four) === expected && fingerprint(one) === fingerprint(generate({ ...options, seed: 6 }));

    const into = new Float64Array(513 * 513);
    const writing = generateAsync(options, { into, workers: 2 });
    let refusal = "no error";
    try {
      generate({ ...options, seed: 6 }, { into });
    } catch (error) {
      refusal = error.message;
    }
    const written = fingerprint(await writing) === expected;
    // Once the call is done, the array is free again.
    const free = generate({ ...options, seed: 6 }, { into }) === into;
    return { same, sequential, most, refusal, written, free };
  });
  expect(result.same).toBe(true);
  expect(result.sequential, "workers 1 to 6 one after another: at most 6 workers").toBeLessThanOrEqual(6);
  expect(result.most).toBeLessThanOrEqual(6);
  expect(result.refusal).toBe(
    "into is being written by a generateAsync call; give generate() an array of its own, or wait for the call",
  );
  expect(result.written).toBe(true);
  expect(result.free).toBe(true);
});

test("an aborted call names itself, and a bad workers is refused before any work", async ({ page }) => {
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { erodeAsync, generate, generateAsync } = await import("./terrain.js");
    const failure = async (start) => {
      const controller = new AbortController();
      let aborted = false;
      const onProgress = (fraction) => {
        if (!aborted && fraction > 0) {
          aborted = true;
          controller.abort();
        }
      };
      try {
        await start(controller.signal, onProgress);
        return "resolved";
      } catch (error) {
        return `${error.name}: ${error.message}`;
      }
    };
    const heights = generate({ exponent: 10, seed: 1 });
    const reported = [];
    let refusal = "no error";
    try {
      await erodeAsync(heights, { droplets: 10 }, { workers: 0, onProgress: (fraction) => reported.push(fraction) });
    } catch (error) {
      refusal = error.message;
    }
    return {
      oneTask: await failure((signal, onProgress) =>
        generateAsync({ algorithm: "diamond-square", exponent: 11 }, { signal, onProgress }),
      ),
      banded: await failure((signal, onProgress) =>
        generateAsync({ algorithm: "perlin-noise", exponent: 11, octaves: 8 }, { signal, onProgress }),
      ),
      eroding: await failure((signal, onProgress) =>
        erodeAsync(heights, { droplets: 300000 }, { signal, onProgress, workers: 2 }),
      ),
      refusal,
      reported,
    };
  });
  expect(result.oneTask).toBe("AbortError: generateAsync was aborted");
  expect(result.banded).toBe("AbortError: generateAsync was aborted");
  expect(result.eroding).toBe("AbortError: erodeAsync was aborted");
  expect(result.refusal).toMatch(/^workers must be a whole number from 1 to 16/);
  expect(result.reported, "no progress before the refusal").toEqual([]);
});
