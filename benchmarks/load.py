"""Load on loopback: many visitors opening and using calculator pages at once.

Each simulated visitor is a websocket client, like a browser tab: it asks for a page (Voila
renders it in a kernel), connects to that kernel's websocket, asks for the widgets' state as the
page's script does, switches the page to Russian through the language buttons, and waits for the
translated heading to come back. The run reports first-render and use latencies, the memory of
each kernel, and whether idle kernels were culled and their memory returned.

    .venv/bin/python benchmarks/load.py --users 30

It starts its own Voila (from the repository root, with ``voila.json``, idle kernels culled after
a few seconds) and stops it at the end. Requests go to 127.0.0.1 only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psutil
from websockets.asyncio.client import connect

REPO = Path(__file__).resolve().parents[1]
PAGES = (
    "vtes_damage.ipynb",
    "vtes_combat.ipynb",
    "vtes_table.ipynb",
    "dracula.ipynb",
    "vtm_dice.ipynb",
    "rules_reference.ipynb",
)
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


@dataclass
class Visit:
    page: str
    render_s: float = 0.0
    use_s: float = 0.0
    error: str = ""


@dataclass
class LoadReport:
    visits: list[Visit]
    kernel_rss_mb: list[float] = field(default_factory=list)
    kernels_at_peak: int = 0
    kernels_after_cull: int = 0
    rss_at_peak_mb: float = 0.0
    rss_after_cull_mb: float = 0.0

    @property
    def failures(self) -> list[Visit]:
        return [v for v in self.visits if v.error]

    def summary(self) -> str:
        ok = [v for v in self.visits if not v.error]
        lines = [f"visitors: {len(self.visits)}, failed: {len(self.failures)}"]
        if ok:
            renders = sorted(v.render_s for v in ok)
            uses = sorted(v.use_s for v in ok)
            lines.append(
                f"first render: median {statistics.median(renders):.2f} s, "
                f"p95 {_p95(renders):.2f} s; use (language switch round trip): "
                f"median {statistics.median(uses) * 1000:.0f} ms, p95 {_p95(uses) * 1000:.0f} ms"
            )
        if self.kernel_rss_mb:
            lines.append(
                f"memory per kernel: median {statistics.median(self.kernel_rss_mb):.0f} MB "
                f"(max {max(self.kernel_rss_mb):.0f} MB)"
            )
        lines.append(
            f"kernels: {self.kernels_at_peak} at peak ({self.rss_at_peak_mb:.0f} MB), "
            f"{self.kernels_after_cull} after culling ({self.rss_after_cull_mb:.0f} MB)"
        )
        for visit in self.failures:
            lines.append(f"  failed {visit.page}: {visit.error}")
        return "\n".join(lines)


def _p95(values: Sequence[float]) -> float:
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def _message(msg_type: str, content: dict[str, Any], session: str, **meta: str) -> str:
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "msg_type": msg_type,
                "username": "visitor",
                "session": session,
                "date": datetime.now(UTC).isoformat(),
                "version": "5.3",
            },
            "parent_header": {},
            "metadata": meta,
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


def _fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=180) as response:
        return str(response.read().decode("utf-8", "replace"))


async def _next_comm(ws: Any, want: Any, seconds: float) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("no answer from the kernel in time")
        raw = await asyncio.wait_for(ws.recv(), left)
        if not isinstance(raw, str):
            continue
        msg = json.loads(raw)
        if msg.get("msg_type") == "comm_msg" and want(msg["content"]["data"]):
            return dict(msg)


async def visit(base: str, page: str, timeout: float = 120) -> Visit:
    result = Visit(page)
    try:
        start = time.monotonic()
        html = await asyncio.to_thread(_fetch, f"{base}/voila/render/{page}")
        result.render_s = time.monotonic() - start
        match = re.search(r'"kernelId": "([0-9a-f-]+)"', html)
        if not match:
            raise RuntimeError("the page did not name its kernel")
        session = uuid.uuid4().hex
        url = f"{base.replace('http', 'ws')}/api/kernels/{match.group(1)}/channels"
        async with connect(f"{url}?session_id={session}", open_timeout=60, max_size=None) as ws:
            control = uuid.uuid4().hex
            await ws.send(
                _message(
                    "comm_open",
                    {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                    session,
                    version="1.0.0",
                )
            )
            await ws.send(
                _message(
                    "comm_msg",
                    {"comm_id": control, "data": {"method": "request_states"}},
                    session,
                    version="1.0.0",
                )
            )
            states = await _next_comm(ws, lambda d: d.get("method") == "update_states", timeout)
            switch = next(
                model_id
                for model_id, model in states["content"]["data"]["states"].items()
                if "calc-lang" in model["state"].get("_dom_classes", ())
            )
            start = time.monotonic()
            await ws.send(
                _message(
                    "comm_msg",
                    {
                        "comm_id": switch,
                        "data": {"method": "update", "state": {"index": 1}, "buffer_paths": []},
                    },
                    session,
                    version="2.1.0",
                )
            )
            await _next_comm(
                ws,
                lambda d: (
                    d.get("method") == "update"
                    and bool(CYRILLIC.search(str(d.get("state", {}).get("value", ""))))
                ),
                timeout,
            )
            result.use_s = time.monotonic() - start
    except Exception as error:  # reported, never raised: one visitor's failure is a finding
        result.error = f"{type(error).__name__}: {error}"
    return result


def kernel_processes(server: psutil.Process) -> list[psutil.Process]:
    """The live kernels under ``server`` (culled ones may linger a moment as zombies)."""
    kernels = []
    for proc in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if proc.status() != psutil.STATUS_ZOMBIE and any(
                "ipykernel" in part for part in proc.cmdline()
            ):
                kernels.append(proc)
    return kernels


def _rss_mb(processes: Sequence[psutil.Process]) -> list[float]:
    sizes = []
    for proc in processes:
        with contextlib.suppress(psutil.Error):
            sizes.append(proc.memory_info().rss / 2**20)
    return sizes


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_voila(port: int, cull_after: int) -> subprocess.Popen[bytes]:
    command = [
        sys.executable,
        "-m",
        "serving",  # Voila as scripts/serve runs it
        "notebooks/",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        f"--MappingKernelManager.cull_idle_timeout={cull_after}",
        "--MappingKernelManager.cull_interval=2",
        f"--VoilaKernelManager.cull_idle_timeout={cull_after}",
        "--VoilaKernelManager.cull_interval=2",
    ]
    return subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_up(url: str, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{url} did not answer in {seconds} s")


def wait_pools_filled(server: psutil.Process, expected: int, seconds: float = 240) -> int:
    deadline = time.monotonic() + seconds
    count = 0
    while time.monotonic() < deadline:
        count = len(kernel_processes(server))
        if count >= expected:
            return count
        time.sleep(1)
    return count


def pool_total(repo: Path) -> int:
    """How many preheated kernels ``voila.json`` keeps for the notebooks present."""
    config = json.loads((repo / "voila.json").read_text())
    if not config.get("VoilaConfiguration", {}).get("preheat_kernel", False):
        return 0
    pools = config.get("VoilaKernelManager", {}).get("kernel_pools_config", {})
    default = pools.get("default", {}).get("pool_size", 1)
    return sum(
        pools.get(nb.name, {}).get("pool_size", default)
        for nb in (repo / "notebooks").glob("*.ipynb")
    )


def run_load(
    users: int, pages: Sequence[str] = PAGES, cull_after: int = 20, settle: float = 90
) -> LoadReport:
    """Start a Voila, send ``users`` simultaneous visitors, then watch idle kernels go."""
    present = [p for p in pages if (REPO / "notebooks" / p).is_file()]
    if not present:
        raise RuntimeError("no calculator notebooks to visit")
    port = free_port()
    proc = start_voila(port, cull_after)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_up(f"{base}/voila/static/voila.js")
        server = psutil.Process(proc.pid)
        pooled = wait_pools_filled(server, expected=pool_total(REPO))

        async def crowd() -> list[Visit]:
            return list(
                await asyncio.gather(
                    *(visit(base, present[i % len(present)]) for i in range(users))
                )
            )

        # a thread of its own: the caller may already run an event loop (as pytest-playwright does)
        with concurrent.futures.ThreadPoolExecutor(1) as executor:
            visits = executor.submit(lambda: asyncio.run(crowd())).result()
        peak = kernel_processes(server)
        report = LoadReport(visits)
        report.kernel_rss_mb = _rss_mb(peak)
        report.kernels_at_peak = len(peak)
        report.rss_at_peak_mb = sum(report.kernel_rss_mb)
        deadline = time.monotonic() + settle
        while time.monotonic() < deadline:
            now = kernel_processes(server)
            if len(now) <= pooled:
                break
            time.sleep(1)
        after = kernel_processes(server)
        report.kernels_after_cull = len(after)
        report.rss_after_cull_mb = sum(_rss_mb(after))
        return report
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=30)
    parser.add_argument("--cull-after", type=int, default=20, help="idle seconds before culling")
    args = parser.parse_args()
    report = run_load(args.users, cull_after=args.cull_after)
    print(report.summary())
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
