// Part 4, gradient noise: every demo draws, the fBm scrubber walks the
// octaves, each demo's heights are generate()'s with the same settings, and
// the numbers the prose quotes are the numbers the page and the generator give.

import { fingerprintsOf } from "./battery.js";
import {
  demoState,
  demoStats,
  expect,
  SCREENS,
  SITE_PAGES,
  statsOf,
  test,
  waitForAllDemos,
  waitForChange,
  writtenOptions,
} from "./helpers.js";

const PAGE = SITE_PAGES.find((entry) => entry.name === "gradient-noise");

/** The fBm demo with the scrubber, and the tileable pair, in page order. */
const FBM = 14;
const TILED = { tileable: 24, plain: 25 };
const FADES = { cubic: 4, quintic: 5 };

/** The numbers the prose quotes, by their data-figure name. */
function figures(page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll("[data-figure]")].map((node) => [node.dataset.figure, node.textContent]),
    ),
  );
}

/** `value` written as the page writes it: as many decimals as `quoted`
 * has, and a true minus sign. */
function asQuoted(value, quoted) {
  const decimals = quoted.includes(".") ? quoted.split(".")[1].length : 0;
  return value.toFixed(decimals).replace("-", "−");
}

/** The measurements the page describes, from generate()'s heights: the bend
 * jump at the lattice lines against mid-cell (the fade section's snippet),
 * the seam index (the crease index's ratio on the line where tiled copies
 * meet), the correlation of side-by-side points in one octave on its own
 * (step 6), and the worked numbers of steps 1, 2 and 5. Runs in the page. */
const MEASURE = async () => {
  const { generate } = await import("./terrain.js");
  const side = 129;
  const jump = (fade) => {
    const h = generate({ algorithm: "perlin-noise", octaves: 1, fade, seed: 7 });
    const bend = (x, y) => h[y * side + x - 1] - 2 * h[y * side + x] + h[y * side + x + 1];
    let atLines = 0;
    let midCell = 0;
    for (let y = 1; y < side - 1; y++) {
      for (const line of [32, 64, 96]) {
        atLines += Math.abs(bend(line + 1, y) - bend(line - 1, y));
        midCell += Math.abs(bend(line - 15, y) - bend(line - 17, y));
      }
    }
    return atLines / midCell;
  };
  const seam = (tileable) => {
    // The tiled pair's maps: 65 × 65 points, four octaves.
    const side = 65;
    const last = side - 1;
    const h = generate({ algorithm: "perlin-noise", exponent: 6, octaves: 4, seed: 7, tileable });
    // The tiled plane: copies repeat every `last` points, so column `last`
    // is the next copy's column 0 (the map's own last column is not shown).
    const at = (x, y) => h[(y % last) * side + (x % last)];
    const bend = (a, b, c) => Math.abs(a - 2 * b + c);
    let across = 0;
    let along = 0;
    for (let t = 1; t < last; t++) {
      across +=
        bend(at(last - 1, t), at(last, t), at(last + 1, t)) + bend(at(t, last - 1), at(t, last), at(t, last + 1));
      along +=
        bend(at(last, t - 1), at(last, t), at(last, t + 1)) + bend(at(t - 1, last), at(t, last), at(t + 1, last));
    }
    let mismatch = 0;
    for (let t = 0; t < side; t++) {
      const edge = (x, y) => h[y * side + x];
      mismatch = Math.max(mismatch, Math.abs(edge(last, t) - edge(0, t)), Math.abs(edge(t, last) - edge(t, 0)));
    }
    return { index: across / along, mismatch };
  };
  // Octave `k` of a six-octave sum on its own: the octave stages share one
  // fixed scale, so stage k minus stage k - 1 is that octave, scaled.
  const octaveAlone = (k) => {
    const upTo = (count) => generate({ algorithm: "perlin-noise", octaves: 6, seed: 7, stage: `octave-${count}` });
    const before = upTo(k - 1);
    return upTo(k).map((height, i) => height - before[i]);
  };
  // Side-by-side points, left-right and up-down pairs together.
  const neighbourCorrelation = (h) => {
    const mean = h.reduce((sum, height) => sum + height, 0) / h.length;
    const variance = h.reduce((sum, height) => sum + (height - mean) ** 2, 0) / h.length;
    let sum = 0;
    let pairs = 0;
    for (let a = 0; a < side; a++) {
      for (let b = 0; b < side - 1; b++) {
        sum += (h[a * side + b] - mean) * (h[a * side + b + 1] - mean);
        sum += (h[b * side + a] - mean) * (h[(b + 1) * side + a] - mean);
        pairs += 2;
      }
    }
    return sum / pairs / variance;
  };
  const value = (fade) =>
    generate({ algorithm: "value-noise", stage: "octave-1", octaves: 1, fade, seed: 7 })[16 * side + 8];
  const low = generate({ algorithm: "perlin-noise", stage: "octave-1", octaves: 1, frequency: 2, seed: 7 });
  const high = generate({ algorithm: "perlin-noise", stage: "octave-1", octaves: 1, frequency: 16, seed: 7 });
  let cornerMatches = 0;
  for (let y = 0; y <= 16; y++) {
    for (let x = 0; x <= 16; x++) if (high[y * side + x] === low[8 * y * side + 8 * x]) cornerMatches++;
  }
  const lattice = generate({ algorithm: "value-noise", octaves: 1, seed: 7, stage: "lattice" });
  // Step 8: how much rougher the high ground is than the low, the mean
  // absolute bend between neighbours above 60 % of the range against
  // below 40 %.
  const contrast = (shape) => {
    const h = generate({ algorithm: "perlin-noise", shape, seed: 7 });
    const roughness = (low, high) => {
      let total = 0;
      let count = 0;
      for (let y = 1; y < side - 1; y++) {
        for (let x = 1; x < side - 1; x++) {
          const at = h[y * side + x];
          if (at >= low && at < high) {
            const across = h[y * side + x - 1] - 2 * at + h[y * side + x + 1];
            const down = h[(y - 1) * side + x] - 2 * at + h[(y + 1) * side + x];
            total += Math.abs(across) + Math.abs(down);
            count++;
          }
        }
      }
      return total / count;
    };
    return roughness(0.6, 1) / roughness(0, 0.4);
  };
  return {
    sharpContrast: contrast("sharp-ridged"),
    multifractalContrast: contrast("ridged-multifractal"),
    cubicJump: jump("smoothstep"),
    fifthOctave: neighbourCorrelation(octaveAlone(5)),
    sixthOctave: neighbourCorrelation(octaveAlone(6)),
    quinticJump: jump("quintic"),
    tileable: seam(true),
    plain: seam(false),
    linearAt: value("linear"),
    smoothAt: value("smoothstep"),
    cornerMatches,
    firstLatticeHeight: lattice[0],
    latticeSet: lattice.filter((height) => height !== 0).length,
  };
};

