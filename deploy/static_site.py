"""Build the desk as a static site: every calculator runs in the visitor's browser.

Voici (Voila's static sibling) renders ``notebooks/`` into HTML pages that start JupyterLite's
Pyodide kernel in the browser. Everything the site needs comes from the package registries and is
copied into the site, so the pages never ask another host for anything:

- the Pyodide runtime (wasm core, standard library, ``pyodide.js``) from the npm package
  ``pyodide``;
- every pure-Python wheel the calculators import, from PyPI: the project's dependencies at the
  versions installed in the build environment (so the browser computes with the same code as
  the Voila server), the kernel's (IPython and its own) at the versions this Pyodide release
  pairs with JupyterLite's kernel;
- this project as a wheel built from the working tree.

The wheels are listed in the site's own ``pyodide-lock.json``. The kernel loads the project and
what its pages import for their first result while it starts; sympy and mpmath (:data:`ON_DEMAND`)
stay on the site until a reader asks for the V:tM closed forms (:mod:`calculators.kit.on_demand`).
Left out on purpose:

- ``sqlite3`` (a compiled standard-library module that Pyodide ships apart): IPython imports it for
  its command history only and works without it;
- ``jedi`` and ``parso`` (IPython's code completion): pages never complete code;
- every other Pyodide package: the calculators do not use them.

The kernel installs ``sqlite3`` and ``jedi`` by name while it starts, so the lock lists an empty
placeholder under each name. It would also install micropip, piplite, ipykernel and
pyodide_kernel one after another (:data:`KERNEL_WHEELS`); the site lists them in its lock and
preloads them with the rest, so they arrive together.

What a page's kernel does on every start is cut at build time:

- the modules it imports as it starts and as each page's first cell runs come compiled
  (:mod:`deploy.kernel_bytecode`: the kernel is started once under Node to find and compile
  them);
- the wheels carry no widget front ends, no translation sources and no pygments lexer the
  kernel does not import (:mod:`deploy.wheel_trim`);
- IPython imports its terminal (``IPython.embed``, prompt_toolkit: about 150 modules) only when
  ``IPython.embed`` is first asked for, which no page does (:func:`defer_terminal`), and
  prompt_toolkit (:data:`TERMINAL_ONLY`) stays on the site without being loaded at the start;
- the kernel loads Pyodide through the desk's own start (:data:`PYODIDE_START`,
  :func:`use_pyodide_start`), which looks in the working folder last: it is JupyterLite's
  drive, where every look-up is a request the page answers;
- the pages leave out the cells only the notebook tests run (:func:`page_notebooks`), as the
  server app does;
- a first visit fetches the kernel's files while the page's own scripts load
  (:mod:`calculators.kit.startup`).

Every file that compression makes smaller gets a brotli and a gzip copy beside it
(:func:`precompress`), for hosts that serve them as they are (:mod:`deploy.static_host`).

``gmpy2`` does not exist for Pyodide: the project's dependency on it has an environment marker, and
``rules.dracula`` uses Python's own integers where it is missing.

Offline use: JupyterLite's service worker keeps a copy of every file a page fetched once it was
installed (``enableServiceWorkerCache``). The build adds to that worker (:data:`OFFLINE_WORKER`):
once a page shows its calculator, the page asks the worker to keep every file any page needs
(:func:`offline_files`), and says "Available offline" when it has; and a file asked for with a
query (a page's address with its inputs, a script with ``?v=``) opens from the kept copy of that
file when there is no network. So one visit of one page is enough.

Run it as ``scripts/build-static [DIR]`` (default ``build/static``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.metadata as metadata
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION  # the release it is built for
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from deploy.kernel_bytecode import SITE, STDLIB, rewrite_archive, start_bytecode
from deploy.wheel_trim import record_hash, rewrite_member, strip_front_end, strip_members

REPO = Path(__file__).resolve().parents[1]
PROJECT = "vampire-rules-desk"
PYODIDE_PYTHON = "3.13"
PYODIDE_PLATFORM = "pyodide_2025_0_wasm32"
#: What the kernel imports besides the project (the Pyodide kernel's own list, less sqlite3
#: and jedi, which the lock lists as empty placeholders).
KERNEL_PACKAGES = ("ipython", "comm")
#: Shipped by the Pyodide kernel extension itself as shims; ours would clash with them.
PROVIDED_BY_KERNEL = frozenset({"ipykernel", "widgetsnbextension", "pyodide-kernel", "piplite"})
#: Left out of the site: IPython's code completion (jedi and its parser, 1.7 MB); pages never
#: complete code, and IPython works without them.
LEFT_OUT = frozenset({"jedi", "parso"})
#: Empty placeholders in the lock, so that the kernel, which installs these names while it
#: starts, finds them without fetching anything.
PLACEHOLDERS = ("sqlite3", "jedi")
#: On the site and in its lock, but not loaded while the kernel starts: a page fetches them when
#: a reader asks for what needs them (:mod:`calculators.kit.on_demand`): sympy and mpmath
#: (6.8 MB) for the V:tM closed forms only.
ON_DEMAND = frozenset({"sympy", "mpmath"})
#: Installed by the kernel as it starts unless the site preloads them (their names as the
#: kernel spells them): micropip from Pyodide, the rest from the kernel's extension.
KERNEL_WHEELS = ("micropip", "piplite", "ipykernel", "pyodide_kernel")
KERNEL_EXTENSION = "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
#: The translation catalogs' sources; the kernel reads the compiled ``.mo`` catalogs only.
CATALOG_SOURCES = (".po", ".pot")
#: pygments' lexers: the kernel colours Python only (tracebacks); the other 250 or so stay out.
LEXERS = "pygments/lexers/"
#: IPython's terminal (for ``IPython.embed`` only): on the site, not loaded as the kernel starts.
TERMINAL_ONLY = frozenset({"prompt-toolkit"})
#: The line of IPython's package module that imports its terminal, and what the site puts there:
#: ``IPython.embed`` imported when it is first asked for (a module ``__getattr__``, PEP 562).
TERMINAL_IMPORT = "from .terminal.embed import embed\n"
TERMINAL_ON_USE = """\
def __getattr__(name):  # the static site: IPython's terminal on first use of IPython.embed
    if name == "embed":
        from .terminal.embed import embed

        return embed
    raise AttributeError(f"module 'IPython' has no attribute {name!r}")
