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
if "TABLETOP_PLUGIN_CACHE" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["TABLETOP_PLUGIN_CACHE"] = tempfile.mkdtemp(prefix="tabletop-plugin-cache-")
    atexit.register(shutil.rmtree, os.environ["TABLETOP_PLUGIN_CACHE"], True)
os.environ.setdefault("TABLETOP_PLUGIN_TIMEOUT", "4")

# Game folders kept as fixtures (written against an older API, copied into a games folder by the tests
# that use them) are not this suite's modules: their names hold dashes, as game folders may.
collect_ignore = ["fixtures"]
