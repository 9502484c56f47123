// The erosion page (Part 5): every demo draws, the rain's stages and ledger,
// the traced droplet's readouts, the demos' maps against erode(), and the
// tileable pair's seam figures against what the prose says.

import { demoState, demoStats, expect, SCREENS, statsOf, test, waitForAllDemos } from "./helpers.js";

const PAGE = "/erosion.html";

/** The page's demos in order, and the stage each shows with no data-stage:
 * its last one. */
const DEMOS = [
  { name: "slope", stage: "done" },
  { name: "one droplet", stage: "step-30" },
  { name: "settings", stage: "droplets-100000" },
  { name: "many droplets", stage: "droplets-100000" },
  { name: "thermal", stage: "slides-50" },
  { name: "rivers", stage: "droplets-100000" },
  { name: "tiles with wrap", stage: "droplets-25000" },
  { name: "tiles without wrap", stage: "droplets-25000" },
];
const TRACE = 1;
const MANY = 3;
const WRAPPED = 6;
const UNWRAPPED = 7;

/** The ledger of diamond-square, exponent 8, seed 7, as the core computes it
 * natively and the page's table prints it. */
const LEDGERS = {
  "droplets-1000": { eroded: 27.676377, deposited: 17.167626, carried: 10.508751 },
  "droplets-100000": { eroded: 1658.269124, deposited: 568.606968, carried: 1089.662156 },
};

/** Fingerprints (64-bit FNV-1a of the heights' bytes, as demoState() gives
 * them) of the heights erode(generate(map), erosion) returns, computed in
 * the page with the terrain.js it loaded. */
function erodedFingerprints(page, cases) {
  return page.evaluate(async (list) => {
    const script = document.querySelector('script[type="module"][src$="terrain.js"]');
    const { generate, erode, fingerprint } = await import(script ? script.src : "./terrain.js");
    return list.map(({ map, erosion }) => fingerprint(erode(generate(map), erosion)));
  }, cases);
}

/** The largest difference between the last row and column of
 * erode(generate(map), erosion) and its first: where copies meet. */
function seamOf(page, map, erosion) {
  return page.evaluate(
    async ({ map, erosion }) => {
      const script = document.querySelector('script[type="module"][src$="terrain.js"]');
      const { generate, erode } = await import(script ? script.src : "./terrain.js");
      const heights = erode(generate(map), erosion);
      const side = Math.round(Math.sqrt(heights.length));
      let seam = 0;
      for (let i = 0; i < side; i++) {
        seam = Math.max(seam, Math.abs(heights[i] - heights[(side - 1) * side + i]));
        seam = Math.max(seam, Math.abs(heights[i * side] - heights[i * side + side - 1]));
      }
      return seam;
    },
    { map, erosion },
  );
}

/** A number as the page writes it: digits grouped with (narrow) spaces,
 * a minus sign or a hyphen. */
function readNumber(text) {
  return Number(text.replace(/[\s\u00a0\u202f]/g, "").replace("\u2212", "-"));
}

/** The value after `label` in `text` ("eroded 1 658.27"), and how many
 * decimals it was written with, or null. */
function labelled(text, label) {
  const match = new RegExp(`${label}\\D{0,12}?(\\d[\\d\\s\\u00a0\\u202f]*(?:\\.\\d+)?)`, "i").exec(text);
  if (!match) return null;
  const written = match[1].trim();
  return { value: readNumber(written), decimals: (written.split(".")[1] ?? "").length };
}

/** The text of demo `index`'s bar as shown (its hidden parts left out):
 * caption, readouts, ledger, seam. */
function barText(page, index) {
  return page
    .locator(".terrain-demo")
    .nth(index)
    .locator(".terrain-bar")
    .evaluate((bar) =>
      [...bar.children]
        .filter((child) => !child.hidden)
        .map((child) => child.textContent)
        .join(" "),
    );
}

/** Records, from now on, every time demo `index`'s progress bar shows, with
 * its words; read with progressSeen. */