"""
#: The kernel's ``pyodideUrl``: loads ``pyodide.js`` beside it, then moves the working folder
#: (JupyterLite's drive, each look-up a request the page answers) to the end of ``sys.path``
#: before the kernel imports anything (``deploy/pyodide_start.js``).
PYODIDE_START = "pyodide_start.js"
#: What the kernel imports as it starts, before a page's first cell.
KERNEL_START_IMPORTS = ("piplite.piplite", "pyodide_kernel")
#: Files of the npm package the site needs (no source maps, consoles or type stubs).
PYODIDE_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)
#: The environment markers of Pyodide's Python, for reading the wheels' requirements.
PYODIDE_MARKERS = {
    "implementation_name": "cpython",
    "implementation_version": "3.13.2",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "platform_python_implementation": "CPython",
    "platform_release": "",
    "platform_system": "Emscripten",
    "platform_version": "",
    "python_full_version": "3.13.2",
    "python_version": PYODIDE_PYTHON,
    "sys_platform": "emscripten",
    "extra": "",
}


def log(message: str) -> None:
    print(f"build-static: {message}", flush=True)


def run(command: list[str], cwd: Path | None = None) -> None:
    subprocess.run(command, cwd=cwd, check=True)


# -- what the browser needs ---------------------------------------------------------------
def requirement_closure(roots: Iterable[str]) -> dict[str, str]:
    """Every distribution the roots need in Pyodide, with the version installed here."""
    found: dict[str, str] = {}
    todo = [canonicalize_name(name) for name in roots]
    while todo:
        name = todo.pop()
        if name in found or name in PROVIDED_BY_KERNEL or name in LEFT_OUT:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            raise SystemExit(
                f"build-static: {name} is needed in the browser but not installed in this "
                "environment; install the project with its 'static' extra"
            ) from None
        found[name] = dist.version
        for text in dist.requires or ():
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
                todo.append(canonicalize_name(requirement.name))
    return found


def _marker_holds(text: str) -> bool:
    return Marker(text).evaluate(PYODIDE_MARKERS)


# -- fetching from the registries -----------------------------------------------------------
def pyodide_runtime(cache: Path) -> Path:
    """The npm package ``pyodide`` unpacked in the cache; returns its ``package`` folder."""
    unpacked = cache / f"pyodide-{PYODIDE_VERSION}"
    if (unpacked / "package" / "pyodide.asm.wasm").exists():
        return unpacked / "package"
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    # fetched and unpacked beside, then moved in place: a build and a test may both ask at once
    with tempfile.TemporaryDirectory(dir=cache) as scratch:
        if not tarball.exists():
            log(f"fetching the Pyodide runtime {PYODIDE_VERSION} (npm package 'pyodide')")
            run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=Path(scratch))
            os.replace(Path(scratch) / tarball.name, tarball)
        with tarfile.open(tarball) as archive:
            archive.extractall(Path(scratch) / "unpacked", filter="data")
        try:
            os.replace(Path(scratch) / "unpacked", unpacked)
        except OSError:  # another process has just put its copy there
            if not (unpacked / "package" / "pyodide.asm.wasm").exists():
                raise
    return unpacked / "package"


def download_wheels(pins: dict[str, str], into: Path) -> dict[str, Path]:
    """Pure-Python (or Pyodide) wheels of ``pins`` from PyPI, cached in ``into``."""
    into.mkdir(parents=True, exist_ok=True)
    wheels: dict[str, Path] = {}
    missing = []
    for name, version in sorted(pins.items()):
        have = _find_wheel(into, name, version)
        if have is None:
            missing.append(f"{name}=={version}")
        else:
            wheels[name] = have
    if missing:
        log(f"fetching {len(missing)} wheels from PyPI")
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--disable-pip-version-check",
                "--only-binary=:all:",
                "--python-version",
                PYODIDE_PYTHON,
                "--implementation",
                "cp",
                "--platform",
                PYODIDE_PLATFORM,
                "--platform",
                "any",
                "--dest",
                str(into),
                *missing,
            ]
        )
    for name, version in pins.items():
        wheel = _find_wheel(into, name, version)
        if wheel is None:
            raise SystemExit(f"build-static: no wheel of {name} {version} usable in Pyodide")
        wheels[name] = wheel
    return wheels


def _find_wheel(folder: Path, name: str, version: str) -> Path | None:
    for wheel in folder.glob("*.whl"):
        dist, wheel_version = wheel.name.split("-")[:2]
        if canonicalize_name(dist) == name and wheel_version == version:
            tags = wheel.name[: -len(".whl")].split("-")[-3:]
            if tags[2] in ("any", PYODIDE_PLATFORM):
                return wheel
    return None


def project_wheel(into: Path) -> Path:
    """This working tree as a wheel."""
    for old in into.glob("vampire_rules_desk-*.whl"):
        old.unlink()
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--disable-pip-version-check",
            "--wheel-dir",
            str(into),
            str(REPO),
        ]
    )
    (wheel,) = into.glob("vampire_rules_desk-*.whl")
    return wheel


def placeholder_wheel(name: str, into: Path) -> Path:
    """An empty wheel named ``name``: satisfies a dependency without installing a module."""
    wheel = into / f"{name}-0.0.0-py3-none-any.whl"
    info = f"{name}-0.0.0.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.0.0\n",
        f"{info}/WHEEL": (
            "Wheel-Version: 1.0\nGenerator: vampire-rules-desk\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n"
        ),
    }
    record = [
        f"{path},{record_hash(text.encode())},{len(text.encode())}" for path, text in files.items()
    ]
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,", ""])
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in files.items():
            archive.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
    return wheel


# -- the lock file --------------------------------------------------------------------------
def wheel_entry(wheel: Path, name: str, version: str) -> dict[str, object]:
    """A ``pyodide-lock.json`` entry for ``wheel``: its imports and its Pyodide dependencies."""
    depends: list[str] = []
    imports: list[str] = []
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        for line in archive.read(meta).decode().splitlines():
            if line.startswith("Requires-Dist:"):
                requirement = Requirement(line.split(":", 1)[1].strip())
                marker = requirement.marker
                if marker is None or marker.evaluate(PYODIDE_MARKERS):
                    dep = canonicalize_name(requirement.name)
                    if dep not in PROVIDED_BY_KERNEL and dep not in LEFT_OUT:
                        depends.append(dep)
        top = next((n for n in names if n.endswith(".dist-info/top_level.txt")), None)
        if top is not None:
            imports = [line for line in archive.read(top).decode().split() if line]
        else:
            imports = sorted(
                {
                    n.split("/")[0].removesuffix(".py")
                    for n in names
                    if not n.split("/")[0].endswith((".dist-info", ".data"))
                    and (n.endswith(".py") or "/" in n)
                }
            )
    return {
        "name": name,
        "version": version,
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": [i for i in imports if not i.startswith("_") or i == "_pytest"],
        "depends": sorted(set(depends)),
        "unvendored_tests": False,
    }


# -- the build ---------------------------------------------------------------------------------
def build(out: Path, cache: Path, contents: Path = REPO / "notebooks") -> None:
    runtime = pyodide_runtime(cache / "npm")
    npm_lock = json.loads((runtime / "pyodide-lock.json").read_text())
    micropip = npm_lock["packages"]["micropip"]

    with tempfile.TemporaryDirectory() as scratch:
        own = project_wheel(Path(scratch))
        own_requires = [
            canonicalize_name(Requirement(text).name)
            for text in metadata.distribution(PROJECT).requires or ()
            if Requirement(text).marker is None or _marker_holds(str(Requirement(text).marker))
        ]
        # the project's own dependencies at the versions it is tested with here, but the
        # kernel's (IPython and what it needs) at the versions this Pyodide release pairs with
        # the kernel: a newer IPython breaks the kernel's cell runner
        pins = requirement_closure(own_requires)
        pins.update(
            (name, npm_lock["packages"].get(name, {}).get("version", version))
            for name, version in requirement_closure([*KERNEL_PACKAGES]).items()
        )
        pins["micropip"] = micropip["version"]
        wheels = download_wheels(pins, cache / "wheels")
        while missing := sorted(_missing_depends(wheels) - set(pins)):
            for name in missing:
                pins[name] = npm_lock["packages"].get(name, {}).get("version") or (
                    metadata.version(name)
                )
            wheels = download_wheels(pins, cache / "wheels")

        lite = Path(scratch) / "lite"
        site_pyodide = lite / "static" / "pyodide"
        site_pyodide.mkdir(parents=True)
        for name in PYODIDE_FILES:
            shutil.copy2(runtime / name, site_pyodide / name)
        shutil.copy2(Path(__file__).with_name(PYODIDE_START), site_pyodide / PYODIDE_START)
        packages: dict[str, object] = {}
        for name, wheel in wheels.items():
            shutil.copy2(wheel, site_pyodide / wheel.name)
            strip_front_end(site_pyodide / wheel.name)
            packages[name] = wheel_entry(site_pyodide / wheel.name, name, pins[name])
        for wheel in kernel_wheels():
            name, version = wheel.name.split("-")[:2]
            shutil.copy2(wheel, site_pyodide / wheel.name)
            packages[canonicalize_name(name)] = wheel_entry(
                site_pyodide / wheel.name, canonicalize_name(name), version
            )
        shutil.copy2(own, site_pyodide / own.name)
        strip_members(site_pyodide / own.name, lambda name: name.endswith(CATALOG_SOURCES))
        own_entry = wheel_entry(site_pyodide / own.name, PROJECT, own.name.split("-")[1])
        # what pages fetch on demand is not loaded with the project
        own_entry["depends"] = [d for d in own_entry["depends"] if d not in ON_DEMAND]  # type: ignore[attr-defined]
        packages[PROJECT] = own_entry
        # the terminal is imported on first use only: its wheels are not loaded at the start
        # (the lock's hashes are computed again once every wheel is final)
        defer_terminal(site_pyodide / wheels["ipython"].name)
        ipython_entry = packages["ipython"]
        assert isinstance(ipython_entry, dict)
        ipython_entry["depends"] = [d for d in ipython_entry["depends"] if d not in TERMINAL_ONLY]
        for name in PLACEHOLDERS:
            empty = placeholder_wheel(name, site_pyodide)
            packages[name] = {**wheel_entry(empty, name, "0.0.0"), "imports": []}
        _check_depends(packages)
        lock = {"info": npm_lock["info"], "packages": packages}
        (site_pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))

        preload = sorted({PROJECT, *KERNEL_PACKAGES, *PLACEHOLDERS, *KERNEL_WHEELS})
        _compile_start(site_pyodide, preload, contents)
        for entry in packages.values():
            assert isinstance(entry, dict)
            entry["sha256"] = hashlib.sha256(
                (site_pyodide / str(entry["file_name"])).read_bytes()
            ).hexdigest()
        (site_pyodide / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
        (lite / "jupyter-lite.json").write_text(
            json.dumps(
                {
                    "jupyter-lite-schema-version": 0,
                    "jupyter-config-data": {
                        "appName": "Vampire Rules Desk",
                        "enableServiceWorkerCache": True,
                        "litePluginSettings": {
                            "@jupyterlite/pyodide-kernel-extension:kernel": {
                                "disablePyPIFallback": True,
                                "loadPyodideOptions": {"packages": preload},
                            }
                        },
                    },
                },
                indent=2,
            )
        )
        if out.exists():
            shutil.rmtree(out)
        log(f"rendering the notebooks into {out}")
        env = {**os.environ, "DESK_STATIC_BUILD": "1"}
        subprocess.run(
            [
                str(Path(sys.executable).with_name("voici")),
                "build",
                "--contents",
                str(page_notebooks(contents, Path(scratch) / "pages")),
                "--output-dir",
                str(out.resolve()),
                "--no-sourcemaps",
                "--no-unused-shared-packages",
            ],
            cwd=lite,
            env=env,
            check=True,
        )
    _prune(out)
    use_pyodide_start(out)
    total = kernel_download_bytes(out)
    _add_startup(out, total, kernel_start_files(out))
    _add_offline_worker(out)
    log(f"a first visit downloads {total / 1e6:.1f} MB of files for the kernel")
    plain, sent = precompress(out)
    log(f"precompressed: {plain / 1e6:.1f} MB of text sent as {sent / 1e6:.1f} MB (brotli)")
    files = [p for p in out.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    log(f"done: {out} ({size / 1e6:.1f} MB in {len(files)} files)")


#: The kernel's ``pyodideUrl`` as the lite build writes it, in the site's settings and in every
#: page's own copy of them (each relative to its file).
BUILT_PYODIDE_URL = re.compile(r'("pyodideUrl":\s*"(?:\.\./|\./)*static/pyodide/)pyodide\.js"')


def use_pyodide_start(out: Path) -> None:
    """Point the kernel's ``pyodideUrl`` at :data:`PYODIDE_START` instead of ``pyodide.js``,
    in the site's ``jupyter-lite.json`` and in every page (the lite build writes the setting
    itself, overriding the site's own)."""
    changed = []
    for path in [out / "jupyter-lite.json", *sorted((out / "voici").rglob("*.html"))]:
        text = path.read_text("utf-8")
        new, count = BUILT_PYODIDE_URL.subn(rf'\g<1>{PYODIDE_START}"', text)
        if count:
            path.write_text(new, encoding="utf-8")
            changed.append(path.relative_to(out).as_posix())
    pages = [c for c in changed if c.startswith("voici/render/")]
    if "jupyter-lite.json" not in changed or not pages:
        raise SystemExit(
            "build-static: the lite build no longer names the kernel's pyodide.js where"
            f" use_pyodide_start looks for it (changed: {changed})"
        )


