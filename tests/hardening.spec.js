// Bad input everywhere it can come in: the battery of tests/battery.js typed
// into every text field, put in every URL parameter of the playground, set
// on every embed attribute, and passed to generate() and erode(). Each value
// either works (no message, the terrain it asks for) or gives a message
// naming the field and what it allows while the last good terrain stays;
// never a console error, a NaN, a panic or a value read as HTML.

import { readFileSync } from "node:fs";
import {
  ATTRIBUTE_CASES,
  ATTRIBUTE_FIXTURE,
  attributeFixture,
  BAD_VALUES,
  CONTROL_FIELDS,
  DEFAULT_LOOK,
  ERODE_OPTIONS,
  EXPONENT,
  fingerprintsOf,
  GENERATE_OPTIONS,
  outcome,
  REGISTRY,
  readingAlgorithm,
  SEED,
  SPACED_TWO,
  SPREAD,
  SPREAD_REDUCTION,
  TWO_TO_THE_64,
  URL_KEYS,
  unreadOutcome,
} from "./battery.js";
import { BLOG, demoState, expect, settle, statsOf, test, waitForAllDemos, waitForChange } from "./helpers.js";

/** Node.TEXT_NODE, for checking a message is plain text. */
const TEXT_NODE = 3;

/** The generate() options that give a demo's terrain. */
function optionsOf({ algorithm, exponent, spread, spreadReduction, seed, normalize, stage }) {
  return { algorithm, exponent, spread, spreadReduction, seed, normalize, stage };
}

/** Fails the test if anything opens a dialog (an alert() smuggled in a value
 * would). */
function refuseDialogs(page) {
  const dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  return () => expect(dialogs, "no value ran as script").toEqual([]);
}

/** Runs in the page: what in `host` (a demo) looks like a value read as
 * HTML, or a number gone wrong. Messages quote the value they refuse (which
 * may well be "NaN"); the quotes are left out, and so is the text a reader
 * typed into `ownField`. */
const JUNK_IN = (host, ownField) => {
  const found = [];
  const markup = host.querySelectorAll("script, img, iframe, object, embed, svg, style, link, a");
  for (const element of markup) {
    // The Analyze panel's own plots and legends (their text is read below).
    if (element.matches("svg.terrain-plot, svg.terrain-legend")) continue;
    found.push(`a <${element.localName}> element`);
  }
  const walker = document.createTreeWalker(host, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode.data);
  for (const element of host.querySelectorAll("*")) {
    for (const name of ["aria-label", "title", "aria-valuetext"]) {
      if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
    }
    if (element.localName === "input" && element.id !== ownField && element.type !== "file") {
      texts.push(element.value);
    }
  }
  for (const text of texts) {
    const unquoted = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
    if (/NaN|Infinity|undefined|\binf\b/.test(unquoted)) found.push(`text ${JSON.stringify(text.slice(0, 160))}`);
  }
  return found;
};

/**
 * The page's address once it has caught up with the share link, which it
 * follows within a third of a second (the playground spaces its changes
 * out for the browsers' limits); pages without a link keep their address.
 */
async function settledAddress(page) {
  const link = page.locator(".terrain-share input");
  if ((await link.count()) === 0) return page.url();
  const wanted = await link.first().inputValue();
  await expect.poll(() => page.url(), { message: "the address follows the share link" }).toBe(wanted);
  return wanted;
}

