// Beyond the posts: the playground, the scrubber, tiling, seams, files.

import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  downloadFrom,
  expect,
  renderStats,
  SCREENS,
  settle,
  statsOf,
  test,
  waitForAllDemos,
  waitForChange,
} from "./helpers.js";

/** demoState(index) from the page's own terrain.js. */
function state(page, index = 0) {
  return page.evaluate(async (index) => (await import("./terrain.js")).demoState(index), index);
}

test.describe("the playground", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
  });

  test("every control is there, and the page is saved for people to look at", async ({ page }) => {
    for (const label of [
      "Algorithm",
      "Exponent",
      "Starting spread",
      "Spread reduction",
      "Seed",
      "Stage",
      "Colours",
      "View",
      "Normalize to 0–1 when done",
      "Wireframe",
      "Link to exactly this view",
    ]) {
      await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    }
    await page.screenshot({ path: `${SCREENS}playground-desktop.png`, fullPage: true });
  });

  test("the scrubber moves the highlight and names the pass", async ({ page }) => {
    const stage = page.getByLabel("Stage", { exact: true });
    await stage.fill("0");
    await expect(page.locator(".terrain-stage-name")).toHaveText("Corners set at random");
    // The name changes at once, the picture at the next frame.
    await expect
      .poll(async () => (await statsOf(page, 0)).highlighted, { message: "the corners are marked" })
      .toBeGreaterThan(20);
    const corners = await statsOf(page, 0);

    await stage.fill("4");
    await expect(page.locator(".terrain-stage-name")).toHaveText("Pass 2 of 7");
    await expect(page.locator(".terrain-stage-numbers")).toHaveText(
      "squares 64 cells wide (radius 32) · jitter up to ±0.15",
    );
    await waitForChange(page, 0, corners.hash, "the view follows the scrubber");
    const pass2 = await statsOf(page, 0);
    expect(pass2.highlighted, "more points are set in pass 2 than there are corners").toBeGreaterThan(
      corners.highlighted,
    );
    expect((await state(page)).stage).toBe("pass-2");
    await page.screenshot({ path: `${SCREENS}playground-scrubber-pass-2.png` });
  });

  test("play steps through the passes by itself and stops at the end", async ({ page }) => {
    await page.getByLabel("Exponent", { exact: true }).fill("3");
    await page.getByLabel("Stage", { exact: true }).fill("0");
    await page.getByRole("button", { name: "Play" }).click();
    await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
    await expect.poll(async () => (await state(page)).stage, { timeout: 15_000 }).toBe("pass-1");
    await expect.poll(async () => (await state(page)).stage, { timeout: 15_000 }).toBe("done");
    await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  });

  test("the share link restores exactly the same heights and view", async ({ page, browser }) => {
    await page.getByLabel("Algorithm", { exact: true }).selectOption("recursive-midpoint-displacement");
    await page.getByLabel("Exponent", { exact: true }).fill("6");
    await page.getByLabel("Starting spread", { exact: true }).fill("0.45");
    await page.getByLabel("Seed", { exact: true }).fill("123456789");
    await page.getByLabel("Colours", { exact: true }).selectOption("bands");
    await page.getByLabel("Wireframe", { exact: true }).check();
    await page.getByLabel("Stage", { exact: true }).fill("5");
    const original = await state(page);
    expect(original.stage).toBe("pass-5");
    const link = await page.getByLabel("Link to exactly this view", { exact: true }).inputValue();
    // The address follows within a third of a second (changes are spaced
    // out for the browsers' limits).
    await expect.poll(() => page.url(), { message: "the address bar says the same" }).toBe(link);

    const other = await browser.newPage();
    await other.goto(link);
    await waitForAllDemos(other, 1);
    const restored = await state(other);
    expect(restored).toEqual(original);
    await other.close();
  });

  // Browsers refuse or ignore a page's address changes past a limit
  // (WebKit: 100 in 30 s), which a dragged slider reaches in two seconds.
  test("a long drag changes the address a few times a second and leaves its last value there", async ({ page }) => {
    await page.getByLabel("Exponent", { exact: true }).fill("3");
    const stage = page.getByLabel("Stage", { exact: true });
    const { changes, seconds } = await stage.evaluate(async (slider) => {
      let changes = 0;
      const replace = history.replaceState.bind(history);
      history.replaceState = (...rest) => {
        changes += 1;
        return replace(...rest);
      };
      const tick = () => new Promise((next) => setTimeout(next, 16));
      const done = Number(slider.max);
      const start = performance.now();
      // 60 moves, about one a frame, never to the end until the last.
      for (let move = 0; move < 60; move++) {
        slider.value = String(move % done);
        slider.dispatchEvent(new Event("input", { bubbles: true }));
        await tick();
      }
      slider.value = String(done);
      slider.dispatchEvent(new Event("input", { bubbles: true }));
      return { changes, seconds: (performance.now() - start) / 1000 };
    });
    expect(changes, `address changes in ${seconds.toFixed(1)} s of dragging`).toBeLessThanOrEqual(
      Math.ceil(seconds / 0.35) + 1,
    );
    expect(changes).toBeGreaterThanOrEqual(1);
    expect((await state(page)).stage).toBe("done");
    await expect
      .poll(() => new URL(page.url()).searchParams.get("stage"), { message: "the last value reaches the address" })
      .toBe("done");
    const link = await page.getByLabel("Link to exactly this view", { exact: true }).inputValue();
    expect(page.url()).toBe(link);
  });

  test("a bad URL parameter is reported and the rest still applies", async ({ page }) => {
    await page.goto("/playground.html?algorithm=midpoint-displacement&exponent=40&seed=5&view=sideways");
    await waitForAllDemos(page, 1);
    await expect(page.locator(".terrain-notice")).toContainText(
      "URL parameter exponent must be a whole number from 1 to 12; got 40",
    );
    await expect(page.locator(".terrain-notice")).toContainText("URL parameter view must be one of");
    const restored = await state(page);
    expect([restored.algorithm, restored.seed, restored.exponent]).toEqual(["midpoint-displacement", "5", 5]);
  });

  test("the 2D view draws the heightmap in grey", async ({ page }) => {
    await page.getByLabel("View", { exact: true }).selectOption("2d");
    await expect
      .poll(async () =>
        page.evaluate(() => {
          const canvas = document.querySelector(".terrain-canvas");
          const { width, height } = canvas;
          const data = canvas.getContext("2d").getImageData(width / 2 - 50, height / 2 - 50, 100, 100).data;
          let grey = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] === data[i + 1] && data[i + 1] === data[i + 2]) grey++;
          return grey / (data.length / 4);
        }),
      )
      .toBeGreaterThan(0.95);
  });

  test("a relief left as the algorithm's own follows a new algorithm; a chosen one stays", async ({ page }) => {
    const algorithm = page.getByLabel("Algorithm", { exact: true });
    const relief = page.getByLabel("Relief", { exact: true });
    await expect(relief).toHaveValue("1");
    await algorithm.selectOption("simplex-noise");
    await expect(relief, "a noise's own").toHaveValue("0.5");
    await expect.poll(async () => (await state(page)).relief).toBe(0.5);
    // Left as the algorithm's own, the address leaves it out.
    await expect(page).not.toHaveURL(/relief=/);
    await algorithm.selectOption("diamond-square");
    await expect(relief).toHaveValue("1");
    await relief.fill("0.7");
    await relief.press("Enter");
    await algorithm.selectOption("perlin-noise");
    await expect.poll(async () => (await state(page)).relief).toBe(0.7);
    // The posts' relief chosen on a noise stays chosen through another
    // algorithm whose own it is.
    await relief.fill("1");
    await relief.press("Enter");
    await algorithm.selectOption("diamond-square");
    await algorithm.selectOption("perlin-noise");
    await expect.poll(async () => (await state(page)).relief).toBe(1);
    // Opened afresh, a link without relief draws a noise at its own.
    await page.goto("/playground.html?algorithm=value-noise&seed=4");
    await expect.poll(async () => (await state(page)).relief).toBe(0.5);
  });

  test("an overlay that draws nothing says why under its menu", async ({ page }) => {
    const overlay = page.getByLabel("Drawn over the 2D view", { exact: true });
    const note = page.locator('[id$="-overlay-note"]');
    await expect(note).toBeHidden();
    await overlay.selectOption("lattice");
    await expect(note).toHaveText("Drawn on the 2D views only: choose one under View.");
    await page.getByLabel("View", { exact: true }).selectOption("2d");
    await expect(note).toHaveText(/^Diamond-square has no lattice to draw; .*Perlin noise.* have one\.$/);
    await page.getByLabel("Algorithm", { exact: true }).selectOption("perlin-noise");
    await expect(note).toBeHidden();
    await overlay.selectOption("none");
    await expect(note).toBeHidden();
  });

  // Once a 16-bit download came back stretched to 0 to 1: a map that did
  // not span it (not normalized, eroded, imported) lost its heights.
  test("a 16-bit download records its heights, and importing it brings them back", async ({ page }, testInfo) => {
    const options = { algorithm: "diamond-square", exponent: 5, seed: 3, normalize: false };
    await page.goto(`/playground.html?${new URLSearchParams(options)}`);
    await waitForAllDemos(page, 1);
    const [low, high] = await page.evaluate(async (options) => {
      const heights = (await import("./terrain.js")).generate(options);
      return [Math.min(...heights), Math.max(...heights)];
    }, options);
    expect(high - low, "a map that does not span 0 to 1").not.toBeCloseTo(1, 1);
    const path = testInfo.outputPath("unnormalized.png");
    await (await downloadFrom(page)).saveAs(path);
    await page.setInputFiles('.terrain-import input[type="file"]', path);
    await expect(page.locator(".terrain-file-status")).toContainText(
      `heights ${low.toFixed(3)} to ${high.toFixed(3)}, as the file records them.`,
    );
  });

  test("the Download menu's PNG is a 16-bit PNG that imports back to the same map", async ({ page }, testInfo) => {
    // The PNG decoder is a module of its own, fetched on the first import.
    const decoder = [];
    page.on("request", (request) => {
      if (/terrain-png/.test(request.url())) decoder.push(request.url());
    });
    await page.getByLabel("Exponent", { exact: true }).fill("6");
    const download = await downloadFrom(page);
    expect(download.suggestedFilename()).toMatch(/^diamond-square-6-seed-2016\.png$/);
    const path = testInfo.outputPath("exported.png");
    await download.saveAs(path);
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(bytes.readUInt32BE(16), "width").toBe(65);
    expect(bytes.readUInt32BE(20), "height").toBe(65);
    expect(bytes[24], "bit depth").toBe(16);
    expect(bytes[25], "greyscale").toBe(0);

    const before = await statsOf(page, 0);
    await page.setInputFiles('.terrain-import input[type="file"]', path);
    await expect(page.locator(".terrain-file-status")).toContainText(
      "Imported exported.png: 65 × 65 pixels, 16-bit greyscale, resampled to 65 × 65 points, heights 0.000 to 1.000, as the file records them.",
    );
    await waitForChange(page, 0, before.hash, "the imported map is drawn");
    expect(decoder.map((url) => new URL(url).pathname).sort()).toEqual(["/terrain-png.js", "/terrain-png_bg.wasm"]);
    const imported = await state(page);
    expect([imported.algorithm, imported.side]).toEqual(["imported", 65]);
    await expect(page.locator(".terrain-caption")).toHaveText("Imported from exported.png");
    // No link brings an imported map back, and the link field says so
    // rather than offer the map from before.
    const link = page.getByLabel("Link to exactly this view");
    await expect(link).toHaveValue("");
    await expect(link).toHaveAttribute("placeholder", "No link for an import");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.locator(".terrain-copy-status")).toHaveText(
      "An imported map has no link: the file stays in this tab. Download it as a 16-bit PNG to keep it: the file records its heights, and importing it here brings them back.",
    );

    // 16-bit quantization is idempotent: exporting the import gives back
    // the very same file.
    const again = await downloadFrom(page);
    const againPath = testInfo.outputPath("again.png");
    await again.saveAs(againPath);
    expect(readFileSync(againPath).equals(bytes), "export → import → export is exact").toBe(true);
    await page.setInputFiles('.terrain-import input[type="file"]', againPath);
    await expect(page.locator(".terrain-file-status")).toContainText("Imported again.png");
    expect(decoder.length, "the decoder is fetched once").toBe(2);
  });

  test("the Download menu's OBJ is a mesh Blender can read", async ({ page }, testInfo) => {
    await page.getByLabel("Exponent", { exact: true }).fill("4");
    const download = await downloadFrom(page, { Format: "obj" });
    expect(download.suggestedFilename()).toBe("diamond-square-4-seed-2016.obj");
    const path = testInfo.outputPath("mesh.obj");
    await download.saveAs(path);
    const lines = readFileSync(path, "utf-8").split("\n");
    const count = (prefix) => lines.filter((line) => line.startsWith(prefix)).length;
    expect(count("v ")).toBe(17 * 17);
    expect(count("vn ")).toBe(17 * 17);
    expect(count("f ")).toBe(16 * 16 * 2);
  });

  test.describe("with a worker script that will not load", () => {
    test.use({ expectedProblems: /^(HTTP 404: .*\/worker\.js|console error: the worker failed: .*)$/ });

    test("the page reads the PNG itself", async ({ page }, testInfo) => {
      // The page is told the worker failed, logs why, and makes what was
      // asked of the worker on its own.
      await page.route("**/worker.js", (route) => route.fulfill({ status: 404, body: "" }));
      await page.getByLabel("Exponent", { exact: true }).fill("5");
      const download = await downloadFrom(page);
      const path = testInfo.outputPath("made-here.png");
      await download.saveAs(path);
      await page.getByLabel("Exponent", { exact: true }).fill("4");
      await page.setInputFiles('.terrain-import input[type="file"]', path);
      await expect(page.locator(".terrain-file-status")).toContainText(
        "Imported made-here.png: 33 × 33 pixels, 16-bit greyscale, resampled to 33 × 33 points, heights 0.000 to 1.000, as the file records them.",
      );
      await expect.poll(async () => (await renderStats(page)).waiting).toBe(0);
      expect((await state(page)).side).toBe(33);
    });
  });

  test("an imported map can be weathered, scrubbed and still be the import", async ({ page }, testInfo) => {
    await page.getByLabel("Exponent", { exact: true }).fill("6");
    const download = await downloadFrom(page);
    const path = testInfo.outputPath("to-weather.png");
    await download.saveAs(path);
    await page.setInputFiles('.terrain-import input[type="file"]', path);
    await expect(page.locator(".terrain-caption")).toHaveText("Imported from to-weather.png");
    // No snippet can make a file's map: the Embed panel says so instead
    // of offering the settings' map as "exactly this terrain".
    await page.getByRole("button", { name: "Embed" }).click();
    const panel = page.getByRole("region", { name: "Embed this terrain" });
    await expect(panel).toContainText("An imported map cannot be embedded");
    await expect(panel.locator(".terrain-snippet")).toHaveCount(2);
    for (const snippet of await panel.locator(".terrain-snippet").all()) await expect(snippet).toBeHidden();
    await page.getByRole("button", { name: "Embed" }).click();
    // Droplets' settings show once there is rain.
    await page.getByLabel("Erosion", { exact: true }).selectOption("droplets");
    await page.getByLabel("Droplets", { exact: true }).fill("500");
    await expect(page.locator(".terrain-caption")).toHaveText("Imported from to-weather.png · 500 droplets fallen");
    await expect(page.locator(".terrain-readout")).toContainText("eroded ");
    let shown = await state(page);
    expect([shown.algorithm, shown.stage, shown.side]).toEqual(["imported", "droplets-500", 65]);
    // The scrubber runs from the import as it is to the last droplet.
    await page.locator(".terrain-range").focus();
    await page.keyboard.press("Home");
    await expect(page.locator(".terrain-caption")).toHaveText("Imported from to-weather.png");
    shown = await state(page);
    expect([shown.algorithm, shown.stage]).toEqual(["imported", "done"]);
  });

  // Once one failure (offline, say) sent every later file to the page's
  // own thread for the page's life: a big picture then held it a second.
  test("a file worker that failed once is started again for the next file", async ({ page, context }) => {
    // Any PNG: the erosion chapter's 256 x 256 figure.
    const path = join(import.meta.dirname, "..", "www", "figures", "erosion-schedule.png");
    const input = page.locator('.terrain-import input[type="file"]');
    const status = page.locator(".terrain-file-status");
    await context.setOffline(true);
    await input.setInputFiles(path);
    await expect(status).toContainText(/erosion-schedule.png: the file worker .* import it again/);
    await context.setOffline(false);
    await input.setInputFiles(path);
    await expect(status).toContainText("Imported erosion-schedule.png: 256 × 256 pixels");
    const decoderHere = await page.evaluate(
      () => performance.getEntriesByType("resource").filter((entry) => /terrain-png/.test(entry.name)).length,
    );
    expect(decoderHere, "the decoder was loaded by a worker, not the page").toBe(0);
  });

  // Once a file dropped beside the small Import button opened in the tab,
  // and the playground was gone.
  test("a PNG dropped on the demo is imported as if picked", async ({ page }) => {
    const host = page.locator(".terrain-demo").first();
    const canvas = host.locator("canvas.terrain-canvas");
    const dropped = await page.evaluateHandle(async () => {
      const bytes = await (await fetch("figures/erosion-schedule.png")).arrayBuffer();
      const data = new DataTransfer();
      data.items.add(new File([bytes], "dropped.png", { type: "image/png" }));
      return data;
    });
    await canvas.dispatchEvent("dragover", { dataTransfer: dropped });
    await expect(host, "the view says it takes the file").toHaveClass(/terrain-dropping/);
    const taken = await canvas.evaluate(
      (element, data) =>
        !element.dispatchEvent(new DragEvent("drop", { dataTransfer: data, cancelable: true, bubbles: true })),
      dropped,
    );
    expect(taken, "the browser's own handling (opening the file) is prevented").toBe(true);
    await expect(page.locator(".terrain-file-status")).toContainText("Imported dropped.png: 256 × 256 pixels");
    await expect(host).not.toHaveClass(/terrain-dropping/);
    expect((await state(page)).algorithm).toBe("imported");
  });

  test("a file that is not a PNG gives a clear message and keeps the terrain", async ({ page }, testInfo) => {
    const path = testInfo.outputPath("not-an-image.png");
    writeFileSync(path, "these are words, not pixels\n");
    const before = await state(page);
    await page.setInputFiles('.terrain-import input[type="file"]', path);
    await expect(page.locator(".terrain-file-status")).toContainText("not-an-image.png: this file is not a PNG image");
    await settle(page);
    expect(await state(page)).toEqual(before);
  });
});

