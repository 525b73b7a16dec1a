#!/bin/sh
# KataGo 1.18.1 (target/katago, installed by adapters/install.sh) answering GTP directly, with
# graphgo's config: for each rule set, a ko retake and a multi-stone suicide sent with `play`
# after asking `kata-raw-nn` whether KataGo's rules allow them (policy NAN: not legal).
# Run from the repository's root: sh spec/engines/repro/katago/gtp.sh
exec python3 - "$@" <<'PY'
import sys

sys.path.insert(0, "spec/engines/repro/katago")
from session import session  # session.py: the GTP session

ask = session()

def legal(vertex):
    """Whether kata-raw-nn's policy for the player to move is a number (not NAN) at vertex."""
    words = ask("kata-raw-nn 0").split()
    policy = words[words.index("policy") + 1:][:25]
    column, row = "ABCDE".index(vertex[0]), int(vertex[1:])
    return policy[(5 - row) * 5 + column] != "NAN"


ask("boardsize 5")
for rules in ["tromp-taylor", "chinese", "aga"]:
    ask("clear_board")
    ask("kata-set-rules " + rules)
    # A ko: Black D3 takes White's C3; White's C3 at once would take D3 back.
    for move in ["b B3", "w D4", "b C4", "w D2", "b C2", "w E3", "b A1", "w C3", "b D3"]:
        ask("play " + move)
    retake = legal("C3")
    answer = ask("play w C3")
    print(f"{rules}: White's ko retake C3: kata-raw-nn legal: {retake}; play answers '{answer}'")
ask("clear_board")
ask("kata-set-rules chinese")
for move in ["b B3", "w D4", "b C4", "w D2", "b C2", "w E3", "b A1", "w C3", "b D3", "w pass", "b pass"]:
    ask("play " + move)
print(f"chinese: White's ko retake C3 after a pass by each side: kata-raw-nn legal: {legal('C3')}")
for rules in ["tromp-taylor", "chinese"]:
    ask("clear_board")
    ask("kata-set-rules " + rules)
    # White A1 and A2, Black B1, B2 and A4: White's A3 removes White's own A1, A2 and A3.
    for move in ["b B1", "w A1", "b B2", "w A2", "b B3", "w pass", "b A4"]:
        ask("play " + move)
    suicide = legal("A3")
    answer = ask("play w A3")
    stones = [line for line in ask("showboard").splitlines() if line[:2].strip() in ("1", "2", "3")]
    print(f"{rules}: White's self-capture of three at A3: kata-raw-nn legal: {suicide}; "
          f"play answers '{answer}'; rows 3 to 1 after it: {' | '.join(s[3:] for s in stones)}")
ask("clear_board")
ask("kata-set-rules tromp-taylor")
ask("play b C3")
answer = ask("play b D3")
print(f"Black twice (C3, then D3): play answers '{answer}'; "
      f"{[l for l in ask('showboard').splitlines() if l.startswith('Next player')][0]}")
ask("quit")
PY
