// When the browser takes the demos' shared WebGL context away and never
// gives it back (Chromium stops restoring a page's contexts after its GPU
// process has crashed a few times), the page makes a new context itself;
// when the browser refuses that too, every demo says so, draws its
// greyscale picture, keeps working and offers "Try again". Issue 21: the
// demos once stayed blank under "Restoring it…" for good.

import { expectNoSeriousViolations } from "./axe.js";
import {
  demoStats,
  downloadFrom,
  expect,
  keepWebGLContexts,
  renderStats,
  SCREENS,
  settle,
  test,
  waitForAllDemos,
} from "./helpers.js";

const DEMOS = 9;
const LOST = /graphics context.*Restoring it/;
const BLOCKED =
  /^3D view unavailable: the browser took away this page's graphics context and would not give it a new one \(.+\)\. Showing the heightmap from above instead, as a greyscale picture/;
/** The flat picture's colours besides greys: points not set yet, and the
 * points the step set. */
const UNSET = [176, 196, 232];
const HIGHLIGHT = [255, 96, 16];
/** A colour no demo draws: what a canvas shows until it is drawn again. */
const MAGENTA = [255, 0, 255];

/** For page.addInitScript, after keepWebGLContexts. While
 * `window.refuseWebGL` is true, a page asking for a WebGL2 context gets
 * none, as when the browser blocks WebGL for it. While
 * `window.loseNewContexts` is above 0, each new context made is lost as
 * soon as the task that made it ends, before any frame draws on it. */
function controllableWebGL() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  window.refuseWebGL = false;
  window.refused = 0;
  window.loseNewContexts = 0;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    if (type === "webgl2" && window.refuseWebGL) {
      window.refused++;
      return null;
    }
    const context = getContext.call(this, type, ...rest);
    if (context && type === "webgl2" && window.loseNewContexts > 0) {
      window.loseNewContexts--;
      const extension = context.getExtension("WEBGL_lose_context");
      queueMicrotask(() => extension.loseContext());
    }
    return context;
  };
}

/** Scrolls the second demo's canvas to the middle of the screen, with the
 * last demos far below. */
async function showSecondDemo(page) {
  await page.locator("canvas.terrain-canvas").nth(1).scrollIntoViewIfNeeded();
  await settle(page);
  await settle(page);
}

/** Every demo's state, in page order. */
function states(page) {
  return page.evaluate(async () => {
    const { demoState } = await import("./terrain.js");
    return [...document.querySelectorAll(".terrain-demo")].map((_, index) => demoState(index));
  });
}

/** Runs in the page: paints every demo's canvas magenta, so that a demo
 * shows its terrain again only by drawing it again. */
const PAINT_OVER = (colour) => {
  for (const canvas of document.querySelectorAll("canvas.terrain-canvas")) {
    const context = canvas.getContext("2d");
    context.fillStyle = `rgb(${colour.join(" ")})`;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
};

/** Runs in the page: how many of each demo's pixels are `colour`. */
const PAINTED = (colour) =>
  [...document.querySelectorAll("canvas.terrain-canvas")].map((canvas) => {
    const { width, height } = canvas;
    const data = canvas.getContext("2d").getImageData(0, 0, width, height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === colour[0] && data[i + 1] === colour[1] && data[i + 2] === colour[2]) count++;
    }
    return count;
  });

/** Runs in the page: the demos whose canvas is within the viewport (the
 * page draws those at once; the others when they come within 300 px). */
const ON_SCREEN = () =>
  [...document.querySelectorAll("canvas.terrain-canvas")].flatMap((canvas, index) => {
    const { top, bottom } = canvas.getBoundingClientRect();
    return bottom > 0 && top < innerHeight ? [index] : [];
  });

/** Runs in the page: loses context `index` (in the order the page made
 * them) and waits, every 20 ms, until the page has context `context` ready
 * and every demo in `watched` has drawn over the magenta and shows no note.
 * Returns the milliseconds from the loss until the page said it was lost,
 * until the new context was ready, and until the last watched demo was
 * drawn again. Gives up after 15 s. */
