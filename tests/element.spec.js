// The <terrain-demo> element on a blog on another origin: it mounts from
// its attributes, follows their changes (one new map and one drawing a
// frame), says what is wrong with a bad value while the last good picture
// stays, and releases everything it held when it leaves the page, a
// thousand times over.

import { BLOG, demoState, expect, keepWebGLContexts, renderStats, SITE, statsOf, test } from "./helpers.js";

/** The terrain.js the page loaded (its first copy), in the page. */
const MODULE = `${SITE}/terrain.js`;

/** Waits for `frames` animation frames in the page. */
const frames = (page, count = 3) =>
  page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);

test("a <terrain-demo> reads its attributes, follows their changes and refuses bad ones by name", async ({ page }) => {
  await page.goto(`${BLOG}/elements.html`);
  const demos = page.locator("terrain-demo.terrain-demo");
  await expect(demos).toHaveCount(2);
  await expect.poll(async () => (await statsOf(page, 0)).foreground).toBeGreaterThan(0.05);

  // Defined once, though the page loads the script twice.
  expect(await page.evaluate(() => customElements.get("terrain-demo").name)).toBe("TerrainDemo");
  expect((await renderStats(page)).demos).toBe(2);

  // Its map is generate()'s for the same settings, bit for bit.
  const made = (options) =>
    page.evaluate(
      async ({ MODULE, options }) => {
        const terrain = await import(MODULE);
        return terrain.fingerprint(terrain.generate(options));
      },
      { MODULE, options },
    );
  const first = await demoState(page, 0);
  expect(first.fingerprint).toBe(await made({ algorithm: "diamond-square", exponent: 5, seed: 7 }));
  const second = await demoState(page, 1);
  expect([second.algorithm, second.stage, second.exponent]).toEqual(["midpoint-displacement", "pass-2", 4]);
  await expect(demos.nth(1).locator(".terrain-controls")).toBeVisible();

  // Three changes in one task: one new map, drawn once.
  const before = await renderStats(page);
  await page.evaluate(() => {
    const element = document.getElementById("first");
    element.setAttribute("exponent", "6");
    element.setAttribute("seed", "8");
    element.setAttribute("algorithm", "perlin-noise");
  });
  await expect
    .poll(async () => (await demoState(page, 0)).fingerprint)
    .toBe(await made({ algorithm: "perlin-noise", exponent: 6, seed: 8 }));
  await frames(page);
  const after = await renderStats(page);
  expect(after.draws - before.draws, "one drawing for three changes").toBe(1);

  // A bad value is named with what is allowed; the last good map stays.
  const shown = (await demoState(page, 0)).fingerprint;
  const picture = (await statsOf(page, 0)).hash;
  await page.evaluate(() => {
    const element = document.getElementById("first");
    element.setAttribute("exponent", "40");
    element.setAttribute("palette", '<img src=x onerror="window.injected = 1">');
  });
  const notice = demos.nth(0).locator(".terrain-notice");
  await expect(notice).toContainText("exponent must be a whole number from 1 to 12; got 40");
  await expect(notice).toContainText("palette must be one of terrain, bands, green, greyscale");
  await expect(notice).toContainText("where a value is refused, the last good one stands");
  expect((await demoState(page, 0)).fingerprint).toBe(shown);
  await frames(page);
  expect((await statsOf(page, 0)).hash, "the last good picture stays").toBe(picture);
  expect(await demos.nth(0).locator("img").count(), "values stay text").toBe(0);
  expect(await page.evaluate(() => window.injected)).toBeUndefined();
  // Put right, the message goes.
  await page.evaluate(() => {
    const element = document.getElementById("first");
    element.setAttribute("exponent", "5");
    element.removeAttribute("palette");
  });
  await expect(notice).toBeHidden();
  // A setting the map does not read is said so; the map stays.
  const put = (await demoState(page, 0)).fingerprint;
  await page.evaluate(() => document.getElementById("first").setAttribute("spread", "2"));
  await expect(notice).toContainText("spread is not read: Perlin noise has no spread");
  expect((await demoState(page, 0)).fingerprint).toBe(put);
  await page.evaluate(() => document.getElementById("first").removeAttribute("spread"));
  await expect(notice).toBeHidden();

  // New controls are a new set of elements: the demo is built anew.
  await page.evaluate(() => document.getElementById("first").setAttribute("controls", "full"));
  await expect(demos.nth(0).getByLabel("Algorithm")).toBeVisible();
  // The embed address's words mean the same here.
  await page.evaluate(() => document.getElementById("first").setAttribute("controls", "compact"));
  await expect(demos.nth(0).getByLabel("Algorithm")).toHaveCount(0);
  await expect(demos.nth(0).locator(".terrain-controls")).toBeVisible();
  await page.evaluate(() => document.getElementById("first").setAttribute("controls", "none"));
  await expect(demos.nth(0).locator(".terrain-controls")).toHaveCount(0);
  await expect(notice).toBeHidden();

  // Removed: its demo and elements go; put back: it comes back.
  await page.evaluate(() => document.getElementById("second").remove());
  await expect.poll(async () => (await renderStats(page)).demos).toBe(1);
  await page.evaluate(() => {
    const element = document.createElement("terrain-demo");
    element.setAttribute("algorithm", "cellular-noise");
    element.setAttribute("exponent", "5");
    element.setAttribute("seed", "2");
    document.getElementById("later").append(element);
  });
  await expect.poll(async () => (await renderStats(page)).demos).toBe(2);
  await expect(page.locator("#later terrain-demo canvas.terrain-canvas")).toHaveCount(1);
});

