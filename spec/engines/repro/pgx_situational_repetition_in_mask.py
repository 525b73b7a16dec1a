# pgx 2.6.0: its documentation says it "uses SSK for legal moves", but a move that repeats an
# earlier board with the same player to move is in legal_action_mask (spec/engines/pgx.md).
# Needs pgx==2.6.0 with jax and jaxlib 0.10.2 (CPU).
import jax
from pgx.go import Go

env = Go(size=2, komi=0.5)
state = env.init(jax.random.PRNGKey(0))
# Actions are points row-major from the top-left: A2=0, B2=1, A1=2, B1=3 (GTP names).
for action in [2, 1, 3, 0, 2, 3]:   # B A1, W B2, B B1, W A2 (takes two), B A1, W B1 (takes one)
    state = env.step(state, action)
# Black A1 would take White's three stones and give back the board after move 1, White to
# move: situational superko forbids it.
print("A1 in legal_action_mask:", bool(state.legal_action_mask[2]))   # True
state = env.step(state, 2)
print("terminated:", bool(state.terminated))   # True: a positional superko ends the game
