// The battery of bad (and borderline good) inputs that hardening.spec.js
// types into every control, puts in every URL parameter and sets on every
// embed attribute, with what each field must make of each value.
//
// It also writes the fixture with one embedded demo per (attribute, value):
//
//   node tests/battery.js    # rewrites tests/fixtures/bad-attributes.html
//
// (hardening.spec.js checks that the committed fixture is up to date.)

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** White space around a number that every numeric field accepts. */
export const SPACED_TWO = " \t2 \n";
/** 2^64, one past the largest seed. */
export const TWO_TO_THE_64 = "18446744073709551616";

/** Every field gets every one of these. */
export const BAD_VALUES = [
  "40",
  "-1",
  "0",
  "1e309",
  "NaN",
  TWO_TO_THE_64,
  "",
  "abc",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  SPACED_TWO,
  "1 2",
];

/** The registries as Rust writes them (see crates/terrain-view/tests/settings_json.rs):
 * every setting a reader can give, with its spellings, kind, range and words. */
export const REGISTRY = JSON.parse(readFileSync(new URL("./settings.json", import.meta.url), "utf8"));
const ENTRIES = REGISTRY.settings;

/** The registry's entry for the setting called `option`. */
export function entryOf(option) {
  const entry = ENTRIES.find((candidate) => candidate.option === option);
  if (!entry) throw new Error(`no setting ${option} in tests/settings.json`);
  return entry;
}

/** How `surface` ("attribute", "url", "option" or "control") reads a setting: what
 * `outcome` needs. */
export function specOn(entry, surface) {
  return { entry, surface, allowed: entry.allowed[surface] };
}

