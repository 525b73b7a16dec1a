#!/usr/bin/env python3
"""graphgo's adapter for joseki (crates.io `joseki` 0.0.1, "Go engine written in Rust"): the GTP
subset of spec/FORMAT.md, answered by joseki's `Game` through the helper
target/joseki/release/graphgo-joseki-replay (adapters/joseki/src/main.rs).

joseki exports one type, `joseki::Game`; its move call `Game::make_move(stone, x, y)` takes a
`Stone` the crate does not export, so no program outside the crate can call it. What a program
can call is `Game::from_sgf(path)`, which plays every `B[..]`/`W[..]` of an SGF file with
`make_move` and skips, without a word, a move `make_move` refuses, and `Game`'s `Display`, the
board. So for each question the helper loads an SGF with `from_sgf` and prints the board: a
move is refused when adding it to the SGF leaves joseki's board as it was (a move `make_move`
plays always places a stone), `is_legal` asks the same without keeping the move, `list_stones`
reads the board (`●` black, `○` white).

The SGF of a question gives joseki the state it holds after the game so far, not the whole
game: `Game` is a board and `last_board`, the board before the last move it played (the ko
test of `make_move` compares the next board with it), and nothing else that a move reads. So
the SGF is the board before the last played move as setup stones (`AB`/`AW`, which `from_sgf`
puts on the board directly), then that last move (played again by `make_move`, which gives the
board now and sets `last_board`), then the move asked about: the same `Game` value as
replaying every move, at a cost that does not grow with the game (`make_move` clones the board
and walks groups with hash sets: a 250-move replay took 1.75 ms of CPU here against 0.74 ms
this way). Before any move is played the SGF is the move alone, as from the start. `Game::new()`
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
        self.clear()

    def sgf(self, move):
        """The SGF of the state now (the board before the last played move as setup, then that
        move) and then `move`, if any."""
        nodes = []
        if self.last is not None:
            setup = "".join(f"A{'B' if c == '●' else 'W'}[{LETTERS[x]}{LETTERS[r]}]"
                            for r, row in enumerate(self.before) for x, c in enumerate(row)
                            if c in "●○")
            if setup:
                nodes.append(setup)
            nodes.append(self.sgf_move(self.last))
        if move is not None:
            nodes.append(self.sgf_move(move))
        return "(;" + ";".join(nodes) + ")"

    @staticmethod
    def sgf_move(move):
        c, (x, y) = move
        return f"{c.upper()}[{LETTERS[x]}{LETTERS[18 - y]}]"

    def replay(self, sgf):
        self.helper.stdin.write(sgf + "\n")
        self.helper.stdin.flush()
        lines = self.answer()
        return [row.split(" ") for row in lines if not row.endswith(">") and " " in row][-19:]

    def answer(self):
        """The helper's lines up to its `end`."""
        lines = []
        while True:
            line = self.helper.stdout.readline()
            if line == "":
                sys.exit("joseki adapter: the helper exited")
            line = line.rstrip("\n")
            if line == "end":
                break
            lines.append(line)
        return lines

    def speed(self, side):
        """joseki's own speed (graphgo-plays_per_second): the helper's `speed 1`, Game::from_sgf
        of whole random 19x19 games, whatever `side` (Game::new is 19x19, the only size
        from_sgf plays); `make_move` calls (each point once, so played but for a rare
        self-capture or ko refusal) and the seconds spent in from_sgf."""
        self.helper.stdin.write("speed 1\n")
        self.helper.stdin.flush()
        lines = self.answer()
        words = lines[0].split() if len(lines) == 1 else []
        if len(words) != 2 or not words[0].isdigit():
            # A helper built before `speed` reads the line as an SGF and prints a board.
            raise Refused(f"joseki's speed: the helper answered {lines[:1]!r} (adapters/install.sh joseki rebuilds it)")
        return int(words[0]), float(words[1])

    def set_size(self, n):
        if n != 19:
            raise Refused("unacceptable size")

    def clear(self):
        self.last = None  # the last move joseki played, (colour, point)
        self.before = None  # joseki's board before it
        self.board = self.replay("(;)")

    def komi(self, k):
        pass  # joseki has no komi and no score

    def play(self, colour, point):
        if point is None:
            raise Refused("illegal move (joseki's SGF reader has no pass)")
        board = self.replay(self.sgf((colour, point)))
        if board == self.board:
            raise Refused("illegal move (joseki's Game::from_sgf skipped it)")
        self.last, self.before, self.board = (colour, point), self.board, board

    def is_legal(self, colour, point):
        return self.replay(self.sgf((colour, point))) != self.board

    def stones(self, colour):
        mark = "●" if colour == "b" else "○"
        return [(x, 18 - y) for y, row in enumerate(self.board) for x, c in enumerate(row) if c == mark]


if __name__ == "__main__":
    serve(Library(), 19)
