"""A static file server on 127.0.0.1 for the browser tests (e2e/) and the benches (bench/).

    server = SiteServer(root, prefix="/kahuna", cache_control="max-age=600")
    page.goto(server.url)   # http://127.0.0.1:PORT/kahuna/
    server.close()

Each server has its own port (a fresh origin), serves one folder under an optional
sub-path, records every request path in ``.hits`` and, with ``.down = True``, drops every
connection unanswered, like a network that is gone. With ``compress=True`` it gzips
text, JavaScript and WebAssembly as static hosts do (gzip level 6, bench/site_size.py),
so that a bench that slows the network down sends what a host would. Standard library
only.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import threading
import urllib.parse
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
LOCAL_HOST = "127.0.0.1"
#: What a static host sends as it is, already compressed; it gzips everything else (and
#: bench/site_size.py counts the bytes so).
SENT_AS_IS = (".png", ".zip", ".gz")


@functools.lru_cache(maxsize=64)
def _gzipped(path: str, mtime: float) -> bytes:
    """The file at ``path`` compressed, once per version of it."""
    return gzip.compress(Path(path).read_bytes(), 6)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from the repo root, optionally mounted under ``prefix``."""

    prefix = ""  # e.g. "/kahuna"; set on per-server subclasses
    root = REPO_ROOT  # the folder served
    cache_control = "no-store"
    compress = False
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "application/toml",
        ".json": "application/json",
        ".py": "text/x-python",
        ".zip": "application/zip",
        ".css": "text/css",
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=str(self.root), **kwargs)

    def translate_path(self, path: str) -> str:
        if self.prefix:
            bare = urllib.parse.urlsplit(path).path
            if bare == self.prefix or bare.startswith(self.prefix + "/"):
                path = path[len(self.prefix) :] or "/"
            else:
                return str(self.root / ".no-such-file-outside-prefix")
        return super().translate_path(path)

    def send_head(self):
        """As a static host: a compressed body when the browser accepts one."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not (self.compress and "gzip" in self.headers.get("Accept-Encoding", "")
                and not path.endswith(SENT_AS_IS) and os.path.isfile(path)):
            return super().send_head()
        mtime = os.stat(path).st_mtime
        since = self.headers.get("If-Modified-Since")
        if since and email.utils.parsedate_to_datetime(since).timestamp() >= int(mtime):
            self.send_response(304)
            self.end_headers()
            return None
        body = _gzipped(path, mtime)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", self.cache_control)
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # quiet
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # Browsers drop connections mid-transfer (aborted fetches): stay quiet.
        pass


class SiteServer:
    """Serves ``root`` at ``url`` (under ``prefix``) until closed; see e2e's ``serve_site``.

    ``cache_control`` is sent with every response ("max-age=600" is GitHub Pages');
    ``compress`` gzips what a static host would.
    """

    def __init__(self, root: Path, prefix: str = "", cache_control: str = "no-store",
                 compress: bool = False) -> None:
        prefix = "/" + prefix.strip("/") if prefix.strip("/") else ""
        self.hits: list[str] = []  # every request path, answered or not
        self.down = False  # True: drop every connection unanswered (no network)
        server = self

        class Handler(_Handler):
            def handle_one_request(self) -> None:
                if server.down:
                    self.raw_requestline = self.rfile.readline(65537)
                    if self.raw_requestline and self.parse_request():
                        server.hits.append(self.path)
                    self.close_connection = True
                    return
                super().handle_one_request()

            def send_response(self, code, message=None) -> None:
                server.hits.append(self.path)
                super().send_response(code, message)

        Handler.prefix, Handler.root, Handler.cache_control = prefix, Path(root), cache_control
        Handler.compress = compress
        self._httpd = _Server((LOCAL_HOST, 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        self.url = f"http://{LOCAL_HOST}:{self._httpd.server_address[1]}{prefix}/"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