test.describe("the battery in every text field", () => {
  const PAGES = [
    { name: "playground", path: "/playground.html" },
    { name: "recursive midpoint displacement", path: "/recursive-midpoint-displacement.html" },
  ];
  for (const where of PAGES) {
    test(`${where.name}: every field, every value`, async ({ page }) => {
      const noDialogs = refuseDialogs(page);
      await page.goto(where.path);
      await waitForAllDemos(page, 1);
      const demo = page.locator(".terrain-demo").first();
      const scripts = await page.evaluate(() => document.scripts.length);
      for (const field of CONTROL_FIELDS) {
        const input = demo.getByLabel(field.label, { exact: true });
        const id = await input.getAttribute("id");
        const error = demo.locator(`[id="${id}-error"]`);
        await expect(input, "the message is tied to its field").toHaveAttribute(
          "aria-describedby",
          new RegExp(`${id}-error`),
        );

        for (const value of BAD_VALUES) {
          const what = `${field.label} = ${JSON.stringify(value)}`;
          const before = await demoState(page, 0);
          const pixels = await statsOf(page, 0);
          const address = await settledAddress(page);
          await input.fill(value);
          const result = outcome(field.spec, value, field.label);
          if (result.valid) {
            await expect(error, `${what} is fine`).toBeHidden();
            await expect(input).toHaveAttribute("aria-invalid", "false");
            const [expected] = await fingerprintsOf(page, [{ ...optionsOf(before), [field.option]: result.value }]);
            await expect
              .poll(async () => (await demoState(page, 0)).fingerprint, { message: `${what} is used` })
              .toBe(expected);
            if (expected !== before.fingerprint) await waitForChange(page, 0, pixels.hash, `${what} redraws`);
          } else {
            await expect(error, `${what} is refused`).toBeVisible();
            await expect(error).toHaveText(result.message);
            await expect(input).toHaveAttribute("aria-invalid", "true");
            await settle(page);
            expect(await demoState(page, 0), `${what} keeps the last good terrain`).toEqual(before);
            expect((await statsOf(page, 0)).hash, `${what} keeps the last good picture`).toBe(pixels.hash);
            expect(await settledAddress(page), `${what} leaves the address alone`).toBe(address);
            // The value is shown as text, never parsed as markup.
            expect(await error.evaluate((element) => [...element.childNodes].map((node) => node.nodeType))).toEqual([
              TEXT_NODE,
            ]);
          }
          expect(await demo.evaluate(JUNK_IN, id), what).toEqual([]);
          expect(page.url(), what).not.toMatch(/NaN|Infinity|undefined/);
        }
      }
      expect(await page.evaluate(() => document.scripts.length), "no script was added").toBe(scripts);
      noDialogs();
    });
  }

  test("ArrowUp in a field holding a bad value steps to a good one or leaves it", async ({ page }) => {
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    const demo = page.locator(".terrain-demo").first();
    for (const { label, option, spec } of CONTROL_FIELDS) {
      const input = demo.getByLabel(label, { exact: true });
      const id = await input.getAttribute("id");
      const error = demo.locator(`[id="${id}-error"]`);
      for (const value of BAD_VALUES) {
        if (outcome(spec, value, label).valid) continue;
        // Every exponent above 12 steps to 12, a 4097 × 4097 map that takes
        // seconds to make (the huge-map tests make it); this test stays with
        // the values that step to small maps.
        if (label === "Exponent" && ["40", "1e309", TWO_TO_THE_64].includes(value)) continue;
        await input.fill(value);
        const before = await demoState(page, 0);
        await input.press("ArrowUp");
        const stepped = await input.inputValue();
        const what = `${label}: ${JSON.stringify(value)} then ArrowUp gives ${JSON.stringify(stepped)}`;
        if (await error.isVisible()) {
          await expect(error, what).toHaveText(new RegExp(`^${label} (must be ${spec.allowed}; got|is empty)`));
          expect(await demoState(page, 0), `${what} keeps the terrain`).toEqual(before);
        } else {
          // Big maps are made in a worker, so the new terrain may take a moment.
          await expect
            .poll(async () => String((await demoState(page, 0))[option]), { message: `${what} is used` })
            .toBe(stepped);
        }
        expect(await demo.evaluate(JUNK_IN, id), what).toEqual([]);
      }
      await input.fill(label === "Exponent" ? "5" : label === "Seed" ? "7" : "0.5");
    }
  });
});

