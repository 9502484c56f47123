// erodeAsync(): erode() in the pool's workers, the same bits for any number
// of them, with and without wrap; abort, progress and erode()'s messages.
//
// The calls come from terrain.js once it exports erodeAsync; until then,
// from erode-async.js given a module of the test's own. Where the build has
// no pool.js yet, the test serves an in-thread stand-in for it (below), so
// the schedule, the windows and the task are tested all the same; with the
// real pool.js the same tests run in its workers.

import { expect, test } from "./helpers.js";

/** pool.js's API, run in this thread: for the tests only, until the real
 * pool.js is in the build. */
const STAND_IN_POOL = `
import * as glue from "./terrain-web.js";
const ready = glue.default();
function aborted() { return new DOMException("aborted", "AbortError"); }
export function pool(workers) {
  return {
    size: workers ?? 1,
    async run(name, args, { signal } = {}) {
      await ready;
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) throw aborted();
      return glue[name](...args);
    },
  };
}
`;

test.beforeEach(async ({ page }) => {
  await page.route("**/pool.js*", async (route) => {
    const response = await route.fetch();
    if (response.ok()) return route.fulfill({ response });
    return route.fulfill({ contentType: "text/javascript", body: STAND_IN_POOL });
  });
  // A page of the site's origin with no demo on it: nothing else works on
  // the page's thread while progress is timed.
  await page.route("**/erosion-async-blank.html", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>erodeAsync</title>" }),
  );
  await page.goto("/erosion-async-blank.html");
});

/** Gives the page `window.erosionApi()`: terrain.js's generate, erode
 * and fingerprint, and erodeAsync. */
function defineApi(page) {
  return page.evaluate(() => {
    window.erosionApi = async () => {
      const site = await import("./terrain.js");
      let { erodeAsync } = site;
      if (!erodeAsync) {
        const glue = await import("./terrain-web.js");
        await glue.default();
        const local = await import("./erode-async.js");
        local.useModule(glue);
        erodeAsync = local.erodeAsync;
      }
      return { ...site, erodeAsync };
    };
  });
}

/** Runs `body(api, arg)` in the page (see defineApi). */
async function inPage(page, body, arg) {
  await defineApi(page);
  return page.evaluate(body, arg);
}

test("erodeAsync gives erode()'s bits at 1, 2 and 4 workers, with and without wrap", async ({ page }) => {
  test.setTimeout(180_000);
  const cases = [
    // 513 x 513: six tiles a side, two rounds and a bit.
    { map: { algorithm: "diamond-square", exponent: 9, seed: 3 }, options: { droplets: 9000, seed: 5 } },
    {
      map: { algorithm: "tileable-diamond-square", exponent: 9, seed: 4 },
      options: { droplets: 9000, seed: 6, wrap: true },
    },
    // 1025 x 1025 with short lives: eight tiles a side.
    {
      map: { algorithm: "diamond-square", exponent: 10, seed: 8 },
      options: { droplets: 20000, seed: 9, lifetime: 20, radius: 2 },
    },
    {
      map: { algorithm: "tileable-diamond-square", exponent: 10, seed: 8 },
      options: { droplets: 20000, seed: 9, lifetime: 20, radius: 2, wrap: true },
    },
    // 129 x 129: one tile, the plain loop.
    {
      map: { algorithm: "tileable-diamond-square", exponent: 7, seed: 1 },
      options: { droplets: 3000, seed: 2, wrap: true },
    },
  ];
  const results = await inPage(
    page,
    async (cases) => {
      const { generate, erode, erodeAsync, fingerprint } = await window.erosionApi();
      const out = [];
      for (const { map, options } of cases) {
        const heights = generate(map);
        const before = fingerprint(heights);
        const expected = fingerprint(erode(heights, options));
        const got = [];
        for (const workers of [1, 2, 4]) {
          const eroded = await erodeAsync(heights, options, { workers });
          got.push({
            workers,
            fingerprint: fingerprint(eroded),
            type: Object.prototype.toString.call(eroded),
            length: eroded.length,
          });
        }
        out.push({ expected, got, untouched: fingerprint(heights) === before, length: heights.length });
      }
      return out;
    },
    cases,
  );
  results.forEach((result, index) => {
    const what = JSON.stringify(cases[index]);
    expect(result.untouched, what).toBe(true);
    for (const got of result.got) {
      expect(got.type, what).toBe("[object Float64Array]");
      expect(got.length, what).toBe(result.length);
      expect(got.fingerprint, `${what} at ${got.workers} workers`).toBe(result.expected);
    }
  });
});

