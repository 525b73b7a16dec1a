# pgx 2.6.0 (PyPI pgx, pgx.go.Go, JAX on the CPU): a game that ends tied, two passes on an
# empty 2x2 board with komi 0 (spec/vectors/ggg/passes-and-end/pass-pass-ends-grid2x2-ggg1.yaml),
# and its rewards (spec/engines/pgx.md, verdict 4).
import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
import jax  # noqa: E402
from pgx.go import Go  # noqa: E402

env = Go(size=2, komi=0.0)
init, step = jax.jit(env.init), jax.jit(env.step)
state = init(jax.random.PRNGKey(0))
PASS = 2 * 2
state = step(state, PASS)
state = step(state, PASS)
print("two passes on an empty 2x2 board, komi 0: terminated", bool(state.terminated),
      "rewards (Black, White)", [float(r) for r in state.rewards[state._player_order]])
