"""The house's layers, checked from the tests too (issue 17): no import circle between
any two modules of :mod:`holdem`, counting imports inside functions and under
``TYPE_CHECKING`` (grimp, which ``lint-imports`` uses: extra ``dev``), and every
subpackage says in its docstring what lives there and what it may import."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from conftest import require

PACKAGE = Path(__file__).resolve().parents[1] / "holdem"


def _cycles(graph: object, modules: list[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):  # type: ignore[attr-defined]
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in modules:
        if module not in index:
            visit(module)
    return found


def test_no_import_circle_between_any_two_modules() -> None:
    """`holdem.search.state` and `holdem.search.encode` imported each other (inside
    functions and under TYPE_CHECKING): a circle that `lint-imports` does not see."""
    grimp = require("grimp", "the import graph; extra dev, with import-linter")
    graph = grimp.build_graph("holdem", exclude_type_checking_imports=False)
    assert _cycles(graph, sorted(graph.modules)) == []


@pytest.mark.parametrize("package", sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py")))
def test_every_subpackage_says_what_lives_there_and_what_it_may_import(package: str) -> None:
    text = (PACKAGE / package / "__init__.py").read_text(encoding="utf-8")
    doc = ast.get_docstring(ast.parse(text)) or ""
    assert len(doc) > 80, f"holdem.{package} says what lives there"
    assert "may import" in doc, f"holdem.{package} says what it may import"
