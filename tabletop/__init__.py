"""tabletop: a desktop playtest table for card-game prototypes."""

import sys

from tabletop.hotpath import SourceFirst, compiled_modules

__version__ = "0.1.0"
__all__ = ["compiled_modules"]

# Ahead of the normal finders, so that TABLETOP_PURE_PYTHON=1 (or a stale build) gets the .py sources
# of the compiled hot path; it answers for those few module names only (see tabletop/hotpath.py).
if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
    sys.meta_path.insert(0, SourceFirst())
