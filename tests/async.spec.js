// The async calls (generateAsync, erodeAsync, exportMapAsync) on the
// worker pool: the same bits as the sync calls for any number of workers,
// abort, progress, the same messages for bad input. (A page that keeps
// answering while an exponent-12 map is made: performance-async.spec.js.)

import { REGISTRY } from "./battery.js";
import { BLOG, expect, installAbortMidWork, SITE, TIMING, test } from "./helpers.js";

const ALGORITHMS = REGISTRY.algorithms;

test("generateAsync gives generate's bits for every algorithm at 1, 2 and 4 workers", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  const cases = [];
  for (const algorithm of ALGORITHMS) {
    cases.push({ algorithm, exponent: 5, seed: 7 });
    cases.push({ algorithm, exponent: 6, seed: 3, normalize: false });
  }
  for (const algorithm of ["value-noise", "perlin-noise", "simplex-noise", "cellular-noise"]) {
    cases.push({ algorithm, exponent: 6, seed: 9, tileable: true });
    cases.push({ algorithm, exponent: 7, seed: 5, power: 1.6, terraces: 4, warp: 0.4 });
    cases.push({ algorithm, exponent: 6, seed: 5, normalize: false, power: 0.7, tileable: true });
  }
  cases.push({ algorithm: "perlin-noise", exponent: 5, seed: 7, stage: "octave-2" });
  cases.push({ algorithm: "perlin-noise", exponent: 10, seed: 7, octaves: 8 });
  const results = await page.evaluate(async (cases) => {
    const { fingerprint, generate, generateAsync } = await import("./terrain.js");
    const results = [];
    for (const options of cases) {
      const expected = fingerprint(generate(options));
      for (const workers of [1, 2, 4]) {
        const heights = await generateAsync(options, { workers });
        results.push({
          options: JSON.stringify(options),
          workers,
          same: fingerprint(heights) === expected,
          type: Object.prototype.toString.call(heights),
        });
      }
    }
    return results;
  }, cases);
  expect(results).toHaveLength(cases.length * 3);
  for (const result of results) {
    expect(result.same, `${result.options} at ${result.workers} workers`).toBe(true);
    expect(result.type).toBe("[object Float64Array]");
  }
  // The band tasks were run by workers, not on the page.
  const size = await page.evaluate(async () => (await import("./pool.js")).pool(4).size);
  expect(size).toBe(4);
});

test("generateAsync writes into the caller's array: generate's bits, and generate's refusals", async ({ page }) => {
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { fingerprint, generate, generateAsync } = await import("./terrain.js");
    const written = [];
    for (const options of [
      { algorithm: "perlin-noise", exponent: 7, seed: 7, octaves: 6 },
      { algorithm: "value-noise", exponent: 6, seed: 5, normalize: false, power: 0.7, tileable: true },
      { algorithm: "simplex-noise", exponent: 7, seed: 3, terraces: 4 },
      { algorithm: "diamond-square", exponent: 7, seed: 7 },
    ]) {
      const side = 2 ** options.exponent + 1;
      for (const workers of [1, 2]) {
        const into = new Float64Array(side * side).fill(0.5);
        const heights = await generateAsync(options, { into, workers });
        written.push({
          options: JSON.stringify(options),
          workers,
          returned: heights === into,
          same: fingerprint(into) === fingerprint(generate(options)),
        });
      }
    }
    // Each bad `into`, refused by both calls with the same words, the
    // array left as it was.
    const refusals = [];
    const kept = new Float64Array(33 * 33).fill(0.5);
    const thrower = {
      get into() {
        throw new Error("no array here");
      },
    };
    for (const settings of [
      { into: new Float64Array(10) },
      { into: new Float32Array(33 * 33) },
      { into: [0, 1] },
      { into: 3 },
      { into: kept.subarray(1) },
      thrower,
    ]) {
      let sync = "no error";
      try {
        generate({ exponent: 5 }, settings);
      } catch (error) {
        sync = error.message;
      }
      const async = await generateAsync({ exponent: 5 }, settings).then(
        () => "no error",
        (error) => error.message,
      );
      refusals.push({ sync, async });
    }
    return { written, refusals, untouched: kept.every((height) => height === 0.5) };
  });
  for (const { options, workers, returned, same } of result.written) {
    expect(returned, `${options} at ${workers} workers returns into`).toBe(true);
    expect(same, `${options} at ${workers} workers`).toBe(true);
  }
  for (const { sync, async } of result.refusals) {
    expect(sync).not.toBe("no error");
    expect(async).toBe(sync);
  }
  expect(result.refusals[0].async).toBe(
    "into must be a Float64Array of 1089 heights, the 33 × 33 points of this map; got one of 10",
  );
  expect(result.refusals[1].async).toBe(
    "into must be a Float64Array to write the heights into; got a Float32Array of 1089 values",
  );
  expect(result.refusals[5].async).toBe("reading setting into threw: no array here");
  expect(result.untouched).toBe(true);
});

