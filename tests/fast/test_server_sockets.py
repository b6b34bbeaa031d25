"""The server's kernels are not capped by ZeroMQ's or the process's default limits.

At 3 visitors a second the server held 230 kernels, and every socket past ZeroMQ's default of
1,023 in the kernel managers' shared context failed ("Too many open files"), and pages with it.
"""

from __future__ import annotations

import resource
from typing import Any

import pytest
import zmq
from jupyter_client.multikernelmanager import AsyncMultiKernelManager
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from calculators.server.kernels import MAX_SOCKETS, ManySockets, raise_open_files_limit
from calculators.server.pools import desk_kernel_manager_factory

ZEROMQ_DEFAULT = 1023


class _Managers(ManySockets, AsyncMultiKernelManager):
    pass


def test_the_shared_context_holds_more_sockets_than_zeromq_by_default() -> None:
    raise_open_files_limit()
    manager = _Managers()
    context = manager.context
    assert isinstance(context, zmq.asyncio.Context)  # the type the base manager makes
    assert context.get(zmq.MAX_SOCKETS) == MAX_SOCKETS > ZEROMQ_DEFAULT
    sockets = []
    try:
        for _ in range(ZEROMQ_DEFAULT + 100):  # what 120 kernels with pages connected use
            sockets.append(context.socket(zmq.DEALER))
        assert len(sockets) == ZEROMQ_DEFAULT + 100
    finally:
        for socket in sockets:
            socket.close(linger=0)
        context.term()


@pytest.mark.parametrize("preheat", [True, False])
def test_the_desk_managers_share_such_a_context(preheat: bool) -> None:
    desk = desk_kernel_manager_factory(AsyncMappingKernelManager, preheat, 1)
    assert issubclass(desk, ManySockets)
    assert desk.mro().index(ManySockets) < desk.mro().index(AsyncMultiKernelManager)


def _limits(monkeypatch: pytest.MonkeyPatch, soft: int, hard: int) -> list[tuple[int, int]]:
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda _which: (soft, hard))
    monkeypatch.setattr(resource, "setrlimit", lambda _which, limits: asked.append(limits))
    return asked


@pytest.mark.parametrize(
    ("soft", "hard", "now", "asked"),
    [
        (1024, 524_288, 65_536, [(65_536, 524_288)]),  # systemd's default: raised
        (1024, 4096, 4096, [(4096, 4096)]),  # never above the hard limit
        (100_000, 524_288, 100_000, []),  # never lowered
        (1024, resource.RLIM_INFINITY, 65_536, [(65_536, resource.RLIM_INFINITY)]),
    ],
)
def test_the_open_files_limit_is_raised_within_the_hard_limit(
    monkeypatch: pytest.MonkeyPatch, soft: int, hard: int, now: int, asked: list[Any]
) -> None:
    calls = _limits(monkeypatch, soft, hard)
    assert raise_open_files_limit() == now
    assert calls == asked
