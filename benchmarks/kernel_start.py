"""Cold kernel start per notebook: how long a new kernel takes before its page can be shown.

When visitors outnumber Voila's preheated kernels, a kernel starts from cold and runs its
notebook while the visitor waits. For every notebook this measures, in fresh processes:

* fresh python: a new interpreter imports what the notebook needs and runs its code cells
  (wall time from process start to exit; the first cell, which builds the page, separately);
* kernel: a new ipykernel until it is ready and has run every cell, started as plain Voila
  starts it (a new interpreter, for both trees) and as the desk's server does (forked from its
  nursery, this tree); its CPU until the page's widget exists (the first cell) and in all.

Each figure is the median of ``--repeat`` runs. The same figures are measured, interleaved in
the same run, for the code at a baseline revision (``--baseline``, extracted read-only with
``git archive``) so the ratio before/now compares like with like on this shared machine; the
ratios use CPU seconds (medians, and best runs, which other work disturbs least). Children
write bytecode caches and one warm-up run per tree comes first, so no timed run compiles
sources (with ``PYTHONDONTWRITEBYTECODE=1`` a cold kernel recompiles every module edited
since its cache was written: about 0.2 s for the whole project).
Then, per notebook, where the time goes: the imports that cost most (``-X importtime``) and
the project functions that dominate running the cells (cProfile).

    .venv/bin/python benchmarks/kernel_start.py [--repeat 3] [--baseline REV | --baseline none]
        [--no-kernel] [--only vtm_dice.ipynb]

The default baseline, 2a442a0, is the last revision before the cold-start work: since then
the VTES combat and damage pages no longer import the torpor, influence, victory and contest
engines (``rules.vtes`` loads them on first use), and the Dracula page draws its round
resolver's trace when that tab opens (drawing a trace loads the rules reference, about 70 ms
of CPU, for the links' titles). Later changes of any kind count in that ratio too (the
Dracula page has grown since); to isolate one change, pass a folder holding the tree without
it. The column "what they include" shows which costly optional parts a cold start loaded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
DEFAULT_BASELINE = "2a442a0"  # the last revision before the cold-start work
NOTEBOOKS = (
    "00_index.ipynb",
    "vtes_damage.ipynb",
    "vtes_combat.ipynb",
    "vtes_table.ipynb",
    "dracula.ipynb",
    "vtm_dice.ipynb",
    "rules_reference.ipynb",
)
PROJECT = ("calculators", "rules")
# loaded only when needed: a cold start that shows one of these paid for it
HEAVY = {
    "sympy": "sympy",
    "icepool": "icepool",
    "gmpy2": "gmpy2",
    "numpy": "numpy",
    "rules.reference.loader": "reference",
    "rules.vtes.torpor": "vtes-table-engines",
}

# Runs a notebook's code cells in a fresh interpreter, as a kernel would, and prints the
# seconds each cell took. Its own imports (json, sys, time) are needed by any interpreter.
RUNNER = r"""
import json, sys, time
cells = json.loads(sys.argv[1])
namespace = {"__name__": "__main__"}
took = []
for source in cells:
    start = time.process_time()
    exec(compile(source, "<cell>", "exec"), namespace)
    took.append(time.process_time() - start)
print(json.dumps({"cells_cpu": took, "modules": sorted(sys.modules)}))
"""

PROFILER = r"""
import cProfile, json, pstats, sys, time
cells = json.loads(sys.argv[1])
namespace = {"__name__": "__main__"}
profile = cProfile.Profile()
profile.enable()
for source in cells:
    exec(compile(source, "<cell>", "exec"), namespace)
profile.disable()
rows = []
for (path, line, name), (_cc, _nc, _tt, cum, _callers) in pstats.Stats(profile).stats.items():
    rows.append([path, line, name, cum])
print(json.dumps(rows))
"""


@dataclass
class Figures:
    """Seconds of every run of one notebook in one tree."""

    python_wall: list[float] = field(default_factory=list)
    python_cpu: list[float] = field(default_factory=list)  # the interpreter's user + system
    first_cell_cpu: list[float] = field(default_factory=list)
    kernel_ready: list[float] = field(default_factory=list)
    kernel_total: list[float] = field(default_factory=list)
    kernel_cpu: list[float] = field(default_factory=list)
    kernel_first_cpu: list[float] = field(default_factory=list)  # when the page's widget exists
    errors: list[str] = field(default_factory=list)
    modules: int = 0  # modules loaded after the cells ran (last run)
    heavy: tuple[str, ...] = ()  # which of HEAVY were loaded


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def code_cells(tree: Path, notebook: str) -> list[str]:
    doc = json.loads((tree / "notebooks" / notebook).read_text(encoding="utf-8"))
    return [
        "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        for cell in doc["cells"]
        if cell["cell_type"] == "code"
    ]


def _env(tree: Path) -> dict[str, str]:
    """The tree's packages first on the path (ahead of the editable install of the repo)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a warm-up run leaves current bytecode caches
    env.pop("VOILA_PREHEAT", None)
    env.pop("QUERY_STRING", None)
    return env


