"""The GTP subset of adapters (spec/FORMAT.md, "The GTP subset of adapters"), shared by the
Python adapters: framing, command names, colours, GTP vertex names, and every command of the
subset answered from the adapter's `Library` object. It knows no rule of Go: every answer
about the board comes from the `Library`, whose methods call the implementation under test
(adapters/README.md, "The shared code: what an adapter provides").

A `Library` has `name`, `version`, and the methods
  set_size(n)            raise Refused("unacceptable size") for a side it cannot play
  clear()                an empty board, Black to move
  komi(k)                a float
  play(colour, point)    colour "b" or "w"; point (column, row) from 0 at the bottom left,
                         or None for a pass; raise Refused("illegal move") when refused
  stones(colour)         the points of that colour's stones
and, each where the implementation has the function (the command is answered only then):
  is_legal(colour, point)  True or False, without changing anything
  legal(colour)            the points that colour may play now: ONLY where the library lists
                           them itself (then graphgo asks for the whole list every turn)
  to_move()                "b" or "w": the library's player to move
  alternating = True       the library keeps whose turn it is: a move of the other colour is
                           refused (by the library's own move call when play_checks_turn =
                           True, else here, from to_move())
  result()                 None while the game goes on, else an SGF result: "B+3.5", "W+R", "0"
  legal_moves()            the legal moves of the player to move: points, and None for a pass
  final_score()            Black's score less White's (komi included), the library's own count
  set_rectangle(w, h)      a w x h board (w columns, h rows)
  select_board(name)       the library's board `name`; then points() and neighbours(point)
                           name the points (words without spaces) for every other command
  speed(side)              (plays, seconds) of the library's own loop; default: `own_speed`
  speed_board              the board `own_speed` plays on when the library refuses SIDE x SIDE:
                           a side (19: a square it plays) or a name for select_board
                           ("sphere"); the answer then names it (`PLAYS SECONDS 19x19`)
  all_stones()             (black points, white points) read in one pass over the library's
                           board, where that is cheaper than `stones` twice (a turn's answer
                           lists both colours; `stones` is used otherwise)

A library without a move test of its own tries a move on a copy of its state: `trial_copy`
gives one (the same copy `copy.deepcopy` gives, a fraction of its cost when a turn asks
several points).
"""

import copy
import inspect
import pickle
import random
import sys
import time

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


class Refused(Exception):
    """A command the implementation refuses: answered `? message`."""


def colour_of(word):
    word = word.lower()
    if word in ("b", "black"):
        return "b"
    if word in ("w", "white"):
        return "w"
    raise Refused(f"invalid color {word}")


def other(colour):
    return "w" if colour == "b" else "b"


def word_of(colour):
    return "black" if colour == "b" else "white"


class Naming:
    """The names of the points of the current board: GTP's on grids (`C4`), the library's
    own on boards of the graph extension.

    On grids, every point's name, the point each name reads, and the points' order in a
    list (row, then column) are computed once per board (`boardsize`): a turn's answer names
    its stones and legal points with dictionary reads and one sort in C. A word or point
    those tables do not hold (`pass`, lower case, a bad coordinate, a point off the board)
    is answered by the general code, as before."""

    def __init__(self, width, height, names=None):
        self.width, self.height, self.names = width, height, names
        self.index = {n: n for n in names} if names is not None else None
        if names is None:
            self.name_of = {
                (c, r): f"{COLUMNS[c]}{r + 1}"
                for r in range(height) for c in range(min(width, len(COLUMNS)))
            }
            self.point_of = {n: p for p, n in self.name_of.items()}
            self.rank = {p: p[1] * width + p[0] for p in self.name_of}
        else:
            self.name_of, self.rank = None, None
            self.point_of = {n: n for n in names if n.lower() != "pass"}

    def point(self, word):
        """The point a word names: (column, row) on grids, the library's name on graphs, None
        for a pass."""
        found = self.point_of.get(word)
        if found is not None:
            return found
        if word.lower() == "pass":
            return None
        if self.index is not None:
            if word not in self.index:
                raise Refused(f"invalid coordinate {word}")
            return self.index[word]
        column = COLUMNS.find(word[0].upper())
        try:
            row = int(word[1:]) - 1
        except ValueError:
            row = -1
        if not (0 <= column < self.width and 0 <= row < self.height):
            raise Refused(f"invalid coordinate {word}")
        return (column, row)

    def name(self, point):
        if point is None:
            return "pass"
        if self.index is not None:
            return str(point)
        column, row = point
        return f"{COLUMNS[column]}{row + 1}"

    def joined(self, points):
        """The points' names in the order of `sort_key`, joined by spaces."""
        points = list(points)
        if self.rank is not None:
            try:
                name_of = self.name_of
                return " ".join([name_of[p] for p in sorted(points, key=self.rank.__getitem__)])
            except (KeyError, TypeError):
                pass  # a point off the tables: the general code names it (or fails) as before
        return " ".join(self.name(p) for p in sorted(points, key=self.sort_key))

    def all_points(self):
        if self.names is not None:
            return list(self.names)
        return [(c, r) for r in range(self.height) for c in range(self.width)]

    def sort_key(self, point):
        if self.index is not None:
            return (0, str(point))
        return (point[1], point[0])