test("erodeAsync gives erode's bits", async ({ page }) => {
  await page.goto("/");
  const same = await page.evaluate(async () => {
    const { erode, erodeAsync, fingerprint, generate } = await import("./terrain.js");
    const heights = generate({ algorithm: "diamond-square", exponent: 6, seed: 7 });
    const expected = fingerprint(erode(heights, { droplets: 3000, seed: 7 }));
    const got = await erodeAsync(heights, { droplets: 3000, seed: 7 }, { workers: 2 });
    return fingerprint(got) === expected && heights.length === 65 * 65;
  });
  expect(same).toBe(true);
});

test("aborting one call's task leaves another caller's, sent ahead to the same worker, to finish", async ({ page }) => {
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { fingerprint, generate } = await import("./terrain.js");
    const { inThread, pool } = await import("./pool.js");
    // A worker is sent its next task before it finishes the one it runs
    // (pool.js), but only a task of the same signal: else stopping the
    // worker for an abort would lose the other caller's task.
    const lanes = pool(1);
    const map = { algorithm: "perlin-noise", exponent: 10, octaves: 8, seed: 5 };
    const { options } = inThread("generatePlan", map, undefined);
    const controller = new AbortController();
    const first = lanes.run("taskGenerate", [options]);
    const doomed = lanes.run("taskGenerate", [options], { signal: controller.signal });
    const last = lanes.run("taskGenerate", [options]);
    controller.abort();
    const expected = fingerprint(generate(map));
    return {
      doomed: await doomed.then(
        () => "resolved",
        (error) => error.name,
      ),
      first: fingerprint(await first) === expected,
      last: fingerprint(await last) === expected,
    };
  });
  expect(result).toEqual({ doomed: "AbortError", first: true, last: true });
});

test("exportMapAsync writes exportMap's bytes in every format", async ({ page }) => {
  await page.goto("/");
  const results = await page.evaluate(async () => {
    const { generate } = await import("./terrain.js");
    const { exportMap, exportMapAsync } = await import("./export.js");
    const heights = generate({ algorithm: "perlin-noise", exponent: 5, seed: 7 });
    const results = [];
    for (const options of [
      { format: "png16" },
      { format: "raw16" },
      { format: "obj" },
      { format: "stl", sizeMm: 120 },
      { format: "glb", palette: "terrain" },
      { format: "tiles", tiles: 4, tileFormat: "png16" },
    ]) {
      const expected = exportMap(heights, options);
      const fractions = [];
      const got = await exportMapAsync(heights, options, { onProgress: (fraction) => fractions.push(fraction) });
      results.push({
        format: options.format,
        length: got.length,
        same: got.length === expected.length && got.every((byte, index) => byte === expected[index]),
        type: Object.prototype.toString.call(got),
        last: fractions.at(-1),
        kept: heights.length,
      });
    }
    return results;
  });
  for (const result of results) {
    expect(result.same, result.format).toBe(true);
    expect(result.length).toBeGreaterThan(100);
    expect(result.type).toBe("[object Uint8Array]");
    expect(result.last).toBe(1);
    expect(result.kept, "the caller keeps its heights").toBe(33 * 33);
  }
});

