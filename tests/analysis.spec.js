// Issue 24: measuring maps. analyze() from JavaScript, the Analyze panel
// and its text alternatives, the colours that measure with their legend,
// and the playground's comparison under one camera.

import { writeFileSync } from "node:fs";

import { expectNoSeriousViolations } from "./axe.js";
import { demoState, expect, SCREENS, statsOf, test, waitForAllDemos, waitForChange } from "./helpers.js";

test("analyze() measures a map, and refuses bad maps and options by name and value", async ({ page }) => {
  await page.goto("/playground.html");
  const result = await page.evaluate(async () => {
    const { analyze, generate } = await import("./terrain.js");
    const slopes = [1, 2, 3].map((seed) => {
      const heights = generate({ algorithm: "diamond-square", exponent: 9, seed });
      return analyze(heights).spectrum.slope;
    });
    const heights = generate({ algorithm: "diamond-square", exponent: 5, seed: 7 });
    const analysis = analyze(heights, { bins: 8 });
    const refusal = (call) => {
      try {
        call();
        return "no error";
      } catch (error) {
        return error.message;
      }
    };
    const nan = Float64Array.from(heights);
    nan[5] = Number.NaN;
    return {
      slopes,
      keys: Object.keys(analysis),
      min: analysis.min,
      max: analysis.max,
      counts: [...analysis.histogram.counts],
      edges: analysis.histogram.edges.length,
      hypsometric: [analysis.hypsometric[0], analysis.hypsometric[8]],
      frequencies: analysis.spectrum.frequencies.length,
      fit: [analysis.spectrum.fitFrom, analysis.spectrum.fitTo],
      fitted: analysis.spectrum.slope,
      slope: analysis.slope,
      errors: [
        refusal(() => analyze(heights, { bins: 0 })),
        refusal(() => analyze(heights, { bins: 5000 })),
        refusal(() => analyze(heights, { binz: 4 })),
        refusal(() => analyze(new Float64Array(100))),
        refusal(() => analyze(nan)),
        // Differences of such heights overflow (this one crashed the
        // module, an index past the slope histogram's end).
        refusal(() => analyze(heights.map((height) => height * 1e154))),
        // An array whose buffer went elsewhere.
        refusal(() => {
          const gone = Float64Array.from(heights);
          structuredClone(gone.buffer, { transfer: [gone.buffer] });
          return analyze(gone);
        }),
      ],
    };
  });
  // Diamond-square with spread reduction 0.5 has Hurst exponent 1: slope -4.
  const mean = result.slopes.reduce((sum, slope) => sum + slope, 0) / result.slopes.length;
  expect(Math.abs(mean + 4)).toBeLessThan(0.4);
  expect(result.keys).toEqual([
    "min",
    "max",
    "mean",
    "std",
    "histogram",
    "hypsometric",
    "spectrum",
    "slope",
    "roughness",
  ]);
  expect([result.min, result.max]).toEqual([0, 1]);
  expect(result.counts.reduce((sum, count) => sum + count, 0)).toBe(33 * 33);
  expect(result.edges).toBe(9);
  expect(result.hypsometric).toEqual([1, 0]);
  expect(result.frequencies).toBe(16);
  // 32 frequencies leave too few between 4 and a quarter of the highest
  // to fit a line: no band, no slope.
  expect(result.fit).toEqual([0, 0]);
  expect(result.fitted).toBeNull();
  expect(result.slope.meanDegrees).toBeGreaterThan(0);
  expect(result.slope.histogram.counts.length).toBe(18);
  expect(result.errors).toEqual([
    "bins must be a whole number from 1 to 4096; got 0",
    "bins must be a whole number from 1 to 4096; got 5000",
    'unknown option "binz"; the options are bins, relief',
    "analyze takes heights of a square map 2^n + 1 points wide (9, 25, 81, … 16 785 409 values); got 100 values",
    "height number 5 is NaN; analyze needs heights from -1000000 to 1000000",
    "height number 0 is 1.2464709027825019e+153; analyze needs heights from -1000000 to 1000000",
    "analyze takes heights of a square map 2^n + 1 points wide (9, 25, 81, … 16 785 409 values); got 0 values",
  ]);
});

