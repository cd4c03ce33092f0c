// The service worker's code. scripts/build_site.py writes it into the generated sw.js at
// the site root, after self.KAHUNA_SITE = {version, files: {path: hash}, later: {...},
// archive: {...}} (site_data) and web/tar.js (self.kahunaTar), without its comments.
// A hash is the first HASH_CHARS hex digits of a file's SHA-256.
//
// - One cache per version and per site folder ("kahuna <scope> <version>"): two copies
//   of the game on one origin (say /kahuna/ and /kahuna-dev/) never touch each other.
// - install: the whole version is fetched, every file checked against its hash, and
//   only then stored. A file left unchanged since an older version is copied from that
//   version's cache instead of downloaded. A wrong or missing file fails the install; the
//   old version keeps running and the browser tries again on a later visit.
// - The page's archive (SITE.archive: web/page.tar.gz, the page's modules in one file) is
//   downloaded whole on a first visit. An update rebuilds it instead: its index (each
//   file's hash) comes first, the files an older version's archive holds are taken from
//   there, and only the others are downloaded, one by one; so one changed module costs
//   that module. Without an older archive, or on any failure, it is downloaded whole.
// - fetch: cache-first from this version's cache only, navigations included, so a page
//   never mixes two versions. The site's other pages (rules, examples: SITE.later) are not
//   part of the install, so a first visit downloads only the game: each is fetched,
//   checked and kept when first asked for, and opens offline from then on. Anything in
//   neither list goes to the network untouched.
// - keep: the game asks for the rules page in the player's language once the worker is
//   active (web/sw-register.js), again when the language changes; that page and its own
//   files (SITE.rules) are fetched and kept then, so "How to play" opens offline after
//   a first visit of the game alone.
// - The new version waits until the page asks for it ("skip-waiting", on the player's
//   click or at the next load: web/sw-register.js); activate then drops older caches.
"use strict";

const SITE = self.KAHUNA_SITE;
const LATER = SITE.later || {};
// {file, index, sha (the index's), members (their folder)}
const ARCHIVE = SITE.archive;
// Kept with the archive in the cache: the hash of the index its files match.
const INDEX_HEADER = "X-Kahuna-Index";
const SCOPE = new URL(self.registration.scope);
const PREFIX = `kahuna ${SCOPE.href} `;
const CACHE = PREFIX + SITE.version;
const TYPES = {
  css: "text/css",
  gz: "application/gzip",
  html: "text/html; charset=utf-8",
  js: "text/javascript",
  json: "application/json",
  mjs: "text/javascript",
  png: "image/png",
  py: "text/x-python; charset=utf-8",
  svg: "image/svg+xml",
  toml: "application/toml",
  wasm: "application/wasm",
  webmanifest: "application/manifest+json",
  zip: "application/zip",
};

const urlOf = (path) => new URL(path, SCOPE).href;

// as scripts/build_site.py's HASH_CHARS
const HASH_CHARS = 16;

async function hashOf(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("").slice(0, HASH_CHARS);
}

// A clean response for the cache: the checked bytes and a content type chosen by file
// extension (some hosts send no type for .wasm or .py; compression headers would lie).
function stored(path, body, more = {}) {
  const ext = path.slice(path.lastIndexOf(".") + 1);
  const headers = { "Content-Type": TYPES[ext] || "application/octet-stream", ...more };
  return new Response(body, { status: 200, headers });
}

// The bytes of `path` whose hash is `sha`: from an older cache of this site if it has
// them, else from the network (revalidated, so a stale HTTP-cache copy is never used;
// once more bypassing every cache if the first answer had other bytes).
async function fetchChecked(path, sha, olderCaches) {
  for (const cache of olderCaches) {
    const hit = await cache.match(urlOf(path));
    if (hit) {
      const body = await hit.arrayBuffer();
      if ((await hashOf(body)) === sha) return body;
    }
  }
  for (const mode of ["no-cache", "reload"]) {
    const response = await fetch(urlOf(path), { cache: mode });
    if (!response.ok) continue;
    const body = await response.arrayBuffer();
    if ((await hashOf(body)) === sha) return body;
  }
  throw new Error(`${path}: the server has no copy of version ${SITE.version}`);
}

// This version's cache, opened once per worker start rather than on every request.
let thisCache;
const openCache = () => (thisCache ??= caches.open(CACHE));

