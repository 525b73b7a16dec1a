#!/usr/bin/env python3
"""graphgo's adapter for js-go (PyPI `js-go` 0.1.4, module `js_go`): the GTP subset of
spec/FORMAT.md, answered by `js_go.Go_game`.

`Go_game(size)` keeps the board (`board[y][x]`, y = 0 the top row), the colour to move
(`color`) and the ko point (`ko_spot`). `play_move(y, x)` plays for the colour to move: it
takes no colour, and it says nothing when it refuses a move: it returns the board it had
(js_go/go_game.py: `return self.board`) instead of a new one. So `play` is refused when the
returned board is the one before (the same object), and is refused for the other colour
(`alternating`: the library's move call takes no colour). `is_legal` is `play_move` on a deep
copy (`copy.deepcopy`, as `gtp_subset.trial_copy` makes it). Go_game has no pass: a pass is refused ("js-go has no pass"). Sides
3 to 19 (`min_size`, `max_size` in js_go/constants.py).
"""

import copy
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from js_go import Go_game  # noqa: E402
from js_go.constants import BLACK, WHITE  # noqa: E402

from gtp_subset import Refused, serve, trial_copy  # noqa: E402

CODE = {"b": BLACK, "w": WHITE}


class Library:
    name = "js-go Go_game"
    version = importlib.metadata.version("js-go")
    alternating = True

    def __init__(self):
        self.side = 19
        self.clear()

    def set_size(self, n):
        try:
            Go_game(n)
        except ValueError:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.game = Go_game(self.side)

    def komi(self, k):
        pass  # Go_game has no komi and no score

    @staticmethod
    def move(game, side, point):
        """True when Go_game plays the move (it returns a new board), False when it keeps its own."""
        column, row = point
        before = game.board
        return game.play_move(side - 1 - row, column) is not before

    def play(self, colour, point):
        if point is None:
            raise Refused("illegal move (js-go has no pass)")
        if not self.move(self.game, self.side, point):
            raise Refused("illegal move (Go_game.play_move returned the board unchanged)")

    def is_legal(self, colour, point):
        return self.move(trial_copy(self.game), self.side, point)

    def stones(self, colour):
        s = self.side
        return [(x, s - 1 - y) for y in range(s) for x in range(s)
                if self.game.board[y][x] == CODE[colour]]

    def to_move(self):
        return "b" if self.game.color == BLACK else "w"


if __name__ == "__main__":
    serve(Library(), 19)
