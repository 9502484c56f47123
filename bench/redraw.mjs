// How long a redraw takes after the scrubber or a slider moves, and where
// the time goes: our work (generating, building the surface, uploading it)
// against the browser's rasterizing, which headless Chromium does on the
// CPU (SwiftShader) and a reader's GPU does in a millisecond or two.
//
// The page's own clock splits them: drawImage, which copies the shared
// WebGL canvas into the demo's, is where the main thread waits for the
// rasterizer, so a redraw's time minus its drawImage time is ours. An
// orbit (a camera move: no new map, no new surface) gives the rasterizer's
// cost alone, for comparison.
//
//   cargo xtask build && node bench/redraw.mjs [--rounds N] [query]
//
// query defaults to 8-octave Perlin fBm at exponent 9 (513 x 513) on the
// playground. Results are printed, not stored: see BENCHMARKS.md.

import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

import { badRequest, chromiumPath, requestURL, serveFile } from "../tests/local-tools.js";

const dist = join(resolve(fileURLToPath(new URL(".", import.meta.url)), ".."), "dist");
const args = process.argv.slice(2);
const roundsAt = args.indexOf("--rounds");
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 12;
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error("redraw.mjs: --rounds takes a whole number of at least 1");
  process.exit(2);
}
const query = args[0] ?? "algorithm=perlin-noise&exponent=9&octaves=8&seed=7";

const server = createServer((request, response) => {
  const url = requestURL(request);
  if (!url) return badRequest(response, "not a URL");
  serveFile(response, dist, url.pathname);
});
await new Promise((done) => server.listen(0, "127.0.0.1", done));
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${server.address().port}/playground.html?${query}`);
  await page.waitForFunction(async () => (await import("./terrain.js")).renderStats().draws > 0, null, {
    timeout: 60_000,
  });
  const samples = await page.evaluate(async (rounds) => {
    const { renderStats } = await import("./terrain.js");
    let waiting = 0;
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (...rest) {
      const start = performance.now();
      try {
        return drawImage.apply(this, rest);
      } finally {
        waiting += performance.now() - start;
      }
    };
    const frame = () => new Promise((next) => requestAnimationFrame(next));
    const pause = () => new Promise((next) => setTimeout(next, 150));
    /** Runs `change`, waits for the next draw; [total, ours] in ms. */
    async function time(change) {
      const draws = renderStats().draws;
      waiting = 0;
      const start = performance.now();
      change();
      while (renderStats().draws === draws) {
        if (performance.now() - start > 20_000) throw new Error("no redraw within 20 s");
        await frame();
      }
      const total = performance.now() - start;
      return [total, total - waiting];
    }
    const demo = document.querySelector(".terrain-demo");
    const canvas = demo.querySelector("canvas.terrain-canvas");
    const scrubber = demo.querySelector('input[type="range"]');
    const gain = [...demo.querySelectorAll('input[type="range"]')].find((slider) =>
      slider.labels?.[0]?.textContent.includes("Gain"),
    );
    const out = { orbit: [], scrubber: [], gain: [] };
    for (let round = 0; round < rounds; round++) {
      const { left, top, width, height } = canvas.getBoundingClientRect();
      const [x, y] = [left + width / 2, top + height / 2];
      const pointer = (type, dx, buttons) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            clientX: x + dx,
            clientY: y,
            bubbles: true,
            pointerId: 1,
            button: 0,
            buttons,
            isPrimary: true,
          }),
        );
      out.orbit.push(
        await time(() => {
          pointer("pointerdown", 0, 1);
          pointer("pointermove", 12, 1);
          pointer("pointerup", 12, 0);
        }),
      );
      await pause();
      out.scrubber.push(
        await time(() => {
          scrubber.value = String(Number(scrubber.max) - 1 + (round % 2));
          scrubber.dispatchEvent(new Event("input", { bubbles: true }));
        }),
      );
      await pause();
      if (gain) {
        out.gain.push(
          await time(() => {
            gain.value = round % 2 ? "0.5" : "0.55";
            gain.dispatchEvent(new Event("input", { bubbles: true }));
          }),
        );
        await pause();
      }
    }
    return out;
  }, rounds);
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  console.log(`redraws of the playground's first demo (${query}), ${rounds} rounds, medians in ms:`);
  console.log("change    | whole redraw | ours (not waiting for the rasterizer)");
  for (const [name, values] of Object.entries(samples)) {
    if (values.length === 0) continue;
    const whole = median(values.map(([total]) => total));
    const ours = median(values.map(([, mine]) => mine));
    console.log(`${name.padEnd(9)} | ${whole.toFixed(1).padStart(12)} | ${ours.toFixed(1).padStart(6)}`);
  }
} finally {
  await browser.close();
  server.close();
}
