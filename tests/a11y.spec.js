// Accessibility: axe on every page, labels on every control, a text
// alternative on every canvas that says what it shows, everything done
// with the keyboard alone, and motion that respects prefers-reduced-motion.

import { expectNoSeriousViolations } from "./axe.js";
import {
  demoState,
  expect,
  keepWebGLContexts,
  loseWebGLContext,
  SCREENS,
  SITE_PAGES,
  statsOf,
  test,
  waitForAllDemos,
  waitForChange,
} from "./helpers.js";

// axe runs on every page at desktop width with the labels below, and at
// phone width in phone.spec.js.
test("axe finds nothing serious on the playground with every kind of message showing", async ({ page }) => {
  // A bad URL parameter (the notice), a bad field (its error), and the
  // graphics context lost (the status over the view).
  await page.addInitScript(keepWebGLContexts);
  await page.goto("/playground.html?exponent=40&seed=3");
  await waitForAllDemos(page, 1);
  await expect(page.locator(".terrain-notice")).toBeVisible();
  await page.getByLabel("Seed", { exact: true }).fill("abc");
  await expect(page.locator(".terrain-error:visible")).toHaveCount(1);
  await loseWebGLContext(page, true);
  await expect(page.locator(".terrain-status")).toBeVisible();
  await expectNoSeriousViolations(page, "playground with messages");
  await page.screenshot({ path: `${SCREENS}playground-messages.png` });
  await loseWebGLContext(page, false);
  await expect(page.locator(".terrain-status")).toBeHidden();
});

test("the playground's open panels: axe finds nothing serious, Embed opens under its button and Analyze's panel is the next stop after the bar", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/playground.html");
  await waitForAllDemos(page, 1);
  // The Analyze panel opens under the bar: Tab reaches it after the bar's
  // last buttons (Embed, Download), not after the side panel's settings.
  await page.getByRole("button", { name: "Analyze" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".terrain-analysis")).toBeVisible();
  const stops = [];
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => ({
      inPanel: document.activeElement.closest(".terrain-analysis") !== null,
      name: document.activeElement.textContent.trim().slice(0, 20) || document.activeElement.tagName,
    }));
    stops.push(stop.name);
    if (stop.inPanel) break;
  }
  expect(stops.length, `Tab stops after Analyze: ${stops.join(" | ")}`).toBeLessThanOrEqual(3);
  const embed = page.getByRole("button", { name: "Embed" });
  await embed.focus();
  await page.keyboard.press("Enter");
  const panel = page.locator(".terrain-embed");
  await expect(panel).toBeVisible();
  // In the view's column, under the bar that holds its button, and on
  // screen: not in an empty row above the view.
  const [button, opened] = [await embed.boundingBox(), await panel.boundingBox()];
  expect(opened.y, "under its button").toBeGreaterThan(button.y);
  expect(opened.x, "in the view's column").toBeLessThan(button.x + button.width);
  await page.locator(".terrain-download > summary").click();
  await expectNoSeriousViolations(page, "playground with Embed, Analyze and Download open");
});

/** The words a demo's text alternative must contain, from its state. */
function expectedWords({ algorithm, stage, exponent, side, seed }) {
  const title = {
    "random-noise": "random noise",
    "midpoint-displacement": "midpoint displacement",
    "recursive-midpoint-displacement": "recursive midpoint displacement",
    "diamond-square": "diamond-square",
    "tileable-diamond-square": "tileable diamond-square",
    "value-noise": "value noise",
    "perlin-noise": "perlin noise",
    "simplex-noise": "simplex noise",
    "cellular-noise": "cellular noise",
  }[algorithm];
  const pass = /^pass-(\d+)$/.exec(stage);
  const octaves = /^octave-(\d+)$/.exec(stage);
  const step =
    erosionWords(stage) ??
    (algorithm === "random-noise"
      ? "every point random"
      : pass
        ? `pass ${pass[1]} of ${exponent}`
        : octaves
          ? octaves[1] === "1"
            ? "the first octave"
            : `${octaves[1]} octaves summed`
          : {
              corners: "corners set at random",
              edges: "edge midpoints set",
              center: "centre set",
              square: "first square step",
              diamond: "first diamond step",
              lattice: algorithm === "cellular-noise" ? "the feature points" : "the lattice's random values",
              done: "finished",
            }[stage]);
  return [title, step, `${side} by ${side}`, `seed ${seed}`];
}

