"""Test-wide settings: English interface, hypothesis reproducible on CI and never failing a test for being slow."""

import os

# Tests read English messages whatever the machine's locale; tests of other languages set their own.
os.environ["TABLETOP_LANG"] = "en"
# Every test runs the pure-Python engine, whatever the order they run in and whatever this checkout has
# built: the compiled kernel is loaded by its own tests alone (the ``kernel`` fixture), which set this
# back while they run. Subprocesses inherit it. A run started with it set skips the kernel's tests.
PURE_ASKED = os.environ.get("TABLETOP_PURE_PYTHON") == "1"
os.environ["TABLETOP_PURE_PYTHON"] = "1"

from hypothesis import HealthCheck, settings  # noqa: E402

# CI explores the same examples every run (a red build always reproduces); at a desk each run
# explores new ones. No deadline anywhere, and no health check that times how fast examples are
# made: a busy 2-core machine must not fail a property test.
_UNTIMED = [HealthCheck.too_slow]
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True, suppress_health_check=_UNTIMED)
settings.register_profile("dev", deadline=None, suppress_health_check=_UNTIMED)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# Plugin probe reports go to a temporary cache (never the user's), and a hostile test plugin is
# given up on quickly. Set before any test runs, so subprocesses inherit both.
import atexit  # noqa: E402
import re  # noqa: E402
import shutil  # noqa: E402
import tempfile  # noqa: E402

if "TABLETOP_PLUGIN_CACHE" not in os.environ:
    os.environ["TABLETOP_PLUGIN_CACHE"] = tempfile.mkdtemp(prefix="tabletop-plugin-cache-")
    atexit.register(shutil.rmtree, os.environ["TABLETOP_PLUGIN_CACHE"], True)
os.environ.setdefault("TABLETOP_PLUGIN_TIMEOUT", "4")
# Where writing bytecode is switched off (PYTHONDONTWRITEBYTECODE=1), each of the hundreds of Python processes
# the suite starts (CLI runs, plugin probes, bot and cluster workers) compiles every tabletop module it imports
# from source again, about half a CPU-second each. tabletop and tests are compiled once per run instead, into
# a temporary folder every process reads (PYTHONPYCACHEPREFIX, removed at the end: the checkout stays as clean
# as the setting asked); the bytecode Python and the installed packages already have is linked there, since
# a process given a prefix looks nowhere else. Writing stays off, so a game folder a test writes (or swaps
# under the same size and time, as test_probe_hardening does) is compiled from its source at every import.
import sys  # noqa: E402


def _share_bytecode(root: str) -> None:
    """Point this process and its children at one bytecode folder holding ``root``'s packages, compiled now."""
    import compileall

    # In memory where the system has such a folder: thousands of links cost seconds on a busy disk.
    memory = "/dev/shm" if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK) else None
    prefix = tempfile.mkdtemp(prefix="tabletop-pycache-", dir=memory)
    atexit.register(shutil.rmtree, prefix, True)
    for entry in {os.path.abspath(p) for p in sys.path if p and os.path.isdir(p)}:
        if entry == root:
            continue
        for folder, dirs, files in os.walk(entry):
            # Test suites are never imported here; another site-packages is its own entry, if on the path at all.
            dirs[:] = [d for d in dirs if d not in ("test", "tests", "site-packages", "dist-packages")]
            if os.path.basename(folder) != "__pycache__":
                continue
            into = os.path.join(prefix, os.path.dirname(folder).lstrip(os.sep))
            os.makedirs(into, exist_ok=True)
            for name in files:
                if name.endswith(".pyc") and not os.path.exists(os.path.join(into, name)):
                    os.symlink(os.path.join(folder, name), os.path.join(into, name))
    os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix = prefix
    # Test modules themselves are left out: pytest rewrites their asserts and compiles them its own way.
    skipped = re.compile(r"[/\\](fixtures[/\\]|test_[^/\\]*\.py$)")
    for package in ("tabletop", "tests"):
        compileall.compile_dir(os.path.join(root, package), quiet=2, rx=skipped)


if sys.dont_write_bytecode and "PYTHONPYCACHEPREFIX" not in os.environ:
    _share_bytecode(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# tabletop launcher registers the .tabletop file type under $XDG_DATA_HOME: a temporary one, never the user's.
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="tabletop-data-home-")
atexit.register(shutil.rmtree, os.environ["XDG_DATA_HOME"], True)

# Game folders kept as fixtures (written against an older API, copied into a games folder by the tests
# that use them) are not this suite's modules: their names hold dashes, as game folders may.
collect_ignore = ["fixtures"]

import contextlib  # noqa: E402
from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402


@pytest.fixture(scope="session")
def kernel_build(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """Where a fresh build of the compiled kernel is: None for this checkout's own, else a temporary folder it
    was built into now. Skips, saying why, where nothing can build it or TABLETOP_PURE_PYTHON=1 was asked for."""
    from tabletop import _fast
    from tabletop._fast import build

    if PURE_ASKED:
        pytest.skip("TABLETOP_PURE_PYTHON=1: the compiled kernel is off")
    with _kernel_on():
        fresh = _fast.load().kind == "compiled"
    _fast.load()  # off again until a test asks for it
    if fresh:
        return None
    problem = build.compiler_problem()
    if problem is not None:
        pytest.skip(f"the compiled kernel cannot be built here: {problem}")
    folder = tmp_path_factory.mktemp("kernel")
    build.build(folder)
    return folder


@pytest.fixture
def kernel(kernel_build: Path | None) -> Iterator[object]:
    """The compiled kernel, fresh, loaded for one test: the tests before and after it run pure Python."""
    from tabletop import _fast

    with _kernel_on():
        found = _fast.load(kernel_build)
        assert found.kind == "compiled", found.line
        try:
            yield _fast
        finally:
            os.environ["TABLETOP_PURE_PYTHON"] = "1"
            _fast.load()


@contextlib.contextmanager
def _kernel_on() -> Iterator[None]:
    """Let the kernel load while inside (TABLETOP_PURE_PYTHON unset), as before outside."""
    os.environ.pop("TABLETOP_PURE_PYTHON", None)
    try:
        yield
    finally:
        os.environ["TABLETOP_PURE_PYTHON"] = "1"
