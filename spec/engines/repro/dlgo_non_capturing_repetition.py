# dlgo 0.2: a move that repeats an earlier situation is valid when it captures nothing
# (spec/engines/dlgo.md, finding 1). Needs dlgo==0.2 and numpy (pip install --no-deps).
from dlgo.goboard_fast import GameState, Move
from dlgo.gotypes import Point

game = GameState.new_game(3)
seen = set()
for turn in [(3, 3), (2, 2), (2, 1), (2, 3), (3, 2), (3, 1), (3, 2), "pass"]:
    # graphgo's x-y: x the column, y the row from the bottom; dlgo's Point(row, col).
    move = Move.pass_turn() if turn == "pass" else Move.play(Point(turn[1], turn[0]))
    game = game.apply_move(move)
    seen.add((game.next_player, game.board.zobrist_hash()))
move = Move.play(Point(3, 3))              # Black 3-3 captures nothing ...
after = game.apply_move(move)
assert (after.next_player, after.board.zobrist_hash()) in seen   # ... and repeats a situation
print("is_valid_move:", game.is_valid_move(move))                # True: the bug