test.describe("the battery in the playground's URL", () => {
  /** Mounts a demo that reads the page's URL after setting its query to
   * `query`, the way the playground's demo reads it on load; returns what
   * it shows. */
  function mountWithQuery(page, query) {
    return page.evaluate(async (query) => {
      history.replaceState(null, "", location.pathname + query);
      // A page has one address: the playground's demo, which keeps it,
      // gives way to the one under test.
      const keeper = document.querySelector("[data-url-state][data-terrain-mounted]");
      if (keeper) {
        const { renderStats } = await import("./terrain.js");
        const before = renderStats().demos;
        keeper.remove();
        await new Promise((resolve) => {
          const poll = () => (renderStats().demos < before ? resolve() : setTimeout(poll, 5));
          poll();
        });
      }
      const host = document.createElement("div");
      host.setAttribute("data-terrain-demo", "diamond-square");
      host.setAttribute("data-url-state", "");
      document.querySelector("main").append(host);
      await new Promise((resolve) => {
        const poll = () => (host.hasAttribute("data-terrain-mounted") ? resolve() : setTimeout(poll, 5));
        poll();
      });
      const { demoState } = await import("./terrain.js");
      const notice = host.querySelector(".terrain-notice");
      const result = {
        notice: notice.hidden ? null : notice.textContent,
        state: demoState(Number(host.querySelector("canvas.terrain-canvas").dataset.terrainIndex)),
        status: host.querySelector(".terrain-status").hidden ? null : host.querySelector(".terrain-status").textContent,
      };
      host.remove();
      return result;
    }, query);
  }

  test("every parameter, every value: a message naming it, or the value used; the rest applies", async ({ page }) => {
    // Hundreds of demos mounted in turn: about 45 s on a quiet 2-core machine.
    test.setTimeout(180_000);
    const noDialogs = refuseDialogs(page);
    await page.goto("/playground.html");
    await waitForAllDemos(page, 1);
    for (const { key, option, state: look, spec, applies } of URL_KEYS) {
      // Another parameter alongside, to show the rest of the URL still
      // applies, and an algorithm that reads the key, if one does alone.
      const base = key === "seed" ? { algorithm: "midpoint-displacement" } : { seed: "5" };
      const algorithm = readingAlgorithm(applies, REGISTRY.defaultAlgorithm);
      if (key !== "algorithm" && algorithm !== REGISTRY.defaultAlgorithm && algorithm !== null) {
        base.algorithm = algorithm;
      }
      const name = `URL parameter ${key}`;
      const cases = BAD_VALUES.map((value) => ({
        value,
        result: algorithm === null ? unreadOutcome(name) : outcome(spec, value, name),
      }));
      const options = cases.map(({ result }) => ({
        ...base,
        ...(option && result.valid ? { [option]: result.value } : {}),
      }));
      const expected = await fingerprintsOf(page, options);
      for (const [index, { value, result }] of cases.entries()) {
        const query = `?${new URLSearchParams({ ...base, [key]: value })}`;
        const shown = await mountWithQuery(page, query);
        const what = `${query}`;
        expect(shown.status, `${what}: no panic`).toBeNull();
        if (result.valid) {
          expect(shown.notice, `${what} is fine`).toBeNull();
        } else {
          expect(shown.notice, `${what} is reported`).toContain(result.message);
          expect(shown.notice.split("URL parameter ").length - 1, `${what}: one message`).toBe(1);
        }
        expect(shown.state.fingerprint, `${what}: the terrain of the rest of the URL`).toBe(expected[index]);
        for (const [name, value] of Object.entries(base)) expect(String(shown.state[name]), what).toBe(value);
        if (result.unread) expect(shown.notice, what).toMatch(/ is (not read|read only with)/);
        else if (look) expect(shown.state[look], what).toBe(result.valid ? result.value : DEFAULT_LOOK[look]);
        expect(JSON.stringify(shown.state), what).not.toMatch(/NaN|Infinity|null/);
      }
    }
    noDialogs();
  });

  test("a URL with every parameter bad at once: each reported, the page still works", async ({ page }) => {
    const noDialogs = refuseDialogs(page);
    // A page load each, so one value of each kind: out of range, not a
    // number, empty, markup, padded.
    for (const value of ["40", "NaN", "", "<script>alert(1)</script>", SPACED_TWO]) {
      const query = `?${new URLSearchParams(URL_KEYS.map(({ key }) => [key, value]))}`;
      await page.goto(`/playground.html${query}`);
      await waitForAllDemos(page, 1);
      const notice = page.locator(".terrain-notice");
      const options = {};
      const look = { ...DEFAULT_LOOK };
      let refused = 0;
      // No value of the battery is an algorithm or an erosion: the default
      // algorithm reads what it reads, and every other key is named unread.
      for (const { key, option, state: setting, spec, applies } of URL_KEYS) {
        const read = readingAlgorithm(applies, REGISTRY.defaultAlgorithm) === REGISTRY.defaultAlgorithm;
        const result = read ? outcome(spec, value, `URL parameter ${key}`) : unreadOutcome(`URL parameter ${key}`);
        if (result.valid) {
          if (option) options[option] = result.value;
          else look[setting] = result.value;
        } else {
          refused++;
          // A value not read is kept, for a choice that reads it later.
          if (result.unread && setting) delete look[setting];
          await expect(notice, query).toContainText(result.message);
        }
      }
      if (refused === 0) await expect(notice).toBeHidden();
      else expect((await notice.textContent()).split("URL parameter ").length - 1, query).toBe(refused);
      const shown = await demoState(page, 0);
      const [expected] = await fingerprintsOf(page, [options]);
      expect(shown.fingerprint, `${query}: defaults for what was refused`).toBe(expected);
      expect(Object.fromEntries(Object.keys(look).map((key) => [key, shown[key]]))).toEqual(look);
      // The controls show what is used, with no error of their own.
      await expect(page.getByLabel("Exponent", { exact: true })).toHaveValue(String(shown.exponent));
      await expect(page.getByLabel("Seed", { exact: true })).toHaveValue(shown.seed);
      await expect(page.locator(".terrain-error:visible")).toHaveCount(0);
      await expect(page.locator(".terrain-status")).toBeHidden();
      expect(await page.locator(".terrain-demo").evaluate(JUNK_IN, null), query).toEqual([]);
    }
    noDialogs();
  });
});

