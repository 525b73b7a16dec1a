"""The conformance vectors from Python: loaded, checked by graphgo (as `graphgo vectors
check` does), replayed through the Game API turn by turn against their expectations, and a
Python implementation judged against them through the protocol."""

import os

import pytest

import graphgo
from conftest import VECTORS, run_graphgo


def vector_files():
    return sorted(
        os.path.join(d, f)
        for d, _, files in os.walk(VECTORS)
        for f in files
        if f.endswith((".yaml", ".yml", ".json"))
    )


@pytest.fixture(scope="module")
def vectors():
    return graphgo.load_vectors(VECTORS)


def test_every_vector_file_is_loaded_once(vectors):
    assert sorted(str(v.file) for v in vectors) == vector_files()
    assert len({v.id for v in vectors}) == len(vectors)
    families = {v.rules for v in vectors}
    assert {"ggg1", "ggg2", "ggg3", "mango", "directed", "topo-primitive"} <= families


def test_graphgo_checks_the_vectors_as_its_command_line_does(vectors):
    report = graphgo.check_vectors(VECTORS)
    assert report.passed, report.text
    assert report.sides == ["spec", "engine"]
    assert len(report.outcomes) == 2 * len(vectors)
    cli = run_graphgo("vectors", "check", VECTORS)
    assert cli.returncode == 0
    # The command line names files by the path it was given; the report by the folder's.
    assert report.text.replace(str(VECTORS), "spec/vectors") == cli.stdout.replace(
        str(VECTORS), "spec/vectors"
    )


def test_every_vector_replays_through_the_game_api(vectors):
    """A Python check of every vector by the API alone: each turn's legality and clause,
    what it removed, the position, prisoners, scores and player to move after it, and the
    result, for every family."""
    for v in vectors:
        game = v.start()
        for i, want in enumerate(v.turns):
            where = f"{v.id} turns[{i}] ({want['play']})"
            try:
                removed = game.play(want["play"])
            except graphgo.IllegalTurn as refused:
                assert not want["legal"], f"{where}: refused {refused}"
                assert refused.clause == want["clause"], where
                continue
            assert want["legal"], where
            if not v.rules.startswith("topo"):
                # On a go-space the vectors' `removed` is not checked: their derivation
                # (conformance::vectors::derive) tests "the point the move coloured" as
                # `at == v`, a placement's index against a point's, so it lists point k
                # when placement k is played and point k is empty after (the vector
                # example-topological-split-stone lists m2 for W m; m2 was never coloured).
                # Game.play uses io::replay::removed_points, as graphgo play does.
                assert removed == [str(n) for n in want["removed"]], where
            position = want["position"]
            assert game.stones("black") == [str(n) for n in position.get("black", [])], where
            assert game.stones("white") == [str(n) for n in position.get("white", [])], where
            if "prisoners" in want:
                p = want["prisoners"]
                assert game.prisoners == (p["black"], p["white"]), where
            if "scores" in want:
                s = want["scores"]
                assert game.scores == (s["black"], s["white"]), where
            assert (game.to_move or "none") == want["to_move"], where
        if v.result is None:
            assert not game.over, v.id
        else:
            r = game.result
            # The package gives no winner (None) for a draw and for a game without a result
            # (by "no-result"); the vectors write "draw" and "none".
            nobody = "none" if r.by == "no-result" else "draw"
            assert (r.winner or nobody, r.by) == (v.result["winner"], v.result["by"]), v.id
            if "score" in v.result:
                s = v.result["score"]
                assert r.score == (s["black"], s["white"]), v.id


class GraphgoAsAPythonLibrary:
    """A Python implementation of the protocol that answers from graphgo.Game itself: it
    must pass every vector it plays."""

    def __init__(self, side, options=None):
        self.side = side
        self.game = graphgo.Game("ggg1", {"grid": [side, side]}, options=options, engine="engine")

    def name(self, point):
        column, row = point
        return f"{column + 1}-{row + 1}"

    def point(self, name):
        column, row = name.split("-")
        return (int(column) - 1, int(row) - 1)

    def play(self, colour, point):
        self.game.play(f"{colour} {'pass' if point is None else self.name(point)}")

    def stones(self, colour):
        return [self.point(n) for n in self.game.stones(colour)]

    def legal(self, colour):
        return [self.point(t.split()[1]) for t in self.game.legal_turns()
                if t.split()[1] not in ("pass", "resign")]


class NeverCaptures(GraphgoAsAPythonLibrary):
    """A broken implementation: it keeps every stone it is given."""

    def __init__(self, side):
        super().__init__(side)
        self.placed = {"b": [], "w": []}

    def play(self, colour, point):
        if point is not None:
            if any(point in s for s in self.placed.values()):
                raise ValueError("occupied")
            self.placed[colour].append(point)
        super().play(colour, point)

    def stones(self, colour):
        return self.placed[colour]


def test_judging_a_correct_python_implementation(vectors):
    report = graphgo.judge(GraphgoAsAPythonLibrary, vectors, name="graphgo-in-python")
    assert report.passed, report.text
    ran = [o for o in report.outcomes if o[2] != "skip"]
    assert len(ran) >= 20, report.text
    assert "graphgo-in-python" in report.text


def test_judging_a_broken_python_implementation_names_the_difference():
    report = graphgo.judge(NeverCaptures, VECTORS)
    assert not report.passed
    assert report.failures, report.text
    lines = [line for _, _, found in report.failures for line in found]
    assert any(".position: expected" in line or ".removed: expected" in line for line in lines)
    assert report.text.startswith("FAIL ") or "FAIL " in report.text


def test_an_exception_in_the_implementation_is_raised_again(vectors):
    class Crashes(GraphgoAsAPythonLibrary):
        def stones(self, colour):
            raise ZeroDivisionError("my bug")

    with pytest.raises(ZeroDivisionError, match="my bug"):
        graphgo.judge(Crashes, vectors)


def test_compare_one_game_and_its_departure():
    game = graphgo.Game("ggg1", {"grid": [3, 3]}, moves=["B 2-2", "W 1-1", "B 1-2", "W 2-1", "B 3-1"])
    assert graphgo.compare(GraphgoAsAPythonLibrary, game) is None
    departure = graphgo.compare(NeverCaptures, game)
    assert departure is not None
    assert departure.group == "capture"
    assert departure.after == 5
    assert departure.turns == game.turns
    assert "ggg1:2" in departure.clauses
    with pytest.raises(graphgo.InputError, match="square grids"):
        graphgo.compare(GraphgoAsAPythonLibrary, graphgo.Game("ggg1", {"path": 3}))