/** The page's JavaScript heap after a full collection, its DOM nodes and
 * event listeners (Chromium's counters), and the module's WebAssembly
 * memory. */
async function footprint(page, session) {
  await session.send("HeapProfiler.collectGarbage");
  await session.send("HeapProfiler.collectGarbage");
  const { metrics } = await session.send("Performance.getMetrics");
  const metric = (name) => metrics.find((entry) => entry.name === name).value;
  const counters = await session.send("Memory.getDOMCounters");
  const wasm = await page.evaluate(async (MODULE) => (await import(MODULE)).memoryBytes(), MODULE);
  return {
    heap: metric("JSHeapUsedSize"),
    nodes: counters.nodes,
    listeners: counters.jsEventListeners,
    wasm,
    demos: (await renderStats(page)).demos,
  };
}

test("1 000 elements connected and removed leave the heap, nodes, listeners and wasm memory flat", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.goto(`${BLOG}/elements.html`);
  await expect(page.locator("terrain-demo.terrain-demo")).toHaveCount(2);
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");

  /** `count` cycles: a new element with controls joins the page, is drawn,
   * is changed, and is removed. */
  const cycles = (count) =>
    page.evaluate(async (count) => {
      const later = document.getElementById("later");
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      for (let i = 0; i < count; i++) {
        const element = document.createElement("terrain-demo");
        element.setAttribute("algorithm", "diamond-square");
        element.setAttribute("exponent", "5");
        element.setAttribute("seed", String(i));
        element.setAttribute("controls", "");
        later.append(element);
        await frame();
        element.setAttribute("seed", String(i + 1));
        await frame();
        element.remove();
      }
    }, count);

  // Warm up: caches, compiled code and the GPU's shaders settle first.
  await cycles(50);
  const before = await footprint(page, session);
  const started = Date.now();
  await cycles(1000);
  const seconds = (Date.now() - started) / 1000;
  const after = await footprint(page, session);
  const report = { before, after, seconds };
  console.log("1000 connect/disconnect cycles:", JSON.stringify(report));
  await testInfo.attach("footprint.json", { body: JSON.stringify(report, null, 2), contentType: "application/json" });

  expect(after.demos).toBe(before.demos);
  expect(after.wasm, "WebAssembly memory does not grow").toBe(before.wasm);
  expect(after.nodes - before.nodes, "DOM nodes").toBeLessThanOrEqual(50);
  expect(after.listeners - before.listeners, "event listeners").toBeLessThanOrEqual(5);
  // A thousand leaked demos would hold megabytes (elements, closures,
  // observers' entries); a flat heap moves by a few hundred kilobytes.
  expect(after.heap - before.heap, "JavaScript heap, bytes").toBeLessThan(1_000_000);
});

