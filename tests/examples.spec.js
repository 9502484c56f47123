// The JavaScript examples of the README and of the chapters, run as a
// developer pastes them (with YOUR-COPY-OF-THE-SITE pointing at the built
// site), and what their comments promise: every "default" is the value the
// option takes when it is left out, and each printed result is the one the
// code gives. A new example fails the first tests until it is run here.
// The README's tables of settings are held to the registry. Last, the home
// page's two embed snippets, pasted on another site.

import { readdirSync, readFileSync } from "node:fs";
import { REGISTRY } from "./battery.js";
import { BLOG, demoState, expect, htmlCodeBlocks, markdownBlocks, SITE, test, waitForAllDemos } from "./helpers.js";

const README = new URL("../README.md", import.meta.url);
const EXAMPLES = markdownBlocks(README, "js");

/** The one of `examples` whose code includes `text`. */
function theOne(examples, text) {
  const found = examples.filter(({ code }) => code.includes(text));
  expect(found, `one example includes ${JSON.stringify(text)}`).toHaveLength(1);
  return found[0];
}

/** The one README example whose code includes `text`. */
const example = (text) => theOne(EXAMPLES, text);

/** The README's HTML snippets: its iframe, and its script with an element. */
const README_HTML = markdownBlocks(README, "html");
const readmeSnippet = (text) => theOne(README_HTML, text).code;

/** Fails unless each of `examples` includes exactly one of `markers`, the
 * texts the tests here know their examples by. */
function expectEachRun(examples, markers) {
  expect(examples.length).toBeGreaterThan(0);
  for (const { code, line, where } of examples) {
    const known = Object.values(markers).filter((text) => code.includes(text));
    expect(known, `${where} line ${line}: an example none of these tests runs`).toHaveLength(1);
  }
}

/** `code` with the site's address for YOUR-COPY-OF-THE-SITE (the README's
 * words) or YOUR-COPY-OF-THIS-SITE (the pages'). */
const onSite = (code) => code.replace(/https:\/\/YOUR-COPY-OF-(THE|THIS)-SITE\//g, `${SITE}/`);

/** Opens a blog post on the other origin whose body is `snippet`. */
const pasteOnBlog = (page, snippet) => page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(onSite(snippet))}`);

/** What each example is known by here; the package's runs in Node, in
 * package.spec.js. */
const RUN = {
  resize: 'data?.type === "terrain-demo:height"',
  options: "const fbm = generate({",
  into: "{ into: heights }",
  erode: "erode(heights, { droplets: 50000, seed: 7 })",
  analyze: "measures.spectrum.slope;",
  exportMap: 'exportMap(heights, { format: "stl"',
  async: "await generateAsync(",
  package: 'from "terrain-step-by-step/core"',
};

test("every JavaScript example in the README is run by these tests", () => {
  expectEachRun(
    EXAMPLES.map((example) => ({ ...example, where: "README.md" })),
    RUN,
  );
  expect(readFileSync(new URL("./package.spec.js", import.meta.url), "utf8")).toContain(
    "the README's package example runs in Node as written",
  );
});

/** `code` as a module the page can import: the site's address for
 * YOUR-COPY-OF-THE-SITE (or THIS-SITE) and for `./`, `terrain.js` imported
 * where the example takes it as already imported, and its top-level
 * variables exported. */
function runnable(code) {
  let source = onSite(code).replaceAll('from "./', `from "${SITE}/`);
  if (!source.includes("import ")) source = `import { erode, generate } from "${SITE}/terrain.js";\n${source}`;
  const names = [...source.matchAll(/^(?:const|let) (\w+)/gm)].map((match) => match[1]);
  return `${source}\nexport { ${names.join(", ")} };\n`;
}

/** Runs the README's example `code` on the site's page and hands its
 * constants, and terrain.js and export.js, to `check` there. */
