"""Voila's settings that need Python; the others are in voila.json (Voila reads both).

The pages use the desk's own page template, ``share/jupyter/voila/templates/desk``: Voila's
"lab" template without its icon stylesheets from a public CDN, and without the cells that
exist for the notebook tests only. Voila finds templates in the Jupyter data folders, so this
repository's ``share/jupyter`` is put first among them.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 (provided by the config loader)

_DATA = str(Path(__file__).resolve().parent / "share" / "jupyter")
_paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
if _DATA not in _paths:
    os.environ["JUPYTER_PATH"] = os.pathsep.join([_DATA, *_paths])
c.VoilaConfiguration.template = "desk"
