// Shared helpers for the browser tests: a `test` that fails on any console
// error or uncaught exception, and pixel statistics read from the demos'
// real canvases.

import { mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { test as base, expect } from "@playwright/test";

export { expect };

/** The tag of a timing check: the `timing` project runs these alone, one
 * at a time, after the others, so no other test's browser shares the
 * cores with them (tests/playwright.config.js). */
export const TIMING = { tag: "@timing" };

export const SITE = `http://127.0.0.1:${process.env.SITE_PORT || 4173}`;
export const BLOG = `http://127.0.0.1:${process.env.BLOG_PORT || 4174}`;

/** Where screenshots for people to look at go (not compared by the tests). */
export const SCREENS = fileURLToPath(new URL("./artifacts/screens/", import.meta.url));
mkdirSync(SCREENS, { recursive: true });

/** The fenced blocks of `language` in the Markdown file at `file` (a path
 * or URL), each with the line its code starts on. */
export function markdownBlocks(file, language) {
  const markdown = readFileSync(file, "utf8");
  return [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((match) => ({
    code: match[1],
    line: markdown.slice(0, match.index).split("\n").length + 1,
  }));
}

/** The `<pre><code>` blocks of the HTML file at `file`, as a reader copies
 * them, each with the line its block starts on. */
export function htmlCodeBlocks(file) {
  const html = readFileSync(file, "utf8");
  return [...html.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map((match) => ({
    code: match[1].replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&"),
    line: html.slice(0, match.index).split("\n").length,
  }));
}

/** Gives the page, from its next load on, `abortMidWork(controller)`: an
 * `onProgress` that aborts `controller` once the progress is between a fifth
 * and nine tenths (mid-work however fast the machine, where a fixed delay
 * can come after the work is done), and `abortedAt()`, when it did. */
export function installAbortMidWork(page) {
  return page.addInitScript(() => {
    window.abortMidWork = (controller) => {
      let abortedAt = null;
      return {
        onProgress: (fraction) => {
          if (abortedAt === null && fraction > 0.2 && fraction < 0.9) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
        abortedAt: () => abortedAt,
      };
    };
  });
}

/** A Playwright `test` whose `page` records console errors and page errors;
 * each test ends by asserting there were none. */
export const test = base.extend({
  // Console errors and failed requests a test brings about on purpose: a
  // regular expression they match (`test.use({ expectedProblems: /.../ })`).
  expectedProblems: [null, { option: true }],
  page: async ({ page, expectedProblems }, use) => {
    const problems = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
    });
    await use(page);
    const unexpected = problems.filter((problem) => !expectedProblems?.test(problem));
    expect(unexpected, "console errors or uncaught exceptions").toEqual([]);
  },
});

/** The HIGHLIGHT colour (#ff6010), lit or in shade, and nothing in our
 * palettes: strongly red over green over blue. Runs in the page. */
const PIXEL_STATS = (selector) =>
  [...document.querySelectorAll(selector)].map((demo) => {
    const canvas = demo.querySelector("canvas.terrain-canvas");
    const { width, height } = canvas;
    const data = canvas.getContext("2d").getImageData(0, 0, width, height).data;
    const background = [data[0], data[1], data[2]];
    let foreground = 0;
    let highlighted = 0;
    let hash = 2166136261;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      const distance = Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]);
      if (distance > 24) foreground++;
      if (r > 120 && r > 1.8 * g && g > 1.6 * b + 10 && r - b > 110) highlighted++;
      colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
      hash = Math.imul(hash ^ (r | (g << 8) | (b << 16)), 16777619) >>> 0;
    }
    const seed = demo.querySelector(".terrain-seed-value");
    return {
      width,
      height,
      foreground: foreground / (width * height),
      highlighted,
      colours: colours.size,
      hash,
      seed: seed ? seed.textContent : null,
      stage: demo.getAttribute("data-stage"),
    };
  });

/** Pixel statistics of every demo on the page (or those under `selector`). */
export function demoStats(page, selector = ".terrain-demo") {
  return page.evaluate(PIXEL_STATS, selector);
}

/** Statistics of demo number `index` on the page. */
export async function statsOf(page, index) {
  return (await demoStats(page))[index];
}

/** The module's counters: frames, draws, demos, graphics. It imports the
 * terrain.js the page itself loaded, so it shares that module's state. */
export function renderStats(page) {
  return page.evaluate(async () => {
    const script = document.querySelector('script[type="module"][src$="terrain.js"]');
    const module = await import(script ? script.src : "./terrain.js");
    return module.renderStats();
  });
}

/** demoState(index) from the terrain.js the page itself loaded: a demo's
 * settings and the fingerprint of its heights. */
export function demoState(page, index = 0) {
  return page.evaluate(async (index) => {
    const script = document.querySelector('script[type="module"][src$="terrain.js"]');
    const module = await import(script ? script.src : "./terrain.js");
    return module.demoState(index);
  }, index);
}

