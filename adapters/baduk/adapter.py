#!/usr/bin/env python3
"""graphgo's adapter for baduk (PyPI `baduk` 1.0.4, installed with --no-deps: the
terminal-table it pins is not served and its rules do not import it): the GTP subset of
spec/FORMAT.md, answered by `baduk.game.game.Game`.

A move is `Game.move(coordinate)` with baduk's own coordinate, the row number then the column
letter ("4D": row 4 counted from 1, column D in `ALPHA_KEY`, which skips I); it plays for
`Game.get_current_player()` (it takes no colour: the adapter refuses the other colour,
`alternating`) and raises `ValidationError` when it refuses a move (a stone on a stone, a
self-capture, a retake that "Breaks simple Ko Rule"). A pass is `Game.move("pass")`, and
`Game.pass_turn` calls `end_game()` on the second pass in a row (it prints "End Game." and
play goes on: there is no state of a finished game to read). That call is baduk's end of the
game: the adapter's `Game` is baduk's with `end_game` recording that it was called, and
`gogui-rules_final_result` answers `Void` (over, no result: baduk has no score) from then on. `is_legal` is `Game.move` on a
deep copy (`gtp_subset.trial_copy`, taken without the undo stack of the moves before, which no move
of the trial reads: `Library.trial`). `list_stones` reads the board's `StoneLink`s (`Board.board[y][x].stone`). Board
rows count from 0 at baduk's row 1; either way round the graph is the same.
"""

import contextlib
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from baduk.constants.constants import ALPHA_KEY  # noqa: E402
from baduk.enums.enums import Stone  # noqa: E402
from baduk.exception.exceptions import ValidationError  # noqa: E402
from baduk.game.game import Game  # noqa: E402
from baduk.game.point import Point  # noqa: E402
from baduk.validation.move_validation import MoveValidation  # noqa: E402

from gtp_subset import Refused, serve, trial_copy  # noqa: E402

STONE = {"b": Stone.BLACK, "w": Stone.WHITE}


class EndedGame(Game):
    """baduk's Game, which records its own call of end_game (Game.pass_turn: 'if self.passes
    == 2: self.end_game()'); everything else is baduk's."""

    ended = False

    def end_game(self):
        self.ended = True
        super().end_game()


class Library:
    name = "baduk Game"
    version = importlib.metadata.version("baduk")
    alternating = True

    def __init__(self):
        self.side = 19
        self.clear()

    def set_size(self, n):
        if not 1 <= n <= 25:
            raise Refused("unacceptable size")
        try:
            Game(n)
        except ValidationError:
            raise Refused("unacceptable size")
        self.side = n

    def clear(self):
        self.game = EndedGame(self.side)
        # baduk's ChainOfCommands keeps its undo stack in a class attribute (`stack = []`,
        # baduk/command/chain_of_command.py), shared by every game of the process and not
        # pickled: each trial copy's commands were pushed there and kept every copy alive
        # (memory and the garbage collector's time grew with each is_legal). A list of the
        # game's own is what each copy pickles and unpickles; a move pops only what it pushed
        # itself (check_self_capture and breaks_simple_ko_rule undo their own commands, and
        # rollback is not called), so the answers are the same.
        self.game._board.group_collection.chain_of_commands.stack = []

    def komi(self, k):
        pass  # Game has no komi and no score

    @staticmethod
    def coordinate(point):
        if point is None:
            return "pass"
        column, row = point
        return f"{row + 1}{ALPHA_KEY[column]}"

    def play(self, colour, point):
        try:
            with contextlib.redirect_stdout(sys.stderr):  # end_game prints "End Game."
                self.game.move(self.coordinate(point))
        except ValidationError as e:
            raise Refused(f"illegal move ({e})")

    def is_legal(self, colour, point):
        # Board.place_stone's first checks, on the game itself (they change nothing): a point
        # out of bounds or taken is refused before any copy.
        board = self.game._board
        try:
            if point is not None:
                probe = Point(coordinate=self.coordinate(point))
                MoveValidation.check_point_is_in_bounds(probe, board.size)
                MoveValidation.check_stone_link_is_empty(
                    board.get_point_stone_link(probe.x, probe.y))
        except ValidationError:
            return False
        try:
            with contextlib.redirect_stdout(sys.stderr):
                self.trial().move(self.coordinate(point))
            return True
        except ValidationError:
            return False

    def trial(self):
        """A copy of the game to try a move on, without the undo stack of the moves before
        (`trial_copy` with the stack set aside while the copy is taken). The stack grows by
        two commands a move and is read only by undo: a move's own undo (check_self_capture,
        breaks_simple_ko_rule) pops the commands that move pushed, never an older one, and
        rollback is not called; so the trial's move decides as on the whole game, and the
        copy no longer costs the length of the game (it was most of a checked turn)."""
        chain = self.game._board.group_collection.chain_of_commands
        stack, chain.stack = chain.stack, []
        try:
            return trial_copy(self.game)
        finally:
            chain.stack = stack

    def stones(self, colour):
        return [(x, y) for y, line in enumerate(self.game._board.board)
                for x, link in enumerate(line) if link.stone == STONE[colour]]

    def all_stones(self):
        """Both colours in one pass over the board's `StoneLink`s (a turn's answer lists both)."""
        black, white = [], []
        b, w = STONE["b"], STONE["w"]
        for y, line in enumerate(self.game._board.board):
            for x, link in enumerate(line):
                stone = link.stone
                if stone == b:
                    black.append((x, y))
                elif stone == w:
                    white.append((x, y))
        return black, white

    def result(self):
        return "Void" if self.game.ended else None

    def to_move(self):
        return "b" if self.game.get_current_player().get_stone() == Stone.BLACK else "w"


if __name__ == "__main__":
    serve(Library(), 19)
