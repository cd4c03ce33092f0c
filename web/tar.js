// The page's archive (web/page.tar.gz, scripts/build_site.py): a ustar tar, gzip-compressed.
// web/pyodide-boot.mjs reads it into Pyodide's file system at boot; the service worker
// (web/sw-core.js) rebuilds it on an update. The boot loads this file as a module, and
// the build writes it into sw.js for the worker, so it has no import or export: it sets
// self.kahunaTar.
"use strict";

self.kahunaTar = (() => {
  const blocks = (size) => Math.ceil(size / 512) * 512;
  const text = (bytes) => new TextDecoder().decode(bytes).replace(/\0.*$/s, "");

  // Every file in order: {name, data}. (An archive has no folders: the boot makes each
  // file's folder. An older one's folders are passed over.)
  function* entries(bytes) {
    for (let at = 0; at + 512 <= bytes.length;) {
      const header = bytes.subarray(at, at + 512);
      // two blocks of zeros end an archive
      if (header.every((b) => b === 0)) return;
      const size = parseInt(text(header.subarray(124, 136)), 8);
      if (!(size >= 0) || text(header.subarray(257, 262)) !== "ustar") {
        throw new Error("not a ustar archive");
      }
      const prefix = text(header.subarray(345, 500));
      const name = (prefix ? prefix + "/" : "") + text(header.subarray(0, 100));
      at += 512;
      // "0" (or NUL, older tars): a file
      const type = header[156];
      if (type === 0x30 || type === 0) yield { name, data: bytes.subarray(at, at + size) };
      at += blocks(size);
    }
  }

  // A tar of the files `names` whose bytes are `files`, in that order, as Python's
  // tarfile writes them (the boot's and Python's readers read it).
  function write(names, files) {
    const encoder = new TextEncoder();
    // a header, then the contents
    const size = (i) => 512 + blocks(files[i].length);
    // two blocks of zeros end it
    const out = new Uint8Array(names.reduce((n, _, i) => n + size(i), 1024));
    const octal = (n, width) => n.toString(8).padStart(width - 1, "0") + "\0";
    let at = 0;
    const put = (value, offset) => out.set(encoder.encode(value), at + offset);
    names.forEach((name, i) => {
      const data = files[i];
      if (encoder.encode(name).length > 100) throw new Error(`${name}: too long for a tar header`);
      put(name, 0);
      // mode, owner, group
      put(octal(0o644, 8) + octal(0, 8) + octal(0, 8), 100);
      // size, date, the checksum's place (spaces while it is summed), type "0": a file
      put(octal(data.length, 12) + octal(0, 12) + " ".repeat(8) + "0", 124);
      put("ustar\u000000", 257);
      put(octal(out.subarray(at, at + 512).reduce((sum, b) => sum + b, 0), 7) + " ", 148);
      out.set(data, at + 512);
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
