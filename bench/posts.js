// The 2016 posts' algorithms, rewritten by us in plain JavaScript, for the
// benchmark page only. They are not the site's code and nothing else uses
// them.
//
// The point is an honest comparison: the posts wrote Wisp (a Lisp that
// compiles to JavaScript) with a deliberately simple structure, and our
// WebAssembly is measured against that structure, not against the fastest
// JavaScript we could write. So each section keeps its post's data layout
// and helpers:
//
//   post 1 (random noise, iterative midpoint displacement): a plain `Array`
//          with resolution/exponent/last properties, get/set helpers that
//          compute `y * resolution + x` (their macros, here as calls),
//          `Math.random`, and the chunk-by-chunk passes;
//   post 2 (recursive midpoint displacement): a `Float64Array` behind a
//          small ndarray-style view (shape, stride, offset, get, set, lo,
//          hi), recursion into the four corner views of each square, and
//          "set if unset" by testing the height against 0, as the post did;
//   post 3 (diamond-square): the same ndarray heightmap, square and diamond
//          steps over strided loops (their `do-stride` macro expands to
//          plain nested loops), bounds-checked reads and an average of
//          whichever neighbours exist.
//
// Each post was its own script on its own page, with helpers of the same
// names; each section below is a closure for the same reason. The one change
// to their logic: `safeAverage` tests `!== undefined` where the post tested
// truthiness (which drops a neighbour whose height is exactly 0), so the
// work done is the same and correct. The posts' console logging is left out.
//
// Every exported function takes an exponent and returns the finished,
// normalized heightmap (random noise is not normalized, in the post or in
// the site).

const post1 = (() => {
  function makeHeightmap(exponent) {
    const resolution = 2 ** exponent + 1;
    const heightmap = new Array(resolution * resolution);
    heightmap.resolution = resolution;
    heightmap.exponent = exponent;
    heightmap.last = resolution - 1;
    return zeroHeightmap(heightmap);
  }

  function zeroHeightmap(heightmap) {
    for (let i = 0; i < heightmap.length; i++) {
      heightmap[i] = 0.0;
    }
    return heightmap;
  }

  function heightmapGet(hm, x, y) {
    return hm[y * hm.resolution + x];
  }

  function heightmapSet(hm, x, y, val) {
    hm[y * hm.resolution + x] = val;
  }

  function normalize(hm) {
    let max = -Infinity;
    let min = Infinity;
    for (let i = 0; i < hm.length; i++) {
      const el = hm[i];
      if (max < el) max = el;
      if (min > el) min = el;
    }
    const span = max - min;
    for (let i = 0; i < hm.length; i++) {
      hm[i] = (hm[i] - min) / span;
    }
  }

  function rand() {
    return Math.random();
  }

  function randAroundZero(spread) {
    return spread * rand() * 2 - spread;
  }

  function randomNoise(heightmap) {
    for (let i = 0; i < heightmap.length; i++) {
      heightmap[i] = rand();
    }
  }

  function jitter(value, spread) {
    return value + randAroundZero(spread);
  }

  // The same arithmetic as average2, named for what it is used for: a
  // position between two indices rather than a height between two heights.
  function midpoint(a, b) {
    return (a + b) / 2;
  }

  function average2(a, b) {
    return (a + b) / 2;
  }

  function average4(a, b, c, d) {
    return (a + b + c + d) / 4;
  }

  function mpdInitCorners(heightmap) {
    heightmapSet(heightmap, 0, 0, rand());
    heightmapSet(heightmap, 0, heightmap.last, rand());
    heightmapSet(heightmap, heightmap.last, 0, rand());
    heightmapSet(heightmap, heightmap.last, heightmap.last, rand());
  }

  function mpdDisplace(heightmap, lx, rx, by, ty, spread) {
    const cx = midpoint(lx, rx);
    const cy = midpoint(by, ty);

    const bottomLeft = heightmapGet(heightmap, lx, by);
    const bottomRight = heightmapGet(heightmap, rx, by);
    const topLeft = heightmapGet(heightmap, lx, ty);
    const topRight = heightmapGet(heightmap, rx, ty);

    const top = average2(topLeft, topRight);
    const left = average2(bottomLeft, topLeft);
    const bottom = average2(bottomLeft, bottomRight);
    const right = average2(bottomRight, topRight);
    // The centre averages the four edge averages before their jitter.
    const center = average4(top, left, bottom, right);

    heightmapSet(heightmap, cx, by, jitter(bottom, spread));
    heightmapSet(heightmap, cx, ty, jitter(top, spread));
    heightmapSet(heightmap, lx, cy, jitter(left, spread));
    heightmapSet(heightmap, rx, cy, jitter(right, spread));
    heightmapSet(heightmap, cx, cy, jitter(center, spread));
  }

  function midpointDisplacement(heightmap) {
    mpdInitCorners(heightmap);
    let spread = 0.3;
    for (let iter = 0; iter < heightmap.exponent; iter++) {
      const chunks = 2 ** iter;
      const chunkWidth = (heightmap.resolution - 1) / chunks;
      for (let xchunk = 0; xchunk < chunks; xchunk++) {
        for (let ychunk = 0; ychunk < chunks; ychunk++) {
          const leftX = chunkWidth * xchunk;
          const rightX = leftX + chunkWidth;
          const bottomY = chunkWidth * ychunk;
          const topY = bottomY + chunkWidth;
          mpdDisplace(heightmap, leftX, rightX, bottomY, topY, spread);
        }
      }
      spread *= 0.5;
    }
    normalize(heightmap);
  }

  return {
    randomNoise(exponent) {
      const heightmap = makeHeightmap(exponent);
      randomNoise(heightmap);
      return heightmap;
    },
    midpointDisplacement(exponent) {
      const heightmap = makeHeightmap(exponent);
      midpointDisplacement(heightmap);
      return heightmap;
    },
  };
})();

