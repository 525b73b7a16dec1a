# dlgo 0.2 (PyPI dlgo, the code of the book "Deep Learning and the Game of Go"): in
# dlgo.goboard_fast a move that repeats an earlier situation (board and player to move) is
# valid when it captures nothing; the package's two other boards, dlgo.goboard and
# dlgo.goboard_slow, refuse it (spec/engines/dlgo.md). Needs dlgo==0.2 and numpy
# (pip install --no-deps dlgo==0.2 numpy).
from dlgo import goboard, goboard_fast, goboard_slow
from dlgo.gotypes import Point

# 3x3, graphgo's x-y (x the column, y the row from the bottom); dlgo's Point(row, col).
TURNS = [(3, 3), (2, 2), (2, 1), (2, 3), (3, 2), (3, 1), (3, 2), "pass"]
for module in (goboard_fast, goboard, goboard_slow):
    game = module.GameState.new_game(3)
    for turn in TURNS:
        move = module.Move.pass_turn() if turn == "pass" else module.Move.play(Point(turn[1], turn[0]))
        game = game.apply_move(move)
    move = module.Move.play(Point(3, 3))  # Black 3-3: captures nothing
    after = game.apply_move(move)
    def stones(board):
        return [board.get(Point(r, c)) for r in (1, 2, 3) for c in (1, 2, 3)]
    seen = []
    state = game
    while state is not None:
        seen.append((state.next_player, stones(state.board)))
        state = state.previous_state
    repeats = (after.next_player, stones(after.board)) in seen
    print(f"{module.__name__}: Black 3-3 repeats an earlier situation: {repeats}; "
          f"is_valid_move: {game.is_valid_move(move)}")
