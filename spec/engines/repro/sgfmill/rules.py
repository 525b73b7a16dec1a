# sgfmill 1.1.1 (PyPI sgfmill): sgfmill.boards.Board.play in the four situations of
# spec/engines/repro/records/, and area_score (spec/engines/sgfmill.md). Board.play(row, col,
# colour), rows from 0 at the bottom, "Doesn't enforce any ko rule" and returns "the point
# forbidden by simple ko, or None". Needs sgfmill==1.1.1.
from sgfmill import boards


def rc(name):
    return int(name[1:]) - 1, "ABCDE".index(name[0])


def play(size, moves):
    board = boards.Board(size)
    ko = None
    for k, m in enumerate(moves):
        ko = board.play(*rc(m), "bw"[k % 2])
    return board, ko


def answer(size, moves, last):
    board, ko = play(size, moves)
    note = f" (play returned {ko} for the move before)" if ko else ""
    stones = len(board.list_occupied_points())
    try:
        board.play(*rc(last), "bw"[len(moves) % 2])
    except ValueError:
        return "refused"
    return f"played{note}; stones on the board before and after: {stones}, {len(board.list_occupied_points())}"


KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]  # Black's C2 takes B2
print("White's lone self-capture at A1:", answer(5, ["A2", "E5", "B1"], "A1"))
print("White's self-capture of three at B1:", answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1"))
print("the ko retake at once:", answer(5, KO, "B2"))
print("Black's A1 closing the 2x2 superko cycle:",
      answer(2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1"))
board, _ = play(3, ["B2"])
print("B B2 alone on 3x3: area_score", board.area_score())
