"""Installing builds the compiled kernel where it can and installs pure Python, offline too, where it cannot."""

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

ROOT = Path(__file__).resolve().parent.parent


def _load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def backend(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The build backend as pip loads it, with no kernel switch set and the fetch check counted."""
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    module = _load(ROOT / "build_backend" / "tabletop_build.py", "tabletop_build_under_test")
    for name in ("TABLETOP_COMPILE", "TABLETOP_PURE_PYTHON"):
        monkeypatch.delenv(name, raising=False)
    module.fetch_checks = []  # type: ignore[attr-defined]

    def fetchable() -> bool:
        module.fetch_checks.append(True)  # type: ignore[attr-defined]
        return module.fetchable  # type: ignore[attr-defined, no-any-return]

    module.fetchable = True  # type: ignore[attr-defined]
    monkeypatch.setattr(module, "cython_can_be_fetched", fetchable)
    monkeypatch.setattr(module, "cython_installed", lambda: False)
    return module


def _asks_for_cython(backend: ModuleType) -> bool:
    wheel = backend.get_requires_for_build_wheel()
    editable = backend.get_requires_for_build_editable()
    assert ("Cython>=3.0" in wheel) == ("Cython>=3.0" in editable)
    return "Cython>=3.0" in wheel


def test_cython_is_no_fixed_build_requirement() -> None:
    # A fixed requirement an offline pip cannot fetch would stop every offline install.
    system = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]
    assert not any("cython" in r.lower() for r in system["requires"])


def test_the_build_asks_for_cython_where_a_compiler_is_and_cython_can_be_fetched(
        backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    if backend._recipe().toolchain_problem() is not None:
        pytest.skip("no C compiler here: the case is the next test's")
    assert _asks_for_cython(backend)
    backend.fetchable = False  # offline, or no index holds Cython
    assert not _asks_for_cython(backend)
    monkeypatch.setattr(backend, "cython_installed", lambda: True)  # --no-build-isolation with Cython there
    assert not _asks_for_cython(backend)


def test_without_a_compiler_cython_is_not_even_looked_for(backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "/nonexistent/cc")
    assert not _asks_for_cython(backend)
    assert backend.fetch_checks == []


def test_the_switches_decide_without_looking(backend: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_PURE_PYTHON", "1")
    assert not _asks_for_cython(backend)
    monkeypatch.delenv("TABLETOP_PURE_PYTHON")
    monkeypatch.setenv("TABLETOP_COMPILE", "1")
    monkeypatch.setenv("CC", "/nonexistent/cc")  # insisting asks even here: the build then says what is missing
    assert _asks_for_cython(backend)
    assert backend.fetch_checks == []


def test_the_fetch_check_answers_no_where_pip_may_not_fetch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The real check, with pip told (as a user tells it in the environment) to use only an empty folder.
    monkeypatch.syspath_prepend(str(ROOT / "build_backend"))
    module = _load(ROOT / "build_backend" / "tabletop_build.py", "tabletop_build_probe")
    (tmp_path / "links").mkdir()
    monkeypatch.delenv("UV", raising=False)
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "links"))
    monkeypatch.setenv("PIP_CONFIG_FILE", os.devnull)
    assert module.cython_can_be_fetched() is False


def _setup_py(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import runpy, sys; sys.argv[0] = 'setup.py';"
                           " runpy.run_path('setup.py', run_name='__main__')", *args],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_insisting_on_the_kernel_lets_pip_collect_the_build_requirements_first() -> None:
    # The fresh-venv failure: pip runs setup.py for metadata before Cython is installed; only a build decides.
    env = {**os.environ, "TABLETOP_COMPILE": "1", "CC": "/nonexistent/cc"}
    assert _setup_py("--name", env=env).stdout.strip() == "tabletop"


def test_insisting_on_the_kernel_without_a_compiler_stops_the_build_saying_why(tmp_path: Path) -> None:
    # The suite runs pure Python (TABLETOP_PURE_PYTHON=1, see conftest.py): an install here must not.
    env = {**{k: v for k, v in os.environ.items() if k != "TABLETOP_PURE_PYTHON"},
           "TABLETOP_COMPILE": "1", "CC": "/nonexistent/cc"}
    result = _setup_py("build_ext", "--build-lib", str(tmp_path), "--build-temp", str(tmp_path / "t"), env=env)
    assert result.returncode != 0
    assert "TABLETOP_COMPILE=1: cannot build the compiled kernel: no C compiler ('/nonexistent/cc' not found)" in (
        result.stderr + result.stdout)


def _project_copy(tmp_path: Path) -> Path:
    """Return a copy of the project as a user downloads it (no build, no compiled files)."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copytree(ROOT / "build_backend", project / "build_backend", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tabletop", project / "tabletop",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.c"))
    return project


def _needs_wheel_building() -> None:
    if importlib.util.find_spec("wheel") is None and tuple(map(int, setuptools.__version__.split(".")[:2])) < (70, 1):
        pytest.skip("building a wheel here needs the wheel package or setuptools >= 70.1 (the test extra brings wheel)")


@pytest.mark.slow
def test_an_offline_install_without_a_compiler_is_pure_python_and_says_so(tmp_path: Path) -> None:
    # No index, no build isolation, Cython unimportable and no C compiler: the install goes on, pure Python.
    _needs_wheel_building()
    project = _project_copy(tmp_path)
    hidden = tmp_path / "no-cython"
    (hidden / "Cython").mkdir(parents=True)
    (hidden / "Cython" / "__init__.py").write_text("raise ImportError('no Cython on this machine')\n")
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_COMPILE", "TABLETOP_PURE_PYTHON")}
    env.update(PYTHONPATH=str(hidden), PIP_NO_INDEX="1", PIP_FIND_LINKS="", CC="/nonexistent/cc")
    wheels = tmp_path / "wheels"
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                             "-v", "-w", str(wheels), str(project)], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    said = [line.strip() for line in (result.stdout + result.stderr).splitlines() if "tabletop: installing" in line]
    assert said == ["tabletop: installing pure Python, without the compiled kernel: no C compiler"
                    " ('/nonexistent/cc' not found)"]
    (wheel,) = wheels.glob("tabletop-*.whl")
    assert "py3-none-any" in wheel.name, "a pure-Python wheel"
    names = zipfile.ZipFile(wheel).namelist()
    assert "tabletop/_fast/__init__.py" in names and not any(n.endswith((".so", ".pyd")) for n in names)
    page = {f"tabletop/net/page/{p.name}" for p in (ROOT / "tabletop" / "net" / "page").iterdir() if p.is_file()}
    assert page and page <= set(names), "the browser seat's page travels in the wheel"


