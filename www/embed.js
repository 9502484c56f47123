// embed.html's script: mounts the demo its address describes (a share
// link's query, and controls=none|compact|full; the module reads every
// value through the registry's reader), points "Open in the playground" at
// the same settings, and tells the page framing it how tall its content is:
// { type: "terrain-demo:height", height } in CSS pixels. It listens to no
// message, keeps nothing in storage and assumes nothing of its origin, so
// it works in an iframe with sandbox="allow-scripts".

import { mountEmbed } from "./terrain.js";

const query = self.location.search;
try {
  mountEmbed(document.getElementById("demo"), query);
} catch (error) {
  // The demo says what went wrong in its own status line; the credit stays.
  console.error("terrain demo:", error);
}

// The playground with the same settings (the embed's controls key is not
// one of them). Set as a property of a URL object: text, never markup.
const playground = new URL("playground.html", import.meta.url);
const settings = new URLSearchParams(query);
settings.delete("controls");
playground.search = settings.toString();
document.getElementById("open-playground").href = playground.href;

let told = 0;
function tellHeight() {
  const height = Math.ceil(document.documentElement.scrollHeight);
  if (height === told || self.parent === self) return;
  told = height;
  // Any page may frame this one, and a height is no secret: "*".
  self.parent.postMessage({ type: "terrain-demo:height", height }, "*");
}
new ResizeObserver(tellHeight).observe(document.body);
tellHeight();
