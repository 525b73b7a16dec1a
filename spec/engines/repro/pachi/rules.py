"""pachi-py 0.0.21 (PyPI, built on CPython 3.6: run with target/venv-pachi/bin/python), Pachi's
own board through its API: PyPachiBoard.play(coord, colour) returns the next board or raises
IllegalMove; get_legal_coords(colour) is Pachi's list (board_is_valid_play)."""
import pachi_py as p


def board(moves, size=5):
    b = p.CreateBoard(size)
    for i, m in enumerate(moves):
        c = p.PASS_COORD if m == "pass" else b.str_to_coord(m.encode())
        b = b.play(c, p.BLACK if i % 2 == 0 else p.WHITE)
    return b


def attempt(b, name, colour):
    c = b.str_to_coord(name.encode())
    listed = c in b.get_legal_coords(colour)
    try:
        b.play(c, colour)
        played = "played"
    except p.IllegalMove:
        played = "refused"
    return f"get_legal_coords lists it: {listed}; play: {played}"


b = board(["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3"])
print("White's immediate ko retake at C3:", attempt(b, "C3", p.WHITE))
b = board(["B1", "A1", "B2", "A2", "B3", "pass", "A4"])
print("White's self-capture of three at A3:", attempt(b, "A3", p.WHITE))
b = board(["A2", "pass", "B1"])
print("White's lone self-capture at A1:", attempt(b, "A1", p.WHITE))
b = board(["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3", "pass", "pass"])
print("White's ko retake at C3 after a pass by each side:", attempt(b, "C3", p.WHITE))