def test_opting_out_at_install_builds_nothing_and_says_so(tmp_path: Path) -> None:
    env = {**os.environ, "TABLETOP_PURE_PYTHON": "1"}
    result = _setup_py("build_ext", "--build-lib", str(tmp_path), "--build-temp", str(tmp_path / "t"), env=env)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "tabletop: installing pure Python, without the compiled kernel: TABLETOP_PURE_PYTHON=1" in result.stderr
    assert not list(tmp_path.rglob("*.so")) and not list(tmp_path.rglob("*.pyd"))


@pytest.mark.slow
def test_a_compiler_that_fails_leaves_a_pure_python_install_with_one_line(tmp_path: Path) -> None:
    # A compiler that is there but fails (here: one that always exits 1) is the last way a build can go wrong.
    if importlib.util.find_spec("Cython") is None or shutil.which("false") is None:
        pytest.skip("needs Cython (the test extra) and a 'false' command")
    project = _project_copy(tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_COMPILE", "TABLETOP_PURE_PYTHON")}
    env["CC"] = str(shutil.which("false"))
    lib = tmp_path / "lib"
    result = subprocess.run([sys.executable, "setup.py", "build_ext", "--build-lib", str(lib), "--build-temp",
                             str(tmp_path / "t")], capture_output=True, text=True, env=env, cwd=project, timeout=900)
    assert result.returncode == 0, result.stderr[-2000:]
    said = [line for line in result.stderr.splitlines() if line.startswith("tabletop:")]
    assert said == ["tabletop: installing pure Python, without the compiled kernel: the C compiler failed"
                    " (CompileError; pip install -v shows its output)"]
    assert not list(lib.rglob("*.so"))


def test_the_source_distribution_carries_its_build_backend_and_no_compiled_file(tmp_path: Path) -> None:
    # pip, pipx and uv build a wheel from an sdist through pyproject.toml's backend-path: it must be in there.
    import tarfile

    project = _project_copy(tmp_path)
    (project / "tabletop" / "_fast" / "_trick.cpython-311-x86_64-linux-gnu.so").write_bytes(b"a stale build")
    result = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'build_backend');"
                             " import tabletop_build; print(tabletop_build.build_sdist(sys.argv[1]))", str(tmp_path)],
                            capture_output=True, text=True, cwd=project, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    with tarfile.open(tmp_path / result.stdout.split()[-1]) as sdist:
        names = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"build_backend/tabletop_build.py", "setup.py", "pyproject.toml", "tabletop/_fast/_trick.pyx",
            "tabletop/_fast/build.py", "tabletop/engine/session.py", "tabletop/ui/icon.png"} <= names
    assert not any(n.endswith((".so", ".pyd", ".pyc")) for n in names)
