"""Page kernels forked from the server's nursery (``calculators.server.nursery``, ``forking``)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import psutil
import pytest
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

from calculators.server import forking
from calculators.server.forking import (
    UNKNOWN_EXIT,
    ForkedKernel,
    ForkingProvisioner,
    Nursery,
    kernel_processes,
    launcher_arguments,
)
from calculators.server.kernels import DeskKernelManager
from calculators.server.nursery import PRELOAD

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


def test_every_module_the_notebooks_import_is_preloaded() -> None:
    imported = set()
    for notebook in NOTEBOOKS.glob("*.ipynb"):
        for cell in json.loads(notebook.read_text())["cells"]:
            source = "".join(cell["source"])
            imported |= set(re.findall(r"^from (calculators[.\w]+) import", source, re.M))
            imported |= set(re.findall(r"^import (calculators[.\w]+)", source, re.M))
    assert imported, "the notebooks import no page module?"
    assert imported <= set(PRELOAD), imported - set(PRELOAD)


def test_preloading_leaves_nothing_a_fork_must_not_share() -> None:
    # a widget made at import would be in every kernel, with the nursery's comm; a thread or a
    # ZeroMQ context does not survive a fork
    code = (
        "import threading, warnings, zmq\n"
        "from calculators.server.nursery import preload\n"
        "preload()\n"
        "from ipywidgets import Widget\n"
        "warnings.simplefilter('ignore')\n"
        "print(len(Widget.widgets), threading.active_count(), zmq.Context._instance is None)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["0", "1", "True"]


def test_only_this_interpreters_ipykernel_launcher_is_forked() -> None:
    python = sys.executable
    assert launcher_arguments([python, "-m", "ipykernel_launcher", "-f", "k.json"]) == [
        "-f",
        "k.json",
    ]
    assert launcher_arguments([python, "tests/support/dying_kernel.py", "k.json"]) is None
    assert launcher_arguments(["/no/such/python", "-m", "ipykernel_launcher", "-f", "k"]) is None
    assert launcher_arguments([python, "-m", "other_kernel", "-f", "k.json"]) is None


def test_a_forked_kernel_that_is_gone_is_seen_gone() -> None:
    gone = ForkedKernel(2**22 + 7)  # above Linux's largest process id: no such process
    assert gone.poll() == UNKNOWN_EXIT
    assert gone.wait(timeout=1) == UNKNOWN_EXIT
    gone.kill()  # nothing to signal, no error


Scenario = Callable[[DeskKernelManager, Any], Awaitable[None]]


def _run(scenario: Scenario, **manager: Any) -> None:
    """Start one page kernel (TCP: its sockets do not depend on its folder), run ``scenario``
    with its manager and a ready client, then shut it and the nursery down."""

    async def main() -> None:
        km = DeskKernelManager(**manager)
        await km.start_kernel(cwd=str(NOTEBOOKS), env={**os.environ, "DESK_PROBE": "forked"})
        kc = km.client()
        kc.start_channels()
        try:
            await kc.wait_for_ready(timeout=120)
            await scenario(km, kc)
        finally:
            kc.stop_channels()
            if await km.is_alive():
                await km.shutdown_kernel(now=True)
            Nursery.shared().close()

    # a thread of its own: the test may run while another event loop runs in this thread (as
    # pytest-playwright's does once a browser test ran)
    with concurrent.futures.ThreadPoolExecutor(1) as executor:
        executor.submit(asyncio.run, main()).result()


async def _value(kc: Any, expression: str) -> Any:
    """Evaluate ``expression`` in the kernel; its value as JSON."""
    printed: list[str] = []

    def keep(message: dict[str, Any]) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    code = f"import json as _j; print(_j.dumps({expression}))"
    reply = await kc.execute_interactive(code, timeout=60, output_hook=keep)
    assert reply["content"]["status"] == "ok", reply["content"]
    return json.loads("".join(printed))


def test_a_page_kernel_is_forked_with_its_folder_and_environment() -> None:
    async def scenario(km: DeskKernelManager, kc: Any) -> None:
        assert isinstance(km.provisioner, ForkingProvisioner)
        kernel = km.provisioner.process
        assert isinstance(kernel, ForkedKernel)
        nursery = Nursery.shared().process
        assert nursery is not None
        facts = await _value(
            kc,
            "{'cwd': __import__('os').getcwd(), 'probe': __import__('os').environ['DESK_PROBE'],"
            " 'parent': __import__('os').getppid(), 'pid': __import__('os').getpid(),"
            " 'group': __import__('os').getpgid(0),"
            " 'preloaded': 'calculators.pages.vtm_dice.page' in __import__('sys').modules,"
            " 'widgets': sorted(get_ipython().kernel.comm_manager.targets)}",
        )
        assert facts["cwd"] == str(NOTEBOOKS)
        assert facts["probe"] == "forked"
        assert facts["parent"] == nursery.pid  # forked, not started by the server
        assert facts["pid"] == facts["group"] == kernel.pid  # its own process group
        assert facts["preloaded"]  # no cell imported it: the nursery had
        kernels = {p.pid for p in kernel_processes(psutil.Process())}  # other servers' too
        assert kernel.pid in kernels and nursery.pid not in kernels
        # ipywidgets was imported before the kernel existed; its comm targets are there
        assert {"jupyter.widget", "jupyter.widget.control"} <= set(facts["widgets"])

        # a running cell is interrupted like any kernel's
        running = asyncio.ensure_future(
            kc.execute_interactive("import time; time.sleep(60)", timeout=60)
        )
        await asyncio.sleep(1.0)
        before = time.monotonic()
        await km.interrupt_kernel()
        reply = await running
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        assert time.monotonic() - before < 10

        await km.shutdown_kernel()
        assert not await km.is_alive()
        assert not psutil.pid_exists(kernel.pid) or (
            psutil.Process(kernel.pid).status() == psutil.STATUS_ZOMBIE
        )

    _run(scenario)


def test_a_killed_kernel_is_dead_and_the_nursery_ending_ends_its_kernels() -> None:
    async def scenario(km: DeskKernelManager, kc: Any) -> None:
        kernel = km.provisioner.process
        os.kill(kernel.pid, signal.SIGKILL)
        await _until(lambda: not psutil.pid_exists(kernel.pid), 10)
        assert not await km.is_alive()
        assert kernel.poll() == UNKNOWN_EXIT

        # a second kernel lives as long as the nursery does
        other = DeskKernelManager()
        await other.start_kernel(cwd=str(NOTEBOOKS))
        pid = other.provisioner.process.pid
        assert await other.is_alive()
        Nursery.shared().close()
        await _until(lambda: not psutil.pid_exists(pid), 10)  # ipykernel's parent poller
        assert not await other.is_alive()
        await other.shutdown_kernel(now=True)

    _run(scenario)


def test_without_a_nursery_a_kernel_starts_as_a_new_interpreter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def no_nursery(self: Nursery) -> None:
        raise OSError("no process can be started")

    monkeypatch.setattr(forking.Nursery, "_start", no_nursery)

    async def scenario(km: DeskKernelManager, kc: Any) -> None:
        assert not isinstance(km.provisioner.process, ForkedKernel)
        facts = await _value(kc, "[__import__('os').getppid(), __import__('os').getcwd()]")
        assert facts == [os.getpid(), str(NOTEBOOKS)]

    _run(scenario)


def test_forking_can_be_turned_off() -> None:
    async def scenario(km: DeskKernelManager, kc: Any) -> None:
        assert type(km.provisioner) is LocalProvisioner
        assert await _value(kc, "__import__('os').getppid()") == os.getpid()

    _run(scenario, fork_kernels=False)


async def _until(condition: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.1)