// A two-dimensional view in the manner of the scijs ndarray package the
// posts used: `get(i, j)` reads `data[offset + stride[0] * i + stride[1] *
// j]`, the first index being the slow one; `lo` moves the origin and `hi`
// cuts the shape, both returning a new view of the same data.
class NdArray {
  constructor(data, shape, stride = [shape[1], 1], offset = 0) {
    this.data = data;
    this.shape = shape;
    this.stride = stride;
    this.offset = offset;
  }

  get(i, j) {
    return this.data[this.offset + this.stride[0] * i + this.stride[1] * j];
  }

  set(i, j, value) {
    this.data[this.offset + this.stride[0] * i + this.stride[1] * j] = value;
  }

  lo(i, j) {
    return new NdArray(
      this.data,
      [this.shape[0] - i, this.shape[1] - j],
      this.stride,
      this.offset + this.stride[0] * i + this.stride[1] * j,
    );
  }

  hi(i, j) {
    return new NdArray(this.data, [i, j], this.stride, this.offset);
  }
}

function ndarray(data, shape) {
  return new NdArray(data, shape);
}

// What posts 2 and 3 share: the ndarray heightmap and its helpers.
function ndHeightmaps() {
  function rand() {
    return Math.random();
  }

  function randAroundZero(spread) {
    return spread * rand() * 2 - spread;
  }

  function jitter(value, spread) {
    return value + randAroundZero(spread);
  }

  function midpoint(a, b) {
    return (a + b) / 2;
  }

  function average2(a, b) {
    return (a + b) / 2;
  }

  function average4(a, b, c, d) {
    return (a + b + c + d) / 4;
  }

  function heightmapResolution(heightmap) {
    return heightmap.shape[0];
  }

  function heightmapLastIndex(heightmap) {
    return heightmapResolution(heightmap) - 1;
  }

  function heightmapCenterIndex(heightmap) {
    return midpoint(0, heightmapLastIndex(heightmap));
  }

  function heightmapGet(heightmap, x, y) {
    return heightmap.get(x, y);
  }

  function heightmapGetSafe(heightmap, x, y) {
    const last = heightmapLastIndex(heightmap);
    if (0 <= x && x <= last && 0 <= y && y <= last) {
      return heightmapGet(heightmap, x, y);
    }
    return undefined;
  }

  function heightmapSet(heightmap, x, y, val) {
    heightmap.set(x, y, val);
  }

  function heightmapSetIfUnset(heightmap, x, y, val) {
    if (heightmapGet(heightmap, x, y) === 0) {
      heightmapSet(heightmap, x, y, val);
    }
  }

  function normalize(heightmap) {
    let max = -Infinity;
    let min = Infinity;
    const data = heightmap.data;
    for (let index = 0; index < data.length; index++) {
      const el = data[index];
      if (max < el) max = el;
      if (min > el) min = el;
    }
    const span = max - min;
    for (let x = 0; x < heightmap.shape[0]; x++) {
      for (let y = 0; y < heightmap.shape[1]; y++) {
        heightmapSet(heightmap, x, y, (heightmapGet(heightmap, x, y) - min) / span);
      }
    }
  }

  function makeHeightmap(exponent) {
    const resolution = 2 ** exponent + 1;
    const heightmap = ndarray(new Float64Array(resolution * resolution), [resolution, resolution]);
    heightmap.exponent = exponent;
    heightmap.resolution = resolution;
    heightmap.last = resolution - 1;
    return heightmap;
  }

  return {
    rand,
    jitter,
    midpoint,
    average2,
    average4,
    heightmapResolution,
    heightmapLastIndex,
    heightmapCenterIndex,
    heightmapGet,
    heightmapGetSafe,
    heightmapSet,
    heightmapSetIfUnset,
    normalize,
    makeHeightmap,
  };
}