/** Each data- attribute that sets a generate() option, with that option
 * (data-octaves: octaves, data-spread-reduction: spreadReduction), from the
 * registry the Rust writes (tests/settings.json). */
const GENERATE_ATTRIBUTES = Object.fromEntries(
  JSON.parse(readFileSync(new URL("./settings.json", import.meta.url), "utf8"))
    .settings.filter((entry) => entry.surfaces.generate && entry.surfaces.attribute)
    .map((entry) => [entry.attribute, { option: entry.option, kind: entry.kind.type }]),
);

/** The generate() options written on each demo of the page, in page order:
 * one per attribute that sets heights (a bare switch such as data-tileable is
 * true). demoState() does not report every setting (not the noises'
 * frequency, fade and the rest), so tests that remake a demo's heights start
 * here. */
export function writtenOptions(page) {
  return page.evaluate(
    (attributes) =>
      [...document.querySelectorAll("[data-terrain-demo]")].map((element) => {
        const options = {};
        for (const { name, value } of element.attributes) {
          const setting = attributes[name];
          if (!setting) continue;
          const number = setting.kind === "whole" || setting.kind === "number";
          options[setting.option] =
            setting.kind === "switch"
              ? value === "" || value === "true"
              : number && setting.option !== "seed"
                ? Number(value)
                : value;
        }
        return options;
      }),
    GENERATE_ATTRIBUTES,
  );
}

/** The site's pages, and how many demos each has. */
export const SITE_PAGES = [
  { path: "/", name: "home", demos: 1 },
  { path: "/midpoint-displacement.html", name: "midpoint-displacement", demos: 6 },
  { path: "/recursive-midpoint-displacement.html", name: "recursive-midpoint-displacement", demos: 1 },
  { path: "/diamond-square.html", name: "diamond-square", demos: 9 },
  // Eleven steps: five single demos and seven side-by-side pairs.
  { path: "/gradient-noise.html", name: "gradient-noise", demos: 26 },
  { path: "/erosion.html", name: "erosion", demos: 8 },
  { path: "/playground.html", name: "playground", demos: 1 },
];

/** For page.addInitScript: keeps every WebGL context the page makes in
 * window.webglContexts, each with its WEBGL_lose_context extension, so a
 * test can take the demos' shared context away as a GPU reset would. */
export function keepWebGLContexts() {
  const getContext = HTMLCanvasElement.prototype.getContext;
  window.webglContexts = [];
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    const context = getContext.call(this, type, ...rest);
    if (context && type.startsWith("webgl") && !window.webglContexts.includes(context)) {
      window.webglContexts.push(context);
      // A lost context hands out no extensions, so take this one now.
      context.loseContextExtension = context.getExtension("WEBGL_lose_context");
    }
    return context;
  };
}

/** Loses (`true`) or restores (`false`) the page's first WebGL context;
 * the page must have been opened with keepWebGLContexts. */
export function loseWebGLContext(page, lose) {
  return page.evaluate((lose) => {
    const extension = window.webglContexts[0].loseContextExtension;
    if (lose) extension.loseContext();
    else extension.restoreContext();
  }, lose);
}

/** Scrolls each demo's canvas into view and waits until it shows a terrain.
 * (The canvas, not the whole demo: on a phone a demo with every control is
 * taller than the screen, and centring it leaves its canvas off screen.) */
export async function waitForAllDemos(page, expectedCount) {
  const demos = page.locator(".terrain-demo");
  await expect(demos).toHaveCount(expectedCount);
  for (let index = 0; index < expectedCount; index++) {
    // The canvas, not the whole demo: a demo with many controls can be taller
    // than a phone's screen, and one off screen does not draw.
    await demos.nth(index).locator("canvas.terrain-canvas").scrollIntoViewIfNeeded();
    await expect
      .poll(async () => (await statsOf(page, index)).foreground, {
        message: `demo ${index} should show a terrain`,
      })
      .toBeGreaterThan(0.05);
  }
}

/** Waits until demo `index`'s picture differs from `hash`. */
export async function waitForChange(page, index, hash, message) {
  await expect.poll(async () => (await statsOf(page, index)).hash, { message }).not.toBe(hash);
}

/** Lets any pending frame run, so "nothing changed" really means it. */
export async function settle(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Opens demo `index`'s Download menu (if shut) and returns it. */
export async function openDownloads(page, index = 0) {
  const menu = page.locator(".terrain-demo").nth(index).locator(".terrain-download");
  if (!(await menu.evaluate((details) => details.open))) await menu.locator("summary").click();
  return menu;
}

/** Downloads demo `index`'s map with its Download menu, after setting
 * `fields` (a field's label → the option picked or the text typed), and
 * returns Playwright's Download. */
export async function downloadFrom(page, fields = {}, index = 0) {
  const menu = await openDownloads(page, index);
  for (const [label, value] of Object.entries(fields)) {
    const field = menu.getByLabel(label, { exact: true });
    if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(String(value));
  }
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 120_000 }),
    menu.locator(".terrain-download-save").click(),
  ]);
  return download;
}
