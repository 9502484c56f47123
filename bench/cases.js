// The generators the benchmark times, and their short names for tables
// that must fit a terminal: one list for the page (bench.js) and the runner
// (run.mjs). Also the npm packages the noise benchmark compares with.

export const ALGORITHMS = [
  "random-noise",
  "midpoint-displacement",
  "recursive-midpoint-displacement",
  "diamond-square",
  "tileable-diamond-square",
  // Chapter 4's gradient noise at its defaults (5 octaves), to show how a
  // noise's cost grows with the map (issue 26).
  "perlin-noise",
];

export const SHORT = {
  "random-noise": "noise",
  "midpoint-displacement": "mpd",
  "recursive-midpoint-displacement": "rmpd",
  "diamond-square": "ds",
  "tileable-diamond-square": "tds",
  "perlin-noise": "perlin",
};

/** The npm packages of the noise benchmark (chapters.js): the file the page
 * imports from /bench/vendor/, and the file in node_modules/ that run.mjs
 * serves for it. */
export const VENDOR = {
  "simplex-noise.js": "simplex-noise/dist/esm/simplex-noise.js",
  "fastnoise-lite.js": "fastnoise-lite/FastNoiseLite.js",
};
