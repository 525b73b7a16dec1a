"""Hypothesis strategies that draw boards, setups and games from graphgo's own generators,
so that a property test reads "for any game graphgo generates, my library agrees with
graphgo"::

    from hypothesis import given
    import graphgo
    from graphgo import strategies as gs

    @given(gs.games(gs.setups(boards=gs.square_grids(2, 7), rules="ggg1")))
    def test_my_library(game):
        assert graphgo.compare(MyLibrary, game) is None

The boards and setups come from the generators of graphgo's random campaign
(``graphgo::differential::fuzz``: grids, tori, Moebius bands, cubes, random graphs, their
unions; rules, options, komi, prisoners, stones set out), driven by a list of words that
Hypothesis draws, so that Hypothesis shrinks them: fewer and smaller words give each
generator's first choice. (That first choice is not always the plainest: a zero word says
"yes" to every yes-or-no choice, so a shrunk setup may keep stones or White first; pin what
you need with the arguments.) A game's turns are chosen among the legal turns graphgo lists
at each point, by indices Hypothesis draws, now and then among the moves on the last
liberty of a group in atari (the campaign chooser's favourites) or retaking a ko, so that
shrinking shortens the game and moves its turns to plain choices of the first legal points.
"""

from typing import Any, Dict, Optional

from hypothesis import strategies as st

from graphgo import _graphgo

#: The words a generator consumes: shrinking empties the list and lowers its words.
WORDS = st.lists(st.integers(min_value=0, max_value=2**64 - 1), max_size=64)

Board = Dict[str, Any]


def boards(*, max_vertices: int = 40) -> st.SearchStrategy[Board]:
    """Boards from the campaign's generator (``random_board``), as a record's ``board``
    field (``{"grid": [3, 4]}``, ``{"torus": [5, 5]}``, ``{"graph": {...}}`` ...), with at
    most ``max_vertices`` vertices (the generator's own cap is 40)."""
    return WORDS.map(lambda words: _graphgo.generate_board(words, max_vertices))


def square_grids(min_side: int = 2, max_side: int = 9) -> st.SearchStrategy[Board]:
    """Square grids of a side from ``min_side`` to ``max_side`` (shrinking to the smallest),
    the boards most Go programs play."""
    return st.integers(min_value=min_side, max_value=max_side).map(
        lambda n: {"grid": [n, n]}
    )


def setups(
    family: str = "ggg",
    *,
    boards: Optional[st.SearchStrategy[Board]] = None,
    rules: Optional[str] = None,
    options: Optional[Dict[str, str]] = None,
    setup_stones: bool = True,
    white_first: bool = True,
    komi: bool = True,
    max_vertices: int = 40,
    engine: str = "spec",
) -> st.SearchStrategy["_graphgo.Game"]:
    """Setups (a :class:`graphgo.Game` before its first turn) from the campaign's
    generators of ``family``: ``"ggg"`` (General Graph Go, any version, random options,
    komi, prisoners, stones), ``"mango"`` (random weights and threshold), ``"topological"``
    (random go-spaces) or ``"directed"`` (random directed boards).

    Kept within a declaration, as graphgo's verification conforms its campaign: ``boards``
    draws the board (``ggg`` and ``mango``; default: the campaign's boards), ``rules`` pins
    the rule set, ``options`` pins options (``{"self_capture": "none"}``), and
    ``setup_stones``, ``white_first``, ``komi`` set to False clear those."""

    @st.composite
    def draw(draw_from):
        board = draw_from(boards) if boards is not None else None
        words = draw_from(WORDS)
        return _graphgo.generate_setup(
            family,
            words,
            board=board,
            rules=rules,
            options=options,
            setup_stones=setup_stones,
            white_first=white_first,
            komi=komi,
            max_vertices=max_vertices,
            engine=engine,
        )

    return draw()


def games(
    from_setups: Optional[st.SearchStrategy["_graphgo.Game"]] = None,
    *,
    max_turns: int = 40,
) -> st.SearchStrategy["_graphgo.Game"]:
    """Games (a :class:`graphgo.Game` after its turns) from ``from_setups`` (default:
    :func:`setups`), with up to ``max_turns`` turns, each chosen among graphgo's legal
    turns (now and then a move in atari or a ko retaken, as the campaign's chooser favours
    them); shrinking shortens the game and moves its turns toward the first legal ones."""
    source = from_setups if from_setups is not None else setups()
    choices = st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=2), st.integers(min_value=0, max_value=2**16)
        ),
        max_size=max_turns,
    )

    @st.composite
    def draw(draw_from):
        setup = draw_from(source)
        return _graphgo.generate_game(setup, draw_from(choices))

    return draw()


__all__ = ["WORDS", "boards", "games", "setups", "square_grids"]
