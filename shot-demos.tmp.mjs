import { chromium } from "@playwright/test";
const [,, url, prefix, width = "1280", height = "900"] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
await page.goto(url);
await page.waitForTimeout(1500);
const demos = page.locator(".terrain-demo");
const n = await demos.count();
for (let i = 0; i < n; i++) {
  const d = demos.nth(i);
  await d.locator("canvas").scrollIntoViewIfNeeded();
  await page.waitForTimeout(1200);
  for (let k = 0; k < 40; k++) { const s = await page.evaluate(async () => (await import("./terrain.js")).renderStats().waiting); if (!s) break; await page.waitForTimeout(250); }
  await page.waitForTimeout(400);
  await d.screenshot({ path: `${prefix}-${String(i).padStart(2, "0")}.png` });
}
console.log(n);
await browser.close();
