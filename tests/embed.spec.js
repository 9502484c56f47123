// The README's embed snippet on someone else's page, thirty times over; and
// embed.html in a sandboxed frame on another origin: any frame size, its
// credit, the height it reports, the README's frame, its settings read
// through the registry, and no message from the host obeyed.

import { BLOG, expect, renderStats, SCREENS, SITE, test, waitForAllDemos } from "./helpers.js";

test("a page on another origin with 30 embedded demos shows every one as it scrolls into view", async ({ page }) => {
  await page.goto(`${BLOG}/embed-30.html`);
  await waitForAllDemos(page, 30);
  const stats = await renderStats(page);
  expect(stats.demos).toBe(30);
  expect(stats.graphics, "one shared context, never lost").toBe("ready");
});

/** The demo state and drawing of the demo inside `frame` (embed.html). */
function frameState(frame) {
  return frame.evaluate(async () => {
    const terrain = await import("./terrain.js");
    const canvas = document.querySelector("canvas.terrain-canvas");
    // embed.js imports terrain.js itself: this import may resolve first.
    if (!canvas) return { foreground: 0 };
    const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (Math.abs(data[i] - data[0]) + Math.abs(data[i + 1] - data[1]) + Math.abs(data[i + 2] - data[2]) > 24) drawn++;
    }
    return {
      ...terrain.demoState(0),
      foreground: drawn / (canvas.width * canvas.height),
      stats: terrain.renderStats(),
    };
  });
}