@contextlib.contextmanager
def baseline_tree(rev: str) -> Iterator[Path | None]:
    """The project's code at ``rev`` (extracted read-only into a temporary folder) or in a
    folder holding ``calculators/``, ``rules/`` and ``notebooks/``."""
    if rev.lower() == "none":
        yield None
        return
    if Path(rev).is_dir():  # a prepared tree (calculators/, rules/, notebooks/)
        yield Path(rev).resolve()
        return
    with tempfile.TemporaryDirectory(prefix="kernel-start-") as tmp:
        archive = Path(tmp) / "tree.tar"
        try:
            paths = (*PROJECT, "notebooks")
            done = subprocess.run(
                ["git", "archive", "--format=tar", f"--output={archive}", rev, *paths],
                cwd=REPO,
                capture_output=True,
                text=True,
                check=False,
            )
            problem = done.stderr.strip() if done.returncode != 0 else ""
        except OSError as error:  # no git here
            problem = str(error)
        if problem:
            print(f"baseline {rev!r} not available ({problem}); no comparison")
            yield None
            return
        with tarfile.open(archive) as tar:
            tar.extractall(tmp, filter="data")
        yield Path(tmp)


def run_python(tree: Path, notebook: str, figures: Figures) -> None:
    cells = code_cells(tree, notebook)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [PYTHON, "-c", RUNNER, json.dumps(cells)],
        cwd=tree / "notebooks",
        env=_env(tree),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - used.ru_utime + after.ru_stime - used.ru_stime
    if done.returncode != 0:
        figures.errors.append(done.stderr.strip().splitlines()[-1] if done.stderr else "failed")
        return
    report = json.loads(done.stdout.strip().splitlines()[-1])
    figures.python_wall.append(wall)
    figures.python_cpu.append(cpu)
    figures.first_cell_cpu.append(report["cells_cpu"][0])
    figures.modules = len(report["modules"])
    figures.heavy = tuple(label for name, label in HEAVY.items() if name in report["modules"])


KERNEL_LABELS = {"before": "new interpreter, before", "now": "new interpreter", "forked": "forked"}
_LOOP = asyncio.new_event_loop()  # one loop for every kernel start: the nursery lives in it


def run_kernel(tree: Path, notebook: str, figures: Figures, forked: bool = False) -> None:
    """Start a kernel as the server does (``forked``: from the nursery of
    :mod:`calculators.server.forking`; else as a new interpreter, as plain Voila does) and run
    the notebook's cells; record its seconds and its CPU, after the first cell (the page's
    widget exists) and after all."""
    _LOOP.run_until_complete(_run_kernel(tree, notebook, figures, forked))


async def _run_kernel(tree: Path, notebook: str, figures: Figures, forked: bool) -> None:
    import psutil
    from jupyter_client.manager import AsyncKernelManager

    from calculators.server.kernels import DeskKernelManager

    cells = code_cells(tree, notebook)
    manager: AsyncKernelManager = (
        DeskKernelManager() if forked else AsyncKernelManager(kernel_name="python3")
    )
    start = time.perf_counter()
    await manager.start_kernel(
        cwd=str(tree / "notebooks"), env=_env(tree), stderr=subprocess.DEVNULL
    )
    client = manager.client()
    process = psutil.Process(manager.provisioner.process.pid)  # type: ignore[union-attr]

    def cpu() -> float:
        times = process.cpu_times()
        return float(times.user + times.system)

    try:
        client.start_channels()
        await client.wait_for_ready(timeout=120)
        ready = time.perf_counter() - start
        first_cpu = 0.0
        for number, source in enumerate(cells):
            reply = await client.execute_interactive(
                source, timeout=120, output_hook=lambda _m: None
            )
            if reply["content"]["status"] != "ok":
                figures.errors.append(f"cell failed: {reply['content'].get('ename')}")
                return
            if number == 0:
                first_cpu = cpu()
        figures.kernel_ready.append(ready)
        figures.kernel_total.append(time.perf_counter() - start)
        figures.kernel_first_cpu.append(first_cpu)
        figures.kernel_cpu.append(cpu())
    finally:
        client.stop_channels()
        await manager.shutdown_kernel(now=True)


