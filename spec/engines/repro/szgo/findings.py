"""szgo 0.0.30 (PyPI): the shrunk findings of the own-rules cells of the report
(spec/engines/findings/szgo/), replayed with Board.playOneMove(pi), pi = x + 19 y (y = 0 the top
row), which plays for the colour to move:
- simple ko, own-e266db1611901c32: White's C19 takes Black's B19 alone, and Black's B19 retakes
  at once; own-7b153f4ea23889e2: Black's C1 takes White's B1 alone, and White's B1 retakes at
  once (spec/engines/szgo.md, verdict 1);
- capture, own-bbba3f92dfd02653: after 79 moves played (the record's probes, refused by both
  sides, left out), White's T19 is refused: its neighbours S19 and T18 are stones of one White
  group with liberties left, so Board.isPlayerOneEye holds there and playOneMove returns False
  before anything else; with that one check set aside (on a copy) the move is played and
  captures nothing (verdict 2).
Board() ends in its console (Board.cmd, an input() loop): it is made to return at once while the
board is built."""
import contextlib
import copy
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

b = new_board()
print("own-7b153f4ea23889e2:", play(b, ["A1", "B1", "B2", "D1", "B19", "C2", "C1"]),
      "| B1 after Black's C1:", b.boardlist[pi("B1")])
print("White's immediate retake at B1:", play(b, ["B1"]), "| C1 after it:",
      b.boardlist[pi("C1")])

BBBA = ("H11 S18 H3 D12 L6 T16 B2 Q2 C11 N9 B14 B19 B9 B6 E8 R8 S7 S9 H6 H4 J1 J15 T11 N18 Q3 "
        "N3 Q4 C8 H18 C1 Q14 S2 P14 O14 O13 A7 B3 K12 P19 S14 T1 T18 A17 L13 E2 O18 O8 R9 L8 M19 "
        "B4 P4 A19 T6 T3 A13 K18 D11 M12 S19 C14 J4 D19 F9 J8 A15 N8 C3 L7 L19 M18 S10 L14 E13 "
        "G13 B13 M9 C18 D5").split()
b = new_board()
played = play(b, BBBA)
print("own-bbba3f92dfd02653:", len(played), "moves, all played:", all(played),
      "| to move:", {1: "Black", 2: "White"}[b.next],
      "| S19 T18 S18:", [b.boardlist[pi(n)] for n in ["S19", "T18", "S18"]],
      "| R19 R18 T17:", [b.boardlist[pi(n)] for n in ["R19", "R18", "T17"]])
print("isPlayerOneEye(T19):", bool(b.isPlayerOneEye(pi("T19"))))
trial = copy.deepcopy(b)
print("White's T19:", play(b, ["T19"]), "| T19 after it:", b.boardlist[pi("T19")])
trial.isPlayerOneEye = lambda point: []
stones = sum(1 for c in trial.boardlist if c)
print("White's T19 with that check set aside:", play(trial, ["T19"]), "| T19 after it:",
      trial.boardlist[pi("T19")], "| stones before, after:", stones,
      sum(1 for c in trial.boardlist if c))
