"""szgo 0.0.30 (PyPI): the shrunk finding of the own-rules simple-ko cell of the committed report
(spec/engines/findings/szgo/own-e266db1611901c32), replayed with Board.playOneMove(pi),
pi = x + 19 y (y = 0 the top row): White's C19 takes Black's B19 alone, and Black's B19 retakes
at once (spec/engines/szgo.md, verdict 1). Board() ends in its console (Board.cmd, an input()
loop): it is made to return at once while the board is built."""
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
print("own-e266db1611901c32:", play(b, ["B19", "C2", "D19", "A19", "C18", "B18", "H9", "C19"]),
      "| B19 after White's C19:", b.boardlist[pi("B19")])
print("Black's immediate retake at B19:", play(b, ["B19"]), "| C19 after it:",
      b.boardlist[pi("C19")])
