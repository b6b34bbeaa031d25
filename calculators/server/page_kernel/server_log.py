"""The kit's log records go to the server's log, never into a page.

In a kernel, what is written to standard error is also sent to the page as plain text; ipykernel
keeps a copy of the standard error the server started the kernel with, and the ``calculators``
logger writes there only (outside a kernel: ``sys.__stderr__``). Under Voila that is the
terminal or log file of the server's command.
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO


def use_server_log() -> None:
    """Send the ``calculators`` log records to the process's own standard error, once."""
    root = logging.getLogger("calculators")
    if root.handlers:
        return
    original = getattr(sys.stderr, "_original_stdstream_copy", None)
    stream: TextIO | None = sys.__stderr__
    if isinstance(original, int):
        stream = os.fdopen(os.dup(original), "w", buffering=1, encoding="utf-8")
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(logging.INFO)
