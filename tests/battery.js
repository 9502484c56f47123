// The battery of bad (and borderline good) inputs that hardening.spec.js
// types into every control, puts in every URL parameter and sets on every
// embed attribute, with what each field must make of each value.
//
// It also writes the fixture with one embedded demo per (attribute, value):
//
//   node tests/battery.js    # rewrites tests/fixtures/bad-attributes.html
//
// (hardening.spec.js checks that the committed fixture is up to date.)

import { writeFileSync } from "node:fs";
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

// How a field reads the battery. `allowed` is the phrase its messages use
// for what it takes; `accepts` maps the battery values it takes to what they
// mean; `unquoted` maps values whose message quotes the number read (out of
// range) rather than the text given; `emptyIsWrong` says an empty value gets
// "is empty; enter ..." rather than "must be ...; got \"\"".

const NUMBER_OUT_OF_RANGE = { 40: "40", "-1": "-1", [TWO_TO_THE_64]: "18446744073709552000" };

export const EXPONENT = {
  allowed: "a whole number from 1 to 12",
  accepts: { [SPACED_TWO]: 2 },
  unquoted: { 0: "0" },
  emptyIsWrong: true,
};
export const SPREAD = {
  allowed: "a number from 0 to 5",
  accepts: { 0: 0, [SPACED_TWO]: 2 },
  unquoted: NUMBER_OUT_OF_RANGE,
  emptyIsWrong: true,
};
export const SPREAD_REDUCTION = {
  allowed: "a number from 0 to 2",
  accepts: { 0: 0, [SPACED_TWO]: 2 },
  unquoted: NUMBER_OUT_OF_RANGE,
  emptyIsWrong: true,
};
export const SEED = {
  allowed: "a whole number from 0 to 18446744073709551615",
  accepts: { 40: "40", 0: "0", [SPACED_TWO]: "2" },
  emptyIsWrong: true,
};
export const ALGORITHM = {
  allowed:
    "one of random-noise, midpoint-displacement, recursive-midpoint-displacement, diamond-square, tileable-diamond-square",
  accepts: {},
  emptyIsWrong: true,
};
export const STAGE = {
  allowed: "a stage name such as corners, square, pass-2 or done",
  accepts: {},
  emptyIsWrong: true,
};
export const NORMALIZE = { allowed: "true or false", accepts: { 0: false }, emptyIsWrong: true };
/** data-normalize, like the other attribute switches: present and empty is on. */
export const ATTRIBUTE_NORMALIZE = { allowed: "true or false", accepts: { "": true, 0: false } };
export const PALETTE = { allowed: "one of terrain, bands, green, greyscale", accepts: {} };
export const VIEW = { allowed: "one of 3d, 2d, tiled, tiled-2d", accepts: {} };
/** data-wireframe, data-creases, data-url-state: present and empty is on. */
export const ATTRIBUTE_SWITCH = { allowed: "true or false (empty means true)", accepts: { "": true, 0: false } };
export const URL_SWITCH = { allowed: "true or false", accepts: { "": true, 0: false } };
export const CONTROLS = {
  allowed: "true, false or full (empty means true)",
  accepts: { "": "basic", 0: "none" },
};
/** data-link: any name of 1 to 40 characters, so nearly every value. */
export const LINK = {
  allowed: "a name of 1 to 40 characters",
  accepts: Object.fromEntries(BAD_VALUES.filter((value) => value.trim()).map((value) => [value, value.trim()])),
};

/** What `spec`'s field makes of `value`, calling the field `name` in its
 * message: `{ valid: true, value }` or `{ valid: false, message }`. */
export function outcome(spec, value, name) {
  if (Object.hasOwn(spec.accepts, value)) return { valid: true, value: spec.accepts[value] };
  const trimmed = value.trim();
  if (trimmed === "" && spec.emptyIsWrong) {
    return { valid: false, message: `${name} is empty; enter ${spec.allowed}` };
  }
  // The widget quotes text as Rust's Debug does; for this battery that is
  // JSON's quoting.
  const got = spec.unquoted?.[value] ?? JSON.stringify(trimmed);
  return { valid: false, message: `${name} must be ${spec.allowed}; got ${got}` };
}

