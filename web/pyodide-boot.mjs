// PyScript's `interpreter` (pyscript.toml): Pyodide's own loadPyodide, plus what it writes
// into its file system before Python starts (`fsInit`):
//
// - The page's own modules and catalogues, web/page.tar.gz (scripts/build_site.py),
//   unpacked into the working directory. It downloads while the runtime does (index.html
//   preloads it with the runtime's files) and boots; PyScript's [files] would fetch it only
//   after the boot and unpack it with Python's tarfile (compiled from source at every
//   cold boot). Should it fail, Python starts without them and web/main.py says that
//   the game could not load.
// - The standard library's bytecode, when this device compiled it after an earlier visit
//   (web/boot/bytecode.py). Pyodide compiles every standard-library module it imports from
//   source at each boot (python_stdlib.zip holds sources), which is most of its boot
//   time. After the board is ready, web/boot/bytecode.py compiles the modules of the archive
//   this page runs on, with this very runtime, and keeps the result in the Cache API
//   under a key made of Pyodide's version and the SHA-256 of that python_stdlib.zip. On
//   the next boot this module finds it, writes it to /lib/kahuna-bytecode.zip and puts
//   that first on Python's path (PYTHONPATH): the same modules, compiled by the same
//   runtime from the same bytes, loaded without compiling. A new runtime or a new
//   standard library changes the key: the old entry is never read again, and the next
//   compilation replaces it. Nothing of it is shipped.
// - The page's own modules' bytecode, kept likewise under the SHA-256 of the page's tar
//   (a new version of the page, a new key): unchecked-hash .pyc files (PEP 552) written
//   into each module's __pycache__ folder, where Python's import finds and trusts them.
// - On a first visit (no bytecode kept yet), the bytecode of the standard-library modules
//   the boot imports, shipped with the site (web/boot-bytecode.zip, made by
//   scripts/boot_bytecode.py with this runtime), written where the kept bytecode goes.
//   Its zip comment ends with the runtime's version and the SHA-256 of the standard
//   library it was compiled from, as the cache key does: compiled from another
//   python_stdlib.zip, it is not used.
import "./tar.js"; // self.kahunaTar
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide.mjs";

export { version };

const INDEX = new URL("./vendor/", import.meta.url).href;
const PAGE = new URL("./page.tar.gz", import.meta.url).href;
const HOME = "/home/pyodide"; // Pyodide's working directory, where Python finds the page
const STDLIB = INDEX + "python_stdlib.zip";
const SHIPPED = new URL("./boot-bytecode.zip", import.meta.url).href;
const BYTECODE = "/lib/kahuna-bytecode.zip";
// One cache per copy of the site (its folder), holding at most one entry per archive.
const CACHE = "kahuna-bytecode " + new URL("../", import.meta.url).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The page archive's tar (its bytes), or null (said in the console) when it cannot be had.
async function pageTar() {
  try {
    return await kahunaTar.tar(await fetched(PAGE));
  } catch (error) {
    console.error(`kahuna: ${PAGE}:`, error);
    return null;
  }
}

// {key, bytes}: the cache key of the bytecode compiled from an archive (`url`, whose
// bytes are `archive`), and that bytecode if the cache holds it, else null. The request
// for the archive goes where Pyodide's own goes: the worker's cache, or the HTTP cache.
async function lookUp(url, archive) {
  const digest = await crypto.subtle.digest("SHA-256", archive);
  const key = `${url}?pyodide=${version}&sha256=${hex(digest)}`;
  const hit = await (await caches.open(CACHE)).match(key);
  return { key, bytes: hit ? new Uint8Array(await hit.arrayBuffer()) : null };
}

// lookUp's answer for the bytes `archive()` gives, or null (said in the console) on a
// failure; without the Cache API (an insecure context), null, and nothing is fetched.
function kept(url, archive) {
  if (!globalThis.caches || !globalThis.crypto?.subtle) return Promise.resolve(null);
  return archive().then((bytes) => lookUp(url, bytes)).catch((error) => {
    console.warn("kahuna: no bytecode cache:", error);
    return null;
  });
}

