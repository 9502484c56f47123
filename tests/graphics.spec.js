// When WebGL goes away (a lost context) or never comes (WebGL disabled):
// every demo says so, keeps or draws a picture of its heightmap, never a
// blank box, and comes back with the same terrain.

import { expectNoSeriousViolations } from "./axe.js";
import { fingerprintsOf } from "./battery.js";
import {
  demoState,
  demoStats,
  expect,
  keepWebGLContexts,
  loseWebGLContext,
  renderStats,
  SITE_PAGES,
  settle,
  test,
  waitForAllDemos,
  writtenOptions,
} from "./helpers.js";

/** Every demo's state, in page order. */
function states(page) {
  return page.evaluate(async () => {
    const { demoState } = await import("./terrain.js");
    return [...document.querySelectorAll(".terrain-demo")].map((_, index) => demoState(index));
  });
}

const LOST = /graphics context.*Restoring it/;

test.describe("a lost WebGL context", () => {
  const DEMOS = 9;

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(keepWebGLContexts);
    await page.goto("/diamond-square.html");
    await waitForAllDemos(page, DEMOS);
    expect(await page.evaluate(() => window.webglContexts.length), "one context for every demo").toBe(1);
  });

  test("is announced in every demo, which keeps its picture, then comes back with the same terrain", async ({
    page,
  }) => {
    const before = await states(page);
    const pictures = await demoStats(page);
    const draws = (await renderStats(page)).draws;

    await loseWebGLContext(page, true);
    await expect.poll(async () => (await renderStats(page)).graphics).toBe("lost");
    const statuses = page.locator(".terrain-demo .terrain-status");
    for (let index = 0; index < DEMOS; index++) {
      await expect(statuses.nth(index), `demo ${index} says so`).toBeVisible();
      await expect(statuses.nth(index)).toHaveText(LOST);
    }
    const kept = await demoStats(page);
    expect(
      kept.map(({ hash }) => hash),
      "the last pictures stay",
    ).toEqual(pictures.map(({ hash }) => hash));

    await loseWebGLContext(page, false);
    await expect.poll(async () => (await renderStats(page)).graphics).toBe("ready");
    for (let index = 0; index < DEMOS; index++) {
      await expect(statuses.nth(index), `demo ${index} is back`).toBeHidden();
    }
    // Every demo draws again (each when it scrolls into view) ...
    await waitForAllDemos(page, DEMOS);
    expect((await renderStats(page)).draws - draws, "each demo redrawn").toBeGreaterThanOrEqual(DEMOS);
    // ... the very same terrain, and the same picture of it.
    expect(await states(page)).toEqual(before);
    const after = await demoStats(page);
    for (const [index, stats] of after.entries()) {
      expect(stats.foreground, `demo ${index} shows a terrain`).toBeGreaterThan(0.05);
      expect(stats.hash, `demo ${index} looks as before`).toBe(pictures[index].hash);
    }
  });

  // Once a new terrain cleared the "context lost" note while the old
  // picture was still what the demo showed.
  test("Refresh while it is lost keeps the note, and the new terrain appears when it returns", async ({ page }) => {
    const FINAL = 3;
    const demo = page.locator(".terrain-demo").nth(FINAL);
    await loseWebGLContext(page, true);
    await expect(demo.locator(".terrain-status")).toHaveText(LOST);
    const seedBefore = (await demoState(page, FINAL)).seed;
    await demo.getByRole("button", { name: "Refresh" }).press("Enter");
    await expect(demo.locator(".terrain-seed-value")).not.toHaveText(seedBefore);
    await expect(demo.locator(".terrain-status"), "still lost, still said").toHaveText(LOST);
    await loseWebGLContext(page, false);
    await expect(demo.locator(".terrain-status")).toBeHidden();
    const shown = await demoState(page, FINAL);
    const [expected] = await fingerprintsOf(page, [{ algorithm: "diamond-square", exponent: 5, seed: shown.seed }]);
    expect(shown.fingerprint).toBe(expected);
  });

  // Issue 15: after a loss and a restore with most demos off screen, the
  // demos that were off screen when the context came back were reported to
  // keep "Restoring it…" even after they had drawn again. Done as a reader
  // would: from the sixth demo, the context lost and given back 0.8 s later,
  // a 4 s pause, then every demo scrolled into view.
  for (const [via, name] of [
    ["extension", "the real WEBGL_lose_context extension"],
    ["hook", "terrain.js's simulateContextLoss()"],
  ]) {
    test(`lost and restored through ${name} with most demos off screen: every demo drops the note once drawn again, same terrain`, async ({
      page,
    }) => {
      // What was made on the lost context went with it: deleting it on the
      // restored one made Chromium warn (11 times over four cycles before).
      const foreign = [];
      page.on("console", (message) => {
        if (message.text().includes("does not belong to this context")) foreign.push(message.text());
      });
      const SIXTH = 5;
      const before = await states(page);
      const pictures = await demoStats(page);
      const demos = page.locator(".terrain-demo");
      await demos.nth(SIXTH).scrollIntoViewIfNeeded();
      await settle(page);
      // The IntersectionObserver draws within 300 px of the viewport, so
      // "off screen" means farther than that.
      const offScreen = await page.evaluate(
        () =>
          [...document.querySelectorAll(".terrain-demo canvas.terrain-canvas")].filter((canvas) => {
            const { top, bottom } = canvas.getBoundingClientRect();
            return bottom < -300 || top > innerHeight + 300;
          }).length,
      );
      expect(offScreen, "most demos are off screen when the context goes").toBeGreaterThan(DEMOS / 2);

      // The loss and the restore, from the page itself, as the browser would
      // do them; the events on the shared canvas say they really happened.
      const { events, drawsAtRestore } = await page.evaluate(async (via) => {
        const { renderStats, simulateContextLoss } = await import("./terrain.js");
        const canvas = window.webglContexts[0].canvas;
        const seen = [];
        // Listening after the demos do, so the count is taken once they
        // have handled the event and before any frame draws again.
        const restored = new Promise((resolve) => {
          canvas.addEventListener("webglcontextlost", () => seen.push("lost"));
          canvas.addEventListener("webglcontextrestored", () => {
            seen.push("restored");
            resolve(renderStats().draws);
          });
        });
        const extension = window.webglContexts[0].loseContextExtension;
        const act = (lost) => {
          if (via === "hook") simulateContextLoss(lost);
          else if (lost) extension.loseContext();
          else extension.restoreContext();
        };
        act(true);
        await new Promise((resolve) => setTimeout(resolve, 800));
        seen.push(`${document.querySelectorAll(".terrain-demo .terrain-status:not([hidden])").length} notes shown`);
        act(false);
        return { events: seen, drawsAtRestore: await restored };
      }, via);
      expect(events).toEqual(["lost", `${DEMOS} notes shown`, "restored"]);
      await page.waitForTimeout(4000);

      // Up from the sixth demo to the first, then down to the last.
      const up = Array.from({ length: SIXTH + 1 }, (_, step) => SIXTH - step);
      const down = Array.from({ length: DEMOS - SIXTH - 1 }, (_, step) => SIXTH + 1 + step);
      const stuck = [];
      for (const index of [...up, ...down]) {
        await demos.nth(index).scrollIntoViewIfNeeded();
        // The observer's callback, then the frame it asks for.
        await settle(page);
        await settle(page);
        const note = await demos
          .nth(index)
          .locator(".terrain-status")
          .evaluate((status) => ({
            hidden: status.hidden,
            text: status.textContent,
          }));
        if (!note.hidden || LOST.test(note.text)) stuck.push(`demo ${index}: ${JSON.stringify(note)}`);
      }
      expect(stuck, "no demo still shows a note once the context is back").toEqual([]);
      // Each demo is dirty once after the restore and draws once in view.
      await expect
        .poll(async () => (await renderStats(page)).draws - drawsAtRestore, { message: "every demo drew again" })
        .toBeGreaterThanOrEqual(DEMOS);
      expect((await renderStats(page)).graphics).toBe("ready");
      expect(await states(page), "the same terrains").toEqual(before);
      const after = await demoStats(page);
      for (const [index, stats] of after.entries()) {
        expect(stats.foreground, `demo ${index} shows a terrain`).toBeGreaterThan(0.05);
        expect(stats.hash, `demo ${index} looks as before`).toBe(pictures[index].hash);
      }
      expect(foreign, "nothing of the lost context deleted on the restored one").toEqual([]);
    });
  }

  // Once the extension was cast with an instanceof check against a global
  // Chromium does not define, and simulateContextLoss() did nothing.
  test("terrain.js's simulateContextLoss() loses and restores the context", async ({ page }) => {
    const simulate = (lose) =>
      page.evaluate(async (lose) => (await import("./terrain.js")).simulateContextLoss(lose), lose);
    const before = await states(page);
    expect(await simulate(true), "the extension is there").toBe(true);
    await expect.poll(async () => (await renderStats(page)).graphics).toBe("lost");
    await expect(page.locator(".terrain-demo .terrain-status").first()).toHaveText(LOST);
    expect(await simulate(false)).toBe(true);
    await expect.poll(async () => (await renderStats(page)).graphics).toBe("ready");
    await expect(page.locator(".terrain-demo .terrain-status:visible")).toHaveCount(0);
    await waitForAllDemos(page, DEMOS);
    expect(await states(page)).toEqual(before);
  });
});