test.describe("the battery in every embed attribute", () => {
  test("the fixture is up to date with tests/battery.js", () => {
    expect(readFileSync(ATTRIBUTE_FIXTURE, "utf-8"), "run: node tests/battery.js").toBe(attributeFixture());
  });

  test("every attribute, every value: a message naming it, or the value used; defaults otherwise", async ({ page }) => {
    // Every attribute's battery on one page: hundreds of demos.
    test.setTimeout(180_000);
    const noDialogs = refuseDialogs(page);
    await page.goto(`${BLOG}/bad-attributes.html`);
    await expect(page.locator("[data-terrain-mounted]")).toHaveCount(ATTRIBUTE_CASES.length);
    const shown = await page.evaluate(
      async ({ ids, junk }) => {
        const findJunk = new Function(`return (${junk})`)();
        const script = document.querySelector('script[type="module"][src$="terrain.js"]');
        const { demoState } = await import(script.src);
        return ids.map((id) => {
          const host = document.getElementById(id);
          const notice = host.querySelector(".terrain-notice");
          const status = host.querySelector(".terrain-status");
          const creases = host.querySelector(".terrain-creases");
          return {
            id,
            notice: notice.hidden ? null : notice.textContent,
            noticeNodes: [...notice.childNodes].map((node) => node.nodeType),
            status: status.hidden ? null : status.textContent,
            state: demoState(Number(host.querySelector("canvas.terrain-canvas").dataset.terrainIndex)),
            controls: host.querySelector(".terrain-controls") ? "compact" : "none",
            creases: !creases.hidden,
            junk: findJunk(host, null),
          };
        });
      },
      { ids: ATTRIBUTE_CASES.map(({ id }) => id), junk: JUNK_IN.toString() },
    );
    const expected = await fingerprintsOf(
      page,
      ATTRIBUTE_CASES.map(({ options }, index) => ({ ...options, seed: options.seed ?? shown[index].state.seed })),
    );
    for (const [index, { attribute, value, result, state: look }] of ATTRIBUTE_CASES.entries()) {
      const demo = shown[index];
      const what = `${attribute}=${JSON.stringify(value)}`;
      if (result.valid) {
        expect.soft(demo.notice, `${what} is fine`).toBeNull();
      } else {
        expect.soft(demo.notice, `${what} is reported`).toContain(result.message);
        expect.soft(demo.noticeNodes, `${what}: the message is text`).toEqual([TEXT_NODE]);
      }
      expect.soft(demo.status, `${what}: no panic`).toBeNull();
      expect.soft(demo.junk, what).toEqual([]);
      expect.soft(demo.state.fingerprint, `${what}: the terrain of the other attributes`).toBe(expected[index]);
      expect.soft(JSON.stringify(demo.state), what).not.toMatch(/NaN|Infinity|null/);
      if (result.unread) expect.soft(demo.notice, what).toMatch(/ is (not read|read only with)/);
      else if (look) expect.soft(demo.state[look], what).toBe(result.valid ? result.value : DEFAULT_LOOK[look]);
      if (attribute === "data-controls") {
        expect.soft(demo.controls, what).toBe(result.valid ? result.value : "none");
      }
      if (attribute === "data-creases") {
        expect.soft(demo.creases, what).toBe(result.valid ? result.value : false);
      }
    }
    expect(await page.evaluate(() => document.querySelectorAll("script, img").length), "no element from a value").toBe(
      1,
    );
    noDialogs();
  });
});