test.describe("embed.html in a sandboxed iframe on another origin", () => {
  test.beforeEach(async ({ page }) => {
    // The heights embed.html tells the page framing it.
    await page.addInitScript(() => {
      window.heights = [];
      addEventListener("message", (event) => {
        const frame = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === event.source);
        window.heights.push([frame?.id, event.data]);
      });
    });
  });

  test("fills a small and a large frame, credits the series and tells its height", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${BLOG}/frames.html`);
    for (const [id, width, height] of [
      ["small", 320, 240],
      ["large", 1100, 800],
    ]) {
      const frame = page.frameLocator(`#${id}`);
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      const inside = await (await page.locator(`#${id}`).elementHandle()).contentFrame();
      await expect
        .poll(async () => (await frameState(inside)).foreground, { message: `${id} draws` })
        .toBeGreaterThan(0.05);
      // Nothing but the demo and the credit, filling the frame.
      const sizes = await inside.evaluate(() => {
        const canvas = document.querySelector("canvas.terrain-canvas").getBoundingClientRect();
        return {
          canvas: [canvas.width, canvas.height],
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
          window: [innerWidth, innerHeight],
          header: document.querySelectorAll("header, nav, footer:not(.embed-credit)").length,
        };
      });
      expect(sizes.header).toBe(0);
      expect(sizes.scroll[0], "no sideways scroll").toBeLessThanOrEqual(sizes.window[0]);
      // The large frame has every control, in a column beside the view.
      expect(sizes.canvas[0]).toBeGreaterThan(width * (id === "small" ? 0.9 : 0.6));
      expect(sizes.canvas[1], "the view takes the height").toBeGreaterThan(height * (id === "small" ? 0.35 : 0.75));
      await expect(frame.getByRole("link", { name: "Open in the playground" })).toBeVisible();
      await expect(frame.getByRole("link", { name: "Terrain, step by step" })).toBeVisible();
      await page.locator(`#${id}`).screenshot({ path: `${SCREENS}embed-${id}.png` });
    }
    const small = await (await page.locator("#small").elementHandle()).contentFrame();
    const state = await frameState(small);
    expect([state.algorithm, state.exponent, state.seed, state.stage]).toEqual(["diamond-square", 6, "21", "done"]);
    // "Open in the playground" opens the same settings there.
    const link = await page
      .frameLocator("#large")
      .getByRole("link", { name: "Open in the playground" })
      .getAttribute("href");
    expect(link).toBe(`${SITE}/playground.html?algorithm=value-noise&exponent=7&seed=4&palette=bands`);
    // After a Refresh it opens the map on show, not the address's.
    const large = await (await page.locator("#large").elementHandle()).contentFrame();
    await page.frameLocator("#large").locator(".terrain-refresh").click();
    await expect.poll(async () => (await frameState(large)).seed).not.toBe("4");
    const open = page.frameLocator("#large").getByRole("link", { name: "Open in the playground" });
    await open.hover();
    const opened = new URL(await open.getAttribute("href"));
    expect(opened.pathname).toBe("/playground.html");
    expect(opened.searchParams.get("seed")).toBe((await frameState(large)).seed);
    expect(opened.searchParams.get("algorithm")).toBe("value-noise");
    // The large frame has every control, scrolling beside the view.
    await expect(page.frameLocator("#large").getByLabel("Algorithm")).toBeVisible();
    // Each frame said how tall its content is: at least the frame.
    await expect.poll(() => page.evaluate(() => window.heights.map(([id]) => id).sort())).toContain("small");
    const told = await page.evaluate(() => window.heights);
    for (const [id, data] of told) {
      expect(Object.keys(data).sort()).toEqual(["height", "type"]);
      expect(data.type).toBe("terrain-demo:height");
      expect(data.height).toBeGreaterThanOrEqual(id === "small" ? 240 : 800);
    }
    expect(told.map(([id]) => id)).toContain("large");
  });

  test("with the README's listener, a frame takes its content's height at once, not step by step", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${BLOG}/frames.html`);
    // The README's script, word for word, and frames it follows.
    const cases = [
      ["readme", 640, 760, "algorithm=perlin-noise&exponent=8&seed=5&controls=compact"],
      ["notice", 640, 300, "algorithm=plasma&exponent=40&controls=maybe&seed=3"],
      ["wide", 900, 300, "algorithm=diamond-square&seed=3&palette=slope"],
      ["short", 500, 250, "algorithm=diamond-square&seed=3"],
    ];
    await page.evaluate(
      ([cases, site]) => {
        addEventListener("message", ({ data, source }) => {
          const frame = [...document.querySelectorAll("iframe")].find((frame) => frame.contentWindow === source);
          if (frame && data?.type === "terrain-demo:height" && Number.isFinite(data.height)) frame.height = data.height;
        });
        for (const [id, width, height, query] of cases) {
          const frame = document.createElement("iframe");
          Object.assign(frame, { id, src: `${site}/embed.html?${query}`, title: id, width, height });
          frame.setAttribute("sandbox", "allow-scripts");
          document.body.append(frame);
        }
      },
      [cases, SITE],
    );
    const told = (id) =>
      page.evaluate((id) => window.heights.filter(([from]) => from === id).map(([, data]) => data.height), id);
    for (const [id] of cases) {
      // A demo draws once it is on screen.
      await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      const inside = await (await page.locator(`#${id}`).elementHandle()).contentFrame();
      await expect
        .poll(async () => (await frameState(inside)).foreground, { message: `${id} draws` })
        .toBeGreaterThan(0.05);
      // Settled: the frame is as tall as its content.
      await expect
        .poll(
          async () => {
            const frame = Number(await page.locator(`#${id}`).getAttribute("height"));
            const content = await inside.evaluate(() => document.documentElement.scrollHeight);
            return Math.abs(frame - content);
          },
          { message: `${id} settles` },
        )
        .toBeLessThanOrEqual(1);
      // Before, each height grew the view, which grew the content: 414,
      // 517, 574, 605… 643 px for the notice's frame. A frame crossing
      // 300 px shows its caption, and rounding may add a pixel.
      const heights = await told(id);
      expect(heights.length, `${id}: ${heights}`).toBeLessThanOrEqual(3);
      expect(heights.at(-1) - heights[0], `${id}: ${heights}`).toBeLessThanOrEqual(id === "notice" ? 120 : 2);
    }
  });

  // Once analyze was not read in a frame; open, its plots arrive once
  // measured, and a scrollbar coming and going with the frame's height
  // made it tell heights a pixel apart for ever (2577, 2578, 2577…).
  test("a frame with its plots open shows them and settles", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${BLOG}/frames.html`);
    await page.evaluate((site) => {
      // The README's listener.
      addEventListener("message", ({ data, source }) => {
        const frame = [...document.querySelectorAll("iframe")].find((frame) => frame.contentWindow === source);
        if (frame && data?.type === "terrain-demo:height" && Number.isFinite(data.height)) frame.height = data.height;
      });
      const frame = document.createElement("iframe");
      Object.assign(frame, {
        id: "plots",
        src: `${site}/embed.html?algorithm=diamond-square&seed=3&analyze=true`,
        title: "plots",
        width: 500,
        height: 250,
      });
      frame.setAttribute("sandbox", "allow-scripts");
      document.body.prepend(frame);
    }, SITE);
    const inside = await (await page.locator("#plots").elementHandle()).contentFrame();
    await expect(inside.locator(".terrain-analysis"), "the frame shows its plots").toBeVisible();
    await expect(inside.locator(".terrain-figure").first()).toBeVisible();
    await expect
      .poll(
        async () => {
          const frame = Number(await page.locator("#plots").getAttribute("height"));
          const content = await inside.evaluate(() => document.documentElement.scrollHeight);
          return Math.abs(frame - content);
        },
        { message: "the frame settles" },
      )
      .toBeLessThanOrEqual(1);
    const heights = await page.evaluate(() =>
      window.heights.filter(([from]) => from === "plots").map(([, data]) => data.height),
    );
    // The view, then the plots: a height or two more, never a stream.
    await page.waitForTimeout(1000);
    const later = await page.evaluate(() => window.heights.filter(([from]) => from === "plots").length);
    expect(later, `${heights}`).toBe(heights.length);
    expect(heights.length, `${heights}`).toBeLessThanOrEqual(4);
  });

  test("a frame narrower than a button, down to 60 px, does not scroll sideways", async ({ page }) => {
    const frames = [60, 100, 140]
      .map(
        (width) =>
          `<iframe id="w${width}" src="${SITE}/embed.html?algorithm=perlin-noise&amp;exponent=5&amp;seed=3" width="${width}" height="300"></iframe>`,
      )
      .join("");
    await page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(frames)}`);
    for (const width of [60, 100, 140]) {
      const inside = await (await page.locator(`#w${width}`).elementHandle()).contentFrame();
      await expect
        .poll(async () => (await frameState(inside)).foreground, { message: `${width} px draws` })
        .toBeGreaterThan(0.05);
      const scroll = await inside.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      expect(scroll[0], `${width} px: no sideways scroll`).toBeLessThanOrEqual(scroll[1]);
    }
  });

  test("the README's frame (640 by 760, compact controls) keeps half its height for the view", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`${BLOG}/frames.html`);
    // The README's snippet as it stands, Perlin noise's ten controls and
    // all: taller together than the frame, so they scroll under the view
    // rather than squeeze it to a strip.
    await page.evaluate((src) => {
      const frame = document.createElement("iframe");
      Object.assign(frame, { id: "readme", src, title: "A 3D terrain: Perlin noise", width: 640, height: 760 });
      frame.setAttribute("sandbox", "allow-scripts allow-popups allow-popups-to-escape-sandbox");
      document.body.prepend(frame);
    }, `${SITE}/embed.html?algorithm=perlin-noise&exponent=8&seed=5&controls=compact`);
    const inside = await (await page.locator("#readme").elementHandle()).contentFrame();
    await expect
      .poll(async () => (await frameState(inside)).foreground, { message: "the frame draws" })
      .toBeGreaterThan(0.05);
    // Without `relief`, a noise stands half as tall as the posts' maps,
    // not as a bed of needles.
    expect((await frameState(inside)).relief).toBe(0.5);
    const sizes = await inside.evaluate(() => ({
      view: document.querySelector("canvas.terrain-canvas").getBoundingClientRect().height,
      content: document.documentElement.scrollHeight,
      sliders: document.querySelectorAll(".terrain-controls input[type=range]").length,
      // Refresh, Analyze, Embed and Download's summary (not a button, so
      // its height once counted its padding twice: 59 px beside 36).
      buttons: [".terrain-refresh", ".terrain-analyze", ".terrain-embed-toggle", ".terrain-download-toggle"].map(
        (selector) => document.querySelector(selector).getBoundingClientRect().height,
      ),
    }));
    expect(sizes.view, "the view keeps at least half the frame").toBeGreaterThan(760 * 0.5);
    expect(new Set(sizes.buttons).size, `the bar's buttons are one height: ${sizes.buttons}`).toBe(1);
    expect(sizes.content, "the controls scroll under it").toBeGreaterThan(760);
    expect(sizes.sliders, "every number the map reads has its slider").toBeGreaterThanOrEqual(8);
    // The frame's document says which map it holds, as its snippet's title does.
    expect(await inside.title()).toBe("A 3D terrain: Perlin noise · Terrain, step by step");
    await page.locator("#readme").screenshot({ path: `${SCREENS}embed-readme.png` });
  });

  test("reads every parameter through the registry, injects nothing and ignores messages", async ({ page }) => {
    const query = new URLSearchParams({
      algorithm: "simplex-noise",
      exponent: "40",
      palette: '<img src=x onerror="parent.injected=1">',
      controls: "sideways",
      seed: "9",
    });
    await page.goto(`${BLOG}/frames.html`);
    await page.evaluate(
      ([src]) => {
        const frame = document.getElementById("small");
        frame.src = src;
      },
      [`${SITE}/embed.html?${query}`],
    );
    const frame = page.frameLocator("#small");
    const notice = frame.locator(".terrain-notice");
    await expect(notice).toContainText("URL parameter exponent must be a whole number from 1 to 12; got 40");
    await expect(notice).toContainText("URL parameter palette must be one of");
    await expect(notice).toContainText(
      'URL parameter controls must be true, false, none, compact or full (empty means true); got "sideways"',
    );
    expect(await frame.locator("img").count()).toBe(0);
    const inside = await (await page.locator("#small").elementHandle()).contentFrame();
    await expect.poll(async () => (await frameState(inside)).algorithm).toBe("simplex-noise");
    const before = await frameState(inside);
    expect([before.algorithm, before.exponent, before.seed, before.palette]).toEqual([
      "simplex-noise",
      7,
      "9",
      "terrain",
    ]);
    // Foreign and malformed messages change nothing and break nothing.
    await page.evaluate(() => {
      const target = document.getElementById("small").contentWindow;
      for (const message of [
        { type: "terrain-demo:height", height: 10 },
        { type: "terrain-demo:set", algorithm: "random-noise" },
        "<script>alert(1)</script>",
        null,
        { toString: "nope" },
      ]) {
        try {
          target.postMessage(message, "*");
        } catch {
          // Some cannot even be cloned: all the better.
        }
      }
    });
    await page.waitForTimeout(300);
    const after = await frameState(inside);
    expect([after.fingerprint, after.algorithm]).toEqual([before.fingerprint, before.algorithm]);
    expect(await page.evaluate(() => window.injected)).toBeUndefined();
  });
});

