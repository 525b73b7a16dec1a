# dlgo 0.2 (PyPI dlgo): the two shrunk findings of the own-rules situational-superko cell of
# the committed report (spec/engines/findings/dlgo/own-55409ea2d4c8c919, own-30674e96aac72bf1),
# replayed with dlgo.goboard_fast as the adapter drives it: the disputed last move repeats an
# earlier situation (board and player to move), captures nothing, and is valid
# (spec/engines/dlgo.md, verdict 1); dlgo.goboard, the shortcut's slower original, refuses it.
# Needs dlgo==0.2 and numpy (pip install --no-deps dlgo==0.2 numpy).
from dlgo import goboard, goboard_fast
from dlgo.gotypes import Point

FINDINGS = [
    ("own-55409ea2d4c8c919", "B 2-2, W 1-1, B 2-1, W 1-2, B 2-1, W 2-2, B 2-1, W 1-1", "B 2-2"),
    ("own-30674e96aac72bf1", "B 1-2, W 2-1, B 2-2, W pass, B 1-1, W 2-1, B 1-2, W 1-1, B 2-2",
     "W 2-1"),
]


def move(module, turn):
    """graphgo's "B 2-1" (column 2, row 1 from the bottom) as dlgo's Move (Point(row, col))."""
    point = turn.split()[1]
    if point == "pass":
        return module.Move.pass_turn()
    column, row = (int(n) for n in point.split("-"))
    return module.Move.play(Point(row, column))


for name, turns, disputed in FINDINGS:
    for module in (goboard_fast, goboard):
        game = module.GameState.new_game(2)
        for turn in turns.split(", "):
            game = game.apply_move(move(module, turn))
        last = move(module, disputed)
        after = game.apply_move(last)
        stones = [after.board.get(Point(r, c)) for r in (1, 2) for c in (1, 2)]
        seen = []
        state = game
        while state is not None:
            seen.append((state.next_player,
                         [state.board.get(Point(r, c)) for r in (1, 2) for c in (1, 2)]))
            state = state.previous_state
        captures = sum(s is not None for s in stones) <= sum(
            s is not None for s in [game.board.get(Point(r, c)) for r in (1, 2) for c in (1, 2)])
        print(f"{name}, {module.__name__}: {disputed} repeats an earlier situation: "
              f"{(after.next_player, stones) in seen}; captures: {captures}; "
              f"is_valid_move: {game.is_valid_move(last)}")
