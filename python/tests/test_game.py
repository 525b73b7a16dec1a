"""graphgo.Game: games from records, SGF and keyword arguments, turns, refusals, scores,
undo, the clause trace and the picture. Expected values are worked out by hand from the
rules (General Graph Go 1.2, ggg1:1-4) in the comments, or read from graphgo's command
line on the same input (the package must say what `graphgo play` says)."""

import copy
from fractions import Fraction

import pytest

import graphgo
from conftest import run_graphgo

# A 3x3 board, vertices x-y counted from the bottom left; the corner capture: White's
# 1-1 and 2-1 have their last liberty at 3-1 once Black holds 1-2 and 2-2.
CORNER_CAPTURE = ["B 2-2", "W 1-1", "B 1-2", "W 2-1", "B 3-1"]


def corner_game(**kwargs):
    game = graphgo.Game("ggg1", {"grid": [3, 3]}, komi=Fraction(1, 2), **kwargs)
    for turn in CORNER_CAPTURE[:-1]:
        assert game.play(turn) == []
    return game


@pytest.mark.parametrize("engine", ["spec", "engine"])
def test_play_returns_what_the_turn_removed(engine):
    game = corner_game(engine=engine)
    assert game.play("B 3-1") == ["1-1", "2-1"]
    assert game.stones("white") == []
    assert game.stones("b") == ["3-1", "1-2", "2-2"]
    assert game.position == [
        "empty", "empty", "black",
        "black", "black", "empty",
        "empty", "empty", "empty",
    ]
    assert game.to_move == "white"
    assert game.turns == CORNER_CAPTURE
    assert len(game) == 5


def test_a_self_capture_removes_the_stone_played():
    # On a 1x1 board the only point has no neighbour: a stone there has no liberty and is
    # removed by its own move (ggg1:2, step 3; self-capture is allowed as written). The
    # board is then empty again, a colouring of the game before: positional superko
    # (ggg1:3) refuses it, and without a repetition rule it is played.
    game = graphgo.Game("ggg1", {"grid": [1, 1]})
    with pytest.raises(graphgo.IllegalTurn) as refused:
        game.play("B 1-1")
    assert refused.value.clause == "ggg1:3"
    free = graphgo.Game("ggg1", {"grid": [1, 1]}, options={"repetition": "none"})
    assert free.play("B 1-1") == ["1-1"]
    assert free.position == ["empty"] and free.to_move == "white"


def test_an_illegal_turn_raises_with_its_clause_and_changes_nothing():
    game = corner_game()
    before = (game.position, game.turns, game.to_move)
    with pytest.raises(graphgo.IllegalTurn) as refused:
        game.play("B 2-2")
    assert refused.value.clause == "ggg1:2"
    assert refused.value.turn == "B 2-2"
    assert refused.value.number == 5
    assert "2-2 is not empty" in refused.value.reason
    assert str(refused.value).startswith("5. B 2-2  ILLEGAL (ggg1:2): ")
    assert (game.position, game.turns, game.to_move) == before


def test_positional_superko_refuses_the_ko_retake_and_an_option_allows_it():
    # B 3-1 captures the lone white stone at 2-1 (its neighbours 1-1, 2-2, 3-1 all black);
    # White retaking at 2-1 captures 3-1 and gives back the colouring before B 3-1.
    ko = ["B 1-1", "W 3-2", "B 2-2", "W 2-1", "B 3-1"]
    game = graphgo.Game("ggg1", {"grid": [3, 3]}, moves=ko)
    assert not game.is_legal("W 2-1")
    with pytest.raises(graphgo.IllegalTurn) as refused:
        game.play("W 2-1")
    assert refused.value.clause == "ggg1:3"
    free = graphgo.Game("ggg1", {"grid": [3, 3]}, moves=ko, options={"repetition": "none"})
    assert free.play("W 2-1") == ["3-1"]


def test_legal_turns_in_the_boards_order():
    game = graphgo.Game("ggg1", {"grid": [2, 2]})
    assert game.legal_turns() == [
        "B 1-1", "B 2-1", "B 1-2", "B 2-2", "B pass", "B resign",
    ]
    game.play("1-1")  # one word: the player to move
    assert game.turns == ["B 1-1"]
    assert game.legal_turns()[0] == "W 2-1"


def test_result_and_scores_are_fractions():
    # ggg1 on a path of 3, komi 1/2: B 2 then two passes end the game; 1 and 3 reach only
    # black, so Black's area is 3 and White's score the komi (ggg1:4).
    game = graphgo.Game("ggg1", {"path": 3}, komi="1/2", moves=["B 2", "W pass", "B pass"])
    assert game.over and game.to_move is None
    result = game.result
    assert result.winner == "black"
    assert result.by == "score"
    assert result.score == (Fraction(3), Fraction(1, 2))
    assert isinstance(result.score[1], Fraction)
    with pytest.raises(graphgo.IllegalTurn) as refused:
        game.play("W 1")
    assert refused.value.clause == "ggg1:4"


def test_komi_from_a_fraction_an_int_a_float_or_text():
    for given, exact in [(Fraction(7, 2), Fraction(7, 2)), (6.5, Fraction(13, 2)),
                         (-3, Fraction(-3)), ("15/2", Fraction(15, 2))]:
        assert graphgo.Game("ggg1", {"grid": [2, 2]}, komi=given).komi == exact


