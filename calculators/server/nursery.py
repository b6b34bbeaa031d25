"""The kernel nursery: a process that has imported what the pages' kernels need, and forks kernels.

A kernel started the usual way is a new interpreter: it imports ipykernel, IPython, ZeroMQ,
ipywidgets and the page's modules before it runs a line of the notebook, about 0.7 CPU-seconds
of a 0.9 to 1.3 s start on this project's pages. The nursery pays that once: it imports all of
it at the server's start, then, for each kernel, forks. The forked child is a new kernel
process that starts with everything imported (the memory pages are shared with the nursery
until written), so a kernel's start costs little more than running its notebook.

The server talks to the nursery over a socket pair (:mod:`calculators.server.forking`): a
request is one JSON line ``{"argv": [...], "env": {...}, "cwd": "..."}`` (the arguments of
``ipykernel_launcher``), the answer one JSON line ``{"pid": N}``. The child leaves the loop,
becomes the leader of its own session (so a signal for the kernel reaches its whole group, as
for a kernel started by jupyter_client), takes the request's environment and folder, and runs
the kernel until it exits. Nothing here starts a thread or a ZeroMQ context before forking.

The nursery ends when the server's end of the socket closes (the server is gone), and every
kernel it forked ends when the nursery does (ipykernel's parent poller, pointed at the
nursery). Children are reaped by the system (``SIGCHLD`` ignored), so a kernel that exits
leaves no zombie; its exit status is not known to the server.

Forked kernels share what the nursery had when it forked: the modules, the string hashing
seed (one per server, as in one process), and the random generators, which Python reseeds in
the child.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import signal
import socket
import sys
from typing import Any

# What every page's kernel imports: the kernel itself (with what it loads while it starts: its
# debugger, the history's database, the Tornado queues), the widgets and each page's module. A
# test checks that every module the notebooks import is here.
PRELOAD = (
    "ipykernel.kernelapp",
    "ipykernel.ipkernel",
    "ipykernel.debugger",
    "sqlite3",
    "pdb",
    "tornado.queues",
    "ipywidgets",
    "calculators.pages.landing.page",
    "calculators.pages.vtes_damage.page",
    "calculators.pages.vtes_combat.page",
    "calculators.pages.vtes_table.page",
    "calculators.pages.deck_odds.page",
    "calculators.pages.vtes_cards.page",
    "calculators.pages.dracula.page",
    "calculators.pages.vtm_dice.page",
    "calculators.pages.reference.page",
)


def preload() -> None:
    """Import :data:`PRELOAD` and fill the caches every page reads while it is built."""
    for name in PRELOAD:
        importlib.import_module(name)
    from rules.i18n import LANGUAGES, translations
    from rules.reference import sections

    sections()  # reads the reference's files once
    for lang in LANGUAGES:
        translations(lang)


def serve(channel: socket.socket) -> dict[str, Any] | None:
    """Fork a kernel for each request until the server hangs up.

    Returns ``None`` in the nursery once the server is gone, and the request in each child.
    """
    stream = channel.makefile("rwb", buffering=0)
    for line in stream:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            stream.close()
            channel.close()
            return dict(request)
        stream.write(json.dumps({"pid": pid}).encode() + b"\n")
    return None


#: How much readier than the server a kernel is to be ended when the machine runs out of memory
#: (Linux's ``oom_score_adj``, -1000 to 1000): the memory ceiling keeps the box below its memory,
#: and should anything else fill it, the system ends a kernel (one page) before the server.
KERNEL_OOM_SCORE_ADJ = 500


def prefer_kernel_for_oom() -> None:
    """Mark this process as the first to end if the machine runs out of memory (where the
    system allows it; raising one's own score needs no privilege)."""
    with (
        contextlib.suppress(OSError),
        open("/proc/self/oom_score_adj", "w", encoding="ascii") as score,
    ):
        score.write(str(KERNEL_OOM_SCORE_ADJ))


def become_kernel(request: dict[str, Any]) -> None:
    """In a forked child: set up the process as a kernel launched for ``request``, and run it."""
    os.setsid()
    prefer_kernel_for_oom()
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    parent = os.getppid()
    os.environ["JPY_PARENT_PID"] = str(parent)
    sys.argv = ["ipykernel_launcher", *request["argv"]]

    from ipykernel.kernelapp import IPKernelApp
    from ipywidgets import register_comm_target

    app = IPKernelApp.instance()
    # its default was read from the nursery's environment, which has none
    app.parent_handle = parent
    app.initialize(request["argv"])  # type: ignore[no-untyped-call]
    # ipywidgets registers its comm targets when it is imported inside a running kernel; here
    # it was imported before the kernel existed.
    register_comm_target()
    app.start()  # type: ignore[no-untyped-call]


def main(argv: list[str]) -> int:
    """``python -m calculators.server.nursery FD``: FD is this end of the server's socket pair."""
    channel = socket.socket(fileno=int(argv[0]))
    # as ipykernel_launcher does: the current folder is not a place to import from
    if sys.path and (sys.path[0] in ("", os.getcwd())):
        del sys.path[0]
    preload()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    # objects that exist now are never collected: the collector then writes none of their
    # pages, which stay shared between the nursery and its kernels
    gc.freeze()
    request = serve(channel)
    if request is None:
        return 0
    become_kernel(request)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