async function run(page, code, check, argument) {
  await page.goto("/");
  // The check goes to the page as part of the example's module.
  const module = `${runnable(code)}export const check = ${check.toString()};\n`;
  return page.evaluate(
    async ({ module, argument }) => {
      const url = URL.createObjectURL(new Blob([module], { type: "text/javascript" }));
      const example = await import(url);
      const [terrain, files] = await Promise.all([import("./terrain.js"), import("./export.js")]);
      return example.check(example, terrain, files, argument);
    },
    { module, argument },
  );
}

/** The options of each `generate({ ... })` in `code`, in order, and for
 * each option the default its comment gives ("// default V"), if any. */
function optionObjects(code) {
  return [...code.matchAll(/generate\(\{\n([\s\S]*?)\n\}\)/g)].map((match) => {
    const options = {};
    const defaults = {};
    for (const line of match[1].split("\n")) {
      const option = /^\s*(\w+): ([^,]+),\s*(?:\/\/ default (\S+?)[;:,]?(?:\s|$))?/.exec(line);
      if (!option) continue;
      options[option[1]] = JSON.parse(option[2]);
      if (option[3] !== undefined) defaults[option[1]] = JSON.parse(option[3]);
    }
    return { options, defaults };
  });
}

test("the options example: every default its comments give is what a left-out option takes", async ({ page }) => {
  const { code } = example(RUN.options);
  const objects = optionObjects(code);
  expect(objects, "two calls, each with its options commented").toHaveLength(2);
  for (const { defaults } of objects) expect(Object.keys(defaults).length).toBeGreaterThan(5);
  // "exponent: 5, // default 5: (2^5 + 1)^2 = 1089 heights"
  const [, heightCount] = /= (\d+) heights/.exec(code);
  const result = await run(
    page,
    code,
    ({ heights, fbm }, { fingerprint, generate }, _files, objects) => {
      const same = (a, b) => fingerprint(generate(a)) === fingerprint(generate(b));
      const defaults = objects.flatMap(({ options, defaults }) =>
        Object.entries(defaults).map(([name, value]) => {
          const left = { ...options };
          delete left[name];
          return { name, value, same: same(left, { ...left, [name]: value }) };
        }),
      );
      const recursive = { algorithm: "recursive-midpoint-displacement", exponent: 5, seed: 7 };
      return {
        heights: { type: Object.prototype.toString.call(heights), length: heights.length },
        low: Math.min(...heights),
        high: Math.max(...heights),
        fbm: fingerprint(fbm) === fingerprint(generate(objects[1].options)),
        defaults,
        recursive: same(recursive, { ...recursive, spreadReduction: 0.55 }),
        recursiveNotHalf: !same(recursive, { ...recursive, spreadReduction: 0.5 }),
      };
    },
    objects,
  );
  expect(result.heights).toEqual({ type: "[object Float64Array]", length: Number(heightCount) });
  expect([result.low, result.high], '"done" spans exactly [0, 1]').toEqual([0, 1]);
  expect(result.fbm).toBe(true);
  for (const { name, value, same } of result.defaults) {
    expect(same, `${name} left out is ${JSON.stringify(value)}`).toBe(true);
  }
  expect(code).toContain("(0.55 for the recursive algorithm)");
  expect(result.recursive && result.recursiveNotHalf, "the recursive algorithm's spread reduction is 0.55").toBe(true);
});

test("the into example leaves each seed's map in the array, bit for bit", async ({ page }) => {
  const { code } = example(RUN.into);
  const result = await run(page, code, ({ heights }, { fingerprint, generate }) => ({
    same: fingerprint(heights) === fingerprint(generate({ algorithm: "perlin-noise", exponent: 7, seed: 3 })),
    length: heights.length,
  }));
  expect(result).toEqual({ same: true, length: 129 * 129 });
});

test("the erode example weathers a copy and leaves the map as it was", async ({ page }) => {
  const { code } = example(RUN.erode);
  const result = await run(page, code, ({ heights, weathered }, { erode, fingerprint, generate }) => {
    const map = generate({ algorithm: "diamond-square", exponent: 9, seed: 7 });
    return {
      kept: fingerprint(heights) === fingerprint(map),
      weathered: fingerprint(weathered) === fingerprint(erode(map, { droplets: 50000, seed: 7 })),
      changed: fingerprint(weathered) !== fingerprint(map),
      length: weathered.length,
    };
  });
  expect(result).toEqual({ kept: true, weathered: true, changed: true, length: 513 * 513 });
});

