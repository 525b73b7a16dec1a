#!/usr/bin/env python3
"""graphgo's adapter for lets-go (PyPI `lets-go` 0.3.11, a Go game for the terminal): the GTP
subset of spec/FORMAT.md, answered by its rules back end, `lets_go.backend.GoBackend`.

`GoBackend.try_move(row, col)` plays for the colour to move (it takes no colour: the stone is
`not last.stone`) and returns None when it refuses the move: an occupied point, a suicide
("prohibits suicide") or a grid identical to an earlier one ("prohibition of the identical
situation"); `pass_move()` passes. `is_legal` is `try_move` followed, when it played, by the
back end's own `undo()`. `list_stones` reads the grid of the current move
(`GoBackend._moves[GoBackend._pointer].grid`, 0 Black, 1 White, None empty; row 0 is the top):
the back end has no public board reader (the property `game_state` gives counts only). `play` for the
colour not to move is refused (`alternating`).
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from lets_go.backend import BLACK_STONE, GoBackend  # noqa: E402

from gtp_subset import Refused, serve  # noqa: E402


class Library:
    name = "lets-go GoBackend"
    version = importlib.metadata.version("lets-go")
    alternating = True

    def __init__(self):
        self.side, self.komi_value = 19, 7.5
        self.clear()

    def set_size(self, n):
        if not 1 <= n <= 25:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.game = GoBackend(self.side, BLACK_STONE, self.komi_value)

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def play(self, colour, point):
        if point is None:
            self.game.pass_move()
            return
        column, row = point
        if self.game.try_move(self.side - 1 - row, column) is None:
            raise Refused("illegal move (GoBackend.try_move returned None)")

    def is_legal(self, colour, point):
        column, row = point
        if self.game.try_move(self.side - 1 - row, column) is None:
            return False
        self.game.undo()
        return True

    def grid(self):
        return self.game._moves[self.game._pointer].grid

    def stones(self, colour):
        code = 0 if colour == "b" else 1
        s = self.side
        return [(c, s - 1 - r) for r, line in enumerate(self.grid()) for c, v in enumerate(line)
                if v is not None and v & 1 == code]

    def all_stones(self):
        """Both colours from one read of the grid (see `stones`)."""
        out, s = ([], []), self.side
        for r, line in enumerate(self.grid()):
            for c, v in enumerate(line):
                if v is not None:
                    out[v & 1].append((c, s - 1 - r))
        return out

    def to_move(self):
        _, stone, _, _ = self.game.game_state
        return "b" if stone == BLACK_STONE else "w"


if __name__ == "__main__":
    serve(Library(), 19)
