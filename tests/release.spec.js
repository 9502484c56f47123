// A new release reaches a browser all at once. The site's files keep their
// names (embeds link to them), so a browser may hold an old module, worker
// or stylesheet in its cache when a new terrain.js arrives. terrain.js asks
// for each with its release (?v=…), so it never pairs with them.
//
// One browser context visits release A, then release B of the site, served
// the way a host would: pages and terrain.js revalidated on every visit,
// everything else cached for a year.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, renderStats, test, waitForAllDemos } from "./helpers.js";
import { badRequest, requestURL, serveFile } from "./local-tools.js";

const DIST = join(import.meta.dirname, "..", "dist");

/** The release terrain.js in `folder` was stamped with. */
function releaseOf(folder) {
  const stamp = readFileSync(join(folder, "terrain.js"), "utf8").match(/const RELEASE = "([0-9a-f]{12})";/);
  expect(stamp, "cargo xtask build stamps terrain.js").not.toBeNull();
  return stamp[1];
}

test("a browser holding release A's files in its cache gets all of release B", async ({ browser }) => {
  const root = mkdtempSync(join(tmpdir(), "terrain-releases-"));
  const [a, b] = [join(root, "a"), join(root, "b")];
  cpSync(DIST, a, { recursive: true });
  cpSync(DIST, b, { recursive: true });
  // Release B: other bytes in every file terrain.js loads, and its stamp.
  const releaseA = releaseOf(a);
  const releaseB = "b".repeat(12);
  for (const name of ["terrain-web.js", "worker.js", "terrain.css", "terrain-png.js"]) {
    writeFileSync(join(b, name), `${readFileSync(join(b, name), "utf8")}\n/* release B */\n`);
  }
  const script = join(b, "terrain.js");
  writeFileSync(script, readFileSync(script, "utf8").replace(releaseA, releaseB));

  let serving = a;
  const asked = [];
  const server = createServer((request, response) => {
    const url = requestURL(request);
    if (!url) return badRequest(response, "no URL");
    asked.push(`${url.pathname}${url.search}`);
    const revalidated = url.pathname.endsWith(".html") || url.pathname.endsWith("/") || url.pathname === "/terrain.js";
    const caching = revalidated ? "no-cache" : "public, max-age=31536000";
    return serveFile(response, serving, url.pathname, { "cache-control": caching });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site = `http://127.0.0.1:${server.address().port}`;
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    /** Visits the playground and makes its worker start (a huge map). */
    const visit = async () => {
      asked.length = 0;
      await page.goto(`${site}/playground.html?exponent=10`);
      await waitForAllDemos(page, 1);
      await expect.poll(async () => (await renderStats(page)).waiting).toBe(0);
      return [...asked];
    };
    const first = await visit();
    for (const file of ["terrain-web.js", "terrain-web_bg.wasm", "terrain.css", "worker.js"]) {
      expect(first, file).toContain(`/${file}?v=${releaseA}`);
    }
    // The cache is real: A again takes its module from it, not the server.
    const again = await visit();
    expect(again).toContain("/terrain.js");
    expect(again).not.toContain(`/terrain-web_bg.wasm?v=${releaseA}`);

    serving = b;
    const second = await visit();
    for (const file of ["terrain-web.js", "terrain-web_bg.wasm", "terrain.css", "worker.js"]) {
      expect(second, `${file} of release B`).toContain(`/${file}?v=${releaseB}`);
    }
    expect(second.filter((path) => path.includes(releaseA))).toEqual([]);
    const css = await page.evaluate(() => document.querySelector("link[data-terrain-style]").href);
    expect(css).toContain(`v=${releaseB}`);
    expect((await renderStats(page)).demos).toBe(1);
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  }
});
