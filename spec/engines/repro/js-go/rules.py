"""js-go 0.1.4 (PyPI), its own API: Go_game.play_move(y, x) plays for the colour to move and
returns the board it had when it refuses a move. y = 0 is the top row."""
from js_go import Go_game

g = Go_game(5)
g.play_move(2, 2)  # Black C3
before = g.board
after = g.play_move(2, 2)  # White on Black's C3
print("White on Black's stone at C3:", "refused" if after is before else "played",
      "| C3 holds", repr(g.board[2][2]), "| to move:", g.color)

# A ko on 5x5: Black D3 takes White's C3; White's C3 at once would take D3 back.
g = Go_game(5)
for y, x in [(2, 1), (1, 3), (1, 2), (3, 3), (3, 2), (2, 4), (4, 0), (2, 2), (2, 3)]:
    g.play_move(y, x)
before = g.board
print("White's immediate ko retake at C3:", "refused" if g.play_move(2, 2) is before else "played")

# White's lone self-capture at A1 (Black A2 and B1 around it).
g = Go_game(5)
for y, x in [(3, 0), (0, 4), (4, 1)]:
    g.play_move(y, x)
before = g.board
print("White's lone self-capture at A1:", "refused" if g.play_move(4, 0) is before else "played")
