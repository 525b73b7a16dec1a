"""weiqi 0.2.1 (PyPI), its own API: WeiqiGame.make_move(player, Move(position, figure))
raises ValueError for a move it refuses. Position(x, y), y = 0 the top row."""
from weiqi import Board, Move, Player, Position, Stone, WeiqiGame


def game():
    black, white = Player(Stone.BLACK), Player(Stone.WHITE)
    return WeiqiGame(Board.generate_empty_board(5), black, white, komi=0), black, white


def play(g, players, moves):
    for i, name in enumerate(moves):
        player = players[i % 2]
        position = None if name == "pass" else Position("ABCDE".index(name[0]), 5 - int(name[1]))
        g.make_move(player, Move(position, player.figure))


def attempt(g, player, name):
    try:
        g.make_move(player, Move(Position("ABCDE".index(name[0]), 5 - int(name[1])), player.figure))
        return "played"
    except ValueError as e:
        return f"refused ({e})"


g, b, w = game()
play(g, (b, w), ["B3", "D4", "C4", "D2", "C2", "E3", "A1", "C3", "D3"])
print("White's immediate ko retake at C3:", attempt(g, w, "C3"))
g, b, w = game()
play(g, (b, w), ["B1", "A1", "B2", "A2", "B3", "pass", "A4"])
print("White's self-capture of three at A3:", attempt(g, w, "A3"))
g, b, w = game()
play(g, (b, w), ["C3", "pass", "pass"])
s = g.game_status
print("after B C3 and two passes: is_over", s.is_over, "| winner", s.winner,
      "| black", s.black_score, "white", s.white_score)