/** What the text alternative calls an erosion stage, or null. */
function erosionWords(stage) {
  const [, kind, count] = /^(droplets|slides|step)-(\d+)$/.exec(stage) ?? [];
  if (!kind) return null;
  const grouped = count.replace(/\B(?=(\d{3})+$)/g, "\u202f");
  if (kind === "droplets") return count === "1" ? "one droplet fallen" : `${grouped} droplets fallen`;
  if (kind === "slides") return count === "1" ? "slid once" : `slid ${count} times`;
  return `one droplet, step ${count}`;
}

// Readers whose system asks for dark paper get it (site.css), with the
// demos and figures as light cards on it: axe checks the contrast there.
test.describe("on dark paper", () => {
  test.use({ colorScheme: "dark" });
  for (const { path, name, demos } of SITE_PAGES) {
    test(`${name}: axe finds nothing serious`, async ({ page }) => {
      await page.goto(path);
      await waitForAllDemos(page, demos);
      const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(paper, "the page is dark").toBe("rgb(21, 23, 26)");
      await expectNoSeriousViolations(page, `${name} on dark paper`);
      await page.screenshot({ path: `${SCREENS}${name}-dark.png` });
    });
  }
});

test.describe("labels and text alternatives", () => {
  for (const { path, name, demos } of SITE_PAGES) {
    test(`${name}: axe finds nothing serious, every control has a label, every canvas says what it shows`, async ({
      page,
    }) => {
      await page.goto(path);
      await waitForAllDemos(page, demos);
      await expectNoSeriousViolations(page, `${name} at 1280 px`);
      // Controls of settings the map ignores are hidden, out of reach.
      const controls = page.locator(".terrain-demo :is(button, input, select, canvas)").filter({ visible: true });
      const count = await controls.count();
      for (let index = 0; index < count; index++) {
        const control = controls.nth(index);
        const what = await control.evaluate((element) => element.outerHTML.slice(0, 120));
        await expect(control, `${what} has a name`).toHaveAccessibleName(/\S/);
        const labelled = await control.evaluate((element) =>
          element.localName === "input" || element.localName === "select" ? element.labels.length > 0 : true,
        );
        expect(labelled, `${what} has a <label>`).toBe(true);
      }
      for (let index = 0; index < demos; index++) {
        const canvas = page.locator(".terrain-demo").nth(index).locator("canvas.terrain-canvas");
        // A 3D view takes keys, so a screen reader must pass them on: an
        // application; a picture seen from above is an image.
        const state = await demoState(page, index);
        const takesKeys = state.view === "3d" || state.view === "tiled";
        await expect(canvas).toHaveAttribute("role", takesKeys ? "application" : "img");
        if (takesKeys) await expect(canvas).toHaveAttribute("aria-roledescription", "3D terrain view");
        const label = (await canvas.getAttribute("aria-label")).toLowerCase();
        for (const words of expectedWords(state)) {
          expect(label, `demo ${index} mentions "${words}"`).toContain(words);
        }
      }
    });
  }

  test("the text alternative follows Refresh, the settings and the scrubber", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const canvas = page.locator("canvas.terrain-canvas");
    // The label follows the map on show within a frame of its landing.
    const check = (what) =>
      expect
        .poll(
          async () => {
            const label = (await canvas.getAttribute("aria-label")).toLowerCase();
            return expectedWords(await demoState(page, 0)).filter((words) => !label.includes(words));
          },
          { message: `${what}: words the label lacks` },
        )
        .toEqual([]);
    await page.getByRole("button", { name: "Refresh" }).click();
    await check("after Refresh");
    await page.getByLabel("Algorithm", { exact: true }).selectOption("midpoint-displacement");
    await page.getByLabel("Exponent", { exact: true }).fill("4");
    await check("after a new algorithm and exponent");
    await page.getByLabel("Stage", { exact: true }).fill("1");
    await check("at the edges step");
    await page.getByLabel("Stage", { exact: true }).fill("4");
    await check("at pass 2");
  });

  // Once every finished map was called "normalized", even with
  // normalization switched off.
  test("with normalization off, nothing claims the map is normalized", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    await page.getByLabel("Normalize to 0–1 when done", { exact: true }).uncheck();
    await expect.poll(async () => (await demoState(page, 0)).normalize).toBe(false);
    await expect(page.locator("canvas.terrain-canvas")).not.toHaveAttribute("aria-label", /normalized/);
    await expect(page.locator(".terrain-caption")).not.toContainText("normalized");
  });
});

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`;
 * keyboard only. Returns how many presses it took. */
async function tabTo(page, selector, { back = false, limit = 200 } = {}) {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, selector)) {
      return presses;
    }
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Whether the focused element (or the label wrapping a hidden file input)
 * shows a focus ring. */
function focusIsVisible(page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    // A canvas paints over anything in its own box: its ring is its view's.
    const shown =
      focused.type === "file"
        ? focused.closest("label")
        : focused.localName === "canvas"
          ? focused.closest(".terrain-view")
          : focused;
    const style = getComputedStyle(shown);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    // The view always casts a shadow: only an outline tells its focus.
    return outlined || (shown === focused && style.boxShadow !== "none");
  });
}

test.describe("the keyboard alone", () => {
  test("an article: Tab to a demo's Refresh and its view, then Enter, Space, arrows, + - and 0", async ({ page }) => {
    await page.goto("/diamond-square.html");
    await waitForAllDemos(page, 9);
    const FINAL = 3;
    const demo = page.locator(".terrain-demo").nth(FINAL);
    // Focus starts at the top of the page; Tab through to the final demo's
    // Refresh button, the fourth on the page.
    await page.evaluate(() => document.activeElement?.blur());
    let reached = 0;
    while (reached < FINAL + 1) {
      await tabTo(page, ".terrain-refresh");
      reached++;
    }
    expect(await demo.locator(".terrain-refresh").evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await focusIsVisible(page), "Refresh shows it has focus").toBe(true);

    for (const key of ["Enter", "Space"]) {
      const before = await statsOf(page, FINAL);
      await page.keyboard.press(key);
      await expect(demo.locator(".terrain-seed-value"), `${key} on Refresh`).not.toHaveText(before.seed);
      await waitForChange(page, FINAL, before.hash, `${key} on Refresh redraws`);
    }

    // Back to the view.
    await tabTo(page, "canvas.terrain-canvas", { back: true });
    expect(await demo.locator("canvas.terrain-canvas").evaluate((canvas) => canvas === document.activeElement)).toBe(
      true,
    );
    expect(await focusIsVisible(page), "the view shows it has focus").toBe(true);
    const start = await statsOf(page, FINAL);
    const scrollY = await page.evaluate(() => window.scrollY);
    for (const key of ["ArrowLeft", "ArrowUp", "Shift+ArrowRight", "Shift+ArrowDown", "+", "-", "-"]) {
      const before = await statsOf(page, FINAL);
      await page.keyboard.press(key);
      await waitForChange(page, FINAL, before.hash, `${key} moves the camera`);
    }
    expect(await page.evaluate(() => window.scrollY), "the arrows moved the view, not the page").toBe(scrollY);
    await page.keyboard.press("0");
    await expect
      .poll(async () => (await statsOf(page, FINAL)).hash, { message: "0 goes back to the first view" })
      .toBe(start.hash);
  });

  test("Escape closes the Embed panel and the Download menu and gives the focus back to their buttons", async ({
    page,
  }) => {
    await page.goto("/midpoint-displacement.html");
    await waitForAllDemos(page, 6);
    const demo = page.locator(".terrain-demo").first();
    // Opened with Enter from its button; Escape from a field inside closes it.
    const escapeCloses = async (opener, opened) => {
      await opener.focus();
      await page.keyboard.press("Enter");
      await expect(opened).toBeVisible();
      await opened.locator("textarea, select").first().focus();
      await page.keyboard.press("Escape");
      await expect(opened).toBeHidden();
      expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    };
    const toggle = demo.getByRole("button", { name: "Embed" });
    await escapeCloses(toggle, demo.getByRole("region", { name: "Embed this terrain" }));
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const menu = demo.getByRole("group", { name: "Download the map" });
    await escapeCloses(demo.locator(".terrain-download > summary"), menu);
  });

  test("the playground: every control reached with Tab and worked with keys", async ({ page }) => {
    // Playwright asks the browser to hand it file choosers only once a
    // listener exists, and asking takes a round trip: a listener made just
    // before the key press can miss the chooser on a busy machine.
    const choosers = [];
    page.on("filechooser", (chooser) => choosers.push(chooser));
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const demo = page.locator(".terrain-demo");
    await page.evaluate(() => document.activeElement?.blur());
    const focus = async (selector, what) => {
      await tabTo(page, selector);
      expect(await focusIsVisible(page), `${what} shows it has focus`).toBe(true);
    };

    await focus("canvas.terrain-canvas", "the view");
    const before = await statsOf(page, 0);
    await page.keyboard.press("ArrowRight");
    await waitForChange(page, 0, before.hash, "arrow keys turn the view");

    await focus(".terrain-refresh", "Refresh");
    const seed = (await demoState(page, 0)).seed;
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await demoState(page, 0)).seed).not.toBe(seed);

    // The Download menu, in the bar: opened with Enter, a format picked
    // with the arrows, the file saved with Enter and with Space.
    await focus(".terrain-download > summary", "Download");
    await page.keyboard.press("Enter");
    await expect(demo.locator(".terrain-download")).toHaveAttribute("open", "");
    await focus('select[id$="-format-download"]', "the file's format");
    await page.keyboard.press("ArrowDown");
    await expect(demo.locator(".terrain-download-save")).toHaveText(/\.raw$/);
    await focus(".terrain-download-save", "the download button");
    let [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(download.suggestedFilename()).toMatch(/-\d+x\d+\.raw$/);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("ArrowDown");
    await focus(".terrain-download-save", "the download button");
    [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Space")]);
    expect(download.suggestedFilename()).toMatch(/\.obj$/);

    await focus('select[id$="-algorithm"]', "Algorithm");
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await demoState(page, 0)).algorithm).toBe("recursive-midpoint-displacement");

    await focus(".terrain-play", "Play");
    await page.keyboard.press("Space");
    // Its words say what it does; a toggle's "pressed" would contradict "Pause".
    await expect(demo.locator(".terrain-play")).toHaveText("Pause");
    await expect(demo.locator(".terrain-play")).not.toHaveAttribute("aria-pressed");
    await page.keyboard.press("Space");
    await expect(demo.locator(".terrain-play")).toHaveText("Play");

    await focus(".terrain-range", "the Stage slider");
    await page.keyboard.press("Home");
    await expect.poll(async () => (await demoState(page, 0)).stage).toBe("corners");
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await demoState(page, 0)).stage).toBe("pass-1");
    await page.keyboard.press("End");
    await expect.poll(async () => (await demoState(page, 0)).stage).toBe("done");

    await focus('input[id$="-exponent"]', "Exponent");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("6");
    await expect.poll(async () => (await demoState(page, 0)).exponent).toBe(6);
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await demoState(page, 0)).exponent, { message: "ArrowUp steps" }).toBe(7);

    await focus('input[id$="-spread"]', "Starting spread");
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await demoState(page, 0)).spread).toBe(0.25);

    await focus('input[id$="-spreadReduction"]', "Spread reduction");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("0.7");
    await expect.poll(async () => (await demoState(page, 0)).spreadReduction).toBe(0.7);

    await focus('input[id$="-seed"]', "Seed");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("31337");
    await expect.poll(async () => (await demoState(page, 0)).seed).toBe("31337");

    await focus('select[id$="-palette"]', "Colours");
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await demoState(page, 0)).palette).toBe("bands");

    await focus('select[id$="-view"]', "View");
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await demoState(page, 0)).view).toBe("2d");
    await page.keyboard.press("ArrowUp");
    await expect.poll(async () => (await demoState(page, 0)).view).toBe("3d");

    await focus('input[id$="-normalize"]', "Normalize");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await demoState(page, 0)).normalize).toBe(false);

    // Typed key by key, "1." stays on its way to "1.5" (the field once
    // showed "1" and took the 5 as 15).
    await focus('input[id$="-relief"]', "Relief");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("1.5", { delay: 150 });
    await expect.poll(async () => (await demoState(page, 0)).relief).toBe(1.5);
    await expect(page.locator('input[id$="-relief"]')).toHaveValue("1.5");

    await focus('input[id$="-wireframe"]', "Wireframe");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await demoState(page, 0)).wireframe).toBe(true);

    await focus('.terrain-import input[type="file"]', "Import a PNG");
    await page.keyboard.press("Space");
    await expect.poll(() => choosers.length, "Space opens the file chooser").toBe(1);
    expect(choosers[0].isMultiple()).toBe(false);

    await focus(".terrain-share input", "the link");
    expect(
      await page.evaluate(() => {
        const input = document.activeElement;
        return input.selectionStart === 0 && input.selectionEnd === input.value.length && input.value.length > 0;
      }),
      "the link is selected, ready to copy",
    ).toBe(true);
    const link = await page.evaluate(() => document.activeElement.value);
    await expect.poll(() => page.url(), { message: "the address bar says what the link says" }).toBe(link);
  });
});

test.describe("reduced motion", () => {
  /** Milliseconds from pressing Play to the first step, measured in the page. */
  async function firstStepAfterPlay(page) {
    await page.getByLabel("Exponent", { exact: true }).fill("3");
    await page.getByLabel("Stage", { exact: true }).fill("0");
    return page.evaluate(async () => {
      const { demoState } = await import("./terrain.js");
      const start = demoState(0).stage;
      const pressed = performance.now();
      document.querySelector(".terrain-play").click();
      while (demoState(0).stage === start) await new Promise((resolve) => setTimeout(resolve, 20));
      return performance.now() - pressed;
    });
  }

  test("Play steps slowly when the reader asks for reduced motion", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const normal = await firstStepAfterPlay(page);
    expect(normal, "a step about every 0.9 s").toBeGreaterThan(800);
    expect(normal).toBeLessThan(1800);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await waitForAllDemos(page, 1);
    const reduced = await firstStepAfterPlay(page);
    expect(reduced, "a step about every 2.5 s").toBeGreaterThan(2300);
    expect(reduced).toBeLessThan(4000);
  });

  // Once a step scheduled before a Pause survived it, and Play started a
  // second chain of steps beside it: twice the steps in the same time.
  // Counting steps over a window, rather than timing each one, holds on a
  // busy machine, where the page may notice a step late.
  test("Pause then Play keeps one step per interval", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    await page.getByLabel("Exponent", { exact: true }).fill("6");
    const stage = page.getByLabel("Stage", { exact: true });
    await stage.fill("0");
    await page.evaluate(async () => {
      const play = document.querySelector(".terrain-play");
      play.click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      play.click(); // pause
      play.click(); // and play again
    });
    const before = Number(await stage.inputValue());
    // A step every 0.9 s: three in 3.1 s, six with a second chain.
    await page.waitForTimeout(3100);
    const steps = Number(await stage.inputValue()) - before;
    await page.locator(".terrain-play").click();
    expect(steps, "steps in 3.1 s after Pause and Play").toBeGreaterThanOrEqual(1);
    expect(steps, "steps in 3.1 s after Pause and Play").toBeLessThanOrEqual(4);
  });
});
