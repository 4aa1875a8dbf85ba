"""The report pages' HTML: one self-contained page (inline style, no script), its images and tables."""

from __future__ import annotations

import os
from collections.abc import Sequence
from html import escape
from pathlib import Path

from tabletop.engine.errors import TabletopError
from tabletop.i18n import _, language

STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 70em;
       padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
h3 { margin-top: 1.6em; }
.answer { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; margin: 1em 0 1.6em; }
.answer .said { flex: 1 1 24em; background: #f5f7fb; border-left: 4px solid #4c72b0; padding: 0.4em 1.2em; }
.answer .said h3 { margin: 0.4em 0; }
.answer .said li { margin: 0.3em 0; }
.answer img { flex: 1 1 28em; max-width: 36em; margin: 0; }
.charts { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.charts img { max-width: calc(50% - 0.5em); }
table { border-collapse: collapse; margin: 0.8em 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e3e3e3; text-align: right; }
th { background: #fafafa; }
td:first-child, th:first-child { text-align: left; }
.facts td { text-align: left; }
.out { color: #b22222; font-weight: 600; }
img { max-width: 100%; height: auto; display: block; margin: 0.8em 0; }
details { margin: 0.6em 0; }
.note { color: #555; font-size: 0.92em; }
"""


def check_report_dir(folder: Path, *, flag: str = "--report") -> None:
    """Make sure a report can be written into ``folder`` (given with ``flag``) before any work is done.

    :raises TabletopError: when matplotlib is missing or the folder cannot be made or written.
    """
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise TabletopError(_("{flag} needs matplotlib: pip install -e '.[report]'").format(flag=flag)) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TabletopError(_("{flag} {folder}: cannot create the folder ({problem})").format(
            flag=flag, folder=folder, problem=exc.strerror or exc)) from None
    if not os.access(folder, os.W_OK):
        raise TabletopError(_("{flag} {folder}: the folder is not writable").format(flag=flag, folder=folder))


def html_page(heading: str, body: Sequence[str]) -> str:
    """Return a whole self-contained page titled ``heading`` around ``body`` (HTML parts), in the report's style."""
    return (f"<!doctype html>\n<html lang={language()}><head><meta charset=utf-8>"
            f"<title>{escape(heading)}</title>"
            "<meta name=viewport content='width=device-width, initial-scale=1'>"
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")


def write_page(folder: Path, name: str, title: str, body: Sequence[str], *, flag: str = "--out") -> Path:
    """Write the page ``title`` around ``body`` to ``folder/name`` (made when missing); return its path.

    :raises TabletopError: naming the folder (as given with ``flag``) when it cannot be written.
    """
    page = folder / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
        page.write_text(html_page(title, body), encoding="utf-8")
    except OSError as exc:
        raise TabletopError(_("{flag} {folder}: cannot write it: {problem}").format(
            flag=flag, folder=folder, problem=exc.strerror or exc)) from None
    return page


def html_image(name: str, alt: str) -> str:
    """Return an ``<img>`` of the chart ``name`` beside the page."""
    return f"<img src='{escape(name)}' alt='{escape(alt)}'>"


def html_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Return a table with ``head`` (escaped) and ``rows`` of cells (already HTML)."""
    cells = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{cells}</tr>{body}</table>"
