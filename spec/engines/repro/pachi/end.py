"""pachi-py 0.0.21 (run with target/venv-pachi/bin/python): PyPachiBoard.is_terminal, the
game-end test of pachi_py/goutil.cpp (IsTerminal), after two passes with and without a stone
played before them, on 3x3, Black first."""
import pachi_py as p

for moves in (["pass", "pass"], ["pass", "pass", "pass"], ["A1", "pass", "pass"], ["A1", "pass"]):
    b = p.CreateBoard(3)
    colour = p.BLACK
    for m in moves:
        b = b.play(p.PASS_COORD if m == "pass" else b.str_to_coord(m.encode()), colour)
        colour = p.WHITE if colour == p.BLACK else p.BLACK
    print(" ".join(moves) + ": is_terminal", b.is_terminal)
