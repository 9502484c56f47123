// generate() and erode(): the generator and the erosion as JavaScript sees them.

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
    [{ exponent: 40 }, "exponent must be a whole number from 1 to 12; got 40"],
    [{ exponent: 0 }, "exponent must be a whole number from 1 to 12; got 0"],
    [{ exponent: 2.5 }, "exponent must be a whole number from 1 to 12; got 2.5"],
    [{ exponent: "abc" }, 'exponent must be a whole number from 1 to 12; got "abc"'],
    [{ spread: -1 }, "spread must be a number from 0 to 5; got -1"],
    [{ spread: Infinity }, 'spread must be a number from 0 to 5; got "Infinity"'],
    [{ spreadReduction: NaN }, 'spreadReduction must be a number from 0 to 2; got "NaN"'],
    [{ seed: -1 }, "seed must be a whole number from 0 to 18446744073709551615; got -1"],
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

test("generate(options, { into }) writes the same bits into the caller's array and returns it", async ({ page }) => {
  const result = await page.evaluate(async () => {
    const { fingerprint, generate } = await import("./terrain.js");
    const maps = [
      { algorithm: "diamond-square", exponent: 6, seed: 3 },
      { algorithm: "perlin-noise", exponent: 6, seed: 3, octaves: 6 },
      { algorithm: "midpoint-displacement", exponent: 6, seed: 9, stage: "pass-2" },
    ];
    // One array, reused map after map: every map comes out whole, with no
    // trace of the one before.
    const into = new Float64Array(65 * 65).fill(Number.NaN);
    const same = maps.map((options) => {
      const returned = generate(options, { into });
      return returned === into && fingerprint(into) === fingerprint(generate(options));
    });
    const refusals = [
      [{ exponent: 5 }, { into: new Float64Array(10) }],
      [{ exponent: 5 }, { into: new Float32Array(33 * 33) }],
      [{ exponent: 5 }, { into: [1, 2, 3] }],
      [{ exponent: 5 }, { into: 7 }],
      [{ exponent: 5 }, { inside: new Float64Array(33 * 33) }],
      [{ exponent: 5 }, 5],
      [{ exponent: 40 }, { into: new Float64Array(10) }],
    ].map(([options, settings]) => {
      const kept = new Float64Array(10).fill(0.5);
      try {
        generate(options, settings.into instanceof Float64Array ? { into: kept } : settings);
        generate(options, settings);
        return "no error";
      } catch (error) {
        return `${error instanceof Error}: ${error.message}; kept: ${kept.every((height) => height === 0.5)}`;
      }
    });
    const empty = [generate({ exponent: 2 }, {}), generate({ exponent: 2 }, { into: undefined })];
    const throwing = {
      get into() {
        throw new Error("not ready");
      },
    };
    let thrown = "no error";
    try {
      generate({ exponent: 2 }, throwing);
    } catch (error) {
      thrown = error.message;
    }
    return { same, refusals, empty: empty.map((heights) => heights.length), thrown };
  });
  expect(result.same).toEqual([true, true, true]);
  expect(result.refusals).toEqual([
    "true: into must be a Float64Array of 1089 heights, the 33 × 33 points of this map; got one of 10; kept: true",
    "true: into must be a Float64Array to write the heights into; got a Float32Array of 1089 values; kept: true",
    "true: into must be a Float64Array to write the heights into; got an array; kept: true",
    "true: into must be a Float64Array to write the heights into; got a value of type number; kept: true",
    'true: unknown setting "inside"; generate\'s second argument takes only into; kept: true',
    "true: generate's second argument is { into }, a Float64Array to write the heights into; got a value of type number; kept: true",
    "true: exponent must be a whole number from 1 to 12; got 40; kept: true",
  ]);
  expect(result.empty, "no into: a new array as before").toEqual([25, 25]);
  expect(result.thrown).toBe("reading setting into threw: not ready");
});

// erode(): droplet erosion as JavaScript sees it.

