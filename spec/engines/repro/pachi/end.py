"""pachi-py 0.0.21 (run with target/venv-pachi/bin/python): PyPachiBoard.is_terminal, the
game-end test of pachi_py/goutil.cpp (IsTerminal), after two passes with and without a stone
played before them."""
import pachi_py as p


def board(moves, size=3):
    b = p.CreateBoard(size)
    for i, m in enumerate(moves):
        c = p.PASS_COORD if m == "pass" else b.str_to_coord(m.encode())
        b = b.play(c, p.BLACK if i % 2 == 0 else p.WHITE)
    return b


for moves in (["pass", "pass"], ["pass", "pass", "pass"], ["A1", "pass", "pass"], ["A1", "pass"]):
    print(" ".join(moves) + ": is_terminal", board(moves).is_terminal)