test("a data-terrain-demo element is released when it leaves the page; one of each kind's spelling is named", async ({
  page,
}) => {
  await page.goto(`${BLOG}/elements.html`);
  await expect(page.locator("terrain-demo.terrain-demo")).toHaveCount(2);
  const demos = async () => (await renderStats(page)).demos;
  expect(await demos()).toBe(2);

  // A single-page blog swaps its content: each div leaves as the next
  // comes. Before, every one stayed mounted (an exponent-12 one held
  // 155 MB of wasm memory until the page ran out).
  const wasm = () => page.evaluate(async (MODULE) => (await import(MODULE)).memoryBytes(), MODULE);
  const swap = (seed) =>
    page.evaluate((seed) => {
      document.getElementById("later").innerHTML =
        `<div data-terrain-demo="perlin-noise" data-exponent="9" data-seed="${seed}"></div>`;
    }, seed);
  for (let seed = 0; seed < 3; seed++) await swap(seed);
  await expect.poll(demos).toBe(3);
  const memory = await wasm();
  for (let seed = 3; seed < 23; seed++) {
    await swap(seed);
    await frames(page, 2);
  }
  await expect.poll(demos).toBe(3);
  expect(await wasm(), "WebAssembly memory does not grow").toBe(memory);
  await expect(page.locator("#later [data-terrain-demo]")).toHaveAttribute("data-terrain-mounted", "");

  // Moved in one go it stays as it is; taken out and put back, it is
  // mounted again from its attributes.
  const moved = await page.evaluate(async () => {
    const div = document.querySelector("#later [data-terrain-demo]");
    const canvas = div.querySelector("canvas");
    document.querySelector("main").prepend(div);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return div.querySelector("canvas") === canvas;
  });
  expect(moved, "a moved element keeps its demo").toBe(true);
  await page.evaluate(async () => {
    const div = document.querySelector("main > [data-terrain-demo]");
    div.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
    document.getElementById("later").append(div);
  });
  await expect.poll(demos).toBe(3);
  await expect(page.locator("#later canvas.terrain-canvas")).toHaveCount(1);

  // Attributes of the other kind's spelling: mounted once, with a notice
  // naming each and the attribute to write.
  await page.evaluate(() => {
    document.getElementById("later").innerHTML =
      '<terrain-demo id="mixed" data-terrain-demo="perlin-noise" data-exponent="3" seed="5"></terrain-demo>' +
      '<div id="unprefixed" data-terrain-demo="perlin-noise" exponent="3"></div>';
  });
  await expect.poll(demos).toBe(4);
  await expect(page.locator("#mixed .terrain-notice")).toContainText(
    'data-exponent="3" is the data-terrain-demo element\'s spelling, not read on a <terrain-demo>: write exponent="3"',
  );
  await expect(page.locator("#mixed .terrain-notice")).toContainText('write algorithm="perlin-noise"');
  await expect(page.locator("#unprefixed .terrain-notice")).toContainText(
    'exponent="3" is <terrain-demo>\'s spelling, not read on a data-terrain-demo element: write data-exponent="3"',
  );
  await expect(page.locator("#mixed canvas.terrain-canvas")).toHaveCount(1);
});

