// PyScript's `interpreter` (pyscript.toml): Pyodide's own loadPyodide, plus two things
// written into its file system before Python starts (`fsInit`):
//
// - The page's own modules and catalogues, web/page.tar.gz (scripts/build_site.py),
//   unpacked into the working directory. The download starts with this module, so it
//   runs while the runtime downloads and boots; PyScript's [files] would fetch it only
//   after the boot and unpack it with Python's tarfile (compiled from source at every
//   cold boot). Should it fail, Python starts without them and web/main.py says that
//   the game could not load.
// - The standard library's bytecode, when this device compiled it after an earlier visit
//   (web/bytecode.py). Pyodide compiles every standard-library module it imports from
//   source at each boot (python_stdlib.zip holds sources), which is most of its boot
//   time. After the board is ready, web/bytecode.py compiles the modules of the archive
//   this page runs on, with this very runtime, and keeps the result in the Cache API
//   under a key made of Pyodide's version and the SHA-256 of that python_stdlib.zip. On
//   the next boot this module finds it, writes it to /lib/kahuna-bytecode.zip and puts
//   that first on Python's path (PYTHONPATH): the same modules, compiled by the same
//   runtime from the same bytes, loaded without compiling. A new runtime or a new
//   standard library changes the key: the old entry is never read again, and the next
//   compilation replaces it. Nothing of it is shipped.
import "./tar.js"; // self.kahunaTar
import { loadPyodide as loadRuntime, version } from "./vendor/pyodide.mjs";

export { version };

const INDEX = new URL("./vendor/", import.meta.url).href;
const PAGE = new URL("./page.tar.gz", import.meta.url).href;
const HOME = "/home/pyodide"; // Pyodide's working directory, where Python finds the page
const STDLIB = INDEX + "python_stdlib.zip";
const BYTECODE = "/lib/kahuna-bytecode.zip";
// One cache per copy of the site (its folder), holding at most one entry.
const CACHE = "kahuna-bytecode " + new URL("../", import.meta.url).href;

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// The cache key of the bytecode for the standard library this page loads (the request
// goes where Pyodide's own goes: the worker's cache, or the HTTP cache).
async function stdlibKey() {
  const response = await fetch(STDLIB);
  if (!response.ok) throw new Error(`${STDLIB}: ${response.status}`);
  const digest = await crypto.subtle.digest("SHA-256", await response.arrayBuffer());
  return `${STDLIB}?pyodide=${version}&sha256=${hex(digest)}`;
}

// The archive's entries ({name, data}), or [] (said in the console) when it cannot be had.
async function pageFiles() {
  try {
    const response = await fetch(PAGE);
    if (!response.ok) throw new Error(`${response.status}`);
    const tar = await kahunaTar.tar(new Uint8Array(await response.arrayBuffer()));
    return [...kahunaTar.entries(tar)];
  } catch (error) {
    console.error(`kahuna: ${PAGE}:`, error);
    return [];
  }
}

// {cache, key, found}: what web/bytecode.py needs to store the bytecode, or to skip it.
async function lookUp() {
  const key = await stdlibKey();
  const hit = await (await caches.open(CACHE)).match(key);
  return { cache: CACHE, key, path: BYTECODE, bytes: hit ? await hit.arrayBuffer() : null };
}

export async function loadPyodide(options = {}) {
  // Both started at once: they run while the runtime downloads and instantiates.
  const page = pageFiles();
  const found = globalThis.caches && globalThis.crypto?.subtle
    ? lookUp().catch((error) => {
        console.warn("kahuna: no bytecode cache:", error);
        return null;
      })
    : Promise.resolve(null);
  globalThis.kahunaBytecode = found.then(
    (f) => f ? { ...f, found: f.bytes !== null, bytes: null } : undefined);
  const bytes = found.then((f) => f && f.bytes);
  return loadRuntime({
    ...options,
    indexURL: INDEX, // PyScript passes this module's folder
    env: { ...(options.env || {}), PYTHONPATH: BYTECODE },
    fsInit: async (FS, info) => {
      const data = await bytes;
      if (data) FS.writeFile(BYTECODE, new Uint8Array(data));
      for (const { name, data: contents } of await page) {
        const path = `${HOME}/${name}`;
        FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
        FS.writeFile(path, contents);
      }
      if (options.fsInit) await options.fsInit(FS, info);
    },
  });
}
