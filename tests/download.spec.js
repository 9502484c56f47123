// Every demo's Download menu: every format, its options, the file's size
// before it is made, progress, and the files it gives.

import { readFileSync } from "node:fs";
import { GENERATE_OPTIONS } from "./battery.js";
import { downloadFrom, expect, openDownloads, SCREENS, test, waitForAllDemos } from "./helpers.js";

test("screens of the menu", async ({ page }) => {
  for (const [width, height, name] of [
    [1280, 900, "desktop"],
    [390, 844, "phone"],
  ]) {
    await page.setViewportSize({ width, height });
    await page.goto("/playground.html");
    await page.locator(".terrain-download").first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}download-${name}-shut.png` });
    const menu = await openDownloads(page);
    await menu.getByLabel("Format", { exact: true }).selectOption("stl");
    await menu.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}download-${name}-stl.png`, fullPage: false });
    await page.goto("/diamond-square.html");
    const article = await openDownloads(page, 1);
    await article.getByLabel("Format", { exact: true }).selectOption("tiles");
    await article.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENS}download-${name}-article-tiles.png` });
  }
});

test("every demo of an article has the menu, and the download module is fetched on the first download only", async ({
  page,
}, testInfo) => {
  const fetched = [];
  page.on("request", (request) => {
    if (/terrain-export|export\.js/.test(request.url())) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto("/diamond-square.html");
  await waitForAllDemos(page, 9);
  const demos = page.locator(".terrain-demo");
  await expect(demos.locator(".terrain-download > summary")).toHaveCount(9);
  expect(fetched, "nothing of the downloads in the first page load").toEqual([]);
  // The first demo's map, as RAW16: the same bytes as exportMap() gives
  // for the heights the demo shows.
  const download = await downloadFrom(page, { Format: "raw16" }, 0);
  const path = testInfo.outputPath("first.raw");
  await download.saveAs(path);
  expect(fetched.sort()).toEqual(["/terrain-export.js", "/terrain-export_bg.wasm"]);
  const names = GENERATE_OPTIONS.map(({ option }) => option);
  const expected = await page.evaluate(async (names) => {
    const { demoState, fingerprint, generate } = await import("./terrain.js");
    const { exportMap } = await import("./export.js");
    const state = demoState(0);
    const heights = generate(
      Object.fromEntries(names.filter((name) => name in state).map((name) => [name, state[name]])),
    );
    if (fingerprint(heights) !== state.fingerprint) return "generate() made another map than the demo shows";
    return Array.from(exportMap(heights, { format: "raw16" }));
  }, names);
  expect(Array.from(readFileSync(path))).toEqual(expected);
  await expect(page.locator(".terrain-download-status").first()).toHaveText(
    new RegExp(`^Downloaded ${download.suggestedFilename().replace(".", "\\.")} \\(\\d+ bytes\\)\\.$`),
  );
});

test("each format shows its own options and the file's size before it is made; a bad option says why", async ({
  page,
}) => {
  await page.goto("/playground.html?algorithm=diamond-square&exponent=6&seed=3");
  await waitForAllDemos(page, 1);
  const menu = await openDownloads(page);
  const visibleLabels = () =>
    menu.locator(".terrain-field:visible label").evaluateAll((labels) => labels.map((label) => label.textContent));
  const size = menu.locator(".terrain-download-size");
  const save = menu.locator(".terrain-download-save");
  const format = menu.getByLabel("Format", { exact: true });
  for (const [name, labels, sizeText, file] of [
    ["png16", ["Format"], /^File size: at most [\d.]+ KB$/, "diamond-square-6-seed-3.png"],
    ["raw16", ["Format"], "File size: 8.4 KB", "diamond-square-6-seed-3-65x65.raw"],
    ["obj", ["Format", "Most triangles"], /^File size: about [\d.]+ KB$/, "diamond-square-6-seed-3.obj"],
    [
      "stl",
      ["Format", "Size (mm)", "Base (mm)", "Solid's relief", "Most triangles"],
      "File size: 448.1 KB",
      "diamond-square-6-seed-3.stl",
    ],
    [
      "glb",
      ["Format", "Vertex colours", "Most triangles"],
      /^File size: about [\d.]+ KB$/,
      "diamond-square-6-seed-3.glb",
    ],
    [
      "tiles",
      ["Format", "Tiles per side", "Each tile"],
      /^File size: [\w ]*[\d.]+ KB$/,
      "diamond-square-6-seed-3-tiles-2x2.zip",
    ],
  ]) {
    await format.selectOption(name);
    await expect.poll(visibleLabels, name).toEqual(labels);
    await expect(size, name).toHaveText(sizeText);
    await expect(save, name).toHaveText(`Download ${file}`);
  }
  // The STL's size follows its triangle budget.
  await format.selectOption("stl");
  await menu.getByLabel("Most triangles", { exact: true }).fill("1000");
  await expect(size).toHaveText("File size: at most 50.1 KB");
  // A bad option: said in the size's place, and the button refuses.
  await menu.getByLabel("Size (mm)", { exact: true }).fill("0");
  await expect(size).toHaveText("Size (mm) must be a number from 1 to 10000; got 0");
  await expect(size).toHaveClass(/terrain-error/);
  // A format that hides the field pays it no mind; back, it says so again.
  await format.selectOption("png16");
  await expect(size).toHaveText(/^File size: at most [\d.]+ KB$/);
  await format.selectOption("stl");
  await expect(size).toHaveText("Size (mm) must be a number from 1 to 10000; got 0");
  await menu.getByLabel("Size (mm)", { exact: true }).fill("100");
  await format.selectOption("tiles");
  await menu.getByLabel("Tiles per side", { exact: true }).fill("3");
  await expect(size).toHaveText(/^Tiles per side must be a whole number that divides the map's 64 cells .*; got 3$/);
  await save.click();
  await expect(menu.locator(".terrain-download-status")).toHaveText(/Tiles per side must be/);
  await menu.getByLabel("Tiles per side", { exact: true }).fill("4");
  await expect(save).toHaveText("Download diamond-square-6-seed-3-tiles-4x4.zip");
  // The refusal was of the last press; put right, it goes.
  await expect(menu.locator(".terrain-download-status")).not.toHaveText(/Tiles per side must be/);
});
