"""``pip wheel .`` makes a wheel that installs alone into a fresh environment and runs there, kernel included.

One wheel is built per run (the kernel compiled where this machine can, unoptimised: the test is about
what the wheel holds, not how fast it runs) and installed with ``--no-deps`` into a fresh venv whose
only other packages are this environment's third-party ones, reached through a plain path file: the
wheel's own tabletop is the one imported, and the dependencies pip would fetch are checked in its
metadata instead of fetched.
"""

from __future__ import annotations

import email.parser
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from tests.test_build import _needs_wheel_building, _project_copy

pytestmark = pytest.mark.slow


def _kernel_buildable() -> bool:
    root = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("tabletop_kernel_recipe", root / "tabletop" / "_fast" / "build.py")
    assert spec is not None and spec.loader is not None
    recipe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(recipe)
    return recipe.compiler_problem() is None  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip wheel`` builds from a copy of the checkout (no build isolation: this run's Cython)."""
    _needs_wheel_building()
    tmp = tmp_path_factory.mktemp("wheel")
    project = _project_copy(tmp)
    env = {k: v for k, v in os.environ.items() if k not in ("TABLETOP_COMPILE", "TABLETOP_PURE_PYTHON")}
    env["CFLAGS"] = "-O0"  # compiles in a third of the time; the code compiled is the same
    result = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                             "-w", str(tmp / "dist"), str(project)], capture_output=True, text=True, env=env,
                            cwd=tmp, timeout=1200)
    assert result.returncode == 0, result.stderr[-3000:]
    (built,) = (tmp / "dist").glob("tabletop-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel alone (``--no-deps``); return its folder."""
    folder = tmp_path_factory.mktemp("fresh") / "venv"
    venv.EnvBuilder(with_pip=False).create(folder)
    python = folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    # The dependencies come from this environment's site-packages, added after the venv's own, as a plain
    # path: its .pth files (the checkout's editable install among them) are not run there.
    purelib = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                                  capture_output=True, text=True, check=True).stdout.strip())
    (purelib / "borrowed-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
                             str(wheel)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    return folder


def _bin(folder: Path, name: str) -> Path:
    return folder / ("Scripts" if os.name == "nt" else "bin") / (f"{name}.exe" if os.name == "nt" else name)


def _run(folder: Path, command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "TABLETOP_PURE_PYTHON")}
    env["HOME"] = str(cwd)
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


def test_the_wheel_names_its_dependencies_and_holds_the_kernel_where_it_was_built(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    metadata_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    metadata = email.parser.Parser().parsestr(archive.read(metadata_name).decode())
    required = {r.split(">")[0].split("=")[0].split(";")[0].strip() for r in metadata.get_all("Requires-Dist") or []
                if "extra ==" not in r}
    assert required == {"pygame-ce", "Pillow", "rich", "websockets"}
    compiled = [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]
    if _kernel_buildable():
        assert sorted(Path(n).name.split(".")[0] for n in compiled) == ["_session", "_trick"]
        assert "py3-none-any" not in wheel.name
    else:
        assert compiled == [] and "py3-none-any" in wheel.name
    assert "tabletop/ui/icon.png" in archive.namelist(), "the window's and launcher's icon travels in the wheel"


def test_the_installed_wheel_lists_the_games_in_an_empty_folder(installed: Path, tmp_path: Path) -> None:
    result = _run(installed, [str(_bin(installed, "tabletop")), "games"], tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "trick-taking: Trick-taking" in result.stdout and "bots" in result.stdout
    assert list(tmp_path.iterdir()) == [], "listing the games writes nothing into the folder"


def test_the_installed_wheel_runs_its_own_code_and_kernel(installed: Path, tmp_path: Path) -> None:
    probe = ("import tabletop, tabletop._fast as f; s = f.status(); "
             "print(tabletop.__file__); print(s.kind); print(s.line)")
    result = _run(installed, [str(_bin(installed, "python")), "-c", probe], tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    where, kind, _line = result.stdout.splitlines()
    assert Path(where).resolve().is_relative_to(installed.resolve()), "the wheel's copy, not the checkout's"
    assert kind == ("compiled" if _kernel_buildable() else "pure")
    bench = _run(installed, [str(_bin(installed, "tabletop")), "bench", "--deals", "50", "--search-seconds", "0"],
                 tmp_path)
    assert bench.returncode == 0, bench.stderr[-2000:]
    assert bench.stdout.splitlines()[0] == _line


def test_the_launcher_of_the_installed_wheel_runs_that_install(installed: Path, tmp_path: Path) -> None:
    result = _run(installed, [str(_bin(installed, "tabletop")), "launcher", str(tmp_path / "out")], tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    (launcher,) = (tmp_path / "out").iterdir()
    text = launcher.read_text(encoding="utf-8")
    assert str(_bin(installed, "python")) in text
    if shutil.which("desktop-file-validate") and launcher.suffix == ".desktop":
        check = subprocess.run(["desktop-file-validate", str(launcher)], capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
