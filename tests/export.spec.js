// exportMap(): every format as outside tools read it. Khronos' glTF
// Validator on every GLB, three.js's STL reader and an edge check on every
// STL (and Debian's admesh on an exponent-10 one), RAW16 against the
// PNG16's samples, tiles against the whole map, and a GLB opened by
// three.js's GLTFLoader in the browser.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import validator from "gltf-validator";
import { pngSamples, rawSamples, stlSolid, zipEntries } from "./files.js";
import { downloadFrom, expect, test, waitForAllDemos } from "./helpers.js";

/** Runs exportMap(generate(map), options) in the page: the file's bytes,
 * or the error's message. */
function exportIn(page, map, options) {
  return page.evaluate(
    async ({ map, options }) => {
      const { generate } = await import("./terrain.js");
      const { exportMap } = await import("./export.js");
      try {
        const bytes = exportMap(generate(map), options);
        return { isUint8Array: bytes instanceof Uint8Array, bytes: Array.from(bytes) };
      } catch (error) {
        return { error: error.message, isError: error instanceof Error };
      }
    },
    { map, options },
  );
}

const MAP = { algorithm: "diamond-square", exponent: 6, seed: 7 };
const SIDE = 65;

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

test("png16 and raw16 hold the same samples, row by row", async ({ page }) => {
  const png = await exportIn(page, MAP, { format: "png16" });
  const raw = await exportIn(page, MAP, { format: "raw16" });
  expect(png.isUint8Array && raw.isUint8Array).toBe(true);
  const picture = pngSamples(png.bytes);
  expect([picture.width, picture.height]).toEqual([SIDE, SIDE]);
  expect(raw.bytes.length).toBe(2 * SIDE * SIDE);
  expect(Array.from(rawSamples(raw.bytes))).toEqual(Array.from(picture.samples));
  // The map's lowest point is sample 0, its highest 65535.
  expect(Math.min(...picture.samples)).toBe(0);
  expect(Math.max(...picture.samples)).toBe(65535);
  // The default format is png16.
  expect((await exportIn(page, MAP, {})).bytes).toEqual(png.bytes);
});

test("tiles: k × k, named by row and column, each the whole map's samples, neighbours equal along their edge", async ({
  page,
}) => {
  const whole = rawSamples((await exportIn(page, MAP, { format: "raw16" })).bytes);
  for (const [tiles, tileFormat] of [
    [2, "raw16"],
    [4, "png16"],
    [16, "raw16"],
  ]) {
    const zip = await exportIn(page, MAP, { format: "tiles", tiles, tileFormat });
    expect(zip.error).toBeUndefined();
    const entries = zipEntries(zip.bytes);
    expect(entries.size).toBe(tiles * tiles);
    const span = (SIDE - 1) / tiles;
    const side = span + 1;
    const tile = (row, column) => {
      const name = `tile-row-${row}-column-${column}-${side}x${side}.${tileFormat === "raw16" ? "raw" : "png"}`;
      const bytes = entries.get(name);
      if (!bytes) throw new Error(`no ${name} in the zip: ${[...entries.keys()].slice(0, 4).join(", ")} …`);
      if (tileFormat === "raw16") return rawSamples(bytes);
      const picture = pngSamples(bytes);
      expect([picture.width, picture.height]).toEqual([side, side]);
      return picture.samples;
    };
    const read = [];
    for (let row = 0; row < tiles; row++) read.push(Array.from({ length: tiles }, (_, column) => tile(row, column)));
    // Checked in plain JavaScript, one expect per zip.
    const wrong = [];
    for (let row = 0; row < tiles; row++) {
      for (let column = 0; column < tiles; column++) {
        const samples = read[row][column];
        for (let y = 0; y < side; y++) {
          for (let x = 0; x < side; x++) {
            if (samples[y * side + x] !== whole[(row * span + y) * SIDE + column * span + x]) {
              wrong.push(`tile ${row}, ${column} at ${x}, ${y} is not the whole map's sample`);
            }
          }
        }
        for (let k = 0; k < side; k++) {
          if (column > 0 && samples[k * side] !== read[row][column - 1][k * side + side - 1]) {
            wrong.push(`tile ${row}, ${column}'s left edge at ${k} is not its neighbour's right edge`);
          }
          if (row > 0 && samples[k] !== read[row - 1][column][(side - 1) * side + k]) {
            wrong.push(`tile ${row}, ${column}'s top edge at ${k} is not its neighbour's bottom edge`);
          }
        }
      }
    }
    expect(wrong.slice(0, 5), `${tiles} × ${tiles} ${tileFormat} tiles`).toEqual([]);
  }
});

