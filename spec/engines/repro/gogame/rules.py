"""gogame 1.0.0 (PyPI), its own API: Board.play(x, y, color=...) raises ValueError when
Board.is_playable says no; Board.vertices(color) lists a colour's stones. Vertices are
(x, y) of Board._grid; on the 2x2 board below a1 = (0, 0), b1 = (0, 1), a2 = (1, 0),
b2 = (1, 1)."""
import os
import warnings

warnings.simplefilter("ignore")
os.environ.setdefault("MPLBACKEND", "Agg")
from gogame import Board, Color  # noqa: E402

B, W = Color.Black, Color.White

# 2x2: B a1, W b2, B b1, W a2 (taking a1 and b1), then B a1: the white stones a2 and b2
# still have the liberty b1.
b = Board(size=2)
for (x, y), c in [((0, 0), B), ((1, 1), W), ((0, 1), B), ((1, 0), W)]:
    b.play(x, y, color=c)
print("after W a2 takes a1 and b1: white", b.vertices(W), "| the white group's freedom():",
      [t.freedom() for t in b.territories(W)])
b.play(0, 0, color=B)
print("after B a1, W b2, B b1, W a2, B a1: black", b.vertices(B), "white", b.vertices(W))

# 3x3, the shrunk finding repro/gogame/lone-self-capture.yaml: after these ten turns Black's C2 has three
# white neighbours (B2, C1, C3), whose groups keep the liberties A1, A3 and B3: a lone
# self-capture.
b = Board(size=3)
moves = [("A1", B), ("B2", W), ("B1", B), ("A2", W), ("B3", B), ("C1", W), ("A3", B), ("B1", W),
         ("C2", B), ("C3", W)]
for name, c in moves:
    x, y = int(name[1]) - 1, "ABC".index(name[0])
    try:
        b.play(x, y, color=c)
    except ValueError as e:
        print("refused:", name, e)
print("3x3 before Black's C2 again: black", b.vertices(B), "white", b.vertices(W))
print("Board.is_playable for Black at C2 (B 3-2):", b.is_playable(1, 2, B))

# Two passes in a row (Board.skip returns True when the game is over).
b = Board(size=3)
print("two skips on the empty 3x3 board:", b.skip(color=B), b.skip(color=W))
b = Board(size=3)
b.play(1, 1, color=B)
print("B b2, then two skips:", b.skip(color=W), b.skip(color=B),
      "| score black", b.score(B), "white", b.score(W))
