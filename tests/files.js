// Readers of the files the site writes, for the tests: independent of the
// site's own code (a PNG's samples, a zip's entries), or someone else's
// (three.js's STL reader), plus the edge check that says whether an STL is
// a closed solid.

import { inflateRawSync, inflateSync } from "node:zlib";
import { BufferGeometry } from "three";
import { STLLoader } from "three/examples/jsm/loaders/STLLoader.js";

/** A 16-bit greyscale PNG's size and samples (row order), read with the
 * PNG specification's filters. */
export function pngSamples(bytes) {
  const buffer = Buffer.from(bytes);
  const signature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (!signature.every((byte, i) => buffer[i] === byte)) throw new Error("not a PNG");
  let at = 8;
  let width = 0;
  let height = 0;
  const data = [];
  while (at < buffer.length) {
    const length = buffer.readUInt32BE(at);
    const type = buffer.toString("latin1", at + 4, at + 8);
    const body = buffer.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 16 || body[9] !== 0) throw new Error("not 16-bit greyscale");
    }
    if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * 2;
  const rows = [];
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const left = x >= 2 ? line[x - 2] : 0;
      const up = previous[x];
      const upLeft = x >= 2 ? previous[x - 2] : 0;
      const predicted = [
        0,
        left,
        up,
        (left + up) >> 1,
        (() => {
          const p = left + up - upLeft;
          const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
          return a <= b && a <= c ? left : b <= c ? up : upLeft;
        })(),
      ][filter];
      line[x] = (line[x] + predicted) & 255;
    }
    rows.push(line);
    previous = line;
  }
  const samples = new Uint16Array(width * height);
  rows.forEach((line, y) => {
    for (let x = 0; x < width; x++) samples[y * width + x] = line.readUInt16BE(2 * x);
  });
  return { width, height, samples };
}

/** A RAW16 file's samples: little-endian 16-bit words. */
export function rawSamples(bytes) {
  const buffer = Buffer.from(bytes);
  const samples = new Uint16Array(buffer.length / 2);
  for (let i = 0; i < samples.length; i++) samples[i] = buffer.readUInt16LE(2 * i);
  return samples;
}

/** A zip's entries, name → bytes, read from its central directory. */
export function zipEntries(bytes) {
  const buffer = Buffer.from(bytes);
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== 0x06054b50) end--;
  if (end < 0) throw new Error("no end of central directory: not a zip");
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory entry");
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.toString("utf-8", at + 46, at + 46 + nameLength);
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const stored = buffer.subarray(start, start + size);
    entries.set(name, method === 0 ? stored : inflateRawSync(stored));
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** A binary STL read by three.js's STLLoader, then checked edge by edge:
 * whether every edge is shared by exactly two triangles that run along it
 * in opposite directions (closed and consistently wound), no triangle is
 * degenerate or repeated, each stored normal agrees with its winding, and
 * the enclosed volume (positive when the triangles face outward). */
export function stlSolid(bytes) {
  const buffer = Uint8Array.from(bytes).buffer;
  const geometry = new STLLoader().parse(buffer);
  if (!(geometry instanceof BufferGeometry)) throw new Error("STLLoader did not read a geometry");
  const positions = geometry.getAttribute("position").array;
  const normals = geometry.getAttribute("normal").array;
  const triangles = positions.length / 9;
  const ids = new Map();
  const vertex = (i) => {
    const key = `${positions[3 * i]},${positions[3 * i + 1]},${positions[3 * i + 2]}`;
    if (!ids.has(key)) ids.set(key, ids.size);
    return ids.get(key);
  };
  const directed = new Map();
  const seen = new Set();
  let degenerate = 0;
  let repeated = 0;
  let flippedNormals = 0;
  let volume = 0;
  for (let t = 0; t < triangles; t++) {
    const corner = [0, 1, 2].map((k) => vertex(3 * t + k));
    if (new Set(corner).size < 3) degenerate++;
    const key = [...corner].sort((a, b) => a - b).join(" ");
    if (seen.has(key)) repeated++;
    seen.add(key);
    for (let k = 0; k < 3; k++) {
      const edge = `${corner[k]} ${corner[(k + 1) % 3]}`;
      directed.set(edge, (directed.get(edge) ?? 0) + 1);
    }
    const p = [0, 1, 2].map((k) => [0, 1, 2].map((axis) => positions[9 * t + 3 * k + axis]));
    const u = p[1].map((value, axis) => value - p[0][axis]);
    const v = p[2].map((value, axis) => value - p[0][axis]);
    const cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    if (Math.hypot(...cross) === 0) degenerate++;
    const stored = [0, 1, 2].map((axis) => normals[9 * t + axis]);
    if (cross[0] * stored[0] + cross[1] * stored[1] + cross[2] * stored[2] <= 0) flippedNormals++;
    volume +=
      (p[0][0] * (p[1][1] * p[2][2] - p[1][2] * p[2][1]) -
        p[0][1] * (p[1][0] * p[2][2] - p[1][2] * p[2][0]) +
        p[0][2] * (p[1][0] * p[2][1] - p[1][1] * p[2][0])) /
      6;
  }
  let unmatchedEdges = 0;
  let doubledEdges = 0;
  for (const [edge, count] of directed) {
    const [a, b] = edge.split(" ");
    if (count > 1) doubledEdges++;
    if (!directed.has(`${b} ${a}`)) unmatchedEdges++;
  }
  return {
    triangles,
    vertices: ids.size,
    edges: directed.size / 2,
    unmatchedEdges,
    doubledEdges,
    degenerate,
    repeated,
    flippedNormals,
    volume,
  };
}
