"""The notebooks the static build renders: as the server app runs them."""

from __future__ import annotations

import json
from pathlib import Path

from deploy.static_site import TESTS_ONLY, page_notebooks

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
