#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly, with
# graphgo's config: the same finished 5x5 games (two passes) scored by `final_score` under
# `tromp-taylor` and under `stone-scoring` (both with friendlyPassOk false, as the report's
# rows set them, so that final_score is KataGo's own count of the board). Komi 0.5.
# Run from the repository's root: sh spec/engines/repro/katago/stone-scoring.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import session  # session.py: the GTP session

ask = session()

ask("boardsize 5")
games = [
    ("one black stone, C3", ["b C3"]),
    ("a black wall C1-C5 (one group, two areas)",
     ["b C1", "w pass", "b C2", "w pass", "b C3", "w pass", "b C4", "w pass", "b C5"]),
    ("two black walls B1-B5 and D1-D5 (two groups, three areas)",
     ["b B1", "w pass", "b B2", "w pass", "b B3", "w pass", "b B4", "w pass", "b B5",
      "w pass", "b D1", "w pass", "b D2", "w pass", "b D3", "w pass", "b D4", "w pass",
      "b D5"]),
]
for what, moves in games:
    scores = []
    for rules in ["tromp-taylor", "stone-scoring"]:
        ask("clear_board")
        ask("kata-set-rules " + rules)
        ask("kata-set-rule friendlyPassOk false")
        ask("komi 0.5")
        for move in moves:
            ask("play " + move)
        colour = "w" if moves[-1].startswith("b") else "b"
        other = "b" if colour == "w" else "w"
        ask(f"play {colour} pass")
        ask(f"play {other} pass")
        scores.append(f"{rules} {ask('final_score').lstrip('= ')}")
    print(f"{what}, then two passes: final_score " + ", ".join(scores))
ask("quit")
PY
