// embed.html's script: mounts the demo its address describes (a share
// link's query, and controls=none|compact|full; the module reads every
// value through the registry's reader), points "Open in the playground" at
// the same settings, and tells the page framing it how tall its content is:
// { type: "terrain-demo:height", height } in CSS pixels. It listens to no
// message, keeps nothing in storage and assumes nothing of its origin, so
// it works in an iframe with sandbox="allow-scripts".

const query = self.location.search;
const host = document.getElementById("demo");
let demoState = () => undefined;
let demo;
let loaded = false;
try {
  // Imported here, not above, so a terrain.js that cannot load (the site
  // down, the network gone) says so instead of "loading" for ever.
  const terrain = await import("./terrain.js");
  demoState = terrain.demoState;
  loaded = true;
  try {
    demo = terrain.mountEmbed(host, query);
  } catch (error) {
    // The demo says what went wrong in its own status line; the credit stays.
    console.error("terrain demo:", error);
  }
} catch (error) {
  console.error(`terrain demo: ${error?.message ?? error}`);
}
// terrain.js says itself why its module could not start; if it never ran,
// this says so.
if (!loaded && !host.querySelector(".terrain-cannot-start")) {
  const note = document.createElement("p");
  note.className = "terrain-cannot-start";
  note.setAttribute("role", "alert");
  note.textContent =
    "This 3D terrain demo could not start: its script could not be loaded (the site or the network may be down). Reload the page to try again.";
  host.replaceChildren(note);
}

// "Open in the playground" opens the map on show: the demo's share link,
// taken as the reader reaches for the link (after a Refresh or a changed
// setting), and until then the playground with the address's settings
// (the embed's controls key is not one of them). Set as a property: text,
// never markup.
const open = document.getElementById("open-playground");
const playground = new URL("playground.html", import.meta.url);
const settings = new URLSearchParams(query);
settings.delete("controls");
playground.search = settings.toString();
open.href = playground.href;
function pointAtTheMapShown() {
  const state = demo === undefined ? undefined : demoState(demo);
  if (!state) return;
  // An imported map has no link: the playground opens on its own map.
  open.href = state.shareLink ?? new URL("playground.html", import.meta.url).href;
  open.title = state.shareLink ? "" : "An imported map has no link: this opens the playground";
}
for (const event of ["pointerdown", "focus", "mouseenter", "click"]) open.addEventListener(event, pointAtTheMapShown);

// The height the frame's content asks for. While content overflows the
// frame, the view stands at its least height, a share of the frame's height
// (embed.css), so the content's height follows the frame's: a page that
// sizes the frame to it would grow it message after message (414, 517,
// 574… 643 px). Told instead is the height at which the two agree: the
// rest of the content, plus the view's least height at that height.
function settledHeight() {
  const height = document.documentElement.scrollHeight;
  const view = document.querySelector(".embed-demo .terrain-view");
  if (!view) return height;
  const style = getComputedStyle(view);
  const share = Number.parseFloat(style.getPropertyValue("--embed-view-share"));
  const aspect = Number.parseFloat(style.getPropertyValue("--embed-view-aspect"));
  const least = Number.parseFloat(style.minHeight);
  const shown = view.getBoundingClientRect().height;
  // A view above its least height fills a frame taller than its content.
  if (!(share > 0 && share < 1 && aspect > 0) || shown > least + 0.5) return height;
  const rest = height - shown;
  const fromFrame = Math.min(share * innerHeight, aspect * innerWidth);
  const floor = least > fromFrame + 0.5 ? least : 0;
  return rest + Math.max(floor, Math.min((share * rest) / (1 - share), aspect * innerWidth));
}

let told = 0;
function tellHeight() {
  const height = Math.ceil(settledHeight());
  // A pixel less is not told: content whose width follows a scrollbar
  // (the plots of an open Analyze panel) can round a pixel either way as
  // the frame follows, and the frame would follow it for ever.
  if (height === told || height === told - 1 || self.parent === self) return;
  told = height;
  // Any page may frame this one, and a height is no secret: "*".
  self.parent.postMessage({ type: "terrain-demo:height", height }, "*");
}
new ResizeObserver(tellHeight).observe(document.body);
tellHeight();
