"""Build hook: the compiled kernel (tabletop/_fast) when ``TABLETOP_COMPILE=1``; pure Python otherwise.

Everything else about the package is in pyproject.toml; the kernel's recipe is tabletop/_fast/build.py
(loaded by its path: the package is not importable while it is being built).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import setup


def kernel() -> list[Any]:
    """Return the kernel's extensions when asked for, else none; stop the install saying why it cannot be built."""
    if os.environ.get("TABLETOP_COMPILE") != "1":
        return []
    spec = importlib.util.spec_from_file_location("tabletop_kernel_build", Path(__file__).parent / "tabletop" / "_fast" / "build.py")
    build = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(build)  # type: ignore[union-attr]
    problem = build.compiler_problem()
    if problem is not None:
        raise SystemExit(f"TABLETOP_COMPILE=1: cannot build the compiled kernel: {problem}."
                         " Install without TABLETOP_COMPILE=1 for the pure-Python package.")
    return build.extensions(build_dir=Path(__file__).parent / "build" / "kernel")  # type: ignore[no-any-return]


setup(ext_modules=kernel())
