"""What the static site leaves out of the wheels it ships.

A wheel on the site is unpacked into the kernel's file system on every start: what the kernel
never reads costs a visitor bytes on the first visit and time on every one.

- :func:`strip_front_end`: what a wheel carries for the browser's side of a widget (lab and
  notebook extensions, ``share/jupyter`` data files); the site serves those front ends itself.
- :func:`strip_members`: members a caller names (the project's translation sources, which the
  kernel reads compiled; pygments' lexers other than those the kernel imports as it starts).
- :func:`rewrite_member`: one member's text changed by a caller (IPython's package module, so
  that its terminal, which no page uses, is imported on first use instead of at the start).
"""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Callable
from pathlib import Path

#: Members of a wheel that belong to a widget's front end, never read by the kernel.
FRONT_END = (
    ".data/data/share/jupyter/",
    ".data/data/etc/jupyter/",
    "/labextension/",
    "/nbextension/",
)


def strip_front_end(wheel: Path) -> int:
    """Drop the front-end files of ``wheel`` (see :data:`FRONT_END`); returns the bytes saved."""
    return strip_members(wheel, lambda name: any(part in name for part in FRONT_END))


def strip_members(archive: Path, drop: Callable[[str], bool]) -> int:
    """Drop the members of ``archive`` whose name ``drop`` accepts (a wheel's RECORD follows);
    returns the bytes saved."""
    before = archive.stat().st_size
    with zipfile.ZipFile(archive) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    kept = [(info, data) for info, data in members if not drop(info.filename)]
    if len(kept) == len(members):
        return 0
    write_archive(archive, kept)
    return before - archive.stat().st_size


def rewrite_member(archive: Path, name: str, change: Callable[[str], str]) -> None:
    """Replace the text of member ``name`` of ``archive`` by ``change(text)`` (a wheel's RECORD
    follows); a missing member is an error, so that a changed wheel does not pass unnoticed."""
    with zipfile.ZipFile(archive) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    found = [i for i, (info, _) in enumerate(members) if info.filename == name]
    if not found:
        raise ValueError(f"{archive.name} has no member {name}")
    (at,) = found
    info, data = members[at]
    members[at] = (info, change(data.decode("utf-8")).encode("utf-8"))
    write_archive(archive, members)


def write_archive(archive: Path, members: list[tuple[zipfile.ZipInfo, bytes]]) -> None:
    """Write ``members`` as ``archive`` (deflated), with a wheel's RECORD made anew for them."""
    partial = archive.with_name(archive.name + ".part")
    with zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info, data in _with_record(members):
            info.compress_type = zipfile.ZIP_DEFLATED
            new.writestr(info, data, compresslevel=9)
    partial.replace(archive)


def record_hash(data: bytes) -> str:
    """``data``'s hash as a wheel's RECORD writes it."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def _with_record(
    members: list[tuple[zipfile.ZipInfo, bytes]],
) -> list[tuple[zipfile.ZipInfo, bytes]]:
    """``members`` with a wheel's RECORD written anew for them (unchanged without one)."""
    records = [
        i for i, (info, _) in enumerate(members) if info.filename.endswith(".dist-info/RECORD")
    ]
    if not records:
        return members
    (at,) = records
    record_name = members[at][0].filename
    lines = []
    for info, data in members:
        if info.filename == record_name:
            continue
        lines.append(f"{info.filename},{record_hash(data)},{len(data)}")
    lines.append(f"{record_name},,")
    record = zipfile.ZipInfo(record_name, members[at][0].date_time)
    out = list(members)
    out[at] = (record, ("\n".join(lines) + "\n").encode())
    return out
