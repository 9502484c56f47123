// The three ways to embed, tried as a blogger would: from a blog on
// another origin whose policy lets scripts, styles and workers come only
// from the site (script-src SITE 'wasm-unsafe-eval'; style-src SITE;
// worker-src SITE blob:), and with the snippets an Embed panel hands out.

import { BLOG, demoState, expect, renderStats, SCREENS, SITE, statsOf, test } from "./helpers.js";

const CROSS_CSP = `script-src ${SITE} 'wasm-unsafe-eval'; style-src ${SITE}; worker-src ${SITE} blob:`;

/** Before the page's scripts: records policy violations. */
function watch() {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
  });
}

/** Records the main thread's longest task while a demo waits for the
 * worker. Drawing the answer is left out: without a GPU that is the
 * browser's software rasterizer at work, not the page (as in
 * performance.spec.js). */
function watchLongTasks(page) {
  return page.evaluate(async (script) => {
    const { renderStats } = await import(script);
    window.longestTask = 0;
    window.watchedTasks = 0;
    new PerformanceObserver((list) => {
      if (renderStats().waiting === 0) return;
      for (const entry of list.getEntries()) {
        window.watchedTasks += 1;
        window.longestTask = Math.max(window.longestTask, entry.duration);
      }
    }).observe({ type: "longtask" });
  }, `${SITE}/terrain.js`);
}

/** The state of the demo in iframe `selector`, from embed.html's module. */
async function framedState(page, selector) {
  const frame = await (await page.locator(selector).elementHandle()).contentFrame();
  return frame.evaluate(async () => {
    const terrain = await import("./terrain.js");
    return { ...terrain.demoState(0), stats: terrain.renderStats() };
  });
}

