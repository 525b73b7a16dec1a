#!/usr/bin/env python3
"""graphgo's adapter for joseki (crates.io `joseki` 0.0.1, "Go engine written in Rust"): the GTP
subset of spec/FORMAT.md, answered by joseki's `Game` through the helper
target/joseki/release/graphgo-joseki-replay (adapters/joseki/src/main.rs).

joseki exports one type, `joseki::Game`; its move call `Game::make_move(stone, x, y)` takes a
`Stone` the crate does not export, so no program outside the crate can call it. What a program
can call is `Game::from_sgf(path)`, which plays every `B[..]`/`W[..]` of an SGF file with
`make_move` and skips, without a word, a move `make_move` refuses, and `Game`'s `Display`, the
board. So the adapter keeps the game's moves, and for each question the helper replays them
with `from_sgf` and prints the board: a move is refused when adding it to the SGF leaves joseki's
board as it was (a move `make_move` plays always places a stone), `is_legal` asks the same
without keeping the move, `list_stones` reads the board (`●` black, `○` white). `Game::new()`
is 19x19, the only size `from_sgf` plays. joseki's SGF reader has no pass (`B[tt]`, SGF's pass
on 19x19, makes it panic: index out of bounds), so a pass is refused.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))

from gtp_subset import Refused, serve  # noqa: E402

HELPER = os.path.join(ROOT, "target", "joseki", "release", "graphgo-joseki-replay")
LETTERS = "abcdefghijklmnopqrs"


class Library:
    name = "joseki Game (through Game::from_sgf)"
    version = "0.0.1"  # the version Cargo.lock pins

    def __init__(self):
        if not os.path.exists(HELPER):
            sys.exit(f"joseki adapter: {HELPER} is missing (adapters/install.sh builds it)")
        self.helper = subprocess.Popen([HELPER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       text=True, encoding="utf-8")
        self.moves = []
        self.board = self.replay([])

    def replay(self, moves):
        sgf = "(;" + ";".join(f"{c.upper()}[{LETTERS[x]}{LETTERS[18 - y]}]" for c, (x, y) in moves) + ")"
        self.helper.stdin.write(sgf + "\n")
        self.helper.stdin.flush()
        lines = []
        while True:
            line = self.helper.stdout.readline()
            if line == "":
                sys.exit("joseki adapter: the helper exited")
            line = line.rstrip("\n")
            if line == "end":
                break
            lines.append(line)
        return [row.split(" ") for row in lines if not row.endswith(">") and " " in row][-19:]

    def set_size(self, n):
        if n != 19:
            raise Refused("unacceptable size")

    def clear(self):
        self.moves = []
        self.board = self.replay([])

    def komi(self, k):
        pass  # joseki has no komi and no score

    def play(self, colour, point):
        if point is None:
            raise Refused("illegal move (joseki's SGF reader has no pass)")
        board = self.replay(self.moves + [(colour, point)])
        if board == self.board:
            raise Refused("illegal move (joseki's Game::from_sgf skipped it)")
        self.moves.append((colour, point))
        self.board = board

    def is_legal(self, colour, point):
        return self.replay(self.moves + [(colour, point)]) != self.board

    def stones(self, colour):
        mark = "●" if colour == "b" else "○"
        return [(x, 18 - y) for y, row in enumerate(self.board) for x, c in enumerate(row) if c == mark]


if __name__ == "__main__":
    serve(Library(), 19)
