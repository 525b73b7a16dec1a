#!/usr/bin/env python3
"""graphgo's adapter for gogame (PyPI `gogame` 1.0.0): the GTP subset of spec/FORMAT.md, with
the graph extension for its boards with holes, answered by `gogame.Board`.

gogame's Board is a grid `_grid[x, y]` (x along the first axis, the height) whose vertices are
`Color.Empty`, a player's colour or `Color.Wall`, a hole. `Board.circular(n)` walls off every
vertex outside the disc of diameter n: those are the boards with holes of the package, named
here `circle-N` (`graphgo-board_select circle-7`); their points are the vertices that are not
walls, named `x,y`, and the neighbours of a point are those of `Board.around(x, y)` that are
not walls. Square and rectangular grids are `Board(size=n)` and `Board(size=(height, width))`
(a GTP vertex (column, row) is the vertex x = row, y = column: the grid transposed, the same
graph).

A move is `Board.play(x, y, color=...)` (it raises ValueError "You cannot play here" when
`Board.is_playable` says no), a pass `Board.skip(color=...)` (True when the game is over);
`is_legal` is `Board.is_playable`, `all_legal` is `Board.playable_moves` (the library's own
list). No player is joined, so either colour may move (`_verify_color_before_playing` only
warns when players are joined). `list_stones` is `Board.vertices(color)`; `final_score` is
`Board.score(Black) - Board.score(White)` (stones and prisoners: gogame's count, which graphgo
does not claim to share), and the game is over once `Board.skip` has returned True.
"""

import importlib.metadata
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

warnings.simplefilter("ignore")
os.environ.setdefault("MPLBACKEND", "Agg")  # gogame imports matplotlib for Board.display

from gogame import Board, Color  # noqa: E402

from gtp_subset import Refused, serve  # noqa: E402

COLOR = {"b": Color.Black, "w": Color.White}


class Library:
    name = "gogame Board"
    version = importlib.metadata.version("gogame")

    def __init__(self):
        self.shape, self.circle = (19, 19), None
        self.clear()

    # -- boards ---------------------------------------------------------------------------

    def set_size(self, n):
        if not 1 <= n <= 25:
            raise Refused("unacceptable size")
        self.shape, self.circle = (n, n), None

    def set_rectangle(self, w, h):
        if not (1 <= w <= 25 and 1 <= h <= 25):
            raise Refused("unacceptable size")
        self.shape, self.circle = (h, w), None

    def select_board(self, name):
        if not name.startswith("circle-") or not name[7:].isdigit() or not 2 <= int(name[7:]) <= 25:
            raise Refused(f"unknown board {name} (circle-N, N from 2 to 25: Board.circular(N))")
        self.circle = int(name[7:])

    def clear(self):
        self.board = Board.circular(self.circle) if self.circle else Board(size=self.shape)
        self.over = False

    def points(self):
        g = self.board._grid
        return [f"{x},{y}" for x in range(g.shape[0]) for y in range(g.shape[1])
                if g[x, y] is not Color.Wall]

    def neighbours(self, point):
        x, y = self.vertex(point)
        return [self.name(i, j) for i, j in self.board.around(x, y) if self.board[i, j] is not Color.Wall]

    def vertex(self, point):
        """gogame's (x, y) of a GTP point (column, row) or of a graph point's name."""
        if isinstance(point, str):
            x, y = point.split(",")
            return int(x), int(y)
        column, row = point
        return row, column

    def name(self, x, y):
        return f"{x},{y}" if self.circle else (y, x)

    # -- play -----------------------------------------------------------------------------

    def komi(self, k):
        pass  # Board.score has no komi

    def play(self, colour, point):
        if point is None:
            self.over = self.board.skip(color=COLOR[colour]) or self.over
            return
        x, y = self.vertex(point)
        if self.board[x, y] is Color.Wall:
            raise Refused("illegal move (a wall)")
        try:
            self.board.play(x, y, color=COLOR[colour])
        except ValueError as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        x, y = self.vertex(point)
        return self.board[x, y] is not Color.Wall and self.board.is_playable(x, y, COLOR[colour])

    def legal(self, colour):
        return [self.name(x, y) for x, y in self.board.playable_moves(COLOR[colour])]

    def stones(self, colour):
        return [self.name(x, y) for x, y in self.board.vertices(COLOR[colour])]

    def final_score(self):
        """Board.score: 'the number of vertices belonging to the player + the number of his
        prisoners' (no komi)."""
        return self.board.score(Color.Black) - self.board.score(Color.White)

    def result(self):
        """None until Board.skip has said the game is over, then the margin of Board.score."""
        if not self.over:
            return None
        margin = self.final_score()
        return "0" if margin == 0 else f"{'B' if margin > 0 else 'W'}+{abs(margin)}"


if __name__ == "__main__":
    serve(Library(), 19)
