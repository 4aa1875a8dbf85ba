"""The balance report: ``simulate --report DIR`` writes DIR/report.html with PNG charts beside it.

Charts are drawn with matplotlib (the ``report`` extra) on its Agg backend, without pyplot; the
engine, games, bots and simulator never import it.
"""

from __future__ import annotations

from tabletop.report.page import check_report_dir, write_report

__all__ = ["check_report_dir", "write_report"]
