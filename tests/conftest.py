"""Test-wide settings: English interface, hypothesis reproducible on CI and never failing a test for being slow."""

import os

# Tests read English messages whatever the machine's locale; tests of other languages set their own.
os.environ["TABLETOP_LANG"] = "en"

from hypothesis import settings

# CI explores the same examples every run (a red build always reproduces); at a desk each run
# explores new ones. No deadline anywhere: a busy 2-core machine must not fail a property test.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Plugin probe reports go to a temporary cache (never the user's), and a hostile test plugin is
# given up on quickly. Set before any test runs, so subprocesses inherit both.
import atexit  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

if "TABLETOP_PLUGIN_CACHE" not in os.environ:
    os.environ["TABLETOP_PLUGIN_CACHE"] = tempfile.mkdtemp(prefix="tabletop-plugin-cache-")
    atexit.register(shutil.rmtree, os.environ["TABLETOP_PLUGIN_CACHE"], True)
os.environ.setdefault("TABLETOP_PLUGIN_TIMEOUT", "4")
# tabletop launcher registers the .tabletop file type under $XDG_DATA_HOME: a temporary one, never the user's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tabletop-data-home-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)

# Game folders kept as fixtures (written against an older API, copied into a games folder by the tests
# that use them) are not this suite's modules: their names hold dashes, as game folders may.
collect_ignore = ["fixtures"]

import pytest  # noqa: E402


def pytest_sessionstart(session: pytest.Session) -> None:
    """Rebuild this checkout's compiled kernel when it is stale (a source changed since its build), so the
    commands the tests run do not each say so; leave it as it is where nothing can build it."""
    from tabletop import _fast
    from tabletop._fast import build

    if _fast.status().kind == "stale" and build.compiler_problem() is None:
        build.build()
        _fast.load()


@pytest.fixture(scope="session")
def kernel(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The compiled kernel, fresh: this checkout's own build, else one built now into a temporary folder.

    Skipped, saying why, only where nothing can build it (no Cython, no C compiler, no Python headers)
    or where TABLETOP_PURE_PYTHON=1 turns it off. Once loaded, the rest of the run uses it too.
    """
    from tabletop import _fast
    from tabletop._fast import build

    found = _fast.status()
    if found.kind == "compiled":
        return _fast
    if found.kind == "off":
        pytest.skip(found.line)
    problem = build.compiler_problem()
    if problem is not None:
        pytest.skip(f"the compiled kernel cannot be built here: {problem}")
    folder = tmp_path_factory.mktemp("kernel")
    build.build(folder)
    found = _fast.load(folder)
    assert found.kind == "compiled", found.line
    return _fast
