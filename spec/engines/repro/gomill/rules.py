"""gomill 0.8.3 (PyPI), gomill.boards: Board.play(row, col, colour) raises ValueError on an
occupied point and returns the point simple ko would forbid; rows from 0 at the bottom."""
import copy

from gomill import boards


def rc(name):
    return int(name[1:]) - 1, "ABCDE".index(name[0])


b = boards.Board(5)
for i, m in enumerate(["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3"]):
    b.play(*rc(m), "bw"[i % 2])
ko = b.play(*rc("D3"), "b")
print("Black's D3 takes C3; play returns the simple-ko point:", ko)
b.play(*rc("C3"), "w")
print("White's retake at C3 played anyway: C3 holds", b.get(*rc("C3")), "| D3 holds", b.get(*rc("D3")))
b = boards.Board(5)
for i, m in enumerate(["B1", "A1", "B2", "A2", "B3"]):
    b.play(*rc(m), "bw"[i % 2])
b.play(*rc("A4"), "b")
b.play(*rc("A3"), "w")
print("White's self-capture of three at A3: white stones left", [p for c, p in b.list_occupied_points() if c == "w"])
try:
    b.copy()
except NameError as e:
    print("Board.copy() on Python 3:", e)
print("copy.deepcopy works:", copy.deepcopy(b).get(0, 1))
b = boards.Board(5)
b.play(*rc("C3"), "b")
print("area_score with one black stone on 5x5:", b.area_score())