/** Chromium without WebGL: getContext("webgl2") returns null. */
const withoutWebGL = test.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), "--disable-3d-apis"] });
    },
    { scope: "worker" },
  ],
});

/** Colours the greyscale picture uses besides greys: points not set yet,
 * and the points the step set (see crates/terrain-web/src/picture.rs). */
const UNSET = [176, 196, 232];
const HIGHLIGHT = [255, 96, 16];

/** Runs in the page: compares demo `index`'s canvas, cell by cell, with the
 * greyscale picture of `heights` (lowest set point black, highest white).
 * With `overlaid`, cells a coloured overlay (a lattice, arrows) covers are
 * left out. Returns how many cells match, how many were compared, and how
 * many there are. */
const COMPARE_PICTURE = ({ index, heights, tiled, done, unset, highlight, overlaid }) => {
  const canvas = document.querySelectorAll("canvas.terrain-canvas")[index];
  const { width, height } = canvas;
  const data = canvas.getContext("2d").getImageData(0, 0, width, height).data;
  const side = Math.round(Math.sqrt(heights.length));
  // Points a stage has not reached are 0 in generate()'s heights; a set
  // point is exactly 0 only as the minimum of a normalized, finished map.
  const isSet = (x, y) => done || heights[y * side + x] !== 0;
  let low = Infinity;
  let high = -Infinity;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (isSet(x, y)) {
        low = Math.min(low, heights[y * side + x]);
        high = Math.max(high, heights[y * side + x]);
      }
    }
  }
  const period = side - 1;
  const cells = tiled ? 2 * period + 1 : side;
  const wrap = (i) => (!tiled ? i : i === 2 * period ? period : i % period);
  const size = Math.min(width, height) * 0.94;
  const left = (width - size) / 2;
  const top = (height - size) / 2;
  const near = (pixel, colour, tolerance) => pixel.every((value, i) => Math.abs(value - colour[i]) <= tolerance);
  let matches = 0;
  let compared = 0;
  for (let row = 0; row < cells; row++) {
    for (let column = 0; column < cells; column++) {
      const px = Math.floor(left + ((column + 0.5) * size) / cells);
      const py = Math.floor(top + ((row + 0.5) * size) / cells);
      const offset = (py * width + px) * 4;
      const pixel = [data[offset], data[offset + 1], data[offset + 2]];
      const [x, y] = [wrap(column), wrap(row)];
      // Colour that is neither a point not set yet nor a highlighted one
      // is the overlay's.
      const coloured = Math.max(...pixel) - Math.min(...pixel) > 4;
      if (overlaid && coloured && !near(pixel, unset, 2) && !near(pixel, highlight, 2)) continue;
      compared++;
      let ok;
      if (!isSet(x, y)) {
        ok = near(pixel, unset, 2);
      } else {
        const level = high > low ? Math.round(((heights[y * side + x] - low) / (high - low)) * 255) : 128;
        ok = near(pixel, [level, level, level], 2) || (!done && near(pixel, highlight, 2));
      }
      if (ok) matches++;
    }
  }
  return { matches, compared, cells: cells * cells };
};

