#!/usr/bin/env python3
"""An independent reader of graphgo's conformance vectors (spec/FORMAT.md, "Conformance
vectors"), written from the format and the rules only (spec/ggg.md, spec/ambiguities.md),
sharing no code with graphgo: it builds each board from its builder, plays General Graph Go
versions 1-3 with the six options, and compares every expectation. Vectors of other rule
sets are skipped and counted.

    python3 spec/vectors/check_vectors.py [DIR]     # default: the directory of this file

Exit status 0 when every ggg vector agrees, 1 otherwise. Needs PyYAML.
"""

import sys
from fractions import Fraction
from pathlib import Path

import yaml


# --- boards (spec/FORMAT.md, "Boards") ------------------------------------------------------

def plane(w, h, wrap_cols=None, wrap_rows=False):
    names = [f"{x}-{y}" for y in range(1, h + 1) for x in range(1, w + 1)]
    edges = set()

    def join(a, b):
        if a != b:
            edges.add(frozenset((a, b)))

    for y in range(1, h + 1):
        for x in range(1, w + 1):
            if x < w:
                join(f"{x}-{y}", f"{x + 1}-{y}")
            if y < h:
                join(f"{x}-{y}", f"{x}-{y + 1}")
    for y in range(1, h + 1):
        if wrap_cols == "straight":
            join(f"{w}-{y}", f"1-{y}")
        elif wrap_cols == "twisted":
            join(f"{w}-{y}", f"1-{h + 1 - y}")
    if wrap_rows:
        for x in range(1, w + 1):
            join(f"{x}-{h}", f"{x}-1")
    return names, edges


def board(spec):
    (kind, arg), = spec.items()
    if kind == "grid":
        return plane(*arg)
    if kind == "torus":
        return plane(*arg, wrap_cols="straight", wrap_rows=True)
    if kind == "cylinder":
        return plane(*arg, wrap_cols="straight")
    if kind == "moebius":
        return plane(*arg, wrap_cols="twisted")
    if kind == "klein":
        return plane(*arg, wrap_cols="twisted", wrap_rows=True)
    if kind == "cube":
        X, Y, Z = arg
        names = [f"{x}-{y}-{z}" for z in range(1, Z + 1) for y in range(1, Y + 1) for x in range(1, X + 1)]
        edges = set()
        for z in range(1, Z + 1):
            for y in range(1, Y + 1):
                for x in range(1, X + 1):
                    for dx, dy, dz in ((1, 0, 0), (0, 1, 0), (0, 0, 1)):
                        if x + dx <= X and y + dy <= Y and z + dz <= Z:
                            edges.add(frozenset((f"{x}-{y}-{z}", f"{x + dx}-{y + dy}-{z + dz}")))
        return names, edges
    if kind in ("path", "cycle", "complete"):
        n = arg
        names = [str(i) for i in range(1, n + 1)]
        if kind == "complete":
            edges = {frozenset((a, b)) for a in names for b in names if a != b}
        else:
            edges = {frozenset((str(i), str(i + 1))) for i in range(1, n)}
            if kind == "cycle" and n >= 3:
                edges.add(frozenset((str(n), "1")))
        return names, edges
    if kind == "graph":
        names = [str(v) for v in arg["vertices"]]
        edges = {frozenset((str(a), str(b))) for a, b in arg.get("edges", []) if str(a) != str(b)}
        return names, edges
    raise ValueError(f"unknown board {kind}")


# --- General Graph Go (spec/ggg.md) ---------------------------------------------------------

OTHER = {"black": "white", "white": "black"}


