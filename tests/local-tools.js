// What the test servers, the Playwright config and the benchmark runner
// share: finding Debian's Chromium, and serving files from a folder.

import { execFileSync } from "node:child_process";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

/** Debian's Chromium: `$CHROMIUM`, else `chromium` on the PATH. A browser
 * is never downloaded. */
export function chromiumPath() {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  try {
    return execFileSync("sh", ["-c", "command -v chromium || command -v chromium-browser"]).toString().trim();
  } catch {
    throw new Error("Chromium not found: install Debian's chromium package (cargo xtask test does it as root)");
  }
}

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

/** The URL `request` asks for, or `null` when its target is no URL at all
 * (`//`, say), which `badRequest` should answer. */
export function requestURL(request) {
  try {
    return new URL(request.url, "http://localhost");
  } catch {
    return null;
  }
}

/** Answers 400: the request cannot mean any file. */
export function badRequest(response, why) {
  response.writeHead(400, { "content-type": "text/plain" }).end(`bad request: ${why}`);
}

/** Answers with the file at `urlPath` (still URL-encoded) under `root`, or
 * `index.html` for a folder, never caching, with `headers` added and the
 * body passed through `transform(body, file)`; 400 for a malformed
 * %-escape, 403 for a path that leaves `root`, 404 for one that is not
 * there. */
export async function serveFile(response, root, urlPath, headers = {}, transform = (body) => body) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    // `/%zz` or a cut-off UTF-8 sequence such as `/%E0%A4%A`: answered,
    // never thrown (an async function's throw would stop the whole server).
    badRequest(response, `malformed %-escape in ${urlPath}`);
    return;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  let file = join(root, relative);
  if (!file.startsWith(root)) {
    response.writeHead(403).end("forbidden");
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, "index.html");
    const body = transform(await readFile(file), file);
    response.writeHead(200, {
      "content-type": CONTENT_TYPES[extname(file)] || "application/octet-stream",
      "cache-control": "no-store",
      ...headers,
    });
    response.end(body);
  } catch {
    response.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${urlPath}`);
  }
}
