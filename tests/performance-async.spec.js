// The async calls' timing, run with nothing beside them (the timing
// project runs these files one test at a time, after the others): a page
// that keeps answering while an exponent-12 map is made and eroded, and
// erodeAsync's progress at least every 100 ms. On a machine whose cores
// other tests share, neither would measure the calls.

import { BLOG, expect, SITE, TIMING, test } from "./helpers.js";

/** A blog post on the other origin, with no policy: terrain.js is
 * imported from the site, so the workers start through the bootstrap. */
const BLANK_BLOG = `${BLOG}/pasted.html?snippet=${encodeURIComponent("<p>A post.</p>")}`;

test(
  "an exponent-12, 8-octave generateAsync and 1 000 000 droplets of erodeAsync, from another origin: no main-thread task of 50 ms",
  TIMING,
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(BLANK_BLOG);
    const result = await page.evaluate(async (site) => {
      const { erodeAsync, generateAsync } = await import(`${site}/terrain.js`);
      const { pool } = await import(`${site}/pool.js`);
      // The import's own work (the module, the stylesheet) is done first.
      await new Promise((resolve) => setTimeout(resolve, 200));
      let longest = 0;
      let tasks = 0;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          tasks += 1;
          longest = Math.max(longest, entry.duration);
        }
      });
      observer.observe({ type: "longtask" });
      const started = performance.now();
      const heights = await generateAsync({ algorithm: "perlin-noise", exponent: 12, octaves: 8, seed: 7 });
      const generated = performance.now();
      const eroded = await erodeAsync(heights, { droplets: 1_000_000, seed: 7 });
      const ended = performance.now();
      // Entries of the last task arrive after it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      observer.disconnect();
      return {
        longest,
        tasks,
        generating: generated - started,
        eroding: ended - generated,
        lengths: [heights.length, eroded.length],
        workers: pool().size,
      };
    }, SITE);
    console.log(
      `exponent 12 on ${result.workers} workers: generateAsync (8 octaves) ${result.generating.toFixed(0)} ms, ` +
        `erodeAsync (1 000 000 droplets) ${result.eroding.toFixed(0)} ms; longest main-thread task ` +
        `${result.longest.toFixed(0)} ms (${result.tasks} over 50 ms)`,
    );
    expect(result.lengths).toEqual([4097 * 4097, 4097 * 4097]);
    expect(result.workers, "the workers started through the bootstrap").toBeGreaterThanOrEqual(1);
    expect(result.longest).toBeLessThan(50);
  },
);

test("erodeAsync reports progress at least every 100 ms, rising to 1", TIMING, async ({ page }) => {
  test.setTimeout(120_000);
  await page.route("**/erosion-async-blank.html", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>erodeAsync</title>" }),
  );
  await page.goto("/erosion-async-blank.html");
  const result = await page.evaluate(async () => {
    const { generate, erodeAsync } = await import("./terrain.js");
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

test(
  "generateAsync reports progress at least every 100 ms for exponent-12 maps made in one task",
  TIMING,
  async ({ page }) => {
    test.setTimeout(180_000);
    await page.route("**/generate-async-blank.html", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>generateAsync</title>" }),
    );
    await page.goto("/generate-async-blank.html");
    const heard = await page.evaluate(async () => {
      const { generateAsync } = await import("./terrain.js");
      // Warm: the pool's worker started and its module compiled.
      await generateAsync({ algorithm: "diamond-square", exponent: 5 }, { workers: 1 });
      const heard = {};
      for (const algorithm of ["random-noise", "midpoint-displacement", "diamond-square"]) {
        const calls = [];
        const start = performance.now();
        await generateAsync(
          { algorithm, exponent: 12, seed: 12 },
          { workers: 1, onProgress: (fraction) => calls.push({ fraction, at: performance.now() }) },
        );
        const times = [start, ...calls.map((call) => call.at)];
        heard[algorithm] = {
          fractions: calls.map((call) => call.fraction),
          gaps: times.slice(1).map((at, index) => Math.round(at - times[index])),
          took: Math.round(performance.now() - start),
        };
      }
      return heard;
    });
    for (const [algorithm, { fractions, gaps, took }] of Object.entries(heard))
      console.log(`${algorithm} at exponent 12: ${took} ms, ${fractions.length} reports, gaps (ms) ${gaps}`);
    for (const [algorithm, { fractions, gaps }] of Object.entries(heard)) {
      expect(fractions.length, algorithm).toBeGreaterThan(10);
      expect(fractions.at(-1), algorithm).toBe(1);
      expect(Math.max(...gaps), `${algorithm}: ${gaps}`).toBeLessThan(100);
    }
  },
);
