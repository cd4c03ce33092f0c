// Time per decision of each level under Pyodide, run by Node (V8's WebAssembly, as in
// Chromium, without the page around it), beside the same games under CPython.
//
//   node bench/pyodide_players.mjs [games=2] [levels=beginner,casual,skilled,expert]
//
// Needs web/vendor/ (bash scripts/setup.sh). Each level plays `games` games against
// greedy on fixed deals; prints mean, p95 and max seconds per decision in Pyodide, and
// the same for CPython (.venv/bin/python) on the same games, and the ratio of means.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const games = Number(process.argv[2] ?? 2);
const levels = (process.argv[3] ?? "beginner,casual,skilled,expert").split(",");

const script = `
import json, sys
from kahuna.tools.tournament import play_game, time_stats
out = {}
for level in ${JSON.stringify(levels)}:
    times = []
    for deal in range(${games}):
        names = (level, "greedy") if deal % 2 == 0 else ("greedy", level)
        game = play_game(names, 100 + deal, (2 * deal + 1, 2 * deal + 2))
        times += game["times"][0 if deal % 2 == 0 else 1]
    out[level] = time_stats(times)
print(json.dumps(out))
`;

const { loadPyodide } = await import(join(root, "web/vendor/pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(root, "web/vendor/") });
// The package and its sub-packages (rules/, players/, ...), Python files only.
function copyTree(folder) {
  py.FS.mkdirTree(`/home/pyodide/${folder}`);
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(path);
    else if (entry.name.endsWith(".py")) py.FS.writeFile(`/home/pyodide/${path}`, readFileSync(join(root, path)));
  }
}
copyTree("kahuna");
let printed = "";
py.setStdout({ batched: (line) => { printed += line; } });
py.runPython(`import sys; sys.path.insert(0, "/home/pyodide")\n${script}`);
const pyodide = JSON.parse(printed);
const cpython = JSON.parse(execFileSync(join(root, ".venv/bin/python"), ["-c", script],
  { cwd: root, encoding: "utf8" }));

const ms = (s) => (1000 * s).toFixed(1).padStart(8);
console.log(`${games} games per level against greedy; milliseconds per decision`);
console.log(`${"level".padEnd(10)} ${"decisions".padStart(9)} | Pyodide: ${"mean".padStart(8)} ` +
  `${"p95".padStart(8)} ${"max".padStart(8)} | CPython: ${"mean".padStart(8)} ` +
  `${"p95".padStart(8)} ${"max".padStart(8)} | ratio`);
for (const level of levels) {
  const p = pyodide[level], c = cpython[level];
  console.log(`${level.padEnd(10)} ${String(p.decisions).padStart(9)} | ` +
    `         ${ms(p.mean)} ${ms(p.p95)} ${ms(p.max)} |          ${ms(c.mean)} ` +
    `${ms(c.p95)} ${ms(c.max)} | ${(p.mean / c.mean).toFixed(2)}`);
}
