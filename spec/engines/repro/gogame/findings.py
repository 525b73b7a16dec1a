"""gogame 1.0.0 (PyPI), its own API: the shrunk findings of the red own-rules cells of the
committed report (spec/engines/findings/gogame/own-*.yaml), replayed with Board.play and
Board.skip as the adapter plays them. graphgo's point x-y (column x, row y) is gogame's
(y - 1, x - 1) of Board._grid. For each: the stones after the game's turns, and what gogame
does with the disputed move (capture: verdict 1; self-capture: verdict 4; two passes on an
empty board: verdict 3)."""
import os
import warnings

warnings.simplefilter("ignore")
os.environ.setdefault("MPLBACKEND", "Agg")
from gogame import Board, Color  # noqa: E402

COLOUR = {"B": Color.Black, "W": Color.White}


def name(v):
    return f"{v[1] + 1}-{v[0] + 1}"


def stones(board):
    return ("black " + " ".join(sorted(name(v) for v in board.vertices(Color.Black))) +
            " | white " + " ".join(sorted(name(v) for v in board.vertices(Color.White))))


def turn(board, t):
    colour, point = t.split()
    if point == "pass":
        return board.skip(color=COLOUR[colour])
    column, row = (int(n) for n in point.split("-"))
    board.play(row - 1, column - 1, color=COLOUR[colour])
    return None


for finding, size, turns in [
    ("own-bd2909bc8ba712cb", 2, "B 1-2, W 2-2, B 1-1, W 2-1, B 1-2"),
    ("own-a6848663cfc092d4", 2, "B 1-2, W 2-1, B 1-1, W 2-2, B 1-2"),
]:
    board = Board(size=size)
    for t in turns.split(", "):
        turn(board, t)
    print(f"{finding}: after {turns[-5:]}: {stones(board)}")

for finding, size, turns, disputed, stone in [
    ("own-3aed73253771ee23", 5, "B 4-5, W 5-3, B 4-4, W 5-5, B 5-4", "W 5-5", "5-4"),
    ("own-af210b2e9a7a90c1", 5, "B 4-5, W 1-5, B 3-4, W 2-4, B 3-1, W 3-5, B 2-5, W 1-3, B 1-4",
     "W 3-5", "2-5"),
]:
    board = Board(size=size)
    for t in turns.split(", "):
        turn(board, t)
    before = stones(board)
    column, row = (int(n) for n in stone.split("-"))
    territory = board.get_territory(row - 1, column - 1).color.name
    column, row = (int(n) for n in disputed.split()[1].split("-"))
    playable = board.is_playable(row - 1, column - 1, COLOUR[disputed[0]])
    turn(board, disputed)
    print(f"{finding}: before {disputed}: {before}")
    print(f"  get_territory at Black's {stone}: {territory}; is_playable: {playable}; "
          f"after it: {stones(board)}")

for finding, size in [("own-566a23193486789e", 4), ("own-9e608e2ee6dcc337", 7)]:
    board = Board(size=size)
    print(f"{finding}: {size}x{size}, B pass, W pass: skip returns",
          turn(board, "B pass"), turn(board, "W pass"))
