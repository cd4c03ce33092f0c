// The page's archive (web/page.tar.gz, scripts/build_site.py): a ustar tar, gzip-compressed.
// web/pyodide-boot.mjs reads it into Pyodide's file system at boot; the service worker
// (web/sw-core.js) rebuilds it on an update. The boot loads this file as a module, and
// the build writes it into sw.js for the worker, so it has no import or export: it sets
// self.kahunaTar.
"use strict";

self.kahunaTar = (() => {
  const blocks = (size) => Math.ceil(size / 512) * 512;
  const text = (bytes) => new TextDecoder().decode(bytes).replace(/\0.*$/s, "");

  // Every entry in order: {name, data} (data null for a folder).
  function* entries(bytes) {
    for (let at = 0; at + 512 <= bytes.length;) {
      const header = bytes.subarray(at, at + 512);
      if (header.every((b) => b === 0)) return; // the end
      const size = parseInt(text(header.subarray(124, 136)), 8);
      if (!(size >= 0) || text(header.subarray(257, 262)) !== "ustar") {
        throw new Error("not a ustar archive");
      }
      const prefix = text(header.subarray(345, 500));
      const name = (prefix ? prefix + "/" : "") + text(header.subarray(0, 100)).replace(/\/$/, "");
      at += 512;
      const type = header[156];
      if (type === 0x35) yield { name, data: null }; // "5": a folder
      else if (type === 0x30 || type === 0) yield { name, data: bytes.subarray(at, at + size) };
      at += blocks(size);
    }
  }

  // A tar of `list` ([name, ...] in order) where `files[i]` holds entry i's bytes, or
  // null for a folder, as Python's tarfile writes it (PyScript's and Python's readers).
  function write(list, files) {
    const encoder = new TextEncoder();
    const size = (i) => 512 + blocks(files[i]?.length ?? 0); // a header, then the contents
    const out = new Uint8Array(list.reduce((n, _, i) => n + size(i), 1024)); // 2 blocks end it
    const octal = (n, width) => n.toString(8).padStart(width - 1, "0") + "\0";
    let at = 0;
    const put = (value, offset) => out.set(encoder.encode(value), at + offset);
    list.forEach(([name], i) => {
      const data = files[i];
      const path = data ? name : name + "/";
      if (encoder.encode(path).length > 100) throw new Error(`${name}: too long for a tar header`);
      put(path, 0);
      put(octal(data ? 0o644 : 0o755, 8) + octal(0, 8) + octal(0, 8), 100); // mode, owner, group
      // size, date, the checksum's place (spaces while it is summed), type
      const type = data ? "0" : "5";
      put(octal(data ? data.length : 0, 12) + octal(0, 12) + " ".repeat(8) + type, 124);
      put("ustar\u000000", 257);
      put(octal(out.subarray(at, at + 512).reduce((sum, b) => sum + b, 0), 7) + " ", 148);
      if (data) out.set(data, at + 512);
      at += size(i);
    });
    return out;
  }

  // Bytes through one of the browser's own compression streams.
  const through = async (bytes, transform) => new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(transform)).arrayBuffer());
  // The tar in an archive's bytes: gunzipped, unless a host's Content-Encoding already did it.
  const tar = (bytes) => bytes[0] === 0x1f && bytes[1] === 0x8b
    ? through(bytes, new DecompressionStream("gzip")) : bytes;
  const gzip = (bytes) => through(bytes, new CompressionStream("gzip"));

  return { entries, write, tar, gzip };
})();
