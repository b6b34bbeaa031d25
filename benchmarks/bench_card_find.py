"""Speed and quality of the card look-up (``rules.vtes.carddata.find``), and the card data's
first read.

Run: ``.venv/bin/python benchmarks/bench_card_find.py [--against REV]``. Reports, in one run,
in CPU milliseconds:

- ``find`` over the query set of ``tests/data/card_queries.tsv`` (misspelled, partial, plain
  and Cyrillic queries): median and slowest per query against the 20 ms goal, and
  ``difflib.get_close_matches`` over every card name on the same queries, as a ratio;
- how often each finds the intended card first, and, where krcg (the ``[cards]`` extra) is
  installed, how often krcg's own fuzzy ``get()`` does on the same queries;
- the same for one random typo (a letter dropped, doubled, swapped with the next or replaced;
  seed 29) in the name of every card of five letters or more: ``find`` and krcg ``get()``;
- the first look-up's one-off cost (building the name index) in a fresh interpreter;
- the card data's first read (gunzip and JSON) against the file at ``REV`` (default: the
  commit before the data held every card and the rulings), and the rulings file's.

Times are reported, never asserted.
"""

from __future__ import annotations

import argparse
import difflib
import gzip
import importlib.util
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
QUERIES = ROOT / "tests" / "data" / "card_queries.tsv"
DATA = ROOT / "rules" / "vtes" / "data"
GOAL_MS = 20.0
BEFORE = "53c035c"  # the card data as it was: vampires and the combat pages' library cards

KRCG = """
import json, os, sys, time
os.environ["LOCAL_CARDS"] = "1"
os.environ["NO_TRANSLATIONS"] = "1"
import krcg.vtes
krcg.vtes.VTES.load_from_vekn()
out = []
for query in json.loads(sys.stdin.read()):
    start = time.process_time()
    card = krcg.vtes.VTES.get(query)
    ms = (time.process_time() - start) * 1000
    out.append([card.name if card else None, card.printed_name if card else None, ms])
print(json.dumps(out))
"""


def typo(name: str, rng: random.Random) -> str:
    """``name`` with one typing slip at a random letter."""
    s = list(name)
    i = rng.choice([k for k, c in enumerate(s) if c.isalpha()])
    slip = rng.choice("dxsr")
    if slip == "d":
        del s[i]
    elif slip == "x":
        s.insert(i, s[i])
    elif slip == "s" and i + 1 < len(s):
        s[i], s[i + 1] = s[i + 1], s[i]
    else:
        s[i] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "".join(s)


def queries() -> list[tuple[str, str, str]]:
    rows = []
    for line in QUERIES.read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            kind, query, card = line.split("\t")
            rows.append((kind, query, card))
    return rows


