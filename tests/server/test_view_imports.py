"""A page's view loads no widgets: imported alone in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys


def test_the_view_imports_no_widgets() -> None:
    script = (
        "import sys, calculators.pages.vtes_damage.view\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'ipywidgets'))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