/** Opens a blog post of twenty framed demos, each written by `markup`
 * (given a function writing a frame with more of an address, a width and
 * a height, and the frame's seed); returns the times at which the browser
 * took a context away, as they come. */
async function twentyFrames(page, markup) {
  const evictions = [];
  page.on("console", (message) => {
    if (message.text().includes("Too many active WebGL contexts")) evictions.push(Date.now());
  });
  const frames = Array.from({ length: 20 }, (_, seed) =>
    markup(
      (more, width, height) =>
        `<iframe src="${SITE}/embed.html?algorithm=perlin-noise&amp;exponent=5&amp;seed=${seed}${more}" ` +
        `width="${width}" height="${height}" sandbox="allow-scripts allow-popups"></iframe>`,
      seed,
    ),
  ).join("");
  await page.goto(`${BLOG}/pasted.html?snippet=${encodeURIComponent(frames)}`);
  return evictions;
}

/** A post of twenty frames of 640 x 500, a paragraph before each, on a
 * screen of 700 x 900: the times the browser took a context away, and
 * the frames, once all are there. */
async function postOfTwentyFrames(page) {
  await page.setViewportSize({ width: 700, height: 900 });
  const evictions = await twentyFrames(page, (frame, seed) => `<p>Frame ${seed}</p>${frame("", 640, 500)}`);
  const frames = () => page.frames().filter((frame) => frame !== page.mainFrame());
  await expect.poll(() => frames().length).toBe(20);
  return { evictions, frames };
}