def test_ggg3_prisoners_and_mango_running_scores():
    game = graphgo.Game("ggg3", {"path": 2}, prisoners={"black": 1, "white": 0})
    assert game.prisoners == (1, 0)
    mango = graphgo.Game("mango", {"path": 2})
    assert mango.scores == (Fraction(0), Fraction(0))
    assert graphgo.Game("ggg1", {"path": 2}).scores is None


def test_undo_replays_the_game_without_its_last_turn():
    game = corner_game()
    game.play("B 3-1")
    assert game.undo() == "B 3-1"
    assert game.stones("white") == ["1-1", "2-1"]
    assert game.turns == CORNER_CAPTURE[:-1]
    game.play("B 3-1")
    assert game.stones("white") == []
    empty = graphgo.Game("ggg1", {"path": 2})
    with pytest.raises(graphgo.InputError):
        empty.undo()


def test_copies_are_independent():
    game = corner_game()
    other = copy.copy(game)
    other.play("B 3-1")
    assert game.turns == CORNER_CAPTURE[:-1]
    assert other.turns == CORNER_CAPTURE


def test_keyword_arguments_are_read_as_a_record():
    kwargs = graphgo.Game(
        "ggg1", {"grid": [3, 3]}, setup={"black": ["1-1"], "white": ["2-2"]},
        to_move="white", komi="7/2", options={"neutral": "none"}, moves=["W 3-3"],
    )
    text = graphgo.Game.from_record(
        "rules: ggg1\nboard: {grid: [3, 3]}\nsetup: {black: [1-1], white: [2-2]}\n"
        "to_move: white\nkomi: 7/2\noptions: {neutral: none}\nmoves: [W 3-3]\n"
    )
    assert kwargs.position == text.position
    assert kwargs.turns == text.turns == ["W 3-3"]
    assert kwargs.options == text.options
    assert kwargs.options["neutral"] == "none"


def test_the_record_and_the_repr_play_back_the_same_game():
    game = corner_game()
    game.play("B 3-1")
    again = graphgo.Game.from_record(game.record())
    assert again.turns == game.turns and again.position == game.position
    assert "grid" in game.record()
    as_json = graphgo.Game.from_record(game.record(json=True), json=True)
    assert as_json.position == game.position
    rebuilt = eval(repr(game), {"graphgo": graphgo})
    assert rebuilt.turns == game.turns and rebuilt.komi == Fraction(1, 2)


def test_sgf_in_and_out():
    # SGF counts from the top left: bb is the centre (2-2), aa the top-left corner (1-3).
    game = graphgo.Game.from_sgf("(;GM[1]FF[4]SZ[3];B[bb];W[aa])")
    assert game.turns == ["B 2-2", "W 1-3"]
    back = graphgo.Game.from_sgf(game.sgf())
    assert back.turns == game.turns
    assert graphgo.Game("ggg1", {"path": 3}).sgf() is None


def test_a_file_is_played_as_graphgo_play_reads_it(tmp_path):
    record = tmp_path / "corner.yaml"
    record.write_text(corner_game().record())
    assert graphgo.Game.from_file(record).turns == CORNER_CAPTURE[:-1]
    sgf = tmp_path / "g.sgf"
    sgf.write_text("(;GM[1]SZ[5];B[cc];W[dd])")
    game = graphgo.Game.from_file(sgf, rules="ggg2", options={"self_capture": "none"})
    assert game.rules == "ggg2" and game.options["self_capture"] == "none"
    with pytest.raises(graphgo.InputError, match="are for SGF files"):
        graphgo.Game.from_file(record, rules="ggg2")


def test_the_report_and_the_trace_are_what_graphgo_play_prints(tmp_path):
    record = tmp_path / "corner.yaml"
    game = corner_game()
    game.play("B 3-1")
    record.write_text(game.record())
    cli = run_graphgo("play", "--explain", record)
    assert cli.returncode == 0, cli.stderr
    assert game.report() + game.explain().text == cli.stdout
    as_json = run_graphgo("play", "--json", record)
    import json

    assert game.report(json=True) == json.loads(as_json.stdout)


def test_the_trace_of_one_turn():
    game = corner_game()
    trace = game.explain("B 3-1")
    last = trace.last
    assert last["turn"] == "B 3-1" and last["legal"] is True
    clauses = [step["clause"] for step in last["steps"]]
    assert "ggg1:2" in clauses
    assert any("removes the white group {1-1, 2-1}" in s["says"] for s in last["steps"])
    assert game.turns == CORNER_CAPTURE[:-1]  # explaining plays nothing
    refused = game.explain("B 2-2").last
    assert refused["legal"] is False
    assert refused["steps"][0]["clause"] == "ggg1:2"
    assert len(trace.turns) == 5 and str(trace) == trace.text


def test_the_picture_is_graphgo_shows(tmp_path):
    game = corner_game()
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    record = tmp_path / "corner.yaml"
    record.write_text(game.record())
    cli = run_graphgo("show", record)
    assert cli.returncode == 0, cli.stderr
    assert svg == cli.stdout
    assert game.svg(0) != svg


@pytest.mark.parametrize("rules", ["ggg1", "ggg2", "ggg3"])
def test_the_engine_agrees_with_the_transcription_turn_by_turn(rules):
    spec = graphgo.Game(rules, {"torus": [3, 3]})
    engine = graphgo.Game(rules, {"torus": [3, 3]}, engine="engine")
    for i in range(30):
        legal = spec.legal_turns()
        assert legal == engine.legal_turns()
        if not legal:
            break
        turn = legal[(7 * i + 3) % len(legal)]
        assert spec.play(turn) == engine.play(turn)
        assert spec.position == engine.position and spec.to_move == engine.to_move
