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
