#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly, with
# graphgo's config: the fourteen turns of the report's game own-efb06a3c0642ed79 (2x2, komi 0;
# repro/katago/spight-pass.yaml) under `chinese` and under `tromp-taylor` (friendlyPassOk
# false), each sent with `play`; before each pass, the board `showboard` draws (rows 2 and 1)
# and its player to move; after it, printsgf's RE (none while the game goes on).
# Run from the repository's root: sh spec/engines/repro/katago/spight-pass.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import session  # session.py: the GTP session

ask = session()

ask("boardsize 2")
moves = ["b B1", "w B2", "b A2", "w pass", "b B2", "w A1", "b A2", "w B2", "b pass", "w B1",
         "b A2", "w A1", "b B1", "w pass"]
for rules in ["chinese", "tromp-taylor"]:
    ask("clear_board")
    ask("kata-set-rules " + rules)
    ask("kata-set-rule friendlyPassOk false")
    ask("komi 0")
    for turn, move in enumerate(moves, 1):
        before = ""
        if move.endswith("pass"):
            board = ask("showboard").splitlines()
            # A row of showboard: its number, then a point a column, a digit after the last moves' stones.
            rows = ["".join(c for c in l[3:] if c in ".XO") for l in board if l[:2].strip() in ("1", "2")]
            to_move = [l for l in board if l.startswith("Next player")][0]
            before = f" from {' | '.join(rows)} ({to_move})"
        answer = ask("play " + move)
        sgf = ask("printsgf")
        result = sgf[sgf.index("RE[") + 3:sgf.index("]", sgf.index("RE["))] if "RE[" in sgf else "none"
        if move.endswith("pass") or result != "none":
            print(f"{rules}: turn {turn} ({move}){before}: play answers '{answer}'; printsgf RE: {result}")
ask("quit")
PY
