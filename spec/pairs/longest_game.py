#!/usr/bin/env python3
"""dir:NOTE-pairs: a long game without passes on N isolated pairs under positional superko.

How the witness games in this directory were found; the crate does not run this script (it
needs OR-tools: `pip install ortools`). The crate checks what it printed: the game replays
placement by placement through the transcription, and every position is new
(graphgo::pairs::replay_superko_game, `graphgo pairs`).

Usage: longest_game.py N [MIN_POSITIONS] [SECONDS]
Prints the length of the longest game found and its points (pair i is points 2i, 2i+1),
Black first. With MIN_POSITIONS it only looks for a game through at least that many
positions; without, it maximises.

The model (CP-SAT's circuit constraint): one node per position (numbers in base 5, one digit
a pair: 0 empty, 1 black on 2i, 2 black on 2i+1, 3 white on 2i, 4 white on 2i+1), an arc per
placement, a dummy node closing the circuit (it enters the empty start and leaves from the
last position), and a self-loop per position meaning "not visited". Every arc is a Black or a
White placement; a parity per position (odd = entered by Black) makes the players alternate.
The first move is fixed to Black on point 0: the 48 symmetries (permute the pairs, swap the
two points of a pair) take every first move there.
"""
import sys

from ortools.sat.python import cp_model

N = int(sys.argv[1]) if len(sys.argv) > 1 else 3
TARGET = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None
SECONDS = float(sys.argv[3]) if len(sys.argv) > 3 else 600.0
T = 5**N
BLACK, WHITE = 0, 1
# (player, state) -> states after one placement on the pair (dir:CAPTURE by hand; the crate's
# pair_moves reads the same off the transcription and tests it).
MOVES = {
    (BLACK, 0): [1, 2], (BLACK, 1): [0], (BLACK, 2): [0], (BLACK, 3): [2], (BLACK, 4): [1],
    (WHITE, 0): [3, 4], (WHITE, 1): [4], (WHITE, 2): [3], (WHITE, 3): [0], (WHITE, 4): [0],
}
# The point played for a change of state of a pair: 0 for its first point, 1 for its second.
POINT = {
    (0, 1): 0, (0, 2): 1, (0, 3): 0, (0, 4): 1,   # on an empty pair
    (1, 0): 1, (2, 0): 0, (3, 0): 1, (4, 0): 0,   # beside one's own stone: both go
    (3, 2): 1, (4, 1): 0, (1, 4): 1, (2, 3): 0,   # beside the other's stone: it goes
}


def arcs():
    for player in (BLACK, WHITE):
        for p in range(T):
            place = 1
            for _ in range(N):
                d = p // place % 5
                for nd in MOVES[(player, d)]:
                    yield p, p - d * place + nd * place, player
                place *= 5


def main():
    m = cp_model.CpModel()
    odd = [m.NewBoolVar(f"odd{p}") for p in range(T)]
    m.Add(odd[0] == 0)
    skip = [m.NewBoolVar(f"skip{p}") for p in range(T)]
    m.Add(skip[0] == 0)
    dummy = T
    circuit = [(p, p, skip[p]) for p in range(T)]
    circuit.append((dummy, 0, m.NewConstant(1)))
    circuit += [(q, dummy, m.NewBoolVar(f"end{q}")) for q in range(T)]
    arc = {}
    for p, q, player in arcs():
        x = m.NewBoolVar(f"x{p}_{q}")
        arc[(p, q)] = x
        circuit.append((p, q, x))
        # Black moves from an even move number to an odd one, White the other way.
        m.AddImplication(x, odd[p] if player == WHITE else odd[p].Not())
        m.AddImplication(x, odd[q].Not() if player == WHITE else odd[q])
    m.AddCircuit(circuit)
    m.Add(arc[(0, 1)] == 1)
    if TARGET is not None:
        m.Add(sum(skip) <= T - TARGET)
    else:
        m.Minimize(sum(skip))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = SECONDS
    status = solver.Solve(m)
    print(solver.StatusName(status), f"{solver.WallTime():.1f} s")
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return
    after = {p: q for (p, q), x in arc.items() if solver.Value(x)}
    path = [0]
    while path[-1] in after:
        path.append(after[path[-1]])
    points = []
    for p, q in zip(path, path[1:]):
        place, i = 1, 0
        while p // place % 5 == q // place % 5:
            place *= 5
            i += 1
        points.append(2 * i + POINT[(p // place % 5, q // place % 5)])
    print(len(points), "moves")
    print(" ".join(map(str, points)))


if __name__ == "__main__":
    main()