test("twenty frames, more than the browser's live contexts, scrolled through: none is taken, and the frames in view draw", async ({
  page,
}) => {
  test.slow();
  // Each frame is a page of its own with its own context, and Chromium
  // keeps about sixteen, taking the oldest away for a new one. A frame
  // makes its context only once its demo has been in view 0.2 s, and
  // gives it back 0.5 s after it left: so a reader scrolling down the
  // post and back, briskly (5 000 px/s) or slowly, never has a context
  // taken (the frames once all made theirs at load and took them from the
  // frames in view, and those off screen held theirs).
  const { evictions, frames } = await postOfTwentyFrames(page);
  const last = frames().find((frame) => /seed=19$/.test(frame.url()));
  await expect.poll(async () => (await frameState(last)).stats?.demos).toBe(1);
  expect((await frameState(last)).stats.graphics, "a frame out of view makes no context").toBe("resting");
  const bottom = await page.evaluate(() => document.body.scrollHeight);
  for (const pause of [300, 100]) {
    for (const direction of ["down", "up"]) {
      for (let step = 0; step <= bottom / 500; step++) {
        const y = direction === "down" ? step * 500 : bottom - step * 500;
        await page.evaluate((y) => scrollTo(0, y), y);
        await page.waitForTimeout(pause);
      }
    }
  }
  await page.evaluate(() => scrollTo(0, 0));
  const inView = frames().filter((frame) => /seed=[01]$/.test(frame.url()));
  expect(inView).toHaveLength(2);
  for (const frame of inView) {
    // In view a moment, it makes a context again, and draws.
    await expect
      .poll(async () => (await frameState(frame)).stats.graphics, { message: `${frame.url()} makes a context` })
      .toBe("ready");
    expect((await frameState(frame)).foreground, `${frame.url()} shows its terrain`).toBeGreaterThan(0.05);
  }
  // The frames scrolled past rest again, their last pictures kept.
  const past = frames().find((frame) => /seed=10$/.test(frame.url()));
  await expect.poll(async () => (await frameState(past)).stats.graphics).toBe("resting");
  expect((await frameState(past)).foreground, "its last picture stays").toBeGreaterThan(0.05);
  expect(evictions, "no context taken").toEqual([]);
});

