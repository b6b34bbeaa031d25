"""The server's memory ceiling: a kernel starts only if the box stays below it.

The box's memory is what the operating system reports for the whole machine (every process on
it counts, not only the desk's), or the memory limit of the control group the server runs in
when that is lower (a container, a systemd unit with ``MemoryMax``). A kernel costs
``KERNEL_MB`` once it has run its page (:mod:`calculators.server.sizing`); a kernel still
starting has not taken its memory yet, so each start in progress counts as taken already.

The rule, for a start with ``starting`` others in progress::

    available - KERNEL_MB * (starting + 1 + keep) >= total * (1 - share)

where ``share`` is the part of the box's memory the box may use (``VisitorKernels.memory_share``)
and ``keep`` the starts that must stay possible after this one: 0 for a visitor's kernel, the
start slots for a kernel the pools fill in the background (so a full box turns the refills
away before its visitors). With ``max_kernels`` set, the kernels alive and starting also stay
below that many.
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from pathlib import Path

import psutil

from calculators.server.sizing import KERNEL_MB

MB = 2**20
CGROUP = Path("/sys/fs/cgroup")


class ServerBusy(RuntimeError):
    """No kernel can start now without passing the memory ceiling; try again in ``retry_after``
    seconds."""

    def __init__(self, retry_after: int, why: str) -> None:
        super().__init__(why)
        self.retry_after = retry_after


@dataclass(frozen=True, slots=True)
class Ceiling:
    """How much of the box the kernels may fill (see the module)."""

    share: float = 0.85
    kernel_mb: int = KERNEL_MB
    max_kernels: int = 0  # 0: no cap but memory

    def room(
        self,
        *,
        total_mb: float,
        available_mb: float,
        kernels: int,
        starting: int,
        keep: int = 0,
    ) -> str | None:
        """``None`` when one more kernel may start, else why not (for the log).

        ``kernels`` counts the kernels alive or starting; ``starting`` those whose memory is
        not taken yet.

        >>> Ceiling(share=0.5).room(total_mb=1000, available_mb=600, kernels=0, starting=0)
        >>> Ceiling(share=0.5).room(total_mb=1000, available_mb=600, kernels=0, starting=2)
        'the box would use more than 50% of its 1000 MB (600 MB available, 2 kernels starting)'
        >>> Ceiling(max_kernels=3).room(total_mb=1e6, available_mb=1e6, kernels=3, starting=1)
        'already 3 kernels (at most 3)'
        """
        if self.max_kernels and kernels + keep >= self.max_kernels:
            return f"already {kernels} kernels (at most {self.max_kernels})"
        floor = total_mb * (1 - self.share)
        if available_mb - self.kernel_mb * (starting + 1 + keep) < floor:
            return (
                f"the box would use more than {self.share:.0%} of its {total_mb:.0f} MB "
                f"({available_mb:.0f} MB available, {starting} kernels starting)"
            )
        return None

    def kernels_that_fit(self, *, total_mb: float, available_mb: float) -> int:
        """How many more kernels the box holds below the ceiling now.

        >>> Ceiling(share=0.5, kernel_mb=40).kernels_that_fit(total_mb=1000, available_mb=900)
        10
        """
        spare = available_mb - total_mb * (1 - self.share)
        return max(0, math.floor(spare / self.kernel_mb))


def box_memory() -> tuple[float, float]:
    """The box's memory and the memory available now, in MB: the machine's, or the server's
    control group's limit when that is lower."""
    memory = psutil.virtual_memory()
    total, available = memory.total / MB, memory.available / MB
    limited = _cgroup_memory()
    if limited is not None and limited[0] < total:
        total, available = limited[0], min(available, limited[1])
    return total, available


def _cgroup_memory() -> tuple[float, float] | None:
    """The control group's memory limit and what is left under it (MB), if it has a limit."""
    for folder in _cgroup_folders():
        for limit_file, usage_file in (
            ("memory.max", "memory.current"),  # cgroup v2
            ("memory.limit_in_bytes", "memory.usage_in_bytes"),  # cgroup v1
        ):
            with contextlib.suppress(OSError, ValueError):
                limit_text = (folder / limit_file).read_text().strip()
                if limit_text == "max":
                    break
                limit = int(limit_text)
                if limit >= 2**60:  # v1 writes "no limit" as a huge number
                    break
                used = int((folder / usage_file).read_text()) - _reclaimable(folder)
                return limit / MB, max(0, limit - used) / MB
    return None


def _cgroup_folders() -> list[Path]:
    """The folders that may describe the server's memory control group, nearest first."""
    folders = []
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _, controllers, path = line.split(":", 2)
            if controllers == "":
                folders.append(CGROUP / path.lstrip("/"))
            elif "memory" in controllers.split(","):
                folders.append(CGROUP / "memory" / path.lstrip("/"))
    folders += [CGROUP, CGROUP / "memory"]  # a container sees its own group as the root
    return folders


def _reclaimable(folder: Path) -> int:
    """File pages the group's usage counts that the kernel can drop (bytes)."""
    with contextlib.suppress(OSError, ValueError):
        for line in (folder / "memory.stat").read_text().splitlines():
            name, _, value = line.partition(" ")
            if name in ("inactive_file", "total_inactive_file"):
                return int(value)
    return 0
