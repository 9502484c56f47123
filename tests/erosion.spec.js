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
    const { generate, erode } = await import(script ? script.src : "./terrain.js");
    return list.map(({ map, erosion }) => {
      const bytes = new Uint8Array(erode(generate(map), erosion).buffer);
      let high = 0xcbf29ce4;
      let low = 0x84222325;
      for (const byte of bytes) {
        low = (low ^ byte) >>> 0;
        const product = low * 0x1b3;
        high = (Math.imul(high, 0x1b3) + (low << 8) + Math.floor(product / 2 ** 32)) >>> 0;
        low = product >>> 0;
      }
      return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
    });
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
  return Date.now() - started;
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
      expect(text, `${stage}: the bar says it balances`).toMatch(/balance/i);
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
    for (const step of [1, 2, 8, 30]) {
      const before = await statsOf(page, TRACE);
      await scrubTo(page, TRACE, positionOf(step), `step-${step}`);
      readouts[step] = await barText(page, TRACE);
      for (const word of ["speed", "water", "sediment", "capacity"]) {
        expect(readouts[step].toLowerCase(), `step ${step} reads out ${word}`).toContain(word);
      }
      if (step > 1) {
        await expect
          .poll(async () => (await statsOf(page, TRACE)).hash, { message: `the path drawn to step ${step}` })
          .not.toBe(before.hash);
      }
    }
    expect(new Set(Object.values(readouts)).size, "every step reads out differently").toBe(4);
    // What the prose says of droplet 1 on seed 7: it lands at (144.8, 133.2)
    // with speed 1, water 1 and no sediment.
    expect(readouts[1], "step 1: where droplet 1 lands").toMatch(/144\.8/);
    expect(readouts[1]).toMatch(/133\.2/);
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
    // The core's own fingerprint of that rain (crates/terrain-core), natively.
    expect(expected[0]).toBe("715a55ff6c891b9e");
  });

  test("the tileable pair's seam figures say what the prose says", async ({ page }) => {
    await page.goto(PAGE);
    const pair = page.locator(".pair .terrain-demo");
    await pair.first().scrollIntoViewIfNeeded();
    for (const index of [WRAPPED, UNWRAPPED]) {
      await expect.poll(async () => (await demoState(page, index)).stage, { timeout: 60_000 }).toBe("droplets-25000");
    }
    const wrapped = labelled(await barText(page, WRAPPED), "seam");
    const unwrapped = labelled(await barText(page, UNWRAPPED), "seam");
    expect(wrapped, "the wrapped demo shows its seam").not.toBeNull();
    expect(unwrapped, "the unwrapped demo shows its seam").not.toBeNull();
    expect(wrapped.value, "with wrap, copies meet exactly").toBe(0);

    // The prose: "Without wrap it is 0.41 for seed 21", and the caption's
    // "with wrap, seam 0".
    const prose = await page.locator("#tiling ~ p").allInnerTexts();
    const claim = prose.map((text) => /Without wrap it is (\d+\.\d+) for seed 21/.exec(text)).find(Boolean);
    expect(claim, "the prose gives the unwrapped seam").toBeTruthy();
    expect(prose.join(" ")).toMatch(/with\s+wrap, seam 0\b/i);
    const written = Number(claim[1]);
    const shownSlack = 10 ** -unwrapped.decimals;
    expect(Math.abs(unwrapped.value - written), "the figure is the prose's number").toBeLessThanOrEqual(
      Math.max(0.005, shownSlack),
    );

    // And both are the heights' own seam, measured here from erode().
    const map = { algorithm: "tileable-diamond-square", exponent: 7, seed: "21" };
    expect(await seamOf(page, map, { seed: "21", droplets: 25000, wrap: true })).toBe(0);
    const measured = await seamOf(page, map, { seed: "21", droplets: 25000, wrap: false });
    expect(Math.abs(measured - unwrapped.value)).toBeLessThanOrEqual(Math.max(0.0005, shownSlack));

    // Refresh gives both a new seed; the wrapped one still meets exactly.
    await pair.first().getByRole("button", { name: "Refresh" }).click();
    await expect.poll(async () => (await demoState(page, UNWRAPPED)).seed).not.toBe("21");
    await expect(pair.nth(0).locator(".terrain-progress")).toBeHidden({ timeout: 60_000 });
    await expect.poll(async () => labelled(await barText(page, WRAPPED), "seam")?.value, { timeout: 60_000 }).toBe(0);
    const stats = await demoStats(page, ".pair .terrain-demo");
    expect(stats.every((shownStats) => shownStats.foreground > 0.05)).toBe(true);
  });
});