test("the analyze example's slope is the one its comment gives", async ({ page }) => {
  const { code } = example(RUN.analyze);
  const [, said] = /slope; \/\/ about (-?\d+\.\d+)/.exec(code);
  const slope = await run(page, code, ({ measures }) => measures.spectrum.slope);
  expect(slope.toFixed(1)).toBe(said);
});

test("the exportMap example writes an STL, a GLB and a zip of 16 PNG tiles", async ({ page }) => {
  const { code } = example(RUN.exportMap);
  const result = await run(page, code, ({ stl, glb, tiles }) => {
    const latin1 = (bytes) => new TextDecoder("latin1").decode(bytes);
    const triangles = new DataView(stl.buffer, stl.byteOffset).getUint32(80, true);
    return {
      types: [stl, glb, tiles].map((bytes) => Object.prototype.toString.call(bytes)),
      stl: stl.length === 84 + 50 * triangles && triangles > 0,
      glb: latin1(glb.subarray(0, 4)),
      zip: latin1(tiles.subarray(0, 4)),
      // Each name is in its local header and in the central directory.
      names: new Set(latin1(tiles).match(/tile-row-\d+-column-\d+-129x129\.png/g)).size,
    };
  });
  expect(result).toEqual({
    types: Array(3).fill("[object Uint8Array]"),
    stl: true,
    glb: "glTF",
    zip: "PK\u0003\u0004",
    names: 16,
  });
});

test("the async example makes, weathers and writes an exponent-12 map off the page's thread", async ({ page }) => {
  test.setTimeout(240_000);
  const { code } = example(RUN.async);
  const result = await run(page, code, ({ heights, weathered, stl }) => ({
    sides: [heights.length, weathered.length],
    stl: stl.length === 84 + 50 * new DataView(stl.buffer, stl.byteOffset).getUint32(80, true),
  }));
  expect(result).toEqual({ sides: [4097 * 4097, 4097 * 4097], stl: true });
});

test("the README's frame, on another site, grows to its content with the README's listener", async ({ page }) => {
  const frame = readmeSnippet("<iframe ");
  const { code: listener } = example(RUN.resize);
  await pasteOnBlog(page, `${frame}<script>${listener}</script>`);
  const iframe = page.locator("iframe");
  // The snippet's own height: read from the page, it may be the first
  // message's already (a loaded machine runs the test slower than the frame).
  const written = Number(/ height="(\d+)"/.exec(frame)[1]);
  await page.frameLocator("iframe").locator("canvas.terrain-canvas").waitFor();
  const sizes = () =>
    page
      .frameLocator("iframe")
      .locator("html")
      .evaluate((html) => ({
        content: html.scrollHeight,
        view: html.querySelector("canvas.terrain-canvas").getBoundingClientRect().height,
      }));
  // The frame takes its content's height in a message or two, and then
  // stays: the view's least height follows the frame's width, not its
  // height, so a taller frame does not make taller content.
  await expect
    .poll(async () => {
      const frame = Number(await iframe.getAttribute("height"));
      const { content } = await sizes();
      return frame !== written && Math.abs(frame - content) < 2;
    })
    .toBe(true);
  const settled = Number(await iframe.getAttribute("height"));
  await page.waitForTimeout(1000);
  expect(Number(await iframe.getAttribute("height")), "the frame's height has settled").toBe(settled);
  const { view } = await sizes();
  const width = Number(await iframe.getAttribute("width"));
  expect(view, `a ${view} px view in a frame ${width} wide`).toBeLessThanOrEqual(0.75 * width);
});

/** The pages' JavaScript examples (the `<pre><code>` blocks that call
 * generate), each with its page and the line its block starts on. */
