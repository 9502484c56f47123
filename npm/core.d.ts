// The types of terrain-step-by-step/core; the options' types are written
// from the registries (options.d.ts).

import type { ErodeOptions, GenerateOptions } from "./options.js";

export type { Algorithm, ErodeOptions, GenerateOptions, Stage } from "./options.js";

/** What `init` can load the WebAssembly module from: a URL (as a string too), a file's path in Node, its bytes, a Response or the compiled module. */
export type ModuleSource = URL | string | BufferSource | Response | WebAssembly.Module;

/**
 * Loads the WebAssembly module, by default terrain-web_bg.wasm beside this
 * file (read from disk in Node and Deno, fetched elsewhere). Call it once
 * and await it before the other functions; later calls return the same promise.
 */
export function init(source?: ModuleSource): Promise<void>;

/** generate()'s second argument. */
export interface GenerateSettings {
  /**
   * A Float64Array of exactly the map's (2^exponent + 1)² heights to write the map into: generate()
   * then returns this array instead of a new one, so a caller making map after map pays for its memory once.
   */
  into?: Float64Array;
}

/**
 * Generates a map and returns its (2^exponent + 1)² heights, row-major (in `settings.into`, when given).
 * A bad or unknown option, or an `into` of the wrong kind or size, throws an Error that names it, its value and what is allowed.
 */
export function generate(options?: GenerateOptions, settings?: GenerateSettings): Float64Array;

/**
 * Weathers a map with droplets and returns new heights; `heights` is left as it was.
 * `heights` is a square map 2^n + 1 points wide (n from 1 to 12), every height finite and within ±1 000 000.
 */
export function erode(heights: Float64Array | Float32Array | readonly number[], options?: ErodeOptions): Float64Array;


/** The second argument of the async calls. */
export interface AsyncSettings {
  /** Aborting it rejects the call with a DOMException named "AbortError" at once; the workers' work stops. */
  signal?: AbortSignal;
  /** Called with the fraction done, rising from 0 to 1 (as bands and tiles come in, and from inside a map made in one piece: on a 2-core test machine, at most 14 to 64 ms apart at exponent 12, and up to 110 ms with the machine busy). If it throws, the work stops and the call rejects with what it threw. */
  onProgress?: (fraction: number) => void;
  /** How many workers to share the work between, 1 to 16; default: the machine's cores, at most 8. Where no Worker can start (Node), the work runs on the calling thread a piece per macrotask. */
  workers?: number;
}

/** generateAsync()'s second argument: the async settings, and generate()'s `into` (one call at a time: a call given an array another is still writing is refused). */
export interface GenerateAsyncSettings extends AsyncSettings, GenerateSettings {}

/**
 * generate() off the calling thread, in a pool of Web Workers: the same heights, bit for bit (in `settings.into`, when given).
 * Bad options, an unknown setting, or an `into` of the wrong kind or size reject with generate()'s Error, before anything is written.
 */
export function generateAsync(options?: GenerateOptions, settings?: GenerateAsyncSettings): Promise<Float64Array>;

/**
 * erode() off the calling thread, in a pool of Web Workers: the same heights, bit for bit.
 * `heights` is copied, so the caller keeps it.
 */
export function erodeAsync(
  heights: Float64Array | Float32Array | readonly number[],
  options?: ErodeOptions,
  settings?: AsyncSettings,
): Promise<Float64Array>;

/** 16 hex digits, a hash of every height's bits: equal to a site demo's demoState().fingerprint for its map. */
export function fingerprint(heights: Float64Array | Float32Array | readonly number[]): string;

/** analyze()'s options. */
export interface AnalyzeOptions {
  /** The histogram's bins: a whole number from 1 to 4096; default 64. */
  bins?: number;
  /** The relief the slopes are measured at, as the 3D view draws it: 0.1 to 2; default 1. */
  relief?: number;
}

/** Counts of values in equal steps: `edges` has one more entry than `counts`. */
export interface Histogram {
  edges: Float64Array;
  counts: Float64Array;
}

/** A map's measures (the README's "Measuring" says what each is). */
export interface Analysis {
  min: number;
  max: number;
  mean: number;
  std: number;
  histogram: Histogram;
  /** For each edge of the histogram, the share of the map at or above that height. */
  hypsometric: Float64Array;
  spectrum: {
    frequencies: Float64Array;
    power: Float64Array;
    /** The fitted line's slope in log-log, or null where too few frequencies lie in the band to fit one. */
    slope: number | null;
    intercept: number | null;
    fitFrom: number;
    fitTo: number;
    /** The 2D power spectrum as a picture, `side` × `side` values. */
    picture: { side: number; values: Float64Array };
  };
  slope: { meanDegrees: number; maxDegrees: number; histogram: Histogram };
  roughness: number;
}

/**
 * Measures a map: its heights' statistics, histogram and hypsometric curve, its power spectrum and fitted slope, its slopes and roughness.
 * `heights` is a map as erode() takes it. A bad map or option throws an Error that names it, its value and what is allowed.
 */
export function analyze(heights: Float64Array | Float32Array | readonly number[], options?: AnalyzeOptions): Analysis;