test("erodeAsync reports progress at least every 100 ms, rising to 1", async ({ page }) => {
  test.setTimeout(120_000);
  const result = await inPage(page, async () => {
    const { generate, erodeAsync } = await window.erosionApi();
    const heights = generate({ algorithm: "diamond-square", exponent: 10, seed: 1 });
    // Warm: the pool's workers started and their module compiled.
    await erodeAsync(generate({ exponent: 5 }), { droplets: 10 }, { workers: 2 });
    const calls = [];
    const start = performance.now();
    await erodeAsync(
      heights,
      { droplets: 60000, seed: 1 },
      {
        workers: 2,
        onProgress: (fraction) => calls.push({ fraction, at: performance.now() }),
      },
    );
    const end = performance.now();
    let gap = calls.length ? calls[0].at - start : end - start;
    for (let i = 1; i < calls.length; i++) gap = Math.max(gap, calls[i].at - calls[i - 1].at);
    return {
      count: calls.length,
      gap,
      rising: calls.every((call, i) => i === 0 || call.fraction >= calls[i - 1].fraction),
      last: calls.at(-1)?.fraction,
      inRange: calls.every(({ fraction }) => fraction >= 0 && fraction <= 1),
      took: end - start,
      gaps: calls.map((call, i) => Math.round(call.at - (i ? calls[i - 1].at : start))),
    };
  });
  expect(result.count).toBeGreaterThan(2);
  expect(result.rising).toBe(true);
  expect(result.inRange).toBe(true);
  expect(result.last).toBe(1);
  expect(result.gap, JSON.stringify(result.gaps)).toBeLessThan(100);
});

test("aborting rejects with an AbortError within 100 ms", async ({ page }) => {
  test.setTimeout(120_000);
  const result = await inPage(page, async () => {
    const { generate, erodeAsync } = await window.erosionApi();
    const heights = generate({ algorithm: "diamond-square", exponent: 10, seed: 2 });
    const controller = new AbortController();
    const running = erodeAsync(
      heights,
      { droplets: 1000000, seed: 2 },
      {
        workers: 2,
        signal: controller.signal,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const abortedAt = performance.now();
    controller.abort();
    try {
      await running;
      return { settled: "resolved" };
    } catch (error) {
      const already = new AbortController();
      already.abort();
      let before;
      try {
        await erodeAsync(heights, { droplets: 10 }, { signal: already.signal });
      } catch (early) {
        before = early.name;
      }
      return { name: error.name, isDom: error instanceof DOMException, after: performance.now() - abortedAt, before };
    }
  });
  expect(result.name).toBe("AbortError");
  expect(result.isDom).toBe(true);
  expect(result.after).toBeLessThan(100);
  expect(result.before).toBe("AbortError");
});

test("erodeAsync refuses what erode() refuses, in the same words", async ({ page }) => {
  const results = await inPage(page, async () => {
    const { erode, erodeAsync } = await window.erosionApi();
    const good = new Float64Array(17 * 17).fill(0.5);
    const far = good.slice();
    far[40] = 2e6;
    const cases = [
      [good, { droplets: -1 }],
      [good, { radius: 9 }],
      [good, { colour: "red" }],
      [good, "lots"],
      [new Float64Array(10), {}],
      [far, {}],
      ["heights", {}],
    ];
    const out = [];
    for (const [heights, options] of cases) {
      let expected;
      try {
        erode(heights, options);
      } catch (error) {
        expected = error.message;
      }
      const promise = erodeAsync(heights, options);
      let got;
      try {
        await promise;
      } catch (error) {
        got = error.message;
      }
      out.push({ expected, got, isPromise: promise instanceof Promise });
    }
    return out;
  });
  for (const { expected, got, isPromise } of results) {
    expect(expected).toBeTruthy();
    expect(isPromise).toBe(true);
    expect(got).toBe(expected);
  }
});