/** Runs `body(argument)` in the page, with terrain.js's `fingerprint()` (the
 * core's `Heightmap::fingerprint`, as demoState() reports it) as
 * `window.fingerprint`. */
async function inPage(page, body, argument) {
  await page.evaluate(async () => {
    window.fingerprint = (await import("./terrain.js")).fingerprint;
  });
  return page.evaluate(body, argument);
}

test("erode() gives the core's maps, bit for bit, in a new array", async ({ page }) => {
  // The cases and fingerprints of crates/terrain-core/tests/erosion_fingerprints.rs,
  // recorded natively.
  const cases = [
    {
      map: { algorithm: "diamond-square", exponent: 6, seed: 1 },
      options: { droplets: 1000, seed: 7 },
      fingerprint: "890c282a1329ea05",
    },
    {
      map: { algorithm: "tileable-diamond-square", exponent: 6, seed: 2 },
      options: { droplets: 1000, seed: 7, wrap: true },
      fingerprint: "def24ebabdcef667",
    },
    {
      map: { algorithm: "diamond-square", exponent: 6, seed: 1 },
      options: {
        droplets: 300,
        seed: "18446744073709551615",
        inertia: 0.6,
        capacity: 10,
        minCapacity: 0,
        erodeSpeed: 0.9,
        depositSpeed: 0.05,
        evaporateSpeed: 0.001,
        radius: 1,
        gravity: 30,
        lifetime: 200,
      },
      fingerprint: "c3c3571ce127d554",
    },
  ];
  const results = await inPage(
    page,
    async (cases) => {
      const { generate, erode } = await import("./terrain.js");
      return cases.map(({ map, options }) => {
        const heights = generate(map);
        const before = fingerprint(heights);
        const eroded = erode(heights, options);
        return {
          type: Object.prototype.toString.call(eroded),
          length: eroded.length,
          sameObject: eroded === heights,
          sameBuffer: eroded.buffer === heights.buffer,
          inputUntouched: fingerprint(heights) === before,
          changed: fingerprint(eroded) !== before,
          fingerprint: fingerprint(eroded),
        };
      });
    },
    cases,
  );
  results.forEach((result, index) => {
    const what = JSON.stringify(cases[index].options);
    expect(result.type, what).toBe("[object Float64Array]");
    expect(result.length, what).toBe(65 * 65);
    expect(result.sameObject || result.sameBuffer, `${what}: a new array`).toBe(false);
    expect(result.inputUntouched, `${what}: the input stays as it was`).toBe(true);
    expect(result.changed, `${what}: the droplets moved material`).toBe(true);
    expect(result.fingerprint, what).toBe(cases[index].fingerprint);
  });
});

test("erode(): the same seed gives the same map, another seed another; missing options take the defaults", async ({
  page,
}) => {
  const result = await inPage(page, async () => {
    const { generate, erode } = await import("./terrain.js");
    const heights = generate({ algorithm: "diamond-square", exponent: 5, seed: 3 });
    const run = (options) => fingerprint(erode(heights, options));
    return {
      seven: run({ droplets: 2000, seed: 7 }),
      sevenAgain: run({ droplets: 2000, seed: 7 }),
      sevenText: run({ droplets: 2000, seed: "7" }),
      sevenBigInt: run({ droplets: 2000, seed: 7n }),
      eight: run({ droplets: 2000, seed: 8 }),
      none: fingerprint(erode(heights)),
      empty: run({}),
      nothing: run(null),
      explicit: run({
        seed: 0,
        droplets: 100000,
        inertia: 0.05,
        capacity: 4,
        minCapacity: 0.01,
        erodeSpeed: 0.3,
        depositSpeed: 0.3,
        evaporateSpeed: 0.01,
        radius: 3,
        gravity: 4,
        lifetime: 30,
        wrap: false,
      }),
      noDroplets: run({ droplets: 0 }),
      input: fingerprint(heights),
    };
  });
  expect(result.sevenAgain).toBe(result.seven);
  expect(result.sevenText).toBe(result.seven);
  expect(result.sevenBigInt).toBe(result.seven);
  expect(result.eight).not.toBe(result.seven);
  expect(result.empty).toBe(result.none);
  expect(result.nothing).toBe(result.none);
  expect(result.explicit).toBe(result.none);
  expect(result.noDroplets, "no droplets, no change").toBe(result.input);
});

