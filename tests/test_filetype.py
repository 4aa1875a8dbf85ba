"""A double-clicked .tabletop file opens with this install: the Linux desktop's file type, registered by
``tabletop launcher`` under $XDG_DATA_HOME (never the real home in tests)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tabletop.cli import main
from tabletop.ui.filetype import ENTRY, MIME, register_file_type


def test_the_mime_type_and_its_opener_are_written_and_the_desktop_told(tmp_path: Path) -> None:
    ran: list[list[str]] = []
    written = register_file_type(python=Path("/opt/py 3/bin/python"), workdir=tmp_path / "my games",
                                 data_home=tmp_path / "share", run=lambda command, **kw: ran.append(command))
    package, entry = written
    assert package == tmp_path / "share" / "mime" / "packages" / "tabletop.xml"
    assert f'<mime-type type="{MIME}">' in package.read_text() and 'pattern="*.tabletop"' in package.read_text()
    text = entry.read_text()
    assert entry.name == ENTRY
    assert 'Exec="/opt/py 3/bin/python" -m tabletop open %f' in text
    assert f"Path={tmp_path / 'my games'}" in text and f"MimeType={MIME};" in text and "NoDisplay=true" in text
    for command in ran:  # only the tools this machine has were run, each with the folders written
        assert command[0] in ("update-mime-database", "update-desktop-database", "xdg-mime")
    register_file_type(python=Path("/py"), workdir=tmp_path, games_dir=tmp_path / "elsewhere", data_home=tmp_path / "s2",
                       run=lambda command, **kw: None)
    assert f'-m tabletop --games-dir "{tmp_path / "elsewhere"}" open %f' in (tmp_path / "s2" / "applications" / ENTRY).read_text()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux desktop's file types")
def test_tabletop_launcher_registers_the_file_type(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("PATH", "")  # no desktop tools: the files alone
    monkeypatch.chdir(tmp_path)
    assert main(["launcher", str(tmp_path / "desk")]) == 0
    assert "registered .tabletop files" in capsys.readouterr().out
    assert (tmp_path / "share" / "applications" / ENTRY).is_file()
