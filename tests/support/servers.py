"""Start a server on a free loopback port, wait until it answers, stop it: for tests and benchmarks.

The desk's server (``python -m calculators.server``) and plain ``voila`` are started from the
repository root, so they read ``voila.json``; any other command (``http.server``, nginx) goes
through :func:`running`. Benchmarks import this module too (``benchmarks/harness.py``).
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DESK = (sys.executable, "-m", "calculators.server")
"""The desk's server, as ``scripts/serve`` runs it."""
VOILA = (str(Path(sys.executable).with_name("voila")),)
"""Plain Voila, without the desk's server."""
READY_PATH = "/voila/static/voila.js"
"""What a Voila server answers once it listens (pages may still wait for kernels)."""

EARLIER_POOLED = (
    "vtes_damage",
    "vtes_combat",
    "vtes_table",
    "dracula",
    "vtm_dice",
    "rules_reference",
)
EARLIER_POOLS = {"default": {"pool_size": 1}} | {
    f"{page}.ipynb": {"pool_size": 2} for page in EARLIER_POOLED
}
EARLIER_SETTINGS = (
    "--MappingKernelManager.kernel_manager_class="
    "jupyter_server.services.kernels.kernelmanager.ServerKernelManager",
    "--KernelManager.transport=tcp",
    # the pool sizes voila.json gave before they came from the machine
    "--VoilaKernelManager.kernel_pools_config=" + json.dumps(EARLIER_POOLS),
)
"""Plain Voila's settings before the desk's server: its own kernel manager, TCP ports, fixed
pools. Benchmarks measure against them with ``program=VOILA``."""


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def is_local(url: str) -> bool:
    """Whether a browser's request for ``url`` stays on this machine (or has no host)."""
    return re.match(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/", url) is not None or (
        not re.match(r"^(https?|wss?)://", url)
    )


def voila_command(port: int, *args: str, program: Sequence[str] = DESK) -> list[str]:
    """The command line of a server on ``notebooks/`` at ``127.0.0.1:port``; ``args`` follow."""
    return [
        *program,
        "notebooks/",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *args,
    ]


def answers(url: str, timeout: float = 2) -> bool:
    """Whether ``url`` answers 200 now."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return bool(response.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def wait_until_up(
    url: str,
    proc: subprocess.Popen[bytes],
    seconds: float,
    log: Path | None = None,
    up: Callable[[str], bool] = answers,
) -> None:
    """Until ``up(url)`` holds; raises if the process ends first or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            said = log.read_text(errors="replace")[-3000:] if log is not None else ""
            raise RuntimeError(f"{proc.args[0]} exited early ({proc.returncode}):\n{said}")
        if up(url):
            return
        time.sleep(0.3)
    said = log.read_text(errors="replace")[-3000:] if log is not None else ""
    raise RuntimeError(f"{url} did not answer in {seconds} s:\n{said}")


def stop(proc: subprocess.Popen[bytes], seconds: float = 20) -> None:
    """SIGTERM, then SIGKILL if it has not ended after ``seconds``."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@dataclass
class Server:
    """A started server: its base address, its process and its log (``None``: discarded)."""

    url: str
    port: int
    proc: subprocess.Popen[bytes]
    log: Path | None


@contextlib.contextmanager
def running(
    command: Sequence[str],
    ready_url: str,
    log: Path | None = None,
    *,
    env: dict[str, str] | None = None,
    cwd: Path = REPO,
    seconds: float = 180,
    stop_seconds: float = 20,
    up: Callable[[str], bool] = answers,
) -> Iterator[subprocess.Popen[bytes]]:
    """Start ``command``, yield its process once ``ready_url`` answers, stop it afterwards."""
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(log.open("wb")) if log is not None else subprocess.DEVNULL
        proc = subprocess.Popen(command, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, env=env)
    try:
        wait_until_up(ready_url, proc, seconds, log, up)
        yield proc
    finally:
        stop(proc, stop_seconds)


@contextlib.contextmanager
def voila_server(
    log: Path | None,
    *args: str,
    program: Sequence[str] = DESK,
    env: dict[str, str] | None = None,
    ready_path: str = READY_PATH,
    seconds: float = 180,
    stop_seconds: float = 20,
) -> Iterator[Server]:
    """The desk's server (or ``program``) on a free port, logging to ``log``; yields it once
    ``ready_path`` answers, and stops it afterwards."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = voila_command(port, *args, program=program)
    with running(
        command, url + ready_path, log, env=env, seconds=seconds, stop_seconds=stop_seconds
    ) as proc:
        yield Server(url, port, proc, log)