function watchProgress(page, index) {
  return page.evaluate((index) => {
    const progress = document.querySelectorAll(".terrain-demo")[index].querySelector(".terrain-progress");
    window.progressSeen = [];
    const record = () => {
      if (!progress.hidden) window.progressSeen.push(progress.textContent);
    };
    record();
    new MutationObserver(record).observe(progress, {
      attributes: true,
      attributeFilter: ["hidden"],
      subtree: true,
      characterData: true,
      childList: true,
    });
  }, index);
}

function progressSeen(page) {
  return page.evaluate(() => window.progressSeen);
}

/** Moves demo `index`'s scrubber to position `position` and waits until the
 * demo shows `stage`, its worker done. Returns the milliseconds it took. */
async function scrubTo(page, index, position, stage) {
  const demo = page.locator(".terrain-demo").nth(index);
  const started = Date.now();
  await demo.getByLabel("Stage", { exact: true }).fill(String(position));
  await expect.poll(async () => (await demoState(page, index)).stage, { timeout: 60_000 }).toBe(stage);
  await expect(demo.locator(".terrain-progress")).toBeHidden({ timeout: 60_000 });
  const took = Date.now() - started;
  // The slider can be a screen below the view, and a demo off screen waits
  // to draw until it is back.
  await demo.locator("canvas.terrain-canvas").scrollIntoViewIfNeeded();
  return took;
}

