"""sente 0.4.2 (PyPI, CPython 3.10: run with target/venv-sente/bin/python), its own API:
Game.is_legal(x, y, stone) and Game.play(x, y, stone), x and y from 1; play(None) passes."""
import sente

B, W = sente.stone.BLACK, sente.stone.WHITE


def xy(name):
    return "ABCDEFGHJ".index(name[0]) + 1, int(name[1:])


def game(moves, rules=sente.rules.CHINESE):
    g = sente.Game(9, rules, 0.5)
    for i, m in enumerate(moves):
        if m == "pass":
            g.play(None)
        else:
            g.play(*xy(m), B if i % 2 == 0 else W)
    return g


KO = ["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3"]
g = game(KO)
print("White's immediate ko retake at C3, is_legal:", g.is_legal(*xy("C3"), W))
g = game(KO + ["pass", "pass"])
print("the same retake after a pass by each side, is_legal:", g.is_legal(*xy("C3"), W))
g = game(KO + ["G7", "G8"])
print("the same retake after W G7 and B G8, is_legal:", g.is_legal(*xy("C3"), W))
g = game(["B1", "A1", "B2", "A2", "B3", "pass", "A4"])
print("White's self-capture of three at A3, is_legal:", g.is_legal(*xy("A3"), W))
print("Black out of turn, is_legal:", g.is_legal(*xy("E5"), B))
for rules in (sente.rules.CHINESE, sente.rules.JAPANESE):
    g = game(["E5", "A1", "pass", "pass"], rules)
    print(rules, "after B E5, W A1 and two passes: is_over", g.is_over(), "| result", g.get_result())
g = sente.Game(9, sente.rules.CHINESE, 0)
for m in ["E5", "A1"]:
    g.play(*xy(m))
g.play(None)
g.play(None)
print("komi 0, B E5, W A1, two passes (one stone each, no territory): result", g.get_result(),
      "| score", {str(k): v for k, v in g.score().items()})
# sente is compiled: its documentation is the docstrings of the installed module.
doc = sente.Game.is_legal.__doc__
print("Game.is_legal's docstring:",
      " | ".join(line.strip() for line in doc.splitlines() if line.strip().startswith("#.")))
# A refused move between two passes: the second pass does not end the game.
for refused in (False, True):
    g = game(["E5", "pass"])
    if refused:
        try:
            g.play(*xy("E5"), B)  # Black on the occupied E5: IllegalMoveException
        except sente.exceptions.IllegalMoveException:
            pass
    g.play(None)
    print("B E5, W pass," + (" Black's refused E5," if refused else ""), "B pass: is_over",
          g.is_over())
