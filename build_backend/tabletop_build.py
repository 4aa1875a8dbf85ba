"""tabletop's build backend: setuptools' own, asking for Cython only when the compiled kernel is wanted.

A plain ``pip install -e .`` (or ``pip install .``) needs setuptools alone and installs pure Python:
no Cython, no C compiler, nothing from the network beyond setuptools. ``TABLETOP_COMPILE=1 pip
install -e .`` also builds the private kernel (``tabletop/_fast``): Cython joins the build
requirements here and setup.py compiles it, or stops the install saying what is missing.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not change)

COMPILE = "TABLETOP_COMPILE"
"""The environment variable that asks for the compiled kernel (``=1``)."""


def _kernel_requires() -> list[str]:
    return ["Cython>=3.0"] if os.environ.get(COMPILE) == "1" else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Return setuptools' requirements for a wheel, with Cython when the kernel is wanted."""
    return [*build_meta.get_requires_for_build_wheel(config_settings), *_kernel_requires()]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Return setuptools' requirements for an editable install, with Cython when the kernel is wanted."""
    return [*build_meta.get_requires_for_build_editable(config_settings), *_kernel_requires()]
