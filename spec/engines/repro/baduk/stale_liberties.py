"""baduk 1.0.4 (PyPI, installed with --no-deps), its own API: after a capture, the capturing
group keeps the count of liberties it had before the capture (none), and the next move anywhere
takes it as a dead group (spec/engines/baduk.md, verdict 5; the record
repro/baduk/stale-liberties.yaml)."""
import contextlib
import io

from baduk.exception.exceptions import ValidationError
from baduk.game.game import Game


def attempt(game, coordinate):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            game.move(coordinate)
        return "played"
    except ValidationError as e:
        return f"refused ({e})"


def at(game, coordinate):
    row, column = int(coordinate[:-1]), "ABCDE".index(coordinate[-1])
    stone = game._board.board[row - 1][column].stone
    return "." if stone is None else str(stone)


# B B4, W B1, B E1, W B5, B A3, W A2, B A5, W A4 (W A4 takes A5)
MOVES = ["4B", "1B", "1E", "5B", "3A", "2A", "5A", "4A"]
g = Game(5)
for m in MOVES:
    attempt(g, m)
print("after W A4 takes A5: A4", at(g, "4A"), "| A5", at(g, "5A"),
      "| liberties of A4's group:", g._board.board[3][0].group.get_liberties())
print("Black's lone self-capture at A1:", attempt(g, "1A"), "| A1", at(g, "1A"), "| A4", at(g, "4A"))
g = Game(5)
for m in MOVES[:6] + ["5E", "4D"]:
    attempt(g, m)
print("the same A1 without the capture at A5 before it:", attempt(g, "1A"))
