"""The systemd unit ``deploy/desk@.service``: systemd accepts it, and its command serves.

No systemd runs here as the service manager, so the unit is checked in two halves: systemd's
own verifier reads it (with the checkout's paths in place of ``/srv/desk``), and the command the
unit runs is started as systemd would start it, with a notification socket and a watchdog: it
must say it is ready, keep pinging, answer under its instance's path, and stop on SIGTERM within
the unit's stop timeout.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "deploy" / "desk@.service"


def _settings(text: str) -> dict[str, str]:
    """The unit's ``Key=value`` lines (continued lines joined), the last one of each key."""
    joined = text.replace("\\\n", " ")
    out: dict[str, str] = {}
    for line in joined.splitlines():
        line = line.strip()
        if line and not line.startswith(("#", "[")) and "=" in line:
            key, value = line.split("=", 1)
            out[key.strip()] = value.strip()
    return out


def _instance(text: str, instance: str) -> str:
    """The unit for ``desk@<instance>``, run from this checkout by the current user."""
    text = text.replace("/srv/desk", str(REPO)).replace("%i", instance)
    return text.replace("User=desk", f"User={os.environ.get('USER', 'root')}")


def _free_instance() -> str:
    for instance in "987654321":
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", int(f"887{instance}")))
            except OSError:
                continue
            return instance
    pytest.skip("ports 8871-8879 are all taken here")


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_accepts_the_unit(tmp_path: Path) -> None:
    unit = tmp_path / "desk@1.service"
    unit.write_text(_instance(UNIT.read_text(), "1"))
    checked = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert checked.returncode == 0, checked.stderr
    assert "desk@1.service" not in checked.stderr, checked.stderr  # no warning about it
    # the verifier does notice a broken unit
    unit.write_text(unit.read_text().replace("Type=notify", "Type=notifyy"))
    broken = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert "notifyy" in broken.stderr


def test_the_units_command_tells_systemd_it_is_ready_and_alive(tmp_path: Path) -> None:
    settings = _settings(UNIT.read_text())
    assert settings["Type"] == "notify" and settings["KillMode"] == "mixed"
    instance = _free_instance()
    unit = _settings(_instance(UNIT.read_text(), instance))
    command = shlex.split(unit["ExecStart"])
    command[0] = str(REPO / ".venv" / "bin" / "python")
    if not Path(command[0]).exists():
        command[0] = os.environ.get("PYTHON", "python3")
    watchdog_s = int(unit["WatchdogSec"])
    notify = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(notify))
        sock.settimeout(1)
        env = {
            **os.environ,
            "PYTHONUNBUFFERED": "1",
            "NOTIFY_SOCKET": str(notify),
            "WATCHDOG_USEC": str(watchdog_s * 1_000_000),
        }
        log = (tmp_path / "server.log").open("wb")
        proc = subprocess.Popen(
            command, cwd=unit["WorkingDirectory"], env=env, stdout=log, stderr=subprocess.STDOUT
        )
        try:
            heard: list[bytes] = []
            deadline = time.monotonic() + int(unit["TimeoutStartSec"])
            while b"READY=1" not in heard and time.monotonic() < deadline:
                assert proc.poll() is None, (tmp_path / "server.log").read_text()[-2000:]
                with contextlib.suppress(TimeoutError):
                    heard.append(sock.recv(100))
            assert b"READY=1" in heard, "no READY=1 within the unit's start timeout"
            # ready means it answers, under the instance's own path
            base = f"http://127.0.0.1:887{instance}/desk-{instance}"
            with urllib.request.urlopen(f"{base}/health", timeout=10) as response:
                assert response.status == 200
            # a ping comes at least every half of WatchdogSec
            sock.settimeout(watchdog_s / 2 + 5)
            assert sock.recv(100) == b"WATCHDOG=1"
            # systemd stops it with SIGTERM to the main process (KillMode=mixed)
            started = time.monotonic()
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=int(unit["TimeoutStopSec"]))
            assert time.monotonic() - started < int(unit["TimeoutStopSec"])
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            log.close()