test("demos with one link start on one seed: the first one's, or the one an attribute gives", async ({ page }) => {
  await page.goto(`${BLOG}/elements.html`);
  const seeds = () =>
    page.evaluate(async () => {
      const script = document.querySelector('script[type="module"][src$="terrain.js"]');
      const module = await import(script.src);
      const elements = [...document.querySelectorAll("terrain-demo.terrain-demo")];
      return elements.map((_, index) => module.demoState(index)?.seed ?? null);
    });
  await expect.poll(async () => (await seeds()).length).toBe(2);
  await page.evaluate(() => {
    for (const id of ["a", "b"]) {
      const element = document.createElement("terrain-demo");
      Object.assign(element, { id });
      element.setAttribute("algorithm", "perlin-noise");
      element.setAttribute("exponent", "4");
      element.setAttribute("link", "pair");
      document.body.append(element);
    }
  });
  await expect.poll(async () => (await seeds()).length).toBe(4);
  const [a, b] = (await seeds()).slice(2);
  expect(a, "a random seed").not.toBeNull();
  expect(b, "the second takes the first one's seed").toBe(a);
  await page.evaluate(() => {
    const element = document.createElement("terrain-demo");
    element.setAttribute("algorithm", "value-noise");
    element.setAttribute("exponent", "4");
    element.setAttribute("link", "pair");
    element.setAttribute("seed", "9");
    document.body.append(element);
  });
  await expect
    .poll(async () => (await seeds()).slice(2), { message: "a given seed is the link's" })
    .toEqual(["9", "9", "9"]);
});

test("a demo keeping its page's address in step keeps the page's own keys and #fragment", async ({ page }) => {
  const snippet =
    `<script type="module" src="${SITE}/terrain.js"></script>` +
    '<terrain-demo algorithm="perlin-noise" exponent="4" seed="3" url-state></terrain-demo>';
  await page.goto(`${BLOG}/pasted.html?p=123&snippet=${encodeURIComponent(snippet)}#comments`);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("seed"), { message: "the demo writes its seed" })
    .toBe("3");
  const url = new URL(page.url());
  expect(url.searchParams.get("p"), "the blog's key stays").toBe("123");
  expect(url.searchParams.get("snippet"), "the post's body stays").toBe(snippet);
  expect(url.hash, "the fragment stays").toBe("#comments");
  await page.reload();
  await expect(page.locator("terrain-demo canvas.terrain-canvas"), "a reload shows the post again").toHaveCount(1);
});

