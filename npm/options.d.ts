// Written by crates/terrain-view/tests/package_types.rs from the registries:
// do not edit. `UPDATE_TYPES=1 cargo test -p terrain-view --test package_types`
// writes it anew.

/** The generators, by the names the site, links and attributes use. */
export type Algorithm = "random-noise" | "midpoint-displacement" | "recursive-midpoint-displacement" | "diamond-square" | "tileable-diamond-square" | "value-noise" | "perlin-noise" | "simplex-noise" | "cellular-noise";

/** How far a generator runs; which stages an algorithm has depends on it and on the exponent. */
export type Stage = "corners" | "edges" | "center" | "square" | "diamond" | `pass-${number}` | "lattice" | `octave-${number}` | "done";

/** The options of `generate`: any left out takes its default for the algorithm. */
export interface GenerateOptions {
  /**
   * Algorithm: which generator makes the map.
   * Takes one of random-noise, midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square, value-noise, perlin-noise, simplex-noise, cellular-noise. Default: `diamond-square`.
   */
  algorithm?: Algorithm;
  /**
   * Exponent: 1 to 12; the map is 2^n + 1 points wide.
   * Takes a whole number from 1 to 12. Default: `5` for random-noise, midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square; `7` for value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  exponent?: number;
  /**
   * Starting spread: 0 to 5: the first pass's largest random offset.
   * Takes a number from 0 to 5. Default: `0.3`.
   * Read by midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square.
   */
  spread?: number;
  /**
   * Spread reduction: 0 to 2: multiplies the spread after each pass.
   * Takes a number from 0 to 2. Default: `0.5` for midpoint-displacement, diamond-square, tileable-diamond-square; `0.55` for recursive-midpoint-displacement.
   * Read by midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square.
   */
  spreadReduction?: number;
  /**
   * Seed: any whole number from 0.
   * Takes a whole number from 0 to 18446744073709551615. Default: `0`.
   */
  seed?: number | bigint | string;
  /**
   * Normalize to 0–1 when done: at done, rescale the heights to exactly 0 to 1.
   * Takes true or false. Default: `true`.
   * Read by midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square, value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  normalize?: boolean;
  /**
   * Frequency: 1 to 256 lattice cells across the map, in the first octave.
   * Takes a whole number from 1 to 256. Default: `4`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  frequency?: number;
  /**
   * Octaves: 1 to 12 layers of noise, each finer and fainter.
   * Takes a whole number from 1 to 12. Default: `5`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  octaves?: number;
  /**
   * Lacunarity: 1 to 4: each octave has this many times the cells of the last.
   * Takes a number from 1 to 4. Default: `2`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  lacunarity?: number;
  /**
   * Gain: 0 to 1: each octave weighs this much of the last.
   * Takes a number from 0 to 1. Default: `0.5`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  gain?: number;
  /**
   * Fade: how a cell blends its corners: straight, or eased in and out.
   * Takes one of linear, smoothstep, quintic. Default: `smoothstep` for value-noise; `quintic` for perlin-noise.
   * Read by value-noise, perlin-noise.
   */
  fade?: "linear" | "smoothstep" | "quintic";
  /**
   * Shape: each octave as it is, folded into ridges, or puffed into billows.
   * Takes one of plain, ridged, sharp-ridged, billow, ridged-multifractal. Default: `plain`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  shape?: "plain" | "ridged" | "sharp-ridged" | "billow" | "ridged-multifractal";
  /**
   * Ridge offset: 0 to 2: lifts each octave's ridges before they are squared (ridged multifractal).
   * Takes a number from 0 to 2. Default: `1`.
   * Read only once another option asks for it (see above).
   */
  ridgeOffset?: number;
  /**
   * Ridge feedback: 0 to 4: how much of each octave's ridges lets the next octave through.
   * Takes a number from 0 to 4. Default: `2`.
   * Read only once another option asks for it (see above).
   */
  ridgeFeedback?: number;
  /**
   * Power: 0.1 to 5: above 1 flattens valleys and sharpens peaks.
   * Takes a number from 0.1 to 5. Default: `1`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  power?: number;
  /**
   * Terraces: 0 to 32 flat steps (0: none).
   * Takes a whole number from 0 to 32. Default: `0`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  terraces?: number;
  /**
   * Warp: 0 to 4 cells: how far other noise pushes where each point reads.
   * Takes a number from 0 to 4. Default: `0`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  warp?: number;
  /**
   * Damping: 0 to 4: how much slopes calm the finer octaves.
   * Takes a number from 0 to 4. Default: `0`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  damping?: number;
  /**
   * Tileable: make the map repeat, so copies tile with no seam.
   * Takes true or false. Default: `false`.
   * Read by value-noise, perlin-noise, simplex-noise, cellular-noise.
   */
  tileable?: boolean;
  /**
   * Jitter: 0 to 1: how far each feature point strays from its cell's centre.
   * Takes a number from 0 to 1. Default: `1`.
   * Read by cellular-noise.
   */
  jitter?: number;
  /**
   * Distance: straight (round cells), along the axes (diamonds) or the larger axis (squares).
   * Takes one of euclidean, manhattan, chebyshev. Default: `euclidean`.
   * Read by cellular-noise.
   */
  distance?: "euclidean" | "manhattan" | "chebyshev";
  /**
   * Cell: the nearest feature point's distance, the second's, or their difference.
   * Takes one of f1, f2, f2-f1. Default: `f1`.
   * Read by cellular-noise.
   */
  cell?: "f1" | "f2" | "f2-f1";
  /**
   * Stage: how far the algorithm runs: corners, square, pass-2, done….
   * Which stages exist depends on the algorithm and the exponent. Default: `done`.
   */
  stage?: Stage;
}

