#!/usr/bin/env python3
"""Linear Go solved independently of graphgo (spec/tables.md, "Linear Go").

The value for Black, to move, of a position on a 1xn board written with x (Black), o (White)
and - (empty), by negamax with alpha-beta: Tromp-Taylor count (stones, plus empty runs that
touch one colour only), no suicide, positional superko (the given position is the first of
the history), the game ends after two passes in a row, no komi. Written for this check
without graphgo's code, to settle the exercise whose published answer graphgo does not
reproduce.

    python3 spec/tables/linear_go.py x-o-- ---
"""
import sys


def play(position, at, colour):
    """The position after `colour` plays at `at`, or None when the point is taken or the
    move is suicide."""
    if position[at] != "-":
        return None
    p = list(position)
    p[at] = colour
    other = "o" if colour == "x" else "x"
    for group in runs(p):
        if p[group[0]] == other and not has_liberty(p, group):
            for v in group:
                p[v] = "-"
    for group in runs(p):
        if p[group[0]] == colour and not has_liberty(p, group):
            return None
    return "".join(p)


def runs(p):
    """The maximal runs of stones of one colour (the chains of a line)."""
    out, i = [], 0
    while i < len(p):
        j = i
        while j < len(p) and p[j] == p[i]:
            j += 1
        if p[i] != "-":
            out.append(list(range(i, j)))
        i = j
    return out


def has_liberty(p, group):
    return any(0 <= w < len(p) and p[w] == "-" for v in group for w in (v - 1, v + 1))


def score(p):
    """Black's area minus White's."""
    total = {"x": 0, "o": 0}
    i = 0
    while i < len(p):
        if p[i] != "-":
            total[p[i]] += 1
            i += 1
            continue
        j = i
        while j < len(p) and p[j] == "-":
            j += 1
        touching = {p[k] for k in (i - 1, j) if 0 <= k < len(p)}
        if len(touching) == 1:
            total[touching.pop()] += j - i
        i = j
    return total["x"] - total["o"]


def negamax(p, to_move, history, passed, alpha, beta):
    sign = 1 if to_move == "x" else -1
    other = "o" if to_move == "x" else "x"
    # Passing first: after a pass, a second pass ends the game.
    best = sign * score(p) if passed else -negamax(p, other, history, True, -beta, -alpha)
    alpha = max(alpha, best)
    for at in range(len(p)):
        if alpha >= beta:
            break
        q = play(p, at, to_move)
        if q is None or q in history:
            continue
        value = -negamax(q, other, history | {q}, False, -beta, -alpha)
        best = max(best, value)
        alpha = max(alpha, value)
    return best


if __name__ == "__main__":
    sys.setrecursionlimit(100000)
    for position in sys.argv[1:]:
        n = len(position)
        print(position, negamax(position, "x", frozenset([position]), False, -n - 1, n + 1))
