"""tabletop's build backend: setuptools' own, asking for Cython only where the kernel can be built with it.

``pip install -e .``, ``pip install .`` and ``pip wheel .`` build the private kernel (``tabletop/_fast``)
where they can, as msgpack, PyYAML and aiohttp build their speedups, and install pure Python with one
line where they cannot. The offline case decides the design: a build requirement pip cannot fetch stops
the whole install, so Cython is not in ``build-system.requires``; this backend adds it through
``get_requires_for_build_*`` only when all of these hold:

- ``TABLETOP_PURE_PYTHON=1`` does not opt out;
- a C compiler and Python's headers are here (without them Cython would be fetched for nothing);
- Cython is not importable already (``--no-build-isolation`` with Cython installed needs nothing);
- the installer, configured as the user configured it (environment and config files), can fetch a
  Cython wheel: one bounded ``pip download`` (under uv, ``uv pip install --dry-run``) answers it;
  offline, no index holding Cython, or no installer to ask: pure Python.

``TABLETOP_COMPILE=1`` insists instead: Cython is always asked for and a kernel that cannot be built
stops the install, saying why. setup.py builds the kernel when Cython and a compiler are there, and
says in one line why not otherwise (pip shows it with ``-v``; ``tabletop bench`` names the engine).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook this module does not change)

COMPILE = "TABLETOP_COMPILE"
"""The environment variable that insists on the compiled kernel (``=1``): the install fails without it."""
PURE = "TABLETOP_PURE_PYTHON"
"""The environment variable that opts out of the compiled kernel (``=1``), at install and at run time."""
CYTHON = "Cython>=3.0"
"""The build requirement the kernel adds."""
PROBE_SECONDS = 120
"""The longest the check for a fetchable Cython may take (pip's own timeouts are shorter)."""


def _recipe() -> ModuleType:
    """Return tabletop/_fast/build.py, loaded by its path (the package is not importable while it is built)."""
    path = Path(__file__).resolve().parent.parent / "tabletop" / "_fast" / "build.py"
    spec = importlib.util.spec_from_file_location("tabletop_kernel_build", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cython_can_be_fetched() -> bool:
    """Return True when the installer running this build (pip, or uv), as configured here, can fetch a Cython wheel."""
    # pip's build isolation hides the environment's packages (pip among them) through PYTHONPATH: the
    # check runs the pip of the environment being installed into, with its settings, not the isolation's.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONHOME")}
    with tempfile.TemporaryDirectory(prefix="tabletop-cython-") as folder:
        uv = os.environ.get("UV")  # uv names itself to what it runs; its build environments hold no pip
        command = ([uv, "pip", "install", "--dry-run", "--no-deps", "--quiet", "--target", folder, CYTHON] if uv else
                   [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                    "--disable-pip-version-check", "--quiet", "--retries", "0", "--timeout", "15",
                    "--dest", folder, CYTHON])
        try:
            done = subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=PROBE_SECONDS, check=False)
        except (OSError, subprocess.SubprocessError):
            return False
    return done.returncode == 0


def cython_installed() -> bool:
    """Return True when Cython is importable in this build's environment (``--no-build-isolation``)."""
    return importlib.util.find_spec("Cython") is not None


def kernel_requires() -> list[str]:
    """Return what the kernel adds to the build requirements here: ``[CYTHON]`` or nothing (see the module)."""
    if os.environ.get(PURE) == "1":
        return []
    if os.environ.get(COMPILE) == "1":
        return [CYTHON]
    if cython_installed() or _recipe().toolchain_problem() is not None:
        return []
    return [CYTHON] if cython_can_be_fetched() else []


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Return setuptools' requirements for a wheel, with Cython where the kernel can be built."""
    return [*build_meta.get_requires_for_build_wheel(config_settings), *kernel_requires()]


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    """Return setuptools' requirements for an editable install, with Cython where the kernel can be built."""
    return [*build_meta.get_requires_for_build_editable(config_settings), *kernel_requires()]
