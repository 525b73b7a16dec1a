"""js-go 0.1.4 (PyPI), its own API: the two shrunk findings of the own-rules capture cell of
the committed report (spec/engines/findings/js-go/own-98db824c14931050, own-6cecdacb7a336a60):
on 5x5 Black plays, then White plays on Black's stone (spec/engines/js-go.md, verdict 1).
Go_game.play_move(y, x) plays for the colour to move and returns the board it had when it
refuses a move; y = 0 is the top row."""
from js_go import Go_game

for finding, name, (y, x) in [("own-98db824c14931050", "C2", (3, 2)),
                               ("own-6cecdacb7a336a60", "A1", (4, 0))]:
    g = Go_game(5)
    g.play_move(y, x)  # Black
    before = g.board
    after = g.play_move(y, x)  # White on Black's stone
    print(f"{finding}: White on Black's stone at {name}:",
          "refused" if after is before else "played", f"| {name} holds", repr(g.board[y][x]))
