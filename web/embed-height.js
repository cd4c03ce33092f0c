// An embed tells the page that frames it how tall its content is, so that the page can
// size the frame to it and the frame never scrolls inside (rules/rules.js does; any host
// may: docs/embedding.md). The message, {kahuna: "height", version: 1, px}, goes out when the
// content's size changes; it says nothing but a number, so any host may hear it.
// Only in a frame, and only for ?embed.
//
// A wide frame lays the game out at the frame's own height (web/style.css: body 100vh, the
// side panel scrolls), so the document's height alone is the frame's, whatever it was
// first given: a frame first sized by the picture it stood over kept that height, and its
// hand, scrolled inside the panel, slid under the sticky goal (#lesson). So the panel's
// hidden overflow counts too: the frame grows until nothing scrolls inside it.

const SIDE = ".side";

function post() {
  const side = document.querySelector(SIDE);
  const hidden = side ? Math.max(0, side.scrollHeight - side.clientHeight) : 0;
  const px = Math.ceil(document.documentElement.scrollHeight + hidden);
  window.parent.postMessage({ kahuna: "height", version: 1, px }, "*");
}

if (window.parent !== window && new URLSearchParams(location.search).has("embed")) {
  // <html> and <body> are the frame's height (web/style.css): their children hold the
  // content, and the panel's parts (its own box keeps its size while they grow)
  const observer = new ResizeObserver(post);
  for (const child of document.body.children) observer.observe(child);
  const side = document.querySelector(SIDE);
  if (side) for (const part of side.children) observer.observe(part);
}