#: The tag of the cells that exist for the notebook tests only (worked examples they check).
TESTS_ONLY = "nbval-only"


def page_notebooks(contents: Path, into: Path) -> Path:
    """The notebooks of ``contents`` as pages run them, in ``into``: without the cells tagged
    :data:`TESTS_ONLY`, which the server app does not run either."""
    into.mkdir(parents=True, exist_ok=True)
    for notebook in sorted(contents.glob("*.ipynb")):
        book = json.loads(notebook.read_text("utf-8"))
        book["cells"] = [
            c for c in book["cells"] if TESTS_ONLY not in c.get("metadata", {}).get("tags", [])
        ]
        (into / notebook.name).write_text(json.dumps(book, indent=1, ensure_ascii=False) + "\n")
    return into.resolve()


def kernel_wheels() -> list[Path]:
    """The wheels of :data:`KERNEL_WHEELS` that the Pyodide kernel's extension ships."""
    folder = Path(sys.prefix) / KERNEL_EXTENSION / "static" / "pypi"
    found = []
    for name in KERNEL_WHEELS:
        if name == "micropip":
            continue  # from Pyodide itself
        wheels = sorted(folder.glob(f"{name}-*.whl"))
        if not wheels:
            raise SystemExit(f"build-static: the kernel's extension ships no {name} wheel")
        found.append(wheels[-1])
    return found


