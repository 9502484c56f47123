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

/** Answers with the file at `urlPath` (still URL-encoded) under `root`, or
 * `index.html` for a folder, never caching, with `headers` added and the
 * body passed through `transform(body, file)`; 403 for a path that leaves
 * `root`, 404 for one that is not there. */
export async function serveFile(response, root, urlPath, headers = {}, transform = (body) => body) {
  const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, "");
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
