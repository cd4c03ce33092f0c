// An embed tells the page that frames it how tall its content is, so that the page can
// size the frame to it and the frame never scrolls inside (rules/rules.js does; any host
// may: docs/embedding.md). The message, {kahuna: "height", version: 1, px}, goes out when the
// content's size changes; it says nothing but a number, so any host may hear it.
// Only in a frame, and only for ?embed.

function post() {
  const px = Math.ceil(document.documentElement.scrollHeight);
  window.parent.postMessage({ kahuna: "height", version: 1, px }, "*");
}

if (window.parent !== window && new URLSearchParams(location.search).has("embed")) {
  // <html> and <body> are the frame's height (web/style.css): their children hold the content
  const observer = new ResizeObserver(post);
  for (const child of document.body.children) observer.observe(child);
}
