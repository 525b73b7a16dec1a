"""szgo 0.0.30 (PyPI), szgo.engine.board.Board: playOneMove(pi), pi = x + 19 y (y = 0 the top
row), plays for Board.next and returns False when it refuses. Board() ends in its console
(Board.cmd, an input() loop): it is made to return at once while the board is built."""
import contextlib
import io

from szgo.engine import board as szboard


def new_board():
    console = szboard.Board.cmd
    szboard.Board.cmd = lambda self: None
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return szboard.Board()
    finally:
        szboard.Board.cmd = console


def pi(name):
    return "ABCDEFGHJKLMNOPQRST".index(name[0]) + 19 * (19 - int(name[1:]))


def play(b, names):
    with contextlib.redirect_stdout(io.StringIO()):
        return [b.playOneMove(pi(n)) for n in names]


b = new_board()
print("ko on the 19x19 edge:", play(b, ["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3"]))
print("White's immediate retake at C3:", play(b, ["C3"]), "| D3 after it:", b.boardlist[pi("D3")])
b = new_board()
play(b, ["A2", "T19", "B2", "T18", "B1", "T17"])
print("Black fills the one-point eye A1 of its group A2 B2 B1:", play(b, ["A1"]))
play(b, ["Q16"])
print("White's lone self-capture at A1 there:", play(b, ["A1"]))
b = new_board()
play(b, ["A2", "T19", "B1"])
print("White's lone self-capture at A1:", play(b, ["A1"]))
