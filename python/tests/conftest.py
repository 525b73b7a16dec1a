"""Shared helpers of graphgo's Python suite: the repository's folders, the graphgo binary
(when built) for comparing messages with the command line, and the adapters' Library
classes of adapters/ imported in process."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
ADAPTERS = REPO / "adapters"
VECTORS = REPO / "spec" / "vectors"


def skip_visibly(what):
    """Skips, with the line the project's tests print for what is missing."""
    print(f"SKIPPED: {what}", file=sys.stderr)
    pytest.skip(what)


def graphgo_binary():
    """The command line built by `cargo build --release` (or GRAPHGO_BIN), or None."""
    given = os.environ.get("GRAPHGO_BIN")
    path = pathlib.Path(given) if given else REPO / "target" / "release" / "graphgo"
    return path if path.is_file() and os.access(path, os.X_OK) else None


def run_graphgo(*args):
    """Runs the command line; skips visibly when it is not built."""
    binary = graphgo_binary()
    if binary is None:
        skip_visibly(
            "the graphgo command line is not built (cargo build --release, or set GRAPHGO_BIN)"
        )
    return subprocess.run(
        [str(binary), *map(str, args)], capture_output=True, text=True, cwd=REPO
    )


def load_adapter(name):
    """The adapter module of adapters/NAME/adapter.py, imported in process (its
    implementation must be installed: adapters/NAME/requirements.txt)."""
    if str(ADAPTERS) not in sys.path:
        sys.path.insert(0, str(ADAPTERS))
    spec = importlib.util.spec_from_file_location(
        f"graphgo_adapter_{name.replace('-', '_')}", ADAPTERS / name / "adapter.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def library_factory(module):
    """`implementation(side)` for graphgo.judge and graphgo.compare: a fresh Library of
    the adapter on an empty side x side board (the same calls the GTP subset makes)."""

    def make(side):
        library = module.Library()
        library.set_size(side)
        library.clear()
        return library

    make.__name__ = module.Library.name
    return make