const LOSE_AND_TIME = async ({ index, context, watched, magenta }) => {
  const { renderStats } = await import("./terrain.js");
  const painted = (canvas) => {
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] === magenta[0] && data[i + 1] === magenta[1] && data[i + 2] === magenta[2]) return true;
    }
    return false;
  };
  const canvases = [...document.querySelectorAll("canvas.terrain-canvas")];
  const statuses = [...document.querySelectorAll(".terrain-status")];
  const start = performance.now();
  window.webglContexts[index].loseContextExtension.loseContext();
  let ready = null;
  let lost = null;
  while (performance.now() - start < 15_000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stats = renderStats();
    if (lost === null && stats.graphics === "lost") lost = performance.now() - start;
    if (ready === null && stats.graphics === "ready" && stats.context === context) {
      ready = performance.now() - start;
    }
    if (ready !== null && watched.every((demo) => statuses[demo].hidden && !painted(canvases[demo]))) {
      return { lost, ready, drawn: performance.now() - start };
    }
  }
  return { lost, ready, drawn: null, stats: renderStats() };
};

test.describe("a lost WebGL context that is never given back", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(keepWebGLContexts);
    await page.addInitScript(controllableWebGL);
    await page.goto("/diamond-square.html");
    await waitForAllDemos(page, DEMOS);
    await showSecondDemo(page);
  });

  test("is replaced by a new one within 5 s: every demo, on screen and off, is drawn again, the same, with no note", async ({
    page,
  }, testInfo) => {
    const before = await states(page);
    const pictures = await demoStats(page);
    const screenBefore = await page.screenshot({ path: `${SCREENS}context-before-loss.png` });
    const onScreen = await page.evaluate(ON_SCREEN);
    expect(onScreen.length, "some demos on screen").toBeGreaterThan(0);
    expect(onScreen.length, "some off screen").toBeLessThan(DEMOS);

    await page.evaluate(PAINT_OVER, MAGENTA);
    const timing = await page.evaluate(LOSE_AND_TIME, { index: 0, context: 1, watched: onScreen, magenta: MAGENTA });
    testInfo.annotations.push({ type: "recovery", description: JSON.stringify(timing) });
    console.log(`no restore: ${JSON.stringify(timing)} ms after the loss`);
    expect(timing.drawn, `recovered: ${JSON.stringify(timing)}`).not.toBeNull();
    expect(timing.drawn).toBeLessThan(5000);
    // It waited for the browser first.
    expect(timing.ready).toBeGreaterThan(1900);

    // No demo, on screen or off, still has a note; off screen, each is
    // drawn again as it scrolls into view.
    await expect(page.locator(".terrain-demo .terrain-status:visible")).toHaveCount(0);
    const stillPainted = await page.evaluate(PAINTED, MAGENTA);
    expect(
      stillPainted.flatMap((count, index) => (count > 0 ? [index] : [])),
      "the demos off screen wait to be in view",
    ).toEqual([...Array(DEMOS).keys()].filter((index) => !onScreen.includes(index)));
    await waitForAllDemos(page, DEMOS);
    expect(await page.evaluate(PAINTED, MAGENTA), "every demo drawn again").toEqual(Array(DEMOS).fill(0));
    expect(await states(page), "the same terrains").toEqual(before);
    const after = await demoStats(page);
    for (const [index, stats] of after.entries()) {
      expect(stats.foreground, `demo ${index} shows a terrain`).toBeGreaterThan(0.05);
      expect(stats.hash, `demo ${index} looks as before`).toBe(pictures[index].hash);
    }
    expect(await page.evaluate(() => window.webglContexts.length), "one new context, no more").toBe(2);
    expect(await renderStats(page)).toMatchObject({ graphics: "ready", context: 1 });

    await showSecondDemo(page);
    const screenAfter = await page.screenshot({ path: `${SCREENS}context-after-recovery.png` });
    expect(screenAfter.equals(screenBefore), "the page looks as before").toBe(true);
  });

  test("the old context given back after the page moved on changes nothing", async ({ page }) => {
    const pictures = await demoStats(page);
    const onScreen = await page.evaluate(ON_SCREEN);
    const timing = await page.evaluate(LOSE_AND_TIME, { index: 0, context: 1, watched: onScreen, magenta: MAGENTA });
    expect(timing.drawn, JSON.stringify(timing)).not.toBeNull();

    // The browser gives the first context back, late; its canvas fires
    // webglcontextrestored (this listener hears it), and the page ignores it.
    const heard = await page.evaluate(async () => {
      const { canvas, loseContextExtension } = window.webglContexts[0];
      const restored = new Promise((resolve) => canvas.addEventListener("webglcontextrestored", resolve));
      loseContextExtension.restoreContext();
      await restored;
      await new Promise((resolve) => setTimeout(resolve, 500));
      return true;
    });
    expect(heard).toBe(true);
    await settle(page);
    expect(await renderStats(page)).toMatchObject({ graphics: "ready", context: 1 });
    await expect(page.locator(".terrain-demo .terrain-status:visible")).toHaveCount(0);
    // The new context still draws: a new terrain in the first demo, and
    // every other picture as it was.
    const demo = page.locator(".terrain-demo").first();
    await demo.getByRole("button", { name: "Refresh" }).click();
    await expect
      .poll(async () => (await demoStats(page))[0].hash, { message: "a new terrain is drawn" })
      .not.toBe(pictures[0].hash);
    expect((await demoStats(page))[0].foreground).toBeGreaterThan(0.05);
    await waitForAllDemos(page, DEMOS);
    const after = await demoStats(page);
    for (let index = 1; index < DEMOS; index++) {
      expect(after[index].hash, `demo ${index} looks as before`).toBe(pictures[index].hash);
    }
    expect(await page.evaluate(() => window.webglContexts.length)).toBe(2);
  });

  test("a loss during recovery starts over, and the page recovers on a third context", async ({ page }, testInfo) => {
    const pictures = await demoStats(page);
    const onScreen = await page.evaluate(ON_SCREEN);
    await page.evaluate(PAINT_OVER, MAGENTA);
    // The context made to replace the first is lost before a frame draws on it.
    await page.evaluate(() => {
      window.loseNewContexts = 1;
    });
    const timing = await page.evaluate(LOSE_AND_TIME, { index: 0, context: 2, watched: onScreen, magenta: MAGENTA });
    testInfo.annotations.push({ type: "recovery", description: JSON.stringify(timing) });
    console.log(`loss during recovery: ${JSON.stringify(timing)} ms after the first loss`);
    expect(timing.drawn, JSON.stringify(timing)).not.toBeNull();
    // Two whole waits: the second loss started the wait over.
    expect(timing.ready).toBeGreaterThan(3900);
    expect(await page.evaluate(() => window.webglContexts.length)).toBe(3);
    await expect(page.locator(".terrain-demo .terrain-status:visible")).toHaveCount(0);
    await waitForAllDemos(page, DEMOS);
    const after = await demoStats(page);
    for (const [index, stats] of after.entries()) {
      expect(stats.hash, `demo ${index} looks as before`).toBe(pictures[index].hash);
    }
  });

  test("a loss soon after the browser gave the context back gets a whole wait of its own", async ({ page }) => {
    // Lost, given back after 1 s, lost again at once: the first loss's
    // wait ends at 2 s, but a new context comes only 2 s after the second.
    const times = await page.evaluate(async () => {
      const { renderStats } = await import("./terrain.js");
      const { canvas, loseContextExtension } = window.webglContexts[0];
      const start = performance.now();
      let lostAgain = null;
      canvas.addEventListener("webglcontextrestored", () => {
        lostAgain = performance.now() - start;
        loseContextExtension.loseContext();
      });
      loseContextExtension.loseContext();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      loseContextExtension.restoreContext();
      while (performance.now() - start < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const stats = renderStats();
        if (stats.graphics === "ready" && stats.context === 1) {
          return { lostAgain, ready: performance.now() - start };
        }
      }
      return { lostAgain, ready: null };
    });
    expect(times.lostAgain).not.toBeNull();
    expect(times.ready, JSON.stringify(times)).not.toBeNull();
    expect(times.ready - times.lostAgain, JSON.stringify(times)).toBeGreaterThan(1900);
    await expect(page.locator(".terrain-demo .terrain-status:visible")).toHaveCount(0);
    await waitForAllDemos(page, DEMOS);
  });

  test("refused a new one, every demo says so, offers Try again and draws its greyscale picture", async ({ page }) => {
    await page.evaluate(() => {
      window.refuseWebGL = true;
      window.webglContexts[0].loseContextExtension.loseContext();
    });
    await expect(page.locator(".terrain-demo .terrain-status").first()).toHaveText(LOST);
    await expect.poll(async () => (await renderStats(page)).graphics, { timeout: 5000 }).toBe("blocked");
    const demos = page.locator(".terrain-demo");
    for (let index = 0; index < DEMOS; index++) {
      await expect(demos.nth(index).locator(".terrain-status"), `demo ${index} says so`).toHaveText(BLOCKED);
      await expect(demos.nth(index).getByRole("button", { name: "Try again" })).toBeVisible();
    }
    await page.screenshot({ path: `${SCREENS}context-refused.png` });
    // Every demo, drawn as it scrolls into view, is the flat picture: its
    // square is greys, with the points a step has not set yet in pale blue
    // and those it set in orange (see crates/terrain-view/src/picture.rs).
    await waitForAllDemos(page, DEMOS);
    const flat = await page.evaluate(
      (colours) =>
        [...document.querySelectorAll("canvas.terrain-canvas")].map((canvas) => {
          const { width, height } = canvas;
          const data = canvas.getContext("2d").getImageData(0, 0, width, height).data;
          const near = (i, colour) => colour.every((value, channel) => Math.abs(data[i + channel] - value) <= 2);
          let pictured = 0;
          for (let i = 0; i < data.length; i += 4) {
            const grey = data[i] === data[i + 1] && data[i + 1] === data[i + 2];
            if (grey || colours.some((colour) => near(i, colour))) pictured++;
          }
          const side = Math.min(width, height) * 0.94;
          return { share: pictured / (side * side), label: canvas.getAttribute("aria-label") };
        }),
      [UNSET, HIGHLIGHT],
    );
    for (const [index, { share, label }] of flat.entries()) {
      expect(share, `demo ${index} is a greyscale picture`).toBeGreaterThan(0.95);
      expect(label, `demo ${index} says so to a screen reader`).toMatch(/^Greyscale picture/);
    }
  });
});

