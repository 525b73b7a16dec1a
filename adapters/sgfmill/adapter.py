#!/usr/bin/env python3
"""graphgo's adapter for sgfmill's board (PyPI `sgfmill`, module `sgfmill.boards`): the GTP
subset of spec/FORMAT.md, answered by `sgfmill.boards.Board`.

`Board.play(row, col, colour)` places a stone, captures, and allows self-capture and any ko
(its docstring); it raises ValueError on an occupied point, which is the only move it
refuses. `is_legal` is whether `play` on a copy of the board (`Board.copy`) succeeds (sgfmill
has no list of legal points, so graphgo asks point by point); `list_stones` is
`Board.list_occupied_points`; `final_score` is `Board.area_score()` ("black score minus white
score", all stones alive, "Doesn't take komi into account") less the komi of `komi`. The
board keeps no turn, no passes and no end: either colour may play at any time, and a pass
changes nothing. sgfmill's rows count from 0 at the bottom, as GTP's.
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from sgfmill import boards  # noqa: E402

from gtp_subset import Refused, by_colour, serve  # noqa: E402


class Library:
    name = "sgfmill.boards"
    version = importlib.metadata.version("sgfmill")

    def __init__(self):
        self.side = 19
        self.board = boards.Board(19)
        self.komi_value = 0.0

    def set_size(self, n):
        try:
            boards.Board(n)
        except ValueError:
            raise Refused("unacceptable size")
        if n > 25:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.board = boards.Board(self.side)

    def komi(self, k):
        self.komi_value = k  # area_score takes none: final_score subtracts it

    def play(self, colour, point):
        if point is None:
            return  # a board has no passes
        column, row = point
        try:
            self.board.play(row, column, colour)
        except ValueError:
            raise Refused("illegal move")

    def stones(self, colour):
        return [(c, r) for (k, (r, c)) in self.board.list_occupied_points() if k == colour]

    def all_stones(self):
        """Both colours from one `Board.list_occupied_points` (a turn's answer lists both)."""
        return by_colour((k, (c, r)) for k, (r, c) in self.board.list_occupied_points())

    def is_legal(self, colour, point):
        column, row = point
        try:
            self.board.copy().play(row, column, colour)
        except ValueError:
            return False
        return True

    def final_score(self):
        return self.board.area_score() - self.komi_value


if __name__ == "__main__":
    serve(Library(), 19)