test("erode() with wrap gives a map whose last row and column are its first", async ({ page }) => {
  const result = await inPage(page, async () => {
    const { generate, erode } = await import("./terrain.js");
    // Not a tileable map: wrap makes it one, taking its first row and column.
    const heights = generate({ algorithm: "diamond-square", exponent: 6, seed: 4 });
    const side = 65;
    const check = (map) => {
      let rows = true;
      let columns = true;
      for (let i = 0; i < side; i++) {
        rows &&= map[(side - 1) * side + i] === map[i];
        columns &&= map[i * side + side - 1] === map[i * side];
      }
      return { rows, columns };
    };
    return {
      input: check(heights),
      wrapped: check(erode(heights, { droplets: 5000, seed: 1, wrap: true })),
    };
  });
  expect(result.input, "the input map does not tile").not.toEqual({ rows: true, columns: true });
  expect(result.wrapped).toEqual({ rows: true, columns: true });
});

test("erode() takes an Array of numbers or a Float32Array as well", async ({ page }) => {
  const result = await inPage(page, async () => {
    const { generate, erode } = await import("./terrain.js");
    const heights = generate({ algorithm: "midpoint-displacement", exponent: 4, seed: 9 });
    const options = { droplets: 500, seed: 2 };
    const single = Float32Array.from(heights);
    const array = Array.from(heights);
    const eroded = erode(array, options);
    return {
      fromFloat64: fingerprint(erode(heights, options)),
      fromArray: fingerprint(eroded),
      arrayUntouched: array.every((height, index) => height === heights[index]),
      fromFloat32: fingerprint(erode(single, options)),
      fromWidened: fingerprint(erode(Float64Array.from(single), options)),
    };
  });
  expect(result.fromArray).toBe(result.fromFloat64);
  expect(result.arrayUntouched).toBe(true);
  expect(result.fromFloat32).toBe(result.fromWidened);
});

