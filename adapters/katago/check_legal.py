#!/usr/bin/env python3
"""Compares the adapter's two readings of KataGo's legality, position by position.

adapters/katago/adapter.py reads `BoardHistory::isLegal` from KataGo's tolerant `play` and
its `showboard` (`Library.legal_by_play`) and falls back to the network's masked policy
(`Library.legal_by_network`, kata-raw-nn) where that read cannot decide. This program plays
random games in one KataGo under each rule set of the report's KataGo rows (the `args` of
adapters/katago/rules.yaml) and, at every position, asks both readings for the player to move
(and at every fourth for the other player);
it prints each list where they differ and exits 1 if any does (or if no position was
decided by the play read at all). The games pick their moves from the network's list, with a
pass now and then, so they meet captures, ko points, self-captures and (on 2x2 and 3x3)
superko repetitions.

Usage: check_legal.py [--positions N] [--seed S] [--sizes 2,3,4,5]
  N positions compared per rule set and board size (default 40).
Exit 2 (and a line starting with SKIPPED) when KataGo is not installed.
"""

import argparse
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))

sys.dont_write_bytecode = True  # no __pycache__ in the repository
import adapter  # noqa: E402


def adapter_other(colour):
    return "w" if colour == "b" else "b"


def rule_sets():
    """(name, [GTP commands]) of each configuration of rules.yaml, in its order."""
    text = open(os.path.join(HERE, "rules.yaml"), encoding="utf-8").read()
    found = re.findall(r'- name: ([\w-]+)\n    args: \["([^"]*)"\]', text)
    return [(name, [c.strip() for c in args.split(";") if c.strip()]) for name, args in found]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sizes", default="2,3,4,5")
    options = parser.parse_args()
    for path in (adapter.BINARY, adapter.MODEL):
        if not os.path.exists(path):
            print(f"SKIPPED: KataGo is not installed: {path} is missing "
                  "(bash adapters/install.sh katago)")
            return 2
    sets = rule_sets()
    if len(sets) < 7:
        sys.exit(f"check_legal: rules.yaml gives {len(sets)} configurations, expected 7")
    rng = random.Random(options.seed)
    # A network of each board's size (gtp.cfg's gtpForceMaxNNSize sizes it for 19x19, where
    # an evaluation takes seconds): every list here is also evaluated.
    library = adapter.Library([], overrides=["gtpForceMaxNNSize=false"])
    differences, by_play, by_network = 0, 0, 0
    for side in [int(s) for s in options.sizes.split(",")]:
        library.set_size(side)
        for name, commands in sets:
            for command in commands:
                library.katago.must(command)
            compared, games, turns, passes = 0, 0, 0, 0
            while compared < options.positions:
                if turns == 0:
                    library.clear()
                    passes = 0
                    games += 1
                colour = library.to_move()
                # The player to move at every position, the other player at every fourth.
                asked = [colour] + ([adapter_other(colour)] if compared % 4 == 3 else [])
                for who in asked:
                    played = library.legal_by_play(who)
                    network = library.legal_by_network(who)
                    if who == colour:
                        kept = network
                    if played is None:
                        by_network += 1
                        continue
                    by_play += 1
                    if sorted(played) != sorted(network):
                        differences += 1
                        print(f"DIFFER {name} {side}x{side} game {games} turn {turns + 1} "
                              f"{who} ({colour} to move): play read {sorted(played)}, "
                              f"network {sorted(network)}")
                        print("\n".join(library.katago.must("showboard").splitlines()[:side + 3]))
                compared += 1
                network = kept
                library.cache[("legal", colour)] = network  # play() checks the move with it
                points = network if rng.random() > 0.1 else []
                point = rng.choice(points) if points else None
                library.play(colour, point)
                passes = passes + 1 if point is None else 0
                turns += 1
                if passes >= 2 or library.sgf_result() is not None or turns >= 8 * side * side:
                    turns = 0
            print(f"{name} {side}x{side}: {compared} positions in {games} games")
    print(f"compared {by_play + by_network} lists: {by_play} read by play "
          f"({differences} differ from the network), {by_network} left to the network")
    if by_play == 0:
        print("FAILED: no position was read by play")
        return 1
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
