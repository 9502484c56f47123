// Strict embedding: the demos on pages served with the README's strict
// Content-Security-Policy, and a host page that keeps working whatever the
// demos do.

import { readFileSync } from "node:fs";
import { test as plain } from "@playwright/test";
import { BLOG, downloadFrom, expect, renderStats, statsOf, test, waitForAllDemos, waitForChange } from "./helpers.js";

const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

/** Runs before the page's scripts: records every Content-Security-Policy
 * violation, which a test then expects to be none. */
function recordViolations() {
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.cspViolations.push(
      `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
    );
  });
}

const violations = (page) => page.evaluate(() => window.cspViolations);

test.describe("a blog page with a strict Content-Security-Policy", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(recordViolations);
  });

  test("the embed script, its demos and the page's own script all work", async ({ page }) => {
    const dialogs = [];
    page.on("dialog", (dialog) => dialogs.push(dialog.message()) && dialog.dismiss());
    const response = await page.goto(`${BLOG}/strict.csp.html`);
    expect(response.headers()["content-security-policy"], "the policy is really sent").toBe(STRICT_CSP);

    await expect(page.locator("#host-status")).toHaveText("The blog's own script ran.");
    await waitForAllDemos(page, 3);
    // terrain.css came in as a stylesheet, not as inline styles.
    await expect(page.locator(".terrain-canvas").first()).toHaveCSS("touch-action", "pan-y");
    // The release's stylesheet, beside the script (see release.spec.js).
    expect(await page.locator("link[data-terrain-style]").getAttribute("href")).toMatch(
      new RegExp(`^${BLOG}/site/terrain\\.css\\?v=[0-9a-f]{12}$`),
    );

    // The bad demo says what is wrong and uses the defaults.
    const bad = page.locator(".terrain-demo").nth(2);
    for (const attribute of ["data-terrain-demo", "data-exponent", "data-seed", "data-palette"]) {
      await expect(bad.locator(".terrain-notice")).toContainText(`${attribute} must be`);
    }
    expect(await bad.locator("script, img").count(), "values stay text").toBe(0);

    // Controls, Refresh and the keyboard camera.
    const controlled = page.locator(".terrain-demo").nth(1);
    // Its view at the top of the window, so it stays on screen (and draws)
    // while its fields are used.
    await controlled.locator("canvas.terrain-canvas").evaluate((canvas) => canvas.scrollIntoView({ block: "start" }));
    let before = await statsOf(page, 1);
    await controlled.getByLabel("Seed", { exact: true }).fill("4242");
    await waitForChange(page, 1, before.hash, "a new seed redraws");
    before = await statsOf(page, 1);
    await controlled.getByRole("button", { name: "Refresh" }).click();
    await waitForChange(page, 1, before.hash, "Refresh redraws");
    before = await statsOf(page, 1);
    await controlled.locator("canvas.terrain-canvas").focus();
    await page.keyboard.press("ArrowLeft");
    await waitForChange(page, 1, before.hash, "the keyboard turns the view");

    // The host's own script still answers, and a demo it adds is mounted.
    await page.locator("#host-counter").click();
    await expect(page.locator("#host-counter")).toHaveText("Clicked 1 times");
    await page.locator("#add-demo").click();
    await waitForAllDemos(page, 4);
    expect(
      await page.locator("svg[data-terrain-demo]").evaluate((svg) => svg.childElementCount),
      "an SVG host is left alone",
    ).toBe(1);
    await expect(page.locator("#after")).toBeVisible();

    expect((await renderStats(page)).graphics).toBe("ready");
    expect(await violations(page), "nothing the policy had to block").toEqual([]);
    expect(dialogs).toEqual([]);
  });

  for (const [path, demos] of [
    ["", 1],
    ["midpoint-displacement.html", 6],
    ["recursive-midpoint-displacement.html", 1],
    ["diamond-square.html", 9],
    ["playground.html", 1],
  ]) {
    test(`the site's own /${path} works under the policy`, async ({ page }) => {
      const response = await page.goto(`${BLOG}/strict/${path}`);
      expect(response.headers()["content-security-policy"]).toBe(STRICT_CSP);
      await expect(page.locator("[data-terrain-mounted]")).toHaveCount(demos);
      await page.locator(".terrain-demo").first().scrollIntoViewIfNeeded();
      await expect
        .poll(async () => (await statsOf(page, 0)).foreground, { message: "a demo draws" })
        .toBeGreaterThan(0.05);
      expect(await violations(page)).toEqual([]);
    });
  }

  test("the playground's export, import and worker work under the policy", async ({ page }, testInfo) => {
    await page.goto(`${BLOG}/strict/playground.html`);
    await waitForAllDemos(page, 1);
    await page.getByLabel("Exponent", { exact: true }).fill("5");
    // The download module is fetched, and run in the file worker, under
    // the policy too.
    const download = await downloadFrom(page);
    const path = testInfo.outputPath("strict.png");
    await download.saveAs(path);
    expect([...readFileSync(path).subarray(1, 4)].map((byte) => String.fromCharCode(byte)).join("")).toBe("PNG");
    await page.setInputFiles('.terrain-import input[type="file"]', path);
    await expect(page.locator(".terrain-file-status")).toContainText("Imported strict.png");
    // Big maps are made in a module worker, which the policy must allow too.
    await page.getByLabel("Exponent", { exact: true }).fill("10");
    await expect
      .poll(() => page.evaluate(async () => (await import("./terrain.js")).demoState(0).side), { timeout: 30_000 })
      .toBe(1025);
    expect(await violations(page)).toEqual([]);
  });
});

