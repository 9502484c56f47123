// Phones: 390 x 844 CSS pixels with touch. No page scrolls sideways, demos
// fit the width, one finger turns a demo and two pinch it (real touch
// events, through the DevTools protocol) without moving the page, a swipe
// up or down over a view not tapped scrolls the page, and
// everything a finger needs to hit is at least 44 x 44 CSS pixels.

import { expectNoSeriousViolations } from "./axe.js";
import { demoStats, expect, SCREENS, SITE_PAGES, statsOf, test, waitForAllDemos, waitForChange } from "./helpers.js";

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** The smallest a tap target may be, in CSS pixels (WCAG 2.5.5, and the
 * size Apple and Google ask for). */
const TAP = 44;

/** Runs in the page: the elements matching `selector` smaller than `tap`
 * CSS pixels either way. A checkbox or file input counts with the label
 * around it, which takes the tap. */
const SMALL_TARGETS = ({ selector, tap }) =>
  [...document.querySelectorAll(selector)]
    // Controls of settings the map ignores are hidden: nothing to tap.
    .filter((element) => element.checkVisibility())
    .map((element) => {
      const target = element.matches('input[type="checkbox"], input[type="file"]')
        ? (element.closest("label") ?? element)
        : element;
      const { width, height } = target.getBoundingClientRect();
      const name = element.getAttribute("aria-label") || element.textContent.trim() || element.id || element.localName;
      return {
        what: `<${element.localName}> ${name.slice(0, 40)}`,
        width: Math.round(width * 10) / 10,
        height: Math.round(height * 10) / 10,
      };
    })
    .filter(({ width, height }) => width < tap || height < tap);

/** Touch input as a phone sends it. */
async function touchscreen(page) {
  const session = await page.context().newCDPSession(page);
  const send = (type, touchPoints) => session.send("Input.dispatchTouchEvent", { type, touchPoints });
  return {
    /** One finger from `from` to `to`, in `steps` moves. */
    async drag(from, to, steps = 10) {
      await send("touchStart", [{ x: from.x, y: from.y, id: 1 }]);
      for (let step = 1; step <= steps; step++) {
        const t = step / steps;
        await send("touchMove", [{ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, id: 1 }]);
      }
      await send("touchEnd", []);
    },
    /** Two fingers on either side of `centre`, from `start` to `end` CSS
     * pixels apart. */
    async pinch(centre, start, end, steps = 10) {
      const fingers = (gap) => [
        { x: centre.x - gap / 2, y: centre.y, id: 1 },
        { x: centre.x + gap / 2, y: centre.y, id: 2 },
      ];
      await send("touchStart", fingers(start));
      for (let step = 1; step <= steps; step++)
        await send("touchMove", fingers(start + ((end - start) * step) / steps));
      await send("touchEnd", []);
    },
  };
}