/** The options of `erode`: any left out takes the erosion chapter's default. */
export interface ErodeOptions {
  /**
   * Seed: any whole number from 0.
   * Takes a whole number from 0 to 18446744073709551615. Default: `0`.
   */
  seed?: number | bigint | string;
  /**
   * Droplets: how many raindrops fall, one after another.
   * Takes a whole number from 0 to 1000000. Default: `100000`.
   */
  droplets?: number;
  /**
   * Inertia: 0 to 1: how much of its way a droplet keeps, against the slope.
   * Takes a number from 0 to 1. Default: `0.05`.
   */
  inertia?: number;
  /**
   * Capacity: 0 to 100: sediment carried per unit of drop, speed and water.
   * Takes a number from 0 to 100. Default: `4`.
   */
  capacity?: number;
  /**
   * Minimum capacity: 0 to 1: what a droplet can carry even on flat ground.
   * Takes a number from 0 to 1. Default: `0.01`.
   */
  minCapacity?: number;
  /**
   * Erode speed: 0 to 1: the share of its free capacity a droplet fills each step.
   * Takes a number from 0 to 1. Default: `0.3`.
   */
  erodeSpeed?: number;
  /**
   * Deposit speed: 0 to 1: the share of its excess sediment a droplet drops each step.
   * Takes a number from 0 to 1. Default: `0.3`.
   */
  depositSpeed?: number;
  /**
   * Evaporate speed: 0 to 1: the share of its water a droplet loses each step.
   * Takes a number from 0 to 1. Default: `0.01`.
   */
  evaporateSpeed?: number;
  /**
   * Brush radius: 1 to 8 points: how wide a droplet wears the ground away.
   * Takes a whole number from 1 to 8. Default: `3`.
   */
  radius?: number;
  /**
   * Gravity: 0 to 100: how much a drop in height speeds a droplet up.
   * Takes a number from 0 to 100. Default: `4`.
   */
  gravity?: number;
  /**
   * Lifetime: 1 to 1000: the most steps a droplet takes before it is gone.
   * Takes a whole number from 1 to 1000. Default: `30`.
   */
  lifetime?: number;
  /**
   * Wrap around the edges: treat the map as tileable: what leaves one edge comes back at the other.
   * Takes true or false. Default: `false`.
   */
  wrap?: boolean;
}

/** How heights become colours: a demo's palette, and a GLB's vertex colours. */
export type Palette = "terrain" | "bands" | "green" | "greyscale" | "slope" | "curvature" | "flow";

/** The attributes a `<terrain-demo>` element reads (the `data-` ones of an embed, without the prefix). */
export type TerrainDemoAttribute = "algorithm" | "exponent" | "spread" | "spread-reduction" | "seed" | "normalize" | "frequency" | "octaves" | "lacunarity" | "gain" | "fade" | "shape" | "ridge-offset" | "ridge-feedback" | "power" | "terraces" | "warp" | "damping" | "tileable" | "jitter" | "distance" | "cell" | "erosion" | "droplets" | "droplet" | "inertia" | "capacity" | "min-capacity" | "erode-speed" | "deposit-speed" | "evaporate-speed" | "radius" | "gravity" | "lifetime" | "wrap" | "talus" | "slide-rate" | "iterations" | "stage" | "controls" | "palette" | "view" | "wireframe" | "relief" | "overlay" | "water" | "creases" | "link" | "url-state" | "analyze";
