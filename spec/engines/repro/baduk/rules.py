"""baduk 1.0.4 (PyPI, installed with --no-deps), its own API: Game.move(coordinate) plays for
the player to move, with baduk's coordinate (row number, then column letter: "3C"), and
raises ValidationError when it refuses; Game.move("pass") passes."""
import contextlib
import io

from baduk.exception.exceptions import ValidationError
from baduk.game.game import Game


def attempt(game, coordinate):
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            game.move(coordinate)
        return "played"
    except ValidationError as e:
        return f"refused ({e})"


def play(game, moves):
    with contextlib.redirect_stdout(io.StringIO()):
        for m in moves:
            game.move(m)


g = Game(5)
play(g, ["3B", "4D", "4C", "2D", "2C", "3E", "1A", "3C", "3D"])
print("White's immediate ko retake at C3:", attempt(g, "3C"))
g = Game(5)
play(g, ["3B", "4D", "4C", "2D", "2C", "3E", "1A", "3C", "3D", "pass", "pass"])
print("the same retake after a pass by each side:", attempt(g, "3C"))
g = Game(5)
play(g, ["1B", "1A", "2B", "2A", "3B", "pass", "4A"])
print("White's self-capture of three at A3:", attempt(g, "3A"))
g = Game(3)
out = io.StringIO()
with contextlib.redirect_stdout(out):
    g.move("2B")
    g.move("pass")
    g.move("pass")
print("after B B2 and two passes, Game printed:", repr(out.getvalue()), "| then Black's A1:", attempt(g, "1A"))

# The shrunk finding repro/baduk/refused-self-capture.yaml: B E2, W B2, B E5, W E3, B D4, W C2,
# B D3, W pass, B C5; White's E4 would take White's own E3 and E4 and is refused; then White's
# D5, a lone stone with no liberty that captures nothing.
g = Game(5)
play(g, ["2E", "2B", "5E", "3E", "4D", "2C", "3D", "pass", "5C"])
print("White's E4 (its E3 and E4 without liberty):", attempt(g, "4E"),
      "| E3 afterwards:", repr(g.get_position("3E")))
print("then White's D5 (a lone self-capture):", attempt(g, "5D"))
g = Game(5)
play(g, ["2E", "2B", "5E", "3E", "4D", "2C", "3D", "pass", "5C"])
print("the same D5 without the refused E4 before it:", attempt(g, "5D"))