test("a frame whose page is hidden (another tab in front) gives its context back, and draws again when shown", async ({
  page,
}) => {
  await page.setViewportSize({ width: 700, height: 900 });
  await twentyFrames(page, (frame, seed) => (seed === 0 ? frame("", 640, 500) : ""));
  const frame = page.frames().find((frame) => /seed=0$/.test(frame.url()));
  await expect.poll(async () => (await frameState(frame)).foreground ?? 0).toBeGreaterThan(0.05);
  expect((await frameState(frame)).stats).toMatchObject({ graphics: "ready", context: 0 });
  // Headless Chromium never hides a page: the frame is told it is.
  const hide = (hidden) =>
    frame.evaluate((hidden) => {
      Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
      document.dispatchEvent(new Event("visibilitychange"));
    }, hidden);
  await hide(true);
  await expect.poll(async () => (await frameState(frame)).stats.graphics).toBe("resting");
  expect((await frameState(frame)).foreground, "its picture stays").toBeGreaterThan(0.05);
  await hide(false);
  await expect.poll(async () => (await frameState(frame)).stats).toMatchObject({ graphics: "ready", context: 1 });
  await expect.poll(async () => (await frameState(frame)).stats.draws).toBeGreaterThan(1);
});

test("a post of twenty frames printed at once prints every frame's terrain, and has no context taken", async ({
  page,
}) => {
  test.slow();
  // The frames out of view had never been drawn, nor told their size (the
  // browser holds back their rendering): they printed as blank boxes, and
  // all twenty made a context at once for paper.
  const { evictions, frames } = await postOfTwentyFrames(page);
  for (const frame of frames()) {
    await expect.poll(async () => (await frameState(frame)).stats?.demos).toBe(1);
    await expect.poll(async () => (await frameState(frame)).stats.waiting).toBe(0);
  }
  const pdf = await page.pdf({ format: "A4" });
  expect(pdf.length).toBeGreaterThan(10_000);
  for (const frame of frames()) {
    const state = await frameState(frame);
    expect(state.foreground, `${frame.url()} is drawn for paper`).toBeGreaterThan(0.05);
  }
  expect(evictions, "no context taken").toEqual([]);
});

test("twenty frames all in view settle too: a frame whose new contexts are taken again and again stops, blocked", async ({
  page,
}) => {
  test.slow();
  // A gallery of thumbnails: every frame on screen, more of them than the
  // browser keeps contexts for. Each made a new context 2 s after losing
  // its own, taking another frame's: 66 in 33 s, for ever, before a frame
  // stopped after MAX_NEW_CONTEXTS in a row.
  await page.setViewportSize({ width: 1400, height: 1000 });
  const evictions = await twentyFrames(page, (frame) => frame("&amp;controls=none", 270, 190));
  expect(await page.evaluate(() => document.body.scrollHeight)).toBeLessThanOrEqual(1000);
  await expect.poll(() => evictions.length, { message: "the browser takes contexts away" }).toBeGreaterThan(0);
  // Quiet for 6 s in a row, within a minute.
  await expect
    .poll(
      async () => {
        const before = evictions.length;
        await page.waitForTimeout(6000);
        return evictions.length - before;
      },
      { message: "no context taken for 6 s", timeout: 60_000, intervals: [0] },
    )
    .toBe(0);
  const states = [];
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) {
    states.push((await frameState(frame)).stats.graphics);
  }
  expect(states).toHaveLength(20);
  expect(
    states.filter((state) => state === "lost"),
    "no frame is left restoring",
  ).toEqual([]);
  expect(states.filter((state) => state === "ready").length, "most keep their 3D view").toBeGreaterThanOrEqual(12);
});