// The names of this site's caches of other versions.
async function otherVersions() {
  return (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
}

// ---------------------------------------------------------------- the page's archive

// The archive of this version rebuilt from its index: every file an older archive holds
// (found by its hash) taken from there, the others downloaded one by one and checked.
async function rebuiltArchive(older) {
  const index = await fetchChecked(ARCHIVE.index, ARCHIVE.sha, []);
  // {name: hash} of every file, in the archive's order
  const hashes = JSON.parse(new TextDecoder().decode(index));
  const names = Object.keys(hashes);
  const held = new Map();
  for (const cache of older) {
    const hit = await cache.match(urlOf(ARCHIVE.file));
    if (!hit) continue;
    const tar = await kahunaTar.tar(new Uint8Array(await hit.arrayBuffer()));
    for (const { data } of kahunaTar.entries(tar)) {
      held.set(await hashOf(data), data);
    }
  }
  if (held.size === 0) throw new Error("no older archive");
  const files = await Promise.all(names.map(async (name) => held.get(hashes[name])
    ?? new Uint8Array(await fetchChecked(ARCHIVE.members + name, hashes[name], []))));
  return kahunaTar.gzip(kahunaTar.write(names, files));
}

// The bytes of this version's archive: an older cache's copy when it has the same files
// (downloaded or rebuilt), else rebuilt, else downloaded whole.
async function archiveBody(sha, older) {
  for (const cache of older) {
    const hit = await cache.match(urlOf(ARCHIVE.file));
    if (hit && hit.headers.get(INDEX_HEADER) === ARCHIVE.sha) return hit.arrayBuffer();
  }
  if (older.length > 0 && self.CompressionStream && self.DecompressionStream) {
    try {
      return await rebuiltArchive(older);
    } catch (error) {
      console.warn("kahuna: the page's archive is downloaded whole:", error);
    }
  }
  return fetchChecked(ARCHIVE.file, sha, older);
}

// ---------------------------------------------------------------- install, activate

async function install() {
  const older = await Promise.all((await otherVersions()).map((n) => caches.open(n)));
  const entries = Object.entries(SITE.files);
  const bodies = await Promise.all(entries.map(([path, sha]) => path === ARCHIVE?.file
    ? archiveBody(sha, older) : fetchChecked(path, sha, older)));
  // Every file arrived and checked out: only now does this version get a cache.
  const cache = await openCache();
  await Promise.all(entries.map(([path], i) => cache.put(urlOf(path), stored(
    path, bodies[i], path === ARCHIVE?.file ? { [INDEX_HEADER]: ARCHIVE.sha } : {}))));
  // The other pages a reader already opened stay offline across an update when unchanged.
  await Promise.all(Object.entries(LATER).map(async ([path, sha]) => {
    for (const old of older) {
      const hit = await old.match(urlOf(path));
      if (hit && (await hashOf(await hit.clone().arrayBuffer())) === sha) {
        return cache.put(urlOf(path), hit);
      }
    }
  }));
}

// A rules page and its own files, kept in this version's cache unless already there.
async function keep(page) {
  if (!Object.hasOwn(SITE.rules || {}, page)) return;
  const cache = await openCache();
  await Promise.all([page, ...SITE.rules[page]].map(async (path) => {
    if (await cache.match(urlOf(path))) return;
    await cache.put(urlOf(path), stored(path, await fetchChecked(path, LATER[path], [])));
  }));
}

self.addEventListener("install", (event) => event.waitUntil(install()));

self.addEventListener("activate", (event) => {
  event.waitUntil(otherVersions().then((names) => Promise.all(names.map((n) => caches.delete(n)))));
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") event.waitUntil(self.skipWaiting());
  else if (type === "version" && event.ports[0]) event.ports[0].postMessage(SITE.version);
  // offline, or the server holds another version: kept when next asked
  else if (type === "keep") event.waitUntil(keep(String(event.data.page)).catch(() => {}));
});

// The site path a request stands for, or null when this worker leaves it alone.
function siteKey(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  // the page, whatever its query (?seed=..., ?record=...)
  if (request.mode === "navigate" && (path === "" || path === "index.html")) return "index.html";
  // a folder: its page (rules/)
  const file = path.endsWith("/") ? path + "index.html" : path;
  const known = Object.hasOwn(SITE.files, file) || Object.hasOwn(LATER, file);
  return url.search === "" && known ? file : null;
}

async function respond(request, path) {
  const cache = await openCache();
  const hit = await cache.match(urlOf(path));
  if (hit) return hit;
  if (Object.hasOwn(LATER, path)) {
    // first asked for: fetched, checked against this version, kept
    try {
      const response = stored(path, await fetchChecked(path, LATER[path], []));
      await cache.put(urlOf(path), response.clone());
      return response;
    } catch {
      // offline, or the server already holds another version: as if there were no worker
    }
  }
  // A cache the browser evicted under storage pressure: the network is the only source.
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const path = siteKey(event.request);
  if (path !== null) event.respondWith(respond(event.request, path));
});
