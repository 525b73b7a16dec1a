"""baduk 1.0.4 (PyPI, installed with --no-deps), its own API: the shrunk findings of the
own-rules cells of the committed report (spec/engines/findings/baduk/own-*.yaml), replayed with
Game.move. For each: the board baduk shows before and after the game's last turn (rows from 1,
separated by "/", columns from A; x Black, o White), the stones whose group baduk counts with no
liberty, and, for a self-capture finding, what Game.move does with the move graphgo refuses
(spec/engines/baduk.md, verdict 5)."""
import contextlib
import io

from baduk.exception.exceptions import ValidationError
from baduk.game.game import Game

COLUMNS = "ABCDEFGHJKLMNOPQRST"  # baduk.game.point.ALPHA_KEY: no I


def baduk_coordinate(move):
    """graphgo's "B 3-2" (column 3, row 2) as baduk's "2C"."""
    column, row = move.split()[1].split("-")
    return f"{row}{COLUMNS[int(column) - 1]}"


def attempt(game, move):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            game.move("pass" if move.endswith("pass") else baduk_coordinate(move))
        return "played"
    except ValidationError as e:
        return f"refused ({e})"


def board(game, size):
    rows = []
    for row in range(size):
        line = ""
        for column in range(size):
            stone = game._board.board[row][column].stone
            line += "." if stone is None else str(stone)
        rows.append(line)
    return "/".join(rows)


def stale(game, size):
    """The points of the stones whose group baduk counts with no liberty."""
    points = []
    for row in range(size):
        for column in range(size):
            link = game._board.board[row][column]
            if link.stone is not None and link.group is not None and link.group.get_liberties() == 0:
                points.append(f"{COLUMNS[column]}{row + 1}")
    return ",".join(points) or "none"


FINDINGS = [
    ("own-71d8e731d93008fd", 5, "B 1-1, W 2-1, B 2-2, W 4-1, B 2-5, W 3-2, B 3-1, W 3-5", None),
    ("own-c848350f9935894f", 2, "B 2-1, W 1-1, B 1-2, W pass, B 1-1, W 2-2, B 1-1", None),
    ("own-3b6109268eaabc59", 2, "B 1-2, W 2-1, B 1-1, W 2-2, B 1-2, W 1-1, B 1-2, W 2-1", None),
    ("own-a33e81f79b60f8e2", 9, "B 9-1, W 2-1, B 8-2, W 9-2, B 7-5, W 1-2, B 7-1, W 8-1", "B 1-1"),
    ("own-310a2b46ee2d6058", 4, "B 4-3, W 4-4, B 3-3, W 1-4, B 4-2, W 2-2, B 3-4, W 1-2, "
     "B 2-4, W 1-1, B 2-3, W 4-1, B 4-4, W 3-2, B pass, W 3-1, B 1-3", "W 2-1"),
    ("own-4d426ca7467add1d", 7, "B 7-7, W 6-4, B 2-4, W 3-7, B 5-7, W 5-6, B 7-3, W 7-6, "
     "B 4-4, W 4-6, B 6-6, W 6-7", "B 4-7"),
]

for name, size, moves, last in FINDINGS:
    game = Game(size)
    turns = moves.split(", ")
    for i, move in enumerate(turns):
        if i == len(turns) - 1:
            print(f"{name}: before {move}: {board(game, size)} | no liberty: {stale(game, size)}")
        answer = attempt(game, move)
        if answer != "played":
            print(f"  turn {i + 1} {move} {answer}")
    print(f"  after {move}: {board(game, size)} | no liberty: {stale(game, size)}")
    if last:
        print(f"  then {last}: {attempt(game, last)} | {board(game, size)}")
