"""sente 0.4.2 (PyPI, CPython 3.10: run with target/venv-sente/bin/python), its own API: the
shrunk finding of the own-rules "passes and the end" cell of the three rows (chinese, japanese,
korean) of the committed report, own-6d8794fd60c24bad (126 turns on 9x9), played as its record
says, then as graphgo's campaign played it, with the moves sente refused in between (from the
campaign's GTP traffic: after Black's pass, Black's H4 out of turn; after White's H9, Black's
B6, a self-capture; after Black's pass, Black's H4 again). The refused moves keep the two passes
from ending the game (spec/engines/sente.md, verdict 3)."""
import sente

B, W = sente.stone.BLACK, sente.stone.WHITE
MOVES = (
    "A6 C4 pass F5 B5 D4 F3 D8 A7 F4 H7 B8 J4 D1 B9 J9 A5 A3 J5 A1 F1 A2 C7 F9 E5 E3 E9 J7 C5 "
    "C8 G8 G3 D9 E6 A9 G6 J8 F6 A4 B3 H2 C1 C3 E1 J1 F2 F8 H3 H5 G9 G2 C6 H1 G1 G5 J6 D6 G7 G4 "
    "D7 A8 D5 B2 F7 B6 B7 E8 C7 E2 E7 B1 H6 pass J3 F1 H8 pass J2 C9 pass D3 B4 C9 E9 D2 G1 A8 "
    "G8 A5 A7 B6 A4 D9 H2 A6 E4 H1 J1 B5 G2 B9 F3 pass C5 B5 J8 E8 E5 pass A5 B6 A6 B5 A9 C9 D6 "
    "B9 H1 A8 H7 D9 F1 pass H9 pass pass").split()
# The campaign's refused moves: (index in MOVES before which each was tried, colour, point).
REFUSED = [(123, B, "H4"), (124, B, "B6"), (125, B, "H4")]


def xy(name):
    return "ABCDEFGHJ".index(name[0]) + 1, int(name[1:])


def play(rules, refused):
    g = sente.Game(9, rules, 0.5)
    colour = B
    for i, m in enumerate(MOVES):
        for at, c, point in refused:
            if at == i:
                try:
                    g.play(*xy(point), c)
                    print("  not refused:", point)
                except sente.exceptions.IllegalMoveException:
                    pass
        if m == "pass":
            g.play(None)
        else:
            g.play(*xy(m), colour)
        colour = W if colour == B else B
    return g


for rules in (sente.rules.CHINESE, sente.rules.JAPANESE, sente.rules.KOREAN):
    as_recorded = play(rules, [])
    as_played = play(rules, REFUSED)
    print(f"{rules}: the record's 126 turns: is_over {as_recorded.is_over()}; with the refused "
          f"moves between: is_over {as_played.is_over()}")