test("a page has one address: the first demo keeping it reads and writes it, a second is told so", async ({ page }) => {
  const snippet =
    `<script type="module" src="${SITE}/terrain.js"></script>` +
    '<terrain-demo algorithm="perlin-noise" exponent="4" seed="3" url-state></terrain-demo>' +
    '<terrain-demo algorithm="value-noise" exponent="4" seed="8" url-state></terrain-demo>';
  await page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(snippet)}`);
  await expect(page.locator("terrain-demo canvas.terrain-canvas")).toHaveCount(2);
  await expect
    .poll(() => new URL(page.url()).searchParams.get("seed"), { message: "the first writes its seed" })
    .toBe("3");
  await expect(page.locator("terrain-demo").nth(1).locator(".terrain-notice")).toContainText(
    "url-state is not read: another demo on this page keeps the page's address in step already",
  );
  expect(new URL(page.url()).searchParams.get("algorithm")).toBe("perlin-noise");
  // The address's settings are the keeper's on the next visit, as a
  // data- element's are: a <terrain-demo> reads them too.
  const url = new URL(page.url());
  url.searchParams.set("seed", "11");
  await page.goto(url.href);
  await expect.poll(async () => (await demoState(page, 0))?.seed ?? null).toBe("11");
  expect((await demoState(page, 1)).seed, "the second keeps its own").toBe("8");
});

test("a <terrain-demo> given new controls keeps its map, its seed and a refused value's last good one", async ({
  page,
}) => {
  await page.goto(`${BLOG}/elements.html`);
  await expect.poll(async () => (await renderStats(page)).demos).toBe(2);
  await page.evaluate(() => {
    const element = document.createElement("terrain-demo");
    element.id = "controlled";
    element.setAttribute("algorithm", "perlin-noise");
    element.setAttribute("exponent", "4");
    document.body.append(element);
  });
  await expect.poll(async () => (await demoState(page, 2))?.fingerprint ?? null).not.toBeNull();
  const before = await demoState(page, 2);
  await page.evaluate(() => {
    const element = document.getElementById("controlled");
    element.setAttribute("octaves", "lots");
    element.setAttribute("controls", "compact");
  });
  await expect(page.locator("#controlled .terrain-controls")).toBeVisible();
  const after = await demoState(page, 3);
  expect([after.seed, after.octaves, after.fingerprint], "the same map").toEqual([
    before.seed,
    before.octaves,
    before.fingerprint,
  ]);
  await expect(page.locator("#controlled .terrain-notice")).toContainText('got "lots"');
  // Rebuilt, it said the default stood, though the last good value did.
  await expect(page.locator("#controlled .terrain-notice")).toContainText(
    "where a value is refused, the last good one stands",
  );
});

test("a <terrain-demo> is English, left to right, on a right-to-left page, and names its slips", async ({ page }) => {
  await page.goto(`${BLOG}/elements.html`);
  await expect.poll(async () => (await renderStats(page)).demos).toBe(2);
  await page.evaluate(() => {
    document.documentElement.setAttribute("dir", "rtl");
    document.documentElement.setAttribute("lang", "ar");
    const element = document.createElement("terrain-demo");
    element.id = "rtl";
    element.setAttribute("algorithm", "diamond-square");
    element.setAttribute("controls", "compact");
    // The JavaScript name: HTML hands it over as spreadreduction.
    element.setAttribute("spreadReduction", "0.9");
    document.body.append(element);
  });
  const host = page.locator("#rtl");
  await expect(host.locator(".terrain-controls")).toBeVisible();
  expect(await host.evaluate((element) => [element.lang, getComputedStyle(element).direction])).toEqual(["en", "ltr"]);
  const scrubber = host.locator(".terrain-range").first();
  expect(await scrubber.evaluate((range) => getComputedStyle(range).direction), "sliders run left to right").toBe(
    "ltr",
  );
  await expect(host.locator(".terrain-notice")).toContainText(
    'spreadreduction="0.9" is not read on a <terrain-demo>: write spread-reduction="0.9"',
  );
});

test("a page makes its context when its first demo comes into view, and keeps it while the reader scrolls between demos", async ({
  page,
}) => {
  // A browser keeps about sixteen live contexts for every page of a site,
  // frames included: a page makes none before a demo is in view. A page of
  // its own keeps it 30 s with no demo in view, so a demo scrolled back to
  // is drawn on what it holds (a frame gives it back after 0.5 s: the
  // twenty frames of embed.spec.js).
  await page.addInitScript(keepWebGLContexts);
  await page.setViewportSize({ width: 800, height: 700 });
  const snippet =
    `<script type="module" src="${MODULE}"></script>` +
    '<div style="height: 1500px">Scroll down</div>' +
    '<terrain-demo algorithm="perlin-noise" exponent="6" seed="3" controls="none"></terrain-demo>' +
    '<div style="height: 2500px"></div>' +
    '<terrain-demo algorithm="diamond-square" exponent="6" seed="4" controls="none"></terrain-demo>';
  await page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(snippet)}`);
  await expect.poll(async () => (await renderStats(page)).demos).toBe(2);
  await page.waitForTimeout(500);
  expect(await renderStats(page), "no demo in view: no context").toMatchObject({ graphics: "resting", context: 0 });
  expect(await page.evaluate(() => window.webglContexts.length)).toBe(0);

  const demos = page.locator("terrain-demo");
  await demos.nth(0).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await statsOf(page, 0)).foreground, { message: "the first draws" })
    .toBeGreaterThan(0.05);
  expect(await renderStats(page)).toMatchObject({ graphics: "ready", context: 0 });

  // Between the two, far from both, for longer than a frame would keep it.
  await page.evaluate(() => scrollTo(0, 2600));
  await page.waitForTimeout(2500);
  expect(await renderStats(page)).toMatchObject({ graphics: "ready", context: 0 });
  await demos.nth(1).scrollIntoViewIfNeeded();
  await expect
    .poll(async () => (await statsOf(page, 1)).foreground, { message: "the second draws" })
    .toBeGreaterThan(0.05);
  expect(await renderStats(page), "on the same context").toMatchObject({ graphics: "ready", context: 0 });
  expect(await page.evaluate(() => window.webglContexts.map((context) => context.isContextLost()))).toEqual([false]);
  expect(await page.locator("terrain-demo .terrain-status:visible").count(), "nothing to say about it").toBe(0);
});