test("generate() refuses every bad option with an Error, and never returns NaN", async ({ page }) => {
  await page.goto("/");
  const call = (options) =>
    page.evaluate(async (options) => {
      const { generate } = await import("./terrain.js");
      const decode = (value) =>
        value && typeof value === "object" && "bigint" in value ? BigInt(value.bigint) : value;
      const decoded = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, decode(value)]));
      try {
        const heights = generate(decoded);
        let finite = true;
        let min = Infinity;
        let max = -Infinity;
        for (const height of heights) {
          finite &&= Number.isFinite(height);
          min = Math.min(min, height);
          max = Math.max(max, height);
        }
        return { length: heights.length, finite, min, max };
      } catch (error) {
        return { error: error instanceof Error ? error.message : `not an Error: ${error}` };
      }
    }, options);

  const cases = [];
  for (const { option, spec } of GENERATE_OPTIONS) {
    for (const value of BAD_VALUES) cases.push({ options: { [option]: value }, result: outcome(spec, value, option) });
  }
  // The same values as JavaScript numbers and BigInts (a BigInt travels
  // into the page as { bigint: "digits" }).
  const SPECS = { exponent: EXPONENT, spread: SPREAD, spreadReduction: SPREAD_REDUCTION, seed: SEED };
  const refused = (option, got) => ({
    valid: false,
    message: `${option} must be ${SPECS[option].allowed}; got ${got}`,
  });
  const fine = { valid: true };
  const NUMBERS = [
    ["exponent", 40, refused("exponent", "40")],
    ["exponent", -1, refused("exponent", "-1")],
    ["exponent", 0, refused("exponent", "0")],
    ["exponent", Infinity, refused("exponent", '"Infinity"')],
    ["exponent", NaN, refused("exponent", '"NaN"')],
    ["exponent", 2 ** 64, refused("exponent", '"18446744073709552000"')],
    ["exponent", { bigint: "40" }, refused("exponent", "40")],
    ["spread", 40, refused("spread", "40")],
    ["spread", -1, refused("spread", "-1")],
    ["spread", 0, fine],
    ["spread", Infinity, refused("spread", '"Infinity"')],
    ["spread", NaN, refused("spread", '"NaN"')],
    ["spread", 2 ** 64, refused("spread", "18446744073709552000")],
    ["spreadReduction", 40, refused("spreadReduction", "40")],
    ["spreadReduction", -1, refused("spreadReduction", "-1")],
    ["spreadReduction", 0, fine],
    ["spreadReduction", Infinity, refused("spreadReduction", '"Infinity"')],
    ["spreadReduction", NaN, refused("spreadReduction", '"NaN"')],
    ["spreadReduction", 2 ** 64, refused("spreadReduction", "18446744073709552000")],
    ["seed", 40, fine],
    ["seed", -1, refused("seed", "-1")],
    ["seed", 0, fine],
    ["seed", Infinity, refused("seed", '"Infinity"')],
    ["seed", NaN, refused("seed", '"NaN"')],
    [
      "seed",
      2 ** 64,
      {
        valid: false,
        message:
          "seed 18446744073709552000 is past the largest whole number a JavaScript number holds exactly (2^53 - 1); pass it as a string or a BigInt",
      },
    ],
    ["seed", { bigint: "18446744073709551615" }, fine],
    ["seed", { bigint: TWO_TO_THE_64 }, refused("seed", `"${TWO_TO_THE_64}"`)],
    ["seed", { bigint: "-1" }, refused("seed", "-1")],
  ];
  for (const [option, value, result] of NUMBERS) cases.push({ options: { [option]: value }, result });

  const show = (value) => (typeof value === "number" ? String(value) : JSON.stringify(value));
  for (const { options, result } of cases) {
    const what = `generate({ ${Object.entries(options).map(([key, value]) => `${key}: ${show(value)}`)} })`;
    const got = await call(options);
    if (result.valid) {
      expect.soft(got.error, what).toBeUndefined();
      expect.soft(got.finite, `${what}: no NaN`).toBe(true);
    } else {
      expect.soft(got.error, what).toBe(result.message);
    }
  }

  // The extremes of every range, for every algorithm, never give NaN, and
  // "done" is normalized to exactly [0, 1].
  const ALGORITHMS = [
    "random-noise",
    "midpoint-displacement",
    "recursive-midpoint-displacement",
    "diamond-square",
    "tileable-diamond-square",
  ];
  for (const algorithm of ALGORITHMS) {
    for (const exponent of [1, 6]) {
      for (const [spread, spreadReduction] of [
        [0, 0],
        [0, 2],
        [5, 0],
        [5, 2],
      ]) {
        for (const normalize of [true, false]) {
          const options = { algorithm, exponent, spread, spreadReduction, normalize, seed: 99 };
          const got = await call(options);
          const what = JSON.stringify(options);
          expect.soft(got.error, what).toBeUndefined();
          expect.soft(got.finite, `${what}: no NaN`).toBe(true);
          if (normalize && algorithm !== "random-noise") {
            // A flat map (tileable with no spread: one corner value) stays flat.
            expect.soft([got.min, got.max], what).toEqual(got.max === 0 ? [0, 0] : [0, 1]);
          }
        }
      }
    }
  }
});

