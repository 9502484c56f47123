// exportMap() for scripts of your own: a map as a 16-bit PNG or RAW, an
// OBJ, a closed STL solid, a GLB or a zip of tiles (see the README).
//
//   import { generate } from "https://…/terrain.js";
//   import { exportMap } from "https://…/export.js";
//   const stl = exportMap(generate({ exponent: 8, seed: 7 }), { format: "stl", sizeMm: 120 });
//
// It loads only the download module (terrain-export), not the demos: it
// touches no page, so a Web Worker can import it too. terrain.js loads the
// same module on a page's first download.

// The release, stamped in at build time as in terrain.js, so this script
// never pairs with a module of another release.
const RELEASE = "dev";

/** The URL of one of this release's files, beside this script. */
function ofThisRelease(name) {
  const url = new URL(name, import.meta.url);
  url.searchParams.set("v", RELEASE);
  return url;
}

const files = await import(ofThisRelease("terrain-export.js").href);
await files.default({ module_or_path: ofThisRelease("terrain-export_bg.wasm") });

/** A map written as a file, as a Uint8Array; see the README. */
export const exportMap = files.exportMap;
