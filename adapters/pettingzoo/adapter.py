#!/usr/bin/env python3
"""graphgo's adapter for PettingZoo's Go (PyPI `pettingzoo`, `pettingzoo.classic.go_v5`, whose
rules are MiniGo's `go_base.Position`): the GTP subset of spec/FORMAT.md, answered by the
environment.

`play` steps the environment (`env.step(action)`) when the action is set in the
`action_mask` of `env.observe(env.agent_selection)`, and answers "illegal move" otherwise or
once the game is over; `all_legal` and `gogui-rules_legal_moves` are that mask for the agent
to move (`black_0` is Black; nothing for the other colour, and the shared code refuses a play
of the other colour); the player to move is `env.agent_selection`; the end is the
position's `Position.is_game_over()`, and the result and `final_score` its `Position.score()`
(area, komi included: "Return score from B perspective"). `list_stones`
reads the position the environment keeps (`env.unwrapped._go.board`: 1 Black, -1 White); an
action is a point in row-major order from the top-left corner (`coords.from_flat`), the
pass `N * N`. The environment sets its board size in module globals of `go_base`, so one
environment lives at a time.
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from pettingzoo.classic import go_v5  # noqa: E402

from gtp_subset import Refused, margin_text, serve  # noqa: E402

AGENT = {"b": "black_0", "w": "white_0"}


class Library:
    name = "pettingzoo go_v5"
    version = importlib.metadata.version("pettingzoo")
    alternating = True

    def __init__(self):
        self.size = 19
        self.komi_value = 7.5

    def set_size(self, n):
        if not 2 <= n <= 19:
            raise Refused("unacceptable size")
        self.size = n

    def clear(self):
        self.env = go_v5.env(board_size=self.size, komi=self.komi_value)
        self.env.reset()

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def over(self):
        agent = self.env.agent_selection
        return self.env.terminations[agent] or self.env.truncations[agent]

    def mask(self, colour):
        if self.over() or self.env.agent_selection != AGENT[colour]:
            return None
        return self.env.observe(AGENT[colour])["action_mask"]

    def play(self, colour, point):
        mask = self.mask(colour)
        n = self.size
        action = n * n if point is None else (n - 1 - point[1]) * n + point[0]
        if mask is None or not mask[action]:
            raise Refused("illegal move")
        self.env.step(action)

    def stones(self, colour):
        board = self.env.unwrapped._go.board
        value = 1 if colour == "b" else -1
        n = self.size
        return [(c, n - 1 - r) for r in range(n) for c in range(n) if board[r][c] == value]

    def legal(self, colour):
        mask = self.mask(colour)
        if mask is None:
            return []
        n = self.size
        return [(a % n, n - 1 - a // n) for a in range(n * n) if mask[a]]

    def to_move(self):
        return "b" if self.env.agent_selection == AGENT["b"] else "w"

    def legal_moves(self):
        mask = self.mask(self.to_move())
        if mask is None:
            return []
        n = self.size
        return [None if a == n * n else (a % n, n - 1 - a // n) for a in range(n * n + 1) if mask[a]]

    def position(self):
        return self.env.unwrapped._go

    def result(self):
        if not self.position().is_game_over():
            return None
        return margin_text(float(self.position().score()))

    def final_score(self):
        return float(self.position().score())


if __name__ == "__main__":
    serve(Library(), 19)
