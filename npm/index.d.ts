// The types of terrain-step-by-step in a browser page: importing it
// defines <terrain-demo>, mounts every element with a data-terrain-demo
// attribute, and gives the same functions as ./core, ready at once.

import type { GenerateSettings } from "./core.js";
import type { ErodeOptions, GenerateOptions, TerrainDemoAttribute } from "./options.js";

export type { Algorithm, ErodeOptions, GenerateOptions, Palette, Stage, TerrainDemoAttribute } from "./options.js";

/** Generates a map and returns its (2^exponent + 1)² heights, row-major (in `settings.into`, when given; see ./core). */
export function generate(options?: GenerateOptions, settings?: GenerateSettings): Float64Array;

/** Weathers a map with droplets and returns new heights; `heights` is left as it was. */
export function erode(heights: Float64Array | Float32Array | readonly number[], options?: ErodeOptions): Float64Array;

/** generate() and erode() in a pool of Web Workers, with the same bits, and a map's measures (see ./core). */
export {
  type AnalyzeOptions,
  type Analysis,
  type AsyncSettings,
  analyze,
  erodeAsync,
  type GenerateAsyncSettings,
  type GenerateSettings,
  generateAsync,
  type Histogram,
} from "./core.js";

/** 16 hex digits, a hash of every height's bits: equal to a demo's demoState().fingerprint for its map. */
export function fingerprint(heights: Float64Array | Float32Array | readonly number[]): string;

/** Mounts one element that has a data-terrain-demo attribute (elements on the page and added later are mounted by themselves). */
export function mount(element: HTMLElement): void;

/** A <terrain-demo> element: its attributes are the data- ones of an embed without the prefix. */
export interface TerrainDemoElement extends HTMLElement {
  getAttribute(name: TerrainDemoAttribute): string | null;
  setAttribute(name: TerrainDemoAttribute, value: string): void;
}

declare global {
  interface HTMLElementTagNameMap {
    "terrain-demo": TerrainDemoElement;
  }
}
