"""Two Python implementations of the rules from adapters/, checked in process with the
Hypothesis strategies, in their own test style: sgfmill's board (sgfmill.boards) and
PettingZoo's Go (pettingzoo.classic.go_v5, MiniGo's go_base), each through the same
Library class its GTP adapter uses, under the rules it declares (adapters/NAME/rules.yaml).

Under its own declared rules neither departs from graphgo (as spec/conformance.md says);
against Tromp-Taylor (graphgo's defaults) Hypothesis finds every departure the conformance
report lists for it (read from spec/conformance.json) and shrinks each to a minimal game,
whose disputed move is then checked on the library itself and on graphgo.

Each library is installed from its pinned adapters/NAME/requirements.txt; without it its
tests skip visibly."""

import importlib.util
import json

import pytest
from hypothesis import HealthCheck, find, given, settings

import graphgo
from graphgo import strategies as gs
from conftest import ADAPTERS, REPO, library_factory, load_adapter, skip_visibly

TROMP_TAYLOR = {"self_capture": "all", "repetition": "positional"}
# The report's cell names, by the group titles graphgo.compare gives.
CELLS = {
    "capture": "capture",
    "lone self-capture": "lone-self-capture",
    "multi-stone self-capture": "multi-self-capture",
    "simple ko": "simple-ko",
    "positional superko": "positional-superko",
    "situational superko": "situational-superko",
}
# Where the search for each group looks: the smallest boards that hold it (a ko needs a
# board with room for it and no eye where a lone self-capture would show first: 3x3).
SIDES = {"simple ko": (3, 3)}
MODULES = {"sgfmill": "sgfmill.boards", "pettingzoo": "pettingzoo.classic.go_v5"}


def declared(name):
    found = [d for d in graphgo.declarations(ADAPTERS) if d["name"] == name]
    assert len(found) == 1, name
    return found[0]


def implementation(name):
    """(factory, refusal class) of the adapter's Library, or a visible skip."""
    if importlib.util.find_spec(MODULES[name].split(".")[0]) is None:
        skip_visibly(
            f"{name} is not installed (pip install -r adapters/{name}/requirements.txt)"
        )
    module = load_adapter(name)
    return library_factory(module), module.Refused


def reported_departures(name, view):
    """The groups the conformance report says the implementation fails, in `view`
    (`own-rules` or `tromp-taylor`)."""
    report = json.loads((REPO / "spec" / "conformance.json").read_text())
    row = next(r for r in report["rows"] if r["name"] == name)
    cells = next(v for v in row["views"] if v["view"] == view)["cells"]
    failed = {k for k, c in cells.items() if c["vectors_failed"] or c["findings"]}
    return sorted(g for g, cell in CELLS.items() if cell in failed)


def games_for(name, options, sides=(2, 5), max_turns=30):
    low, high = sides
    low = max(low, declared(name)["sides"][0])
    return gs.games(
        gs.setups(
            boards=gs.square_grids(low, high),
            rules="ggg1",
            options=options,
            setup_stones=False,
            white_first=False,
            komi=False,
        ),
        max_turns=max_turns,
    )


