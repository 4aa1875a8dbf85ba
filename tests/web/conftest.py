"""Browser-seat tests: headless SDL for the host's art code; caches and config in temporary folders."""

from __future__ import annotations

from tests.ui.conftest import cache_dir  # noqa: F401 - the same temporary art cache and config folder

__all__ = ["cache_dir"]
