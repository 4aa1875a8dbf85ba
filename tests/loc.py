"""Count a module's lines of code the way the kit's aims are stated: not blank, not a comment, not a docstring.

``.venv/bin/python tests/loc.py FILE...`` prints each file's lines, non-blank lines and lines of code.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def docstring_lines(tree: ast.AST) -> set[int]:
    """Return the line numbers of every docstring (module, class, function, and attribute docstrings)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            for stmt in node.body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str):
                    lines.update(range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1))
    return lines


def code_lines(path: Path) -> int:
    """Return the lines of code of the module at ``path``."""
    text = path.read_text(encoding="utf-8")
    docs = docstring_lines(ast.parse(text))
    return sum(1 for number, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and number not in docs)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        file = Path(name)
        lines = file.read_text(encoding="utf-8").splitlines()
        print(f"{name}: {len(lines)} lines, {sum(1 for x in lines if x.strip())} non-blank, {code_lines(file)} of code")
