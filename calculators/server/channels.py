"""The kernel's websocket (``/api/kernels/<id>/channels``), telling a page that left from a
connection that was lost.

A browser that closes a tab, reloads a page or leaves it closes the page's websockets with a
close frame that says so (RFC 6455: 1001 "going away", or 1000 "normal closure"); a phone that
locks its screen, a train in a tunnel or a browser that crashed sends nothing, and the server
learns it from its pings. The first is not coming back to this kernel, so the kernel is kept
for the short closed grace only; the second may, so it keeps the reconnect grace
(:mod:`calculators.server.lifetimes`).
"""

from __future__ import annotations

from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from calculators.server.lifetimes import LEAVING_CODES


class DeskKernelWebsocketHandler(VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """Voila's kernel websocket, which tells the kernel manager when the page said it left."""

    def on_close(self) -> None:
        manager = self.kernel_manager
        kernel_id = getattr(self, "kernel_id", None)
        if kernel_id and self.close_code in LEAVING_CODES and hasattr(manager, "front_end_leaving"):
            manager.front_end_leaving(kernel_id)
        super().on_close()