// The shipped archive's bytes when it was compiled from the archive of the cache key
// `key` (its comment ends with the key's query), else null.
function matching(shipped, key) {
  const stamp = key.slice(key.indexOf("?") + 1);
  const tail = new TextDecoder().decode(shipped.subarray(Math.max(0, shipped.length - stamp.length)));
  return tail === stamp ? shipped : null;
}

// The shipped bytecode for the standard library that lookUp's `found` describes, when
// the device keeps none yet and the shipped archive is this library's, else null.
async function shippedFor(found) {
  if (!found || found.bytes) return null;
  try {
    return matching(await fetched(SHIPPED), found.key);
  } catch (error) {
    console.warn("kahuna: no shipped bytecode:", error);
    return null;
  }
}

// Writes each entry of a tar under HOME, making its folders.
function writeAll(FS, tar) {
  for (const { name, data } of kahunaTar.entries(tar)) {
    const path = `${HOME}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
  }
}

// What web/main.py calls when the page's code cannot be imported: the bytecode kept here
// may be what is wrong, so the next boot compiles from source (and keeps it anew).
globalThis.kahunaForgetBytecode = () => globalThis.caches?.delete(CACHE);

// When the person last tapped or pressed a key (performance.now()): web/boot/bytecode.py
// compiles in the background only after a pause, since a tap waits for a module's task.
let lastInput = 0;
for (const kind of ["pointerdown", "keydown"]) {
  const note = () => { lastInput = performance.now(); };
  addEventListener(kind, note, { capture: true, passive: true });
}
globalThis.kahunaLastInput = () => lastInput;

// index.html's kahunaOnScreen resolves once this page is on the reader's screen; at once
// unless it is in a frame (an embed). Browsers load a host page's lazy frames a few
// screens ahead (Chromium loaded five of nine 520 px frames at once), and each runtime's
// boot competes with the one the reader looks at: a frame off screen starts only when
// scrolled to. An IntersectionObserver in a frame measures against the top-level page's
// viewport (and the frame's clipping), so the frame itself knows. <html data-boot="waiting">
// meanwhile.
export async function loadPyodide(options = {}) {
  await globalThis.kahunaOnScreen;
  // All started at once: they run while the runtime downloads and instantiates.
  const tar = pageTar();
  const stdlib = kept(STDLIB, () => fetched(STDLIB));
  const shipped = stdlib.then(shippedFor);
  const page = kept(PAGE, () => tar.then((t) => t ?? Promise.reject(new Error("no page archive"))));
  // What web/boot/bytecode.py needs to compile and store what was not found.
  const modules = (t) => [...kahunaTar.entries(t)].map((e) => e.name)
    .filter((name) => name.endsWith(".py"));
  // (undefined, not null, for "nothing": Python sees None)
  globalThis.kahunaBytecode = Promise.all([stdlib, page, tar, shipped]).then(([s, p, t, b]) => s ? {
    cache: CACHE, key: s.key, path: BYTECODE, found: s.bytes !== null, shipped: b !== null,
    page: p ? { key: p.key, found: p.bytes !== null, home: HOME, modules: modules(t) } : undefined,
  } : undefined);
  return loadRuntime({
    ...options,
    indexURL: INDEX, // PyScript passes this module's folder
    env: { ...(options.env || {}), PYTHONPATH: BYTECODE },
    fsInit: async (FS, info) => {
      const found = await stdlib;
      const bytecode = found?.bytes ?? await shipped;
      if (bytecode) FS.writeFile(BYTECODE, bytecode);
      const files = await tar;
      if (files) writeAll(FS, files);
      const compiled = await page;
      try { // the page's modules as .pyc in their __pycache__ folders: a bad one is not used
        if (files && compiled?.bytes) writeAll(FS, compiled.bytes);
      } catch (error) {
        console.warn("kahuna: page bytecode not used:", error);
      }
      if (options.fsInit) await options.fsInit(FS, info);
    },
  });
}
