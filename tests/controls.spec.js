// The controls readers expect: a slider beside every number, a link they can
// copy (and a word that it was copied), the Download menu on the articles'
// final demos too.

import { controlFields } from "./battery.js";
import { demoState, expect, statsOf, test, waitForAllDemos, waitForChange } from "./helpers.js";

test("every number has a labelled slider that moves with its field, by keys too", async ({ page }) => {
  await page.goto("/midpoint-displacement.html#play");
  const demo = page.locator(".terrain-demo").last();
  await demo.scrollIntoViewIfNeeded();
  const index = (await page.locator(".terrain-demo").count()) - 1;
  await waitForAllDemos(page, index + 1);
  const fields = controlFields("midpoint-displacement").filter(({ entry }) => entry.slider);
  expect(fields.map(({ option }) => option)).toEqual(["exponent", "spread", "spreadReduction"]);
  for (const { label, option, entry } of fields) {
    const field = demo.getByLabel(label, { exact: true });
    const slider = demo.getByLabel(`${label} slider`, { exact: true });
    await expect(slider).toHaveAttribute("type", "range");
    await expect(slider).toHaveAttribute("step", String(entry.step));
    // Big enough to take a finger.
    const box = await slider.boundingBox();
    expect(box.height, `${option} slider height`).toBeGreaterThanOrEqual(24);

    const before = await statsOf(page, index);
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    const stepped = Number(await field.inputValue());
    expect(stepped, `${option} after ArrowRight`).toBeCloseTo(Number(await slider.inputValue()), 9);
    await waitForChange(page, index, before.hash, `${option}'s slider remakes the map`);
    expect((await demoState(page, index))[option]).toBeCloseTo(stepped, 9);

    // Typing moves the slider.
    const typed = option === "exponent" ? "4" : "0.4";
    await field.fill(typed);
    await expect(slider).toHaveValue(typed);
  }
});

test.describe("copying the link", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("an article's final demo copies a playground link to exactly its map, and says so", async ({ page }) => {
    await page.goto("/diamond-square.html");
    const demos = page.locator(".terrain-demo");
    // Nine demos; counting them straight after loading can find none yet.
    await waitForAllDemos(page, 9);
    const last = demos.filter({ has: page.getByRole("button", { name: "Copy link" }) }).first();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator(".terrain-download > summary")).toBeVisible();
    await last.getByRole("button", { name: "Copy link" }).click();
    await expect(last.locator(".terrain-copy-status")).toHaveText("Copied the link.");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).pathname).toBe("/playground.html");
    const index = await last.evaluate((host) => [...document.querySelectorAll(".terrain-demo")].indexOf(host));
    const shown = await demoState(page, index);

    await page.goto(link);
    await waitForAllDemos(page, 1);
    const restored = await demoState(page, 0);
    for (const key of ["algorithm", "exponent", "seed", "spread", "spreadReduction", "stage", "fingerprint"]) {
      expect(restored[key], key).toEqual(shown[key]);
    }
  });

  test("the playground's link is its own address, shown and copied", async ({ page }) => {
    await page.goto("/playground.html?seed=99&exponent=4");
    await waitForAllDemos(page, 1);
    const share = page.getByLabel("Link to exactly this view");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.locator(".terrain-copy-status")).toHaveText("Copied the link.");
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await share.inputValue());
    expect(link).toContain("seed=99");
    expect(new URL(link).pathname).toBe("/playground.html");
  });
});

test("a browser that refuses the clipboard gets told to copy by hand", async ({ page }) => {
  await page.goto("/playground.html");
  await waitForAllDemos(page, 1);
  await page.evaluate(() => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
  });
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.locator(".terrain-copy-status")).toHaveText(
    "Could not copy: select the link and copy it yourself.",
  );
});

test("a page with no clipboard (plain http) gets told to copy by hand, and its demos go on", async ({ page }) => {
  // Outside a secure context, navigator.clipboard is not there at all: a
  // binding that assumed it threw through the wasm mid-handler, and every
  // demo on the page stopped answering.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined, configurable: true });
  });
  await page.goto("/playground.html?seed=5&exponent=5");
  await waitForAllDemos(page, 1);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.locator(".terrain-copy-status")).toHaveText(
    "Could not copy: select the link and copy it yourself.",
  );
  await page.getByRole("button", { name: "Embed" }).click();
  await page.locator(".terrain-embed").getByRole("button", { name: "Copy" }).first().click();
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.locator(".terrain-seed-value")).not.toHaveText("5");
  await expect(page.locator(".terrain-status")).toBeHidden();
});

test.describe("a browser call that throws mid-handler", () => {
  test.use({
    expectedProblems:
      /^(page error: a seed that will not be written|console error: terrain demos: a JavaScript exception left the app busy for good)$/,
  });

  test("stops the demos, and every demo's status line says so", async ({ page }) => {
    // Writing the seed throws once, as a binding without a catch may:
    // WebAssembly does not unwind, and the app stays borrowed for good.
    await page.addInitScript(() => {
      const text = Object.getOwnPropertyDescriptor(Node.prototype, "textContent");
      Object.defineProperty(Node.prototype, "textContent", {
        configurable: true,
        get() {
          return text.get.call(this);
        },
        set(value) {
          if (window.breakSeed && this.classList?.contains("terrain-seed-value")) {
            window.breakSeed = false;
            throw new Error("a seed that will not be written");
          }
          text.set.call(this, value);
        },
      });
    });
    await page.goto("/playground.html?seed=5&exponent=5");
    await waitForAllDemos(page, 1);
    await page.evaluate(() => {
      window.breakSeed = true;
    });
    // The second click finds the app still busy in a task of its own.
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.locator(".terrain-status")).toHaveText(
      "The terrain demos stopped: a browser call failed while they were busy. Reload the page to start again; if it happens again, please report it.",
    );
  });
});
