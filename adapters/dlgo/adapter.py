#!/usr/bin/env python3
"""graphgo's adapter for the rules of `dlgo` (the code of the book "Deep Learning and the
Game of Go", PyPI package `dlgo` 0.2, module `dlgo.goboard_fast`): the GTP subset of
spec/FORMAT.md, answered by dlgo's own calls through the shared loop of
adapters/gtp_subset.py. The rules library is what is verified, not a playing program.

`play` is `GameState.apply_move` when `GameState.is_valid_move` accepts the move, and "illegal
move" otherwise; `all_legal` is `GameState.legal_moves` (its own list); the player to move is
`GameState.next_player`; the end is `GameState.is_over`; the result and `final_score` are
`dlgo.scoring.compute_game_result` (stones and territory, komi fixed at 7.5 by dlgo: GameState
takes none, so `komi` changes nothing). dlgo's moves carry no colour (the player is the one
to move): the shared code refuses a `play` of the other colour (`alternating`). Boards are
square, 2 to 19 (dlgo's Zobrist table covers 19x19). Needs `dlgo` and `numpy` importable
(adapters/dlgo/requirements.txt, installed with --no-deps).
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from dlgo.goboard_fast import GameState, Move  # noqa: E402
from dlgo.gotypes import Player, Point  # noqa: E402
from dlgo.scoring import compute_game_result  # noqa: E402

from gtp_subset import Refused, serve  # noqa: E402

COLOUR = {"b": Player.black, "w": Player.white}


class Library:
    name = "dlgo goboard_fast (graphgo's adapter)"
    version = importlib.metadata.version("dlgo")
    alternating = True

    def __init__(self):
        self.size = 19

    def set_size(self, n):
        if not 2 <= n <= 19:
            raise Refused("unacceptable size")
        self.size = n

    def clear(self):
        self.state = GameState.new_game(self.size)

    def komi(self, k):
        pass  # dlgo.scoring fixes komi at 7.5; GameState takes none

    @staticmethod
    def move(point):
        if point is None:
            return Move.pass_turn()
        column, row = point
        return Move.play(Point(row=row + 1, col=column + 1))

    def play(self, colour, point):
        move = self.move(point)
        if not self.state.is_valid_move(move):
            raise Refused("illegal move")
        self.state = self.state.apply_move(move)

    def stones(self, colour):
        board = self.state.board
        return [
            (c - 1, r - 1)
            for r in range(1, self.size + 1)
            for c in range(1, self.size + 1)
            if board.get(Point(r, c)) == COLOUR[colour]
        ]

    def all_stones(self):
        """Both colours in one pass over the board's own grid (`Board._grid`: a point's string,
        None once captured), the strings `Board.get` reads a point at a time."""
        black, white = [], []
        for point, string in self.state.board._grid.items():
            if string is not None:
                (black if string.color == Player.black else white).append(
                    (point.col - 1, point.row - 1))
        return black, white

    def legal(self, colour):
        if COLOUR[colour] != self.state.next_player:
            return []
        return [(m.point.col - 1, m.point.row - 1) for m in self.state.legal_moves() if m.is_play]

    def to_move(self):
        return "b" if self.state.next_player == Player.black else "w"

    def legal_moves(self):
        return [
            None if m.is_pass else (m.point.col - 1, m.point.row - 1)
            for m in self.state.legal_moves()
            if not m.is_resign
        ]

    def result(self):
        if not self.state.is_over():
            return None
        if self.state.last_move.is_resign:
            return "B+R" if self.state.winner() == Player.black else "W+R"
        return str(compute_game_result(self.state))

    def final_score(self):
        r = compute_game_result(self.state)
        return r.b - (r.w + r.komi)


if __name__ == "__main__":
    serve(Library(), 19)
