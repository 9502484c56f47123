// axe-core (from node_modules) run inside the page, for the accessibility
// checks: the violations that matter, printed so a person can act on them.

import { createRequire } from "node:module";
import { expect } from "@playwright/test";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Impacts that fail a test. */
const BLOCKING = ["serious", "critical"];

/** Runs axe on the page as it is now; returns the serious and critical
 * violations, each with the elements it found. */
async function seriousViolations(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map(({ id, impact, help, helpUrl, nodes }) => ({
      id,
      impact,
      help,
      helpUrl,
      nodes: nodes.map(({ target, failureSummary }) => ({ target: target.join(" "), failureSummary })),
    }));
  });
  return violations.filter(({ impact }) => BLOCKING.includes(impact));
}

/** The violations as readable lines, for a failed expectation's message. */
function describeViolations(violations) {
  return violations
    .map(
      ({ id, impact, help, helpUrl, nodes }) =>
        `${impact}: ${id}: ${help} (${helpUrl})\n` +
        nodes
          .map(({ target, failureSummary }) => `    ${target}\n      ${failureSummary.replaceAll("\n", "\n      ")}`)
          .join("\n"),
    )
    .join("\n");
}

/** Fails (naming every element) if axe finds anything serious or critical. */
export async function expectNoSeriousViolations(page, what) {
  const serious = await seriousViolations(page);
  expect(
    serious.map(({ id }) => id),
    `${what}:\n${describeViolations(serious)}`,
  ).toEqual([]);
}
