"""Installing needs no Cython, no C compiler and no network; the compiled kernel is opt-in (TABLETOP_COMPILE=1)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest
import setuptools

from tests.patience import HANG

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_asks_for_cython_only_when_the_kernel_is_wanted(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    backend = _load(ROOT / "build_backend" / "tabletop_build.py", "tabletop_build_under_test")
    monkeypatch.delenv("TABLETOP_COMPILE", raising=False)
    assert not any("cython" in r.lower() for r in backend.get_requires_for_build_editable())
    assert not any("cython" in r.lower() for r in backend.get_requires_for_build_wheel())
    monkeypatch.setenv("TABLETOP_COMPILE", "1")
    assert any(r.lower().startswith("cython") for r in backend.get_requires_for_build_editable())
    system = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert not any("cython" in r.lower() for r in system["requires"])


@pytest.mark.slow
def test_an_offline_install_without_cython_is_pure_python(tmp_path: Path) -> None:
    # The project as a user downloads it, built with no index, no build isolation, and Cython unimportable.
    if importlib.util.find_spec("wheel") is None and tuple(map(int, setuptools.__version__.split(".")[:2])) < (70, 1):
        pytest.skip("building a wheel here needs the wheel package or setuptools >= 70.1 (the test extra brings wheel)")
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(ROOT / "build_backend", project / "build_backend")
    shutil.copytree(ROOT / "tabletop", project / "tabletop",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    hidden = tmp_path / "no-cython"
    (hidden / "Cython").mkdir(parents=True)
    (hidden / "Cython" / "__init__.py").write_text("raise ImportError('no Cython on this machine')\n")
    env = {k: v for k, v in os.environ.items() if k != "TABLETOP_COMPILE"}
    env.update(PYTHONPATH=str(hidden), PIP_NO_INDEX="1", PIP_FIND_LINKS="", CC="/nonexistent/cc")
    wheels = tmp_path / "wheels"
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                             "-q", "-w", str(wheels), str(project)], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    (wheel,) = wheels.glob("tabletop-*.whl")
    assert "py3-none-any" in wheel.name, "a pure-Python wheel"
    names = zipfile.ZipFile(wheel).namelist()
    assert "tabletop/_fast/__init__.py" in names and not any(n.endswith((".so", ".pyd")) for n in names)


def test_asking_for_the_kernel_without_a_compiler_stops_saying_why(tmp_path: Path) -> None:
    env = {**os.environ, "TABLETOP_COMPILE": "1", "CC": "/nonexistent/cc"}
    result = subprocess.run([sys.executable, "-c", "import runpy; runpy.run_path('setup.py', run_name='__main__')",
                             "--name"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=HANG)
    assert result.returncode != 0
    assert "TABLETOP_COMPILE=1: cannot build the compiled kernel: no C compiler ('/nonexistent/cc' not found)" in (
        result.stderr + result.stdout)