def _compile_start(site_pyodide: Path, preload: list[str], contents: Path) -> None:
    """Compile what the kernel imports as it starts and as each page's first cell runs
    (:mod:`deploy.kernel_bytecode`) into the site's wheels and standard library."""
    cells = []
    for notebook in sorted(contents.glob("*.ipynb")):
        code = [
            c for c in json.loads(notebook.read_text("utf-8"))["cells"] if c["cell_type"] == "code"
        ]
        if code:
            cells.append("".join(code[0]["source"]))
    compiled = start_bytecode(site_pyodide, preload, KERNEL_START_IMPORTS, cells)
    count = rewrite_archive(site_pyodide / "python_stdlib.zip", STDLIB, compiled)
    for wheel in sorted(site_pyodide.glob("*.whl")):
        count += rewrite_archive(wheel, SITE, compiled)
    # the lexers the kernel did not import as it starts (all but Python's) are never asked for
    for wheel in site_pyodide.glob("pygments-*.whl"):
        strip_members(wheel, lambda name: name.startswith(LEXERS) and name.endswith(".py"))
    log(f"compiled the {count} modules a page's kernel imports as it starts")


def defer_terminal(ipython_wheel: Path) -> None:
    """Make IPython import its terminal when ``IPython.embed`` is first asked for instead of
    when IPython is imported (:data:`TERMINAL_IMPORT`); an IPython whose package module lacks
    that line stops the build, so that a new release is looked at before it ships."""

    def change(text: str) -> str:
        if text.count(TERMINAL_IMPORT) != 1:
            raise SystemExit(
                f"build-static: {ipython_wheel.name}: IPython/__init__.py no longer imports its"
                f" terminal as {TERMINAL_IMPORT.strip()!r}; see deploy.static_site.defer_terminal"
            )
        return text.replace(TERMINAL_IMPORT, TERMINAL_ON_USE)

    rewrite_member(ipython_wheel, "IPython/__init__.py", change)


