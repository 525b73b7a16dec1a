"""The GTP subset of adapters (spec/FORMAT.md, "The GTP subset of adapters"), shared by the
Python adapters: framing, command names, colours and GTP vertex names. It knows no rule of
Go: every answer about the board comes from the adapter's `Library` object, whose methods
call the implementation under test.

A `Library` has `name`, `version`, and the methods
  set_size(n)            raise Refused("unacceptable size") for a side it cannot play
  clear()                an empty board, Black to move
  komi(k)                a float
  play(colour, point)    colour "b" or "w"; point (column, row) from 0 at the bottom left,
                         or None for a pass; raise Refused("illegal move") when refused
  stones(colour)         the points of that colour's stones
  legal(colour)          the points that colour may play now
"""

import sys

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


def point_of(word, size):
    """(column, row) from 0 at the bottom left, or None for a pass."""
    if word.lower() == "pass":
        return None
    column = COLUMNS.find(word[0].upper())
    try:
        row = int(word[1:]) - 1
    except ValueError:
        row = -1
    if not (0 <= column < size and 0 <= row < size):
        raise Refused(f"invalid coordinate {word}")
    return (column, row)


def name_of(point):
    column, row = point
    return f"{COLUMNS[column]}{row + 1}"


COMMANDS = [
    "protocol_version", "name", "version", "list_commands", "known_command", "quit",
    "boardsize", "clear_board", "komi", "play", "list_stones", "all_legal",
]


def answer(library, state, words):
    command, args = words[0], words[1:]
    if command == "protocol_version":
        return "2"
    if command == "name":
        return library.name
    if command == "version":
        return library.version
    if command == "list_commands":
        return "\n".join(COMMANDS)
    if command == "known_command":
        return "true" if args and args[0] in COMMANDS else "false"
    if command == "boardsize":
        size = int(args[0])
        library.set_size(size)
        state["size"] = size
        library.clear()
        return ""
    if command == "clear_board":
        library.clear()
        return ""
    if command == "komi":
        library.komi(float(args[0]))
        return ""
    if command == "play":
        library.play(colour_of(args[0]), point_of(args[1], state["size"]))
        return ""
    if command == "list_stones":
        return " ".join(name_of(p) for p in sorted(library.stones(colour_of(args[0]))))
    if command == "all_legal":
        return " ".join(name_of(p) for p in sorted(library.legal(colour_of(args[0]))))
    raise Refused("unknown command")


def serve(library, size):
    """Answers GTP on standard input and output until `quit` or the end of the input."""
    state = {"size": size}
    library.set_size(size)
    library.clear()
    for line in sys.stdin:
        words = line.split("#")[0].split()
        if not words:
            continue
        if words[0] == "quit":
            print("=\n", flush=True)
            return
        try:
            ok, text = True, answer(library, state, words)
        except Refused as refused:
            ok, text = False, str(refused)
        except (ValueError, IndexError) as e:
            ok, text = False, f"syntax error: {e}"
        print(("= " if ok else "? ") + text + "\n", flush=True)
