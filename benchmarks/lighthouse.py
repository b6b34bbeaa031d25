"""Lighthouse on every page of the desk's server: the scores a phone's reader gets.

Lighthouse (pinned, installed with npm into ``build/npm/lighthouse/`` on first use) audits each
page in Debian's Chromium with its default mobile profile (a mid-range phone, simulated slow 4G
and a 4x slower CPU): the landing page by the desk's own address ``/`` (it redirects to the
landing notebook in the reader's language), then every page the landing page links to. The
server is the desk's, started as the tests start it; before each page the benchmark waits until
the kernel pools are full again, as on a server that has been up. Printed per page: the four
category scores, the JavaScript the page downloads (bytes on the wire) and the part of it
Lighthouse finds unused, then the ids of the audits each page fails.

    .venv/bin/python benchmarks/lighthouse.py [--only vtm_dice.ipynb] [--runs 3]

With ``--runs`` above 1, each figure is the median over the runs. The full reports are kept
in ``build/lighthouse/`` (one JSON file per page and run). About a minute per page and run on
a quiet 2-core machine. Requests go to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from harness import REPO, voila_server

VERSION = "12.2.3"  # the newest that installs and runs with Node 20 here
PREFIX = REPO / "build/npm/lighthouse"
CLI = PREFIX / "node_modules/.bin/lighthouse"
REPORTS = REPO / "build/lighthouse"
CHROME = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
CHROME_FLAGS = "--headless=new --no-sandbox"
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
SHORT = {"performance": "Perf", "accessibility": "A11y", "best-practices": "BP", "seo": "SEO"}
LANDING_ADDRESS = "/"
# An audit fails as Lighthouse's report counts it: a pass/fail audit below 1, a scored one
# below 0.9; audits that only inform, or do not apply, never fail.
SCORED = {"binary": 1.0, "numeric": 0.9, "metricSavings": 0.9}


def pages() -> list[str]:
    """The addresses audited: the desk's own address, then each page the landing page lists."""
    sys.path.insert(0, str(REPO))
    from calculators.pages.landing.page import PAGES

    return [LANDING_ADDRESS, *(f"/voila/render/{card.notebook}" for card in PAGES)]


def install() -> Path:
    """Lighthouse's command, installed with npm (exactly :data:`VERSION`) when missing."""
    installed = PREFIX / "node_modules/lighthouse/package.json"
    if not (installed.is_file() and json.loads(installed.read_text())["version"] == VERSION):
        if shutil.which("npm") is None:
            raise SystemExit("Lighthouse needs npm (Node.js): install Node.js, then run again.")
        PREFIX.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "i", "-E", "--no-audit", "--no-fund", "--prefix", str(PREFIX),
             f"lighthouse@{VERSION}"],
            check=True,
        )  # fmt: skip
    return CLI


