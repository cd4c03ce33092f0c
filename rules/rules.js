// The rules pages' one live board (scripts/rules_page.py writes the pages). Every board
// is a picture at first and no game runs. "Try it" under a picture puts the one frame of
// the game in its place; "Try it" under another moves that same frame there and asks
// the game in it to show the new example ("kahuna:open?QUERY", web/dom.py), so the page
// never runs more than one game however many boards the reader tries. The picture the
// frame left comes back.

const GAME = new URL("../", import.meta.url);  // the game, beside this folder
let frame = null;  // the live board, once made
let wanted = "";  // the query it should show; sent once the game in it is ready
let waiting = 0;  // the timer that waits for the game to start, if any

function ready() {
  // Same site, so the frame's document is readable: the game marks body[data-ready].
  const body = frame.contentDocument && frame.contentDocument.body;
  return Boolean(body && body.dataset.ready === "1");
}

function send() {
  if (!ready()) {  // the game in the frame listens only once it has started
    if (!waiting) waiting = setTimeout(() => { waiting = 0; send(); }, 100);
    return;
  }
  if (frame.dataset.shows !== wanted) {
    frame.dataset.shows = wanted;
    frame.contentWindow.postMessage("kahuna:open?" + wanted, "*");
  }
}

function tryIt(figure, query) {
  if (figure.classList.contains("live")) return;  // already here: a second press does nothing
  const stage = figure.querySelector(".stage");
  const left = document.querySelector("figure.live");
  if (left) left.classList.remove("live");
  figure.classList.add("live");
  wanted = query;
  if (frame === null) {
    frame = document.createElement("iframe");
    frame.className = "live-board";
    frame.title = document.body.dataset.live;
    frame.src = new URL("?embed&" + query, GAME).href;
    frame.dataset.shows = query;
    stage.append(frame);
  } else if (stage.moveBefore) {
    stage.moveBefore(frame, null);  // moved, not loaded again: the game in it keeps running
    send();
  } else {
    // A browser without moveBefore loads a moved frame afresh: load the new example.
    stage.append(frame);
    frame.src = new URL("?embed&" + query, GAME).href;
    frame.dataset.shows = query;
  }
  frame.focus();
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button.try");
  if (button) tryIt(button.closest("figure"), button.dataset.query);
});
