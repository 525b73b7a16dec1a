"""graphgo.strategies: boards, setups and games from graphgo's generators, within what
they are asked for, and shrunk by Hypothesis."""

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import graphgo
from graphgo import strategies as gs

QUICK = settings(max_examples=60, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))


@QUICK
@given(gs.boards(max_vertices=12))
def test_boards_are_records_boards_within_the_cap(board):
    game = graphgo.Game("ggg1", board)
    assert 1 <= len(game.vertices) <= 12


@QUICK
@given(gs.games(gs.setups(rules="ggg2", options={"repetition": "situational"},
                          setup_stones=False, white_first=False), max_turns=15))
def test_setups_keep_to_what_they_are_asked(game):
    assert game.rules == "ggg2"
    assert game.options["repetition"] == "situational"
    start = graphgo.Game.from_record(game.record()).copy()
    assert len(game.turns) <= 15
    replayed = graphgo.Game.from_record(game.record())
    assert replayed.turns == game.turns and replayed.position == game.position
    assert start.turns == game.turns


@QUICK
@given(st.sampled_from(["ggg", "mango", "topological", "directed"]).flatmap(
    lambda family: gs.games(gs.setups(family), max_turns=12)))
def test_every_family_generates_games_that_play_back(game):
    replayed = graphgo.Game.from_record(game.record())
    assert replayed.turns == game.turns
    assert replayed.position == game.position
    assert replayed.to_move == game.to_move


def test_no_stones_before_the_first_turn_when_asked():
    @QUICK
    @given(gs.setups(setup_stones=False, white_first=False, komi=False))
    def check(setup):
        assert set(setup.position) == {"empty"}
        assert setup.to_move in ("black", None)
        assert setup.komi == 0
        assert setup.turns == []

    check()


def removals(game):
    """What each turn of `game` removed, replayed through the API."""
    replay = game.start()
    return [replay.play(turn) for turn in game.turns]


def test_shrinking_finds_the_smallest_capture():
    # The fewest turns that remove a stone: one, a stone placed where it has no liberty
    # (a self-capture, ggg1:2 step 3), on a board where some point has no empty
    # neighbour, e.g. a single vertex; Hypothesis must get down to one turn.
    game = find(
        gs.games(gs.setups(setup_stones=False, rules="ggg1", options={"repetition": "none"}),
                 max_turns=20),
        lambda g: any(removals(g)),
        settings=settings(max_examples=500, database=None, derandomize=True,
                          suppress_health_check=list(HealthCheck)),
    )
    assert len(game.turns) == 1
    assert removals(game)[0] != []
