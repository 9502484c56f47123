// generate(): the generator as JavaScript sees it.

import { GENERATE_OPTIONS } from "./battery.js";
import { expect, test } from "./helpers.js";

test.beforeEach(async ({ page }) => {
  await page.goto("/");
});

/** Calls generate(options) in the page; returns the heights' length and a
 * few facts, or the error message. */
function call(page, options) {
  return page.evaluate(async (options) => {
    const { generate } = await import("./terrain.js");
    try {
      const heights = generate(options);
      return {
        type: Object.prototype.toString.call(heights),
        length: heights.length,
        min: Math.min(...heights),
        max: Math.max(...heights),
        sum: heights.reduce((a, b) => a + b, 0),
        first: Array.from(heights.slice(0, 4)),
      };
    } catch (error) {
      return { error: error.message, isError: error instanceof Error };
    }
  }, options);
}

test("returns (2^n + 1)^2 heights as a Float64Array", async ({ page }) => {
  for (const exponent of [1, 2, 3, 5, 8]) {
    const result = await call(page, { algorithm: "diamond-square", exponent, seed: 1 });
    expect(result.type).toBe("[object Float64Array]");
    expect(result.length).toBe((2 ** exponent + 1) ** 2);
    expect(result.min).toBe(0);
    expect(result.max).toBe(1);
  }
});

test("missing options take the posts' defaults", async ({ page }) => {
  const none = await call(page, undefined);
  const empty = await call(page, {});
  const explicit = await call(page, {
    algorithm: "diamond-square",
    exponent: 5,
    spread: 0.3,
    spreadReduction: 0.5,
    seed: 0,
    normalize: true,
    stage: "done",
  });
  expect(none.length).toBe(33 * 33);
  expect(empty).toEqual(none);
  expect(explicit).toEqual(none);
});

test("every algorithm and stage name works", async ({ page }) => {
  const cases = [
    ["random-noise", "done"],
    ["midpoint-displacement", "corners"],
    ["midpoint-displacement", "edges"],
    ["midpoint-displacement", "center"],
    ["recursive-midpoint-displacement", "pass-2"],
    ["diamond-square", "square"],
    ["diamond-square", "diamond"],
    ["diamond-square", "pass-3"],
    ["tileable-diamond-square", "done"],
  ];
  for (const [algorithm, stage] of cases) {
    const result = await call(page, { algorithm, stage, exponent: 3, seed: 5 });
    expect(result.length, `${algorithm} ${stage}`).toBe(81);
  }
  const corners = await call(page, { algorithm: "diamond-square", stage: "corners", exponent: 3, seed: 5 });
  expect(corners.first[1], "points not set yet are 0").toBe(0);
});

test("the same seed gives the same heights, another seed others", async ({ page }) => {
  const a = await call(page, { algorithm: "midpoint-displacement", exponent: 6, seed: 42 });
  const b = await call(page, { algorithm: "midpoint-displacement", exponent: 6, seed: "42" });
  const c = await call(page, { algorithm: "midpoint-displacement", exponent: 6, seed: 43 });
  expect(a).toEqual(b);
  expect(c.sum).not.toBe(a.sum);
  const huge = await page.evaluate(async () => {
    const { generate } = await import("./terrain.js");
    const fromBigInt = generate({ seed: 18446744073709551615n, exponent: 2 });
    const fromString = generate({ seed: "18446744073709551615", exponent: 2 });
    return fromBigInt.every((height, index) => height === fromString[index]);
  });
  expect(huge, "the largest seed as a BigInt or a string").toBe(true);
});

test("bad options throw an Error naming the option, the value and what is allowed", async ({ page }) => {
  const cases = [
    [{ exponent: 40 }, 'exponent must be a whole number from 1 to 12; got "40"'],
    [{ exponent: 0 }, "exponent must be a whole number from 1 to 12; got 0"],
    [{ exponent: 2.5 }, 'exponent must be a whole number from 1 to 12; got "2.5"'],
    [{ exponent: "abc" }, 'exponent must be a whole number from 1 to 12; got "abc"'],
    [{ spread: -1 }, "spread must be a number from 0 to 5; got -1"],
    [{ spread: Infinity }, 'spread must be a number from 0 to 5; got "Infinity"'],
    [{ spreadReduction: NaN }, 'spreadReduction must be a number from 0 to 2; got "NaN"'],
    [{ seed: -1 }, 'seed must be a whole number from 0 to 18446744073709551615; got "-1"'],
    [{ seed: "2^64" }, 'seed must be a whole number from 0 to 18446744073709551615; got "2^64"'],
    [{ algorithm: "plasma" }, "algorithm must be one of random-noise, midpoint-displacement"],
    [
      { algorithm: "midpoint-displacement", stage: "square" },
      'stage must be one of corners, edges, center, done or pass-1 to pass-5 for midpoint-displacement; got "square"',
    ],
    [
      { stage: "pass-9" },
      'stage must be one of corners, square, diamond, done or pass-1 to pass-5 for diamond-square; got "pass-9"',
    ],
    [{ exponent: {} }, "exponent must be a whole number from 1 to 12; got a value of type object"],
    [
      { spreadreduction: 0.5 },
      `unknown option "spreadreduction"; the options are ${GENERATE_OPTIONS.map(({ option }) => option).join(", ")}`,
    ],
  ];
  for (const [options, message] of cases) {
    const result = await call(page, options);
    expect(result.isError, JSON.stringify(options)).toBe(true);
    expect(result.error, JSON.stringify(options)).toContain(message);
  }
  const notAnObject = await call(page, 5);
  expect(notAnObject.error).toContain("generate takes an options object");
});

test("an option whose getter throws is an Error naming the option, not a default", async ({ page }) => {
  const message = await page.evaluate(async () => {
    const { generate } = await import("./terrain.js");
    const options = { exponent: 3 };
    Object.defineProperty(options, "seed", {
      enumerable: true,
      get() {
        throw new Error("the seed is not ready");
      },
    });
    try {
      generate(options);
      return "no error";
    } catch (error) {
      return `${error.constructor.name}: ${error.message}`;
    }
  });
  expect(message).toBe("Error: reading option seed threw: the seed is not ready");
});