test.describe("a page refused a new WebGL context", () => {
  test("keeps its controls, exports and JavaScript API, and Try again brings the 3D view back", async ({
    page,
  }, testInfo) => {
    await page.addInitScript(keepWebGLContexts);
    await page.addInitScript(controllableWebGL);
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const [before] = await demoStats(page);
    const exponent = page.getByLabel("Exponent", { exact: true });
    const original = await exponent.inputValue();

    await page.evaluate(() => {
      window.refuseWebGL = true;
      window.webglContexts[0].loseContextExtension.loseContext();
    });
    const status = page.locator(".terrain-status");
    await expect(status).toHaveText(BLOCKED);
    const tryAgain = page.getByRole("button", { name: "Try again" });
    await expect(tryAgain).toBeVisible();
    await expect
      .poll(async () => (await demoStats(page))[0].hash, { message: "the picture is drawn" })
      .not.toBe(before.hash);
    const [flat] = await demoStats(page);
    await expectNoSeriousViolations(page, "playground refused a graphics context");

    // A control changes the picture, drawn in 2D.
    await exponent.fill("4");
    await expect.poll(async () => (await demoStats(page))[0].hash, { message: "a new picture" }).not.toBe(flat.hash);
    await expect(status).toHaveText(BLOCKED);
    // The exports and the JavaScript API need no WebGL.
    const png = await downloadFrom(page);
    expect(png.suggestedFilename()).toMatch(/\.png$/);
    const obj = await downloadFrom(page, { Format: "obj" });
    expect(obj.suggestedFilename()).toMatch(/\.obj$/);
    const heights = await page.evaluate(
      async () => (await import("./terrain.js")).generate({ algorithm: "diamond-square", exponent: 3 }).length,
    );
    expect(heights).toBe(81);

    // Still refused: the try is counted, so the reader sees it was made.
    await tryAgain.click();
    await expect(status).toHaveText(/not even when asked again \(2 tries\)/);
    expect(await page.evaluate(() => window.refused)).toBe(2);
    await page.screenshot({ path: `${SCREENS}context-refused-playground.png` });

    // The browser allows WebGL again: Try again brings back the 3D view.
    await exponent.fill(original);
    await page.evaluate(() => {
      window.refuseWebGL = false;
    });
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(status).toBeHidden();
    expect(await renderStats(page)).toMatchObject({ graphics: "ready" });
    await expect
      .poll(async () => (await demoStats(page))[0].hash, { message: "the 3D view as before" })
      .toBe(before.hash);
    testInfo.annotations.push({
      type: "contexts",
      description: String(await page.evaluate(() => webglContexts.length)),
    });
  });
});