withoutWebGL.describe("without WebGL", () => {
  for (const { path, demos } of SITE_PAGES) {
    withoutWebGL(`${path}: every demo explains, and shows its heightmap as a greyscale picture`, async ({ page }) => {
      await page.goto(path);
      await waitForAllDemos(page, demos);
      expect((await renderStats(page)).graphics).toBe("unavailable");
      const all = await states(page);
      const written = await writtenOptions(page);
      const views = await page.evaluate(() =>
        [...document.querySelectorAll(".terrain-demo")].map((demo) => demo.dataset.view ?? "3d"),
      );
      // A lattice or its gradients drawn over the picture hide a few cells.
      const overlaid = await page.evaluate(() =>
        [...document.querySelectorAll(".terrain-demo")].map((demo) => (demo.dataset.overlay ?? "none") !== "none"),
      );
      for (let index = 0; index < demos; index++) {
        const demo = page.locator(".terrain-demo").nth(index);
        const status = demo.locator(".terrain-status");
        await expect(status, `demo ${index} explains`).toBeVisible();
        await expect(status).toHaveText(
          /3D view unavailable: .*greyscale picture \(black is the lowest point, white the highest\)/,
        );
        const shown = all[index];
        // An eroded map is not generate()'s, and its views (difference,
        // water, paths) are more than greys: the erosion page's own tests
        // compare those maps with erode().
        if (/^(droplets|slides|step)-\d+$/.test(shown.stage)) continue;
        const heights = await page.evaluate(
          async (options) => {
            const { generate } = await import("./terrain.js");
            return Array.from(generate(options));
          },
          {
            // What demoState() does not report (the noises' frequency, fade…).
            ...written[index],
            algorithm: shown.algorithm,
            exponent: shown.exponent,
            spread: shown.spread,
            spreadReduction: shown.spreadReduction,
            seed: shown.seed,
            normalize: shown.normalize,
            stage: shown.stage,
          },
        );
        const compared = await page.evaluate(COMPARE_PICTURE, {
          index,
          heights,
          tiled: views[index].startsWith("tiled"),
          done: shown.stage === "done",
          unset: UNSET,
          highlight: HIGHLIGHT,
          overlaid: overlaid[index],
        });
        expect(
          compared.matches / compared.compared,
          `demo ${index} (${shown.algorithm}, ${shown.stage}) pictures its heights`,
        ).toBeGreaterThan(0.99);
        expect(compared.compared / compared.cells, `demo ${index}: an overlay hides little`).toBeGreaterThan(0.8);
      }
      for (const [index, stats] of (await demoStats(page)).entries()) {
        expect(stats.foreground, `demo ${index} is not a blank box`).toBeGreaterThan(0.3);
      }
    });
  }

  withoutWebGL("the explanation and the picture pass axe", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    await expect(page.locator(".terrain-status")).toBeVisible();
    await expectNoSeriousViolations(page, "playground without WebGL");
  });

  // Once one Refresh or one changed setting hid the "3D view unavailable"
  // explanation for good.
  withoutWebGL("the explanation stays after Refresh and after a changed setting", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const status = page.locator(".terrain-status");
    await expect(status).toBeVisible();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(status, "after Refresh").toBeVisible();
    await page.getByLabel("Exponent", { exact: true }).fill("4");
    await expect(status, "after a new exponent").toBeVisible();
    await expect(status).toHaveText(/3D view unavailable/);
  });

  // Once the text alternative described a 3D view to turn while the canvas
  // showed a flat picture.
  withoutWebGL("the canvas's text alternative describes the greyscale picture it shows", async ({ page }) => {
    await page.goto("/");
    await waitForAllDemos(page, 1);
    const canvas = page.locator("canvas.terrain-canvas");
    await expect(canvas).toHaveAttribute("aria-label", /^Greyscale picture/);
    await expect(canvas).not.toHaveAttribute("aria-label", /turn it/);
  });
});

test("printing a chapter draws every demo, those never scrolled into view too", async ({ page }) => {
  // Demos draw only when on screen; on paper, those a reader never
  // scrolled to were blank boxes.
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto("/diamond-square.html");
  await expect.poll(async () => (await renderStats(page)).demos).toBe(9);
  // The top of the page, above every demo: the maps are made, but none
  // drawn, and no graphics context made yet.
  await expect.poll(async () => (await renderStats(page)).waiting, { message: "every map is made" }).toBe(0);
  expect(await renderStats(page)).toMatchObject({ graphics: "resting", draws: 0 });
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.length).toBeGreaterThan(10_000);
  const after = await demoStats(page);
  for (const [index, demo] of after.entries()) {
    expect(demo.foreground, `demo ${index} is drawn for paper`).toBeGreaterThan(0.05);
  }
  expect((await renderStats(page)).graphics).toBe("ready");
});
