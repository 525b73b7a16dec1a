#!/usr/bin/env python3
"""graphgo's adapter for szgo (PyPI `szgo` 0.0.30, module `szgo.engine.board`): the GTP subset
of spec/FORMAT.md, answered by `szgo.engine.board.Board`.

szgo's Board is a 19x19 console program: `Board.__init__` prints the board (`show1`) and then
runs its console (`cmd`, an `input()` loop). To drive it as a library the adapter makes `cmd`
return at once while a Board is built (the only change: nothing else of the class is
touched) and sends what szgo prints to standard error. A move is `Board.playOneMove(pi)`, the
call its console makes for a typed move (through isValidMove), with pi = x + 19 y and y = 0 on
the top row; it plays for the colour to move (`Board.next`: 1 Black, 2 White), takes no
colour, and returns False when it refuses (then the board is as before). It has no pass (its
console plays passes only in its automatic games, `autoX`): a pass is refused. `is_legal` is
`playOneMove` on a deep copy (`gtp_subset.trial_copy`). Only 19x19 (`BOARDSIZE = 19`). `final_score` is
`Board.endGameCount()`'s `result`, the count its console prints at the end of an automatic game.
"""

import contextlib
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from szgo.engine import board as szboard  # noqa: E402

from gtp_subset import Refused, serve, trial_copy  # noqa: E402


def new_board():
    console = szboard.Board.cmd
    szboard.Board.cmd = lambda self: None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            return szboard.Board()
    finally:
        szboard.Board.cmd = console


class Library:
    name = "szgo Board"
    version = importlib.metadata.version("szgo")
    alternating = True
    # graphgo-plays_per_second 5: the shared loop plays on its only board (`BOARDSIZE = 19`).
    speed_board = 19

    def __init__(self):
        self.clear()

    def set_size(self, n):
        if n != 19:
            raise Refused("unacceptable size")

    def clear(self):
        self.board = new_board()

    def komi(self, k):
        pass  # playOneMove has no komi

    @staticmethod
    def move(board, point):
        column, row = point
        with contextlib.redirect_stdout(sys.stderr):
            return board.playOneMove(column + 19 * (18 - row))

    def play(self, colour, point):
        if point is None:
            raise Refused("illegal move (szgo's Board has no pass)")
        if not self.move(self.board, point):
            raise Refused("illegal move (Board.playOneMove returned False)")

    def is_legal(self, colour, point):
        return bool(self.move(trial_copy(self.board), point))

    def stones(self, colour):
        code = 1 if colour == "b" else 2
        return [(i % 19, 18 - i // 19) for i, c in enumerate(self.board.boardlist) if c == code]

    def all_stones(self):
        """Both colours in one pass over `Board.boardlist` (a turn's answer lists both)."""
        out = ([], [], [])
        for i, c in enumerate(self.board.boardlist):
            if c:
                out[c].append((i % 19, 18 - i // 19))
        return out[1], out[2]

    def final_score(self):
        """Board.endGameCount()['result']: Black's stones and 'eyes' less White's (an empty point
        counts for the colour of its first neighbour in the order right, left, below, above)."""
        with contextlib.redirect_stdout(sys.stderr):
            return self.board.endGameCount()["result"]

    def to_move(self):
        return "b" if self.board.next == 1 else "w"


if __name__ == "__main__":
    serve(Library(), 19)