test("the Analyze panel plots the map with labelled axes, reads as tables, and follows the scrubber", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/playground.html?algorithm=diamond-square&exponent=8&seed=7");
  await waitForAllDemos(page, 1);
  const button = page.getByRole("button", { name: "Analyze" });
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  const panel = page.getByRole("region", { name: "Analysis of this map" });
  await expect(panel.locator("svg.terrain-plot")).toHaveCount(4);
  await expect(panel.getByText("Measured at every one of the map's 257 × 257 points.")).toBeVisible();
  for (const words of ["height (map units)", "share of points (%)", "frequency (cycles per map width)"]) {
    await expect(panel.locator("svg text", { hasText: words }).first()).toBeVisible();
  }
  // Each plot's name above it, as the chapters call it.
  const names = ["Height histogram", "Hypsometric curve", "Power spectrum", "Slope distribution"];
  for (const name of names) await expect(panel.getByRole("figure", { name, exact: true })).toBeVisible();
  await panel.screenshot({ path: `${SCREENS}analysis-panel-desktop-panel.png` });
  // The text alternatives: a table per plot, with its caption, under a
  // "Numbers" disclosure each.
  const disclosures = panel.locator("summary", { hasText: "Numbers" });
  await expect(disclosures).toHaveCount(4);
  for (let index = 0; index < 4; index++) await disclosures.nth(index).click();
  const spectrum = panel.getByRole("table", { name: /Power spectrum/ });
  await expect(spectrum).toHaveCount(1);
  const slopeCell = spectrum.getByRole("row", { name: /Fitted slope/ });
  const finished = await slopeCell.textContent();
  expect(finished).toMatch(/Fitted slope\s*−\d\.\d\d \(from 4 to 32 cycles\)/);
  const slope = -Number(/−(\d\.\d\d)/.exec(finished)[1]);
  const reference = await page.evaluate(async () => {
    const { analyze, generate } = await import("./terrain.js");
    return analyze(generate({ algorithm: "diamond-square", exponent: 8, seed: 7 }));
  });
  expect(slope).toBeCloseTo(reference.spectrum.slope, 2);
  // The measures a reader quotes are shown as they are, above the plots.
  const glance = panel.getByRole("table", { name: /At a glance/ });
  await expect(glance).toBeVisible();
  await expect(glance.getByRole("row", { name: /Mean height/ })).toHaveText(`Mean height${reference.mean.toFixed(3)}`);
  const steepest = glance.getByRole("row", { name: /Steepest slope/ });
  await expect(steepest).toHaveText(`Steepest slope${reference.slope.maxDegrees.toFixed(1)}°`);
  await expect(panel.getByRole("table", { name: /Height histogram/ })).toHaveCount(1);
  await expect(panel.getByRole("table", { name: /Hypsometric curve/ })).toHaveCount(1);
  await expect(panel.getByRole("table", { name: /Slope distribution/ })).toHaveCount(1);
  await expect(spectrum).toBeVisible();
  await page.screenshot({ path: `${SCREENS}analysis-panel-desktop.png`, fullPage: true });
  // Back to the corners: the spectrum follows the map on show.
  await page.getByLabel("Stage", { exact: true }).fill("0");
  await expect(slopeCell).not.toHaveText(finished);
  await expect(steepest).not.toHaveText(`Steepest slope${reference.slope.maxDegrees.toFixed(1)}°`);
  await expectNoSeriousViolations(page, "playground with the Analyze panel open");
});

test("on a phone the panel's plots stack and stay readable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/erosion.html");
  const demo = page
    .locator(".terrain-demo")
    .filter({ has: page.locator("[data-terrain-index]") })
    .last();
  await demo.scrollIntoViewIfNeeded();
  await demo.getByRole("button", { name: "Analyze" }).click();
  const panel = demo.getByRole("region", { name: "Analysis of this map" });
  // The panel waits for the demo's map (eroded in a worker), then measures it.
  await expect(panel.getByText("Measured at every one of the map's 129 × 129 points.")).toBeVisible({
    timeout: 60_000,
  });
  await expect(panel.locator("svg.terrain-plot")).toHaveCount(4);
  const boxes = await panel
    .locator("svg.terrain-plot")
    .evaluateAll((plots) => plots.map((plot) => plot.getBoundingClientRect().toJSON()));
  for (const box of boxes) expect(box.width).toBeGreaterThan(300);
  expect(boxes[1].top).toBeGreaterThan(boxes[0].bottom - 1);
  // The panel from its top, a screen at a time (a full-page picture of
  // this long page takes longer than the test may).
  await panel.evaluate((element) => element.scrollIntoView({ block: "start" }));
  await page.screenshot({ path: `${SCREENS}analysis-panel-phone.png` });
  await page.evaluate(() => window.scrollBy(0, 800));
  await page.screenshot({ path: `${SCREENS}analysis-panel-phone-2.png` });
});

