// Offline play: registers the service worker (sw.js at the site root, see web/sw-core.js)
// once the board is interactive, and moves to a new version of the site only at a safe
// moment:
//   - the player clicks "Reload" on the small banner shown whenever a new version is
//     ready (found during this visit, or already waiting when the page loads), or
//   - the player opens the game again after closing all its tabs (the browser then
//     activates the waiting version by itself).
// The page does not switch by itself while loading: Chromium was seen to hold such a
// switch back until the tab closed (the old worker still busy serving the boot).
// The game in progress lives in localStorage, which a switch leaves untouched.
// <html data-site-version="..."> tells which version serves the page (tests read it).

const container = navigator.serviceWorker;
// Relative to this file (web/), so the site works under any sub-path.
const SITE_ROOT = new URL("../", import.meta.url);
let switching = false;

function switchTo(worker) {
  switching = true;
  worker.postMessage({ type: "skip-waiting" });
}

function askVersion(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "version" }, [channel.port2]);
  });
}

// The banner (#sw-update in index.html, its words in the page's language: web/view/page.py,
// its looks in web/style.css); its button runs `onReload`.
// "Later" puts it away: the new version then comes when every tab of the game is closed.
function showBanner(onReload) {
  const banner = document.getElementById("sw-update");
  document.getElementById("sw-reload").onclick = onReload;
  document.getElementById("sw-later").onclick = () => { banner.hidden = true; };
  banner.hidden = false;
}

// The banner's other words: the browser holds the switch back until the tabs close.
function showStuck() {
  document.getElementById("sw-ready").hidden = true;
  document.getElementById("sw-reload").hidden = true;
  document.getElementById("sw-stuck").hidden = false;
}

// "How to play" offline from the first visit on: the worker keeps the rules page in the
// language spoken (as web/words/language.py rules_page names it), asked again at each load and
// whenever the language changes. Not from an embed: a host page's reader may never open
// the game, and the rules page's own live board runs in one.
function keepRules(registration) {
  const ask = () => {
    const lang = document.documentElement.lang;
    const page = lang === "en" ? "rules/index.html" : `rules/${lang}.html`;
    registration.active?.postMessage({ type: "keep", page });
  };
  ask();
  new MutationObserver(ask).observe(document.documentElement,
    { attributes: true, attributeFilter: ["lang"] });
}

async function start() {
  const registration = await container.register(new URL("sw.js", SITE_ROOT), {
    scope: SITE_ROOT.href,
    updateViaCache: "none", // update checks always ask the server, never the HTTP cache
  });
  if (!registration) return; // blocked (a test browser with service workers off)
  if (window.parent === window) container.ready.then(keepRules);
  const offerUpdate = () => {
    showBanner(() => {
      if (!registration.waiting) {
        location.reload();
        return;
      }
      switchTo(registration.waiting);
      // Should the browser hold the switch back, say how to finish it.
      setTimeout(() => {
        if (registration.waiting) showStuck();
      }, 5000);
    });
  };
  container.addEventListener("controllerchange", () => {
    // Ours: the new version is active, load it. Another tab's: this page still runs the
    // old code, so it only offers the reload.
    if (switching) location.reload();
    else offerUpdate();
  });
  if (container.controller) {
    askVersion(container.controller).then((v) => {
      document.documentElement.dataset.siteVersion = v;
    });
    if (registration.waiting) offerUpdate();
  }
  const track = (worker) => {
    worker.addEventListener("statechange", () => {
      // With no controller this is the first visit: the version simply activates.
      if (worker.state === "installed" && container.controller) offerUpdate();
    });
  };
  if (registration.installing) track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  // A page left open for days still hears of new versions when the player comes back.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") registration.update().catch(() => {});
  });
}

// Resolves once the board is interactive (web/main.py sets <body data-ready="1">).
function boardReady() {
  return new Promise((resolve) => {
    const ready = () => document.body.dataset.ready === "1";
    if (ready()) return resolve();
    const observer = new MutationObserver(() => {
      if (ready()) {
        observer.disconnect();
        resolve();
      }
    });
    observer.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  });
}

// Registering starts the install, which fetches and hashes the whole site: on a first
// visit that would compete with the runtime's own boot, so it waits for the board.
if (container && window.isSecureContext) {
  boardReady()
    .then(start)
    .catch((error) => console.warn("offline play unavailable:", error));
}
