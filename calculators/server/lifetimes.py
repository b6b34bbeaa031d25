"""No kernel outlives its visitor, and no kernel starts past the memory ceiling.

A kernel given to a visitor's page lives while the page's front end is connected to it (its
websocket, ``/api/kernels/<id>/channels``), and a little longer:

- **connect grace** (``VisitorKernels.connect_grace``): a page whose front end has not
  connected this long after the page was sent is not coming: a link preview, a crawler, a
  script fetching the address, a phone that dropped the page before running it. Its kernel is
  shut down. (A page still rendering when its visitor left is given ``RENDER_LIMIT_S`` more.)
- **reconnect grace** (``VisitorKernels.reconnect_grace``): a front end that disconnected (a
  phone that locked its screen, a train in a tunnel) may come back to the same kernel and find
  the page as it left it; a kernel without a connection this long after the last one closed is
  shut down.
- **closed grace** (``VisitorKernels.closed_grace``): a front end that said it was leaving (the
  browser closed its websocket with "normal closure" or "going away": the tab was closed, the
  page reloaded or left) is not coming back to this kernel; a page that does come back (from
  the browser's history) reloads itself. Its kernel is kept only these few seconds.

The three graces, and why they are what they are, are in ``docs/server.md``. A page that comes back
after its kernel was shut down reloads itself (the desk's page template): its inputs are in its
address, so the visitor gets the same page from a new kernel.

Every kernel start, a visitor's or a pool's, first asks :meth:`VisitorKernels.admit`, which
applies the memory ceiling of :mod:`calculators.server.ceiling` and raises
:class:`~calculators.server.ceiling.ServerBusy` when the kernel would not fit; the visitor is
then asked to come back once the next kernel is due to be shut down (``retry_after``).

The kernels waiting in the pools are nobody's yet: they are not watched here (the pools keep
them alive and replace them when they die).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from traitlets import Float, Int
from traitlets.config import LoggingConfigurable

from calculators.server.ceiling import Ceiling, ServerBusy, box_memory
from calculators.server.sizing import KERNEL_MB

RENDER_LIMIT_S = 300.0
"""A page not yet sent this long after its kernel was given to it: its kernel's grace starts."""
SWEEP_S = 1.0
"""How often the visitors' kernels are looked at."""
STARTING_S = 15.0
"""A kernel started less than this ago may not have taken its memory yet: counted as starting."""
RETRY_MIN_S, RETRY_MAX_S, RETRY_UNKNOWN_S = 5, 120, 30
LEAVING_CODES = frozenset({1000, 1001})
"""Websocket close codes by which a browser says the page is gone (RFC 6455: normal closure,
going away); a connection lost without a close frame has no code."""


@dataclass(slots=True)
class Visit:
    """A kernel given to a visitor's page, and what its front end did since (monotonic times)."""

    given: float
    sent: float | None = None  # the page was sent
    connected: bool = False  # its front end connected at least once
    left: float | None = None  # its last connection closed
    closed: bool = False  # ... and its front end said it was leaving

    def ends_at(self, connect_grace: float, reconnect_grace: float, closed_grace: float) -> float:
        """When the kernel is shut down unless a front end connects before."""
        if self.connected and self.left is not None:
            return self.left + (closed_grace if self.closed else reconnect_grace)
        start = self.sent if self.sent is not None else self.given + RENDER_LIMIT_S
        return start + connect_grace