const post2 = (() => {
  const {
    rand,
    jitter,
    midpoint,
    average2,
    average4,
    heightmapResolution,
    heightmapLastIndex,
    heightmapCenterIndex,
    heightmapGet,
    heightmapSet,
    heightmapSetIfUnset,
    normalize,
    makeHeightmap,
  } = ndHeightmaps();

  function topLeftCorner(heightmap) {
    const center = heightmapCenterIndex(heightmap);
    return heightmap.lo(0, 0).hi(center + 1, center + 1);
  }

  function topRightCorner(heightmap) {
    const center = heightmapCenterIndex(heightmap);
    return heightmap.lo(center, 0).hi(center + 1, center + 1);
  }

  function bottomLeftCorner(heightmap) {
    const center = heightmapCenterIndex(heightmap);
    return heightmap.lo(0, center).hi(center + 1, center + 1);
  }

  function bottomRightCorner(heightmap) {
    const center = heightmapCenterIndex(heightmap);
    return heightmap.lo(center, center).hi(center + 1, center + 1);
  }

  function mpdInitCorners(heightmap) {
    const last = heightmapLastIndex(heightmap);
    heightmapSet(heightmap, 0, 0, rand());
    heightmapSet(heightmap, 0, last, rand());
    heightmapSet(heightmap, last, 0, rand());
    heightmapSet(heightmap, last, last, rand());
  }

  function mpdDisplace(heightmap, spread, spreadReduction) {
    const last = heightmapLastIndex(heightmap);
    const c = midpoint(0, last);

    const bottomLeft = heightmapGet(heightmap, 0, 0);
    const bottomRight = heightmapGet(heightmap, last, 0);
    const topLeft = heightmapGet(heightmap, 0, last);
    const topRight = heightmapGet(heightmap, last, last);

    const top = average2(topLeft, topRight);
    const left = average2(bottomLeft, topLeft);
    const bottom = average2(bottomLeft, bottomRight);
    const right = average2(bottomRight, topRight);
    const center = average4(top, left, bottom, right);

    const nextSpread = spread * spreadReduction;

    heightmapSetIfUnset(heightmap, c, 0, jitter(bottom, spread));
    heightmapSetIfUnset(heightmap, c, last, jitter(top, spread));
    heightmapSetIfUnset(heightmap, 0, c, jitter(left, spread));
    heightmapSetIfUnset(heightmap, last, c, jitter(right, spread));

    heightmapSetIfUnset(heightmap, c, c, jitter(center, spread));

    // A 3 × 3 square has nothing left inside it to set.
    if (heightmapResolution(heightmap) !== 3) {
      mpdDisplace(topLeftCorner(heightmap), nextSpread, spreadReduction);
      mpdDisplace(topRightCorner(heightmap), nextSpread, spreadReduction);
      mpdDisplace(bottomLeftCorner(heightmap), nextSpread, spreadReduction);
      mpdDisplace(bottomRightCorner(heightmap), nextSpread, spreadReduction);
    }
  }

  function midpointDisplacement(heightmap) {
    const initialSpread = 0.3;
    const spreadReduction = 0.55;
    mpdInitCorners(heightmap);
    mpdDisplace(heightmap, initialSpread, spreadReduction);
    normalize(heightmap);
  }

  return {
    recursiveMidpointDisplacement(exponent) {
      const heightmap = makeHeightmap(exponent);
      midpointDisplacement(heightmap);
      return heightmap;
    },
  };
})();

