"""A kernel launcher for tests: the next kernels die at start, the later ones are real.

Usage (as a kernelspec's argv): ``python dying_kernel.py PLAN {connection_file}``. PLAN is a
file with one word per line, consumed one line per kernel started:

- ``exit``: the kernel exits at once;
- ``squat``: another process takes the kernel's shell endpoint (a ZeroMQ PUB socket, which a
  client's DEALER cannot talk to), and the kernel dies 2 s later, as a kernel does when it
  finds its port taken after importing for a while;
- ``hang``: the kernel never answers (it sleeps for a minute, then exits);
- ``real``: the real kernel (as once PLAN is empty);
- ``mute``: a real kernel whose displays and results reach the server only 60 s late, long
  after its page is ready for a visitor (a shorter delay was overtaken on a busy machine): its
  page comes out without its widget, as when the server gives up waiting for a cell's output
  (``VoilaExecutor.iopub_timeout``) on a busy machine.
- ``deaf``: a real kernel that does not wait for its visitor's address: its preheated page
  runs to its end at once, as when the kernel cannot reach the server in time.

Once PLAN is empty, the real ipykernel starts with the same connection file.
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path


def next_mode(plan: Path) -> str:
    with plan.open("r+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        lines = handle.read().split()
        handle.seek(0)
        handle.truncate()
        handle.write("\n".join(lines[1:]))
    return lines[0] if lines else "real"


def endpoint(info: dict[str, object], channel: str) -> str:
    port = info[f"{channel}_port"]
    if info.get("transport") == "ipc":
        return f"ipc://{info['ip']}-{port}"
    return f"tcp://{info['ip']}:{port}"


def squat(address: str, seconds: float) -> None:
    """Hold ``address`` from a detached process for ``seconds``."""
    if os.fork() != 0:
        return
    os.setsid()
    # let go of the output pipes: whoever reads the kernel's output must not wait for us
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    import zmq

    sock = zmq.Context().socket(zmq.PUB)
    sock.bind(address)
    time.sleep(seconds)
    os._exit(0)


def mute_displays(seconds: float) -> None:
    """Send every display (``display_data``, ``execute_result``) ``seconds`` late."""
    from jupyter_client.session import Session

    send = Session.send

    def send_late(
        self: Session, stream: object, msg_or_type: object, *args: object, **kwargs: object
    ) -> object:
        kind = msg_or_type if isinstance(msg_or_type, str) else msg_or_type["header"]["msg_type"]  # type: ignore[index]
        if kind in ("display_data", "execute_result"):
            threading.Timer(seconds, send, (self, stream, msg_or_type, *args), kwargs).start()
            return None
        return send(self, stream, msg_or_type, *args, **kwargs)  # type: ignore[arg-type]

    Session.send = send_late  # type: ignore[method-assign,assignment]


def main() -> None:
    plan, connection_file = Path(sys.argv[1]), sys.argv[2]
    mode = next_mode(plan)
    if mode != "real":
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server interrupts before it kills
    if mode == "exit":
        sys.exit(1)
    if mode == "squat":
        info = json.loads(Path(connection_file).read_text())
        squat(endpoint(info, "shell"), 60)
        time.sleep(2)
        sys.exit(1)
    if mode == "hang":
        time.sleep(60)
        sys.exit(1)
    if mode == "mute":
        mute_displays(60.0)
        from ipykernel.kernelapp import launch_new_instance

        sys.argv = [sys.argv[0], "-f", connection_file]
        launch_new_instance()
        return
    if mode == "deaf":
        os.environ["VOILA_PREHEAT"] = "False"  # the page does not wait for its request
    os.execv(sys.executable, [sys.executable, "-m", "ipykernel_launcher", "-f", connection_file])


if __name__ == "__main__":
    main()