/** Rust's f64 grammar (`str::parse`), which JavaScript's Number() does not share. */
function rustNumber(text) {
  if (/^[+-]?(inf|infinity|nan)$/i.test(text)) return Number.NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

const ON = /^(true|1|on|yes)$/i;
const OFF = /^(false|0|off|no)$/i;

/** What a setting makes of `value` on its surface, calling it `name` in its
 * message: `{ valid: true, value }` or `{ valid: false, message }`. The rules are
 * the kinds' (an oracle written apart from the Rust, from the same registry). */
export function outcome(spec, value, name) {
  const { entry, surface, allowed } = spec;
  const kind = entry.kind;
  const trimmed = value.trim();
  const refuse = (got) => ({ valid: false, message: `${name} must be ${allowed}; got ${got}` });
  const bareOn = ["switch", "switchOr"].includes(kind.type) && ["attribute", "url"].includes(surface);
  if (trimmed === "") {
    if (bareOn) return { valid: true, value: kind.type === "switchOr" ? "compact" : true };
    return { valid: false, message: `${name} is empty; enter ${allowed}` };
  }
  // Rust's Debug quoting is JSON's for this battery.
  const quoted = JSON.stringify(trimmed);
  switch (kind.type) {
    case "whole": {
      // Digits, after a + and before zero decimals ("+5", "5.0").
      const digits = trimmed.replace(/^\+/, "").replace(/\.0*$/, "");
      if (!/^[0-9]+$/.test(digits)) {
        // A number, but not whole, is said as a number; anything else quoted.
        const number = rustNumber(trimmed);
        const unwhole = Number.isFinite(number) && (number < 0 || !Number.isInteger(number));
        return refuse(unwhole ? String(number) : quoted);
      }
      const whole = BigInt(digits);
      if (whole > 2n ** 64n - 1n) return refuse(quoted);
      if (whole < BigInt(kind.min) || whole > BigInt(kind.max)) return refuse(String(whole));
      // Past what a JavaScript number holds exactly (a seed), as a string.
      return { valid: true, value: BigInt(kind.max) > 2n ** 53n ? String(whole) : Number(whole) };
    }
    case "number": {
      const number = rustNumber(trimmed);
      if (number === undefined || !Number.isFinite(number)) return refuse(quoted);
      const read = number + 0;
      if (read < kind.min || read > kind.max) return refuse(String(read));
      return { valid: true, value: read };
    }
    case "switch":
      if (ON.test(trimmed)) return { valid: true, value: true };
      if (OFF.test(trimmed)) return { valid: true, value: false };
      return refuse(quoted);
    case "switchOr": {
      if (ON.test(trimmed)) return { valid: true, value: "compact" };
      if (OFF.test(trimmed)) return { valid: true, value: "none" };
      const name = kind.names.find((candidate) => candidate.toLowerCase() === trimmed.toLowerCase());
      return name ? { valid: true, value: name } : refuse(quoted);
    }
    case "choice": {
      const name = kind.names.find((candidate) => candidate.toLowerCase() === trimmed.toLowerCase());
      return name ? { valid: true, value: name } : refuse(quoted);
    }
    case "name":
      return [...trimmed].length <= kind.maxChars ? { valid: true, value: trimmed } : refuse(quoted);
    default:
      // No value of the battery is a stage's name.
      return refuse(quoted);
  }
}

/** The generate() options' specs, for its messages. */
export const EXPONENT = specOn(entryOf("exponent"), "option");
export const SPREAD = specOn(entryOf("spread"), "option");
export const SPREAD_REDUCTION = specOn(entryOf("spreadReduction"), "option");
export const SEED = specOn(entryOf("seed"), "option");

/** The options generate() takes, with their specs. */
export const GENERATE_OPTIONS = ENTRIES.filter((entry) => entry.surfaces.generate || entry.group === "stage").map(
  (entry) => ({ option: entry.option, spec: specOn(entry, "option") }),
);

/** The options erode() takes, with their specs: the registry's settings on its
 * surface. */
export const ERODE_OPTIONS = ENTRIES.filter((entry) => entry.surfaces.erode).map((entry) => ({
  option: entry.option,
  spec: specOn(entry, "option"),
}));

/** The text fields (and sliders) of a demo of `algorithm`'s controls, by label, with the
 * generate() option each sets: every number the algorithm reads. */
export function controlFields(algorithm) {
  return ENTRIES.filter(
    (entry) =>
      entry.group === "parameter" &&
      entry.surfaces.control &&
      ["whole", "number"].includes(entry.kind.type) &&
      entry.applies.includes(algorithm),
  ).map((entry) => ({ label: entry.title, option: entry.option, spec: specOn(entry, "control"), entry }));
}

/** The numbers the posts' final demos show, for their algorithms. */
export const CONTROL_FIELDS = controlFields("midpoint-displacement");

/** What a setting is, for the tests: a generate() option, or a demoState() entry
 * (the display settings it reports, and the parameters only demos read, such as
 * erosion's). */
function roleOf(entry) {
  if (entry.group === "display") {
    return ["palette", "view", "wireframe", "relief", "overlay", "water"].includes(entry.option)
      ? { state: entry.option }
      : {};
  }
  if (entry.surfaces.generate || entry.group === "stage") return { option: entry.option };
  return { state: entry.option };
}

/** The playground's URL keys. `option` is the generate() option a key
 * sets; `state` the demoState() entry it sets otherwise. */
export const URL_KEYS = ENTRIES.filter((entry) => entry.surfaces.url).map((entry) => ({
  key: entry.option,
  ...roleOf(entry),
  spec: specOn(entry, "url"),
  applies: entry.applies,
}));

/** The algorithm a battery gives a setting so that the map reads it: `usual`
 * if it reads it (and for settings every map reads), else the first that
 * does; `null` for a setting no algorithm reads alone (erosion's, the ridged
 * multifractal's), which is then named as not read, whatever its value. */
export function readingAlgorithm(applies, usual) {
  if (!applies || applies.includes(usual)) return usual;
  return applies[0] ?? null;
}

/** What a demo says of setting `name` given while its map does not read it:
 * the start of the sentence, whichever reason follows. */
export function unreadOutcome(name) {
  return { valid: false, unread: true, message: `${name} is ` };
}

/** Every attribute a demo reads. */
export const ATTRIBUTES = ENTRIES.filter((entry) => entry.surfaces.attribute).map((entry) => ({
  attribute: entry.attribute,
  ...roleOf(entry),
  spec: specOn(entry, "attribute"),
  applies: entry.applies,
}));

/** The default of each demoState() entry of `roleOf`, as demoState() says it, for
 * the batteries' algorithm. */
export const DEFAULT_LOOK = Object.fromEntries(
  ENTRIES.filter((entry) => roleOf(entry).state).map((entry) => {
    const text = entry.defaults["*"] ?? entry.defaults["midpoint-displacement"];
    return [entry.option, outcome(specOn(entry, "url"), text, entry.option).value];
  }),
);

/** The attributes every fixture demo has unless it is testing that one. */
export const BASE_ATTRIBUTES = {
  "data-terrain-demo": "midpoint-displacement",
  "data-exponent": "4",
  "data-seed": "11",
};

/** The fixture's demos in page order: one per (attribute, value), with the
 * generate() options its terrain must match (seed `null`: a random one). */
export const ATTRIBUTE_CASES = ATTRIBUTES.flatMap((entry) =>
  BAD_VALUES.map((value, index) => {
    const usual = BASE_ATTRIBUTES["data-terrain-demo"];
    const algorithm = readingAlgorithm(entry.applies, usual) ?? usual;
    const read = readingAlgorithm(entry.applies, usual) !== null;
    const result = read ? outcome(entry.spec, value, entry.attribute) : unreadOutcome(entry.attribute);
    const options = { algorithm, exponent: 4, seed: "11" };
    if (entry.option) {
      if (result.valid) options[entry.option] = result.value;
      else if (entry.option === "algorithm") options.algorithm = REGISTRY.defaultAlgorithm;
      else if (entry.option === "seed") options.seed = null;
      else delete options[entry.option];
    }
    return { ...entry, value, id: `${entry.attribute}-${index}`, result, options, algorithm };
  }),
);

function escapeAttribute(value) {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll("\t", "&#9;")
    .replaceAll("\n", "&#10;");
}

/** The fixture page: every attribute given every value of the battery. */
export function attributeFixture() {
  const sections = ATTRIBUTES.map(({ attribute }) => {
    const demos = ATTRIBUTE_CASES.filter((entry) => entry.attribute === attribute).map((entry) => {
      const attributes = { ...BASE_ATTRIBUTES, "data-terrain-demo": entry.algorithm, [attribute]: entry.value };
      const written = Object.entries(attributes)
        .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
        .join(" ");
      return `      <div id="${entry.id}" ${written}></div>`;
    });
    return [`    <h2>${attribute}</h2>`, `    <div class="battery">`, ...demos, `    </div>`].join("\n");
  });
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Every embed attribute, every bad value</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="blog.css">
  <link rel="stylesheet" href="battery.css">
  <!-- Generated by tests/battery.js: do not edit by hand. -->
  <script type="module" src="SITE_ORIGIN/terrain.js"></script>
</head>
<body>
  <main class="wide">
    <h1>Every embed attribute, every bad value</h1>
    <p>One demo for each attribute and each value of the battery; all but the attribute under test are ${Object.entries(
      BASE_ATTRIBUTES,
    )
      .map(([name, value]) => `${name}="${value}"`)
      .join(", ")}.</p>
${sections.join("\n")}
  </main>
</body>
</html>
`;
}

export const ATTRIBUTE_FIXTURE = fileURLToPath(new URL("./fixtures/bad-attributes.html", import.meta.url));

/** The fingerprints demoState() would give the heights generate() returns
 * for each options object. Runs in the page, with the terrain.js it loaded. */
export function fingerprintsOf(page, optionsList) {
  return page.evaluate(async (list) => {
    const script = document.querySelector('script[type="module"][src$="terrain.js"]');
    const { generate, fingerprint } = await import(script ? script.src : "./terrain.js");
    return list.map((options) => fingerprint(generate(options)));
  }, optionsList);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ATTRIBUTE_FIXTURE, attributeFixture());
  console.log(`wrote ${ATTRIBUTE_FIXTURE} (${ATTRIBUTE_CASES.length} demos)`);
}
