"""CPU seconds per test file and the costliest tests, for keeping the suite cheap: ``-p tests.cpu_times``.

``python -m pytest -p tests.cpu_times tests/test_foo.py`` ends with each file's CPU seconds (this process
and the processes it waited for, setup and teardown included) and the ten costliest tests. CPU time,
not wall time: a busy machine does not change it much, so two runs compare where wall clocks would not.
Nothing is asserted on it (no test may depend on machine speed).
"""

from __future__ import annotations

import resource
import time
from collections import defaultdict
from collections.abc import Iterator

import pytest

_spent: dict[str, float] = defaultdict(float)


def _cpu() -> float:
    """CPU seconds of this process and of every child it has waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Charge a test's setup, call and teardown to it."""
    start = _cpu()
    yield
    _spent[item.nodeid] += _cpu() - start


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Write CPU seconds per file and the ten costliest tests."""
    if not _spent:
        return
    files: dict[str, float] = defaultdict(float)
    for nodeid, seconds in _spent.items():
        files[nodeid.split("::")[0]] += seconds
    write = terminalreporter.write_line
    terminalreporter.section("CPU seconds per file")
    for name, seconds in sorted(files.items(), key=lambda kv: -kv[1]):
        write(f"{seconds:8.1f}  {name}")
    write(f"{sum(files.values()):8.1f}  in all")
    terminalreporter.section("costliest tests (CPU seconds)")
    for nodeid, seconds in sorted(_spent.items(), key=lambda kv: -kv[1])[:10]:
        write(f"{seconds:8.1f}  {nodeid}")
