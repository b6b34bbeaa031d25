"""The pages the static build renders: the notebooks as the server app runs them, and the
kernel pointed at the desk's Pyodide start."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deploy.static_site import PYODIDE_START, TESTS_ONLY, page_notebooks, use_pyodide_start

REPO = Path(__file__).resolve().parents[2]


def test_the_pages_leave_out_the_cells_only_the_notebook_tests_run(tmp_path: Path) -> None:
    into = page_notebooks(REPO / "notebooks", tmp_path / "pages")
    originals = sorted((REPO / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in into.glob("*.ipynb")) == [p.name for p in originals]
    for original in originals:
        cells = json.loads(original.read_text("utf-8"))["cells"]
        kept = json.loads((into / original.name).read_text("utf-8"))["cells"]
        tagged = [c for c in cells if TESTS_ONLY in c.get("metadata", {}).get("tags", [])]
        assert kept == [c for c in cells if c not in tagged]
        assert "follow_url" in "".join(kept[-1]["source"])  # the page still reads its link
    vtm = json.loads((into / "vtm_dice.ipynb").read_text("utf-8"))["cells"]
    assert len(vtm) == 2  # the V:tM worked examples stay with the notebook tests


def _built(out: Path, url: str) -> None:
    (out / "voici" / "render").mkdir(parents=True)
    (out / "jupyter-lite.json").write_text(json.dumps({"pyodideUrl": f"./{url}"}))
    page = f'<script id="jupyter-config-data">{{"pyodideUrl": "../../{url}"}}</script>'
    (out / "voici" / "render" / "vtm_dice.html").write_text(page)


def test_the_kernel_loads_pyodide_through_the_desk_s_start(tmp_path: Path) -> None:
    _built(tmp_path, "static/pyodide/pyodide.js")
    use_pyodide_start(tmp_path)
    assert json.loads((tmp_path / "jupyter-lite.json").read_text()) == {
        "pyodideUrl": f"./static/pyodide/{PYODIDE_START}"
    }
    page = (tmp_path / "voici" / "render" / "vtm_dice.html").read_text()
    assert f'"pyodideUrl": "../../static/pyodide/{PYODIDE_START}"' in page


def test_a_build_that_names_pyodide_elsewhere_stops(tmp_path: Path) -> None:
    _built(tmp_path, "pyodide/full/pyodide.js")
    with pytest.raises(SystemExit, match="no longer names the kernel's pyodide"):
        use_pyodide_start(tmp_path)
