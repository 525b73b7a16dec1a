#!/usr/bin/env python3
"""graphgo's adapter for sente (PyPI `sente` 0.4.2, a C++ Go library for Python): the GTP
subset of spec/FORMAT.md, answered by `sente.Game`.

`sente.Game(size, rules, komi)` plays 9x9, 13x13 and 19x19 only. `Game.play(x, y, stone)`
(x and y from 1) raises `IllegalMoveException` for a move `Game.is_legal` refuses: "Sente
checks five conditions ... on the board? ... occupied point? ... the person playing the
stone's turn? ... self-capture? ... illegal because of a Ko?" (its docstring); `play(None)`
passes. `is_legal` is `Game.is_legal(x, y, stone)`, `all_legal` is `Game.get_legal_moves()`
(the library's own list, for the player to move; its two entries off the board, the pass and
the resignation, are left out). `list_stones` is `Game.get_point(x, y)` over the board (a turn's
answer reads both colours in one pass of `Game.get_board().get_stone(x, y)`, the same stones). The
end is `Game.is_over()` and `Game.get_result()` ("B+81.0"); `final_score` is the margin of
that result (sente's docstring: "automatic scoring does not remove dead stones"). A GTP vertex
(column, row) is sente's (x, y) = (column + 1, row + 1).

Argument: the rules, `chinese` (default), `japanese` or `korean` (`sente.rules`).
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import sente  # noqa: E402

from gtp_subset import Refused, serve  # noqa: E402

STONE = {"b": sente.stone.BLACK, "w": sente.stone.WHITE}
RULES = {"chinese": sente.rules.CHINESE, "japanese": sente.rules.JAPANESE,
         "korean": sente.rules.KOREAN}


class Library:
    version = importlib.metadata.version("sente")
    alternating = True
    # graphgo-plays_per_second 5: the shared loop plays on its smallest board (9x9, 13x13, 19x19).
    speed_board = 9
    play_checks_turn = True

    def __init__(self, rules):
        self.rules = rules
        self.name = f"sente Game (rules {rules})"
        self.side, self.komi_value = 19, 0.0
        self.move_points = {}  # side -> {str(Move): its point, None off the board}
        self.clear()

    def set_size(self, n):
        if n not in (9, 13, 19):
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.game = sente.Game(self.side, RULES[self.rules], self.komi_value)

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def play(self, colour, point):
        try:
            if point is None:
                if self.to_move() != colour:
                    raise Refused(f"illegal move (it is {self.to_move()}'s turn)")
                self.game.play(None)
            else:
                self.game.play(point[0] + 1, point[1] + 1, STONE[colour])
        except sente.exceptions.IllegalMoveException as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        return bool(self.game.is_legal(point[0] + 1, point[1] + 1, STONE[colour]))

    def legal(self, colour):
        """`Game.get_legal_moves`, each move's point read by `Move.get_x` and `Move.get_y` the
        first time its text (`str(move)`, e.g. `B D4`) is seen on this board size, then from
        that table (two calls a move were most of a turn's answer)."""
        if self.to_move() != colour:
            return []
        seen = self.move_points.setdefault(self.side, {})
        out = []
        for m in self.game.get_legal_moves():
            text = str(m)
            point = seen.get(text, False)
            if point is False:
                x, y = m.get_x(), m.get_y()
                point = seen[text] = (x, y) if x < self.side and y < self.side else None
            if point is not None:
                out.append(point)
        return out

    def stones(self, colour):
        s = self.side
        return [(x, y) for x in range(s) for y in range(s)
                if self.game.get_point(x + 1, y + 1) == STONE[colour]]

    def all_stones(self):
        """Both colours in one pass over the game's board (`Game.get_board().get_stone(x, y)`,
        the stone `Game.get_point(x, y)` reads, at half its cost a point; a turn's answer lists
        both colours)."""
        s, get = self.side, self.game.get_board().get_stone
        black, white = [], []
        b, w = STONE["b"], STONE["w"]
        for x in range(s):
            for y in range(s):
                stone = get(x + 1, y + 1)
                if stone == b:
                    black.append((x, y))
                elif stone == w:
                    white.append((x, y))
        return black, white

    def to_move(self):
        return "b" if self.game.get_active_player() == sente.stone.BLACK else "w"

    def result(self):
        return self.game.get_result() if self.game.is_over() else None

    def final_score(self):
        result = self.game.get_result()
        margin = float(result[2:]) if "+" in result else 0.0
        return margin if result.startswith("B") else -margin


if __name__ == "__main__":
    serve(Library(sys.argv[1] if len(sys.argv) > 1 else "chinese"), 19)
