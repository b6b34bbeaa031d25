"""The static site's kernel start, compiled once when the site is built.

Pyodide's standard library and the wheels hold Python sources only, so every start of a page's
kernel compiles to bytecode every module it imports (about 850 on the way to a page's first
result: IPython, prompt_toolkit, ipywidgets, the project and the standard library under them),
on the visitor's phone, on every visit. The build starts the kernel once instead, under Node in
the same Pyodide the site ships (:func:`start_bytecode`): it loads the site's lock and the
packages the kernel preloads, imports what the kernel imports as it starts, and builds every
page's calculator as its first cell does; then it compiles each imported module's source with
that Pyodide's own compiler. :func:`rewrite_archive` puts the compiled module in place of its
source in the wheel or the standard-library zip that holds it, as an unchecked hash-based
``.pyc`` (PEP 552: read without looking for the source). Python imports a ``.pyc`` that stands
alone in a folder or a zip as it stands. The bytecode carries line numbers but no column ranges
(``PYTHONNODEBUGRANGES``), which makes it a fifth smaller: compiled modules are larger than
their sources, and the first visit downloads them.

Modules first imported later (when a reader opens a picker or asks for closed forms) keep their
source and compile as before. A traceback through a compiled module names its file and line but
shows no source line.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

from deploy.wheel_trim import write_archive

#: Where Pyodide puts the standard library and the wheels in its file system.
STDLIB = "/lib/python313.zip/"
SITE = "/lib/python3.13/site-packages/"

#: Run by Node: argv is pyodide.mjs, the site's pyodide folder, the job (JSON), the answer.
START = """
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
const [indexURL, jobFile, answerFile] = process.argv.slice(2);
const job = JSON.parse(fs.readFileSync(jobFile, "utf8"));
// PYTHONNODEBUGRANGES: bytecode without column ranges (line numbers stay), a fifth smaller
const py = await loadPyodide({
  indexURL, packages: job.packages, env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {}, stderr: () => {},
});
py.globals.set("job_json", JSON.stringify(job));
const answer = await py.runPythonAsync(`
import base64, importlib.util, json, sys
from importlib._bootstrap_external import _code_to_hash_pyc

job = json.loads(job_json)
for name in job["imports"]:
    __import__(name)
ipython = sys.modules.get("IPython")
shell = ipython.get_ipython() if ipython is not None else None
if shell is not None:  # the page's comms have no front end here
    shell.send_comm = lambda *args, **kwargs: None
for cell in job["cells"]:
    exec(compile(cell, "<cell>", "exec"), {})

compiled = {}
for module in list(sys.modules.values()):
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    if not origin.endswith(".py") or not origin.startswith(tuple(job["prefixes"])):
        continue
    source = spec.loader.get_data(origin)
    code = compile(source, origin, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    compiled[origin] = base64.b64encode(pyc).decode()
json.dumps(compiled)
`);
fs.writeFileSync(answerFile, answer);
"""


def start_bytecode(
    pyodide: Path, packages: Iterable[str], imports: Iterable[str], cells: Iterable[str]
) -> dict[str, bytes]:
    """The bytecode of every module a kernel imports as it starts and runs ``cells``, by the
    module's path in Pyodide (``/lib/python313.zip/json/decoder.py``).

    ``pyodide`` is the site's folder of the runtime with its ``pyodide-lock.json`` and wheels;
    ``packages`` what the kernel preloads from it, ``imports`` the modules the kernel imports
    as it starts."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("build-static: Node is needed to compile the kernel's start (npm's node)")
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        script = work / "start.mjs"
        script.write_text(START.replace("PYODIDE_MJS", (pyodide / "pyodide.mjs").as_uri()))
        job = work / "job.json"
        job.write_text(
            json.dumps(
                {
                    "packages": list(packages),
                    "imports": list(imports),
                    "cells": list(cells),
                    "prefixes": [STDLIB, SITE],
                }
            )
        )
        answer = work / "answer.json"
        done = subprocess.run(
            [node, str(script), f"{pyodide}/", str(job), str(answer)],
            capture_output=True,
            text=True,
            timeout=900,
        )
        if done.returncode != 0 or not answer.exists():
            tail = "\n".join(done.stderr.splitlines()[-15:])[-3000:]
            raise SystemExit(f"build-static: the kernel's start failed under Node:\n{tail}")
        found = json.loads(answer.read_text())
    return {path: base64.b64decode(pyc) for path, pyc in found.items()}


def rewrite_archive(archive: Path, prefix: str, compiled: dict[str, bytes]) -> int:
    """Put the compiled module in place of each source of ``archive`` (a wheel or the
    standard-library zip, whose members sit under ``prefix`` in Pyodide) found in ``compiled``;
    a wheel's RECORD follows. Returns how many modules were replaced."""
    with zipfile.ZipFile(archive) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    replaced = 0
    out: list[tuple[zipfile.ZipInfo, bytes]] = []
    for info, data in members:
        pyc = compiled.get(prefix + info.filename) if info.filename.endswith(".py") else None
        if pyc is None:
            out.append((info, data))
            continue
        replaced += 1
        new = zipfile.ZipInfo(info.filename + "c", info.date_time)
        new.external_attr = info.external_attr
        out.append((new, pyc))
    if replaced:
        write_archive(archive, out)
    return replaced
