#!/usr/bin/env python3
"""graphgo's adapter for weiqi (PyPI `weiqi` 0.2.1, a Python package; not the npm `weiqi` of
adapters/weiqi): the GTP subset of spec/FORMAT.md, answered by `weiqi.WeiqiGame`.

A move is `WeiqiGame.make_move(player, Move(position, figure))` for the game's own Player of
that colour: it raises ValueError for a move out of turn ("It's not your turn."), an occupied
point or a suicide (Board.place_figure), and GameOverException once two passes in a row have
ended the game. `is_legal` is that call on a deep copy of the game (`copy.deepcopy`, as
`gtp_subset.trial_copy` makes it, with the move history cut to its last move: `Library.trial`;
the library has no legality query). `list_stones` reads the game's board, `WeiqiGame._board.figures`
(the public `WeiqiGame.board` is a deep copy of it, made at each read); the end and the
score are `WeiqiGame.game_status` (`is_over`, `winner`, `black_score`, `white_score`, komi
added to White's by make_move). weiqi's `Position(x, y)` has y = 0 on the top row
(`Board.state_as_matrix`); GTP's row 1 is the bottom one.
"""

import copy
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from weiqi import Board, Player, WeiqiGame  # noqa: E402
from weiqi.core.figure import Stone  # noqa: E402
from weiqi.core.move import Move  # noqa: E402
from weiqi.core.position import Position  # noqa: E402
from weiqi.exceptions.game import GameOverException  # noqa: E402
from weiqi.utils.enums import Winner  # noqa: E402

from gtp_subset import Refused, serve, trial_copy  # noqa: E402

STONE = {"b": Stone.BLACK, "w": Stone.WHITE}


class Library:
    name = "weiqi (PyPI) WeiqiGame"
    version = importlib.metadata.version("weiqi")
    alternating = True
    play_checks_turn = True

    def __init__(self):
        self.side, self.komi_value = 19, 0.0
        self.clear()

    def set_size(self, n):
        try:
            Board.generate_empty_board(n)
        except ValueError:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.players = {c: Player(STONE[c]) for c in "bw"}
        self.game = WeiqiGame(Board.generate_empty_board(self.side), self.players["b"],
                              self.players["w"], komi=self.komi_value)

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def position(self, point):
        return None if point is None else Position(point[0], self.side - 1 - point[1])

    def move(self, game, colour, point):
        game.make_move(game.players[0 if colour == "b" else 1],
                       Move(self.position(point), STONE[colour]))

    def play(self, colour, point):
        try:
            self.move(self.game, colour, point)
        except (ValueError, GameOverException) as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        try:
            self.move(self.trial(), colour, point)
            return True
        except (ValueError, GameOverException):
            return False

    def trial(self):
        """A copy of the game to try a move on (`trial_copy`), taken with the move history
        cut to its last move: `make_move` reads the history only through `last_move` (after
        a pass) and adds the move at its end (`MoveHistory.add_move`), so the trial decides
        as on the whole game, and the copy no longer costs the length of the game."""
        history = self.game._move_history
        moves, history._history = history._history, history._history[-1:]
        try:
            return trial_copy(self.game)
        finally:
            history._history = moves

    def stones(self, colour):
        return [(p.x, self.side - 1 - p.y) for p, s in self.game._board.figures.items()
                if s == STONE[colour]]

    def all_stones(self):
        """Both colours in one pass over the game's board (`WeiqiGame._board.figures`; the
        public `WeiqiGame.board` returns a deep copy of it: 'Returns a copy of the board')."""
        out = {STONE["b"]: [], STONE["w"]: [], None: []}
        for p, s in self.game._board.figures.items():
            out[s].append((p.x, self.side - 1 - p.y))
        return out[STONE["b"]], out[STONE["w"]]

    def to_move(self):
        return "b" if self.game.turn == Stone.BLACK else "w"

    def result(self):
        status = self.game.game_status
        if not status.is_over:
            return None
        if status.winner == Winner.DRAW:
            return "0"
        margin = abs(status.black_score - status.white_score)
        return f"{'B' if status.winner == Winner.BLACK else 'W'}+{margin:g}"

    def final_score(self):
        status = self.game.game_status
        if not status.is_over:
            raise Refused("the game is not over (WeiqiGame.game_status.is_over)")
        return status.black_score - status.white_score


if __name__ == "__main__":
    serve(Library(), 19)
