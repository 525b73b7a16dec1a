"""graphgo: the rules of Go as mathematicians write them, on any graph.

The reference implementation of five published formulations of Go (General Graph Go in
three versions, Topological Go, MANGO, Go on directed graphs, and the network article's
clauses), from Python. Nothing of the rules is written in Python: every answer comes from
graphgo's Rust library, through a native module.

- :class:`Game`: a game from a record (:meth:`Game.from_file`, :meth:`Game.from_record`),
  SGF (:meth:`Game.from_sgf`) or keyword arguments; :meth:`Game.play` returns what a turn
  removed and raises :class:`IllegalTurn` (with the clause id) for a refused turn;
  legal turns, position, player to move, result and scores as ``fractions.Fraction``,
  :meth:`Game.undo`, the clause trace (:meth:`Game.explain`), the picture
  (:meth:`Game.svg`, shown by Jupyter).
- the conformance vectors: :func:`load_vectors`, :func:`check_vectors`, and :func:`judge`
  for a Python implementation of the rules (the protocol :class:`Implementation`);
  :func:`compare` plays one game on it and on graphgo side by side.
- :mod:`graphgo.strategies`: Hypothesis strategies drawing boards, setups and games from
  graphgo's own generators.
"""

from typing import Iterable, Optional, Protocol, Tuple

from graphgo._errors import GraphgoError, IllegalTurn, InputError, InternalError
from graphgo._graphgo import (
    MAX_TURNS,
    MAX_VERTICES,
    Departure,
    Game,
    GameResult,
    Trace,
    Vector,
    VectorReport,
    check_vectors,
    compare,
    declarations,
    judge,
    load_vectors,
)

Point = Tuple[int, int]


class Implementation(Protocol):
    """What :func:`judge` and :func:`compare` drive: one game of a Python implementation
    of the rules on an empty ``side x side`` board, Black to move (a factory
    ``implementation(side)`` returns one). The same calls as the adapters' ``Library``
    classes (``adapters/gtp_subset.py``).

    Points are ``(column, row)``, counted from 0 at the bottom left; colours are ``"b"``
    and ``"w"``. Whose turn it is, the end after two passes and the score are graphgo's
    bookkeeping: only the stones and the legality of moves are compared.
    """

    def play(self, colour: str, point: Optional[Point]) -> None:
        """Play a stone (``point``) or pass (``None``); raise for an illegal move."""

    def stones(self, colour: str) -> Iterable[Point]:
        """The points of that colour's stones."""

    def legal(self, colour: str) -> Iterable[Point]:
        """The points where that colour may play now. Optional: an implementation with no
        list of its own may have ``is_legal(colour, point) -> bool`` instead (asked point
        by point); with neither, only the answers of ``play`` are compared."""


__all__ = [
    "Departure",
    "Game",
    "GameResult",
    "GraphgoError",
    "IllegalTurn",
    "Implementation",
    "InputError",
    "InternalError",
    "MAX_TURNS",
    "MAX_VERTICES",
    "Trace",
    "Vector",
    "VectorReport",
    "check_vectors",
    "compare",
    "declarations",
    "judge",
    "load_vectors",
]
