"""Kernels forked from the nursery: the provisioner of the desk's kernel managers.

:class:`ForkingProvisioner` is jupyter_client's local provisioner, except that a kernel whose
command is this interpreter's ``-m ipykernel_launcher`` (the ``python3`` kernel every page
uses) is forked from the server's nursery (:mod:`calculators.server.nursery`) instead of
started as a new interpreter. Any other kernel command starts as before, and so does every
kernel while the nursery cannot answer (it failed to start, died, or took longer than
``FORK_TIMEOUT_S``): the next kernel then tries a new nursery.

A forked kernel is the nursery's child, not the server's, so :class:`ForkedKernel` stands in
for the ``Popen`` object jupyter_client keeps: it knows the process by its id and start time
(``psutil``), signals it and tells whether it still runs. Like a kernel the provisioner starts,
a forked kernel leads its own process group, which receives the signals.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
from jupyter_client.connect import KernelConnectionInfo
from jupyter_client.provisioning.local_provisioner import LocalProvisioner

FORK_TIMEOUT_S = 120.0  # the nursery's own start included, on a machine that may be busy
UNKNOWN_EXIT = -1  # a forked kernel's exit status is its parent's (the nursery's) to know
LAUNCHER = ("-m", "ipykernel_launcher")
NURSERY_MODULE = "calculators.server.nursery"


class NurseryUnavailable(RuntimeError):
    """The nursery could not fork a kernel: it did not start, ended, or did not answer."""


def launcher_arguments(cmd: list[str]) -> list[str] | None:
    """The arguments after ``python -m ipykernel_launcher`` when ``cmd`` starts this
    interpreter's kernel (the nursery can fork it), else ``None``."""
    if len(cmd) < 3 or tuple(cmd[1:3]) != LAUNCHER:
        return None
    with contextlib.suppress(OSError):
        if os.path.samefile(cmd[0], sys.executable):
            return cmd[3:]
    return None


def kernel_processes(server: psutil.Process) -> list[psutil.Process]:
    """The living kernels of the server process ``server``: those it started (their command is
    ``ipykernel_launcher``) and those its nursery forked (the nursery's children)."""
    kernels = []
    for process in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if process.status() == psutil.STATUS_ZOMBIE:
                continue
            command = " ".join(process.cmdline())
            if "ipykernel" in command or (
                NURSERY_MODULE in command and NURSERY_MODULE in " ".join(process.parent().cmdline())
            ):
                kernels.append(process)
    return kernels


class ForkedKernel:
    """A kernel process forked by the nursery, with the part of ``Popen``'s interface that
    jupyter_client's local provisioner uses."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.returncode: int | None = None
        try:
            self._process: psutil.Process | None = psutil.Process(pid)
        except psutil.NoSuchProcess:
            self._process = None

    def _running(self) -> bool:
        if self._process is None:
            return False
        try:
            # is_running() also compares the start time, so a reused process id is not it
            running: bool = self._process.is_running()
            return running and self._process.status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False

    def poll(self) -> int | None:
        if self.returncode is None and not self._running():
            self.returncode = UNKNOWN_EXIT
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while (code := self.poll()) is None:
            if deadline is not None and time.monotonic() > deadline:
                raise subprocess.TimeoutExpired([str(self.pid)], timeout or 0.0)
            time.sleep(0.05)
        return code

    def send_signal(self, signum: int) -> None:
        if self.poll() is None and self._process is not None:
            with contextlib.suppress(psutil.NoSuchProcess):
                self._process.send_signal(signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


class Nursery:
    """The server's end of its nursery process (one per server process, :meth:`shared`)."""

    _shared: Nursery | None = None

    def __init__(self) -> None:
        self.process: subprocess.Popen[bytes] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._lock: asyncio.Lock | None = None
        self.forked = 0

    @classmethod
    def shared(cls) -> Nursery:
        if cls._shared is None:
            cls._shared = cls()
        return cls._shared

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    async def _start(self) -> None:
        self.close()
        ours, theirs = socket.socketpair()
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-m", NURSERY_MODULE, str(theirs.fileno())],
                pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL,
                cwd=Path(__file__).resolve().parents[2],
            )
        self._reader, self._writer = await asyncio.open_unix_connection(sock=ours)
        self._loop = asyncio.get_running_loop()

    async def fork(self, argv: list[str], env: dict[str, str], cwd: str) -> int:
        """Fork a kernel run as ``ipykernel_launcher ARGV`` in ``cwd`` with ``env``; its pid."""
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop is not loop:
            self._lock = asyncio.Lock()
        async with self._lock:
            request = {"argv": argv, "env": env, "cwd": cwd}
            try:
                if not self.running() or self._loop is not loop:
                    await self._start()
                assert self._reader is not None and self._writer is not None
                self._writer.write(json.dumps(request).encode() + b"\n")
                await self._writer.drain()
                line = await asyncio.wait_for(self._reader.readline(), FORK_TIMEOUT_S)
                pid = int(json.loads(line)["pid"]) if line else None
            except (OSError, TimeoutError, ValueError, KeyError) as error:
                self.close()
                raise NurseryUnavailable(f"{type(error).__name__}: {error}") from error
            if pid is None:
                self.close()
                raise NurseryUnavailable("the nursery ended")
            self.forked += 1
            return pid

    def close(self) -> None:
        """Hang up: the nursery ends, and with it the kernels it forked."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                self._writer.close()
        self._reader = self._writer = None
        if self.process is not None and self.process.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=0.1)
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
        self.process = None


class ForkingProvisioner(LocalProvisioner):
    """jupyter_client's local provisioner, forking the page kernels from the nursery."""

    async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> KernelConnectionInfo:
        argv = launcher_arguments(cmd)
        if argv is None:
            return await super().launch_kernel(cmd, **kwargs)
        env = dict(kwargs.get("env") or os.environ)
        cwd = str(kwargs.get("cwd") or os.getcwd())
        try:
            pid = await Nursery.shared().fork(argv, env, cwd)
        except NurseryUnavailable as error:
            self.log.warning("Kernel nursery unavailable (%s); starting the kernel anew", error)
            return await super().launch_kernel(cmd, **kwargs)
        self.process = ForkedKernel(pid)  # type: ignore[assignment]  # a Popen stand-in
        self.pid = pid
        self.pgid = pid  # the child makes itself a session (and group) leader
        self.cwd = cwd
        connection: KernelConnectionInfo = self.connection_info
        return connection
