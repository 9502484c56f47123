// Droplet erosion in plain JavaScript, for the benchmark page only: the
// yardstick our WebAssembly erode() is measured against. Nothing else uses
// it, and it is not the site's code.
//
// It is the same algorithm as crates/terrain-core/src/erosion/droplets.rs
// (read that file's comments for the why), written the way a reader would
// port the droplet loop to JavaScript: a Float64Array of heights, a helper
// that returns the height and slope as an object, the brush as a list of
// points, Math.floor and Math.sqrt. It is not tuned, and not slowed down
// either: the brush is built once per run, as the description says.
//
// The same droplets land in the same places as in Rust: droplet k starts at
// outputs 2k and 2k + 1 of SplitMix64 seeded with seed XOR "erosion\0".
// Working those out with BigInt costs more than the erosion itself, so
// dropletStarts() does it apart, and erodeJs() takes the result as
// `options.starts` (the benchmark computes them before it starts the
// clock; without `starts`, erodeJs() computes them itself). Given the same
// map and settings, every operation is the same, so the heights come out the
// same to the bit in our checks, and the ledger, summed in another order, to
// about 1e-14 relative (bench/erosion-js-check.mjs checks both).

export const DEFAULTS = {
  droplets: 100000,
  seed: 0,
  wrap: false,
  inertia: 0.05,
  capacity: 4,
  minCapacity: 0.01,
  erodeSpeed: 0.3,
  depositSpeed: 0.3,
  evaporateSpeed: 0.01,
  radius: 3,
  gravity: 4,
  lifetime: 30,
};

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;
const STREAM_SALT = 0x65726f73696f6e00n;