test("an abort rejects with an AbortError within 100 ms, and the next call works", TIMING, async ({ page }) => {
  test.setTimeout(120_000);
  await installAbortMidWork(page);
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { fingerprint, generate, generateAsync } = await import("./terrain.js");
    const { exportMapAsync } = await import("./export.js");
    /** How `promise` settles: the rejection, and how long after `since()`
     * it came. */
    async function rejection(promise, since) {
      try {
        await promise;
        return { resolved: true };
      } catch (error) {
        return { name: error.name, isDOMException: error instanceof DOMException, ms: performance.now() - since() };
      }
    }
    /** Runs `start(signal, onProgress)` and aborts it mid-work. */
    function aborted(start) {
      const controller = new AbortController();
      const { onProgress, abortedAt } = window.abortMidWork(controller);
      return rejection(start(controller.signal, onProgress), abortedAt);
    }
    const big = { algorithm: "perlin-noise", exponent: 12, octaves: 8, seed: 7 };
    const generating = await aborted((signal, onProgress) => generateAsync(big, { signal, onProgress, workers: 2 }));
    const subdividing = await aborted((signal, onProgress) =>
      generateAsync({ algorithm: "diamond-square", exponent: 12, seed: 7 }, { signal, onProgress }),
    );
    const heights = generate({ algorithm: "diamond-square", exponent: 10, seed: 7 });
    const exporting = await aborted((signal, onProgress) =>
      exportMapAsync(heights, { format: "stl" }, { signal, onProgress }),
    );
    // Aborted before it starts: refused at once.
    const startedAt = performance.now();
    const early = await rejection(generateAsync(big, { signal: AbortSignal.abort() }), () => startedAt);
    const small = { algorithm: "perlin-noise", exponent: 8, seed: 3 };
    const after = fingerprint(await generateAsync(small, { workers: 2 })) === fingerprint(generate(small));
    const exportedAfter = (await exportMapAsync(heights, { format: "raw16" })).length;
    return { generating, subdividing, exporting, early, after, exportedAfter };
  });
  for (const name of ["generating", "subdividing", "exporting", "early"]) {
    expect(result[name].name, name).toBe("AbortError");
    expect(result[name].isDOMException, name).toBe(true);
    expect(result[name].ms, name).toBeLessThan(100);
  }
  console.log(
    `abort latency: generateAsync ${result.generating.ms.toFixed(1)} ms, one-task ${result.subdividing.ms.toFixed(1)} ms, exportMapAsync ${result.exporting.ms.toFixed(1)} ms`,
  );
  expect(result.after).toBe(true);
  expect(result.exportedAfter).toBe(1025 * 1025 * 2);
});

test("onProgress rises to 1, for maps made in bands and in one task", async ({ page }) => {
  await page.goto("/");
  const heard = await page.evaluate(async () => {
    const { generateAsync } = await import("./terrain.js");
    const heard = {};
    for (const options of [
      { algorithm: "simplex-noise", exponent: 10, octaves: 6, seed: 7 },
      // One task each, which reports from inside its passes and rows.
      { algorithm: "diamond-square", exponent: 10, seed: 7 },
      { algorithm: "midpoint-displacement", exponent: 10, seed: 7 },
      { algorithm: "random-noise", exponent: 10, seed: 7 },
    ]) {
      const fractions = [];
      await generateAsync(options, { onProgress: (fraction) => fractions.push(fraction), workers: 2 });
      heard[options.algorithm] = fractions;
    }
    return heard;
  });
  for (const [algorithm, fractions] of Object.entries(heard)) {
    expect(fractions.length, algorithm).toBeGreaterThan(3);
    expect(fractions[0], algorithm).toBe(0);
    expect(fractions.at(-1), algorithm).toBe(1);
    for (let index = 1; index < fractions.length; index += 1) {
      expect(fractions[index], `${algorithm}: ${fractions}`).toBeGreaterThan(fractions[index - 1]);
    }
  }
});