def cpu_ms(fn: Any) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def read_ms(blob: bytes, repeat: int = 15) -> float:
    return min(cpu_ms(lambda: json.loads(gzip.decompress(blob))) for _ in range(repeat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default=BEFORE, help="the commit whose card data to read")
    args = parser.parse_args()
    from rules.vtes import carddata

    rows = queries()
    build = float(
        fresh(
            "import time; from rules.vtes import carddata; carddata.cards(); "
            "t = time.process_time(); carddata.find('majesty'); "
            "print((time.process_time() - t) * 1000)"
        )
    )
    carddata.find("majesty")
    names = [c.name for c in carddata.cards()]
    folded = {name.casefold(): name for name in names}
    ours, theirs, hits, close_hits = [], [], 0, 0
    for _round in range(3):
        for _kind, query, card in rows:
            found: list[Any] = []
            ours.append(cpu_ms(lambda q=query, f=found: f.extend(carddata.find(q))))
            close: list[str] = []
            theirs.append(
                cpu_ms(
                    lambda q=query, c=close: c.extend(
                        difflib.get_close_matches(q.casefold(), list(folded), n=10)
                    )
                )
            )
            if _round == 0:
                hits += bool(found) and found[0].name == card
                close_hits += bool(close) and folded[close[0]] == card
    mine, diff = statistics.median(ours), statistics.median(theirs)
    n = len(rows)
    print(
        f"find over {n} queries x 3: median {mine:.2f} ms, slowest {max(ours):.2f} ms; "
        f"goal {GOAL_MS:.0f} ms, goal/median {GOAL_MS / mine:.1f}x"
    )
    print(
        f"difflib.get_close_matches over all {len(names)} names, same queries: median "
        f"{diff:.2f} ms; difflib/find {diff / mine:.1f}x"
    )
    print(
        f"intended card first: find {hits}/{n} ({hits / n:.1%}), difflib {close_hits}/{n} "
        f"({close_hits / n:.1%})"
    )

    def printed(card: Any) -> str:
        return str(getattr(card, "printed", card.name))

    rng = random.Random(29)
    slips = [(typo(p, rng), p) for p in map(printed, carddata.cards()) if len(p) >= 5]
    slip_hits = [bool(f := carddata.find(q, 1)) and printed(f[0]) == p for q, p in slips]
    print(
        f"one random typo in each of {len(slips)} card names: find {sum(slip_hits)} "
        f"({sum(slip_hits) / len(slips):.1%}) first"
    )
    if importlib.util.find_spec("krcg") is not None:
        asked = [q for _k, q, _c in rows] + [q for q, _p in slips]
        done = subprocess.run(
            [sys.executable, "-c", KRCG],
            input=json.dumps(asked),
            capture_output=True,
            text=True,
            check=True,
        )
        krcg = json.loads(done.stdout)
        ours_first = [carddata.find(q, 1)[0].name == c for _k, q, c in rows]
        set_hits = [got == card for (got, _p, _ms), (_k, _q, card) in zip(krcg, rows, strict=False)]
        only_ours = sum(o and not k for o, k in zip(ours_first, set_hits, strict=True))
        only_theirs = sum(k and not o for o, k in zip(ours_first, set_hits, strict=True))
        print(
            f"krcg 4.19 get(), same queries: {sum(set_hits)}/{n} ({sum(set_hits) / n:.1%}) "
            f"first, median {statistics.median(ms for _g, _p, ms in krcg[:n]):.2f} ms; find finds "
            f"{only_ours} that krcg misses, krcg {only_theirs} that find misses"
        )
        slip_krcg = [got == p for (_g, got, _ms), (_q, p) in zip(krcg[n:], slips, strict=True)]
        wins = sum(o and not k for o, k in zip(slip_hits, slip_krcg, strict=True))
        losses = sum(k and not o for o, k in zip(slip_hits, slip_krcg, strict=True))
        print(
            f"krcg 4.19 get(), same typos: {sum(slip_krcg)} ({sum(slip_krcg) / len(slips):.1%}) "
            f"first; find finds {wins} that krcg misses, krcg {losses} that find misses"
        )
    else:
        print("krcg get(): not installed (pip install -e '.[cards]'), not compared")
    print(f"first look-up in a fresh interpreter (builds the name index): {build:.1f} ms")
    now = (DATA / "cards.json.gz").read_bytes()
    ruled = (DATA / "rulings.json.gz").read_bytes()
    try:
        before = subprocess.run(
            ["git", "show", f"{args.against}:rules/vtes/data/cards.json.gz"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        before = b""
    new_ms = read_ms(now)
    if before:
        old_ms = read_ms(before)
        print(
            f"card data first read (gunzip + JSON): {new_ms:.1f} ms for {len(now):,} bytes, "
            f"{len(carddata.cards())} cards; at {args.against}: {old_ms:.1f} ms for "
            f"{len(before):,} bytes, {len(json.loads(gzip.decompress(before))['crypt'])} vampires "
            f"+ {len(json.loads(gzip.decompress(before))['library'])} library cards; "
            f"now/before {new_ms / old_ms:.2f}x"
        )
    else:
        print(f"card data first read: {new_ms:.1f} ms for {len(now):,} bytes (no {args.against})")
    print(
        f"rulings first read (only when a ruling is asked for): {read_ms(ruled):.1f} ms for "
        f"{len(ruled):,} bytes"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
