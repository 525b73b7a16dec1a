"""Type stubs of graphgo's native module (python/src/, built with PyO3)."""

from fractions import Fraction
from os import PathLike
from typing import Any, Callable, Dict, List, Literal, Optional, Sequence, Tuple, Type, Union

_Path = Union[str, PathLike]
_Rational = Union[Fraction, int, float, str]
_Colour = Literal["black", "white", "b", "w"]
_Engine = Literal["spec", "engine"]

MAX_TURNS: int
MAX_VERTICES: int

class GameResult:
    """How a finished game ended."""

    winner: Optional[Literal["black", "white"]]
    """The winner, or None for a draw or (by "no-result") a game without a result."""
    by: Literal["score", "resignation", "no-move", "repetition", "no-result"]
    score: Optional[Tuple[Fraction, Fraction]]
    """Black's and White's scores, komi included, where the rules score the game."""

class Trace:
    """The clause trace of a game, as ``graphgo play --explain`` prints it."""

    @property
    def text(self) -> str: ...
    @property
    def turns(self) -> List[Dict[str, Any]]:
        """One dict a turn: ``number``, ``turn``, ``legal``, ``steps`` (``clause``, ``says``)."""
    @property
    def end(self) -> List[Dict[str, str]]: ...
    @property
    def last(self) -> Optional[Dict[str, Any]]:
        """The trace of the last turn (the one given to ``Game.explain``)."""
    def to_dict(self) -> Dict[str, Any]: ...

