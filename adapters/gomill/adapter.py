#!/usr/bin/env python3
"""graphgo's adapter for gomill's board (PyPI `gomill` 0.8.3, module `gomill.boards`): the GTP
subset of spec/FORMAT.md, answered by `gomill.boards.Board`.

`Board.play(row, col, colour)` places a stone, captures, and (its docstring) "Allows
self-captures. Doesn't enforce any ko rule."; it raises ValueError on an occupied point, the
only move it refuses. `is_legal` is `play` on a deep copy (`copy.deepcopy`, as `gtp_subset.trial_copy` makes it: gomill 0.8.3 is
a Python 2 package, "Programming Language :: Python :: 2", and its `Board.copy` calls Python 2's
`xrange`, a NameError on the Python 3 this adapter runs on; `Board.play` and the rest of
`gomill.boards` run unchanged); `list_stones` is
`Board.list_occupied_points`. The board keeps no turn and no passes: either colour may play at
any time, and a pass changes nothing. `final_score` is `Board.area_score()` ("Doesn't take
komi into account": the adapter subtracts the komi graphgo sent). gomill's rows count from 0
at the bottom, as GTP's.
"""

import copy
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from gomill import boards  # noqa: E402

from gtp_subset import Refused, by_colour, serve, trial_copy  # noqa: E402


class Library:
    name = "gomill.boards"
    version = importlib.metadata.version("gomill")

    def __init__(self):
        self.side, self.komi_value = 19, 0.0
        self.board = boards.Board(19)

    def set_size(self, n):
        if not 1 <= n <= 25:
            raise Refused("unacceptable size")
        try:
            boards.Board(n)
        except (ValueError, IndexError):
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.board = boards.Board(self.side)

    def komi(self, k):
        self.komi_value = k

    def play(self, colour, point):
        if point is None:
            return  # a board has no passes
        column, row = point
        try:
            self.board.play(row, column, colour)
        except ValueError as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        column, row = point
        try:
            trial_copy(self.board).play(row, column, colour)
            return True
        except ValueError:
            return False

    def stones(self, colour):
        return [(c, r) for (k, (r, c)) in self.board.list_occupied_points() if k == colour]

    def all_stones(self):
        """Both colours from one `Board.list_occupied_points` (a turn's answer lists both)."""
        return by_colour((k, (c, r)) for k, (r, c) in self.board.list_occupied_points())

    def final_score(self):
        return self.board.area_score() - self.komi_value


if __name__ == "__main__":
    serve(Library(), 19)