test("an onProgress that throws rejects its call with its error, stops the work, and the next call works", async ({
  page,
}) => {
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto("/");
  const outcomes = await page.evaluate(async () => {
    const { erodeAsync, fingerprint, generate, generateAsync } = await import("./terrain.js");
    const { exportMapAsync } = await import("./export.js");
    const map = generate({ algorithm: "diamond-square", exponent: 9, seed: 1 });
    /** A callback that throws its `when`th time, or at 1. */
    const thrower = (when) => {
      let calls = 0;
      return (fraction) => {
        if (when === "last" ? fraction === 1 : calls++ === when) throw new Error(`callback ${when}`);
      };
    };
    /** How `call` ended, within 20 s. */
    const outcome = (call) =>
      Promise.race([
        call.then(
          () => "resolved",
          (error) => error.message,
        ),
        new Promise((resolve) => setTimeout(() => resolve("never settled"), 20_000)),
      ]);
    const outcomes = {};
    for (const when of [0, 1, "last"]) {
      const onProgress = thrower(when);
      outcomes[`generate noise ${when}`] = await outcome(
        generateAsync({ algorithm: "perlin-noise", exponent: 10, seed: 2 }, { onProgress, workers: 2 }),
      );
      outcomes[`generate diamond-square ${when}`] = await outcome(
        generateAsync({ algorithm: "diamond-square", exponent: 10, seed: 2 }, { onProgress: thrower(when) }),
      );
      outcomes[`erode ${when}`] = await outcome(
        erodeAsync(map, { droplets: 100000, seed: 3 }, { onProgress: thrower(when), workers: 2 }),
      );
      outcomes[`export ${when}`] = await outcome(exportMapAsync(map, { format: "glb" }, { onProgress: thrower(when) }));
    }
    // Everything works afterwards, with the sync calls' bits.
    const options = { algorithm: "perlin-noise", exponent: 8, seed: 4 };
    outcomes.after = [
      fingerprint(await generateAsync(options)) === fingerprint(generate(options)),
      (await erodeAsync(map, { droplets: 1000 })).length === map.length,
      (await exportMapAsync(map, { format: "raw16" })).length === 2 * map.length,
    ];
    return outcomes;
  });
  for (const [call, result] of Object.entries(outcomes)) {
    if (call === "after") expect(result).toEqual([true, true, true]);
    else expect(result, call).toBe(`callback ${call.split(" ").at(-1)}`);
  }
  expect(errors, "no uncaught error").toEqual([]);
});

test("two calls writing one array at once: the second is refused", async ({ page }) => {
  await page.goto("/");
  const outcomes = await page.evaluate(async () => {
    const { generateAsync } = await import("./terrain.js");
    const into = new Float64Array(513 * 513);
    const calls = [1, 2].map((seed) =>
      generateAsync({ algorithm: "value-noise", exponent: 9, seed }, { into }).then(
        () => "resolved",
        (error) => error.message,
      ),
    );
    const outcomes = await Promise.all(calls);
    // Once the first is done, the array is free again.
    outcomes.push(
      await generateAsync({ algorithm: "value-noise", exponent: 9, seed: 2 }, { into }).then(() => "resolved"),
    );
    return outcomes;
  });
  expect(outcomes).toEqual([
    "resolved",
    "into is being written by another generateAsync call; give each call its own array, or wait for the other",
    "resolved",
  ]);
});

