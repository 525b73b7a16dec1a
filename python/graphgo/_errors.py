"""The exceptions graphgo raises. Every one carries the message the command line prints
(after ``graphgo: ``); none of them takes the interpreter down."""


class GraphgoError(Exception):
    """Base class of graphgo's exceptions."""


class InputError(GraphgoError, ValueError):
    """Bad input: a malformed record or SGF, a turn that names no vertex, a board over the
    caps, an unknown option, a file that cannot be read. The message names the field and
    the value, as ``graphgo`` prints it."""


class IllegalTurn(GraphgoError):
    """A turn the rules refuse (the game is left as it was). ``clause`` is the id of the
    clause that forbids it (``ggg1:3``), ``reason`` a sentence, ``turn`` the turn as a
    record writes it, ``number`` its number in the game (1 for the first)."""

    def __init__(self, message, clause, reason, turn, number):
        super().__init__(message)
        self.clause = clause
        self.reason = reason
        self.turn = turn
        self.number = number


class InternalError(GraphgoError, RuntimeError):
    """A panic inside graphgo, caught at the boundary: a bug in graphgo (please report it
    with the input that caused it). The interpreter goes on."""