def by_colour(stones):
    """(colour, point) pairs, colour "b" or "w", as (black points, white points): an
    `all_stones` from a library's one list of both colours."""
    out = {"b": [], "w": []}
    for colour, point in stones:
        out[colour].append(point)
    return out["b"], out["w"]


_grids = {}


def grid_naming(width, height):
    """The Naming of a width x height grid, its tables made once per process and size (a
    report's games go from one size to another)."""
    naming = _grids.get((width, height))
    if naming is None:
        naming = _grids[(width, height)] = Naming(width, height)
    return naming


def point_of(word, size):
    """(column, row) from 0 at the bottom left, or None for a pass (a square board)."""
    return Naming(size, size).point(word)


def name_of(point):
    return Naming(25, 25).name(point)


# The hooks that take no argument: a method of the same name that needs arguments is an
# adapter's own helper, not the hook.
NO_ARGUMENT = ("to_move", "result", "legal_moves", "final_score", "points", "all_stones")


# The state of the library changes only between commands and at the move of graphgo-turn:
# a snapshot taken for one state is reused until then (`trial_copy`).
_snapshot = {"state": 0, "of": None, "bytes": None, "taken": -1}


def state_changes():
    """Called by the server before anything that may change the library's state."""
    _snapshot["state"] += 1


