// Loaded before PyScript (index.html). PyScript opens IndexedDB databases as it loads and
// boots (its cache of packages, which this page never fills, and pyscript.fs's mounts,
// which it never uses), and its boot fails when the browser refuses them: in a frame of
// another site's page whose storage the browser blocks (third-party cookies blocked).
// Then each of those databases lives in memory, for this visit only; the rest of the
// page copes without storage itself (web/game/saves.py, web/boot/bytecode.py). PyScript's
// databases are the ones named "IDBMap/..." (@webreflection/idb-map, in its core chunk).
function memoryDatabase() {
  const data = new Map();
  const answer = (result) => {
    const request = {};
    queueMicrotask(() => request.onsuccess?.({ target: { result } }));
    return request;
  };
  const store = {
    count: () => answer(data.size),
    clear: () => answer(data.clear()),
    delete: (key) => answer(void data.delete(key)),
    get: (key) => answer(data.get(key)),
    getKey: (key) => answer(data.has(key) ? key : undefined),
    getAllKeys: () => answer([...data.keys()]),
    put: (value, key) => answer((data.set(key, value), key)),
  };
  return { objectStoreNames: { length: 1 }, transaction: () => ({ objectStore: () => store }),
           close() {} };
}

function openOrInMemory(factory, name, ...rest) {
  if (!String(name).startsWith("IDBMap/")) return factory.open(name, ...rest);
  const facade = {};
  const refused = (reason) => {
    console.warn(`kahuna: IndexedDB refused (${reason}): ${name} in memory`);
    queueMicrotask(() => facade.onsuccess?.({ target: { result: memoryDatabase() } }));
  };
  try {
    const request = factory.open(name, ...rest);
    request.onupgradeneeded = (event) => facade.onupgradeneeded?.(event);
    request.onsuccess = (event) => facade.onsuccess?.(event);
    request.onerror = (event) => {
      event.preventDefault();
      refused(request.error);
    };
  } catch (error) {
    refused(error);
  }
  return facade;
}

if (globalThis.indexedDB) {
  const factory = globalThis.indexedDB;
  const open = (name, ...rest) => openOrInMemory(factory, name, ...rest);
  Object.defineProperty(globalThis, "indexedDB", {
    configurable: true,
    value: new Proxy(factory, {
      get: (target, key) => key === "open" ? open
        : typeof target[key] === "function" ? target[key].bind(target) : target[key],
    }),
  });
}

