// Static servers for the browser tests.
//
//   SITE_PORT: the built site (dist/) at / and again at /sub/path/, to prove
//              it works under a sub-path. It sends CORS headers, as a static
//              host must for other sites to load terrain.js.
//   BLOG_PORT: a different origin, standing in for someone's blog: the pages
//              in tests/fixtures/, which embed demos from the site origin.
//              Fixture files named *.csp.html are served with a strict
//              Content-Security-Policy header. The built site is also served
//              here, at /site/ and (every response under the strict
//              Content-Security-Policy) at /strict/: under 'self', a page's
//              scripts must come from its own origin.

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "..", "dist");
const fixtures = resolve(here, "fixtures");
export const SITE_PORT = Number(process.env.SITE_PORT || 4173);
export const BLOG_PORT = Number(process.env.BLOG_PORT || 4174);

const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".json": "application/json",
};

export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";

async function send(response, root, urlPath, headers = {}, transform = (body) => body) {
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
      "content-type": types[extname(file)] || "application/octet-stream",
      "cache-control": "no-store",
      ...headers,
    });
    response.end(body);
  } catch {
    response.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${urlPath}`);
  }
}

function site(request, response) {
  const url = new URL(request.url, "http://localhost");
  const cors = { "access-control-allow-origin": "*" };
  const subPath = "/sub/path/";
  const path = url.pathname.startsWith(subPath) ? url.pathname.slice(subPath.length - 1) : url.pathname;
  send(response, dist, path, cors);
}

/** Prefixes of the blog origin that serve the built site, and the headers
 * each adds. */
const SITE_COPIES = [
  ["/site/", {}],
  ["/strict/", { "content-security-policy": STRICT_CSP }],
];

function blog(request, response) {
  const url = new URL(request.url, "http://localhost");
  for (const [prefix, headers] of SITE_COPIES) {
    if (url.pathname.startsWith(prefix)) {
      send(response, dist, url.pathname.slice(prefix.length - 1), headers);
      return;
    }
  }
  const headers = url.pathname.endsWith(".csp.html") ? { "content-security-policy": STRICT_CSP } : {};
  // Fixtures write the site's origin as SITE_ORIGIN; fill it in on the way out.
  const fillIn = (body, file) =>
    extname(file) === ".html"
      ? body.toString("utf-8").replaceAll("SITE_ORIGIN", `http://127.0.0.1:${SITE_PORT}`)
      : body;
  send(response, fixtures, url.pathname, headers, fillIn);
}

createServer(site).listen(SITE_PORT, "127.0.0.1", () =>
  console.log(`site on http://127.0.0.1:${SITE_PORT}/ (and /sub/path/)`),
);
createServer(blog).listen(BLOG_PORT, "127.0.0.1", () =>
  console.log(`blog on http://127.0.0.1:${BLOG_PORT}/`),
);
