// The README's embed snippet on someone else's page, thirty times over.

import { BLOG, expect, renderStats, test, waitForAllDemos } from "./helpers.js";

test("a page on another origin with 30 embedded demos shows every one as it scrolls into view", async ({ page }) => {
  await page.goto(`${BLOG}/embed-30.html`);
  await waitForAllDemos(page, 30);
  const stats = await renderStats(page);
  expect(stats.demos).toBe(30);
  expect(stats.graphics, "one shared context, never lost").toBe("ready");
});
