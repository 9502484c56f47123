// The site as a reader meets it: every page, every demo, every control.

import { request as httpRequest } from "node:http";
import {
  BLOG,
  demoStats,
  expect,
  renderStats,
  SCREENS,
  SITE,
  settle,
  statsOf,
  test,
  waitForAllDemos,
  waitForChange,
} from "./helpers.js";

const PAGES = [
  { path: "/", name: "home", demos: 1 },
  { path: "/midpoint-displacement.html", name: "midpoint-displacement", demos: 6 },
  { path: "/recursive-midpoint-displacement.html", name: "recursive-midpoint-displacement", demos: 1 },
  // The posts' four demos, the seam comparison and its spectrum, the tiling comparison.
  { path: "/diamond-square.html", name: "diamond-square", demos: 9 },
];

/** Stages whose demos must show highlighted points. */
const STEP_STAGES = ["corners", "edges", "center", "square", "diamond"];

const VIEWPORTS = [
  { name: "desktop", size: { width: 1280, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
];

for (const { path, name, demos } of PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`${name} (${viewport.name}): every demo shows a lit terrain, steps show their points`, async ({ page }) => {
      await page.setViewportSize(viewport.size);
      await page.goto(path);
      await waitForAllDemos(page, demos);
      for (const [index, stats] of (await demoStats(page)).entries()) {
        const label = `${name} demo ${index} (${stats.stage ?? "done"})`;
        expect(stats.foreground, `${label}: terrain covers the view`).toBeGreaterThan(0.05);
        // Lit and coloured surfaces have many shades; a flat fill has one.
        expect(stats.colours, `${label}: shaded, not flat`).toBeGreaterThan(40);
        if (STEP_STAGES.includes(stats.stage)) {
          expect(stats.highlighted, `${label}: the step's points are highlighted`).toBeGreaterThan(30);
        }
        expect(stats.seed, `${label}: shows its seed`).toMatch(/^\d+$/);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, "no horizontal scrolling").toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENS}${name}-${viewport.name}.png`, fullPage: true });
    });
  }
}

test("the site works under a sub-path", async ({ page }) => {
  await page.goto("/sub/path/diamond-square.html");
  await waitForAllDemos(page, 9);
  await page.click("text=1. Midpoint displacement");
  await expect(page).toHaveURL(/\/sub\/path\/midpoint-displacement\.html$/);
  await waitForAllDemos(page, 6);
});

/** The status a GET of `path` from `origin` gets, `path` sent byte for byte
 * (a browser or Playwright's request API would clean it up first). */
function statusOf(origin, path) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    httpRequest({ hostname, port, path }, (response) => {
      response.resume();
      resolve(response.statusCode);
    })
      .on("error", reject)
      .end();
  });
}

test("the test servers answer 400 to a request that names no file, and go on serving", async () => {
  const MALFORMED = {
    [SITE]: ["/%zz", "/%E0%A4%A", "/sub/path/%", "//"],
    [BLOG]: ["/%E0%A4%A", "/site/%zz", "/strict/%", "//"],
  };
  for (const [origin, paths] of Object.entries(MALFORMED)) {
    for (const path of paths) expect(await statusOf(origin, path), `${origin}${path}`).toBe(400);
  }
  // Still up, and still decoding good escapes.
  expect(await statusOf(SITE, "/terrain%2Ejs")).toBe(200);
  expect(await statusOf(SITE, "/sub/path/terrain.js")).toBe(200);
  expect(await statusOf(BLOG, "/blog%2Ecss")).toBe(200);
});

test.describe("the final diamond-square demo", () => {
  const FINAL = 3;

  test.beforeEach(async ({ page }) => {
    await page.goto("/diamond-square.html");
    await waitForAllDemos(page, 9);
    await page.locator(".terrain-demo").nth(FINAL).scrollIntoViewIfNeeded();
  });

  test("Refresh gives a new seed and a new terrain", async ({ page }) => {
    const before = await statsOf(page, FINAL);
    await page.locator(".terrain-demo").nth(FINAL).getByRole("button", { name: "Refresh" }).click();
    await waitForChange(page, FINAL, before.hash, "Refresh redraws");
    const after = await statsOf(page, FINAL);
    expect(after.seed).not.toBe(before.seed);
    const seedField = page.locator(".terrain-demo").nth(FINAL).getByLabel("Seed", { exact: true });
    await expect(seedField).toHaveValue(after.seed);
  });

  for (const [label, value] of [
    ["Exponent", "7"],
    ["Starting spread", "0.9"],
    ["Spread reduction", "0.8"],
    ["Seed", "424242"],
  ]) {
    test(`changing ${label} re-renders at once`, async ({ page }) => {
      const demo = page.locator(".terrain-demo").nth(FINAL);
      const before = await statsOf(page, FINAL);
      await demo.getByLabel(label, { exact: true }).fill(value);
      await waitForChange(page, FINAL, before.hash, `${label} = ${value} redraws`);
      await expect(demo.locator(".terrain-error:visible")).toHaveCount(0);
      if (label === "Seed") expect((await statsOf(page, FINAL)).seed).toBe(value);
    });
  }

  const BAD = [
    ["Exponent", "40", /Exponent must be a whole number from 1 to 12; got 40/],
    ["Exponent", "-1", /Exponent must be a whole number from 1 to 12; got -1/],
    ["Exponent", "abc", /Exponent must be a whole number from 1 to 12; got "abc"/],
    ["Exponent", "", /Exponent is empty; enter a whole number from 1 to 12/],
    ["Exponent", "1e309", /Exponent must be a whole number from 1 to 12; got "1e309"/],
    ["Starting spread", "-1", /Starting spread must be a number from 0 to 5; got -1/],
    ["Starting spread", "1e309", /Starting spread must be a number from 0 to 5; got "1e309"/],
    ["Spread reduction", "abc", /Spread reduction must be a number from 0 to 2; got "abc"/],
    ["Seed", "-1", /Seed must be a whole number from 0 to 18446744073709551615; got -1/],
  ];
  for (const [label, value, message] of BAD) {
    test(`${label} = "${value}" shows a message and keeps the terrain`, async ({ page }) => {
      const demo = page.locator(".terrain-demo").nth(FINAL);
      const field = demo.getByLabel(label, { exact: true });
      const before = await statsOf(page, FINAL);
      await field.fill(value);
      await expect(demo.locator(".terrain-error:visible")).toHaveText(message);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await settle(page);
      expect((await statsOf(page, FINAL)).hash, "the last good terrain stays").toBe(before.hash);
      // A good value clears the message and draws again.
      await field.fill(label === "Seed" ? "99" : "0.4");
      if (label === "Exponent") await field.fill("6");
      await expect(demo.locator(".terrain-error:visible")).toHaveCount(0);
      await expect(field).toHaveAttribute("aria-invalid", "false");
    });
  }

  test("drag, wheel and keys move the camera; the wheel does not scroll the page", async ({ page }) => {
    const canvas = page.locator(".terrain-demo").nth(FINAL).locator("canvas.terrain-canvas");
    const box = await canvas.boundingBox();
    let before = await statsOf(page, FINAL);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    await waitForChange(page, FINAL, before.hash, "dragging orbits");

    before = await statsOf(page, FINAL);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await waitForChange(page, FINAL, before.hash, "the wheel zooms the view just dragged");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);

    // Over a view not clicked, the wheel scrolls the page: an article
    // full of views can still be read by scrolling.
    const other = page
      .locator(".terrain-demo")
      .nth(FINAL - 1)
      .locator("canvas.terrain-canvas");
    await other.scrollIntoViewIfNeeded();
    const otherBox = await other.boundingBox();
    const otherBefore = await statsOf(page, FINAL - 1);
    const scrolledFrom = await page.evaluate(() => window.scrollY);
    await page.mouse.move(otherBox.x + otherBox.width / 2, otherBox.y + otherBox.height / 2);
    await page.mouse.wheel(0, 300);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { message: "the page scrolls" })
      .toBeGreaterThan(scrolledFrom);
    expect((await statsOf(page, FINAL - 1)).hash, "and the view stays as it was").toBe(otherBefore.hash);
    // Ctrl with the wheel zooms any view.
    await page.mouse.move(otherBox.x + otherBox.width / 2, otherBox.y + otherBox.height / 4);
    await page.keyboard.down("Control");
    await page.mouse.wheel(0, -300);
    await page.keyboard.up("Control");
    await waitForChange(page, FINAL - 1, otherBefore.hash, "Ctrl and the wheel zoom");

    await canvas.scrollIntoViewIfNeeded();
    before = await statsOf(page, FINAL);
    await canvas.focus();
    await page.keyboard.press("ArrowLeft");
    await waitForChange(page, FINAL, before.hash, "arrow keys orbit");
    before = await statsOf(page, FINAL);
    await page.keyboard.press("0");
    await waitForChange(page, FINAL, before.hash, "0 resets the view");
  });
});

test("an idle page draws nothing", async ({ page }) => {
  await page.goto("/midpoint-displacement.html");
  await waitForAllDemos(page, 6);
  await settle(page);
  const before = await renderStats(page);
  await page.waitForTimeout(1500);
  const after = await renderStats(page);
  expect(after.frames, "no animation frames while nothing moves").toBe(before.frames);
  expect(after.draws).toBe(before.draws);
});

const POSTS = {
  "/midpoint-displacement.html": [
    "https://stevelosh.com/blog/2016/02/midpoint-displacement/",
    "Terrain Generation with Midpoint Displacement",
  ],
  "/recursive-midpoint-displacement.html": [
    "https://stevelosh.com/blog/2016/03/recursive-midpoint-displacement/",
    "Recursive Midpoint Displacement",
  ],
  "/diamond-square.html": ["https://stevelosh.com/blog/2016/06/diamond-square/", "Diamond Square"],
};

test("each page's header starts where its content does", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const path of ["/playground.html", "/diamond-square.html"]) {
    await page.goto(path);
    const [title, heading] = await Promise.all(
      [".site-title", "main h1"].map((selector) =>
        page.locator(selector).evaluate((e) => e.getBoundingClientRect().left),
      ),
    );
    // An article's text is narrower than its header's column; the
    // playground's content is as wide as its header (it started 96 px left of it).
    if (path === "/playground.html") expect(heading, path).toBeCloseTo(title, 0);
    else expect(heading, path).toBeGreaterThanOrEqual(title - 1);
  }
});

test("every page credits Steve Losh's posts in its footer, and each article its own in its opening", async ({
  page,
}) => {
  for (const { path } of PAGES.concat([{ path: "/playground.html" }])) {
    await page.goto(path);
    const footer = page.locator("footer");
    await expect(footer, path).toContainText("Steve Losh");
    for (const [url, title] of Object.values(POSTS)) {
      await expect(footer.getByRole("link", { name: title }), `${path} footer`).toHaveAttribute("href", url);
    }
    const post = POSTS[path];
    if (!post) continue;
    const credit = page.locator("main .credit");
    await expect(credit, path).toContainText("Rebuilt from Steve Losh's 2016 post");
    await expect(credit.getByRole("link", { name: post[1] })).toHaveAttribute("href", post[0]);
    // The opening: straight after the lede, before the contents.
    expect(await credit.evaluate((element) => element.previousElementSibling.className)).toBe("lede");
  }
});

test("the posts' look is one click away on an article, and one click back", async ({ page }) => {
  await page.goto("/midpoint-displacement.html");
  await waitForAllDemos(page, 6);
  const palettes = () =>
    page.evaluate(async () => {
      const { demoState, renderStats } = await import("./terrain.js");
      return Array.from({ length: renderStats().demos }, (_, index) => demoState(index).palette);
    });
  const own = await palettes();
  expect(own).toHaveLength(6);
  expect(own.every((palette) => palette !== "green")).toBe(true);
  const button = page.getByRole("button", { name: "Show the demos in the post's own look" });
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const before = await statsOf(page, 0);
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect.poll(palettes).toEqual(own.map(() => "green"));
  // The button sits in the opening, far above the first demo, which draws
  // its new look once it is back in view.
  await page.locator(".terrain-demo canvas.terrain-canvas").first().scrollIntoViewIfNeeded();
  await waitForChange(page, 0, before.hash, "the first demo is drawn in green");
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect.poll(palettes).toEqual(own);
});
