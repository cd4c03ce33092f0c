"""Where a cold boot's time goes in Chromium (issue 15): a CPU profile of the game and of
the bare PyScript page (bench/bare.html), each from a new browser context, until the
page says it is ready.

    .venv/bin/python bench/cold_profile.py [--rounds 5]

Rounds alternate the order (A B, B A). For each page it prints the median, in profiled
milliseconds (sampling slows the page a little; shares are what to read), of: the time
until ready, the time running WebAssembly (the runtime: Python itself), and, inclusive
of what they call, Python compiling source (``Py_CompileStringObject``), its code
generation alone (``_PyAST_Compile``) and Pyodide's boot (``finalizeBootstrap``, the
imports of its own Python and of the standard library they need). The runtime's
WebAssembly has no name section; its functions are named from its export section, which
names every function a dynamically loaded library could call.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Browser, sync_playwright  # noqa: E402

from bench.page_figures import _probed_page  # noqa: E402
from scripts.browser import launch_chromium, wait_ready  # noqa: E402
from scripts.build_site import write_page_archive  # noqa: E402
from scripts.site_server import SiteServer  # noqa: E402

WASM = ROOT / "web" / "vendor" / "pyodide.asm.wasm"
#: What the figures add up, by the name of the function whose calls they include.
INCLUSIVE = {"compile source": "Py_CompileStringObject", "  of it, code generation":
             "_PyAST_Compile", "Pyodide's boot": "API.finalizeBootstrap"}


def _leb128(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def export_names(path: Path = WASM) -> dict[int, str]:
    """Function index -> exported name, from a WebAssembly module's export section."""
    data, at, names = path.read_bytes(), 8, {}
    while at < len(data):
        section = data[at]
        size, at = _leb128(data, at + 1)
        if section == 7:
            count, i = _leb128(data, at)
            for _ in range(count):
                length, i = _leb128(data, i)
                name = data[i:i + length].decode()
                kind = data[i + length]
                index, i = _leb128(data, i + length + 1)
                if kind == 0:
                    names[index] = name
        at += size
    return names


def profile_cold(browser: Browser, url: str, names: dict[int, str]) -> dict[str, float]:
    """Profiled milliseconds of one cold visit: until ready, in WebAssembly, and INCLUSIVE."""
    page, _ = _probed_page(browser)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Profiler.enable")
    cdp.send("Profiler.setSamplingInterval", {"interval": 500})
    cdp.send("Profiler.start")
    page.goto(url)
    wait_ready(page)
    profile = cdp.send("Profiler.stop")["profile"]
    page.context.close()
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {child: node["id"] for node in profile["nodes"]
              for child in node.get("children", [])}

    def name(node: dict) -> str:
        function = node["callFrame"]["functionName"]  # "wasm-function[552]" when unnamed
        index = function.removeprefix("wasm-function[").rstrip("]")
        return names.get(int(index), function) if index.isdigit() else function

    totals: collections.Counter[str] = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        totals["until ready"] += delta
        node = nodes[sample]
        if ".wasm" in node["callFrame"]["url"]:
            totals["WebAssembly"] += delta
        seen = set()
        while node:  # each function once per sample, however deep its recursion
            seen.add(name(node))
            node = nodes.get(parent.get(node["id"]))
        for figure, function in INCLUSIVE.items():
            if function in seen:
                totals[figure] += delta
    return {figure: us / 1000 for figure, us in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    names = export_names()
    write_page_archive(ROOT)
    server = SiteServer(ROOT, cache_control="no-cache")
    urls = {"game": server.url + "?seed=1", "bare": server.url + "bench/bare.html"}
    runs: dict[str, list[dict[str, float]]] = {"game": [], "bare": []}
    with sync_playwright() as pw:
        browser = launch_chromium(pw)
        for round_ in range(args.rounds):
            for key in ("game", "bare") if round_ % 2 == 0 else ("bare", "game"):
                runs[key].append(profile_cold(browser, urls[key], names))
        browser.close()
    server.close()
    print(f"cold boot, CPU profile, median of {args.rounds} (profiled ms):")
    print(f"  {'':28} {'game':>7} {'bare':>7}")
    for figure in ("until ready", "WebAssembly", *INCLUSIVE):
        game, bare = (statistics.median(run.get(figure, 0.0) for run in runs[key])
                      for key in ("game", "bare"))
        print(f"  {figure:28} {game:7.0f} {bare:7.0f}")


if __name__ == "__main__":
    main()
