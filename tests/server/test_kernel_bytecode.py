"""The static build's compiled kernel start (``deploy.kernel_bytecode``) and trimmed wheels
(``deploy.wheel_trim``).

The archive rewriting runs here on small wheels. The compiling runs in the Pyodide runtime the
static build uses (fetched with npm into ``build/cache/npm`` as the build does, once), under
Node: the standard library it compiles must import from the rewritten zip in that same Pyodide,
with no source beside it. Those tests skip where Node or npm is missing.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from deploy.kernel_bytecode import SITE, STDLIB, rewrite_archive, start_bytecode
from deploy.static_site import (
    PYODIDE_START,
    TERMINAL_IMPORT,
    defer_terminal,
    pyodide_runtime,
)
from deploy.wheel_trim import strip_front_end, strip_members

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
needs_pyodide = pytest.mark.skipif(
    NODE is None or shutil.which("npm") is None, reason="no Node or npm for the Pyodide runtime"
)


@pytest.fixture(scope="module")
def runtime() -> Path:
    """The static build's Pyodide runtime (its npm package, unpacked)."""
    return pyodide_runtime(ROOT / "build" / "cache" / "npm")


def _wheel(path: Path, files: dict[str, bytes]) -> Path:
    record = "demo-1.0.dist-info/RECORD"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr(record, "stale,,\n")
    return path


def _record(wheel: Path) -> dict[str, str]:
    with zipfile.ZipFile(wheel) as archive:
        lines = archive.read("demo-1.0.dist-info/RECORD").decode().splitlines()
        names = set(archive.namelist())
    rows = dict(line.split(",", 1) for line in lines)
    assert set(rows) == names  # every member, and nothing else
    return rows


def test_a_compiled_module_takes_its_source_s_place_and_the_record_follows(
    tmp_path: Path,
) -> None:
    wheel = _wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {"demo/__init__.py": b"x = 1\n", "demo/later.py": b"y = 2\n", "demo/data.txt": b"d"},
    )
    pyc = b"compiled bytes"
    assert rewrite_archive(wheel, SITE, {SITE + "demo/__init__.py": pyc}) == 1
    with zipfile.ZipFile(wheel) as archive:
        assert sorted(archive.namelist()) == [
            "demo-1.0.dist-info/RECORD",
            "demo/__init__.pyc",
            "demo/data.txt",
            "demo/later.py",  # not imported as the kernel starts: stays source
        ]
        assert archive.read("demo/__init__.pyc") == pyc
    digest = base64.urlsafe_b64encode(hashlib.sha256(pyc).digest()).rstrip(b"=").decode()
    assert _record(wheel)["demo/__init__.pyc"] == f"sha256={digest},{len(pyc)}"


def test_an_archive_with_nothing_compiled_is_left_as_it_is(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", {"demo/__init__.py": b"x = 1\n"})
    before = wheel.read_bytes()
    assert rewrite_archive(wheel, SITE, {STDLIB + "demo/__init__.py": b"elsewhere"}) == 0
    assert wheel.read_bytes() == before


def test_a_widget_wheel_loses_its_front_end_and_keeps_its_python(tmp_path: Path) -> None:
    wheel = _wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {
            "demo/__init__.py": b"x = 1\n",
            "demo/labextension/static/remoteEntry.js": b"js" * 5000,
            "demo/nbextension/extension.js": b"js",
            "demo-1.0.data/data/share/jupyter/labextensions/demo/package.json": b"{}",
            "demo-1.0.data/data/etc/jupyter/nbconfig/notebook.d/demo.json": b"{}",
        },
    )
    assert strip_front_end(wheel) > 0
    assert set(_record(wheel)) == {"demo/__init__.py", "demo-1.0.dist-info/RECORD"}
    assert strip_front_end(wheel) == 0  # nothing left to drop


def test_named_members_are_dropped(tmp_path: Path) -> None:
    wheel = _wheel(
        tmp_path / "demo-1.0-py3-none-any.whl",
        {"demo/locale/ru/desk.po": b"msgid", "demo/locale/ru/desk.mo": b"\x95\x04"},
    )
    strip_members(wheel, lambda name: name.endswith((".po", ".pot")))
    assert set(_record(wheel)) == {"demo/locale/ru/desk.mo", "demo-1.0.dist-info/RECORD"}


_IPYTHON = {
    "IPython/__init__.py": f"import sys\nstarted = True\n{TERMINAL_IMPORT}shell = None\n".encode(),
    "IPython/terminal/__init__.py": b"",
    "IPython/terminal/embed.py": b"def embed():\n    return 'embedded'\n",
}
_USE_IPYTHON = """
import sys
import IPython
assert IPython.started and IPython.shell is None
assert "IPython.terminal.embed" not in sys.modules, "the terminal came with IPython"
from IPython import embed
assert embed() == "embedded" and "IPython.terminal.embed" in sys.modules
try:
    IPython.nothing
except AttributeError as error:
    assert "has no attribute 'nothing'" in str(error)
else:
    raise AssertionError("a missing attribute was found")
"""


