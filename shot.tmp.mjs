import { chromium } from "@playwright/test";
const [,, url, out, width = "1280", height = "900", full = "1", selector = ""] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
await page.goto(url);
await page.waitForTimeout(2500);
if (selector) { const el = page.locator(selector).last(); await el.scrollIntoViewIfNeeded(); await page.waitForTimeout(1500); await el.screenshot({ path: out }); }
else await page.screenshot({ path: out, fullPage: full === "1" });
await browser.close();