test("obj: every point, or at most maxTriangles with the error said in the file", async ({ page }) => {
  const lines = (bytes) => Buffer.from(bytes).toString("utf-8").split("\n");
  const count = (text, prefix) => text.filter((line) => line.startsWith(prefix)).length;
  const whole = lines((await exportIn(page, MAP, { format: "obj" })).bytes);
  expect(count(whole, "v ")).toBe(SIDE * SIDE);
  expect(count(whole, "f ")).toBe(2 * (SIDE - 1) ** 2);
  const simplified = lines((await exportIn(page, MAP, { format: "obj", maxTriangles: 500 })).bytes);
  const faces = count(simplified, "f ");
  expect(faces).toBeGreaterThan(100);
  expect(faces).toBeLessThanOrEqual(500);
  expect(simplified.join("\n")).toMatch(/simplified to \d+ triangles, every point within [\d.]+ world units/);
  // Every face names vertices that exist.
  const vertices = count(simplified, "v ");
  for (const line of simplified.filter((line) => line.startsWith("f "))) {
    for (const corner of line.slice(2).split(" ")) {
      const index = Number(corner.split("/")[0]);
      expect(index >= 1 && index <= vertices, line).toBe(true);
    }
  }
});

test("stl: a closed solid, wound outward, read by three.js's STLLoader, of the size asked", async ({ page }) => {
  for (const options of [
    { format: "stl" },
    { format: "stl", sizeMm: 150, baseMm: 5, relief: 0.5 },
    { format: "stl", maxTriangles: 1000 },
    { format: "stl", maxTriangles: 14 },
  ]) {
    const what = JSON.stringify(options);
    const file = await exportIn(page, { ...MAP, algorithm: "midpoint-displacement" }, options);
    expect(file.error, what).toBeUndefined();
    const solid = stlSolid(file.bytes);
    expect(solid.unmatchedEdges, `${what}: every edge has a partner running the other way`).toBe(0);
    expect(solid.doubledEdges, `${what}: no edge is run the same way twice`).toBe(0);
    expect(solid.degenerate, `${what}: no degenerate triangle`).toBe(0);
    expect(solid.repeated, `${what}: no triangle twice`).toBe(0);
    expect(solid.flippedNormals, `${what}: each normal agrees with its winding`).toBe(0);
    expect(solid.vertices - solid.edges + solid.triangles, `${what}: one closed surface (Euler: 2)`).toBe(2);
    expect(solid.volume, `${what}: a positive volume, so it faces outward`).toBeGreaterThan(0);
    if (options.maxTriangles) expect(solid.triangles).toBeLessThanOrEqual(options.maxTriangles);
    const size = options.sizeMm ?? 100;
    const base = options.baseMm ?? 2;
    // At least the base under the whole footprint, at most the base and
    // the full relief (half the footprint at relief 1) over it.
    expect(solid.volume).toBeGreaterThan(size * size * base * 0.999);
    expect(solid.volume).toBeLessThan(size * size * (base + ((options.relief ?? 1) * size) / 2));
  }
});

