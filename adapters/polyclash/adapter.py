#!/usr/bin/env python3
"""graphgo's adapter for polyclash (PyPI `polyclash` 0.1.5, Go on a snub dodecahedron: 302
points on a sphere): the GTP subset of spec/FORMAT.md with the graph extension, answered by
`polyclash.game.board.Board`.

The board is polyclash's only one, named `sphere` (`graphgo-board_select sphere`); its points
are polyclash's point numbers 0 to 301 and their neighbours are `polyclash.data.data.neighbors`,
the table `Board.neighbors` plays on (`has_liberty`, `remove_stone`). GTP's square boards are
refused.

A move is what polyclash's own server does for a move (polyclash/server.py, the human move:
`board.play(point, player_color)`, then `board.consecutive_passes = 0` and
`board.switch_player()`), a pass what it does for a pass (`board.consecutive_passes += 1`,
`board.switch_player()`), for the player to move only (`Board.current_player`). `Board.play` raises ValueError for the moves it refuses (an
occupied point, a move out of turn, a suicide, a "superko violation"); a move of the player
who moved last returns without playing (its first line), which the adapter passes on
unchanged. `is_legal` is the same on a deep copy (`copy.deepcopy`, as `gtp_subset.trial_copy` makes it). `list_stones` reads
`Board.board` (1 Black, -1 White). The end is `Board.is_game_over()` (two passes, or no empty
point left for the player to move); `final_score` is `Board.final_score()` (Black's and
White's shares of the sphere's area, komi a share added to White's): polyclash scores areas
of the polyhedron's faces, not points, so the score is reported but not claimed.
"""

import copy
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from polyclash.data.data import neighbors  # noqa: E402
from polyclash.game.board import BLACK, WHITE, Board  # noqa: E402

from gtp_subset import Refused, serve, trial_copy  # noqa: E402

PLAYER = {"b": BLACK, "w": WHITE}


class Library:
    name = "polyclash Board (snub dodecahedron)"
    version = importlib.metadata.version("polyclash")
    alternating = True
    # graphgo-plays_per_second 5: the shared loop plays on its only board (302 points).
    speed_board = "sphere"
    play_checks_turn = True

    def __init__(self):
        self.board = Board()
        self.board.disable_notification()
        self.starting = True

    def set_size(self, n):
        if self.starting:  # the shared serve() sets its default size once at the start
            self.starting = False
            return
        raise Refused("unacceptable size (polyclash plays on its sphere only: graphgo-board_select sphere)")

    def select_board(self, name):
        if name != "sphere":
            raise Refused(f"unknown board {name} (polyclash has one board: sphere)")

    def points(self):
        return [str(p) for p in range(302)]

    def neighbours(self, point):
        return [str(q) for q in neighbors[int(point)]]

    def clear(self):
        self.board = Board()
        self.board.disable_notification()

    def komi(self, k):
        pass  # polyclash's komi is a share of the area (Board.komi), not points

    @staticmethod
    def move(board, colour, point):
        if point is not None and not isinstance(point, str):
            raise ValueError("polyclash plays on its sphere only (graphgo-board_select sphere)")
        if point is None:
            if board.current_player != PLAYER[colour]:
                raise ValueError("not the player's turn (Board.current_player)")
            board.consecutive_passes += 1
            board.switch_player()
            return
        board.play(int(point), PLAYER[colour])
        board.consecutive_passes = 0
        board.switch_player()

    def play(self, colour, point):
        try:
            self.move(self.board, colour, point)
        except ValueError as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        try:
            self.move(trial_copy(self.board), colour, point)
            return True
        except ValueError:
            return False

    def stones(self, colour):
        return [str(p) for p in range(302) if self.board.board[p] == PLAYER[colour]]

    def to_move(self):
        return "b" if self.board.current_player == BLACK else "w"

    def result(self):
        if not self.board.is_game_over():
            return None
        black, white = self.board.final_score()
        if black == white:
            return "0"
        return f"{'B' if black > white else 'W'}+{abs(black - white):.4f}"


if __name__ == "__main__":
    serve(Library(), 19)