test("script, element and iframe embeds work from another origin under a strict policy, huge maps in a worker", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const messages = [];
  page.on("console", (message) => messages.push(message.text()));
  await page.addInitScript(watch);
  const response = await page.goto(`${BLOG}/cross.cross.html`);
  expect(response.headers()["content-security-policy"]).toBe(CROSS_CSP);

  // The data- element and the <terrain-demo> element draw.
  await expect(page.locator(".terrain-demo")).toHaveCount(2);
  await expect.poll(async () => (await statsOf(page, 0)).foreground).toBeGreaterThan(0.05);
  // The 4097 × 4097 map is made in the worker, never on the blog's thread.
  await watchLongTasks(page);
  await page.locator("#huge").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await renderStats(page)).waiting, "the worker is on it").toBe(1);
  await expect.poll(async () => (await demoState(page, 1))?.side, { timeout: 150_000 }).toBe(4097);
  await expect.poll(async () => (await statsOf(page, 1)).foreground).toBeGreaterThan(0.05);
  const stats = await renderStats(page);
  expect(stats.workerMemory, "the worker made it").toBeGreaterThan(16_785_409 * 8);
  const longestTask = await page.evaluate(() => window.longestTask);
  console.log(`cross-origin, exponent 12: longest main-thread task while the worker ran ${longestTask.toFixed(0)} ms`);
  expect(longestTask, "no task near the seconds a 4097 map takes").toBeLessThan(1000);
  expect(messages.filter((text) => /no worker|worker failed|could not be started/.test(text))).toEqual([]);

  // The sandboxed iframe (an opaque origin) draws, its 1025 map in its own
  // worker.
  await page.locator("#framed").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await framedState(page, "#framed")).side, { timeout: 60_000 }).toBe(1025);
  const framed = await framedState(page, "#framed");
  expect([framed.algorithm, framed.seed]).toEqual(["perlin-noise", "5"]);
  expect(framed.stats.workerMemory).toBeGreaterThan(0);
  await expect(page.frameLocator("#framed").locator("canvas.terrain-canvas")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}cross-origin.png`, fullPage: true });

  expect(await page.evaluate(() => window.cspViolations), "nothing the policy had to block").toEqual([]);
});

/** Opens demo `index` of the site's `path`, and returns the two snippets of
 * its Embed panel and its state. */
async function snippetsOf(page, path, index) {
  await page.goto(`${SITE}/${path}`);
  const demo = page.locator(".terrain-demo").nth(index);
  await demo.locator("canvas.terrain-canvas").scrollIntoViewIfNeeded();
  await expect.poll(async () => (await statsOf(page, index)).foreground).toBeGreaterThan(0.05);
  const toggle = demo.getByRole("button", { name: "Embed" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const panel = demo.getByRole("region", { name: "Embed this terrain" });
  await expect(panel).toBeVisible();
  const [iframe, element] = await panel.locator("textarea").evaluateAll((areas) => areas.map((area) => area.value));
  return { iframe, element, state: await demoState(page, index), panel };
}

/** Opens a blog post on the other origin, under the policy, whose body is
 * `snippet` as pasted. */
async function blogPage(page, snippet) {
  const response = await page.goto(`${BLOG}/pasted.cross.html?snippet=${encodeURIComponent(snippet)}`);
  expect(response.headers()["content-security-policy"]).toBe(CROSS_CSP);
}

/** What must match for the same picture: the map, bit for bit, and how it
 * is shown. */
const picture = (state) => ({
  algorithm: state.algorithm,
  stage: state.stage,
  side: state.side,
  fingerprint: state.fingerprint,
  palette: state.palette,
  view: state.view,
  relief: state.relief,
  overlay: state.overlay,
  wireframe: state.wireframe,
  water: state.water,
});

for (const [path, index, change] of [
  ["diamond-square.html", 2, null],
  ["playground.html", 0, { label: "Algorithm", value: "cellular-noise" }],
]) {
  test(`the Embed panel's snippets from ${path} give the same picture on another origin`, async ({ page }) => {
    await page.addInitScript(watch);
    let { iframe, element, state, panel } = await snippetsOf(page, path, index);
    if (change) {
      // What is on screen now, not what the page first showed.
      await page.getByLabel(change.label, { exact: true }).selectOption(change.value);
      await expect.poll(async () => (await demoState(page, index)).algorithm).toBe(change.value);
      state = await demoState(page, index);
      await expect(panel.locator("textarea").first()).toHaveValue(new RegExp(`algorithm=${change.value}`));
      [iframe, element] = await panel.locator("textarea").evaluateAll((areas) => areas.map((area) => area.value));
      await panel.screenshot({ path: `${SCREENS}embed-panel.png` });
    }
    expect(iframe).toMatch(new RegExp(`^<iframe src="${SITE}/embed\\.html\\?`));
    expect(element).toMatch(new RegExp(`^<script type="module" src="${SITE}/terrain\\.js"></script>\\n<terrain-demo `));
    // The Copy buttons copy them.
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await panel.getByRole("button", { name: "Copy" }).first().click();
    await expect(panel.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iframe);

    // The script and element, pasted into a blog on another origin.
    await blogPage(page, element);
    await expect(page.locator("terrain-demo.terrain-demo")).toHaveCount(1);
    await expect.poll(async () => (await statsOf(page, 0)).foreground).toBeGreaterThan(0.05);
    expect(picture(await demoState(page, 0))).toEqual(picture(state));
    expect((await demoState(page, 0)).seed).toBe(state.seed);
    expect(await page.locator("terrain-demo a").count(), "the demo took its link's place").toBe(0);

    // Where the script does not run (a feed reader, the post sent by
    // email, a host that drops it), the element's link shows, to the same
    // map in the playground.
    await blogPage(page, element.split("\n")[1]);
    const link = page.locator("terrain-demo a");
    await expect(link).toHaveText(/^A 3D terrain: .+ \(open it in the playground\)$/);
    await page.goto(await link.getAttribute("href"));
    await expect.poll(async () => (await demoState(page, 0))?.fingerprint).toBe(state.fingerprint);
    expect(picture(await demoState(page, 0))).toEqual(picture(state));

    // The iframe, pasted likewise.
    await blogPage(page, iframe);
    await expect.poll(async () => (await framedState(page, "iframe")).fingerprint).toBe(state.fingerprint);
    expect(picture(await framedState(page, "iframe"))).toEqual(picture(state));
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  });
}