test("on a phone, Analyze brings its panel, under its button, into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/playground.html");
  const button = page.getByRole("button", { name: "Analyze" }).first();
  await button.scrollIntoViewIfNeeded();
  await button.click();
  const panel = page.getByRole("region", { name: "Analysis of this map" }).first();
  await expect(panel).toBeVisible();
  const top = await panel.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThan(0.8 * 844);
  // Closing it scrolls nowhere.
  const scrolled = await page.evaluate(() => window.scrollY);
  await button.click();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(scrolled);
});

test("palette=slope colours the surface by its slope and shows a legend", async ({ page }) => {
  await page.goto("/playground.html?algorithm=diamond-square&exponent=7&seed=5&palette=terrain");
  await waitForAllDemos(page, 1);
  const terrain = await statsOf(page, 0);
  await page.goto("/playground.html?algorithm=diamond-square&exponent=7&seed=5&palette=slope");
  await waitForAllDemos(page, 1);
  expect((await demoState(page)).palette).toBe("slope");
  const slope = await statsOf(page, 0);
  expect(slope.hash).not.toBe(terrain.hash);
  const legend = page.locator(".terrain-legend-figure");
  await expect(legend).toBeVisible();
  await expect(legend.locator("svg title")).toHaveText("Legend: Slope as drawn (degrees)");
  await expect(legend.locator("svg text", { hasText: "45°" })).toHaveCount(1);
  // The slope palette's reds: many pixels where red leads green and blue.
  const reddish = await page.evaluate(() => {
    const canvas = document.querySelector("canvas.terrain-canvas");
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let index = 0; index < data.length; index += 4) {
      if (data[index] > data[index + 1] + 60 && data[index] > data[index + 2] + 60) count++;
    }
    return count / (data.length / 4);
  });
  expect(reddish).toBeGreaterThan(0.05);
  // The menu offers it, and the colours follow the menu.
  const colours = page.getByLabel("Colours", { exact: true });
  await colours.selectOption("flow");
  await expect(legend.locator("svg title")).toHaveText("Legend: Rain gathered (points draining through)");
  await waitForChange(page, 0, slope.hash, "the flow colours replace the slope colours");
  await page.screenshot({ path: `${SCREENS}palette-flow.png` });
});

