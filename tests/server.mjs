// Static servers for the browser tests.
//
//   SITE_PORT: the built site (dist/) at / and again at /sub/path/, to prove
//              it works under a sub-path. It sends CORS headers, as a static
//              host must for other sites to load terrain.js.
//   BLOG_PORT: a different origin, standing in for someone's blog: the pages
//              in tests/fixtures/, which embed demos from the site origin.
//              Fixture files named *.csp.html are served with a strict
//              Content-Security-Policy header, and *.cross.html with one
//              that lets scripts, styles and workers come only from the site
//              origin (and workers from blob:). The built site is also served
//              here, at /site/ and (every response under the strict
//              Content-Security-Policy) at /strict/: under 'self', a page's
//              scripts must come from its own origin. /pasted.cross.html?
//              snippet=… is a blog post (under the *.cross.html policy)
//              whose body is the snippet, as a blogger pastes it: served
//              from this origin rather than by the browser test's routing,
//              so Chromium treats it as the local page it is;
//              /pasted.html?snippet=… is the same with no policy. The npm
//              package as tests/package.spec.js installs it is served at
//              /node_modules/ (from target/package/try/node_modules/), as a
//              developer serves their own packages.
//
// Both answer 400 to a request that can name no file (a malformed %-escape
// such as /%E0%A4%A, or a target that is no URL, such as //), and go on
// serving.

import { createServer } from "node:http";
import { extname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { badRequest, requestURL, serveFile } from "./local-tools.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const dist = resolve(here, "..", "dist");
const fixtures = resolve(here, "fixtures");
const installed = resolve(here, "..", "target", "package", "try", "node_modules");
export const SITE_PORT = Number(process.env.SITE_PORT || 4173);
export const BLOG_PORT = Number(process.env.BLOG_PORT || 4174);

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
const SITE_ORIGIN = `http://127.0.0.1:${SITE_PORT}`;
/** A blog that embeds from the site's origin and allows nothing inline. */
export const CROSS_CSP = `script-src ${SITE_ORIGIN} 'wasm-unsafe-eval'; style-src ${SITE_ORIGIN}; worker-src ${SITE_ORIGIN} blob:`;

function site(request, response) {
  const url = requestURL(request);
  if (!url) return badRequest(response, "not a URL");
  const cors = { "access-control-allow-origin": "*" };
  const subPath = "/sub/path/";
  const path = url.pathname.startsWith(subPath) ? url.pathname.slice(subPath.length - 1) : url.pathname;
  serveFile(response, dist, path, cors);
}

/** Prefixes of the blog origin that serve the built site, and the headers
 * each adds. */
const SITE_COPIES = [
  ["/site/", dist, {}],
  ["/strict/", dist, { "content-security-policy": STRICT_CSP }],
  ["/node_modules/", installed, {}],
];

/** A blog post around `snippet`, which goes in as it is: the test pastes
 * what the site's Embed panel handed out. */
function pastedPage(snippet) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="${SITE_ORIGIN}/favicon.svg" type="image/svg+xml">
  <title>A pasted snippet</title>
</head>
<body>
  <h1>A pasted snippet</h1>
${snippet}
  <p>The rest of the post.</p>
</body>
</html>
`;
}

function blog(request, response) {
  const url = requestURL(request);
  if (!url) return badRequest(response, "not a URL");
  for (const [prefix, folder, headers] of SITE_COPIES) {
    if (url.pathname.startsWith(prefix)) {
      serveFile(response, folder, url.pathname.slice(prefix.length - 1), headers);
      return;
    }
  }
  if (url.pathname === "/pasted.cross.html" || url.pathname === "/pasted.html") {
    const policy = url.pathname === "/pasted.cross.html" ? { "content-security-policy": CROSS_CSP } : {};
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...policy });
    response.end(pastedPage(url.searchParams.get("snippet") ?? ""));
    return;
  }
  const policy = url.pathname.endsWith(".csp.html")
    ? STRICT_CSP
    : url.pathname.endsWith(".cross.html")
      ? CROSS_CSP
      : null;
  const headers = policy ? { "content-security-policy": policy } : {};
  // Fixtures write the site's origin as SITE_ORIGIN; fill it in on the way out.
  const fillIn = (body, file) =>
    extname(file) === ".html" ? body.toString("utf-8").replaceAll("SITE_ORIGIN", SITE_ORIGIN) : body;
  serveFile(response, fixtures, url.pathname, headers, fillIn);
}

createServer(site).listen(SITE_PORT, "127.0.0.1", () =>
  console.log(`site on http://127.0.0.1:${SITE_PORT}/ (and /sub/path/)`),
);
createServer(blog).listen(BLOG_PORT, "127.0.0.1", () => console.log(`blog on http://127.0.0.1:${BLOG_PORT}/`));
