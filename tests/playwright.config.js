// Browser tests run in Debian's Chromium (never a downloaded browser),
// against the release build in dist/ served by tests/server.mjs.
import { defineConfig } from "@playwright/test";

import { chromiumPath } from "./local-tools.js";

// Override with SITE_PORT and BLOG_PORT when something else uses these.
const SITE_PORT = Number(process.env.SITE_PORT || 4173);
const BLOG_PORT = Number(process.env.BLOG_PORT || 4174);

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.js",
  outputDir: "artifacts/results",
  timeout: 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    launchOptions: {
      executablePath: chromiumPath(),
      // Without these, Chromium keeps trying to reach Google's servers.
      args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
    viewport: { width: 1280, height: 900 },
  },
  projects: [
    { name: "browser", grepInvert: /@timing/ },
    // Timing checks (tests tagged TIMING, helpers.js) run last, one at a
    // time, so the other tests' browsers do not compete with them for the
    // machine's cores.
    {
      name: "timing",
      grep: /@timing/,
      dependencies: ["browser"],
      fullyParallel: false,
      workers: 1,
    },
  ],
  webServer: {
    command: "node tests/server.mjs",
    cwd: "..",
    url: `http://127.0.0.1:${SITE_PORT}/terrain.js`,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: { SITE_PORT: String(SITE_PORT), BLOG_PORT: String(BLOG_PORT) },
  },
});