test.describe("the gradient-noise page", () => {
  for (const viewport of [
    { name: "desktop", size: { width: 1280, height: 900 } },
    { name: "phone", size: { width: 390, height: 844 } },
  ]) {
    test(`(${viewport.name}) every demo shows a shaded terrain, and none complains`, async ({ page }) => {
      // Every demo of the page and a full-page screenshot: 36 to 50 s in a full run
      // on two cores, and once over 60 (the screenshot) beside other tests.
      test.setTimeout(120_000);
      await page.setViewportSize(viewport.size);
      await page.goto(PAGE.path);
      await waitForAllDemos(page, PAGE.demos);
      const views = await page.evaluate(() =>
        [...document.querySelectorAll(".terrain-demo")].map((demo) => demo.dataset.view ?? "3d"),
      );
      for (const [index, stats] of (await demoStats(page)).entries()) {
        const label = `demo ${index} (${stats.stage ?? "done"}, ${views[index]})`;
        expect(stats.foreground, `${label}: terrain covers the view`).toBeGreaterThan(0.05);
        // A lit surface has many shades; a greyscale picture has every grey
        // (the statistics count colours in 32 levels a channel); a flat fill has one.
        // A picture of the lattice stage is the few points set, their marks and
        // the grid's lines over the colour of points not set yet.
        const least = views[index] !== "2d" ? 40 : stats.stage === "lattice" ? 3 : 24;
        expect(stats.colours, `${label}: shaded, not flat`).toBeGreaterThan(least);
        expect(stats.seed, `${label}: shows seed 7`).toBe("7");
      }
      expect((await statsOf(page, 0)).highlighted, "the lattice points are highlighted").toBeGreaterThan(10);
      await expect(page.locator(".terrain-demo .terrain-notice:visible")).toHaveCount(0);
      await expect(page.locator(".terrain-demo .terrain-error:visible")).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENS}gradient-noise-${viewport.name}.png`, fullPage: true });
    });
  }

  test("every demo's heights are generate()'s with the settings written on it", async ({ page }) => {
    await page.goto(PAGE.path);
    await waitForAllDemos(page, PAGE.demos);
    const optionsList = await writtenOptions(page);
    expect(optionsList).toHaveLength(PAGE.demos);
    const expected = await fingerprintsOf(page, optionsList);
    for (const [index, options] of optionsList.entries()) {
      const state = await demoState(page, index);
      expect(state.algorithm, `demo ${index}`).toBe(options.algorithm);
      expect(state.stage, `demo ${index}`).toBe(options.stage ?? "done");
      expect(state.fingerprint, `demo ${index}: ${JSON.stringify(options)}`).toBe(expected[index]);
    }
  });

  test("the fBm scrubber steps from the lattice through five octaves to the finished map", async ({ page }) => {
    await page.goto(PAGE.path);
    await waitForAllDemos(page, PAGE.demos);
    const demo = page.locator(".terrain-demo").nth(FBM);
    await demo.scrollIntoViewIfNeeded();
    const stages = ["lattice", "octave-1", "octave-2", "octave-3", "octave-4", "octave-5", "done"];
    const scrubber = demo.getByLabel("Stage", { exact: true });
    await expect(scrubber).toHaveAttribute("max", String(stages.length - 1));
    const expected = await fingerprintsOf(
      page,
      stages.map((stage) => ({ algorithm: "perlin-noise", seed: 7, stage })),
    );
    const seen = new Set();
    let before = await statsOf(page, FBM);
    for (const [position, stage] of stages.entries()) {
      await scrubber.fill(String(position));
      await expect.poll(async () => (await demoState(page, FBM)).stage).toBe(stage);
      const state = await demoState(page, FBM);
      expect(state.fingerprint, `${stage} is generate()'s`).toBe(expected[position]);
      seen.add(state.fingerprint);
      // The demo opens on the finished map, so every stage, the lattice
      // first, is a new picture; its stats are read once it is drawn.
      await waitForChange(page, FBM, before.hash, `${stage} redraws the terrain`);
      before = await statsOf(page, FBM);
      if (stage === "lattice") expect(before.highlighted, "the lattice points are marked").toBeGreaterThan(10);
    }
    expect(seen.size, "every stage is a different map").toBe(stages.length);
    await page.screenshot({ path: `${SCREENS}gradient-noise-fbm-done.png` });
  });

  test("gain and lacunarity are live", async ({ page }) => {
    await page.goto(PAGE.path);
    await waitForAllDemos(page, PAGE.demos);
    const demo = page.locator(".terrain-demo").nth(FBM);
    // Its view on screen (the whole demo, with its open Analyze panel, is
    // taller than the window).
    await demo.locator("canvas.terrain-canvas").scrollIntoViewIfNeeded();
    expect((await demoState(page, FBM)).stage, "the demo opens on the finished map").toBe("done");
    for (const [label, value] of [
      ["Gain", "0.7"],
      ["Lacunarity", "3"],
    ]) {
      const before = await demoState(page, FBM);
      const picture = await statsOf(page, FBM);
      await demo.getByLabel(label, { exact: true }).fill(value);
      await waitForChange(page, FBM, picture.hash, `${label} = ${value} redraws`);
      await expect.poll(async () => (await demoState(page, FBM)).fingerprint).not.toBe(before.fingerprint);
    }
    const [expected] = await fingerprintsOf(page, [{ algorithm: "perlin-noise", seed: 7, gain: 0.7, lacunarity: 3 }]);
    expect((await demoState(page, FBM)).fingerprint).toBe(expected);
  });

  test("the numbers in the prose are the page's and the generator's", async ({ page }) => {
    await page.goto(PAGE.path);
    await waitForAllDemos(page, PAGE.demos);
    const quoted = await figures(page);
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll(".terrain-demo")].map((demo) => {
        const creases = demo.querySelector(".terrain-creases");
        return creases && !creases.hidden ? Number(creases.dataset.value) : null;
      }),
    );

    // The crease index under the fade pair, the seam index under the tiled pair.
    const labels = await page.locator(".terrain-demo .terrain-creases:visible").allTextContents();
    expect(labels).toEqual([
      `crease index ${shown[FADES.cubic].toFixed(2)}`,
      `crease index ${shown[FADES.quintic].toFixed(2)}`,
      `seam index ${shown[TILED.tileable].toFixed(2)}`,
      `seam index ${shown[TILED.plain].toFixed(2)}`,
    ]);
    expect(asQuoted(shown[FADES.cubic], quoted["cubic-crease"])).toBe(quoted["cubic-crease"]);
    expect(asQuoted(shown[FADES.quintic], quoted["quintic-crease"])).toBe(quoted["quintic-crease"]);
    expect(shown[FADES.quintic], "the quintic barely bends across the lattice lines").toBeLessThan(0.3);
    expect(asQuoted(shown[TILED.tileable], quoted["tileable-seam"])).toBe(quoted["tileable-seam"]);
    expect(asQuoted(shown[TILED.plain], quoted["plain-seam"])).toBe(quoted["plain-seam"]);

    const measured = await page.evaluate(MEASURE);
    // The bend jump: the cubic's lattice lines stand out, the quintic's do not.
    expect(asQuoted(measured.cubicJump, quoted["cubic-jump"])).toBe(quoted["cubic-jump"]);
    expect(asQuoted(measured.quinticJump, quoted["quintic-jump"])).toBe(quoted["quintic-jump"]);
    expect(measured.cubicJump).toBeGreaterThan(5 * measured.quinticJump);
    // Step 6: an octave with two map steps a cell is terrain, one with a
    // single step a cell is speckle.
    expect(asQuoted(measured.fifthOctave, quoted["fifth-octave-correlation"])).toBe(quoted["fifth-octave-correlation"]);
    expect(asQuoted(measured.sixthOctave, quoted["sixth-octave-correlation"])).toBe(quoted["sixth-octave-correlation"]);
    expect(measured.fifthOctave).toBeGreaterThan(0.2);
    // Step 8: the ridged multifractal keeps its detail on the high ground.
    expect(asQuoted(measured.sharpContrast, quoted["sharp-contrast"])).toBe(quoted["sharp-contrast"]);
    expect(asQuoted(measured.multifractalContrast, quoted["multifractal-contrast"])).toBe(
      quoted["multifractal-contrast"],
    );
    expect(measured.multifractalContrast).toBeGreaterThan(1.15 * measured.sharpContrast);
    expect(Math.abs(measured.sixthOctave)).toBeLessThan(0.1);
    // The seam, measured again from generate()'s heights: as smooth as the
    // inside for the tileable map, a cliff for the plain one.
    expect(measured.tileable.index).toBeCloseTo(shown[TILED.tileable], 9);
    expect(measured.plain.index).toBeCloseTo(shown[TILED.plain], 9);
    expect(measured.tileable.index).toBeLessThan(1.2);
    expect(measured.plain.index).toBeGreaterThan(3);
    expect(measured.tileable.mismatch, "the last row and column are the first").toBe(0);
    expect(measured.plain.mismatch).toBeGreaterThan(0);
    // Steps 1, 2 and 5's worked numbers, as the page writes them: each a
    // lattice value v and its height 0.5 + 0.5 v.
    expect(measured.latticeSet, "25 lattice points").toBe(25);
    const prose = await page.evaluate(() => document.body.textContent.replace(/\s+/g, " "));
    const height = "0\\.5 \\+ 0\\.5 × (−?[\\d.]+) = ([\\d.]+)";
    const worked = prose.match(new RegExp(`show these two heights as ${height} and ${height}\\.`));
    const first = prose.match(new RegExp(`lattice\\[0\\]; // ${height}`));
    expect(worked, "Step 2 works out the blend's two heights").not.toBeNull();
    expect(first, "the code example prints the first lattice point").not.toBeNull();
    for (const [at, value, written] of [
      [measured.linearAt, worked[1], worked[2]],
      [measured.smoothAt, worked[3], worked[4]],
      [measured.firstLatticeHeight, first[1], first[2]],
    ]) {
      expect(asQuoted(2 * at - 1, value)).toBe(value);
      expect(asQuoted(at, written)).toBe(written);
    }
    expect(measured.cornerMatches, "the corner of frequency 16 is frequency 2 shrunk").toBe(17 * 17);
  });
});