def _missing_depends(wheels: dict[str, Path]) -> set[str]:
    """Distributions the wheels need in Pyodide that are not among them."""
    needed: set[str] = set()
    for name, wheel in wheels.items():
        depends = wheel_entry(wheel, name, "")["depends"]
        assert isinstance(depends, list)
        needed.update(depends)
    return needed - set(wheels)


def _check_depends(packages: dict[str, object]) -> None:
    for name, entry in packages.items():
        assert isinstance(entry, dict)
        for dep in entry["depends"]:
            if dep not in packages:
                raise SystemExit(f"build-static: {name} needs {dep}, which the site lacks")


def _prune(out: Path) -> None:
    """Drop what the pages never load: source maps and JupyterLite's own demo notebook."""
    for path in out.rglob("*.map"):
        path.unlink()
    for name in ("jupyter-lite.ipynb",):
        (out / name).unlink(missing_ok=True)
    # the template's icon font comes from a CDN; the pages do not use its icons
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        kept = "\n".join(line for line in text.splitlines() if "fontawesome-free" not in line)
        if kept != text.rstrip("\n"):
            page.write_text(kept + "\n", encoding="utf-8")


#: What the kernel loads from ``static/pyodide/`` besides the wheels, on every start.
KERNEL_START_FILES = (
    PYODIDE_START,
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def kernel_start_files(out: Path) -> list[str]:
    """The files under ``static/pyodide/`` that a page's kernel loads as it starts (the Pyodide
    core, then every wheel the kernel preloads with what they depend on, largest first), as
    addresses from the site's root."""
    folder = out / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    settings = json.loads((out / "jupyter-lite.json").read_text(encoding="utf-8"))
    kernel = settings["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"
    ]
    todo = list(kernel["loadPyodideOptions"]["packages"])
    seen: set[str] = set()
    while todo:
        name = canonicalize_name(todo.pop())
        if name not in seen:
            seen.add(name)
            todo.extend(lock[name]["depends"])
    wheels = sorted(
        (lock[name]["file_name"] for name in seen), key=lambda n: (-(folder / n).stat().st_size, n)
    )
    return [f"static/pyodide/{name}" for name in [*KERNEL_START_FILES, *wheels]]


def kernel_download_bytes(out: Path) -> int:
    """The bytes of :func:`kernel_start_files`."""
    return sum((out / name).stat().st_size for name in kernel_start_files(out))


def _add_startup(out: Path, total: int, files: Sequence[str] = ()) -> None:
    """Put the start-up box (:mod:`calculators.kit.startup`) at the start of every page's body;
    ``files`` (addresses from the site's root) are the kernel's, fetched by a first visit while
    the page loads; each page gets them as addresses from where it is."""
    from calculators.kit.startup import startup_snippet

    for page in out.rglob("*.html"):
        if page.is_relative_to(out / "build"):
            continue
        text = page.read_text(encoding="utf-8")
        body = re.search(r"<body[^>]*>", text)
        if body is None or "desk-startup" in text:
            continue
        root = Path(os.path.relpath(out, page.parent)).as_posix()
        snippet = startup_snippet(total, [f"{root}/{name}" for name in files])
        page.write_text(text[: body.end()] + "\n" + snippet + text[body.end() :], encoding="utf-8")


#: JupyterLite's own application (the lab): built alongside, never loaded by a page
NOT_FOR_PAGES = ("build/",)
WORKER = "service-worker.js"
#: What the build puts before JupyterLite's service worker (``__FILES__``, ``__VERSION__``
#: filled in). Its fetch listener comes first, so it answers before JupyterLite's own.
OFFLINE_WORKER = """\
"use strict";
// Added by the desk's build (deploy/static_site.py) before JupyterLite's service worker below.
// 1. When a page asks (once it shows its calculator), keep every file any page needs in the
//    worker's cache, so that every calculator opens with no network after one visit; answer
//    {kind: "desk-offline", done} to the page.
// 2. A file asked for with a query (a page's address with its inputs, a script with "?v=")
//    comes from the network and is kept under its address without the query; with no
//    network it comes from that kept copy.
const DESK_FILES = __FILES__;
const DESK_VERSION = "__VERSION__";
const DESK_CACHE = "precache"; // JupyterLite's worker serves from this cache
const DESK_MARK = new URL("desk-offline-version", self.location).href;

async function deskKeep(loaded) {
  const cache = await caches.open(DESK_CACHE);
  const mark = await cache.match(DESK_MARK);
  if (mark && (await mark.text()) === DESK_VERSION) {
    return true;
  }
  const todo = DESK_FILES.map((file) => new URL(file, self.location).href);
  // what the page loaded with a query ("?v=") before this worker saw it: from the browser's
  // cache, kept under the file's own address
  const wanted = new Set(todo);
  for (const address of loaded) {
    const url = new URL(address);
    const plain = url.origin + url.pathname;
    if (url.search && wanted.has(plain) && !(await cache.match(plain))) {
      try {
        const response = await fetch(address, { cache: "force-cache" });
        if (response.status === 200) {
          await cache.put(plain, response);
        }
      } catch (error) {
        // fetched again below
      }
    }
  }
  const fetchSome = async () => {
    for (let url = todo.pop(); url; url = todo.pop()) {
      // a file the page loaded through the worker is kept already: the server only confirms it
      const kept = await cache.match(url);
      const since = kept && kept.headers.get("Last-Modified");
      const response = since
        ? await fetch(url, { cache: "no-store", headers: { "If-Modified-Since": since } })
        : await fetch(url, { cache: "no-cache" });
      if (response.status === 304 && kept) {
        continue;
      }
      if (!response.ok) {
        throw new Error(`${url}: ${response.status}`);
      }
      await cache.put(url, response);
    }
  };
  try {
    await Promise.all([1, 2, 3, 4, 5, 6].map(fetchSome));
  } catch (error) {
    console.warn("Keeping the calculators for offline use failed; next page tries again", error);
    return false;
  }
  await cache.put(DESK_MARK, new Response(DESK_VERSION));
  return true;
}

self.addEventListener("message", (event) => {
  if (event.data && event.data.kind === "desk-keep-offline") {
    const answer = (done) => event.source.postMessage({ kind: "desk-offline", done });
    const loaded = Array.isArray(event.data.loaded) ? event.data.loaded.map(String) : [];
    event.waitUntil(deskKeep(loaded).then(answer));
  }
});

async function deskWithQuery(event) {
  const { request } = event;
  const cache = await caches.open(DESK_CACHE);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept =
      (await cache.match(request)) || (await cache.match(request, { ignoreSearch: true }));
    if (kept) {
      return kept;
    }
    throw error;
  }
  if (response.status === 200) {
    // the same file for every query: kept once, under its address without the query
    const url = new URL(request.url);
    event.waitUntil(cache.put(url.origin + url.pathname, response.clone()));
  }
  return response;
}

// 3. While a page starts, count the bytes of Python and the calculators handed to its kernel
//    (the files under static/pyodide/) and tell the page on the "desk-startup" channel, so it
//    shows how much has arrived (calculators/kit/startup.js); a page that starts says
//    {kind: "desk-start"} and the count starts again.
const deskStartup =
  typeof BroadcastChannel === "function" ? new BroadcastChannel("desk-startup") : null;
const deskCount = { bytes: 0, told: 0 };
function deskTell(now) {
  if (deskStartup && (now || Date.now() - deskCount.told > 150)) {
    deskCount.told = Date.now();
    deskStartup.postMessage({ kind: "desk-bytes", bytes: deskCount.bytes });
  }
}
if (deskStartup) {
  deskStartup.addEventListener("message", (event) => {
    if (event.data && event.data.kind === "desk-start") {
      deskCount.bytes = 0;
    }
  });
}
function deskCounted(response) {
  if (!deskStartup || !response || !response.body || response.status !== 200) {
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        deskTell(true);
        return;
      }
      deskCount.bytes += value.byteLength;
      deskTell(false);
      controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}
const deskRespondWith = FetchEvent.prototype.respondWith;
FetchEvent.prototype.respondWith = function (answer) {
  const counted = this.request.method === "GET" && this.request.url.includes("/static/pyodide/");
  return deskRespondWith.call(this, counted ? Promise.resolve(answer).then(deskCounted) : answer);
};

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const own = url.origin === self.location.origin && !url.pathname.includes("/api/");
  if (request.method === "GET" && own && url.search) {
    event.stopImmediatePropagation(); // JupyterLite's listener would look for this exact query
    event.respondWith(deskWithQuery(event));
  }
});

"""


def offline_files(out: Path) -> list[str]:
    """Every file of the site that a page may load, relative to the site's root."""
    return sorted(
        path
        for path in (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
        if not path.startswith(NOT_FOR_PAGES) and path != WORKER and not path.endswith(COMPRESSED)
    )


#: Put after JupyterLite's service worker. JupyterLite's worker reads ``enableCache`` from its
#: own address only when it activates, once; the browser stops an idle worker and starts it
#: again (after half a minute idle, after a restart), and the worker then fetched every file
#: from the network: with no network and the browser's own cache expired, no page opened.
OFFLINE_WORKER_END = """
// Added by the desk's build: read "enableCache" from the worker's address on every start, not
// only when it first activates, so the kept files answer after the browser restarts it.
enableCache = new URL(self.location.href).searchParams.get("enableCache") === "true";
"""


def _add_offline_worker(out: Path) -> None:
    """Put :data:`OFFLINE_WORKER` before JupyterLite's service worker and
    :data:`OFFLINE_WORKER_END` after it."""
    worker = out / WORKER
    upstream = worker.read_text(encoding="utf-8")
    if 'addEventListener("fetch"' not in upstream or "precache" not in upstream:
        raise SystemExit(
            f"build-static: {worker} is not the JupyterLite service worker this build extends"
        )
    if "let enableCache=" not in upstream:
        raise SystemExit(
            f"build-static: {worker} no longer keeps its cache switch in 'let enableCache';"
            " see OFFLINE_WORKER_END"
        )
    files = offline_files(out)
    version = hashlib.sha256()
    for path in files:
        version.update(path.encode() + b"\0" + (out / path).read_bytes())
    addition = OFFLINE_WORKER.replace("__FILES__", json.dumps(files)).replace(
        "__VERSION__", version.hexdigest()[:16]
    )
    worker.write_text(addition + upstream + OFFLINE_WORKER_END, encoding="utf-8")


#: Copies the build writes beside a file, for hosts that serve them as they are.
COMPRESSED = (".br", ".gz")
#: Already compressed inside (wheels are zip archives): never worth a copy.
INCOMPRESSIBLE = (".whl", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", *COMPRESSED)
#: A copy is written only when it is at least this much smaller than the file.
SAVING = 0.9


def precompress(out: Path) -> tuple[int, int]:
    """Write ``file.br`` and ``file.gz`` beside every file they make smaller.

    Returns the bytes of the site's files and of what a brotli-capable visitor would be sent
    for them. Brotli copies of the largest files use a lower quality (quality 11 takes minutes
    on Pyodide's 9 MB core for 2 % less).
    """
    import brotli  # the 'static' extra; only the build needs it

    plain = sent = 0
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        if path.name.endswith(INCOMPRESSIBLE):
            continue
        data = path.read_bytes()
        plain += len(data)
        best = len(data)
        quality = 11 if len(data) < 2_000_000 else 9
        copies = {
            ".br": brotli.compress(data, quality=quality),
            ".gz": gzip.compress(data, compresslevel=9, mtime=0),
        }
        for suffix, copy in copies.items():
            target = path.with_name(path.name + suffix)
            if len(copy) <= SAVING * len(data):
                target.write_bytes(copy)
                os.utime(target, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns))
                best = min(best, len(copy))
            else:
                target.unlink(missing_ok=True)
        sent += best
    return plain, sent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "build" / "static"))
    parser.add_argument("--cache", default=str(REPO / "build" / "cache"))
    parser.add_argument("--contents", default=str(REPO / "notebooks"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    build(Path(args.out), Path(args.cache), Path(args.contents))


if __name__ == "__main__":
    main()