// Output `index` of SplitMix64 seeded with `seed` (both BigInt).
function splitMix64(seed, index) {
  let z = (seed + (BigInt(index) + 1n) * GAMMA) & MASK;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

// Where each droplet lands: x0, y0, x1, y1, ... in [0, side - 1).
export function dropletStarts(seed, droplets, side) {
  const stream = (BigInt(seed) ^ STREAM_SALT) & MASK;
  const last = side - 1;
  const starts = new Float64Array(2 * droplets);
  for (let i = 0; i < 2 * droplets; i++) {
    const top53 = Number(splitMix64(stream, i) >> 11n);
    starts[i] = top53 * 2 ** -53 * last;
  }
  return starts;
}

// The points within `radius` of a centre, with weights falling off to 0 at
// the radius and adding up to 1.
function makeBrush(radius) {
  const brush = [];
  let total = 0;
  for (let dy = -(radius - 1); dy <= radius - 1; dy++) {
    for (let dx = -(radius - 1); dx <= radius - 1; dx++) {
      const squared = dx * dx + dy * dy;
      if (squared < radius * radius) {
        const weight = radius - Math.sqrt(squared);
        brush.push({ dx, dy, weight });
        total += weight;
      }
    }
  }
  for (const point of brush) {
    point.weight /= total;
  }
  return brush;
}

// Erodes a copy of `heights` (side x side, row-major) with droplets.
// Returns { heights, eroded, deposited, carried, steps }, `steps` being the
// moves all the droplets made (the benchmark's cost per step).
export function erodeJs(heights, side, options = {}) {
  const o = { ...DEFAULTS, ...options };
  const last = side - 1;
  const starts = o.starts ?? dropletStarts(o.seed, o.droplets, side);

  // With wrap, work on the map's own points, a torus of period side - 1.
  const width = o.wrap ? last : side;
  const map = new Float64Array(width * width);
  for (let y = 0; y < width; y++) {
    for (let x = 0; x < width; x++) {
      map[y * width + x] = heights[y * side + x];
    }
  }
  let floor = Infinity;
  for (const h of map) {
    if (h < floor) floor = h;
  }

  const brush = makeBrush(o.radius);
  const reach = o.radius - 1;
  let eroded = 0;
  let deposited = 0;
  let carried = 0;
  let steps = 0;

  function cornersOf(x, y) {
    const column = Math.floor(x);
    const row = Math.floor(y);
    let right = column + 1;
    let below = row + 1;
    if (o.wrap) {
      if (right === width) right = 0;
      if (below === width) below = 0;
    }
    return {
      topLeft: row * width + column,
      topRight: row * width + right,
      bottomLeft: below * width + column,
      bottomRight: below * width + right,
      u: x - column,
      v: y - row,
    };
  }

  function heightAndSlope(x, y) {
    const c = cornersOf(x, y);
    const tl = map[c.topLeft];
    const tr = map[c.topRight];
    const bl = map[c.bottomLeft];
    const br = map[c.bottomRight];
    const top = tl + (tr - tl) * c.u;
    const bottom = bl + (br - bl) * c.u;
    return {
      height: top + (bottom - top) * c.v,
      slopeX: (tr - tl) * (1 - c.v) + (br - bl) * c.v,
      slopeY: bottom - top,
    };
  }

  function wrapCoordinate(value) {
    if (value < 0) value += last;
    if (value >= last) value -= last;
    return value;
  }

  // Lowers a point by `wanted`, not below the floor; returns what it could
  // not give.
  function dig(index, wanted) {
    const lowered = map[index] - wanted;
    if (lowered >= floor) {
      map[index] = lowered;
      return 0;
    }
    const given = map[index] - floor;
    map[index] = floor;
    return wanted - given;
  }

  function erodeAround(x, y, amount) {
    // The brush is centred on the point nearest the droplet.
    const column = Math.floor(x + 0.5);
    const row = Math.floor(y + 0.5);
    const inside = (c) => c >= reach && c + reach < width;
    let shortfall = 0;
    if (inside(column) && inside(row)) {
      for (const point of brush) {
        const index = (row + point.dy) * width + column + point.dx;
        shortfall += dig(index, amount * point.weight);
      }
    } else {
      // Off the map points are left out, and the others scaled up; with
      // wrap they come round from the other side.
      const indices = [];
      let onMap = 0;
      for (const point of brush) {
        let px = column + point.dx;
        let py = row + point.dy;
        if (o.wrap) {
          px = ((px % width) + width) % width;
          py = ((py % width) + width) % width;
        } else if (px < 0 || py < 0 || px >= width || py >= width) {
          indices.push(-1);
          continue;
        }
        indices.push(py * width + px);
        onMap += point.weight;
      }
      brush.forEach((point, i) => {
        if (indices[i] >= 0) {
          shortfall += dig(indices[i], amount * (point.weight / onMap));
        }
      });
    }
    return Math.max(amount - shortfall, 0);
  }

  function depositAt(x, y, amount) {
    const c = cornersOf(x, y);
    const top = amount * (1 - c.v);
    const bottom = amount * c.v;
    map[c.topLeft] += top * (1 - c.u);
    map[c.topRight] += top * c.u;
    map[c.bottomLeft] += bottom * (1 - c.u);
    map[c.bottomRight] += bottom * c.u;
  }

  for (let k = 0; k < o.droplets; k++) {
    let x = starts[2 * k];
    let y = starts[2 * k + 1];
    let dirX = 0;
    let dirY = 0;
    let speed = 1;
    let water = 1;
    let sediment = 0;

    for (let step = 0; step < o.lifetime; step++) {
      const here = heightAndSlope(x, y);
      dirX = dirX * o.inertia - here.slopeX * (1 - o.inertia);
      dirY = dirY * o.inertia - here.slopeY * (1 - o.inertia);
      const length = Math.sqrt(dirX * dirX + dirY * dirY);
      if (length <= 1e-100) break;
      dirX /= length;
      dirY /= length;

      let nextX = x + dirX;
      let nextY = y + dirY;
      if (o.wrap) {
        nextX = wrapCoordinate(nextX);
        nextY = wrapCoordinate(nextY);
      } else if (!(nextX >= 0 && nextX < last && nextY >= 0 && nextY < last)) {
        break;
      }

      const drop = here.height - heightAndSlope(nextX, nextY).height;
      const capacity = Math.max(drop * speed * water * o.capacity, o.minCapacity);
      if (drop < 0 || sediment > capacity) {
        // Uphill: fill the hollow behind, by at most the climb.
        const amount = drop < 0 ? Math.min(-drop, sediment) : (sediment - capacity) * o.depositSpeed;
        depositAt(x, y, amount);
        sediment -= amount;
        deposited += amount;
      } else {
        const wanted = Math.min((capacity - sediment) * o.erodeSpeed, drop);
        const taken = erodeAround(x, y, wanted);
        sediment += taken;
        eroded += taken;
      }

      speed = Math.sqrt(Math.max(speed * speed + drop * o.gravity, 0));
      water *= 1 - o.evaporateSpeed;
      steps++;
      x = nextX;
      y = nextY;
    }
    carried += sediment;
  }

  const result = new Float64Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      result[y * side + x] = map[(y % width) * width + (x % width)];
    }
  }
  return { heights: result, eroded, deposited, carried, steps };
}