def pools_full(base: str, seconds: float) -> bool:
    """Waits until every kernel pool holds its target (the desk's health endpoint)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=10) as response:
                pools = json.loads(response.read())["pools"].values()
            if all(p["ready"] >= p["target"] for p in pools):
                return True
        except (urllib.error.URLError, OSError, ValueError, KeyError):
            pass
        time.sleep(1)
    return False


def audit(cli: Path, url: str, report: Path) -> dict[str, Any]:
    """One Lighthouse run on ``url``; its JSON report (also written to ``report``)."""
    report.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            str(cli),
            url,
            "--output=json",
            f"--output-path={report}",
            f"--chrome-flags={CHROME_FLAGS}",
            "--quiet",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": CHROME},
        timeout=600,
    )
    result: dict[str, Any] = json.loads(report.read_text())
    return result


def figures(lhr: dict[str, Any]) -> dict[str, Any]:
    """What the table shows of one report: scores (0-100), JS bytes, failed audits."""
    scores = {
        c: round(100 * lhr["categories"][c]["score"])
        if lhr["categories"][c]["score"] is not None
        else float("nan")
        for c in CATEGORIES
    }
    audits = lhr["audits"]
    summary = audits["resource-summary"]["details"]["items"]
    script = next((i["transferSize"] for i in summary if i["resourceType"] == "script"), 0)
    unused = audits["unused-javascript"].get("details", {}).get("overallSavingsBytes", 0)
    failed = set()
    for category in CATEGORIES:
        for ref in lhr["categories"][category]["auditRefs"]:
            found = audits[ref["id"]]
            bar = SCORED.get(found["scoreDisplayMode"])
            if bar is not None and found["score"] is not None and found["score"] < bar:
                failed.add(ref["id"])
    if lhr.get("runtimeError"):
        failed.add(f"runtimeError:{lhr['runtimeError'].get('code')}")
    return {
        "scores": scores,
        "blocking": audits["total-blocking-time"].get("numericValue", float("nan")),
        # Lighthouse's own measure of the host's CPU (higher is faster): scores on machines
        # of different speeds are compared by it
        "cpu": lhr.get("environment", {}).get("benchmarkIndex", float("nan")),
        "script": script,
        "unused": unused,
        "failed": failed,
        "final": lhr.get("finalDisplayedUrl", lhr.get("finalUrl", "")),
    }


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def table(results: dict[str, list[dict[str, Any]]]) -> str:
    def med(values: Sequence[float]) -> float:
        return statistics.median(values)

    head = f"{'page':28} " + " ".join(f"{SHORT[c]:>5}" for c in CATEGORIES)
    lines = [head + f" {'blocking ms':>11} {'JS KiB':>7} {'unused KiB':>10}"]
    for page, runs in results.items():
        name = page.rsplit("/", 1)[-1] or "/ (landing)"
        scores = " ".join(f"{med([r['scores'][c] for r in runs]):5.0f}" for c in CATEGORIES)
        script = med([r["script"] for r in runs]) / 1024
        unused = med([r["unused"] for r in runs]) / 1024
        blocking = med([r["blocking"] for r in runs])
        lines.append(f"{name:28} {scores} {blocking:11.0f} {script:7.0f} {unused:10.0f}")
    cpu = med([r["cpu"] for runs in results.values() for r in runs])
    lines.append("")
    lines.append(f"host CPU, Lighthouse's benchmark index (higher is faster), median: {cpu:.0f}")
    lines.append("")
    lines.append("failed audits (in any run):")
    for page, runs in results.items():
        name = page.rsplit("/", 1)[-1] or "/ (landing)"
        failed = sorted(set().union(*(r["failed"] for r in runs)))
        lines.append(f"  {name}: {' '.join(failed) or '-'}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="notebook names (or / for the landing page)")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page")
    parser.add_argument("--fill-seconds", type=float, default=180, help="wait for the pools")
    args = parser.parse_args(argv)
    cli = install()
    addresses = pages()
    if args.only:
        addresses = [a for a in addresses if a.rsplit("/", 1)[-1] in args.only or a in args.only]
    print(f"Lighthouse {VERSION}, {CHROME}, mobile profile; load average {load_average()}")
    results: dict[str, list[dict[str, Any]]] = {}
    with voila_server(None, stop_seconds=30) as server:
        for run in range(args.runs):
            for address in addresses:
                if not pools_full(server.url, args.fill_seconds):
                    print(f"  (the pools were not full after {args.fill_seconds:.0f} s)")
                name = address.rsplit("/", 1)[-1].removesuffix(".ipynb") or "landing"
                lhr = audit(cli, server.url + address, REPORTS / f"{name}-{run + 1}.json")
                results.setdefault(address, []).append(figures(lhr))
                print(f"  {name} run {run + 1}: load average {load_average()}", flush=True)
    print()
    print(table(results))
    print(f"\nload average at the end: {load_average()}")


if __name__ == "__main__":
    main()
