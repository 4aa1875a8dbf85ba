"""``tabletop diff --html``: two versions of a game compared on one page (card changes, options, art, code)."""

from __future__ import annotations

from html import escape
from pathlib import Path

from tabletop.engine.errors import TabletopError
from tabletop.engine.guard import shown_path
from tabletop.i18n import _
from tabletop.report.html import html_page, html_table
from tabletop.versions.changes import Comparison

DIFF_STYLE = ("<style>pre.diff { background: #f7f7f7; padding: 0.6em 1em; overflow-x: auto; }"
              " .add { color: #1a7f37; } .del { color: #b22222; } .hunk { color: #6a5acd; }"
              " td { text-align: left; white-space: pre-wrap; }</style>")


def diff_html(title: str, found: Comparison) -> str:
    """Return the page of a comparison: a table of card changes, the options, the art and a unified diff."""
    body = [DIFF_STYLE, f"<h1>{escape(title)}</h1>"]
    rows = [[escape(card), escape(_("added")), "", ""] for card in found.added]
    rows += [[escape(card), escape(_("removed")), "", ""] for card in found.removed]
    rows += [[escape(card), escape(field), escape(before), escape(after)] for card, field, before, after in found.changed]
    body.append(f"<h2>{escape(_('Cards'))}</h2>")
    body.append(html_table([_("card"), _("field"), _("before"), _("after")], rows) if rows
                else f"<p>{escape(_('No card changed.'))}</p>")
    if found.options:
        body.append(f"<h2>{escape(_('Options'))}</h2>")
        body.append(html_table([_("option"), _("default before"), _("default after")],
                               [[escape(n), escape(a or "-"), escape(b or "-")] for n, a, b in found.options]))
    added, removed, changed = found.art
    if added or removed or changed:
        body.append(f"<h2>{escape(_('Art'))}</h2><p>" + escape(_("{added} added, {removed} removed, {changed} changed").format(
            added=added, removed=removed, changed=changed)) + "</p>")
    body.append(f"<h2>{escape(_('Files'))}</h2>")
    lines = found.unified()
    if lines or found.binary:
        body.append("<pre class=diff>" + "\n".join(_line(line) for line in lines) + "</pre>")
        body += [f"<p>{escape(_('{file} changed (not text)').format(file=name))}</p>" for name in found.binary]
    else:
        body.append(f"<p>{escape(_('No other file changed.'))}</p>")
    return html_page(title, body)


def _line(line: str) -> str:
    kind = ("hunk" if line.startswith("@@") else "add" if line.startswith("+") else
            "del" if line.startswith("-") else "")
    return f"<span class={kind}>{escape(line)}</span>" if kind else escape(line)


def write_diff_page(path: Path, title: str, found: Comparison) -> Path:
    """Write the comparison's page to ``path``; return it.

    :raises TabletopError: naming the file when it cannot be written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(diff_html(title, found), encoding="utf-8")
    except OSError as exc:
        raise TabletopError(_("--html {file}: cannot write it: {problem}").format(
            file=shown_path(path), problem=exc.strerror or exc)) from None
    return path
