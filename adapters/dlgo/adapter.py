#!/usr/bin/env python3
"""graphgo's adapter for the rules of `dlgo` (the code of the book "Deep Learning and the
Game of Go", PyPI package `dlgo` 0.2, module `dlgo.goboard_fast`): the GTP subset of
adapters/README.md, answered by dlgo's own calls. The rules library is what is verified, not
a playing program.

`list_stones` reads the board, `all_legal` is `GameState.legal_moves` (which uses
`GameState.is_valid_move`), and `play` answers "illegal move" when `is_valid_move` refuses
the move. dlgo's moves carry no colour (the player is the one to move): a `play` of the
other colour is refused, and `all_legal` of the other colour is empty. Boards are square,
2 to 19 (dlgo's Zobrist table covers 19x19). Needs `dlgo` and `numpy` importable
(adapters/dlgo/requirements.txt, installed with --no-deps).
"""

import importlib.metadata
import sys

from dlgo.goboard_fast import GameState, Move
from dlgo.gotypes import Player, Point

COLUMNS = "ABCDEFGHJKLMNOPQRST"
COMMANDS = [
    "protocol_version", "name", "version", "list_commands", "known_command", "boardsize",
    "clear_board", "komi", "play", "list_stones", "all_legal", "quit",
]


class Front:
    def __init__(self):
        self.size = 19
        self.state = GameState.new_game(self.size)

    def point(self, text):
        col = COLUMNS.index(text[0].upper()) + 1
        row = int(text[1:])
        if not (1 <= col <= self.size and 1 <= row <= self.size):
            raise ValueError(text)
        return Point(row=row, col=col)

    def name(self, point):
        return f"{COLUMNS[point.col - 1]}{point.row}"

    def handle(self, words):
        cmd, args = words[0], words[1:]
        if cmd == "protocol_version":
            return True, "2"
        if cmd == "name":
            return True, "dlgo goboard_fast (graphgo's adapter)"
        if cmd == "version":
            return True, importlib.metadata.version("dlgo")
        if cmd == "list_commands":
            return True, "\n".join(COMMANDS)
        if cmd == "known_command":
            return True, "true" if args and args[0] in COMMANDS else "false"
        if cmd == "boardsize":
            size = int(args[0])
            if not 2 <= size <= 19:
                return False, "unacceptable size"
            self.size = size
            self.state = GameState.new_game(size)
            return True, ""
        if cmd == "clear_board":
            self.state = GameState.new_game(self.size)
            return True, ""
        if cmd == "komi":
            return True, ""
        if cmd == "play":
            colour = Player.black if args[0].lower().startswith("b") else Player.white
            if colour != self.state.next_player:
                # dlgo's GameState has no colour in a move: the player is the one to move.
                return False, "not this player's turn"
            if args[1].lower() == "pass":
                move = Move.pass_turn()
            else:
                move = Move.play(self.point(args[1]))
            if not self.state.is_valid_move(move):
                return False, "illegal move"
            self.state = self.state.apply_move(move)
            return True, ""
        if cmd == "list_stones":
            colour = Player.black if args[0].lower().startswith("b") else Player.white
            board = self.state.board
            stones = [
                self.name(Point(row, col))
                for row in range(1, self.size + 1)
                for col in range(1, self.size + 1)
                if board.get(Point(row, col)) == colour
            ]
            return True, " ".join(stones)
        if cmd == "all_legal":
            colour = Player.black if args[0].lower().startswith("b") else Player.white
            if colour != self.state.next_player:
                return True, ""
            moves = [m for m in self.state.legal_moves() if m.is_play]
            return True, " ".join(self.name(m.point) for m in moves)
        return False, "unknown command"


def main():
    front = Front()
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            print("=\n", flush=True)
            return
        try:
            ok, text = front.handle(words)
        except (ValueError, IndexError) as e:
            ok, text = False, f"syntax error: {e}"
        print(("= " if ok else "? ") + text + "\n", flush=True)


if __name__ == "__main__":
    main()