def trial_copy(obj):
    """A deep copy of `obj` to try a move on: `copy.deepcopy(obj)`'s result, made by pickling
    `obj` once for the current state and unpickling it for each trial (the expensive half of
    a deep copy is the walk, done once). An object that does not pickle is deep-copied."""
    snap = _snapshot
    if snap["taken"] != snap["state"] or snap["of"] is not obj:
        snap["of"], snap["taken"] = obj, snap["state"]
        try:
            snap["bytes"] = pickle.dumps(obj, pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001 (a lambda, a lock, a C object: not picklable)
            snap["bytes"] = None
    if snap["bytes"] is None:
        return copy.deepcopy(obj)
    return pickle.loads(snap["bytes"])


_has = {}


def has(library, method):
    """Whether the library has the hook `method` (asked once per library and method)."""
    key = (id(library), method)
    if key not in _has:
        _has[key] = _has_hook(library, method)
    return _has[key]


def _has_hook(library, method):
    function = getattr(library, method, None)
    if not callable(function):
        return False
    if method in NO_ARGUMENT:
        try:
            needed = [
                p for p in inspect.signature(function).parameters.values()
                if p.default is inspect.Parameter.empty
                and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
        except (TypeError, ValueError):
            return True
        return not needed
    return True


def commands_of(library):
    """The commands this library's adapter answers."""
    out = [
        "protocol_version", "name", "version", "list_commands", "known_command", "quit",
        "boardsize", "clear_board", "komi", "play", "list_stones", "graphgo-turn",
        "graphgo-game", "graphgo-plays_per_second",
    ]
    if has(library, "is_legal") or has(library, "legal"):
        out.append("is_legal")
    if has(library, "legal"):
        out.append("all_legal")
    optional = [
        ("to_move", "gogui-rules_side_to_move"),
        ("result", "gogui-rules_final_result"),
        ("legal_moves", "gogui-rules_legal_moves"),
        ("final_score", "final_score"),
        ("set_rectangle", "rectangular_boardsize"),
        ("select_board", "graphgo-board_select"),
    ]
    out += [command for method, command in optional if has(library, method)]
    if has(library, "points") and has(library, "neighbours"):
        out.append("graphgo-board")
    return out


def margin_text(difference):
    """Black's score less White's as GTP's final_score writes it."""
    if difference == 0:
        return "0"
    winner = "B" if difference > 0 else "W"
    value = abs(difference)
    text = str(int(value)) if float(value).is_integer() else repr(float(value))
    return f"{winner}+{text}"


class Server:
    def __init__(self, library, size):
        self.library = library
        self.naming = grid_naming(size, size)
        self.commands = commands_of(library)
        # The hooks the library has, asked once (a turn's answer reads them several times).
        self.has_is_legal = has(library, "is_legal")
        self.has_all_stones = has(library, "all_stones")
        self.has_to_move = has(library, "to_move")
        self.has_result = has(library, "result")
        # Whether the shared code refuses a move of the colour not to move (`out_of_turn`).
        self.turn_kept = (
            getattr(library, "alternating", False) is True
            and getattr(library, "play_checks_turn", False) is not True
            and self.has_to_move
        )

    # -- what the library says -----------------------------------------------------------

    def is_legal(self, colour, point):
        lib = self.library
        if self.out_of_turn(colour):
            return False
        if self.has_is_legal:
            return bool(lib.is_legal(colour, point))
        return point in set(lib.legal(colour))

    def legal_all(self, colour):
        lib = self.library
        if self.out_of_turn(colour):
            return []
        if has(lib, "legal"):
            return list(lib.legal(colour))
        return [p for p in self.naming.all_points() if self.is_legal(colour, p)]

    def out_of_turn(self, colour):
        """A move of `colour` the shared code refuses: the library keeps the turn, its move
        call takes no colour, and its player to move is the other colour."""
        if not self.turn_kept:
            return False
        try:
            return self.library.to_move() != colour
        except Refused:
            return False  # no player to move: the library's own move call answers

    def play(self, colour, point):
        if self.out_of_turn(colour):
            raise Refused(f"illegal move (it is {word_of(self.library.to_move())}'s turn)")
        self.library.play(colour, point)

    def names(self, points):
        return self.naming.joined(points)

    def result_text(self):
        r = self.library.result()
        return "unknown" if r is None else str(r)

    # -- the commands ----------------------------------------------------------------------

    def answer(self, words):
        lib = self.library
        command, args = words[0], words[1:]
        state_changes()
        if command not in self.commands:
            raise Refused("unknown command")
        if command == "protocol_version":
            return "2"
        if command == "name":
            return lib.name
        if command == "version":
            return lib.version
        if command == "list_commands":
            return "\n".join(self.commands)
        if command == "known_command":
            return "true" if args and args[0] in self.commands else "false"
        if command == "boardsize":
            size = int(args[0])
            lib.set_size(size)
            self.naming = grid_naming(size, size)
            lib.clear()
            return ""
        if command == "rectangular_boardsize":
            width, height = int(args[0]), int(args[1])
            lib.set_rectangle(width, height)
            self.naming = grid_naming(width, height)
            lib.clear()
            return ""
        if command == "graphgo-board_select":
            lib.select_board(args[0])
            lib.clear()
            self.naming = Naming(0, 0, [str(p) for p in lib.points()])
            return ""
        if command == "graphgo-board":
            lines = []
            for p in self.naming.all_points():
                near = " ".join(self.naming.name(q) for q in self.board_neighbours(p))
                lines.append(f"{self.naming.name(p)}: {near}".rstrip())
            return "\n".join(lines)
        if command == "clear_board":
            lib.clear()
            return ""
        if command == "komi":
            lib.komi(float(args[0]))
            return ""
        if command == "play":
            self.play(colour_of(args[0]), self.naming.point(args[1]))
            return ""
        if command == "list_stones":
            return self.names(lib.stones(colour_of(args[0])))
        if command == "all_legal":
            return self.names(self.legal_all(colour_of(args[0])))
        if command == "is_legal":
            point = self.naming.point(args[1])
            if point is None:
                return "1"
            return "1" if self.is_legal(colour_of(args[0]), point) else "0"
        if command == "gogui-rules_side_to_move":
            return word_of(lib.to_move())
        if command == "gogui-rules_final_result":
            return self.result_text()
        if command == "gogui-rules_legal_moves":
            moves = lib.legal_moves()
            points = [m for m in moves if m is not None]
            text = self.names(points)
            if any(m is None for m in moves):
                text = (text + " pass").strip()
            return text
        if command == "final_score":
            return margin_text(lib.final_score())
        if command == "graphgo-turn":
            return self.turn(args)
        if command == "graphgo-game":
            return self.game(args)
        if command == "graphgo-plays_per_second":
            side = int(args[0])
            if has(lib, "speed"):
                plays, seconds = lib.speed(side)
                return f"{plays} {seconds:.6f}"
            plays, seconds, board = own_speed(self, side)
            return f"{plays} {seconds:.6f}" + ("" if board is None else f" {board}")
        raise Refused("unknown command")

    def board_neighbours(self, point):
        return self.library.neighbours(point)

    def turn(self, args):
        """graphgo-turn COLOUR MOVE NEXT (all | V...): the move, the stones, NEXT's legality."""
        if len(args) < 3:
            raise Refused("syntax error: graphgo-turn COLOUR MOVE NEXT (all | VERTEX...)")
        colour, point = colour_of(args[0]), self.naming.point(args[1])
        following = colour_of(args[2])
        asked = args[3:]
        try:
            self.play(colour, point)
            lines = ["played"]
        except Refused as refused:
            lines = [f"refused {refused}".strip()]
        state_changes()
        return "\n".join(lines + self.state_lines(following, asked))

    def game(self, args):
        """graphgo-game STEP ; STEP ; ...: the turns of a game in one round trip. A STEP is
        `state NEXT (all | V...)` (the state now, first only) or `COLOUR MOVE EXPECT NEXT
        (all | V...)`, EXPECT graphgo's own verdict (`played` or `refused`). Each step is
        answered as graphgo-turn answers it (`state` for the state step), one block after
        the other; the answer stops after the first step whose verdict is not EXPECT, or
        whose stones or legal points are not the ones the step expects (its optional tail
        `: black V... : white V... : legal V...`, graphgo's own), at a step that fails
        (`error MESSAGE`), or after GAME_SECONDS of work (graphgo sends the steps not
        answered again)."""
        steps = [step.split(":") for step in " ".join(args).split(";")]
        blocks = []
        started = time.perf_counter()
        for i, (head, *tail) in enumerate(steps):
            words = head.split()
            if blocks and time.perf_counter() - started > GAME_SECONDS:
                break
            try:
                if words and words[0] == "state" and i == 0:
                    following = colour_of(words[1])
                    blocks.append("\n".join(["state"] + self.state_lines(following, words[2:])))
                    if not as_expected(blocks[-1], tail):
                        break
                    continue
                if len(words) < 4:
                    raise ValueError(f"step {i + 1}: COLOUR MOVE EXPECT NEXT (all | VERTEX...)")
                expect = words[2]
                if expect not in ("played", "refused"):
                    raise ValueError(f"step {i + 1}: '{expect}' is not played or refused")
                answer = self.turn([words[0], words[1]] + words[3:])
            except (Refused, ValueError, IndexError) as e:
                blocks.append(f"error step {i + 1}: {e}")
                break
            blocks.append(answer)
            if answer.split(None, 1)[0] != expect or not as_expected(answer, tail):
                break
        return "\n".join(blocks)

    def state_lines(self, following, asked):
        """The lines of a turn's answer after its verdict: the stones, `following`'s legality
        of the points `asked` (["all"]: every point), the player to move, the result."""
        lines = []
        lib = self.library
        names = self.naming.joined
        if self.has_all_stones:
            black, white = lib.all_stones()
        else:
            black, white = lib.stones("b"), lib.stones("w")
        lines.append(f"black {names(black)}".rstrip())
        lines.append(f"white {names(white)}".rstrip())
        if asked == ["all"]:
            legal = self.legal_all(following)
        else:
            # `is_legal` of each point asked, the turn asked once for them all (asking the
            # library's legality changes nothing, so its player to move stays the same).
            point = self.naming.point
            points = [p for p in [point(w) for w in asked] if p is not None]
            if not points or self.out_of_turn(following):
                legal = []
            elif self.has_is_legal:
                is_legal = lib.is_legal
                legal = [p for p in points if is_legal(following, p)]
            else:
                allowed = set(lib.legal(following))
                legal = [p for p in points if p in allowed]
        lines.append(f"legal {names(legal)}".rstrip())
        if self.has_to_move:
            # A library may have no player to move once its game is over.
            try:
                lines.append(f"to_move {word_of(lib.to_move())}")
            except Refused:
                lines.append("to_move none")
        if self.has_result:
            lines.append(f"result {self.result_text()}")
        return lines


def as_expected(block, expected):
    """Whether the lines `black`, `white` and `legal` of a step's answer `block` name the
    points `expected` names (the step's tail, split at `:`; each part a key and names), as
    sets, whatever the case; a key the tail does not name is not compared."""
    # The usual case first, without sets: each part equal to a line of the answer word for
    # word (graphgo names the points in the order `Server.names` lists them).
    lines = block.splitlines()
    parts = [part.strip() for part in expected if part.strip()]
    if all(part in lines for part in parts):
        return True

    def named(lines):
        out = {}
        for line in lines:
            key, *names = line.split()
            if key in ("black", "white", "legal"):
                out[key] = {n.upper() for n in names}
        return out
    want = named(part for part in expected if part.strip())
    got = named(lines[1:])
    return all(got.get(key) == points for key, points in want.items())


# The most work one graphgo-game answer does before it stops (graphgo asks the rest again),
# far under graphgo's timeout of an answer, however slow the library; it also bounds the
# work done past a divergence the adapter cannot see (stones, legal points).
GAME_SECONDS = 0.25


def own_speed(server, side, seconds=1.0, seed=1):
    """The library's own loop (adapters/README.md): moves of the player to move on random
    points through the adapter's calls only, no GTP; a new game after 2 * (points) attempts.
    On a SIDE x SIDE board; a library that refuses that side plays on its `speed_board` (a
    side, or a board name for `select_board`). Returns (plays, seconds, board): board None
    for SIDE x SIDE, else the board played (`19x19`, `sphere`)."""
    lib = server.library
    rng = random.Random(seed)
    board = None
    try:
        lib.set_size(side)
    except Refused:
        board = getattr(lib, "speed_board", None)
        if board is None:
            raise
    if board is None or isinstance(board, int):
        if board is not None:
            side = board
            lib.set_size(side)
            board = f"{side}x{side}"
        points = [(c, r) for r in range(side) for c in range(side)]
    else:
        lib.select_board(board)
        points = list(lib.points())
    plays, started = 0, time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        lib.clear()
        colour = "b"
        for _ in range(2 * len(points)):
            try:
                lib.play(colour, rng.choice(points))
                plays += 1
                colour = other(colour)
            except (Refused, ValueError):
                pass
        elapsed = time.perf_counter() - started
    lib.clear()
    return plays, elapsed, board


def serve(library, size):
    """Answers GTP on standard input and output until `quit` or the end of the input."""
    server = Server(library, size)
    library.set_size(size)
    library.clear()
    for line in sys.stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                continue
        if words[0] == "quit":
            print(f"={ident}\n", flush=True)
            return
        try:
            ok, text = True, server.answer(words)
        except Refused as refused:
            ok, text = False, str(refused)
        except (ValueError, IndexError) as e:
            ok, text = False, f"syntax error: {e}"
        print(("=" if ok else "?") + ident + " " + text.replace("\n\n", "\n") + "\n", flush=True)