test("?compare= shows three algorithms under one camera, measured together", async ({ page }) => {
  await page.goto("/playground.html?compare=diamond-square,perlin-noise,simplex-noise&exponent=7&seed=11");
  await waitForAllDemos(page, 3);
  const states = await Promise.all([0, 1, 2].map((index) => demoState(page, index)));
  expect(states.map((state) => state.algorithm)).toEqual(["diamond-square", "perlin-noise", "simplex-noise"]);
  expect(new Set(states.map((state) => state.seed))).toEqual(new Set(["11"]));
  expect(new Set(states.map((state) => state.exponent))).toEqual(new Set([7]));
  const before = await Promise.all([0, 1, 2].map((index) => statsOf(page, index)));
  // Drag the first view: every view turns, to the same camera.
  const canvas = page.locator("canvas.terrain-canvas").first();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 20, { steps: 6 });
  await page.mouse.up();
  for (const index of [0, 1, 2]) await waitForChange(page, index, before[index].hash, `view ${index} turned`);
  const after = await Promise.all([0, 1, 2].map((index) => demoState(page, index)));
  expect(after[0].azimuth).not.toBe(states[0].azimuth);
  expect(after[1].azimuth).toBe(after[0].azimuth);
  expect(after[2].azimuth).toBe(after[0].azimuth);
  expect(after[2].elevation).toBe(after[0].elevation);
  // One plot for all three, colour-coded, with a table naming each.
  const together = page.getByRole("region", { name: "The compared maps measured together" });
  await together.locator("summary", { hasText: "Numbers" }).nth(1).click();
  const table = together.getByRole("table", { name: /Power spectrum/ });
  // Each map is named by its number (which its own keys in the address
  // start with) above its view and in the plots.
  const glance = together.getByRole("table", { name: /At a glance/ });
  for (const name of ["Map 1 · Diamond-square", "Map 2 · Perlin noise", "Map 3 · Simplex noise"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toHaveCount(1);
    await expect(table.getByRole("columnheader", { name })).toHaveCount(1);
    await expect(glance.getByRole("columnheader", { name })).toHaveCount(1);
  }
  await expect(glance.getByRole("row", { name: /Highest point/ })).toHaveText("Highest point1.0001.0001.000");
  // One seed for all: said aloud by the first map only, not three times.
  await expect(page.locator(".terrain-seed")).toHaveCount(3);
  await expect(page.locator(".terrain-seed[role=status]")).toHaveCount(1);
  // Each map's named groups say whose they are ("Settings" three times did not).
  for (const map of [1, 2, 3])
    await expect(page.getByRole("group", { name: `Settings, map ${map}`, exact: true })).toHaveCount(1);
  // The legends are outlined in the paper's colour, legible over the curves.
  const key = together.locator("text.terrain-plot-key").first();
  expect(await key.evaluate((text) => getComputedStyle(text).stroke)).toBe("rgb(255, 255, 255)");
  await expect(together.locator("svg.terrain-plot").first().locator("path[stroke='#a259c6']")).toHaveCount(0);
  await expect(together.locator("svg.terrain-plot").nth(1).locator("path[stroke='#2e9a5c']")).toHaveCount(1);
  // The address keeps the comparison; a Refresh gives all three one new seed.
  await expect(page).toHaveURL(/\?compare=diamond-square,perlin-noise,simplex-noise&seed=11&exponent=7/);
  // Each demo's Copy link copies the whole comparison, not its demo alone.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).nth(2).click();
  await expect(page.locator(".terrain-copy-status").nth(2)).toHaveText("Copied the link.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await page.getByRole("button", { name: "Refresh" }).nth(1).click();
  await expect(page).not.toHaveURL(/seed=11&/);
  const seeds = await Promise.all([0, 1, 2].map(async (index) => (await demoState(page, index)).seed));
  expect(new Set(seeds).size).toBe(1);
  expect(page.url()).toContain(`seed=${seeds[0]}&`);
  await page.screenshot({ path: `${SCREENS}compare-desktop.png`, fullPage: true });
  await expectNoSeriousViolations(page, "playground comparing three algorithms");
});

// Once every map's slopes were measured at the first map's relief, and a
// map wider than the panel measures point for point went without a word.
test("measured together, each map's slopes are at its own view's relief, and thinning is said", async ({ page }) => {
  await page.goto("/playground.html?compare=diamond-square,diamond-square&seed=7&exponent=8&2.relief=2&2.exponent=10");
  await waitForAllDemos(page, 2);
  const together = page.getByRole("region", { name: "The compared maps measured together" });
  const glance = together.getByRole("table", { name: /At a glance/ });
  const steepest = glance.getByRole("row", { name: /Steepest slope/ }).getByRole("cell");
  await expect(steepest).toHaveCount(2);
  const [first, second] = (await steepest.allTextContents()).map(Number.parseFloat);
  expect(second, "relief 2 is steeper").toBeGreaterThan(first + 5);
  // Map 2's own panel says the same.
  await page.getByRole("button", { name: "Analyze" }).nth(1).click();
  const own = page
    .locator(".terrain-demo")
    .nth(1)
    .getByRole("table", { name: /At a glance/ });
  const ownSteepest = own.getByRole("row", { name: /Steepest slope/ }).getByRole("cell");
  await expect(ownSteepest).toHaveText(`${(await steepest.allTextContents())[1]}`);
  await expect(together.locator(".terrain-analysis-note")).toContainText("Measured at every second point");
  // Slopes at different reliefs are said to be so.
  await expect(together.locator(".terrain-analysis-note")).toContainText(
    "the views' reliefs differ (map 1 at 1, map 2 at 2): give them one relief to compare slopes.",
  );
});

test("a comparison without a seed or an exponent draws every map on one, and its address reopens what was shown", async ({
  page,
}) => {
  // The page's own example link gives no seed.
  await page.goto("/playground.html");
  await page.getByRole("link", { name: /diamond-square,\s+Perlin and simplex noise/ }).click();
  await waitForAllDemos(page, 3);
  const fresh = await Promise.all([0, 1, 2].map((index) => demoState(page, index)));
  expect(new Set(fresh.map((state) => state.seed)).size, "one seed").toBe(1);
  expect(page.url()).toContain(`seed=${fresh[0].seed}&exponent=8`);
  // Without an exponent too, every map gets the same one.
  await page.goto("/playground.html?compare=diamond-square,perlin-noise");
  await waitForAllDemos(page, 2);
  const sizes = await Promise.all([0, 1].map(async (index) => (await demoState(page, index)).exponent));
  expect(sizes).toEqual([7, 7]);
  // One map's own setting goes into the address under its place in the list.
  const before = await statsOf(page, 1);
  await page.locator("input[name=octaves]").first().fill("3");
  await waitForChange(page, 1, before.hash, "Perlin noise with three octaves");
  await expect(page).toHaveURL(/&2\.octaves=3$/);
  // A seed typed into one map is every map's, as a Refresh's is.
  await page.locator("input[name=seed]").nth(1).fill("77");
  await expect
    .poll(async () => (await Promise.all([0, 1].map((index) => demoState(page, index)))).map((state) => state.seed))
    .toEqual(["77", "77"]);
  await expect(page).toHaveURL(/\?compare=diamond-square,perlin-noise&seed=77&exponent=7&2\.octaves=3$/);
  const shown = await Promise.all([0, 1].map((index) => demoState(page, index)));
  await page.goto(page.url());
  await waitForAllDemos(page, 2);
  const reopened = await Promise.all([0, 1].map((index) => demoState(page, index)));
  expect(reopened.map((state) => state.fingerprint)).toEqual(shown.map((state) => state.fingerprint));
  expect(reopened[1].octaves).toBe(3);
});

test("what a comparison's address cannot use is named at the top, with what to write", async ({ page }) => {
  await page.goto(
    "/playground.html?compare=diamond-square,perlin-noise&Seed=4&5.octaves=2&stage=pass-1" +
      "&2.octave=3&1.seed=5&2.stage=pass-9&palettes=slope&share=x&state=y",
  );
  await waitForAllDemos(page, 2);
  const notice = page.locator(".terrain-compare > .terrain-notice");
  await expect(notice.getByRole("listitem")).toHaveText([
    // In the address's order.
    'URL parameter seed was given as "Seed", which is not read: write seed=4',
    "URL parameter 5.octaves is not read: the comparison's maps are numbered 1 to 2",
    "URL parameter stage is not read in a comparison: write 1.stage, 2.stage… for a map's stage",
    "URL parameter 2.octave is not read: write 2.octaves=3",
    "URL parameter 1.seed is not read: the maps of a comparison share one seed, as a Refresh gives all a new one; write seed=5",
    'URL parameter 2.stage must be one of lattice, done or octave-1 to octave-5 for perlin-noise; got "pass-9"',
    'URL parameter palette was given as "palettes", which is not read: write palette=slope',
  ]);
  const canvas = await page.locator("canvas.terrain-canvas").first().boundingBox();
  expect((await notice.boundingBox()).y).toBeLessThan(canvas.y);
  // Said once, at the top: the maps themselves start from what could be used.
  await expect(page.locator(".terrain-compare-demo .terrain-notice:visible")).toHaveCount(0);
  const states = await Promise.all([0, 1].map((index) => demoState(page, index)));
  expect(states[0].seed).toBe(states[1].seed);
  expect(states[1].stage).toBe("done");
});

test("on a phone the compared views stack and still share one camera", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/playground.html?compare=diamond-square,value-noise&exponent=6&seed=3");
  await waitForAllDemos(page, 2);
  const canvases = page.locator("canvas.terrain-canvas");
  const [first, second] = [await canvases.nth(0).boundingBox(), await canvases.nth(1).boundingBox()];
  expect(second.y).toBeGreaterThan(first.y + first.height);
  await canvases.nth(1).focus();
  await page.keyboard.press("ArrowLeft");
  await expect.poll(async () => (await demoState(page, 0)).azimuth).toBe((await demoState(page, 1)).azimuth);
  // The plots' "Numbers" open under a finger, as every control does.
  const summaries = await page
    .locator(".terrain-compare summary")
    .evaluateAll((all) =>
      all.filter((summary) => summary.checkVisibility()).map((summary) => summary.getBoundingClientRect().height),
    );
  expect(summaries.length).toBeGreaterThan(0);
  for (const height of summaries) expect(height).toBeGreaterThanOrEqual(44);
  await page.screenshot({ path: `${SCREENS}compare-phone.png`, fullPage: true });
});

