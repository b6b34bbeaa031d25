"""Kernel managers and clients whose sends to a kernel never block the server's event loop.

jupyter_client sends requests through a blocking shadow of each asyncio socket
(``Session.send``). A client's shell, control and stdin sockets are ZeroMQ DEALERs: a DEALER with
no peer blocks a send until one appears. A peer can be lost for good: when the kernel's port
was taken by another process (ports are picked by binding port 0 and closing it, so another
process can take one before the kernel binds it), the ZeroMQ handshake with that process fails,
ZeroMQ drops the connection without reconnecting, and the next ``kernel_info`` request of
``wait_for_ready`` blocks the whole server, for good.

Two remedies, at two depths:

- ``voila.json`` sets ``KernelManager.transport`` to ``ipc``: a kernel's sockets are files named
  after the kernel in the server's private connection folder, so no other process can hold them.
- Here, every socket that sends requests has ``SNDTIMEO`` 0: a send that cannot leave at once
  raises ``zmq.Again`` (the kernel is unreachable: the page fails and is offered again) instead
  of blocking. A send that can be queued (the kernel is still starting) is queued as before.

And the server never loses a kernel's output. A kernel publishes on a ZeroMQ PUB socket, which
drops every message that does not fit in the subscriber's queue, and ZeroMQ's queues hold 1,000
messages at each end. Importing a ten-round VTES combat sends about 2,600 widget messages in a
fraction of a second; on a busy machine the server forwarded the first 2,000 and the page waited
for the rest for ever. So the server's IOPub socket queues without limit (``RCVHWM`` 0): its
ZeroMQ I/O thread keeps reading the kernel even while Python is busy, and nothing is dropped.

And a kernel that dies stays dead (``autorestart`` is off). jupyter_client's restarter would start
a new process under the same kernel id: the page's widgets were in the dead process, so the new
one cannot serve it, yet it answers ``is_alive()``. Worse, a cell that was running in the dead
process (a preheated page waits in one for its visitor) never gets its reply, and nbclient, which
only asks ``is_alive()`` once a second, then waits for it for ever: the next visitor of that page
waited past two minutes. A dead kernel is instead noticed, shut down and replaced (``pools``).

And the server holds as many kernels as its memory allows, not as many as ZeroMQ's default
allows: the kernel managers share one ZeroMQ context, which by default holds 1,023 sockets, and
every kernel takes five (its channels to the server) and five more for each page connected to
it, so at about a hundred kernels every new socket failed with "Too many open files" and pages
failed with it (measured at 3 visitors a second: 230 kernels). :class:`ManySockets` gives the
shared context :data:`MAX_SOCKETS`, and :func:`raise_open_files_limit` lets the process open
the files those sockets need (each is a file with the ``ipc`` transport).

And a page's kernel is forked from the server's nursery, which has imported what the pages
need (``fork_kernels``, :mod:`calculators.server.forking`): a kernel's start then costs about a
fifth of a CPU-second instead of about seven tenths.
"""

from __future__ import annotations

import resource
import uuid
from typing import Any

import zmq
from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.client import KernelClient
from jupyter_server.services.kernels.kernelmanager import ServerKernelManager
from traitlets import Bool, DottedObjectName, Type, default

from calculators.server.forking import ForkingProvisioner

SENDING_CHANNELS = frozenset({"shell", "control", "stdin"})
MAX_SOCKETS = 32_768
"""ZeroMQ sockets the kernel managers' shared context may hold (ZeroMQ's default is 1,023:
about a hundred kernels): room for thousands of kernels, more than any box's memory holds."""
OPEN_FILES = 65_536
"""Open files the server asks for (each kernel socket is one, two with ZeroMQ's own)."""


class ManySockets:
    """For the multi-kernel manager: its shared ZeroMQ context holds :data:`MAX_SOCKETS`
    sockets (set as the context is made: ZeroMQ reads it when the first socket opens)."""

    @default("context")
    def _context_default(self) -> zmq.Context[Any]:
        context: zmq.Context[Any] = super()._context_default()  # type: ignore[misc]
        context.set(zmq.MAX_SOCKETS, min(MAX_SOCKETS, context.get(zmq.SOCKET_LIMIT)))
        return context


def raise_open_files_limit(wanted: int = OPEN_FILES) -> int:
    """Raise the process's soft limit of open files towards ``wanted`` (never above the hard
    limit, never lower than it is); the soft limit now. A service manager's default soft limit
    (1,024 under systemd) would stop the server at about fifty kernels."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        return target
    return soft


class NonBlockingSends:
    """Mixin for a ``ConnectionFileMixin``: request sockets fail at once rather than block."""

    def _create_connected_socket(
        self, channel: str, identity: bytes | None = None
    ) -> zmq.SyncSocket:
        sock: zmq.SyncSocket = super()._create_connected_socket(  # type: ignore[misc]
            channel, identity=identity
        )
        if channel in SENDING_CHANNELS:
            sock.setsockopt(zmq.SNDTIMEO, 0)
        return sock

    def connect_iopub(self, identity: bytes | None = None) -> Any:
        # The limit must be set before the socket connects: it applies to connections made later.
        defaults: dict[int, Any] = self.context.sockopts  # type: ignore[attr-defined]
        before = defaults.get(zmq.RCVHWM)
        defaults[zmq.RCVHWM] = 0
        try:
            return super().connect_iopub(identity=identity)  # type: ignore[misc]
        finally:
            if before is None:
                del defaults[zmq.RCVHWM]
            else:
                defaults[zmq.RCVHWM] = before


class DeskKernelClient(NonBlockingSends, AsyncKernelClient):
    """The client Voila's renderer uses to run a notebook in a kernel."""


class DeskKernelManager(NonBlockingSends, ServerKernelManager):
    """One kernel of the server; its clients are :class:`DeskKernelClient`."""

    client_class = DottedObjectName("calculators.server.kernels.DeskKernelClient", config=True)
    client_factory = Type(DeskKernelClient, klass=KernelClient, config=True)
    autorestart = Bool(
        False,
        config=True,
        help="Restart a kernel that died (off: its page cannot come back; the pools replace it).",
    )

    fork_kernels = Bool(
        True,
        config=True,
        help="Fork the python3 kernels from the server's nursery, which has imported what the "
        "pages need (off: every kernel starts as a new interpreter).",
    )

    async def _async_pre_start_kernel(self, **kw: Any) -> tuple[list[str], dict[str, Any]]:
        if self.provisioner is None and self.fork_kernels:
            self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or str(uuid.uuid4())
            kw.pop("kernel_id", None)
            self.provisioner = ForkingProvisioner(
                kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self
            )
        started: tuple[list[str], dict[str, Any]] = await super()._async_pre_start_kernel(**kw)
        return started

    async def _async_request_shutdown(self, restart: bool = False) -> None:
        try:
            await super()._async_request_shutdown(restart=restart)
        except zmq.Again:
            # unreachable: the shutdown goes on and ends the process after the wait time
            self.log.warning("Kernel %s cannot be asked to shut down; it will be ended", self)