class Game:
    def __init__(self, v):
        self.names, edges = board(v["board"])
        self.nbr = {n: set() for n in self.names}
        for e in edges:
            a, b = tuple(e)
            self.nbr[a].add(b)
            self.nbr[b].add(a)
        self.version = int(v["rules"][-1])
        o = v.get("options") or {}
        self.neutral = o.get("neutral", "both")
        self.no_move = o.get("no_move", "lose")
        self.self_capture = o.get("self_capture", "all")
        self.repetition = o.get("repetition", "positional")
        self.ko_pass = o.get("ko_pass", "clears")
        self.repetition_end = o.get("repetition_end", "none")
        self.ko = None  # (point, player it is forbidden to), under repetition: ko-point
        self.komi = Fraction(str(v.get("komi", 0)))
        p = v.get("prisoners") or {}
        self.prisoners = {"black": p.get("black", 0), "white": p.get("white", 0)}
        setup = v.get("setup") or {}
        self.pos = {n: None for n in self.names}
        for colour in ("black", "white"):
            for n in setup.get(colour, []):
                self.pos[str(n)] = colour
        who = str(v.get("to_move", "black")).lower()
        self.to_move = "white" if who in ("white", "w") else "black"
        # (colouring, player to move, made by a move)
        self.history = [(self.key(self.pos), self.to_move, False)]
        self.passes = 0
        self.result = None
        self.settle()

    def key(self, pos):
        return tuple(pos[n] for n in self.names)

    def group(self, pos, v):
        seen, stack = {v}, [v]
        while stack:
            u = stack.pop()
            for w in self.nbr[u]:
                if pos[w] == pos[v] and w not in seen:
                    seen.add(w)
                    stack.append(w)
        return seen

    def free(self, pos, grp):
        return any(pos[w] is None for u in grp for w in self.nbr[u])

    def move(self, player, v):
        pos = dict(self.pos)
        pos[v] = player
        removed = {"black": 0, "white": 0}
        for colour in (OTHER[player], player):
            dead = [u for u in self.names if pos[u] == colour and not self.free(pos, self.group(pos, u))]
            for u in dead:
                pos[u] = None
            removed[colour] += len(dead)
        return pos, removed

    def refusal(self, player, v):
        """The clause refusing a move, or None, and the move's outcome."""
        if self.pos[v] is not None:
            return "ggg1:2", None
        pos, removed = self.move(player, v)
        own = removed[player]
        if (self.self_capture == "none" and own > 0) or (self.self_capture == "multi" and own == 1):
            return "option:self_capture", None
        k = self.key(pos)
        if self.repetition == "positional" and any(k == h for h, _, _ in self.history):
            return ("ggg3:3" if self.version == 3 else "ggg1:3"), None
        if self.repetition == "situational" and any(
                (h, p) == (k, OTHER[player]) for h, p, _ in self.history):
            return "option:repetition", None
        if self.repetition == "natural-situational" and any(
                (h, p, m) == (k, OTHER[player], True) for h, p, m in self.history):
            return "option:repetition", None
        if self.repetition == "simple" and len(self.history) >= 2 and self.history[-2][0] == k:
            return "option:repetition", None
        if self.repetition == "ko-point" and self.ko == (v, player):
            return "option:repetition", None
        return None, (pos, removed)

    def ko_point(self, before, after, player, v):
        """The point a lone stone at v just took a lone stone on, forbidden to the opponent."""
        gone = [n for n in self.names if before[n] is not None and after[n] is None]
        if len(gone) != 1 or before[gone[0]] != OTHER[player]:
            return None
        if any(after[w] == player for w in self.nbr[v]):
            return None
        if {w for w in self.nbr[v] if after[w] is None} != {gone[0]}:
            return None
        return (gone[0], OTHER[player])

    def repeats(self, k, player):
        """repetition_end: the colouring k, given by player's move, occurred before."""
        if self.repetition_end.startswith("positional"):
            return any(h == k for h, _, _ in self.history)
        if self.repetition_end.startswith("situational"):
            return any((h, p) == (k, OTHER[player]) for h, p, _ in self.history)
        if self.repetition_end == "third-situation-no-result":
            # Twice before since the last pass (its entry, not a move, included; the start
            # when nobody passed): the third occurrence of the situation.
            since = max(i for i, (_, _, moved) in enumerate(self.history) if not moved)
            return sum((h, p) == (k, OTHER[player]) for h, p, _ in self.history[since:]) >= 2
        return False

    def unable(self):
        return all(self.refusal(self.to_move, v)[0] for v in self.names if self.pos[v] is None)

    def score(self, player):
        total = sum(1 for n in self.names if self.pos[n] == player)
        seen = set()
        for n in self.names:
            if self.pos[n] is None and n not in seen:
                grp = self.group(self.pos, n)
                seen |= grp
                touch = {self.pos[w] for u in grp for w in self.nbr[u]}
                if OTHER[player] not in touch and (self.neutral == "both" or player in touch):
                    total += len(grp)
        return Fraction(total)

    def finish(self, by, loser):
        if self.version == 1:
            s = {"black": self.score("black"), "white": self.score("white") + self.komi}
            if by == "resignation":
                winner = OTHER[loser]
            else:
                winner = "black" if s["black"] > s["white"] else "white" if s["white"] > s["black"] else "draw"
            self.result = {"winner": winner, "by": by, "score": s}
        else:
            self.result = {"winner": OTHER[loser], "by": by, "score": None}

    def settle(self):
        if self.version == 1 and self.passes >= 2:
            self.finish("score", None)
        elif self.version == 2 and self.unable():
            self.finish("no-move", self.to_move)
        elif self.version == 3 and self.unable() and (self.no_move == "lose" or self.prisoners[self.to_move] == 0):
            self.finish("no-move", self.to_move)

    def play(self, text):
        """Plays a turn; returns (clause or None, removed names)."""
        who, what = text.split()
        player = "black" if who.lower() in ("b", "black") else "white"
        if self.result is not None:
            return f"ggg{self.version}:4", None
        if player != self.to_move:
            return "ggg1:2", None
        what_l = what.lower()
        before = dict(self.pos)
        repeated = False
        if what_l == "pass":
            if self.ko_pass != "keeps":
                self.ko = None
            if self.version == 2:
                return "ggg2:2", None
            if self.version == 3:
                if self.prisoners[player] == 0:
                    return "ggg3:2", None
                self.prisoners[player] -= 1
            self.passes += 1
        elif what_l == "resign":
            self.finish("resignation", player)
            return None, []
        else:
            clause, outcome = self.refusal(player, what)
            if clause:
                return clause, None
            self.pos, removed = outcome
            repeated = self.repeats(self.key(self.pos), player)
            self.ko = self.ko_point(before, self.pos, player, what) if self.repetition == "ko-point" else None
            if self.version == 3:
                self.prisoners["white"] += removed["black"]
                self.prisoners["black"] += removed["white"]
            self.passes = 0
        self.to_move = OTHER[player]
        self.history.append((self.key(self.pos), self.to_move, what_l != "pass"))
        if repeated and self.repetition_end == "third-situation-no-result":
            self.result = {"winner": "none", "by": "no-result", "score": None}
        elif repeated:
            self.result = {
                "winner": OTHER[player] if self.repetition_end.endswith("loss") else "draw",
                "by": "repetition",
                "score": ({"black": self.score("black"), "white": self.score("white") + self.komi}
                          if self.version == 1 else None),
            }
        else:
            self.settle()
        gone = [n for n in self.names if (before[n] is not None or n == what) and self.pos[n] is None]
        return None, gone