test("four maps compared on a 320 px phone: their tables scroll in their own boxes, not the page", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto("/playground.html?compare=diamond-square,perlin-noise,simplex-noise,value-noise&exponent=6&seed=3");
  await waitForAllDemos(page, 4);
  const together = page.getByRole("region", { name: "The compared maps measured together" });
  await expect(together.getByRole("table", { name: /At a glance/ })).toBeVisible();
  for (const numbers of await together.locator("summary", { hasText: "Numbers" }).all()) await numbers.click();
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
  expect(widths[0], "nothing scrolls the page sideways").toBeLessThanOrEqual(widths[1]);
  // The glance's box, wider inside than out, is reached with Tab.
  const glance = together.getByRole("region", { name: "At a glance" });
  expect(await glance.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await expect(glance).toHaveAttribute("tabindex", "0");
  await expectNoSeriousViolations(page, "four maps compared on a phone");
});

test("a bad comparison is explained and the playground stays", async ({ page }) => {
  await page.goto("/playground.html?compare=perlin-noise");
  await waitForAllDemos(page, 1);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(
    "URL parameter compare must list 2 to 4 algorithms, separated by commas, from random-noise",
  );
  // Said above the playground, not under its controls.
  const canvas = await page.locator("canvas.terrain-canvas").first().boundingBox();
  expect((await alert.boundingBox()).y).toBeLessThan(canvas.y);
});

