// How long a redraw takes after the scrubber or a slider moves, and where
// the time goes: our work (generating, building the surface, uploading it)
// against the browser's rasterizing, which headless Chromium does on the
// CPU (SwiftShader) and a reader's GPU does in a millisecond or two.
//
// The page's own clock splits them. Our work is the input's handler (the
// new map is made there, at once) plus the animation frame that draws it,
// less the time that frame spends in drawImage, which copies the shared
// WebGL canvas into the demo's and is where the main thread waits for the
// rasterizer. Both run in the same frame while a reader drags, so together
// they are what has to fit in one. The time between them (waiting for the
// next frame to begin) is nobody's work and is not counted. An orbit (a
// camera move: no new map, no new surface) gives the rasterizer's cost
// alone, for comparison.
//
// The handler's time includes changing the address (history.replaceState),
// shown on its own: here every redraw pays it, because SwiftShader makes
// each one take longer than the page's interval between address changes,
// but in a drag at 60 Hz at most one frame in five does.
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
    let framing = 0;
    let addressing = 0;
    const replaceState = history.replaceState.bind(history);
    history.replaceState = (...rest) => {
      const start = performance.now();
      try {
        return replaceState(...rest);
      } finally {
        addressing += performance.now() - start;
      }
    };
    const drawImage = CanvasRenderingContext2D.prototype.drawImage;
    CanvasRenderingContext2D.prototype.drawImage = function (...rest) {
      const start = performance.now();
      try {
        return drawImage.apply(this, rest);
      } finally {
        waiting += performance.now() - start;
      }
    };
    // The page's frames, timed: every callback it asks for is wrapped.
    const requestFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) =>
      requestFrame((time) => {
        const start = performance.now();
        try {
          callback(time);
        } finally {
          framing += performance.now() - start;
        }
      });
    const frame = () => new Promise((next) => requestAnimationFrame(next));
    const pause = () => new Promise((next) => setTimeout(next, 150));
    /** Runs `change`, waits for the next draw; [total, handler, frame, address] in ms. */
    async function time(change) {
      const draws = renderStats().draws;
      waiting = 0;
      framing = 0;
      addressing = 0;
      const start = performance.now();
      change();
      const handled = performance.now() - start;
      while (renderStats().draws === draws) {
        if (performance.now() - start > 20_000) throw new Error("no redraw within 20 s");
        await frame();
      }
      const total = performance.now() - start;
      return [total, handled, framing - waiting, addressing];
    }
    const demo = document.querySelector(".terrain-demo");
    const canvas = demo.querySelector("canvas.terrain-canvas");
    const scrubber = demo.querySelector('input[type="range"]');
    // Sliders by their label, and the two values each moves between: the
    // gain re-weights the same octaves, the lacunarity needs new ones.
    const sliders = [
      ["Gain", "0.55", "0.5"],
      ["Lacunarity", "2.05", "2"],
    ].flatMap(([label, ...values]) => {
      const slider = [...demo.querySelectorAll('input[type="range"]')].find((input) =>
        input.labels?.[0]?.textContent.includes(label),
      );
      return slider ? [[label.toLowerCase(), slider, values]] : [];
    });
    const out = { orbit: [], scrubber: [], ...Object.fromEntries(sliders.map(([name]) => [name, []])) };
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
      for (const [name, slider, values] of sliders) {
        out[name].push(
          await time(() => {
            slider.value = values[round % 2];
            slider.dispatchEvent(new Event("input", { bubbles: true }));
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
  console.log(
    "change     | whole redraw | handler | frame | of which address | ours: handler + frame | ours in a drag",
  );
  const cell = (value, width) => value.toFixed(1).padStart(width);
  for (const [name, values] of Object.entries(samples)) {
    if (values.length === 0) continue;
    const column = (pick) => median(values.map(pick));
    console.log(
      [
        name.padEnd(10),
        cell(
          column(([total]) => total),
          12,
        ),
        cell(
          column(([, handler]) => handler),
          7,
        ),
        cell(
          column(([, , frame]) => frame),
          5,
        ),
        cell(
          column(([, , , address]) => address),
          16,
        ),
        cell(
          column(([, handler, frame]) => handler + frame),
          21,
        ),
        cell(
          column(([, handler, frame, address]) => handler + frame - address),
          14,
        ),
      ].join(" | "),
    );
  }
} finally {
  await browser.close();
  server.close();
}