const post3 = (() => {
  const {
    rand,
    jitter,
    average4,
    heightmapResolution,
    heightmapLastIndex,
    heightmapCenterIndex,
    heightmapGet,
    heightmapGetSafe,
    heightmapSet,
    normalize,
    makeHeightmap,
  } = ndHeightmaps();

  function dsInitCorners(heightmap) {
    const last = heightmapLastIndex(heightmap);
    heightmapSet(heightmap, 0, 0, rand());
    heightmapSet(heightmap, 0, last, rand());
    heightmapSet(heightmap, last, 0, rand());
    heightmapSet(heightmap, last, last, rand());
  }

  // Averages the neighbours that exist: border diamonds have three.
  function safeAverage(a, b, c, d) {
    let total = 0;
    let count = 0;
    if (a !== undefined) {
      total += a;
      count++;
    }
    if (b !== undefined) {
      total += b;
      count++;
    }
    if (c !== undefined) {
      total += c;
      count++;
    }
    if (d !== undefined) {
      total += d;
      count++;
    }
    return total / count;
  }

  function dsSquare(heightmap, x, y, radius, spread) {
    const newHeight = jitter(
      average4(
        heightmapGet(heightmap, x - radius, y - radius),
        heightmapGet(heightmap, x - radius, y + radius),
        heightmapGet(heightmap, x + radius, y - radius),
        heightmapGet(heightmap, x + radius, y + radius),
      ),
      spread,
    );
    heightmapSet(heightmap, x, y, newHeight);
  }

  function dsDiamond(heightmap, x, y, radius, spread) {
    const newHeight = jitter(
      safeAverage(
        heightmapGetSafe(heightmap, x - radius, y),
        heightmapGetSafe(heightmap, x + radius, y),
        heightmapGetSafe(heightmap, x, y - radius),
        heightmapGetSafe(heightmap, x, y + radius),
      ),
      spread,
    );
    heightmapSet(heightmap, x, y, newHeight);
  }

  // `(do-stride [x y] start end stride body)` expands to these loops: the
  // bounds are fixed once, then x outside and y inside.
  function dsSquares(heightmap, radius, spread) {
    const start = radius;
    const end = heightmapResolution(heightmap);
    const stride = 2 * radius;
    for (let x = start; x < end; x += stride) {
      for (let y = start; y < end; y += stride) {
        dsSquare(heightmap, x, y, radius, spread);
      }
    }
  }

  // Rows of diamonds alternate: even rows (in units of the radius) start at
  // x = radius, odd rows at x = 0.
  function dsDiamonds(heightmap, radius, spread) {
    const size = heightmapResolution(heightmap);
    for (let y = 0; y < size; y += radius) {
      const shift = (y / radius) % 2 === 0 ? radius : 0;
      for (let x = shift; x < size; x += 2 * radius) {
        dsDiamond(heightmap, x, y, radius, spread);
      }
    }
  }

  function diamondSquare(heightmap) {
    const initialSpread = 0.3;
    const spreadReduction = 0.5;
    const center = heightmapCenterIndex(heightmap);
    dsInitCorners(heightmap);
    let radius = center;
    let spread = initialSpread;
    while (radius >= 1) {
      dsSquares(heightmap, radius, spread);
      dsDiamonds(heightmap, radius, spread);
      radius /= 2;
      spread *= spreadReduction;
    }
    // The post calls this last step "sanitize"; it normalizes.
    normalize(heightmap);
  }

  return {
    diamondSquare(exponent) {
      const heightmap = makeHeightmap(exponent);
      diamondSquare(heightmap);
      return heightmap;
    },
  };
})();

/** Post 1: every point uniform in [0, 1), in a plain Array. */
export const randomNoise = post1.randomNoise;
/** Post 1: iterative midpoint displacement, chunk by chunk, in a plain Array. */
export const midpointDisplacement = post1.midpointDisplacement;
/** Post 2: recursive midpoint displacement over ndarray views. */
export const recursiveMidpointDisplacement = post2.recursiveMidpointDisplacement;
/** Post 3: diamond-square over an ndarray heightmap. */
export const diamondSquare = post3.diamondSquare;

/** The values of a heightmap from any of the above, as a flat array-like. */
export function heightsOf(heightmap) {
  return heightmap instanceof NdArray ? heightmap.data : heightmap;
}