test("glb: every one passes Khronos' glTF Validator with no errors", async ({ page }) => {
  for (const options of [
    { format: "glb" },
    { format: "glb", palette: "greyscale" },
    { format: "glb", palette: "bands", maxTriangles: 800 },
    { format: "glb", maxTriangles: 2 },
  ]) {
    const file = await exportIn(page, MAP, options);
    expect(file.error).toBeUndefined();
    const report = await validator.validateBytes(Uint8Array.from(file.bytes));
    const errors = report.issues.messages.filter((message) => message.severity === 0);
    expect(errors, `${JSON.stringify(options)}: ${JSON.stringify(errors.slice(0, 3))}`).toEqual([]);
    expect(report.issues.numErrors).toBe(0);
    const { drawCallCount, totalVertexCount, totalTriangleCount } = report.info;
    expect(drawCallCount).toBe(1);
    expect(totalVertexCount).toBeGreaterThanOrEqual(3);
    if (options.maxTriangles) expect(totalTriangleCount).toBeLessThanOrEqual(options.maxTriangles);
    else expect(totalTriangleCount).toBe(2 * (SIDE - 1) ** 2);
  }
});

test("bad input: each error names the option, the value and what is allowed", async ({ page }) => {
  for (const [map, options, message] of [
    [MAP, { format: "fbx" }, 'format must be one of png16, raw16, obj, stl, glb, tiles; got "fbx"'],
    [MAP, { format: "stl", sizeMm: 0 }, "sizeMm must be a number from 1 to 10000; got 0"],
    [MAP, { format: "stl", baseMm: -1 }, "baseMm must be a number from 0.1 to 1000; got -1"],
    [MAP, { format: "glb", maxTriangles: 1 }, "maxTriangles must be a whole number from 2 to 10000000; got 1"],
    [MAP, { format: "stl", maxTriangles: 10 }, /^maxTriangles must be a whole number from 14 to 10000000 for stl/],
    [
      MAP,
      { format: "tiles", tiles: 3 },
      "tiles must be a whole number that divides the map's 64 cells (1, 2, 4, 8 … 64); got 3",
    ],
    [MAP, { format: "tiles", tileFormat: "jpeg" }, /^tileFormat must be one of raw16, png16; got "jpeg"/],
    [MAP, { format: "glb", palette: "rainbow" }, /^palette must be one of .*; got "rainbow"/],
    [MAP, { fromat: "stl" }, /fromat/],
  ]) {
    const result = await exportIn(page, map, options);
    expect(result.isError, JSON.stringify(options)).toBe(true);
    if (typeof message === "string") expect(result.error).toBe(message);
    else expect(result.error).toMatch(message);
  }
  const refused = await page.evaluate(async () => {
    const { exportMap } = await import("./export.js");
    const tried = [];
    for (const heights of [
      Float64Array.from({ length: 81 }, (_, i) => (i === 40 ? Number.NaN : 0.5)),
      Float64Array.from({ length: 81 }, (_, i) => (i === 3 ? Number.POSITIVE_INFINITY : 0.5)),
      new Float64Array(80),
    ]) {
      try {
        exportMap(heights, { format: "stl" });
        tried.push("no error");
      } catch (error) {
        tried.push(error.message);
      }
    }
    return tried;
  });
  expect(refused[0]).toMatch(/^height number 40 is NaN; exportMap needs heights from -1000000 to 1000000/);
  expect(refused[1]).toMatch(/^height number 3 is Infinity; exportMap needs heights from -1000000 to 1000000/);
  expect(refused[2]).toMatch(/^exportMap takes heights of a square map 2\^n \+ 1 points wide .*; got 80 values/);
});

