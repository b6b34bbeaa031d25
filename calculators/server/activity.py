"""Watching kernels for activity (for culling) at a fraction of Jupyter Server's cost.

Jupyter Server reads every message a kernel publishes to note when the kernel was last
active and whether it is busy. It decodes each message with ``Session.deserialize``, which
also turns every date in the headers into a ``datetime`` with dateutil: in a burst of 30
visitors the server's single event loop spent about a seventh of its time there (25,000
messages: each widget of each page is several). :class:`ActivityWatch` keeps the same rules
(the same fields decide, the signature is still checked) and reads the two headers as plain
JSON, and a status message's content only when it is one.
"""

from __future__ import annotations

import hmac
from typing import Any, cast

from jupyter_client.session import Session
from jupyter_server._tz import utcnow


def read_activity(session: Session, parts: list[bytes]) -> tuple[str, str | None, str | None]:
    """A message's type, its parent's type and, for a status message, the execution state.

    ``parts`` are the message's frames after its identities (signature, header, parent
    header, metadata, content, buffers). Raises ``ValueError`` when the signature is wrong.
    """
    if session.auth is not None:
        expected = session.sign(parts[1:5])
        if not hmac.compare_digest(parts[0], expected):
            raise ValueError("Invalid Signature")
    header = session.unpack(parts[1])
    parent = session.unpack(parts[2]) or {}
    msg_type = str(header["msg_type"])
    parent_type = parent.get("msg_type")
    state = session.unpack(parts[4])["execution_state"] if msg_type == "status" else None
    return msg_type, parent_type, state


class ActivityWatch:
    """Mixin for Jupyter Server's ``MappingKernelManager``: the same activity records, read
    cheaply (see the module)."""

    def start_watching_activity(self, kernel_id: str) -> None:
        manager: Any = self
        kernel = manager._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = Session(config=kernel.session.config, key=kernel.session.key)

        def record_activity(msg_list: list[bytes]) -> None:
            _identities, parts = session.feed_identities(msg_list)  # bytes: on_recv copies
            msg_type, parent_type, state = read_activity(session, cast(list[bytes], parts))
            if (
                manager.track_message_type(msg_type)
                or manager.track_message_type(parent_type)
                or kernel.execution_state == "busy"
            ):
                manager.last_kernel_activity = kernel.last_activity = utcnow()
            if state is not None:
                if manager.track_message_type(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    # after starting, "idle" unless the status answers a tracked message
                    kernel.execution_state = "idle"

        kernel._activity_stream.on_recv(record_activity)