test.describe("files made to hurt the PNG reader", () => {
  // terrain-io's crafted files (crates/terrain-io/src/crafted.rs), written
  // by its example into the test's own directory.
  const crafted = join(import.meta.dirname, "artifacts", "crafted");
  test.beforeAll(() => {
    execFileSync(
      "cargo",
      [
        "run",
        "-q",
        "-p",
        "terrain-io",
        "--features",
        "test-support",
        "--example",
        "crafted_files",
        "--",
        "--write",
        crafted,
      ],
      { stdio: "inherit" },
    );
  });

  test("each gets its clear message within a second, and the map stays", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const files = JSON.parse(readFileSync(join(crafted, "crafted.json"), "utf8"));
    for (const { file, says } of files) {
      await settle(page);
      const before = await state(page);
      const status = page.locator(".terrain-file-status");
      const started = Date.now();
      await page.setInputFiles('.terrain-import input[type="file"]', join(crafted, file));
      if (says === null) {
        await expect(status).toContainText(`Imported ${file}`, { timeout: 1000 });
        await page.getByRole("button", { name: "Refresh" }).click();
        continue;
      }
      await expect(status, file).toContainText(`${file}: `, { timeout: 1000 });
      const elapsed = Date.now() - started;
      await expect(status, file).toContainText(says);
      await expect(status).toHaveClass(/terrain-error/);
      expect(elapsed, `${file} answered in ${elapsed} ms`).toBeLessThan(1000);
      test.info().annotations.push({ type: "answered", description: `${file}: ${elapsed} ms` });
      await settle(page);
      expect(await state(page), `${file} kept the map`).toEqual(before);
    }
  });
});

