# OpenSpiel 2.0.2 (PyPI open_spiel): its Go, pyspiel.load_game("go"), in the four situations of
# spec/engines/repro/records/, then a short game to its end (spec/engines/open-spiel.md).
# Needs open_spiel==2.0.2.
import pyspiel


def state_after(size, moves):
    game = pyspiel.load_game("go", {"board_size": size, "komi": 0.5, "max_game_length": 1000})
    state = game.new_initial_state()
    for m in moves:
        a = action(state, m)
        assert a in state.legal_actions(), f"setup move {m} refused"
        state.apply_action(a)
    return state


def action(state, name):
    """OpenSpiel names points itself ("B a1"): the action whose name is the GTP name."""
    for a in range(state.num_distinct_actions()):
        if state.action_to_string(0, a).split()[1].upper() == name.upper():
            return a
    raise ValueError(name)


def answer(size, moves, last):
    state = state_after(size, moves)
    return "legal" if action(state, last) in state.legal_actions() else "not legal"


KO = ["A2", "C3", "B3", "D2", "B1", "C1", "E5", "B2", "C2"]  # Black's C2 takes B2
print("White's lone self-capture at A1:", answer(5, ["A2", "E5", "B1"], "A1"))
print("White's self-capture of three at B1:", answer(5, ["A3", "A1", "B2", "A2", "C1"], "B1"))
print("the ko retake at once:", answer(5, KO, "B2"))
cycle = ["A1", "B2", "B1", "A2", "A1", "B1"]  # Black's A1 next gives the board after move 1
print("Black's A1 closing the 2x2 superko cycle:", answer(2, cycle, "A1"))
state = state_after(2, cycle + ["A1"])
print("after it: is_terminal", state.is_terminal(), "returns", state.returns())
state = state_after(3, ["B2", "PASS", "PASS"])
print("after B B2 and two passes on 3x3 (komi 0.5): is_terminal", state.is_terminal(),
      "returns (Black, White)", state.returns())
