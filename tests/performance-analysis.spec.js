// Issue 24: the Analyze panel follows a dragged scrubber live at exponent 9
// (513 x 513, the largest map it measures point for point) without holding
// the page's main thread for long. A timing check, so it runs in the
// timing project, alone: beside another test's browser on the two cores,
// one measuring in a CI run took 305 ms.

import { demoState, expect, TIMING, test, waitForAllDemos } from "./helpers.js";

/** How long the panel's measurings of a drag may hold the main thread
 * (ms). One measuring of a 513 x 513 map (the analysis, its plots, putting
 * them in the page) costs about 10 ms in this browser (the benchmark
 * page's analysis suite, BENCHMARKS.md); during a drag, with the page's
 * worker, the software renderer and other people's builds sharing the two
 * cores, 12 to 66 ms were seen (medians 16 to 20). So their median is
 * held to two 60 Hz frames, and each to six: the measuring before issue
 * 24's optimisation (52 ms in the same benchmark, same day) fails the
 * first. */
const MEDIAN_MEASURING_MS = 1000 / 30;
const MEASURING_BOUND_MS = 100;

/** What a long task that holds a measuring may hold besides it (ms): the
 * rest of the measuring's own task (the plots' markup going into the
 * page), never a frame's drawing of the map, which on this GPU-less
 * machine (SwiftShader) takes far longer. */
const BESIDE_MEASURING_MS = 30;

/** Drags demo 0's scrubber from its right end to its left end in `steps`
 * moves, a frame apart, and returns the main thread's long tasks (50 ms
 * and more), the panel's measurings (its "terrain-analysis" timeline
 * entries) and every fitted slope the panel showed meanwhile. */
async function dragScrubber(page, steps) {
  await page.evaluate(() => {
    window.__tasks = [];
    window.__measurings = [];
    window.__slopesSeen = new Set();
    const span = ({ startTime, duration }) => ({ start: startTime, duration });
    window.__taskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__tasks.push(span(entry));
    });
    window.__taskObserver.observe({ type: "longtask" });
    window.__measureObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === "terrain-analysis") window.__measurings.push(span(entry));
    });
    window.__measureObserver.observe({ type: "measure" });
    const table = document.querySelector(".terrain-analysis");
    const seen = () => {
      const row = [...table.querySelectorAll("tr")].find((tr) => tr.textContent.includes("Fitted slope"));
      if (row) window.__slopesSeen.add(row.textContent);
    };
    window.__slopeObserver = new MutationObserver(seen);
    window.__slopeObserver.observe(table, { subtree: true, childList: true, characterData: true });
  });
  const scrubber = page.getByLabel("Stage", { exact: true });
  await scrubber.scrollIntoViewIfNeeded();
  const box = await scrubber.boundingBox();
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width - 2, y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(box.x + box.width - 2 - ((box.width - 4) * step) / steps, y);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  }
  await page.mouse.up();
  // Whatever the drag started has run by two frames after the mouse is up.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  return page.evaluate(() => {
    window.__taskObserver.disconnect();
    window.__measureObserver.disconnect();
    window.__slopeObserver.disconnect();
    return { tasks: window.__tasks, measurings: window.__measurings, slopes: [...window.__slopesSeen] };
  });
}

test(
  "dragging the scrubber at exponent 9 with the panel open: the numbers follow, the page stays responsive",
  TIMING,
  async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/playground.html?algorithm=diamond-square&exponent=9&seed=7");
    await waitForAllDemos(page, 1);
    const scrubber = page.getByLabel("Stage", { exact: true });
    const last = Number(await scrubber.getAttribute("max"));
    expect(last).toBeGreaterThan(10);

    // A first drag makes and draws every stage's map, so that the drag
    // measured below costs the page what it costs on any later drag.
    await dragScrubber(page, last);
    await scrubber.fill(String(last));

    const button = page.getByRole("button", { name: "Analyze" });
    await button.click();
    const panel = page.getByRole("region", { name: "Analysis of this map" });
    await expect(panel.getByText("Measured at every one of the map's 513 × 513 points.")).toBeVisible();
    await panel.locator("summary", { hasText: "Numbers" }).nth(2).click();
    const open = await dragScrubber(page, last);
    const longest = (spans) => Math.max(0, ...spans.map((span) => span.duration));
    console.log(
      `drag over ${last} stages at exponent 9: ${open.measurings.length} measurings, the longest ` +
        `${longest(open.measurings).toFixed(1)} ms; longest task ${longest(open.tasks).toFixed(0)} ms; ` +
        `${open.slopes.length} fitted slopes shown on the way; measurings (ms) ` +
        open.measurings.map((span) => span.duration.toFixed(1)).join(", "),
    );

    // The panel followed the drag: it showed several maps' slopes on the
    // way, not only the last one's.
    expect(open.slopes.length).toBeGreaterThanOrEqual(3);
    // And it shows the map on show now: its fitted slope is that of the
    // same map remade by generate() (the fingerprints say it is the same).
    await scrubber.fill(String(Math.round(last * 0.75)));
    const state = await demoState(page);
    const expected = await page.evaluate(async ({ stage, fingerprint }) => {
      const terrain = await import("./terrain.js");
      const heights = terrain.generate({ algorithm: "diamond-square", exponent: 9, seed: 7, stage });
      return { same: terrain.fingerprint(heights) === fingerprint, slope: terrain.analyze(heights).spectrum.slope };
    }, state);
    expect(expected.same, `generate() remakes the demo's map at stage ${state.stage}`).toBe(true);
    const slopeRow = panel.getByRole("table", { name: /Power spectrum/ }).getByRole("row", { name: /Fitted slope/ });
    await expect(slopeRow).toContainText(`−${Math.abs(expected.slope).toFixed(2)}`);

    // The page stayed responsive: the measurings held the main thread for
    // about a frame each, and none was added to a task that did more (such
    // as drawing a frame): each ran in a task of its own.
    expect(open.measurings.length).toBeGreaterThanOrEqual(3);
    const durations = open.measurings.map((span) => span.duration).sort((a, b) => a - b);
    expect(durations[durations.length >> 1]).toBeLessThanOrEqual(MEDIAN_MEASURING_MS);
    expect(longest(open.measurings)).toBeLessThanOrEqual(MEASURING_BOUND_MS);
    for (const measuring of open.measurings) {
      const holder = open.tasks.find(
        (task) => task.start <= measuring.start && measuring.start + measuring.duration <= task.start + task.duration,
      );
      if (holder) expect(holder.duration - measuring.duration).toBeLessThanOrEqual(BESIDE_MEASURING_MS);
    }
  },
);
