#!/usr/bin/env python3
"""graphgo's adapter for OpenSpiel's Go (PyPI `open_spiel`, `pyspiel.load_game("go")`): the
GTP subset of spec/FORMAT.md, answered by the game's state.

`play` applies the action when it is in `state.legal_actions()` and answers "illegal move"
otherwise; `all_legal` and `gogui-rules_legal_moves` are `state.legal_actions()` for the
player to move (nothing for the other colour: the state keeps whose turn it is,
`state.current_player()`, and the shared code refuses a play of the other colour); the end is
`state.is_terminal()` and the result `state.returns()` (a winner or a draw: `B+`, `W+`, `0`,
with no margin, since OpenSpiel's Python API gives no score); `list_stones` reads the black
and white planes of `state.observation_tensor()`. Points are named by OpenSpiel itself
(`state.action_to_string`, "B d4"). The game is loaded with a `max_game_length` larger than
any game graphgo plays, so that only the rules end it (its default ends a game after twice
the number of points).
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pyspiel  # noqa: E402

from gtp_subset import COLUMNS, Refused, serve  # noqa: E402

PLAYER = {"b": 0, "w": 1}  # OpenSpiel's Go: player 0 is Black


class Library:
    name = "OpenSpiel go"
    version = importlib.metadata.version("open_spiel")
    alternating = True

    def __init__(self):
        self.size = 19
        self.komi_value = 7.5

    def set_size(self, n):
        if not 1 <= n <= 19:
            raise Refused("unacceptable size")  # go_board.h: a virtual board of 21x21
        self.size = n

    def clear(self):
        game = pyspiel.load_game(
            "go",
            {"board_size": self.size, "komi": self.komi_value, "max_game_length": 1_000_000},
        )
        self.state = game.new_initial_state()
        # Each action's point, as OpenSpiel names it ("B d4" -> (3, 3)); the pass too.
        self.points = {}
        for action in range(game.num_distinct_actions()):
            word = self.state.action_to_string(0, action).split()[1]
            if word.upper() != "PASS":
                column = COLUMNS.index(word[0].upper())
                self.points[action] = (column, int(word[1:]) - 1)
        self.actions = {p: a for a, p in self.points.items()}
        self.pass_action = game.num_distinct_actions() - 1

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def play(self, colour, point):
        if self.state.is_terminal():
            raise Refused("illegal move (the game is over)")
        action = self.pass_action if point is None else self.actions[point]
        if action not in self.state.legal_actions():
            raise Refused("illegal move")
        self.state.apply_action(action)

    def stones(self, colour):
        # The observation: one plane per cell state (black, white, empty), then the komi
        # plane; cells in the order of the actions.
        tensor = self.state.observation_tensor(0)
        n = self.size * self.size
        plane = tensor[PLAYER[colour] * n:(PLAYER[colour] + 1) * n]
        return [self.points[a] for a in range(n) if plane[a] == 1.0]

    def all_stones(self):
        """Both colours from one observation tensor (see `stones`)."""
        tensor = self.state.observation_tensor(0)
        n = self.size * self.size
        black = tensor[PLAYER["b"] * n:(PLAYER["b"] + 1) * n]
        white = tensor[PLAYER["w"] * n:(PLAYER["w"] + 1) * n]
        return ([self.points[a] for a in range(n) if black[a] == 1.0],
                [self.points[a] for a in range(n) if white[a] == 1.0])

    def legal(self, colour):
        if self.state.is_terminal() or self.state.current_player() != PLAYER[colour]:
            return []
        return [self.points[a] for a in self.state.legal_actions() if a in self.points]

    def to_move(self):
        player = self.state.current_player()
        if player < 0:
            raise Refused("the game is over: no player to move")
        return "b" if player == PLAYER["b"] else "w"

    def legal_moves(self):
        return [self.points.get(a) for a in self.state.legal_actions()]

    def result(self):
        if not self.state.is_terminal():
            return None
        black, white = (self.state.returns()[PLAYER[c]] for c in "bw")
        return "B+" if black > white else "W+" if white > black else "0"


if __name__ == "__main__":
    serve(Library(), 19)
