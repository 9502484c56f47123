// The Analyze panel benchmark's table (bench/analysis.js), for the page and
// for bench/run.mjs's terminal and Markdown output alike.

/** `{ title, head, rows }` of `analysis` (runAnalysisBenchmark's result),
 * numbers through `format`. */
export function analysisTable(analysis, format) {
  const samples = analysis.rows[0]?.samplesMs.length ?? 0;
  return {
    title:
      `The Analyze panel's measuring, part by part, on a diamond-square map (seed ${analysis.seed}), ` +
      `main thread, inside wasm, median of ${samples} interleaved samples`,
    head: ["exponent", "part", "median ms", "fastest ms", "CPU ms", "time / floor", "of a 60 Hz frame"],
    rows: analysis.rows.map((row) => [
      String(row.exponent),
      row.label,
      format(row.medianMs),
      format(row.minMs),
      format(row.cpuMedianMs),
      format(row.overFloor),
      `${(100 * row.ofFrame).toFixed(0)}%`,
    ]),
  };
}
