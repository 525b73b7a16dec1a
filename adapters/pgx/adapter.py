#!/usr/bin/env python3
"""graphgo's adapter for pgx's Go (PyPI `pgx`, `pgx.go.Go`, run by JAX on the CPU): the GTP
subset of spec/FORMAT.md, answered by the environment's state.

`play` steps the environment (`Go.step`) when the action is set in
`state.legal_action_mask`, and answers "illegal move" otherwise or once the state is
`terminated`; `all_legal` and `gogui-rules_legal_moves` are the mask for the player to move
(nothing for the other colour: the state keeps whose turn it is, `state._x.color`, 0 for
Black, and the shared code refuses a play of the other colour); the end is
`state.terminated`, the result its `rewards` (a winner, `B+` or `W+`: a repeated board is lost
by its player), and `final_score` the game's own count, `pgx._src.games.go._count_scores`
(stones and the empty points reaching one colour only, as `Game.rewards` counts them) less the
komi. `list_stones` reads the board of the state (`state._x.board`: positive
for Black's chains, negative for White's), the only place pgx keeps it apart from the
observation planes. An action is a point in row-major order from the top-left corner, as
pgx draws it; the pass is `size * size`.

`init` and `step` are compiled by JAX once per board size (tens of seconds on a busy
machine); the compiled code is cached in target/jax-cache. The environment is made with
`max_terminal_steps` larger than graphgo's games, so that only the rules end a game (its
default ends it after twice the number of points).
"""

import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402

jax.config.update("jax_compilation_cache_dir", os.path.join("target", "jax-cache"))
jax.config.update("jax_persistent_cache_min_compile_time_secs", 0)

from pgx.go import Go  # noqa: E402
from pgx._src.games import go as pgx_go  # noqa: E402

from gtp_subset import Refused, serve  # noqa: E402

COLOUR = {"b": 0, "w": 1}


class Library:
    name = "pgx go"
    version = importlib.metadata.version("pgx")
    alternating = True

    def __init__(self):
        self.size = 19
        self.komi_value = 7.5
        self.compiled = {}

    def set_size(self, n):
        if not 2 <= n <= 19:
            raise Refused("unacceptable size")
        self.size = n

    def clear(self):
        key = (self.size, self.komi_value)
        if key not in self.compiled:
            env = Go(size=self.size, komi=self.komi_value, max_terminal_steps=2000)
            self.compiled[key] = (jax.jit(env.init), jax.jit(env.step))
        self.init, self.step = self.compiled[key]
        self.state = self.init(jax.random.PRNGKey(0))

    def komi(self, k):
        self.komi_value = k
        self.clear()

    def can_move(self, colour):
        return not bool(self.state.terminated) and int(self.state._x.color) == COLOUR[colour]

    def to_move(self):
        return "b" if int(self.state._x.color) == COLOUR["b"] else "w"

    def point(self, action):
        row, column = divmod(action, self.size)
        return (column, self.size - 1 - row)

    def action(self, point):
        column, row = point
        return (self.size - 1 - row) * self.size + column

    def play(self, colour, point):
        if not self.can_move(colour):
            raise Refused("illegal move")
        action = self.size * self.size if point is None else self.action(point)
        if not bool(self.state.legal_action_mask[action]):
            raise Refused("illegal move")
        self.state = self.step(self.state, action)

    def stones(self, colour):
        board = self.state._x.board.tolist()
        sign = 1 if colour == "b" else -1
        return [self.point(a) for a, chain in enumerate(board) if chain * sign > 0]

    def legal(self, colour):
        if not self.can_move(colour):
            return []
        mask = self.state.legal_action_mask.tolist()
        return [self.point(a) for a in range(self.size * self.size) if mask[a]]

    def legal_moves(self):
        if bool(self.state.terminated):
            return []
        mask = self.state.legal_action_mask.tolist()
        n = self.size * self.size
        return [None if a == n else self.point(a) for a in range(n + 1) if mask[a]]

    def result(self):
        if not bool(self.state.terminated):
            return None
        # rewards are per player id; _player_order maps colours (Black 0) to player ids.
        black = float(self.state.rewards[int(self.state._player_order[COLOUR["b"]])])
        white = float(self.state.rewards[int(self.state._player_order[COLOUR["w"]])])
        return "B+" if black > white else "W+" if white > black else "0"

    def final_score(self):
        black, white = (float(s) for s in pgx_go._count_scores(self.state._x, self.size))
        return black - white - self.komi_value


if __name__ == "__main__":
    serve(Library(), 5)
