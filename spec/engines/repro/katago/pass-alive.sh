#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly, with
# graphgo's config: finished 3x3 games (komi 0, two passes) scored by `final_score` under
# `tromp-taylor` and `chinese` (friendlyPassOk false: KataGo's own count of the board), with
# the board `showboard` draws at the end (rows 3 to 1). In the first, Black's B1-B2-B3 is
# pass-alive and White's A1 and C1 stand in its two eyes; in the second, Black's lone B2 is
# not pass-alive.
# Run from the repository's root: sh spec/engines/repro/katago/pass-alive.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import session  # session.py: the GTP session

ask = session()

ask("boardsize 3")
eyes = ["b B3", "w A1", "b B2", "w C1", "b B1", "w pass", "b pass"]
games = [
    ("tromp-taylor", "B B3, W A1, B B2, W C1, B B1", eyes),
    ("chinese", "B B3, W A1, B B2, W C1, B B1", eyes),
    ("tromp-taylor", "B B2, W A1", ["b B2", "w A1", "b pass", "w pass"]),
]
for rules, what, moves in games:
    ask("clear_board")
    ask("kata-set-rules " + rules)
    ask("kata-set-rule friendlyPassOk false")
    ask("komi 0")
    for move in moves:
        ask("play " + move)
    # A row of showboard: its number, then a point a column, a digit after the last moves' stones.
    rows = ["".join(c for c in line[3:] if c in ".XO") for line in ask("showboard").splitlines()
            if line[:2].strip() in ("1", "2", "3")]
    print(f"{rules}: {what}, two passes: board {' | '.join(rows)}; final_score {ask('final_score').lstrip('= ')}")
ask("quit")
PY
