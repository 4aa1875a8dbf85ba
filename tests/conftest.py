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
