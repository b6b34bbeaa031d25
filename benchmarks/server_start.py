"""Fresh starts under a burst: how soon a restarted server serves, and whether it ever hangs.

Each round starts a server from the repository root (so it reads ``voila.json``), and as soon
as it answers HTTP, sends a burst of simultaneous page requests (one thread per visitor, so
nobody waits in line inside the client) while the kernel pools are still filling. It records
the time from the start to the first served page and to the last, and counts a round as hung
when a page or the server itself does not answer within ``--hang-after`` seconds.

    .venv/bin/python benchmarks/server_start.py --starts 20 --burst 6 --baseline-starts 3

``desk`` is ``python -m calculators.server`` with ``voila.json``; ``voila`` is the plain
``voila`` command with Voila's own kernel manager and TCP ports (the settings before the
desk's server), measured in the same run, interleaved. Requests go to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from harness import EARLIER_SETTINGS, VOILA, free_port, stop, voila_command

REPO = Path(__file__).resolve().parents[1]
PAGES = (
    "vtm_dice.ipynb",
    "vtes_damage.ipynb",
    "dracula.ipynb",
    "00_index.ipynb",
    "vtes_combat.ipynb",
    "rules_reference.ipynb",
)


@dataclass
class Round:
    server: str
    up_s: float = 0.0  # start to the first HTTP answer
    first_page_s: float = 0.0  # start to the first page served
    last_page_s: float = 0.0  # start to the last page of the burst
    pages: list[float] = field(default_factory=list)  # each page, from its request
    failed: int = 0
    hung: bool = False
    # desk only: kernels ready in the pools, and their target, when the first page was served
    pools_at_first_page: tuple[int, int] | None = None


def command(server: str, port: int) -> list[str]:
    if server == "desk":
        return voila_command(port)
    return voila_command(port, *EARLIER_SETTINGS, program=VOILA)


def _page(url: str, timeout: float) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            body = response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError):
        return False
    return re.search(r'"kernelId": "[0-9a-f-]+"', body) is not None


def _pools(base: str) -> tuple[int, int] | None:
    """Kernels ready in the desk's pools and their target, from its health endpoint."""
    try:
        with urllib.request.urlopen(f"{base}/health", timeout=10) as response:
            pools = json.loads(response.read())["pools"].values()
    except (urllib.error.URLError, OSError, ValueError, KeyError):
        return None
    return sum(p["ready"] for p in pools), sum(p["target"] for p in pools)


def one_round(server: str, burst: int, hang_after: float) -> Round:
    result = Round(server)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    start = time.monotonic()
    proc = subprocess.Popen(
        command(server, port), cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = start + hang_after
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=2),
            ):
                break
            time.sleep(0.1)
        else:
            result.hung = True
            return result
        result.up_s = time.monotonic() - start
        served: list[float] = []
        lock = threading.Lock()

        def visitor(page: str) -> None:
            asked = time.monotonic()
            ok = _page(f"{base}/voila/render/{page}", hang_after)
            with lock:
                if ok:
                    result.pages.append(time.monotonic() - asked)
                    served.append(time.monotonic() - start)
                else:
                    result.failed += 1
                first = ok and len(served) == 1
            if first and server == "desk":
                result.pools_at_first_page = _pools(base)

        threads = [
            threading.Thread(target=visitor, args=(PAGES[i % len(PAGES)],), daemon=True)
            for i in range(burst)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(hang_after + 5)
        alive = False
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(f"{base}/voila/static/voila.js", timeout=10),
        ):
            alive = True
        result.hung = not alive or any(thread.is_alive() for thread in threads)
        if served:
            result.first_page_s, result.last_page_s = min(served), max(served)
        return result
    finally:
        stop(proc, 30)


def summary(rounds: list[Round]) -> str:
    def med(values: list[float]) -> str:
        return f"{statistics.median(values):6.1f}" if values else "     -"

    lines = [
        f"{'server':7} {'starts':>6} {'hung':>4} {'failed':>6} {'up s':>6} "
        f"{'1st page s':>10} {'last page s':>11}  (medians over starts; from the start)"
    ]
    for server in ("voila", "desk"):
        mine = [r for r in rounds if r.server == server]
        if not mine:
            continue
        ok = [r for r in mine if not r.hung]
        lines.append(
            f"{server:7} {len(mine):6} {sum(r.hung for r in mine):4} "
            f"{sum(r.failed for r in mine):6} {med([r.up_s for r in ok]):>6} "
            f"{med([r.first_page_s for r in ok if r.pages]):>10} "
            f"{med([r.last_page_s for r in ok if r.pages]):>11}"
        )
    both = {
        s: [r.first_page_s for r in rounds if r.server == s and r.pages] for s in ("voila", "desk")
    }
    if both["voila"] and both["desk"]:
        ratio = statistics.median(both["voila"]) / statistics.median(both["desk"])
        lines.append(f"first page, voila / desk: {ratio:.1f}x")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=20, help="fresh starts per server")
    parser.add_argument("--burst", type=int, default=6, help="simultaneous page requests")
    parser.add_argument("--hang-after", type=float, default=240.0)
    parser.add_argument("--server", choices=("both", "desk", "voila"), default="both")
    parser.add_argument(
        "--baseline-starts", type=int, help="with both: plain voila only in the first N starts"
    )
    args = parser.parse_args()
    rounds = []
    for i in range(args.starts):
        servers: tuple[str, ...] = ("voila", "desk") if args.server == "both" else (args.server,)
        if args.baseline_starts is not None and i >= args.baseline_starts:
            servers = ("desk",)
        for server in servers:  # interleaved, so that other work on the machine hits both
            result = one_round(server, args.burst, args.hang_after)
            rounds.append(result)
            print(
                f"start {i + 1} {server}: up {result.up_s:.1f} s, first page "
                f"{result.first_page_s:.1f} s, last {result.last_page_s:.1f} s, "
                f"failed {result.failed}{', HUNG' if result.hung else ''}"
                + (
                    f", pools {result.pools_at_first_page[0]}/{result.pools_at_first_page[1]}"
                    " ready at the first page"
                    if result.pools_at_first_page
                    else ""
                ),
                flush=True,
            )
    print(summary(rounds))
    sys.exit(1 if any(r.hung for r in rounds if r.server == "desk") else 0)


if __name__ == "__main__":
    main()