test("erode() refuses bad heights and bad options with an Error saying what is wrong", async ({ page }) => {
  const SIZES = "erode takes heights of a square map 2^n + 1 points wide (9, 25, 81, … 16 785 409 values); got";
  const LIMIT = "erosion needs heights from -1000000 to 1000000";
  const TYPES =
    "erode takes the heights of a map as a Float64Array, such as generate() returns (or a Float32Array or an Array of numbers); got";
  const OPTIONS =
    "the options are seed, droplets, inertia, capacity, minCapacity, erodeSpeed, depositSpeed, evaporateSpeed, radius, gravity, lifetime, wrap";
  const cases = [
    // [how the heights are made, the options, the message]
    ["length 100", {}, `${SIZES} 100 values`],
    ["length 0", {}, `${SIZES} 0 values`],
    ["length 1 000 000", {}, `${SIZES} 1 000 000 values`],
    ["NaN at 5", {}, `height number 5 is NaN; ${LIMIT}`],
    ["Infinity at 3", {}, `height number 3 is Infinity; ${LIMIT}`],
    ["-Infinity at 80", {}, `height number 80 is -Infinity; ${LIMIT}`],
    ["2e6 at 0", {}, `height number 0 is 2000000; ${LIMIT}`],
    ["NaN at 7 in an Array", {}, `height number 7 is NaN; ${LIMIT}`],
    ["a string at 2 in an Array", {}, "erode takes heights as numbers; height number 2 is a value of type string"],
    ["undefined", {}, `${TYPES} a value of type undefined`],
    ["a string", {}, `${TYPES} a value of type string`],
    ["an Int32Array", {}, `${TYPES} an Int32Array of 9 values`],
    ["fine", { droplets: -1 }, "droplets must be a whole number from 0 to 1000000; got -1"],
    ["fine", { droplets: 1000001 }, "droplets must be a whole number from 0 to 1000000; got 1000001"],
    ["fine", { droplets: 2.5 }, "droplets must be a whole number from 0 to 1000000; got 2.5"],
    ["fine", { radius: 0 }, "radius must be a whole number from 1 to 8; got 0"],
    ["fine", { radius: 9 }, "radius must be a whole number from 1 to 8; got 9"],
    ["fine", { lifetime: 0 }, "lifetime must be a whole number from 1 to 1000; got 0"],
    ["fine", { inertia: 1.5 }, "inertia must be a number from 0 to 1; got 1.5"],
    ["fine", { capacity: -1 }, "capacity must be a number from 0 to 100; got -1"],
    ["fine", { minCapacity: NaN }, 'minCapacity must be a number from 0 to 1; got "NaN"'],
    ["fine", { erodeSpeed: "fast" }, 'erodeSpeed must be a number from 0 to 1; got "fast"'],
    ["fine", { depositSpeed: Infinity }, 'depositSpeed must be a number from 0 to 1; got "Infinity"'],
    ["fine", { evaporateSpeed: 2 }, "evaporateSpeed must be a number from 0 to 1; got 2"],
    ["fine", { gravity: 101 }, "gravity must be a number from 0 to 100; got 101"],
    ["fine", { wrap: "maybe" }, 'wrap must be true or false; got "maybe"'],
    ["fine", { seed: -1 }, "seed must be a whole number from 0 to 18446744073709551615; got -1"],
    ["fine", { seed: {} }, "seed must be a whole number from 0 to 18446744073709551615; got a value of type object"],
    ["fine", { algorithm: "diamond-square" }, `unknown option "algorithm"; ${OPTIONS}`],
    ["fine", { exponent: 5 }, `unknown option "exponent"; ${OPTIONS}`],
    ["fine", { Droplets: 5 }, `unknown option "Droplets"; ${OPTIONS}`],
    ["fine", 5, "erode takes an options object such as { droplets: 50000, seed: 7 }; got a value of type number"],
    ["fine", "getter", "reading option seed threw: no seed here"],
  ];
  const results = await inPage(
    page,
    async (cases) => {
      const { erode } = await import("./terrain.js");
      const make = (how) => {
        const fine = () => Float64Array.from({ length: 81 }, (_, i) => (i % 9) / 8);
        const withValue = (index, value, asArray) => {
          const heights = fine();
          const values = asArray ? Array.from(heights) : heights;
          values[index] = value;
          return values;
        };
        switch (how) {
          case "fine":
            return fine();
          case "length 100":
            return new Float64Array(100);
          case "length 0":
            return new Float64Array(0);
          case "length 1 000 000":
            return new Float64Array(1_000_000);
          case "NaN at 5":
            return withValue(5, NaN);
          case "Infinity at 3":
            return withValue(3, Infinity);
          case "-Infinity at 80":
            return withValue(80, -Infinity);
          case "2e6 at 0":
            return withValue(0, 2e6);
          case "NaN at 7 in an Array":
            return withValue(7, NaN, true);
          case "a string at 2 in an Array":
            return withValue(2, "0.5", true);
          case "undefined":
            return undefined;
          case "a string":
            return "0,0,0,0,0,0,0,0,0";
          case "an Int32Array":
            return new Int32Array(9);
          default:
            throw new Error(`no such heights: ${how}`);
        }
      };
      return cases.map(([how, options]) => {
        const heights = make(how);
        const given =
          options === "getter"
            ? {
                get seed() {
                  throw new Error("no seed here");
                },
              }
            : options;
        try {
          erode(heights, given);
          return { error: null };
        } catch (error) {
          return { error: error.message, isError: error instanceof Error };
        }
      });
    },
    cases,
  );
  results.forEach((result, index) => {
    const [how, options, message] = cases[index];
    const what = `${how}, ${JSON.stringify(options)}`;
    expect.soft(result.isError, what).toBe(true);
    expect.soft(result.error, what).toBe(message);
  });
});
