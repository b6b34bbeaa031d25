"""The Python in the README and in docs/python.md runs and says what the code answers.

Every ```python block of these pages is a doctest session (``>>>`` prompts); the blocks of a page
run in order in one namespace, as a reader would type them.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = ("README.md", "docs/python.md")
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def _blocks(page: str) -> list[str]:
    return BLOCK.findall((REPO / page).read_text(encoding="utf-8"))


@pytest.mark.parametrize("page", PAGES)
def test_every_python_block_is_a_session_that_runs(page: str) -> None:
    blocks = _blocks(page)
    assert blocks, f"{page} shows no Python"
    untested = [block for block in blocks if not block.lstrip().startswith(">>> ")]
    assert not untested, f"{page}: a Python block without >>> prompts is never run: {untested}"
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    namespace: dict[str, object] = {}
    said: list[str] = []
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, namespace, f"{page} block {number}", page, 0)
        runner.run(test, out=said.append, clear_globs=False)
        namespace = test.globs  # a test runs in a copy: the next block goes on from here
    assert runner.tries > 0 and runner.failures == 0, "\n".join(said)


FILE_NAMED = re.compile(r"`([A-Za-z0-9_./-]+/[A-Za-z0-9_.-]+\.(?:py|md|json|js|sh|toml|service))`")


def test_every_file_the_docs_name_exists() -> None:
    """A file a page names in code style (``tests/fast/test_kit.py``) is where it says: a
    reader who opens it finds it (names relative to the repository, or to ``docs/``)."""
    pages = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    missing = [
        f"{page.relative_to(REPO)}: {name}"
        for page in pages
        for name in FILE_NAMED.findall(page.read_text(encoding="utf-8"))
        if not (REPO / name).exists() and not (REPO / "docs" / name).exists()
    ]
    assert not missing, "\n".join(missing)
