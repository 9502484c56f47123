// For the browser benchmarks that time one thing on an empty page
// (bench/analysis.mjs, bench/pool.mjs): a server of the built site from
// `dist` with, at `path`, an empty page of the same origin, so nothing but
// the benchmark runs, and headless Chromium to run it in. Everything is
// sent cross-origin isolated, which gives performance.now() its finer
// resolution.

import { createServer } from "node:http";
import { cpus, loadavg } from "node:os";
import { chromium } from "playwright-core";

import { badRequest, chromiumPath, requestURL, serveFile } from "../tests/local-tools.js";

const ISOLATED = {
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-embedder-policy": "require-corp",
};

/** Starts the server on a free port of 127.0.0.1; resolves with it. */
function serveEmptyPage(dist, path, title) {
  const page = `<!doctype html><meta charset=utf-8><title>${title}</title>`;
  const server = createServer((request, response) => {
    const url = requestURL(request);
    if (!url) return badRequest(response, "not a URL");
    if (url.pathname === path) {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...ISOLATED });
      response.end(page);
    } else serveFile(response, dist, url.pathname, ISOLATED);
  });
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done(server));
  });
}

/** Runs `measure(argument)` in the empty page at `path` of a server of
 * `dist`; resolves with its result and a line saying on what it ran
 * (Chromium's version, the cores, the load before and after). */
export async function measureOnEmptyPage({ dist, path, title, measure, argument }) {
  const server = await serveEmptyPage(dist, path, title);
  const { port } = server.address();
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(" ");
  const before = load();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    // --expose-gc: a benchmark may collect one way's garbage before timing
    // the next, rather than charge it to whichever runs after.
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--js-flags=--expose-gc",
    ],
  });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`http://127.0.0.1:${port}${path}`);
    const result = await page.evaluate(measure, argument);
    if (errors.length) throw new Error(`errors on the page:\n${errors.join("\n")}`);
    const machine =
      `Chromium ${browser.version()}, ${cpus().length} cores (${cpus()[0]?.model ?? "unknown"}), ` +
      `load ${before} before, ${load()} after`;
    return { result, machine };
  } finally {
    await browser.close();
    server.close();
  }
}
