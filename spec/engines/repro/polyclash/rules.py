"""polyclash 0.1.5 (PyPI), its own Board as its server drives it (polyclash/server.py): a move
is board.play(point, colour), then consecutive_passes = 0 and switch_player(); a pass is
consecutive_passes += 1 and switch_player()."""
from polyclash.data.data import neighbors
from polyclash.game.board import BLACK, WHITE, Board

board = Board()
board.disable_notification()


def move(point, colour):
    try:
        board.play(point, colour)
    except ValueError as e:
        return f"refused ({e})"
    board.consecutive_passes = 0
    board.switch_player()
    return "accepted"


def pass_():
    board.consecutive_passes += 1
    board.switch_player()


print("points", len(neighbors), "| edges", sum(len(v) for v in neighbors.values()) // 2)
print("Black 0:", move(0, BLACK), "| White 1:", move(1, WHITE))
pass_()  # Black passes
print("after Black's pass, current_player is White:", board.current_player == WHITE)
print("White 5:", move(5, WHITE), "| stone at 5:", board.board[5], "| counter", board.counter)
print("then Black 7:", move(7, BLACK), "| stone at 7:", board.board[7])