const CHAPTER_EXAMPLES = readdirSync(new URL("../www/", import.meta.url))
  .filter((name) => name.endsWith(".html"))
  .flatMap((page) =>
    htmlCodeBlocks(new URL(`../www/${page}`, import.meta.url)).map((block) => ({ ...block, where: page })),
  )
  .filter(({ code }) => code.includes("generate({"));

/** What each chapter example is known by here. */
const CHAPTER_RUN = {
  bend: "atLines / midCell",
  api: "// Everything at once",
  deepest: "// deepest is",
  wrap: "wrap: true });",
};

/** The one chapter example whose code includes `text`. */
const chapterExample = (text) => theOne(CHAPTER_EXAMPLES, text);

test("every JavaScript example on the chapters is run by these tests", () => {
  expectEachRun(CHAPTER_EXAMPLES, CHAPTER_RUN);
});

test("the gradient-noise chapter's bend measurement prints what its comment says, for both fades", async ({ page }) => {
  const { code } = chapterExample(CHAPTER_RUN.bend);
  const [, cubic, quintic] = /atLines \/ midCell\); \/\/ (\d+\.\d+); with fade: "quintic", (\d+\.\d+)/.exec(code);
  const ratio = ({ atLines, midCell }) => atLines / midCell;
  expect((await run(page, code, ratio)).toFixed(1)).toBe(cubic);
  const withQuintic = code.replace('fade: "smoothstep"', 'fade: "quintic"');
  expect(withQuintic).not.toBe(code);
  expect((await run(page, withQuintic, ratio)).toFixed(1)).toBe(quintic);
});

test("the gradient-noise chapter's API example gives the heights its comments give", async ({ page }) => {
  const { code } = chapterExample(CHAPTER_RUN.api);
  const [, first] = /lattice\[0\]; \/\/ .* = (\d+\.\d+)/.exec(code);
  const result = await run(page, code, ({ heights, lattice, early, fancy }) => ({
    first: lattice[0],
    set: lattice.filter((height) => height !== 0).length,
    lengths: [heights, lattice, early, fancy].map((map) => map.length),
  }));
  expect(result.first.toFixed(4)).toBe(first);
  expect(code).toContain("Step 1's lattice: only every 32nd point is set.");
  expect(result.set, "5 × 5 lattice points").toBe(25);
  expect(code).toContain("129 × 129 points");
  expect(result.lengths).toEqual(Array(4).fill(129 * 129));
});

test("the erosion chapter's example finds the deepest cut its comment gives", async ({ page }) => {
  const { code } = chapterExample(CHAPTER_RUN.deepest);
  const [, said] = /deepest is (-\d+\.\d+)/.exec(code);
  const deepest = await run(page, code, ({ deepest }) => deepest);
  expect(deepest.toFixed(4)).toBe(said);
});

test("the erosion chapter's wrap example leaves a tile whose edges meet", async ({ page }) => {
  const { code } = chapterExample(CHAPTER_RUN.wrap);
  expect(code).toContain("// Row 0 and row 128 are equal, and so are columns 0 and 128.");
  const result = await run(page, code, ({ tile, eroded }) => {
    const side = 129;
    let rows = 0;
    let columns = 0;
    for (let i = 0; i < side; i++) {
      if (eroded[i] === eroded[128 * side + i]) rows++;
      if (eroded[i * side] === eroded[i * side + 128]) columns++;
    }
    return { rows, columns, changed: eroded.some((height, i) => height !== tile[i]) };
  });
  expect(result).toEqual({ rows: 129, columns: 129, changed: true });
});

