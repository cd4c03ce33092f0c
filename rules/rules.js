// The rules pages' one live board (scripts/rules_page.py writes the pages). Every board
// is a picture at first and no game runs. "Try it" under a picture puts the one frame of
// the game in its place; "Try it" under another moves that same frame there and asks
// the game in it to show the new example ("kahuna:open?QUERY", web/boot/dom.py), so the page
// never runs more than one game however many boards the reader tries. The picture the
// frame left comes back. While the game starts, the picture stays in view and the frame
// waits unseen over it.

const GAME = new URL("../", import.meta.url);  // the game, beside this folder

// The page's colours follow the game's setting (web/state/settings.py, kept as
// "kahuna.settings"): light, dark, or as the system prefers; the game's own styles
// (../web/style.css) and rules.css draw each theme under html[data-theme].
const DARK = matchMedia("(prefers-color-scheme: dark)");
function shade() {
  let theme = "system";
  try {
    theme = JSON.parse(localStorage.getItem("kahuna.settings") || "{}").theme || "system";
  } catch (error) {}  // no storage, or a value the game would not write: as the system
  if (theme !== "light" && theme !== "dark") theme = DARK.matches ? "dark" : "light";
  document.documentElement.dataset.theme = theme;
}
shade();
DARK.addEventListener("change", shade);

let frame = null;  // the live board, once made
let shown = "";  // the query the game in the frame shows (or loads)
let wanted = "";  // the query of the board pressed last
let waiting = 0;  // the timer that waits for the game to start, if any

function ready() {
  // Same site, so the frame's document is readable: the game marks body[data-ready].
  const body = frame.contentDocument && frame.contentDocument.body;
  return Boolean(body && body.dataset.ready === "1");
}

function settle() {
  if (!ready()) {  // the game in the frame listens only once it has started
    if (!waiting) waiting = setTimeout(() => { waiting = 0; settle(); }, 100);
    return;
  }
  if (shown !== wanted) {
    shown = wanted;
    frame.contentWindow.postMessage("kahuna:open?" + wanted, "*");
  }
  const figure = frame.closest("figure");
  const focus = document.activeElement;
  const pressed = figure.contains(focus) || focus === document.body;
  figure.classList.replace("loading", "live");
  busy(figure, false);
  if (pressed) {  // the board the reader asked for, unless they went on elsewhere
    frame.focus({ preventScroll: true });
    // The frame is taller than the picture, and the browser keeps the button under the
    // reader's finger: the board's top, its buttons and goal, would be above the screen.
    if (frame.getBoundingClientRect().top < 0) frame.scrollIntoView({ block: "start" });
  }
}

function busy(figure, starting) {
  const button = figure.querySelector("button.try");
  button.disabled = starting;
  button.textContent = starting ? document.body.dataset.loading : button.dataset.label;
}

function load(query) {
  frame.src = new URL("?embed&" + query, GAME).href;
  shown = query;
}

function tryIt(figure, query) {
  if (frame && figure.contains(frame)) return;  // already here: a second press does nothing
  const left = frame && frame.closest("figure");
  if (left) {
    left.classList.remove("loading", "live");
    busy(left, false);
  }
  const stage = figure.querySelector(".stage");
  figure.classList.add("loading");
  busy(figure, true);
  wanted = query;
  if (frame === null) {
    frame = document.createElement("iframe");
    frame.className = "live-board";
    frame.title = document.body.dataset.live;
    load(query);
    stage.append(frame);
  } else if (stage.moveBefore) {
    stage.moveBefore(frame, null);  // moved, not loaded again: the game in it keeps running
  } else {
    stage.append(frame);  // a browser without moveBefore loads a moved frame afresh
    load(query);
  }
  settle();
}

// The frame's content height (web/embed-height.js), from the live board's own window and
// this site only: the frame takes it (rules.css), so it never scrolls inside.
addEventListener("message", (event) => {
  const data = event.data;
  if (!frame || event.source !== frame.contentWindow || event.origin !== location.origin) return;
  if (data && data.kahuna === "height" && Number.isFinite(data.px) && data.px > 0) {
    frame.style.setProperty("--fit", `${Math.ceil(data.px)}px`);
  }
});

document.addEventListener("click", (event) => {
  const button = event.target.closest("button.try");
  if (button) tryIt(button.closest("figure"), button.dataset.query);
});
