"""The logic layers never import pygame or Pillow; the parts import only downward, without circles; ruff finds nothing."""

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LOGIC = ["tabletop.engine", "tabletop.games", "tabletop.bots", "tabletop.sim", "tabletop.plugins.registry"]


def test_logic_layers_import_neither_pygame_nor_pil() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for pkg in ("engine", "kit", "formats", "versions", "games", "bots", "sim", "plugins", "net")
        for p in (ROOT / "tabletop" / pkg).rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules + LOGIC!r}: importlib.import_module(m)\n"
        "from tabletop.cli import main\n"
        "main(['simulate', 'trick-taking', '--games', '3', '--quiet'])\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'PIL')]\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_imports_follow_the_layers() -> None:
    # The contracts are in pyproject.toml: engine at the bottom, then games and bots (neither
    # importing the other), registry, plugins and replays, sim and scaffold, ui, cli.
    lint = shutil.which("lint-imports") or str(Path(sys.executable).parent / "lint-imports")
    if not Path(lint).exists():
        pytest.skip("import-linter is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run([lint, "--no-cache", "--no-logo"], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_types_check() -> None:
    mypy = shutil.which("mypy") or str(Path(sys.executable).parent / "mypy")
    if not Path(mypy).exists():
        pytest.skip("mypy is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run([mypy], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]' installs it)")
    result = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout


def test_a_game_importing_a_module_gone_in_0_2_0_is_told_what_to_import_instead() -> None:
    from tabletop.plugins.errors import RENAMED, describe_error

    for old, new in RENAMED.items():
        with pytest.raises(ModuleNotFoundError) as info:
            importlib.import_module(old)
        said = describe_error(info.value)
        assert old in said and new in said and "CHANGELOG.md" in said