test("erode() refuses every bad option with an Error, and never returns NaN", async ({ page }) => {
  await page.goto("/");
  const call = (options) =>
    page.evaluate(async (options) => {
      const { erode, generate } = await import("./terrain.js");
      const heights = generate({ algorithm: "diamond-square", exponent: 3, seed: 5 });
      try {
        const eroded = erode(heights, options);
        return { length: eroded.length, finite: eroded.every(Number.isFinite) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : `not an Error: ${error}` };
      }
    }, options);

  expect(ERODE_OPTIONS.map(({ option }) => option)).toEqual([
    "seed",
    "droplets",
    "inertia",
    "capacity",
    "minCapacity",
    "erodeSpeed",
    "depositSpeed",
    "evaporateSpeed",
    "radius",
    "gravity",
    "lifetime",
    "wrap",
  ]);
  for (const { option, spec } of ERODE_OPTIONS) {
    for (const value of BAD_VALUES) {
      const result = outcome(spec, value, option);
      const what = `erode(heights, { ${option}: ${JSON.stringify(value)} })`;
      const got = await call({ [option]: value });
      if (result.valid) {
        expect.soft(got.error, what).toBeUndefined();
        expect.soft(got.length, what).toBe(81);
        expect.soft(got.finite, `${what}: no NaN`).toBe(true);
      } else {
        expect.soft(got.error, what).toBe(result.message);
      }
    }
  }

  // The ends of every range together never give NaN.
  const EXTREMES = [
    { inertia: 0, capacity: 0, minCapacity: 0, erodeSpeed: 0, depositSpeed: 0, evaporateSpeed: 0, gravity: 0 },
    { inertia: 1, capacity: 100, minCapacity: 1, erodeSpeed: 1, depositSpeed: 1, evaporateSpeed: 1, gravity: 100 },
    { inertia: 0, capacity: 100, minCapacity: 1, erodeSpeed: 1, depositSpeed: 0, evaporateSpeed: 0, gravity: 100 },
  ];
  for (const extreme of EXTREMES) {
    for (const wrap of [false, true]) {
      for (const [radius, lifetime] of [
        [1, 1],
        [8, 1000],
      ]) {
        const options = { ...extreme, wrap, radius, lifetime, droplets: 200, seed: 3 };
        const got = await call(options);
        expect.soft(got.error, JSON.stringify(options)).toBeUndefined();
        expect.soft(got.finite, `${JSON.stringify(options)}: no NaN`).toBe(true);
      }
    }
  }
});
