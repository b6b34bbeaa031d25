"""The static site's start-up box: its words, the build's total and where the box goes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from calculators.kit.startup import startup_snippet, startup_words
from deploy.static_site import (
    KERNEL_START_FILES,
    _add_startup,
    kernel_download_bytes,
    kernel_start_files,
)


def test_the_box_carries_every_language_and_the_total() -> None:
    snippet = startup_snippet(9_876_543)
    found = re.search(r"window\.deskStartup = (\{.*?\});\n", snippet)
    assert found
    config = json.loads(found.group(1))
    assert config["total"] == 9_876_543
    assert config["words"]["en"]["amount"] == "{done} of {total} MB"
    assert config["words"]["ru"]["amount"] == "{done} из {total} МБ"
    assert "один раз" in config["words"]["ru"]["once"]
    assert set(config["words"]) == set(startup_words())
    # a screen reader hears the progress; the box stays hidden until the script shows it
    assert 'role="status" aria-live="polite" hidden' in snippet


def test_no_word_can_end_the_script_early() -> None:
    snippet = startup_snippet(1)
    script = snippet.split("<script>", 1)[1]
    assert script.count("</script>") == 1 and script.endswith("</script>\n")


def _site(tmp_path: Path) -> Path:
    folder = tmp_path / "static" / "pyodide"
    folder.mkdir(parents=True)
    sizes = {name: 1000 * (i + 1) for i, name in enumerate(KERNEL_START_FILES)}
    sizes |= {"desk.whl": 50, "widgets.whl": 7, "sympy.whl": 100_000, "kernel.whl": 3}
    for name, size in sizes.items():
        if name != "pyodide-lock.json":
            (folder / name).write_bytes(b"x" * size)
    lock = {
        "desk": {"file_name": "desk.whl", "depends": ["widgets"]},
        "widgets": {"file_name": "widgets.whl", "depends": ["kernel"]},
        "kernel": {"file_name": "kernel.whl", "depends": []},
        "sympy": {"file_name": "sympy.whl", "depends": []},  # on demand: not counted
    }
    text = json.dumps({"packages": lock})
    (folder / "pyodide-lock.json").write_text(text + " " * (sizes["pyodide-lock.json"] - len(text)))
    settings = {
        "jupyter-config-data": {
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "loadPyodideOptions": {"packages": ["desk", "kernel"]}
                }
            }
        }
    }
    (tmp_path / "jupyter-lite.json").write_text(json.dumps(settings))
    return tmp_path


def test_the_total_is_the_core_and_the_preloaded_wheels_with_what_they_need(
    tmp_path: Path,
) -> None:
    out = _site(tmp_path)
    core = sum(1000 * (i + 1) for i in range(len(KERNEL_START_FILES)))
    assert kernel_download_bytes(out) == core + 50 + 7 + 3


def test_every_page_gets_the_box_once_right_after_its_body_tag(tmp_path: Path) -> None:
    page = tmp_path / "voici" / "render" / "vtm_dice.html"
    page.parent.mkdir(parents=True)
    page.write_text('<html><head></head><body class="jp-Notebook">\n<div id="x"></div></body>')
    lab = tmp_path / "build" / "lab.html"  # JupyterLite's own application: left alone
    lab.parent.mkdir()
    lab.write_text("<html><body></body></html>")
    _add_startup(tmp_path, 1234)
    _add_startup(tmp_path, 1234)
    text = page.read_text()
    assert text.count('class="desk-startup"') == 1
    assert text.index('class="desk-startup"') > text.index('<body class="jp-Notebook">')
    assert text.index('class="desk-startup"') < text.index('<div id="x">')
    assert "desk-startup" not in lab.read_text()


def test_a_first_visit_fetches_the_kernel_s_files_from_where_each_page_is(tmp_path: Path) -> None:
    page = tmp_path / "voici" / "render" / "vtm_dice.html"
    page.parent.mkdir(parents=True)
    page.write_text("<html><body>\n</body></html>")
    top = tmp_path / "index.html"
    top.write_text("<html><body>\n</body></html>")
    files = ["static/pyodide/pyodide.asm.wasm", "static/pyodide/desk.whl"]
    _add_startup(tmp_path, 1234, files)

    def prefetch(html: Path) -> list[str]:
        found = re.search(r"window\.deskStartup = (\{.*?\});\n", html.read_text())
        assert found
        return list(json.loads(found.group(1))["prefetch"])

    assert prefetch(page) == ["../../" + name for name in files]
    assert prefetch(top) == ["./" + name for name in files]


def test_the_kernel_s_files_come_core_first_then_the_largest_wheel(tmp_path: Path) -> None:
    out = _site(tmp_path)
    assert kernel_start_files(out) == [
        *(f"static/pyodide/{name}" for name in KERNEL_START_FILES),
        "static/pyodide/desk.whl",
        "static/pyodide/widgets.whl",
        "static/pyodide/kernel.whl",
    ]