# -- where the time goes ------------------------------------------------------------------
_IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")


def import_contributors(tree: Path, notebook: str, top: int, runs: int) -> tuple[float, list[str]]:
    """Import time of the cells (s) and the costliest imports as 'name ms' strings.

    Listed: modules the cells import directly, by cumulative time, with the notebook's page
    module opened up one level (its own imports listed instead). Each figure is the best of
    ``runs`` runs: on a shared machine the best run is the one least slowed by other work.
    """
    cells = code_cells(tree, notebook)
    totals: list[int] = []
    best: dict[str, int] = {}
    for _ in range(runs):
        done = subprocess.run(
            [PYTHON, "-X", "importtime", "-c", RUNNER, json.dumps(cells)],
            cwd=tree / "notebooks",
            env=_env(tree),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        total, found = _parse_importtime(done.stderr)
        totals.append(total)
        for name, cum in found.items():
            best[name] = min(best.get(name, cum), cum)
    listed = sorted(((cum, name) for name, cum in best.items()), reverse=True)
    return min(totals) / 1e6, [f"{name} {cum / 1000:.0f} ms" for cum, name in listed[:top]]


def _parse_importtime(text: str) -> tuple[int, dict[str, int]]:
    """Total microseconds of the cells' imports and {module: cumulative us} of those listed."""
    rows: list[tuple[int, int, str]] = []  # (depth, cumulative us, module)
    for line in text.splitlines():
        match = _IMPORT_LINE.match(line)
        if match:
            rows.append((len(match.group(3)) // 2, int(match.group(2)), match.group(4)))
    # importtime prints a module after its children: the next shallower line is the parent
    parent: dict[int, str] = {}
    pending: list[int] = []
    for index, (depth, _cum, name) in enumerate(rows):
        while pending and rows[pending[-1]][0] > depth:
            parent[pending.pop()] = name
        pending.append(index)
    startup = ("json", "sys", "time", "site", "encodings", "_frozen_importlib_external")
    total = 0
    found: dict[str, int] = {}
    for index, (depth, cum, name) in enumerate(rows):
        if depth == 0 and name.split(".")[0] in startup:
            continue
        if depth == 0:
            total += cum
        by_page = _is_page_module(parent.get(index, ""))
        if (depth == 0 or by_page) and not _is_page_module(name):
            found[name] = max(found.get(name, 0), cum)
    return total, found


def _is_page_module(name: str) -> bool:
    """Packages and the notebook's page module: their cost is what their imports add up to."""
    parts = name.split(".")
    return name in PROJECT or (parts[:2] == ["calculators", "pages"] and len(parts) <= 4)


def profile_contributors(tree: Path, notebook: str, top: int) -> list[str]:
    """The project's functions taking most of the cells' time, as 'name share%' strings."""
    cells = code_cells(tree, notebook)
    done = subprocess.run(
        [PYTHON, "-c", PROFILER, json.dumps(cells)],
        cwd=tree / "notebooks",
        env=_env(tree),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        return ["(profile failed)"]
    rows = json.loads(done.stdout.strip().splitlines()[-1])
    whole = max((row[3] for row in rows), default=0.0) or 1.0
    candidates = []
    for path, line, name, cum in rows:
        rel = _project_path(path, tree)
        if rel is None or not rel.startswith("rules/") or name in ("<module>", "<listcomp>"):
            continue
        candidates.append((cum, f"{rel.removesuffix('.py').replace('/', '.')}.{name}:{line}"))
    out: list[str] = []
    shown: list[float] = []
    for cum, label in sorted(candidates, reverse=True):
        if cum < 0.03 * whole:
            break
        if any(cum > 0.8 * other for other in shown):
            continue  # most likely the same call chain as one already listed
        shown.append(cum)
        out.append(f"{label} {100 * cum / whole:.0f}%")
        if len(out) == top:
            break
    return out


def _project_path(path: str, tree: Path) -> str | None:
    for root in (tree, REPO):
        with contextlib.suppress(ValueError):
            rel = Path(path).resolve().relative_to(root.resolve())
            if rel.parts and rel.parts[0] in PROJECT:
                return str(rel)
    return None


# -- report -----------------------------------------------------------------------------
def _ratio(before: list[float], now: list[float]) -> str:
    """Ratio of medians, then of the best runs (least disturbed by other work)."""
    if not before or not now:
        return "     -"
    return f"{_median(before) / _median(now):5.2f}x {min(before) / min(now):5.2f}x"


def _secs(values: list[float]) -> str:
    return f"{_median(values):6.2f}" if values else "     -"


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--baseline", default=DEFAULT_BASELINE, help="git revision, a folder, or none"
    )
    parser.add_argument("--no-kernel", action="store_true", help="skip the ipykernel starts")
    parser.add_argument("--only", action="append", help="measure only this notebook")
    parser.add_argument("--top", type=int, default=5)
    args = parser.parse_args(argv)
    notebooks = [
        name
        for name in NOTEBOOKS
        if (REPO / "notebooks" / name).is_file() and (not args.only or name in args.only)
    ]
    with baseline_tree(args.baseline) as base:
        trees: dict[str, Path] = {"now": REPO}
        if base is not None:
            trees["before"] = base
        kernel_runs = [(label, tree, False) for label, tree in trees.items()]
        kernel_runs.append(("forked", REPO, True))
        figures = {(t, nb): Figures() for t, _, _ in kernel_runs for nb in notebooks}
        for notebook in notebooks:  # warm-up, not counted: bytecode caches and disk caches
            for tree in trees.values():
                run_python(tree, notebook, Figures())
        for _ in range(args.repeat):  # interleaved, so that load drifts hit both trees alike
            for notebook in notebooks:
                for label, tree in trees.items():
                    run_python(tree, notebook, figures[(label, notebook)])
                if not args.no_kernel:
                    for label, tree, forked in kernel_runs:
                        run_kernel(tree, notebook, figures[(label, notebook)], forked)
        has_base = "before" in trees
        print(
            f"cold start per notebook, median of {args.repeat}; ratios compare CPU seconds"
            " (user + system), which depend less on other work on the machine, as medians"
            " and as best runs"
            + (f"\nbefore = {args.baseline}, now = this tree" if has_base else "")
        )
        print("\nfresh python: interpreter, imports, every code cell")
        head = f"{'notebook':22} {'wall s':>7} {'CPU s':>6} {'1st cell CPU':>12}"
        head += f" {'before CPU':>10} {'before/now, best':>16}" if has_base else ""
        print(f"{head}  modules{' (before)' if has_base else ''} and what they include")
        for notebook in notebooks:
            now = figures[("now", notebook)]
            before = figures.get(("before", notebook), Figures())
            line = (
                f"{notebook:22} {_secs(now.python_wall):>7} {_secs(now.python_cpu):>6} "
                f"{_secs(now.first_cell_cpu):>12}"
            )
            if has_base:
                b, n = before.python_cpu, now.python_cpu
                line += f" {_secs(b):>10} {_ratio(b, n):>16}"
            line += f"  {now.modules}" + (f" ({before.modules})" if has_base else "")
            line += f" {', '.join(now.heavy) or '-'}"
            if has_base and before.heavy != now.heavy:
                line += f" (before: {', '.join(before.heavy) or '-'})"
            print(line, flush=True)
        if not args.no_kernel:
            print(
                "\nipykernel until every cell ran: started as a new interpreter (as plain Voila"
                " does), or forked from the server's nursery (calculators.server.forking);"
                " CPU of the kernel process until the page's widget exists and until the end"
            )
            head = f"{'notebook':22} {'start':24} {'ready s':>7} {'+cells s':>8}"
            print(head + f" {'CPU to widget':>13} {'CPU s':>6}")
            for notebook in notebooks:
                for label, _tree, _forked in kernel_runs:
                    f = figures[(label, notebook)]
                    line = (
                        f"{notebook:22} {KERNEL_LABELS[label]:24} {_secs(f.kernel_ready):>7} "
                        f"{_secs(f.kernel_total):>8} {_secs(f.kernel_first_cpu):>13} "
                        f"{_secs(f.kernel_cpu):>6}"
                    )
                    print(line, flush=True)
                if has_base:
                    b = figures[("before", notebook)].kernel_first_cpu
                    n = figures[("forked", notebook)].kernel_first_cpu
                    print(f"{'':22} {'CPU to widget, before/forked (best)':>45} {_ratio(b, n)}")
        for notebook in notebooks:
            for label, _tree, _forked in kernel_runs:
                for error in figures[(label, notebook)].errors[:1]:
                    print(f"{notebook} ({label}): {error}")
        print(f"\nwhere the time goes (this tree; imports: best of {args.repeat} runs)")
        for notebook in notebooks:
            total, imports = import_contributors(REPO, notebook, args.top, args.repeat)
            hot = profile_contributors(REPO, notebook, 3)
            print(f"{notebook}: imports {total:.2f} s: {', '.join(imports)}")
            print(f"  running the cells, share of profiled time: {', '.join(hot) or '-'}")


if __name__ == "__main__":
    main()