def test_ipython_imports_its_terminal_when_embed_is_first_asked_for(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", _IPYTHON)
    defer_terminal(wheel)
    with zipfile.ZipFile(wheel) as archive:
        text = archive.read("IPython/__init__.py").decode()
    assert TERMINAL_IMPORT not in text.splitlines(keepends=True)  # not at the module level
    assert "started = True" in text
    assert _record(wheel)["IPython/__init__.py"].startswith("sha256=")
    # the rewritten package imported from the wheel itself, without the site's own IPython
    done = subprocess.run(
        [sys.executable, "-S", "-c", _USE_IPYTHON],
        env={"PYTHONPATH": str(wheel)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def test_an_ipython_that_imports_its_terminal_otherwise_stops_the_build(tmp_path: Path) -> None:
    changed = {**_IPYTHON, "IPython/__init__.py": b"from .terminal import embed as embed\n"}
    wheel = _wheel(tmp_path / "demo-1.0-py3-none-any.whl", changed)
    with pytest.raises(SystemExit, match="no longer imports its terminal"):
        defer_terminal(wheel)


def _node(script: Path, *args: str) -> Any:
    """Run ``script`` under Node with ``args``; what it wrote to stdout, read as JSON."""
    assert NODE is not None
    done = subprocess.run([NODE, str(script), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


IMPORT_FROM_ZIP = """
import { loadPyodide } from "PYODIDE_MJS";
const py = await loadPyodide({ indexURL: process.argv[2], stdLibURL: process.argv[3] });
process.stdout.write(py.runPython(`
import json, email.parser
json.dumps([json.__spec__.origin, email.parser.__spec__.origin,
            json.loads('{"a": [1, 2]}'), email.parser.Parser().parsestr("A: b\\\\n\\\\nc")["A"]])
`));
"""


@needs_pyodide
def test_the_standard_library_compiled_under_pyodide_imports_there_without_its_source(
    runtime: Path, tmp_path: Path
) -> None:
    compiled = start_bytecode(runtime, [], ["json"], ["import email.parser"])
    assert STDLIB + "json/__init__.py" in compiled and STDLIB + "email/parser.py" in compiled
    assert not any(path.startswith(SITE) for path in compiled)  # nothing installed here
    stdlib = tmp_path / "python_stdlib.zip"
    shutil.copy2(runtime / "python_stdlib.zip", stdlib)
    assert rewrite_archive(stdlib, STDLIB, compiled) == len(compiled)
    with zipfile.ZipFile(stdlib) as archive:
        names = set(archive.namelist())
    assert "json/__init__.pyc" in names and "json/__init__.py" not in names
    assert "imaplib.py" in names  # not imported: still source
    script = tmp_path / "run.mjs"
    script.write_text(IMPORT_FROM_ZIP.replace("PYODIDE_MJS", (runtime / "pyodide.mjs").as_uri()))
    json_origin, parser_origin, value, header = _node(script, f"{runtime}/", str(stdlib))
    assert json_origin.endswith("python313.zip/json/__init__.pyc")
    assert parser_origin.endswith("python313.zip/email/parser.pyc")
    assert value == {"a": [1, 2]} and header == "b"


@needs_pyodide
def test_a_failing_start_says_what_failed(runtime: Path) -> None:
    with pytest.raises(SystemExit, match="failed under Node"):
        start_bytecode(runtime, [], ["no_such_module_here"], [])


# The kernel's worker loads Pyodide with importScripts(pyodideUrl), then calls loadPyodide; here
# a classic worker's importScripts is played by require, as pyodide.js supports under Node.
WORKER_START = """
const { fileURLToPath } = require("node:url");
const [indexDir, startFile] = process.argv.slice(2);
globalThis.self = globalThis;
const loaded = [];
globalThis.importScripts = (url) => {
  loaded.push(url);
  const module = require(url.startsWith("file:") ? fileURLToPath(url) : url);
  if (module && module.loadPyodide) globalThis.loadPyodide = module.loadPyodide;
};
importScripts(startFile);
const load = self.loadPyodide;
(async () => {
  const py = await load({ indexURL: indexDir, stdout: () => {}, stderr: () => {} });
  const path = JSON.parse(py.runPython("import json, sys; json.dumps(sys.path)"));
  process.stdout.write(JSON.stringify({ loaded, path }));
})().catch((error) => { console.error(String(error)); process.exit(1); });
"""


@needs_pyodide
def test_the_kernel_s_pyodide_start_looks_in_the_working_folder_last(
    runtime: Path, tmp_path: Path
) -> None:
    start = ROOT / "deploy" / PYODIDE_START
    script = tmp_path / "worker.cjs"
    script.write_text(WORKER_START)
    found = _node(script, f"{runtime}/", str(start))
    assert found["loaded"] == [str(start), f"{runtime}/pyodide.js"]  # Pyodide's own, beside it
    assert found["path"][-1] == "" and found["path"].count("") == 1  # the drive, looked in last
    assert found["path"][0].endswith("python313.zip")