/** A table's number written as "2.70 × 10⁻⁵". */
function scientific(text) {
  const [mantissa, power] = text.split(" × 10");
  const digits = [..."⁰¹²³⁴⁵⁶⁷⁸⁹"];
  const exponent = [...power].map((c) => (c === "⁻" ? "-" : String(digits.indexOf(c)))).join("");
  return Number(mantissa) * 10 ** Number(exponent);
}

test("an imported PNG, not made by the site, gets the same analysis", async ({ page }, testInfo) => {
  await page.goto("/playground.html?algorithm=diamond-square&exponent=6&seed=7");
  await waitForAllDemos(page, 1);
  await page.getByRole("button", { name: "Analyze" }).click();
  const panel = page.getByRole("region", { name: "Analysis of this map" });
  await expect(panel.getByText("Measured at every one of the map's 65 × 65 points.")).toBeVisible();
  await panel.locator("summary", { hasText: "Numbers" }).nth(2).click();
  const generated = await panel.getByRole("table", { name: /Power spectrum/ }).textContent();
  // A 200 x 150 RGB picture from the browser's own canvas: ridges
  // running up and down, 8 across, on a gentle slope.
  const encoded = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 200;
    canvas.height = 150;
    const context = canvas.getContext("2d");
    for (let x = 0; x < 200; x++) {
      const grey = Math.round(127 + 100 * Math.sin((2 * Math.PI * 8 * x) / 200) + (25 * x) / 200);
      context.fillStyle = `rgb(${grey}, ${grey}, ${grey})`;
      context.fillRect(x, 0, 1, 150);
    }
    return canvas.toDataURL("image/png").split(",")[1];
  });
  const path = testInfo.outputPath("ridges.png");
  writeFileSync(path, Buffer.from(encoded, "base64"));
  await page.setInputFiles('.terrain-import input[type="file"]', path);
  await expect(page.locator(".terrain-file-status")).toContainText("Imported ridges.png");
  const side = (await demoState(page)).side;
  await expect(panel.getByText(`Measured at every one of the map's ${side} × ${side} points.`)).toBeVisible();
  const spectrum = panel.getByRole("table", { name: /Power spectrum/ });
  await expect(spectrum).not.toHaveText(generated);
  // The ridges' 8 cycles per width hold the most power of any frequency.
  const rows = await spectrum
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((cell) => cell.textContent)));
  const powers = rows
    .filter((cells) => /^\d+$/.test(cells[0]))
    .map((cells) => [Number(cells[0]), scientific(cells[1])]);
  expect(powers.map((row) => row[0]).slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
  const strongest = powers.reduce((best, row) => (row[1] > best[1] ? row : best));
  expect(strongest[0]).toBe(8);
  await expect(panel.locator("table caption", { hasText: "Height histogram" })).toHaveCount(1);
});
