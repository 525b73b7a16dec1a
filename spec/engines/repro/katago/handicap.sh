#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly: the
# same finished 5x5 game (komi 0; Black E2, White passes, Black E5, White passes, Black passes)
# scored by `final_score` under four rule sets (friendlyPassOk false, as the report's rows set
# it), once with KataGo's default assumeMultipleStartingBlackMovesAreHandicap (true; graphgo's
# gtp.cfg overridden on the command line) and once with graphgo's gtp.cfg as the adapter runs it
# (false); with the "Handicap bonus score" line of `showboard` (printed only when not 0). Then,
# with the default, the game where White's first turn is a stone (A1) rather than a pass; with
# graphgo's gtp.cfg, the game where Black plays C3 out of turn after E5 (White to move there).
# Run from the repository's root: sh spec/engines/repro/katago/handicap.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import ask, katago  # session.py: the GTP session


def score(p, rules, moves):
    ask(p, "boardsize 5")
    ask(p, "clear_board")
    ask(p, "kata-set-rules " + rules)
    ask(p, "kata-set-rule friendlyPassOk false")
    ask(p, "komi 0")
    for move in moves:
        ask(p, "play " + move)
    bonus = [l for l in ask(p, "showboard").splitlines() if l.startswith("Handicap bonus score")]
    return f"final_score {ask(p, 'final_score').lstrip('= ')}, {bonus[0] if bonus else 'no handicap bonus line'}"


passes = ["b E2", "w pass", "b E5", "w pass", "b pass"]
for setting, overrides in [("true (KataGo's default)", ",assumeMultipleStartingBlackMovesAreHandicap=true"),
                           ("false (adapters/katago/gtp.cfg)", "")]:
    p = katago(overrides)
    for rules in ["chinese", "chinese-ogs", "aga", "tromp-taylor"]:
        print(f"{rules}, assumeMultipleStartingBlackMovesAreHandicap {setting}: {score(p, rules, passes)}")
    if setting.startswith("true"):
        stone = ["b E2", "w A1", "b E5", "w pass", "b pass"]
        print(f"chinese, {setting}, White's first turn A1: {score(p, 'chinese', stone)}")
    else:
        twice = ["b E2", "w pass", "b E5", "b C3", "w pass", "b pass"]
        print(f"chinese, {setting}, Black's C3 out of turn after E5: {score(p, 'chinese', twice)}")
    ask(p, "quit")
PY