test("a GLB opens in three.js's GLTFLoader, its mesh whole and coloured", async ({ page }) => {
  // three.js from node_modules, served on the site's origin for this page.
  const require = createRequire(import.meta.url);
  const three = dirname(dirname(require.resolve("three")));
  await page.route("**/three/**", (route) => {
    const path = new URL(route.request().url()).pathname.replace(/^.*\/three\//, "");
    route.fulfill({ path: join(three, path), contentType: "text/javascript" });
  });
  await page.route("**/gltf-loader-test.html", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>GLTFLoader</title><script type="importmap">
        { "imports": { "three": "/three/build/three.module.js", "three/addons/": "/three/examples/jsm/" } }
        </script>`,
    }),
  );
  await page.goto("/gltf-loader-test.html");
  const loaded = await page.evaluate(async () => {
    const { generate } = await import("/terrain.js");
    const { exportMap } = await import("/export.js");
    const { GLTFLoader } = await import("three/addons/loaders/GLTFLoader.js");
    const bytes = exportMap(generate({ algorithm: "diamond-square", exponent: 6, seed: 7 }), {
      format: "glb",
      palette: "terrain",
    });
    const gltf = await new GLTFLoader().parseAsync(bytes.buffer, "");
    const meshes = [];
    gltf.scene.traverse((object) => {
      if (object.isMesh) meshes.push(object);
    });
    const [mesh] = meshes;
    const { geometry } = mesh;
    geometry.computeBoundingBox();
    const colours = geometry.getAttribute("color");
    let coloured = 0;
    for (let i = 0; i < colours.count; i++) if (colours.getX(i) !== colours.getY(i)) coloured++;
    return {
      meshes: meshes.length,
      attributes: Object.keys(geometry.attributes).sort(),
      vertices: geometry.getAttribute("position").count,
      indices: geometry.index.count,
      box: [geometry.boundingBox.min.toArray(), geometry.boundingBox.max.toArray()],
      vertexColors: mesh.material.vertexColors,
      coloured: coloured / colours.count,
    };
  });
  expect(loaded.meshes).toBe(1);
  expect(loaded.attributes).toEqual(["color", "normal", "position"]);
  expect(loaded.vertices).toBe(SIDE * SIDE);
  expect(loaded.indices).toBe(3 * 2 * (SIDE - 1) ** 2);
  expect(loaded.vertexColors).toBe(true);
  expect(loaded.coloured, "the terrain palette is not grey").toBeGreaterThan(0.5);
  for (const axis of [0, 1, 2]) expect(loaded.box[1][axis]).toBeGreaterThan(loaded.box[0][axis]);
});

test("an exponent-10 STL from the Download menu: admesh finds nothing to repair", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto("/playground.html?algorithm=diamond-square&exponent=10&seed=7");
  await waitForAllDemos(page, 1);
  const download = await downloadFrom(page, { Format: "stl" });
  expect(download.suggestedFilename()).toBe("diamond-square-10-seed-7.stl");
  const path = testInfo.outputPath("exponent-10.stl");
  await download.saveAs(path);
  // Every point of the 1025 × 1025 map, walls and base: the default budget
  // keeps them all.
  expect(readFileSync(path).length).toBe(84 + 50 * (2 * 1024 * 1024 + 3 * 4 * 1024));
  let report;
  try {
    report = execFileSync("admesh", [path], { encoding: "utf-8" });
  } catch (error) {
    throw new Error(`admesh did not run (cargo xtask test installs it: apt-get install admesh): ${error.message}`);
  }
  const number = (label) => {
    const found = report.match(new RegExp(`${label}\\s*:\\s*(-?[\\d.]+)`));
    if (!found) throw new Error(`admesh said no "${label}":\n${report}`);
    return Number(found[1]);
  };
  for (const label of [
    "Total disconnected facets",
    "Degenerate facets",
    "Edges fixed",
    "Facets removed",
    "Facets added",
    "Facets reversed",
    "Backwards edges",
    "Normals fixed",
  ]) {
    expect(number(label), `${label}\n${report}`).toBe(0);
  }
  expect(number("Number of parts"), report).toBe(1);
  expect(number("Volume"), report).toBeGreaterThan(100 * 100 * 2);
});
