"""How much of the Tournament Winning Deck Archive the combat card library covers.

``python -m rules.vtes.card_coverage`` prints, for combat cards and for weapons, the share
of archive copies whose card is modelled, and lists the ranked cards that are not (with the
reason when the library names one). The rankings are read from the copies shipped in
``rules/vtes/data``; ``--ranking-dir DIR`` reads newer copies instead.

>>> report = coverage("combat")
>>> report.share >= 0.9
True
"""

from __future__ import annotations

import argparse
import csv
import io
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from rules.vtes.card_library import entries

__all__ = ["Coverage", "Ranked", "coverage", "main", "ranking"]

FILES = {"combat": "vtes-combat-cards-twda.csv", "weapons": "vtes-weapons-twda.csv"}


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    card_id: int
    name: str
    copies: int


@dataclass(frozen=True, slots=True)
class Coverage:
    kind: str
    total: int
    modelled: int
    missing: tuple[tuple[Ranked, str], ...]
    """Ranked cards not modelled, with the reason ('' when the card is not in the library)."""

    @property
    def share(self) -> float:
        return self.modelled / self.total if self.total else 0.0


def ranking(kind: str, directory: Path | None = None) -> tuple[Ranked, ...]:
    """The archive ranking for ``"combat"`` or ``"weapons"``."""
    name = FILES[kind]
    if directory is not None:
        text = (directory / name).read_text(encoding="utf-8")
    else:
        text = resources.files("rules.vtes").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return tuple(
        Ranked(int(row["rank"]), int(row["card_id"]), row["name"], int(row["copies"]))
        for row in csv.DictReader(io.StringIO(text))
    )


def coverage(kind: str, directory: Path | None = None) -> Coverage:
    by_id = {e.id: e for e in entries()}
    rows = ranking(kind, directory)
    modelled = 0
    missing: list[tuple[Ranked, str]] = []
    for row in rows:
        item = by_id.get(row.card_id)
        if item is not None and item.modelled:
            modelled += row.copies
        else:
            why = "; ".join(f"{lvl}: {reason}" for lvl, reason in item.unmodelled) if item else ""
            missing.append((row, why))
    return Coverage(kind, sum(r.copies for r in rows), modelled, tuple(missing))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Coverage of the combat card library.")
    parser.add_argument("--ranking-dir", type=Path, default=None)
    parser.add_argument("--all", action="store_true", help="list every card not modelled")
    args = parser.parse_args(argv)
    for kind in FILES:
        report = coverage(kind, args.ranking_dir)
        print(
            f"{kind}: {report.modelled} of {report.total} archive copies modelled "
            f"({report.share:.1%})"
        )
        listed = report.missing if args.all else report.missing[:25]
        for row, why in listed:
            reason = why or "not in the library"
            print(f"  #{row.rank} {row.name} ({row.copies} copies): {reason}")
        if len(listed) < len(report.missing):
            print(f"  ... and {len(report.missing) - len(listed)} more (--all lists them)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