test("bad input rejects with the sync calls' messages", async ({ page }) => {
  await page.goto("/");
  const result = await page.evaluate(async () => {
    const { erode, erodeAsync, generate, generateAsync } = await import("./terrain.js");
    const { exportMap, exportMapAsync } = await import("./export.js");
    const message = (call) => {
      try {
        call();
        return "no error";
      } catch (error) {
        return error.message;
      }
    };
    const rejection = (promise) =>
      promise.then(
        () => "no error",
        (error) => error.message,
      );
    const pairs = [];
    for (const options of [
      { exponent: 40 },
      { algorithm: "perlin" },
      { spreadreduction: 1 },
      "x",
      { stage: "pass-9" },
    ]) {
      pairs.push([message(() => generate(options)), await rejection(generateAsync(options))]);
    }
    const heights = generate({ exponent: 3 });
    for (const options of [{ droplets: -1 }, { wrap: "maybe" }]) {
      pairs.push([message(() => erode(heights, options)), await rejection(erodeAsync(heights, options))]);
    }
    pairs.push([message(() => erode([1, 2, 3], {})), await rejection(erodeAsync([1, 2, 3], {}))]);
    for (const options of [{ format: "fbx" }, { format: "stl", sizeMm: 0 }, { format: "tiles", tiles: 3 }]) {
      pairs.push([message(() => exportMap(heights, options)), await rejection(exportMapAsync(heights, options))]);
    }
    const workers = [];
    for (const value of [0, "x", 1.5, 17]) {
      workers.push(await rejection(generateAsync({ exponent: 3 }, { workers: value })));
      workers.push(await rejection(erodeAsync(heights, {}, { workers: value })));
    }
    // The last argument, the same for the three calls.
    const settings = [];
    for (const value of [5, { onProgress: 3 }, { signal: "stop" }, { worker: 2 }]) {
      settings.push(
        await rejection(generateAsync({ exponent: 3 }, value)),
        await rejection(erodeAsync(heights, {}, value)),
        await rejection(exportMapAsync(heights, { format: "raw16" }, value)),
      );
    }
    return { pairs, workers, settings };
  });
  for (const [sync, async] of result.pairs) {
    expect(sync).not.toBe("no error");
    expect(async).toBe(sync);
  }
  expect(result.workers[0]).toContain("workers");
  expect(result.workers[0]).toContain("got 0");
  expect(result.workers[2]).toContain('got "x"');
  for (const message of result.workers) expect(message).toMatch(/^workers must be a whole number from 1 to 16/);
  const [generating, eroding, exporting] = result.settings;
  expect(generating).toBe(
    "generateAsync's last argument is { signal, onProgress, workers, into }; got a value of type number",
  );
  expect(eroding).toBe("erodeAsync's last argument is { signal, onProgress, workers }; got a value of type number");
  expect(exporting).toBe("exportMapAsync's last argument is { signal, onProgress }; got a value of type number");
  for (const message of result.settings.slice(3, 6)) expect(message).toMatch(/^onProgress must be a function/);
  for (const message of result.settings.slice(6, 9)) expect(message).toMatch(/^signal must be an AbortSignal/);
  expect(result.settings.slice(9)).toEqual([
    'unknown setting "worker"; generateAsync\'s last argument takes only signal, onProgress, workers and into',
    'unknown setting "worker"; erodeAsync\'s last argument takes only signal, onProgress and workers',
    'unknown setting "worker"; exportMapAsync\'s last argument takes only signal and onProgress',
  ]);
});

test("under a blog's strict policy the pool's workers start and give the same bits", async ({ page }) => {
  await page.goto(`${BLOG}/pasted.cross.html?snippet=${encodeURIComponent("<p>A post.</p>")}`);
  const result = await page.evaluate(async (site) => {
    const { fingerprint, generate, generateAsync } = await import(`${site}/terrain.js`);
    const { pool } = await import(`${site}/pool.js`);
    const options = { algorithm: "cellular-noise", exponent: 8, seed: 7 };
    const same = fingerprint(await generateAsync(options, { workers: 2 })) === fingerprint(generate(options));
    return { same, size: pool(2).size };
  }, SITE);
  expect(result.same).toBe(true);
  expect(result.size, "workers, not the page").toBe(2);
});