// Its own `page`: this test expects errors, all of them from the demos.
plain("when the demos cannot start, the host page and its script carry on", async ({ page }) => {
  const errors = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push({ text: message.text(), url: message.location().url });
  });
  page.on("pageerror", (error) => errors.push({ text: error.message, url: error.stack ?? "" }));
  // The site's WebAssembly is unreachable (a host down, a blocked request).
  await page.route("**/site/terrain-web_bg.wasm?v=*", (route) => route.abort());
  await page.goto(`${BLOG}/strict.csp.html`);

  await expect(page.locator("#host-status")).toHaveText("The blog's own script ran.");
  await page.locator("#host-counter").click();
  await page.locator("#host-counter").click();
  await expect(page.locator("#host-counter")).toHaveText("Clicked 2 times");
  // The placeholders the post wrote stay where the demos would have been.
  await expect(page.locator("[data-terrain-demo]").filter({ hasText: "A 3D terrain demo goes here." })).toHaveCount(3);
  await expect(page.locator("#after")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the layout is intact").toBeLessThanOrEqual(0);

  expect(errors.length, "the failure is reported").toBeGreaterThan(0);
  for (const error of errors) {
    expect(error.url + error.text, "every error comes from the demos' own files").toMatch(/\/site\/terrain/);
  }
});

test.describe("a module that cannot start says so where the demos would be", () => {
  test.use({
    expectedProblems:
      /^(HTTP 404: .*terrain-web_bg\.wasm.*|page error: .*(answered 404|unsafe-eval).*|console error: .*(unsafe-eval|Content Security Policy|404).*)$/,
  });

  test("its WebAssembly not found: every demo's place and embed.html say why, not a blank", async ({ page }) => {
    await page.route("**/terrain-web_bg.wasm*", (route) => route.fulfill({ status: 404, body: "not here" }));
    await page.goto("/diamond-square.html");
    const notes = page.locator(".terrain-cannot-start");
    await expect(notes).toHaveCount(await page.locator("[data-terrain-demo]").count());
    await expect(notes.first()).toHaveText(
      /^This 3D terrain demo could not start: its WebAssembly module could not be loaded \(.*answered 404\)\. Reload the page to try again\.$/,
    );
    await expect(notes.first()).toBeVisible();
    await page.goto("/embed.html?algorithm=perlin-noise");
    await expect(page.locator(".embed-demo .terrain-cannot-start")).toBeVisible();
    await expect(page.getByText("A 3D terrain is loading…")).toHaveCount(0);
  });

  test("a policy without 'wasm-unsafe-eval': the note names what the policy needs", async ({ page }) => {
    const demo = '<div data-terrain-demo="diamond-square" data-exponent="5"></div>';
    await page.route("**/no-wasm-policy.html", (route) =>
      route.fulfill({
        contentType: "text/html",
        headers: { "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'" },
        body: `<!doctype html><html lang="en"><title>t</title><script type="module" src="terrain.js"></script>${demo}`,
      }),
    );
    await page.goto("/no-wasm-policy.html");
    await expect(page.locator(".terrain-cannot-start")).toHaveText(
      "This 3D terrain demo could not start: the page's Content-Security-Policy does not let it run WebAssembly (its script-src needs 'wasm-unsafe-eval'). Reload the page to try again.",
    );
  });
});
