"""Launchers for each platform: content, name and executable bit."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tabletop.ui.launcher import launcher_text, write_launcher

PY = Path("/opt/py/bin/python3")
WD = Path("/home/me/games")


def test_linux_desktop_entry(tmp_path: Path) -> None:
    path = write_launcher(tmp_path / "Desktop", platform="linux", python=PY, workdir=WD)
    text = path.read_text()
    assert path.name == "tabletop.desktop"
    assert "[Desktop Entry]" in text and "Type=Application" in text
    assert f'Exec="{PY}" -m tabletop' in text
    assert f"Path={WD}" in text and "Terminal=false" in text
    assert os.access(path, os.X_OK)


def test_macos_command(tmp_path: Path) -> None:
    path = write_launcher(tmp_path, platform="darwin", python=PY, workdir=WD)
    assert path.name == "Tabletop.command"
    assert path.read_text().splitlines() == ["#!/bin/sh", f'cd "{WD}" || exit 1', f'exec "{PY}" -m tabletop']
    assert os.access(path, os.X_OK)


@pytest.mark.parametrize("has_pythonw", [True, False])
def test_windows_bat_prefers_pythonw(tmp_path: Path, has_pythonw: bool) -> None:
    py = tmp_path / "python.exe"
    py.write_text("")
    if has_pythonw:
        (tmp_path / "pythonw.exe").write_text("")
    path = write_launcher(tmp_path / "out", platform="win32", python=py, workdir=WD)
    raw = path.read_bytes()
    assert path.name == "Tabletop.bat" and b"\r\n" in raw
    exe = tmp_path / ("pythonw.exe" if has_pythonw else "python.exe")
    assert f'start "" "{exe}" -m tabletop' in raw.decode()
    assert f'cd /d "{WD}"' in raw.decode()


def test_default_folder_is_created(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    path = write_launcher(platform="linux")
    assert path.parent == tmp_path / "Desktop" and path.exists()


def test_text_names_the_interpreter() -> None:
    assert str(PY) in launcher_text("linux", python=PY, workdir=WD)


SPACED_PY = Path("/Users/Ann Lee/my tools/venv $HOME/bin/python3")
SPACED_GAMES = Path("/Users/Ann Lee/Card Games/games")


def test_macos_command_quotes_paths_with_spaces_and_shell_characters() -> None:
    text = launcher_text("darwin", python=SPACED_PY, workdir=SPACED_GAMES.parent, games_dir=SPACED_GAMES)
    assert text.splitlines() == ["#!/bin/sh", 'cd "/Users/Ann Lee/Card Games" || exit 1',
                                 'exec "/Users/Ann Lee/my tools/venv \\$HOME/bin/python3" -m tabletop'
                                 ' --games-dir "/Users/Ann Lee/Card Games/games"']


def test_macos_command_runs_in_a_real_shell_with_the_paths_intact(tmp_path: Path) -> None:
    # The .command is a sh script: run it with sh, a stand-in interpreter printing what it was given.
    if os.name != "posix":
        pytest.skip("runs a sh script")
    spaced = tmp_path / "my tools $HOME"
    spaced.mkdir()
    fake = spaced / "python3"
    fake.write_text('#!/bin/sh\nprintf "%s|" "$PWD" "$@"\n')
    fake.chmod(0o755)
    games = tmp_path / "Card Games" / "games"
    games.mkdir(parents=True)
    path = write_launcher(tmp_path / "out", platform="darwin", python=fake, workdir=games.parent, games_dir=games)
    import subprocess

    ran = subprocess.run(["sh", str(path)], capture_output=True, text=True, timeout=60)
    assert ran.stdout == f"{games.parent}|-m|tabletop|--games-dir|{games}|"


def test_windows_bat_quotes_paths_with_spaces_and_percent_signs(tmp_path: Path) -> None:
    py = Path("C:/Program Files/Python 3.12/python.exe")
    games = Path("D:/My 100% Games/games")
    text = launcher_text("win32", python=py, workdir=games.parent, games_dir=games)
    lines = text.split("\r\n")
    assert lines[1] == 'cd /d "D:/My 100%% Games"'
    assert lines[2] == 'start "" "C:/Program Files/Python 3.12/python.exe" -m tabletop --games-dir "D:/My 100%% Games/games"'


def test_linux_desktop_entry_quotes_the_exec_line_and_names_the_games_folder() -> None:
    text = launcher_text("linux", python=SPACED_PY, workdir=SPACED_GAMES.parent, games_dir=SPACED_GAMES)
    # Inside a quoted Exec argument "$" is escaped with a backslash, itself doubled as a string escape.
    assert ('Exec="/Users/Ann Lee/my tools/venv \\\\$HOME/bin/python3" -m tabletop'
            ' --games-dir "/Users/Ann Lee/Card Games/games"') in text.splitlines()
    assert "Path=/Users/Ann Lee/Card Games" in text.splitlines()


def test_without_a_games_folder_the_launcher_lists_the_working_folders_games() -> None:
    for platform in ("linux", "darwin", "win32"):
        assert "--games-dir" not in launcher_text(platform, python=PY, workdir=WD)


def test_a_games_folder_with_a_line_break_is_refused_in_one_line(tmp_path: Path) -> None:
    from tabletop.engine.errors import UserInputError

    with pytest.raises(UserInputError, match="games folder"):
        write_launcher(tmp_path, platform="linux", python=PY, workdir=WD, games_dir=Path("/tmp/a\nb"))
    assert not (tmp_path / "tabletop.desktop").exists()


def test_the_command_writes_a_launcher_for_the_interpreter_it_runs_in(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import sys

    from tabletop.cli import main

    monkeypatch.chdir(tmp_path)
    assert main(["--games-dir", "my games", "launcher", str(tmp_path / "out")]) == 0
    written = next((tmp_path / "out").iterdir()).read_text(encoding="utf-8")
    assert str(Path(sys.executable).absolute()) in written.replace("\\\\", "\\")
    assert str(tmp_path / "my games") in written
    said = capsys.readouterr().out
    assert f"with the games in {tmp_path / 'my games'}" in said
