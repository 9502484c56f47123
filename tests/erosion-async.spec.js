// erodeAsync(): erode() in the pool's workers, the same bits for any number
// of them, with and without wrap; abort and erode()'s messages. (Its
// progress is timed in performance-async.spec.js, with nothing beside it.)

import { expect, installAbortMidWork, TIMING, test } from "./helpers.js";

test.beforeEach(async ({ page }) => {
  // A page of the site's origin with no demo on it.
  await page.route("**/erosion-async-blank.html", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>erodeAsync</title>" }),
  );
  await installAbortMidWork(page);
  await page.goto("/erosion-async-blank.html");
});

/** Runs `body(arg)` in the page, where `window.erosionApi()` gives
 * terrain.js's exports. */
async function inPage(page, body, arg) {
  await page.evaluate(() => {
    window.erosionApi = () => import("./terrain.js");
  });
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

test("aborting rejects with an AbortError within 100 ms", TIMING, async ({ page }) => {
  test.setTimeout(120_000);
  const result = await inPage(page, async () => {
    const { generate, erodeAsync } = await window.erosionApi();
    const heights = generate({ algorithm: "diamond-square", exponent: 10, seed: 2 });
    const controller = new AbortController();
    const { onProgress, abortedAt } = window.abortMidWork(controller);
    const running = erodeAsync(
      heights,
      { droplets: 1000000, seed: 2 },
      {
        workers: 2,
        signal: controller.signal,
        onProgress,
      },
    );
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
      return { name: error.name, isDom: error instanceof DOMException, after: performance.now() - abortedAt(), before };
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
    // 513 x 513, kept in many blocks: with wrap the last column and row
    // are in none, and are checked all the same, in erode()'s order.
    const flat = new Float64Array(513 * 513).fill(0.5);
    const lastColumn = flat.slice();
    lastColumn[512] = Number.NaN;
    lastColumn[700] = 3e6;
    const lastRow = flat.slice();
    lastRow[513 * 512 + 7] = Number.POSITIVE_INFINITY;
    const cases = [
      [lastColumn, { wrap: true }],
      [lastColumn, {}],
      [lastRow, { wrap: true }],
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

test("a height changed to a bad one while erodeAsync reads the map is refused, never eroded", async ({ page }) => {
  const results = await inPage(page, async () => {
    const { erode, erodeAsync } = await window.erosionApi();
    // erodeAsync reads the map twice, a piece at a time: once for its
    // lowest point (checking every height), then into the blocks the
    // workers take while the first droplets fall. Here the map turns a
    // height bad between the two reads, as a caller writing to it before
    // the call settles could.
    const side = 513;
    const out = [];
    for (const [at, bad] of [
      [side * 400 + 300, Number.NaN],
      [7, 5e6],
    ]) {
      const plain = Array.from({ length: side * side }, (_, index) => 0.25 + 0.5 * Math.sin(index / 97) ** 2);
      const reads = new Map();
      const turning = new Proxy(plain, {
        get(target, key) {
          if (key === String(at)) {
            reads.set(at, (reads.get(at) ?? 0) + 1);
            if (reads.get(at) > 1) return bad;
          }
          return Reflect.get(target, key);
        },
      });
      let expected;
      try {
        const refused = plain.slice();
        refused[at] = bad;
        erode(refused, { droplets: 2000, seed: 3 });
      } catch (error) {
        expected = error.message;
      }
      let got;
      try {
        await erodeAsync(turning, { droplets: 2000, seed: 3 }, { workers: 2 });
        got = "eroded";
      } catch (error) {
        got = error.message;
      }
      out.push({ expected, got, reads: reads.get(at) });
    }
    return out;
  });
  for (const { expected, got, reads } of results) {
    expect(expected).toMatch(/height/);
    expect(reads, "read once for the floor, once into its block").toBe(2);
    expect(got).toBe(expected);
  }
});