test("the README's frame, styled as it advises for narrow columns, fits a phone's column and fills it", async ({
  page,
}) => {
  const prose = readFileSync(README, "utf8").replace(/\s+/g, " ");
  const [, style] = /add `style="([^"]+)"`/.exec(prose) ?? [];
  expect(style, "the README's advice").toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await pasteOnBlog(page, readmeSnippet("<iframe ").replace("<iframe ", `<iframe style="${style}" `));
  const inside = await (await page.locator("iframe").elementHandle()).contentFrame();
  await expect.poll(async () => (await demoState(inside, 0))?.fingerprint).toBeTruthy();
  const outer = await page.evaluate(() => ({
    frame: document.querySelector("iframe").getBoundingClientRect().width,
    page: document.documentElement.scrollWidth,
    column: document.documentElement.clientWidth,
  }));
  expect(outer.frame, "narrower than its 640 px").toBeLessThan(390);
  expect(outer.page, "the blog does not scroll sideways").toBeLessThanOrEqual(outer.column);
  const inner = await inside.evaluate(() => ({
    view: document.querySelector("canvas.terrain-canvas").getBoundingClientRect().width,
    content: document.documentElement.scrollWidth,
    frame: document.documentElement.clientWidth,
  }));
  expect(inner.content, "nothing in the frame is wider than it").toBeLessThanOrEqual(inner.frame);
  expect(inner.view, "the view spans the frame").toBeGreaterThan(inner.frame * 0.85);
});

/** The README's table under the header row `header`: its cells by the
 * setting each row names (its first cell, without the backticks). */
function readmeTable(header) {
  const lines = readFileSync(README, "utf8").split("\n");
  const at = lines.indexOf(header);
  expect(at, `the README has a table ${header}`).toBeGreaterThan(-1);
  const rows = new Map();
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith("| ")) break;
    const [name, ...cells] = line.slice(2, -2).split(" | ");
    rows.set(name.replaceAll("`", ""), cells);
  }
  return rows;
}

/** `text` holds `word` standing alone (not inside a longer number or name). */
const holds = (text, word) =>
  new RegExp(`(^|[^\\w.-])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w.-])`).test(text);

/** Checks a README table of settings against the registry: a row for each
 * of `entries` and no other (named by `nameOf`), the words or range each
 * takes, and its defaults; `written` is how the table writes a word, and
 * with `codeDefaults` a default number too. */
function expectTableOf(header, entries, { nameOf, written, defaultsOf, codeDefaults = false, inWords = {} }) {
  const rows = readmeTable(header);
  expect([...rows.keys()].sort(), header).toEqual(entries.map(nameOf).sort());
  // The columns after the name, as the header names them.
  const titles = header.slice(2, -2).split(" | ").slice(1);
  const defaultAt = titles.indexOf("default");
  const allowedAt = titles.findIndex((title) => title === "allowed" || title === "meaning");
  expect([defaultAt, allowedAt], `${header}: its default and allowed columns`).not.toContain(-1);
  // The README writes large numbers with thin groups (1 000 000).
  const plain = (text) => text.replace(/(\d) (?=\d{3}\b)/g, "$1");
  for (const entry of entries) {
    const { kind } = entry;
    const name = nameOf(entry);
    const cells = rows.get(name);
    const [fallback, allowed] = [cells[defaultAt], cells[allowedAt]];
    const what = `${header}: ${name}'s row`;
    if (name === "algorithm") {
      expect(REGISTRY.algorithms, what).toHaveLength(9);
      expect(allowed, what).toContain("the nine names");
    } else if (kind.type === "choice" || kind.type === "switchOr") {
      for (const word of kind.names) expect(allowed, what).toContain(written(word));
    } else if (kind.type === "switch") {
      expect(allowed, what).toContain(`${written(true)} or ${written(false)}`);
    } else if (entry.option === "seed") {
      expect(BigInt(kind.max), what).toBe(2n ** 64n - 1n);
      expect(allowed, what).toContain(`${kind.min} to 2^64 − 1`);
    } else if (kind.type === "whole" || kind.type === "number") {
      expect(plain(allowed), what).toContain(`${kind.min} to ${kind.max}`);
    }
    if (name in inWords) expect(fallback, what).toBe(inWords[name]);
    else {
      const named = kind.type === "choice" || kind.type === "switchOr";
      for (const value of defaultsOf(entry)) {
        const shown = named || codeDefaults ? written(value) : value;
        expect(holds(fallback, shown), `${what}: default ${shown}`).toBe(true);
      }
    }
  }
}

