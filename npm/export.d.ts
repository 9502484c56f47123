// Types of export.js: exportMap() writes a map as a file (see the README's
// "Files" section). It loads only the download module; a browser page or a
// Web Worker can import it.

import type { Palette } from "./options.js";

/** A map's heights, as generate() returns them: square, 2^n + 1 points wide. */
export type Heights = Float64Array | Float32Array | readonly number[];

/** What exportMap() writes. */
export type ExportFormat = "png16" | "raw16" | "obj" | "stl" | "glb" | "tiles";

/** exportMap()'s options; a bad one throws an Error naming it, the value and what is allowed. */
export interface ExportOptions {
  /** The file's format; default "png16". */
  format?: ExportFormat;
  /** stl: the footprint's edge in millimetres, 1 to 10000; default 100. */
  sizeMm?: number;
  /** stl: thickness under the lowest point in millimetres, 0.1 to 1000; default 2. */
  baseMm?: number;
  /** stl: relief as on the site, 0.1 to 2; default 1. */
  relief?: number;
  /** glb: the palette of the vertex colours (a data-palette value); default "terrain". */
  palette?: Palette;
  /** obj, stl, glb: at most this many triangles, 2 (14 for stl) to 10000000. */
  maxTriangles?: number;
  /** tiles: tiles per side, a whole number dividing the map's cells (side − 1); default 2. */
  tiles?: number;
  /** tiles: each tile's format; default "raw16". */
  tileFormat?: "raw16" | "png16";
}

/** The map written as a file. */
export function exportMap(heights: Heights, options?: ExportOptions): Uint8Array;

/** exportMapAsync()'s last argument. */
export interface ExportAsyncSettings {
  /** Aborting it rejects the call with a DOMException named "AbortError" at once; the writer stops. */
  signal?: AbortSignal;
  /** Called with the fraction written, rising from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * exportMap() in a Web Worker: the same bytes. `heights` is copied, so the caller keeps it;
 * bad options reject with exportMap()'s Error. Where no worker starts, it is written on this thread.
 */
export function exportMapAsync(heights: Heights, options?: ExportOptions, settings?: ExportAsyncSettings): Promise<Uint8Array>;
