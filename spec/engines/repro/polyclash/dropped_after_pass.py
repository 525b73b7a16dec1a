"""polyclash 0.1.5 (PyPI): the shrunk findings of the own-rules capture cell (own-45568283f58c458d,
own-ba204818a3789460: a move after a pass) and turn-order cell (own-c0f5eaaf65793a0f,
own-a36dce07a5624ec3: the same colour twice), replayed on
its own Board as its server drives it (polyclash/server.py): a move is board.play(point,
colour), then consecutive_passes = 0 and switch_player(); a pass is consecutive_passes += 1
and switch_player()."""
from polyclash.game.board import BLACK, WHITE, Board


def replay(moves):
    board = Board()
    board.disable_notification()
    for m in moves.split(", "):
        colour, point = m.split()
        if point == "pass":
            board.consecutive_passes += 1
            board.switch_player()
            continue
        board.play(int(point), BLACK if colour == "B" else WHITE)
        board.consecutive_passes = 0
        board.switch_player()
    return board


for moves in [
    "B 235, W 91, B 68, W pass, B 49",
    "B 227, W 142, B 75, W 42, B 218, W 210, B 102, W 114, B 127, W 164, B 28, W 63, "
    "B 56, W 147, B 153, W 50, B 58, W 286, B 237, W pass, B 247",
    "B 225, W 157, B 103, W 46, B 194, W 124, B 296, W 196, B 95, W 209, B 244, W 59, "
    "B 171, W 146, B 23, W 108, B 205, W 125, B 173, W 39, B 73, W 78, B 107, W 255, "
    "B 21, W 223, B 101, B 156",
    "B 255, W 81, B 75, W 45, B 89, W 7, B 90, W 86, B 50, W 191, B 25, W 205, B 185, "
    "W 53, B 11, W 202, B 134, W 46, B 252, W 154, B 40, W 267, B 64, W 283, B 291, W 190, "
    "B 61, W 165, B 27, W 270, B 298, W 20, B 153, W 100, B 82, W 88, B 266, W 58, B 288, "
    "W 277, B 248, W 60, W 67",
]:
    board = replay(moves)
    last = int(moves.split()[-1])
    stones = sum(1 for v in board.board if v != 0)
    print(f"...{moves[-16:]}: no error | stone at {last}: {board.board[last]} | stones {stones}")
