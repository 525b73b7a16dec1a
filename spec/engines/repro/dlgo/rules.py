# dlgo 0.2 (PyPI dlgo): dlgo.goboard_fast's GameState in the four situations of
# spec/engines/repro/records/ and the one-row repetition of
# spec/vectors/ggg/superko/repetition-grid3x1-situational-ggg1.yaml, then the end and the score of a short game
# (spec/engines/dlgo.md). Needs dlgo==0.2 and numpy (pip install --no-deps).
from dlgo.goboard_fast import GameState, Move
from dlgo.gotypes import Point
from dlgo.scoring import compute_game_result


def state_after(size, moves):
    """size: a side, or (rows, columns)."""
    game = GameState.new_game(size)
    for m in moves:
        move = Move.pass_turn() if m == "pass" else point(m)
        assert game.is_valid_move(move), f"setup move {m} refused"
        game = game.apply_move(move)
    return game


def point(name):
    """A GTP name as dlgo's move: Point(row from the bottom, column), both from 1."""
    return Move.play(Point(int(name[1:]), "ABCDE".index(name[0]) + 1))


def answer(size, moves, last):
    return "valid" if state_after(size, moves).is_valid_move(point(last)) else "refused"


KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]  # Black's C2 takes B2
print("White's lone self-capture at A1:", answer(5, ["A2", "E5", "B1"], "A1"))
print("White's self-capture of three at B1:", answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1"))
print("the ko retake at once:", answer(5, KO, "B2"))
print("Black's A1 closing the 2x2 superko cycle:",
      answer(2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1"))
print("one row of three, B A1, W C1, B B1, W C1, then Black's A1 (the board after move 2, with "
      "the other player to move):", answer((1, 3), ["A1", "C1", "B1", "C1"], "A1"))
game = state_after(3, ["B2", "pass", "pass"])
print("after B B2 and two passes on 3x3: is_over", game.is_over(),
      "| compute_game_result", compute_game_result(game), "| winner", game.winner())
