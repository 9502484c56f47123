// The generators the benchmark times, and their short names for tables
// that must fit a terminal: one list for the page (bench.js) and the runner
// (run.mjs).

export const ALGORITHMS = [
  "random-noise",
  "midpoint-displacement",
  "recursive-midpoint-displacement",
  "diamond-square",
  "tileable-diamond-square",
];

export const SHORT = {
  "random-noise": "noise",
  "midpoint-displacement": "mpd",
  "recursive-midpoint-displacement": "rmpd",
  "diamond-square": "ds",
  "tileable-diamond-square": "tds",
};