test.describe("the diamond-square page's comparisons", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/diamond-square.html");
    await waitForAllDemos(page, 9);
  });

  test("midpoint displacement's crease index is higher, and Refresh keeps the pair on one seed", async ({ page }) => {
    const creases = page.locator(".pair").first().locator(".terrain-creases");
    await expect(creases).toHaveCount(2);
    const values = async () => await creases.evaluateAll((spans) => spans.map((span) => Number(span.dataset.value)));
    const [midpoint, diamond] = await values();
    expect(midpoint).toBeGreaterThan(diamond);
    expect(diamond).toBeGreaterThan(0.8);
    expect(diamond).toBeLessThan(1.3);

    const pair = page.locator(".pair").first().locator(".terrain-demo");
    const seedBefore = await pair.nth(0).locator(".terrain-seed-value").textContent();
    await pair.nth(1).getByRole("button", { name: "Refresh" }).click();
    await expect(pair.nth(1).locator(".terrain-seed-value")).not.toHaveText(seedBefore);
    const seed = await pair.nth(1).locator(".terrain-seed-value").textContent();
    await expect(pair.nth(0).locator(".terrain-seed-value")).toHaveText(seed);
    const [midpointAfter, diamondAfter] = await values();
    expect(midpointAfter).toBeGreaterThan(diamondAfter);
  });

  test("tiled previews: the tileable map's edges match exactly, the plain one's do not", async ({ page }) => {
    const tiles = page.locator(".pair").nth(1);
    await tiles.scrollIntoViewIfNeeded();
    const edges = await page.evaluate(async () => {
      const { generate, demoState } = await import("./terrain.js");
      const demos = [...document.querySelectorAll(".terrain-demo")];
      const result = {};
      for (const demo of demos.filter((demo) => demo.dataset.view === "tiled")) {
        const index = demos.indexOf(demo);
        const shown = demoState(index);
        const heights = generate({ algorithm: shown.algorithm, exponent: shown.exponent, seed: shown.seed });
        const side = shown.side;
        let worst = 0;
        for (let i = 0; i < side; i++) {
          worst = Math.max(
            worst,
            Math.abs(heights[i] - heights[(side - 1) * side + i]),
            Math.abs(heights[i * side] - heights[i * side + side - 1]),
          );
        }
        result[shown.algorithm] = { worst, view: shown.view };
      }
      return result;
    });
    expect(edges["tileable-diamond-square"]).toEqual({ worst: 0, view: "tiled" });
    expect(edges["diamond-square"].worst).toBeGreaterThan(0.05);
    await page.screenshot({ path: `${SCREENS}diamond-square-tiles.png` });
  });
});

test.describe("a worker that never answers", () => {
  test.use({
    expectedProblems: /^console error: the worker (did not start within 15 s|said nothing of its job for 30 s)$/,
  });

  test("is taken for gone within 15 s, and the page makes the map itself", async ({ page }) => {
    test.slow();
    // A stalled request or a worker script that loads and then says
    // nothing: the demo waited at "Waiting to start… 0%" for ever.
    await page.route("**/worker.js*", (route) =>
      route.fulfill({ contentType: "text/javascript", body: "self.onmessage = () => {};" }),
    );
    await page.goto("/playground.html?algorithm=perlin-noise&exponent=8&seed=4");
    await waitForAllDemos(page, 1);
    await page.getByLabel("Exponent", { exact: true }).fill("11");
    await page.getByLabel("Exponent", { exact: true }).press("Enter");
    await expect.poll(async () => (await state(page)).side, { timeout: 40_000 }).toBe(2049);
    await expect.poll(async () => (await renderStats(page)).waiting).toBe(0);
  });
});
