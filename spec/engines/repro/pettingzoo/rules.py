# PettingZoo 1.27.0 (PyPI pettingzoo): its classic Go environment, go_v5, whose rules are
# MiniGo's go_base.Position, in the four situations of spec/engines/repro/records/, then a
# short game to its end and score (spec/engines/pettingzoo.md). Needs pettingzoo==1.27.0,
# gymnasium and pygame (adapters/pettingzoo/requirements.txt).
from pettingzoo.classic import go_v5


def env_after(size, moves):
    env = go_v5.env(board_size=size, komi=0.5)
    env.reset()
    for m in moves:
        a = action(size, m)
        assert env.observe(env.agent_selection)["action_mask"][a], f"setup move {m} refused"
        env.step(a)
    return env


def action(size, name):
    """Actions are points in row-major order from the top-left corner; the pass is size*size."""
    if name == "pass":
        return size * size
    return (size - int(name[1:])) * size + "ABCDE".index(name[0])


def answer(size, moves, last):
    env = env_after(size, moves)
    mask = env.observe(env.agent_selection)["action_mask"]
    return "in the mask" if mask[action(size, last)] else "not in the mask"


KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]  # Black's C2 takes B2
print("White's lone self-capture at A1:", answer(5, ["A2", "E5", "B1"], "A1"))
print("White's self-capture of three at B1:", answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1"))
print("the ko retake at once:", answer(5, KO, "B2"))
print("Black's A1 closing the 2x2 superko cycle:",
      answer(2, ["A1", "B2", "B1", "A2", "A1", "B1"], "A1"))
env = env_after(3, ["B2", "pass", "pass"])
position = env.unwrapped._go
print("after B B2 and two passes on 3x3 (komi 0.5): is_game_over", position.is_game_over(),
      "| Position.score()", float(position.score()),
      "| terminations", sorted(env.terminations.items()))
