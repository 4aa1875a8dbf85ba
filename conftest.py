"""Doctests of the compiled hot path: collected from the module Python imports, the compiled one.

pytest imports a module's doctests from its file path and refuses a module whose ``__file__`` is
another file ("import file mismatch": the .so that setup.py built from the .py). For those modules
only, the collector is handed the module imported by its name instead, so their doctests run
against the code that actually runs (compiled, or the .py under ``TABLETOP_PURE_PYTHON=1``).
"""

from __future__ import annotations

import importlib
from collections.abc import Generator
from pathlib import Path

import pytest

from tabletop.hotpath import HOT_MODULES

ROOT = Path(__file__).resolve().parent
HOT_SOURCES = {ROOT / (name.replace(".", "/") + ".py"): name for name in HOT_MODULES}


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> Generator[None, list, list]:
    """Give the collectors of a hot module's source the module its name imports (compiled or not)."""
    collectors = yield
    name = HOT_SOURCES.get(file_path.resolve())
    for collector in collectors if name else ():
        if isinstance(collector, pytest.Module):  # doctests, and the module itself when named on the command line
            collector.obj = importlib.import_module(name)
    return collectors
