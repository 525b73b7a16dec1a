#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly, with
# graphgo's config: the sixteen turns of repro/katago/no-result-cycle.yaml on 2x2 under
# `chinese` (ko SIMPLE), each sent with `play`; after the first, the 15th and any turn after
# which printsgf writes a result, its RE (none while the game goes on).
# Run from the repository's root: sh spec/engines/repro/katago/no-result.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import session  # session.py: the GTP session

ask = session()

ask("boardsize 2")
ask("kata-set-rules chinese")
ask("kata-set-rule friendlyPassOk false")
ask("komi 0.5")
moves = ["b A2", "w B2", "b A1", "w B1", "b A2", "w A1", "b A2", "w B2", "b A1", "w B1",
         "b A1", "w A2", "b A1", "w B1", "b A2", "w B2"]
for turn, move in enumerate(moves, 1):
    answer = ask("play " + move)
    sgf = ask("printsgf")
    result = sgf[sgf.index("RE[") + 3:sgf.index("]", sgf.index("RE["))] if "RE[" in sgf else "none"
    if result != "none" or turn in (1, 15):
        print(f"turn {turn} ({move}): play answers '{answer}'; printsgf RE: {result}")
ask("quit")
PY