test("the README's tables of attributes and options: every setting, its words or range, and its defaults", () => {
  const allDefaults = ({ defaults = {} }) => new Set(Object.values(defaults));
  // The options' tables write names as JavaScript strings.
  const asString = (word) => (typeof word === "boolean" ? String(word) : `\`"${word}"\``);
  expectTableOf(
    "| attribute | meaning | default |",
    REGISTRY.settings.filter((entry) => entry.surfaces.attribute),
    {
      nameOf: ({ attribute }) => attribute,
      written: (word) => `\`${word}\``,
      defaultsOf: allDefaults,
      codeDefaults: true,
      // Said in words: the algorithm is required, a seed is random unless
      // given, and a link has no default name.
      inWords: { "data-terrain-demo": "(required)", "data-seed": "a random one", "data-link": "none" },
    },
  );
  expectTableOf(
    "| option | default | allowed |",
    REGISTRY.settings.filter((entry) => entry.surfaces.generate || entry.group === "stage"),
    {
      nameOf: ({ option }) => option,
      written: asString,
      defaultsOf: (entry) =>
        ({ algorithm: [REGISTRY.defaultAlgorithm], stage: ["done"] })[entry.option] ?? allDefaults(entry),
    },
  );
  // erode() knows no algorithm: its defaults are those of the default one.
  expectTableOf(
    "| option | default | allowed | what it does |",
    REGISTRY.settings.filter((entry) => entry.surfaces.erode),
    {
      nameOf: ({ option }) => option,
      written: asString,
      defaultsOf: ({ defaults }) => [defaults[REGISTRY.defaultAlgorithm]],
    },
  );
});

/** The home page's snippets: its `<pre><code>` blocks, as a reader copies
 * them. */
const HOME_SNIPPETS = htmlCodeBlocks(new URL("../index.html", import.meta.url)).map(({ code }) => code);

test("the home page names every algorithm the element takes", () => {
  const home = readFileSync(new URL("../index.html", import.meta.url), "utf8").replace(/\s+/g, " ");
  const [, list] = /<code>algorithm<\/code> \(([^)]*)\)/.exec(home) ?? [];
  expect(list, "the home page lists the algorithms").toBeTruthy();
  const named = [...list.matchAll(/<code>([a-z-]+)<\/code>/g)].map((match) => match[1]);
  expect(named).toEqual(REGISTRY.algorithms);
});

test("the home page's two snippets and the README's element, pasted on another site, show the terrain they describe", async ({
  page,
}) => {
  expect(HOME_SNIPPETS, "an iframe and a script with its element").toHaveLength(2);
  const [frame, element] = HOME_SNIPPETS;
  expect(frame).toMatch(/^<iframe /);
  expect(element).toMatch(/^<script type="module"/);
  const described = { algorithm: "diamond-square", stage: "square", exponent: 3, seed: 7 };
  await page.goto("/");
  const expected = await page.evaluate(async (options) => {
    const { fingerprint, generate } = await import("./terrain.js");
    return fingerprint(generate(options));
  }, described);

  await pasteOnBlog(page, element);
  await waitForAllDemos(page, 1);
  const shown = await demoState(page, 0);
  expect([shown.algorithm, shown.stage, shown.fingerprint]).toEqual([described.algorithm, described.stage, expected]);

  // The README's script, with the same demo as an element and as a div.
  await pasteOnBlog(page, readmeSnippet('<script type="module"'));
  await waitForAllDemos(page, 2);
  for (const index of [0, 1]) {
    const demo = await demoState(page, index);
    expect([demo.algorithm, demo.stage, demo.fingerprint], `the README's demo ${index + 1}`).toEqual([
      described.algorithm,
      described.stage,
      expected,
    ]);
  }

  await pasteOnBlog(page, frame);
  await expect(page.frameLocator("iframe").locator("canvas.terrain-canvas")).toBeVisible();
  const embedded = page.frames().find((candidate) => candidate.url().includes("/embed.html?"));
  expect(embedded, "the frame loads embed.html").toBeTruthy();
  await expect
    .poll(async () => (await demoState(embedded, 0))?.fingerprint, { message: "the frame's terrain" })
    .toBe(expected);
});
