# pgx 2.6.0 (PyPI pgx, pgx.go.Go, JAX on the CPU): its Go in the four situations of
# spec/engines/repro/records/ (spec/engines/pgx.md). Needs pgx==2.6.0 with jax and jaxlib
# 0.10.2; JAX compiles init and step once per board size (tens of seconds).
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
from pgx.go import Go  # noqa: E402


def state_after(size, moves):
    """The state after `moves` (GTP names, or "pass"), each checked in legal_action_mask."""
    env = Go(size=size, komi=0.5)
    init, step = jax.jit(env.init), jax.jit(env.step)
    state = init(jax.random.PRNGKey(0))
    for m in moves:
        a = action(size, m)
        assert bool(state.legal_action_mask[a]), f"setup move {m} not in the mask"
        state = step(state, a)
    return state, step


def action(size, name):
    """Actions are points in row-major order from the top-left corner; the pass is size*size."""
    if name == "pass":
        return size * size
    column, row = "ABCDE".index(name[0]), int(name[1:])
    return (size - row) * size + column


def in_mask(size, moves, last):
    state, _ = state_after(size, moves)
    return "in the mask" if bool(state.legal_action_mask[action(size, last)]) else "not in the mask"


KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]  # Black's C2 takes B2
print("White's lone self-capture at A1:", in_mask(5, ["A2", "E5", "B1"], "A1"))
print("White's self-capture of three at B1:", in_mask(5, ["A3", "A1", "B2", "A2", "C1"], "B1"))
print("the ko retake at once:", in_mask(5, KO, "B2"))
cycle = ["A1", "B2", "B1", "A2", "A1", "B1"]  # Black's A1 next gives the board after move 1
state, step = state_after(2, cycle)
print("Black's A1 closing the 2x2 superko cycle:", in_mask(2, cycle, "A1"))
state = step(state, action(2, "A1"))
print("after it: terminated", bool(state.terminated), "rewards (Black, White)",
      [float(r) for r in state.rewards[state._player_order]])
