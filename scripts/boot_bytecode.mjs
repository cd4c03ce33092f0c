// Runs scripts/boot_archive.py's archive() inside the real runtime (Pyodide under Node,
// from node_modules, booted on the site's trimmed standard library; nothing from the
// network) and writes the archive it returns.
//   node scripts/boot_bytecode.mjs PYODIDE_MJS STDLIB_ZIP BOOT_ARCHIVE_PY BYTECODE_PY ROOTS_JSON COMMENT BUDGET OUT
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [mjs, stdlib, script, bytecode, roots, comment, budget, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(mjs).href);
const pyodide = await loadPyodide({
  stdLibURL: stdlib, stdout: () => {}, stderr: (s) => console.error(s),
});
pyodide.globals.set("roots", JSON.parse(readFileSync(roots, "utf8")));
// What the boot imports: the runtime's own boot, then each root (a name that is no module
// of the runtime, such as `pyscript`, is skipped). Read before anything else is imported.
const origins = pyodide.runPython(`
import sys
for name in roots:
    try:
        __import__(name)
    except BaseException:
        pass
[getattr(m.__spec__, "origin", None) or "" for m in list(sys.modules.values())
 if getattr(m, "__spec__", None) is not None]
`).toJs();
pyodide.FS.mkdirTree("/probe");
pyodide.FS.writeFile("/probe/boot_archive.py", readFileSync(script));
pyodide.FS.writeFile("/probe/bytecode.py", readFileSync(bytecode));
pyodide.globals.set("origins", origins);
pyodide.globals.set("comment", comment);
pyodide.globals.set("budget", Number(budget));
const archive = pyodide.runPython(`
import sys
sys.path.insert(0, "/probe")
import boot_archive
boot_archive.archive(list(origins), comment, budget)
`);
writeFileSync(out, archive.toJs());
