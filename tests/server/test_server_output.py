"""The server never loses a kernel's output.

A kernel publishes on a ZeroMQ PUB socket, which drops whatever does not fit in a subscriber's
queue (1,000 messages at each end by default). A page that builds many widgets at once (a
ten-round VTES combat imported from text: about 2,600 messages) lost its last messages on a busy
machine and waited for them for ever. Here a kernel publishes 5,000 messages while nobody reads
them; the reader then counts what arrived.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
MESSAGES = 5000

SCENARIO = r"""
import asyncio, sys, zmq
from jupyter_client.manager import AsyncKernelManager
from calculators.server.kernels import DeskKernelManager

N = int(sys.argv[2])
CODE = f"from IPython.display import display\nfor i in range({N}): display(i)"

async def main(kind):
    km = (DeskKernelManager if kind == "desk" else AsyncKernelManager)(transport="ipc")
    await km.start_kernel()
    kc = km.client()
    kc.start_channels()
    await kc.wait_for_ready(timeout=60)
    readers = {"manager": km.connect_iopub(), "client": kc.connect_iopub()}
    readers = {k: getattr(s, "socket", s) for k, s in readers.items()}
    for sock in readers.values():
        sock.setsockopt(zmq.SUBSCRIBE, b"")
    await asyncio.sleep(1)  # the subscriptions reach the kernel
    kc.execute(CODE)
    await kc.get_shell_msg(timeout=120)  # the kernel is done; nobody has read yet
    await asyncio.sleep(2)
    for name, sock in readers.items():
        count = 0
        while True:
            # messages may still be on their way on a busy machine: wait until 3 s of quiet
            ready = sock.poll(3000)
            if not isinstance(ready, int):
                ready = await ready
            if not ready:
                break
            try:
                parts = sock.recv_multipart(zmq.NOBLOCK)
                if not isinstance(parts, list):
                    parts = await parts
            except zmq.Again:
                break
            count += any(b'"display_data"' in part for part in parts[:6])
        print(name, count, flush=True)
    kc.stop_channels()
    await km.shutdown_kernel(now=True)

asyncio.run(main(sys.argv[1]))
"""


def _received(kind: str) -> dict[str, int]:
    done = subprocess.run(
        [sys.executable, "-c", SCENARIO, kind, str(MESSAGES)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return {
        name: int(count)
        for name, count in (line.split() for line in done.stdout.split("\n") if line)
    }


def test_jupyter_clients_own_sockets_drop_what_does_not_fit() -> None:
    received = _received("plain")
    assert all(count < MESSAGES for count in received.values()), received


def test_the_servers_sockets_receive_every_message() -> None:
    assert _received("desk") == {"manager": MESSAGES, "client": MESSAGES}