for (const { path, name, demos } of SITE_PAGES) {
  test(`${name}: nothing scrolls sideways, demos fit the width, targets are ${TAP} px, axe is happy`, async ({
    page,
  }) => {
    // The noise and erosion chapters draw a dozen demos each, then axe
    // reads every one: 38 and 59 s in a CI run with two test workers.
    test.setTimeout(120_000);
    await page.goto(path);
    await waitForAllDemos(page, demos);
    const widths = await page.evaluate(() => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.viewport).toBe(PHONE.width);
    expect(widths.document, "no horizontal scroll").toBeLessThanOrEqual(widths.viewport);
    expect(widths.body, "no horizontal scroll").toBeLessThanOrEqual(widths.viewport);
    const boxes = await page.locator(".terrain-demo").evaluateAll((hosts) =>
      hosts.map((host) => {
        const canvas = host.querySelector("canvas.terrain-canvas").getBoundingClientRect();
        const demo = host.getBoundingClientRect();
        return { left: demo.left, right: demo.right, canvasWidth: canvas.width, canvasHeight: canvas.height };
      }),
    );
    for (const [index, box] of boxes.entries()) {
      expect(box.left, `demo ${index} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.right, `demo ${index} ends on screen`).toBeLessThanOrEqual(PHONE.width);
      // The page keeps a margin of about 20 px a side.
      expect(box.canvasWidth, `demo ${index} uses the width`).toBeGreaterThanOrEqual(PHONE.width - 50);
      expect(box.canvasHeight, `demo ${index} is not squashed`).toBeGreaterThan(box.canvasWidth / 2);
    }
    // The canvases draw at the phone's pixel density, not blurred up.
    const stats = await demoStats(page);
    for (const [index, { width }] of stats.entries()) {
      expect(width, `demo ${index} canvas pixels`).toBeGreaterThanOrEqual(Math.floor(boxes[index].canvasWidth * 2) - 1);
    }

    const small = await page.evaluate(SMALL_TARGETS, {
      selector: ".terrain-demo :is(input, select, canvas, .terrain-play, .terrain-button), .series a, .pager a",
      tap: TAP,
    });
    expect(small, "too small to tap").toEqual([]);

    await expectNoSeriousViolations(page, `${name} at ${PHONE.width} px`);
    await page.screenshot({ path: `${SCREENS}${name}-phone-touch.png`, fullPage: true });
  });

  // Once the Refresh button was 40 CSS pixels tall.
  test(`${name}: every Refresh button is ${TAP} x ${TAP} CSS pixels or more`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator("[data-terrain-mounted]")).toHaveCount(demos);
    const small = await page.evaluate(SMALL_TARGETS, { selector: ".terrain-demo .terrain-refresh", tap: TAP });
    expect(small, "too small to tap").toEqual([]);
  });
}

test.describe("touch on a demo", () => {
  for (const { path, name, demos, index } of [
    { path: "/playground.html", name: "playground", demos: 1, index: 0 },
    { path: "/diamond-square.html", name: "diamond-square's final demo", demos: 9, index: 3 },
  ]) {
    test(`${name}: one finger turns it, two pinch it, and the page stays put`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("[data-terrain-mounted]")).toHaveCount(demos);
      const canvas = page.locator(".terrain-demo").nth(index).locator("canvas.terrain-canvas");
      await canvas.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await expect.poll(async () => (await statsOf(page, index)).foreground).toBeGreaterThan(0.05);
      const box = await canvas.boundingBox();
      const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const touch = await touchscreen(page);
      const scroll = () => page.evaluate(() => [window.scrollX, window.scrollY, window.visualViewport.scale]);
      const still = await scroll();

      // One finger, diagonally: the view turns; the page neither scrolls nor zooms.
      let before = await statsOf(page, index);
      await touch.drag({ x: centre.x - 60, y: centre.y - 40 }, { x: centre.x + 60, y: centre.y + 40 });
      await waitForChange(page, index, before.hash, "a one-finger drag turns the view");
      expect(await scroll(), "the page did not move").toEqual(still);

      // Reset the view, then pinch out: closer, so the terrain fills more of it.
      await canvas.dblclick();
      await page.waitForTimeout(100);
      before = await statsOf(page, index);
      await touch.pinch(centre, 60, 220);
      await waitForChange(page, index, before.hash, "spreading two fingers zooms");
      const closer = await statsOf(page, index);
      expect(closer.foreground, "zoomed in: the terrain fills more of the view").toBeGreaterThan(before.foreground);
      expect(await scroll(), "the page did not zoom or move").toEqual(still);

      // Pinch in: further away, the terrain fills less.
      await touch.pinch(centre, 240, 40);
      await waitForChange(page, index, closer.hash, "closing two fingers zooms out");
      expect((await statsOf(page, index)).foreground, "zoomed out").toBeLessThan(closer.foreground);
      expect(await scroll()).toEqual(still);
      await page.screenshot({ path: `${SCREENS}${name.replaceAll(/\W+/g, "-")}-phone-after-touch.png` });

      // The same finger outside the demo scrolls the page as usual.
      const below = { x: 12, y: Math.min(PHONE.height - 20, box.y + box.height + 60) };
      await touch.drag(below, { x: 12, y: below.y - 300 });
      await expect
        .poll(async () => (await scroll())[1], { message: "a drag beside the demo scrolls" })
        .toBeGreaterThan(still[1]);
    });
  }

  // A phone's article is mostly views: once a swipe over any of them was
  // the view's, and the page could be scrolled only in the margins.
  test("a swipe up over a view not tapped scrolls the page; after a tap it tilts the view", async ({ page }) => {
    await page.goto("/diamond-square.html");
    await expect(page.locator("[data-terrain-mounted]")).toHaveCount(9);
    const index = 3;
    const canvas = page.locator(".terrain-demo").nth(index).locator("canvas.terrain-canvas");
    await canvas.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await expect.poll(async () => (await statsOf(page, index)).foreground).toBeGreaterThan(0.05);
    const touch = await touchscreen(page);
    const centre = async () => {
      const box = await canvas.boundingBox();
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const scrollY = () => page.evaluate(() => window.scrollY);

    const before = await scrollY();
    let at = await centre();
    await touch.drag({ x: at.x, y: at.y + 60 }, { x: at.x, y: at.y - 100 });
    await expect.poll(scrollY, { message: "the swipe scrolled the page" }).toBeGreaterThan(before + 50);
    // A tap that stops a fling is not a tap, and the fling's end is not
    // visible from the page: tap until the view is chosen.
    await expect
      .poll(
        async () => {
          const { x, y } = await centre();
          await page.touchscreen.tap(x, y);
          return canvas.evaluate((element) => document.activeElement === element);
        },
        { message: "a tap chooses the view", intervals: [500] },
      )
      .toBe(true);
    await page.waitForTimeout(100);
    const tapped = await scrollY();
    const view = await statsOf(page, index);
    at = await centre();
    await touch.drag({ x: at.x, y: at.y + 60 }, { x: at.x, y: at.y - 100 });
    await waitForChange(page, index, view.hash, "the same swipe on the tapped view tilts it");
    expect(await scrollY(), "and the page stays put").toBe(tapped);
  });
});
