"""Bad input never takes the interpreter down: each is a Python exception whose message is
the one `graphgo` prints on the command line (after `graphgo: `) for the same input."""

import pytest

import graphgo
from conftest import run_graphgo

BAD_RECORDS = {
    "malformed.yaml": "rules: ggg1\nboard: {grid: [3, 3]\nmoves: [B 1-1]\n",
    "unknown-vertex.yaml": "rules: ggg1\nboard: {grid: [3, 3]}\nmoves: [B 1-1, W 9-9]\n",
    "over-the-caps.yaml": "rules: ggg1\nboard: {grid: [3000, 3000]}\n",
    "unknown-rules.yaml": "rules: ggg9\nboard: {path: 3}\n",
    "not-a-map.yaml": "- rules\n- ggg1\n",
    "bad-komi.yaml": "rules: ggg1\nboard: {path: 3}\nkomi: 1/0\n",
    "not-utf8.yaml": b"rules: ggg1\nboard: {path: 3}\n# \xff\n",
    "bad.sgf": "(;GM[1]SZ[99];B[aa])",
    "cut.sgf": "(;GM[1]SZ[9];B[aa]",
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_a_bad_file_raises_the_message_graphgo_play_prints(tmp_path, name):
    path = tmp_path / name
    content = BAD_RECORDS[name]
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(graphgo.InputError) as raised:
        graphgo.Game.from_file(path)
    assert isinstance(raised.value, ValueError)
    assert str(raised.value).startswith(str(path))
    cli = run_graphgo("play", path)
    assert cli.returncode == 2
    assert cli.stderr == f"graphgo: {raised.value}\n"


def test_a_missing_file_names_its_path(tmp_path):
    with pytest.raises(graphgo.InputError, match="nothing.yaml: cannot read"):
        graphgo.Game.from_file(tmp_path / "nothing.yaml")


def test_bad_text_and_keyword_arguments_name_the_field():
    with pytest.raises(graphgo.InputError, match="not valid YAML"):
        graphgo.Game.from_record("rules: [ggg1\n")
    with pytest.raises(graphgo.InputError, match=r"field 'moves\[1\]': turn 'W 9-9': no vertex named '9-9'"):
        graphgo.Game("ggg1", {"grid": [3, 3]}, moves=["B 1-1", "W 9-9"])
    with pytest.raises(graphgo.InputError, match="cap of 4194304 vertices"):
        graphgo.Game("ggg1", {"grid": [3000, 3000]})
    with pytest.raises(graphgo.InputError, match="hexagon"):
        graphgo.Game("ggg1", {"hexagon": 3})
    with pytest.raises(graphgo.InputError, match="options.neutral': .maybe. is not both or none"):
        graphgo.Game("ggg1", {"path": 3}, options={"neutral": "maybe"})
    with pytest.raises(graphgo.InputError, match="komi"):
        graphgo.Game("ggg1", {"path": 3}, komi=float("nan"))
    with pytest.raises(graphgo.InputError, match="engine"):
        graphgo.Game("ggg1", {"path": 3}, engine="fast")
    with pytest.raises(TypeError):
        graphgo.Game("ggg1", {"path": 3}, setup={"black": [object()]})


def test_a_record_with_an_illegal_turn_raises_it():
    with pytest.raises(graphgo.IllegalTurn) as refused:
        graphgo.Game("ggg1", {"path": 3}, moves=["B 1", "W 1"])
    assert refused.value.number == 2 and refused.value.clause == "ggg1:2"


def test_a_turn_that_names_no_vertex_and_a_turn_after_the_end():
    game = graphgo.Game("ggg1", {"grid": [2, 2]})
    with pytest.raises(graphgo.InputError, match="no vertex named '7-7'"):
        game.play("B 7-7")
    with pytest.raises(graphgo.InputError, match="not a player"):
        game.play("X 1-1")
    game.play("B pass")
    game.play("W pass")
    assert game.over
    with pytest.raises(graphgo.IllegalTurn) as refused:
        game.play("B 1-1")
    assert refused.value.clause == "ggg1:4"
    assert game.legal_turns() == []


def test_a_panic_inside_the_library_is_an_exception_and_the_interpreter_goes_on():
    with pytest.raises(graphgo.InternalError, match="graphgo panicked: boom") as raised:
        graphgo._graphgo._panic_for_test("boom")
    assert isinstance(raised.value, RuntimeError)
    # The module still works afterwards.
    assert graphgo.Game("ggg1", {"path": 2}).legal_turns()[0] == "B 1"


def test_a_bad_vector_folder(tmp_path):
    (tmp_path / "v.yaml").write_text("id: x\nclauses: []\nrules: ggg1\nboard: {path: 2}\nmoves: [B 1]\n")
    with pytest.raises(graphgo.InputError, match="'moves'"):
        graphgo.load_vectors(tmp_path)
    with pytest.raises(graphgo.InputError) as missing:
        graphgo.load_vectors(tmp_path / "none")
    assert str(missing.value).startswith(f"{tmp_path / 'none'}: cannot read")
    cli = run_graphgo("vectors", "check", tmp_path / "none")
    assert cli.returncode == 2
    assert cli.stderr == f"graphgo: {missing.value}\n"