class Game:
    """A game under one of graphgo's rule sets, on any board a record can name."""

    def __init__(
        self,
        rules: str,
        board: Dict[str, Any],
        *,
        setup: Optional[Dict[str, List[Union[str, int]]]] = None,
        to_move: Optional[str] = None,
        komi: Optional[_Rational] = None,
        prisoners: Optional[Dict[str, int]] = None,
        options: Optional[Dict[str, str]] = None,
        mango: Optional[Dict[str, Any]] = None,
        moves: Optional[Sequence[str]] = None,
        engine: _Engine = "spec",
    ) -> None:
        """Read exactly as a record with these fields (spec/FORMAT.md); raises InputError
        naming the field, IllegalTurn for a refused move."""
    @staticmethod
    def from_record(text: str, *, json: bool = False, engine: _Engine = "spec") -> Game: ...
    @staticmethod
    def from_sgf(
        text: str, *, rules: str = "ggg1", options: Optional[Dict[str, str]] = None,
        engine: _Engine = "spec",
    ) -> Game: ...
    @staticmethod
    def from_file(
        path: _Path, *, rules: Optional[str] = None, options: Optional[Dict[str, str]] = None,
        engine: _Engine = "spec",
    ) -> Game: ...
    def play(self, turn: str) -> List[str]:
        """Plays ``"B 3-3"``, ``"W pass"``, ``"B resign"`` (or one word for the player to
        move); returns the vertices it removed. Raises IllegalTurn (``clause``,
        ``reason``) for a refused turn, InputError for a turn naming no vertex."""
    def play_all(self, turns: Sequence[str]) -> List[List[str]]:
        """Plays turns in order with the interpreter's lock released."""
    def undo(self) -> str: ...
    def legal_turns(self) -> List[str]: ...
    def is_legal(self, turn: str) -> bool: ...
    @property
    def vertices(self) -> List[str]: ...
    @property
    def position(self) -> List[Literal["black", "white", "empty"]]: ...
    def stones(self, colour: _Colour) -> List[str]: ...
    def neighbours(self, vertex: str) -> List[str]: ...
    @property
    def to_move(self) -> Optional[Literal["black", "white"]]: ...
    @property
    def over(self) -> bool: ...
    @property
    def result(self) -> Optional[GameResult]: ...
    @property
    def scores(self) -> Optional[Tuple[Fraction, Fraction]]:
        """Running scores (MANGO, directed rules), else None."""
    @property
    def prisoners(self) -> Optional[Tuple[int, int]]: ...
    @property
    def turns(self) -> List[str]: ...
    @property
    def rules(self) -> str: ...
    @property
    def komi(self) -> Fraction: ...
    @property
    def options(self) -> Dict[str, str]: ...
    @property
    def engine(self) -> _Engine: ...
    def explain(self, turn: Optional[str] = None) -> Trace: ...
    def svg(self, turn: Optional[int] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def record(self, *, json: bool = False) -> str: ...
    def sgf(self) -> Optional[str]: ...
    def report(self, *, json: bool = False) -> Union[str, Dict[str, Any]]: ...
    def start(self) -> Game: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def __len__(self) -> int: ...

class Vector:
    """A conformance vector (spec/FORMAT.md, "Conformance vectors")."""

    @property
    def id(self) -> str: ...
    @property
    def clauses(self) -> List[str]: ...
    @property
    def file(self) -> PathLike: ...
    @property
    def note(self) -> Optional[str]: ...
    @property
    def rules(self) -> str: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def turns(self) -> List[Dict[str, Any]]:
        """Each turn's ``play``, ``legal`` and, as given, ``clause``, ``removed``,
        ``position``, ``prisoners``, ``scores`` (Fractions), ``to_move``."""
    @property
    def result(self) -> Optional[Dict[str, Any]]: ...
    @property
    def readings(self) -> Dict[str, Dict[str, str]]: ...
    def start(self, *, engine: _Engine = "spec") -> Game: ...
    def to_yaml(self) -> str: ...

class VectorReport:
    """What ``graphgo vectors check`` reports."""

    @property
    def text(self) -> str: ...
    @property
    def passed(self) -> bool: ...
    @property
    def sides(self) -> List[str]: ...
    @property
    def failures(self) -> List[Tuple[str, str, List[str]]]: ...
    @property
    def outcomes(self) -> List[Tuple[str, str, str]]: ...
    def to_dict(self) -> Dict[str, Any]: ...

class Departure:
    """Where a Python implementation departs from graphgo on a game."""

    group: str
    clauses: List[str]
    why: str
    description: str
    disputed: Optional[str]
    after: int
    turns: List[str]
    record: str

_Factory = Callable[[int], Any]
_Refusal = Union[Type[BaseException], Tuple[Type[BaseException], ...]]

def load_vectors(folder: _Path) -> List[Vector]: ...
def check_vectors(vectors: Union[_Path, Sequence[Vector]]) -> VectorReport: ...
def judge(
    implementation: _Factory,
    vectors: Union[_Path, Sequence[Vector]],
    *,
    options: Optional[Dict[str, str]] = None,
    sides: Tuple[int, int] = (2, 19),
    refusal: Optional[_Refusal] = None,
    name: Optional[str] = None,
) -> VectorReport: ...
def compare(
    implementation: _Factory,
    game: Game,
    *,
    sides: Tuple[int, int] = (2, 25),
    refusal: Optional[_Refusal] = None,
    name: Optional[str] = None,
) -> Optional[Departure]: ...
def declarations(folder: _Path) -> List[Dict[str, Any]]: ...
def generate_board(words: Sequence[int], max_vertices: int) -> Dict[str, Any]: ...
def generate_setup(
    family: str, words: Sequence[int], *, board: Optional[Dict[str, Any]] = None,
    rules: Optional[str] = None, options: Optional[Dict[str, str]] = None,
    setup_stones: bool = True, white_first: bool = True, komi: bool = True,
    max_vertices: int = 40, engine: _Engine = "spec",
) -> Game: ...
def generate_game(setup: Game, choices: Sequence[Tuple[int, int]]) -> Game: ...
def random_games(size: int, count: int, seed: int, ggg1: bool) -> Tuple[Dict[str, str], List[List[str]]]: ...
def replay_in_rust(size: int, count: int, seed: int, ggg1: bool, engine: _Engine) -> Tuple[int, float]: ...
def _panic_for_test(message: str) -> None: ...
