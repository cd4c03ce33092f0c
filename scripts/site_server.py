"""A static file server on 127.0.0.1 for the browser tests (e2e/) and the benches (bench/).

    server = SiteServer(root, prefix="/kahuna", cache_control="max-age=600")
    page.goto(server.url)   # http://127.0.0.1:PORT/kahuna/
    server.close()

Each server has its own port (a fresh origin), serves one folder under an optional
sub-path, records every request path in ``.hits`` and, with ``.down = True``, drops every
connection unanswered, like a network that is gone. Standard library only.
"""

from __future__ import annotations

import http.server
import threading
import urllib.parse
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
LOCAL_HOST = "127.0.0.1"


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files from the repo root, optionally mounted under ``prefix``."""

    prefix = ""  # e.g. "/kahuna"; set on per-server subclasses
    root = REPO_ROOT  # the folder served
    cache_control = "no-store"
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

    ``cache_control`` is sent with every response ("max-age=600" is GitHub Pages').
    """

    def __init__(self, root: Path, prefix: str = "", cache_control: str = "no-store") -> None:
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
        self._httpd = _Server((LOCAL_HOST, 0), Handler)
        threading.Thread(target=self._httpd.serve_forever, daemon=True).start()
        self.url = f"http://{LOCAL_HOST}:{self._httpd.server_address[1]}{prefix}/"

    def close(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