test.describe("the erosion page", () => {
  test.setTimeout(240_000);

  test("every demo draws a real picture and shows its last stage", async ({ page }) => {
    await page.goto(PAGE);
    await waitForAllDemos(page, DEMOS.length);
    await expect(page.locator(".terrain-notice:visible"), "no demo fell back to defaults").toHaveCount(0);
    for (const [index, { name, stage }] of DEMOS.entries()) {
      await page.locator(".terrain-demo").nth(index).scrollIntoViewIfNeeded();
      await expect
        .poll(async () => (await demoState(page, index)).stage, { message: name, timeout: 60_000 })
        .toBe(stage);
      await expect(page.locator(".terrain-demo").nth(index).locator(".terrain-progress")).toBeHidden({
        timeout: 60_000,
      });
      const stats = await statsOf(page, index);
      expect(stats.foreground, `${name}: the picture covers the view`).toBeGreaterThan(0.05);
      expect(stats.colours, `${name}: shaded, not flat`).toBeGreaterThan(40);
      expect(stats.seed, `${name}: shows its seed`).toMatch(/^\d+$/);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SCREENS}erosion-demos.png`, fullPage: true });
  });

  test("the many-droplets scrubber runs the rain in the worker, stage by stage, and its ledger balances", async ({
    page,
  }) => {
    await page.goto(PAGE);
    const demo = page.locator(".terrain-demo").nth(MANY);
    await demo.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await demoState(page, MANY)).stage, { timeout: 60_000 }).toBe("droplets-100000");
    const scrubber = demo.getByLabel("Stage", { exact: true });
    const last = Number(await scrubber.getAttribute("max"));
    const tail = ["done", "droplets-1", "droplets-1000", "droplets-10000", "droplets-100000"];
    const timings = {};
    for (const [offset, stage] of tail.entries()) {
      const position = last - (tail.length - 1) + offset;
      if (stage === "droplets-100000") await watchProgress(page, MANY);
      timings[stage] = await scrubTo(page, MANY, position, stage);
      if (stage === "droplets-100000") {
        const seen = await progressSeen(page);
        expect(seen.length, "a progress bar while the worker runs").toBeGreaterThan(0);
        expect(seen.join(" "), "the progress bar says how far along it is").toMatch(/\d+\s*%/);
      }
      const ledger = LEDGERS[stage];
      if (!ledger) continue;
      const text = await barText(page, MANY);
      const eroded = labelled(text, "eroded");
      const deposited = labelled(text, "deposited");
      const carried = labelled(text, "carried");
      expect([eroded, deposited, carried], `the ledger in "${text}"`).not.toContain(null);
      // What the bar shows balances to the digits it shows...
      const decimals = Math.min(eroded.decimals, deposited.decimals, carried.decimals);
      const slack = 1.5 * 10 ** -decimals;
      expect(Math.abs(eroded.value - deposited.value - carried.value), `${stage} balances`).toBeLessThanOrEqual(slack);
      // ...and says by how little the exact totals miss.
      const [, exactly, off] = /balanced (?:(to the last bit)|within ([\d.e+-]+))/.exec(text) ?? [];
      expect(exactly ? 0 : Number(off), `${stage}: the exact imbalance in "${text}"`).toBeLessThan(1e-9);
      // ...and is the ledger the page's table prints.
      for (const [name, read] of Object.entries({ eroded, deposited, carried })) {
        expect(Math.abs(read.value - ledger[name]), `${stage} ${name}`).toBeLessThanOrEqual(slack);
      }
    }
    console.log(`erosion page, many droplets: scrub timings (ms) ${JSON.stringify(timings)}`);
  });

  test("the traced droplet's readouts follow the step slider", async ({ page }) => {
    await page.goto(PAGE);
    const demo = page.locator(".terrain-demo").nth(TRACE);
    await demo.scrollIntoViewIfNeeded();
    await expect.poll(async () => (await demoState(page, TRACE)).stage, { timeout: 60_000 }).toBe("step-30");
    const scrubber = demo.getByLabel("Stage", { exact: true });
    const last = Number(await scrubber.getAttribute("max"));
    // Steps 1 to 30 are the last thirty stages.
    const positionOf = (step) => last - 30 + step;
    const readouts = {};
    for (const step of [1, 6, 9, 30]) {
      const before = await statsOf(page, TRACE);
      await scrubTo(page, TRACE, positionOf(step), `step-${step}`);
      readouts[step] = await barText(page, TRACE);
      for (const word of ["speed", "water", "sediment", "capacity"]) {
        expect(readouts[step].toLowerCase(), `step ${step} reads out ${word}`).toContain(word);
      }
      await expect
        .poll(async () => (await statsOf(page, TRACE)).hash, { message: `the path drawn to step ${step}` })
        .not.toBe(before.hash);
    }
    expect(new Set(Object.values(readouts)).size, "every step reads out differently").toBe(4);
    // What the prose says of droplet 1 on the 65 x 65 map of seed 7.
    expect(readouts[1], "step 1: one cell on, all of its fall eroded").toMatch(
      /\(35\.72\d*, 34\.16\d*\).*capacity 0\.155\d*.*eroded 0\.0389/,
    );
    expect(readouts[6], "step 6: too much to carry, 0.014 put down").toMatch(/capacity 0\.039\d*.*deposited 0\.014/);
    expect(readouts[9], "step 9: uphill, the dip filled").toMatch(/deposited 0\.015\b/);
    expect(readouts[30], "step 30: where it ends, and what it still carries").toMatch(
      /\(36\.5\d*, 60\.99\d*\).*speed 1\.87\d*.*water 0\.739\d*.*sediment 0\.112\d*/,
    );
  });

  test("the demos' maps are erode(generate(...)) with the demo's seed", async ({ page }) => {
    await page.goto(PAGE);
    for (const index of [MANY, WRAPPED, UNWRAPPED]) {
      await page.locator(".terrain-demo").nth(index).scrollIntoViewIfNeeded();
      await expect.poll(async () => (await demoState(page, index)).stage, { timeout: 60_000 }).toBe(DEMOS[index].stage);
    }
    const shown = await Promise.all([MANY, WRAPPED, UNWRAPPED].map((index) => demoState(page, index)));
    const expected = await erodedFingerprints(page, [
      { map: { algorithm: "diamond-square", exponent: 8, seed: "7" }, erosion: { seed: "7", droplets: 100000 } },
      {
        map: { algorithm: "tileable-diamond-square", exponent: 7, seed: "21" },
        erosion: { seed: "21", droplets: 25000, wrap: true },
      },
      {
        map: { algorithm: "tileable-diamond-square", exponent: 7, seed: "21" },
        erosion: { seed: "21", droplets: 25000, wrap: false },
      },
    ]);
    expect(shown.map((state) => state.fingerprint)).toEqual(expected);
    // The core's own fingerprints of those rains (crates/terrain-core), natively.
    expect(expected).toEqual(["715a55ff6c891b9e", "635b413a62954f50", "7a05d202e6e55283"]);
  });

  test("the tileable pair's seam figures say what the prose says", async ({ page }) => {
    await page.goto(PAGE);
    const pair = page.locator(".pair .terrain-demo");
    await pair.first().scrollIntoViewIfNeeded();
    for (const index of [WRAPPED, UNWRAPPED]) {
      await expect.poll(async () => (await demoState(page, index)).stage, { timeout: 60_000 }).toBe("droplets-25000");
    }
    const wrapped = labelled(await barText(page, WRAPPED), "seam index");
    const unwrapped = labelled(await barText(page, UNWRAPPED), "seam index");
    expect(wrapped, "the wrapped demo shows its seam index").not.toBeNull();
    expect(unwrapped, "the unwrapped demo shows its seam index").not.toBeNull();

    // The prose and the caption give both figures for seed 21.
    const prose = (await page.locator("#tiling ~ p").allInnerTexts()).join(" ").replace(/\s+/g, " ");
    const [, captionWrapped, captionUnwrapped] =
      /with wrap, seam index (\d+\.\d+)\. Right: without wrap, (\d+\.\d+)/.exec(prose) ?? [];
    expect(captionWrapped, "the caption gives both seam indices").toBeTruthy();
    expect(wrapped.value, "the wrapped figure is the caption's").toBe(Number(captionWrapped));
    expect(unwrapped.value, "the unwrapped figure is the caption's").toBe(Number(captionUnwrapped));
    expect(prose).toContain(`${captionWrapped} for seed 21`);
    expect(prose).toContain(`Without wrap it is ${captionUnwrapped} for seed 21`);
    expect(wrapped.value, "with wrap the line where copies meet is like any other").toBeLessThan(1.3);
    expect(unwrapped.value, "without wrap it is a seam").toBeGreaterThan(2);

    // The heights: with wrap the copies meet exactly, without they differ by
    // up to what the prose gives.
    const map = { algorithm: "tileable-diamond-square", exponent: 7, seed: "21" };
    expect(await seamOf(page, map, { seed: "21", droplets: 25000, wrap: true })).toBe(0);
    const step = await seamOf(page, map, { seed: "21", droplets: 25000, wrap: false });
    expect(prose).toContain(`differ by up to ${step.toFixed(2)} here`);

    // Refresh gives both a new seed; the wrapped one still fits, the other not.
    await pair.first().getByRole("button", { name: "Refresh" }).click();
    await expect.poll(async () => (await demoState(page, UNWRAPPED)).seed).not.toBe("21");
    for (const index of [WRAPPED, UNWRAPPED]) {
      await expect(page.locator(".terrain-demo").nth(index).locator(".terrain-progress")).toBeHidden({
        timeout: 60_000,
      });
    }
    await expect
      .poll(async () => (await demoState(page, WRAPPED)).seed, { timeout: 60_000 })
      .toBe((await demoState(page, UNWRAPPED)).seed);
    const after = [
      labelled(await barText(page, WRAPPED), "seam index").value,
      labelled(await barText(page, UNWRAPPED), "seam index").value,
    ];
    expect(after[0], `with wrap, after Refresh (${after})`).toBeLessThan(after[1]);
    const stats = await demoStats(page, ".pair .terrain-demo");
    expect(stats.every((shownStats) => shownStats.foreground > 0.05)).toBe(true);
  });
});