class VisitorKernels(LoggingConfigurable):
    """Mixin for the server's kernel manager (before Voila's class): the graces and the ceiling
    (see the module). Configured as ``VisitorKernels`` (``voila.json``, command line)."""

    connect_grace = Float(
        30.0,
        config=True,
        help="Seconds a page's kernel waits for the page's front end to connect once the page "
        "was sent; then it is shut down.",
    )
    reconnect_grace = Float(
        120.0,
        config=True,
        help="Seconds a kernel whose front end disconnected waits for it to come back; then it "
        "is shut down.",
    )
    closed_grace = Float(
        5.0,
        config=True,
        help="Seconds a kernel whose front end closed its connection as a page does when it is "
        "closed or left is kept; then it is shut down.",
    )
    memory_share = Float(
        0.85,
        config=True,
        help="The part of the box's memory the box may use: a kernel that would pass it is not "
        "started, and its visitor is asked to try again.",
    )
    max_kernels = Int(
        0, config=True, help="At most this many kernels at once (0: as many as memory allows)."
    )

    def __init__(self, **kwargs: Any) -> None:
        self._visitor_kernels: dict[str, Visit] = {}
        self._leaving: set[str] = set()
        self._launching = 0
        self._recent_starts: deque[float] = deque()
        self._lifetime_task: asyncio.Task[None] | None = None
        self.turned_away = 0
        self.shut_down_unvisited = 0
        self.shut_down_left = 0
        super().__init__(**kwargs)

    # -- the visitors' kernels ------------------------------------------------------------------
    def kernel_given(self, kernel_id: str) -> None:
        """``kernel_id`` now serves a visitor's page: its graces apply from now on."""
        self._visitor_kernels[kernel_id] = Visit(given=time.monotonic())
        if self._lifetime_task is None or self._lifetime_task.done():
            self._lifetime_task = asyncio.get_event_loop().create_task(self._watch_visitors())

    def page_sent(self, kernel_id: str) -> None:
        """The page of ``kernel_id`` reached its visitor: the connect grace starts."""
        visit = self._visitor_kernels.get(kernel_id)
        if visit is not None:
            visit.sent = time.monotonic()

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)  # type: ignore[misc]
        visit = self._visitor_kernels.get(kernel_id)
        if visit is not None:
            visit.connected, visit.left, visit.closed = True, None, False

    def front_end_leaving(self, kernel_id: str) -> None:
        """The connection about to close was closed by its front end as a page that is gone
        (:data:`LEAVING_CODES`): the closed grace applies if it was the kernel's last one."""
        self._leaving.add(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)  # type: ignore[misc]
        leaving = kernel_id in self._leaving
        self._leaving.discard(kernel_id)
        visit = self._visitor_kernels.get(kernel_id)
        if visit is not None and not self._connections(kernel_id):
            visit.left, visit.closed = time.monotonic(), leaving

    def _connections(self, kernel_id: str) -> int:
        connections: dict[str, int] = self._kernel_connections  # type: ignore[attr-defined]
        return connections.get(kernel_id, 0)

    async def _watch_visitors(self) -> None:
        while self._visitor_kernels:
            await asyncio.sleep(SWEEP_S)
            with contextlib.suppress(Exception):
                await self.end_visits(time.monotonic())

    async def end_visits(self, now: float) -> list[str]:
        """Shut down the visitors' kernels whose grace has passed; returns their ids."""
        ended = []
        for kernel_id, visit in list(self._visitor_kernels.items()):
            if kernel_id not in self:  # type: ignore[operator]
                del self._visitor_kernels[kernel_id]  # shut down otherwise (it died, or was culled)
                continue
            if self._connections(kernel_id):
                continue
            if now < self._ends_at(visit):
                continue
            del self._visitor_kernels[kernel_id]
            if visit.connected:
                self.shut_down_left += 1
                how = "closed the page" if visit.closed else "left"
                why = f"its visitor {how} {now - (visit.left or now):.0f} s ago"
            else:
                self.shut_down_unvisited += 1
                why = "its page's front end never connected"
            self.log.info("Kernel %s is shut down: %s", kernel_id, why)
            ended.append(kernel_id)
            with contextlib.suppress(Exception):
                await self.shutdown_kernel(kernel_id, now=True)  # type: ignore[attr-defined]
        if ended:
            wake = getattr(self, "_wake_filler", None)
            if wake is not None:
                wake()
        return ended

    def _ends_at(self, visit: Visit) -> float:
        return visit.ends_at(self.connect_grace, self.reconnect_grace, self.closed_grace)

    def visitor_state(self) -> dict[str, int]:
        """The visitors' kernels: connected, waiting for a first connection, or left."""
        state = {"connected": 0, "waiting": 0, "left": 0}
        for kernel_id, visit in self._visitor_kernels.items():
            if self._connections(kernel_id):
                state["connected"] += 1
            elif visit.connected:
                state["left"] += 1
            else:
                state["waiting"] += 1
        return state

    # -- the memory ceiling ---------------------------------------------------------------------
    def ceiling(self) -> Ceiling:
        return Ceiling(share=self.memory_share, kernel_mb=KERNEL_MB, max_kernels=self.max_kernels)

    def starting(self) -> int:
        """Kernels starting now, or started too recently to have taken their memory."""
        now = time.monotonic()
        while self._recent_starts and self._recent_starts[0] < now - STARTING_S:
            self._recent_starts.popleft()
        return self._launching + len(self._recent_starts)

    def refusal(self, keep: int = 0) -> str | None:
        """``None`` when one more kernel may start (leaving ``keep`` more starts possible),
        else why not."""
        total_mb, available_mb = box_memory()
        kernels = len(self._kernels) + self._launching  # type: ignore[attr-defined]
        return self.ceiling().room(
            total_mb=total_mb,
            available_mb=available_mb,
            kernels=kernels,
            starting=self.starting(),
            keep=keep,
        )

    def admit(self, page: str) -> None:
        """Raise :class:`ServerBusy` unless a kernel for a visitor of ``page`` may start."""
        refused = self.refusal()
        if refused is None:
            return
        self.turned_away += 1
        retry = self.retry_after()
        self.log.warning("A visitor of %s is asked to come back in %s s: %s", page, retry, refused)
        raise ServerBusy(retry, refused)

    @contextlib.contextmanager
    def launching(self) -> Iterator[None]:
        """Count a kernel start in progress (its memory is not taken yet)."""
        self._launching += 1
        try:
            yield
        finally:
            self._launching -= 1
            self._recent_starts.append(time.monotonic())

    def retry_after(self) -> int:
        """Seconds until the next visitor's kernel is due to be shut down (within bounds)."""
        now = time.monotonic()
        due = [
            self._ends_at(visit) - now
            for kernel_id, visit in self._visitor_kernels.items()
            if not self._connections(kernel_id)
        ]
        wait = min(due) + SWEEP_S if due else RETRY_UNKNOWN_S
        return int(min(RETRY_MAX_S, max(RETRY_MIN_S, math.ceil(wait))))

    def memory_state(self) -> dict[str, float]:
        total_mb, available_mb = box_memory()
        return {
            "total_mb": round(total_mb),
            "available_mb": round(available_mb),
            "share": self.memory_share,
            "kernels_that_fit": self.ceiling().kernels_that_fit(
                total_mb=total_mb, available_mb=available_mb
            ),
        }

    # -- kernels started outside the pools -------------------------------------------------------
    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """A kernel for a visitor's page outside the pools (no preheating, or a page without a
        pool): admitted by the ceiling, then watched for its visitor."""
        self.admit(str(kwargs.get("path", "")))
        with self.launching():
            kernel_id: str = await super().start_kernel(*args, **kwargs)  # type: ignore[misc]
        self.kernel_given(kernel_id)
        return kernel_id
