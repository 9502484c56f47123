// Checks that bench/erosion-js.js does what the Rust erosion does, and
// times both ports' droplet loop in Node:
//
//   node bench/erosion-js-check.mjs            the check (a second or so)
//   node bench/erosion-js-check.mjs --time     also 100 000 droplets on a
//                                              513 x 513 map, in JavaScript
//
// The map is built here with the same operations, in the same order, as
// `javascript_check_map` in crates/terrain-core/src/erosion/droplets.rs,
// so its heights are the same bits; the ledgers below are what Rust gives
// (its test `the_javascript_ports_check_cases_have_the_recorded_ledgers`
// holds the same numbers, so a change there shows up here).

import { dropletStarts, erodeJs } from "./erosion-js.js";

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;

function unit(seed, index) {
  let z = (seed + (BigInt(index) + 1n) * GAMMA) & MASK;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  z ^= z >> 31n;
  return Number(z >> 11n) * 2 ** -53;
}

function checkMap(exponent) {
  const side = 2 ** exponent + 1;
  const last = side - 1;
  const heights = new Float64Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const u = x / last;
      const v = y / last;
      const bump = 16 * u * (1 - u) * v * (1 - v);
      const index = y * side + x;
      heights[index] = 0.6 * bump + 0.05 * unit(99n, index);
    }
  }
  return { heights, side };
}

const CASES = [
  {
    name: "open edges",
    options: { droplets: 2000, seed: 5 },
    rust: {
      eroded: 221.02182331450095,
      deposited: 49.55272647163309,
      carried: 171.46909684286786,
      total: 1026.0921368236018,
    },
  },
  {
    name: "wrapped, radius 5",
    options: { droplets: 2000, seed: 6, wrap: true, radius: 5 },
    rust: {
      eroded: 219.54387286457822,
      deposited: 180.46853915593275,
      carried: 39.07533370864548,
      total: 1173.0558540959817,
    },
  },
];

const { heights, side } = checkMap(6);
let failed = false;
for (const { name, options, rust } of CASES) {
  const result = erodeJs(heights, side, options);
  const total = result.heights.reduce((sum, h) => sum + h, 0);
  const js = {
    eroded: result.eroded,
    deposited: result.deposited,
    carried: result.carried,
    total,
  };
  for (const key of Object.keys(rust)) {
    const relative = Math.abs(js[key] - rust[key]) / Math.abs(rust[key]);
    const ok = relative <= 1e-9;
    failed ||= !ok;
    console.log(
      `${ok ? "ok  " : "FAIL"} ${name}, ${key}: JavaScript ${js[key]}, ` +
        `Rust ${rust[key]} (relative difference ${relative.toExponential(1)})`,
    );
  }
}

if (process.argv.includes("--time")) {
  const big = checkMap(9);
  const starts = dropletStarts(0, 100000, big.side);
  erodeJs(big.heights, big.side, { droplets: 10000, starts });
  const times = [];
  for (let i = 0; i < 5; i++) {
    const begin = performance.now();
    erodeJs(big.heights, big.side, { droplets: 100000, starts });
    times.push(performance.now() - begin);
  }
  times.sort((a, b) => a - b);
  console.log(
    `JavaScript, 100 000 droplets on 513 x 513: median ${times[2].toFixed(0)} ms, best ${times[0].toFixed(0)} ms`,
  );
}

process.exit(failed ? 1 : 0);