def names(xs):
    return {str(x) for x in xs or []}


def check(v):
    g = Game(v)
    for i, t in enumerate(v.get("turns", [])):
        at = f"turns[{i}] ({t['play']})"
        before = (dict(g.pos), g.to_move)
        clause, gone = g.play(t["play"])
        if (clause is None) != bool(t["legal"]):
            return f"{at}: expected legal={t['legal']}, got clause {clause}"
        if clause is not None:
            if clause != t["clause"]:
                return f"{at}: expected clause {t['clause']}, got {clause}"
            if (dict(g.pos), g.to_move) != before:
                return f"{at}: a refused turn changed the game"
            continue
        if names(t.get("removed")) != set(gone or []):
            return f"{at}: removed {sorted(gone)} != {t.get('removed')}"
        pos = t.get("position") or {}
        for colour in ("black", "white"):
            if names(pos.get(colour)) != {n for n in g.names if g.pos[n] == colour}:
                return f"{at}: position {colour} differs"
        if "prisoners" in t and t["prisoners"] != g.prisoners:
            return f"{at}: prisoners {g.prisoners} != {t['prisoners']}"
        to_move = "none" if g.result else g.to_move
        if t.get("to_move", to_move) != to_move:
            return f"{at}: to_move {to_move} != {t['to_move']}"
    want = v.get("result")
    want = None if want in (None, "none") else want
    if (want is None) != (g.result is None):
        return f"result: expected {want}, got {g.result}"
    if want:
        if want["winner"] != g.result["winner"] or want["by"] != g.result["by"]:
            return f"result: expected {want}, got {g.result}"
        if g.result["score"] is not None:
            s = {k: Fraction(str(x)) for k, x in want["score"].items()}
            if s != g.result["score"]:
                return f"result: score {want['score']} != {g.result['score']}"
    return None


def main():
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent
    ok = bad = skipped = 0
    for path in sorted(root.rglob("*.yaml")):
        v = yaml.safe_load(path.read_text())
        if str(v.get("rules", "")) not in ("ggg1", "ggg2", "ggg3"):
            skipped += 1
            continue
        why = check(v)
        if why:
            bad += 1
            print(f"FAIL {v['id']} ({path}): {why}")
        else:
            ok += 1
    print(f"{ok} agree, {bad} disagree, {skipped} skipped (not General Graph Go)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