/** The four text fields of a demo's controls, by label, with the
 * generate() option each sets. */
export const CONTROL_FIELDS = [
  { label: "Exponent", option: "exponent", spec: EXPONENT },
  { label: "Starting spread", option: "spread", spec: SPREAD },
  { label: "Spread reduction", option: "spreadReduction", spec: SPREAD_REDUCTION },
  { label: "Seed", option: "seed", spec: SEED },
];

/** The playground's URL keys. `option` is the generate() option a key
 * sets; `state` the demoState() entry it sets otherwise. */
export const URL_KEYS = [
  { key: "algorithm", option: "algorithm", spec: ALGORITHM },
  { key: "exponent", option: "exponent", spec: EXPONENT },
  { key: "spread", option: "spread", spec: SPREAD },
  { key: "spreadReduction", option: "spreadReduction", spec: SPREAD_REDUCTION },
  { key: "seed", option: "seed", spec: SEED },
  { key: "normalize", option: "normalize", spec: NORMALIZE },
  { key: "stage", option: "stage", spec: STAGE },
  { key: "palette", state: "palette", spec: PALETTE },
  { key: "view", state: "view", spec: VIEW },
  { key: "wireframe", state: "wireframe", spec: URL_SWITCH },
];

/** Every attribute a demo reads. */
export const ATTRIBUTES = [
  { attribute: "data-terrain-demo", option: "algorithm", spec: ALGORITHM },
  { attribute: "data-stage", option: "stage", spec: STAGE },
  { attribute: "data-exponent", option: "exponent", spec: EXPONENT },
  { attribute: "data-spread", option: "spread", spec: SPREAD },
  { attribute: "data-spread-reduction", option: "spreadReduction", spec: SPREAD_REDUCTION },
  { attribute: "data-seed", option: "seed", spec: SEED },
  { attribute: "data-normalize", option: "normalize", spec: ATTRIBUTE_NORMALIZE },
  { attribute: "data-controls", spec: CONTROLS },
  { attribute: "data-palette", state: "palette", spec: PALETTE },
  { attribute: "data-view", state: "view", spec: VIEW },
  { attribute: "data-wireframe", state: "wireframe", spec: ATTRIBUTE_SWITCH },
  { attribute: "data-creases", spec: ATTRIBUTE_SWITCH },
  { attribute: "data-url-state", spec: ATTRIBUTE_SWITCH },
  { attribute: "data-link", spec: LINK },
];

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
    const result = outcome(entry.spec, value, entry.attribute);
    const options = { algorithm: "midpoint-displacement", exponent: 4, seed: "11" };
    if (entry.option) {
      if (result.valid) options[entry.option] = result.value;
      else if (entry.option === "algorithm") options.algorithm = "diamond-square";
      else if (entry.option === "seed") options.seed = null;
      else delete options[entry.option];
    }
    return { ...entry, value, id: `${entry.attribute}-${index}`, result, options };
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
      const attributes = { ...BASE_ATTRIBUTES, [attribute]: entry.value };
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
 * for each options object: 64-bit FNV-1a over the heights' bytes, as the
 * core computes it (in two 32-bit halves, which is much faster here than
 * BigInt). Runs in the page, with the terrain.js it loaded. */
export function fingerprintsOf(page, optionsList) {
  return page.evaluate(async (list) => {
    const script = document.querySelector('script[type="module"][src$="terrain.js"]');
    const { generate } = await import(script ? script.src : "./terrain.js");
    return list.map((options) => {
      const bytes = new Uint8Array(generate(options).buffer);
      // 0xcbf29ce484222325, times the prime 0x100000001b3 per byte.
      let high = 0xcbf29ce4;
      let low = 0x84222325;
      for (const byte of bytes) {
        low = (low ^ byte) >>> 0;
        const product = low * 0x1b3;
        high = (Math.imul(high, 0x1b3) + (low << 8) + Math.floor(product / 2 ** 32)) >>> 0;
        low = product >>> 0;
      }
      return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
    });
  }, optionsList);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ATTRIBUTE_FIXTURE, attributeFixture());
  console.log(`wrote ${ATTRIBUTE_FIXTURE} (${ATTRIBUTE_CASES.length} demos)`);
}