SEARCH = settings(max_examples=3000, database=None, derandomize=True, deadline=None,
                  suppress_health_check=list(HealthCheck))


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_declared_rules_are_read_from_rules_yaml(name):
    d = declared(name)
    want = {"sgfmill": ("all", "none"), "pettingzoo": ("none", "ko-point")}[name]
    assert (d["options"]["self_capture"], d["options"]["repetition"]) == want
    assert (d["rules"]["self_capture"], d["rules"]["repetition"]) == want


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_departure_under_its_own_declared_rules(name):
    make, refused = implementation(name)
    own = declared(name)["options"]
    assert reported_departures(name, "own-rules") == []

    @settings(max_examples=150, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(games_for(name, own, sides=(2, 7), max_turns=60))
    def agrees(game):
        departure = graphgo.compare(make, game, refusal=refused)
        assert departure is None, f"{departure}\n{departure and departure.record}"

    agrees()


@pytest.mark.parametrize("name", sorted(MODULES))
def test_the_vectors_pass_under_its_own_rules_and_fail_under_tromp_taylor(name):
    make, refused = implementation(name)
    low, high = declared(name)["sides"]
    own = graphgo.judge(make, REPO / "spec" / "vectors", options=declared(name)["options"],
                        sides=(low, high), refusal=refused)
    assert own.passed, own.text
    tt = graphgo.judge(make, REPO / "spec" / "vectors", options=TROMP_TAYLOR,
                       sides=(low, high), refusal=refused)
    assert not tt.passed
    assert all(side == make.__name__ for _, side, _ in tt.failures)


def disputed_on_graphgo(departure):
    """graphgo's verdict on the disputed move after the departure's turns."""
    game = graphgo.Game.from_record(departure.record)
    try:
        game.copy().play(departure.disputed)
        return None
    except graphgo.IllegalTurn as refused:
        return refused.clause


def disputed_on_library(make, departure, refused):
    """Whether the library accepts the disputed move after the departure's turns."""
    game = graphgo.Game.from_record(departure.record)
    side = int(len(game.vertices) ** 0.5)
    library = make(side)
    for turn in departure.turns:
        colour, where = turn.split()
        point = None if where == "pass" else tuple(int(x) - 1 for x in where.split("-"))
        library.play(colour.lower(), point)
    colour, where = departure.disputed.split()
    point = tuple(int(x) - 1 for x in where.split("-"))
    try:
        library.play(colour.lower(), point)
        return True
    except refused:
        return False


def stones_of(record, colour):
    return graphgo.Game.from_record(record).stones(colour)


REPORTED = [(n, g) for n in sorted(MODULES) for g in reported_departures(n, "tromp-taylor")]


def test_the_report_lists_departures_against_tromp_taylor_for_both():
    # spec/engines/sgfmill.md and pettingzoo.md: their ko rules and self-capture differ
    # from Tromp-Taylor's by design, so each has departures to find.
    for name in MODULES:
        assert [g for n, g in REPORTED if n == name], name


@pytest.mark.parametrize("name,group", REPORTED)
def test_hypothesis_finds_and_shrinks_each_reported_departure(name, group):
    make, refused = implementation(name)

    def departs(game):
        d = graphgo.compare(make, game, refusal=refused)
        return d is not None and d.group == group

    game = find(games_for(name, TROMP_TAYLOR, sides=SIDES.get(group, (2, 5))), departs,
                settings=SEARCH)
    d = graphgo.compare(make, game, refusal=refused)
    print(f"\n{name}, {group}: {len(d.turns)} turns {d.turns}, then {d.disputed}: {d.why}")
    assert d.group == group
    assert d.disputed is not None
    # The disputed move: graphgo (Tromp-Taylor) refuses it, the library plays it, or the
    # other way round for a self-capture the library forbids.
    clause = disputed_on_graphgo(d)
    accepted = disputed_on_library(make, d, refused)
    if group.endswith("self-capture") and name == "pettingzoo":
        assert clause is None and accepted is False  # graphgo plays it, go_base refuses
        assert "option:self_capture" in d.clauses
    else:
        assert clause == "ggg1:3" and accepted is True
        assert d.clauses[0] == "ggg1:3"
    # Minimal: a shrunk game cannot lose its last turn and still show the departure there.
    assert len(d.turns) >= 1
    shorter = graphgo.Game.from_record(d.record)
    shorter.undo()
    before = graphgo.compare(make, shorter, refusal=refused)
    assert before is None or before.group != group or len(before.turns) < len(d.turns)
    # The groups' shapes, worked out by hand: a lone self-capture needs two stones around a
    # point (3 turns with the one that leaves it), a ko 4 stones and the capture (5 turns),
    # a multi-stone self-capture or a superko of more than two turns at least 5.
    least = {"lone self-capture": 3, "simple ko": 5, "multi-stone self-capture": 5,
             "positional superko": 5}[group]
    assert least <= len(d.turns) <= 12
