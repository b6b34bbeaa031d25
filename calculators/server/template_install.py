"""The desk's page template where plain ``voila`` finds it (``{prefix}/share/jupyter``).

A wheel installs the template there itself (``[tool.setuptools.data-files]`` in
``pyproject.toml``); an editable install does not copy data files, so
``python -m calculators.server.template_install`` links the folder there instead (the test
command does this after installing). ``voila.json`` names the template, so ``voila notebooks/``
and ``python -m calculators.server notebooks/`` serve the same pages.
"""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE = Path(__file__).with_name("jupyter") / "voila" / "templates" / "desk"
"""The template in the package (the desk's server puts its folder first on Jupyter's path)."""


def installed_path(prefix: str = sys.prefix) -> Path:
    """Where Voila looks for the template in the environment at ``prefix``."""
    return Path(prefix) / "share" / "jupyter" / "voila" / "templates" / "desk"


def install(prefix: str = sys.prefix) -> Path:
    """Make the template found at :func:`installed_path` (a link to the package's folder,
    unless a wheel copied the files there); returns that path."""
    target = installed_path(prefix)
    if target.is_symlink() and target.resolve() != SOURCE.resolve():
        target.unlink()  # a link to another checkout of the project
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(SOURCE, target_is_directory=True)
    return target


if __name__ == "__main__":
    print(install())
