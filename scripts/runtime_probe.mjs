// Runs scripts/trim_stdlib.py's probe_in_runtime inside the real runtime (Pyodide under
// Node, from node_modules; nothing from the network) and prints its result as JSON.
//   node scripts/runtime_probe.mjs PYODIDE_MJS TRIM_STDLIB_PY FULL_ZIP STRIPPED_ZIP
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [mjs, script, full, stripped] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(mjs).href);
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (s) => console.error(s) });
// What the runtime imported while booting, before anything of ours runs.
const booted = pyodide.runPython("import sys\nsorted(sys.modules)").toJs();
pyodide.FS.mkdirTree("/probe");
pyodide.FS.writeFile("/probe/full.zip", readFileSync(full));
pyodide.FS.writeFile("/probe/stripped.zip", readFileSync(stripped));
pyodide.FS.writeFile("/probe/trim_stdlib.py", readFileSync(script));
// trim_stdlib imports strip_source, which stands beside it.
pyodide.FS.writeFile("/probe/strip_source.py", readFileSync(new URL("strip_source.py", pathToFileURL(script))));
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/probe")
import trim_stdlib
found = trim_stdlib.probe_in_runtime("/probe/full.zip", "/probe/stripped.zip")
json.dumps(found)
`);
const found = JSON.parse(result);
found.booted = [...booted];
console.log(JSON.stringify(found));
