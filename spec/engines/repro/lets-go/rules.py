"""lets-go 0.3.11 (PyPI), its rules back end lets_go.backend.GoBackend: try_move(row, col)
plays for the colour to move and returns None when it refuses; pass_move() passes. Row 0 is
the top row."""
from lets_go.backend import GoBackend

# On 2x2: B A1, W B2, B pass, W A2, B pass, W B1 (taking A1), then Black's A1 takes all three
# white stones and gives back the board after move 1 (Black A1 alone).
g = GoBackend(2)
g.try_move(1, 0)                 # B A1
first = [row[:] for row in g._moves[1].grid]
g.try_move(0, 1)                 # W B2
g.pass_move()                    # B pass
g.try_move(0, 0)                 # W A2
g.pass_move()                    # B pass
g.try_move(1, 1)                 # W B1, taking A1
move = g.try_move(1, 0)          # B A1
print("Black's A1, giving back the board after move 1:",
      "refused" if move is None else "played",
      "| the grid equals move 1's:", move is not None and move.grid == first)

# Without passes, a repetition is refused: the ko retake on 5x5.
g = GoBackend(5)
for r, c in [(2, 1), (1, 3), (1, 2), (3, 3), (3, 2), (2, 4), (4, 0), (2, 2), (2, 3)]:
    g.try_move(r, c)
print("White's immediate ko retake at C3:", "refused" if g.try_move(2, 2) is None else "played")
