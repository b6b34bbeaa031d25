"""The card look-up gives the same answers in Pyodide (the static site's Python) as here.

``rules.vtes.card_search`` is pure Python with the standard library only; this runs it in the
Pyodide runtime the static build uses (``scripts/build-static`` unpacks it under
``build/cache/npm``), under Node, on the query set and every card's name, and compares every
answer and every folded name with CPython's. Skips when Node or that runtime is absent.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rules.vtes import carddata
from rules.vtes.card_search import NameIndex, fold

ROOT = Path(__file__).resolve().parent.parent
RUNTIMES = sorted((ROOT / "build" / "cache" / "npm").glob("pyodide-*/package/pyodide.js"))
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(
    NODE is None or not RUNTIMES, reason="no Node or no Pyodide runtime (scripts/build-static)"
)

RUN = """
const { loadPyodide } = require(process.argv[2]);
const fs = require("fs");
(async () => {
  const py = await loadPyodide({ indexURL: process.argv[3] });
  py.FS.writeFile("/home/pyodide/card_search.py", fs.readFileSync(process.argv[4], "utf8"));
  py.FS.writeFile("/home/pyodide/job.json", fs.readFileSync(process.argv[5], "utf8"));
  const out = py.runPython(`
import json, statistics, sys, time
sys.path.insert(0, "/home/pyodide")
from card_search import Entry, NameIndex, fold
job = json.load(open("/home/pyodide/job.json"))
index = NameIndex(Entry(e[0], e[1], tuple(e[2]), e[3], e[4]) for e in job["entries"])
found, took = [], []
for q in job["queries"] * 2:
    start = time.perf_counter()
    found.append(list(index.find(q)))
    took.append((time.perf_counter() - start) * 1000)
n = len(job["queries"])
assert found[:n] == found[n:]
json.dumps({"version": sys.version.split()[0], "found": found[:n],
            "ms": statistics.median(took[:n]), "warm": statistics.median(took[n:]),
            "folded": [fold(n) for n in job["names"]]})
`);
  process.stdout.write(out);
})();
"""


def test_pyodide_finds_what_cpython_finds(tmp_path: Path) -> None:
    index = carddata._name_index()
    entries = [[e.id, e.name, list(e.aka), e.adv, e.group] for e in index.entries]
    rows = (ROOT / "tests" / "data" / "card_queries.tsv").read_text("utf-8").splitlines()
    queries = [r.split("\t")[1] for r in rows if r.strip() and not r.startswith("#")]
    names = [e.name for e in index.entries] + queries
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"entries": entries, "queries": queries, "names": names}), "utf-8")
    script = tmp_path / "run.js"
    script.write_text(RUN, "utf-8")
    runtime = RUNTIMES[-1].parent
    done = subprocess.run(
        [
            str(NODE),
            str(script),
            str(runtime / "pyodide.js"),
            str(runtime) + "/",
            str(ROOT / "rules" / "vtes" / "card_search.py"),
            str(job),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    there = json.loads(done.stdout)
    here = NameIndex(index.entries)
    assert there["folded"] == [fold(n) for n in names]
    assert there["found"] == [list(here.find(q)) for q in queries]
    print(
        f"\nPyodide (Python {there['version']}): the same {len(queries)} answers, "
        f"median {there['ms']:.1f} ms a query, {there['warm']:.1f} ms once warm (wall time "
        "under Node)"
    )
