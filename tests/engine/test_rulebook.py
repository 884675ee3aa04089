"""The rule book ships with the project: ``docs/rules.md`` and :mod:`holdem.engine.rulebook`
list the same rule numbers R1 to R14 with the same titles, every rule has its anchor,
and a scenario citing a rule the book does not define is broken."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import run_cli

from holdem.engine import rulebook
from holdem.scenarios.scenario import ScenarioError, parse_scenario

ROOT = Path(__file__).resolve().parents[2]
RULES_MD = ROOT / "docs" / "rules.md"
GROUP = re.compile(r'^## <a id="([^"]+)"></a>(R\d+)\. (.+)$', re.M)
RULE = re.compile(r'<a id="([^"]+)"></a>\*\*(R\d+\.\d+[a-z]?) (.+?)\.\*\*', re.S)


def _book() -> dict[str, tuple[str, str]]:
    """Rule number -> (anchor, title) as written in docs/rules.md, in the book's order."""
    text = RULES_MD.read_text(encoding="utf-8")
    found = [(m.start(), m.group(2), m.group(1), m.group(3)) for m in GROUP.finditer(text)]
    found += [
        (m.start(), m.group(2), m.group(1), " ".join(m.group(3).split()))
        for m in RULE.finditer(text)
    ]
    found.sort()
    numbers = [number for _, number, _, _ in found]
    assert len(numbers) == len(set(numbers)), "a rule number is defined twice"
    return {number: (anchor, title) for _, number, anchor, title in found}


def test_rulebook_module_matches_docs_rules_md_exactly() -> None:
    """Same numbers, same order, same titles, anchors as :func:`rulebook.anchor` gives."""
    book = _book()
    assert list(book) == list(rulebook.RULES)
    assert {n: title for n, (_, title) in book.items()} == dict(rulebook.RULES)
    assert {n: a for n, (a, _) in book.items()} == {n: rulebook.anchor(n) for n in book}


def test_every_group_r1_to_r14_and_the_clarified_rules_are_defined() -> None:
    """R1..R14 are all there, with R3.1 (free_fold), R3.2 (min_bet preflop) and R5.1a."""
    assert [n for n in rulebook.RULES if "." not in n] == [f"R{i}" for i in range(1, 16)]
    text = RULES_MD.read_text(encoding="utf-8")
    assert "`free_fold`" in text and "preflop as well" in text
    assert "R5.1a" in rulebook.RULES


@pytest.mark.parametrize(
    "figure",
    [
        "15,400",  # Example B
        "8,000, Eva 16,500",  # Example C
        "1,117, Ramses 1,117, Tiya 1,116",  # Example F
        "Tiya 4,800, Ahmose 2,500, Nefertari 7,500 and\nRamses 9,700",  # Example E
        "668 / 666 / 666",  # RIT2
        "gives 16 + 1 = 17 and pays 316",  # RK2
        "400 (50 + 100 + 100 live + 50 dead + 100)",  # MB1
        "fold, call 8, raise to 16..400",  # S2
    ],
)
def test_worked_examples_keep_their_figures(figure: str) -> None:
    assert " ".join(figure.split()) in " ".join(RULES_MD.read_text(encoding="utf-8").split())


def test_anchor_of_an_unknown_rule_is_an_error() -> None:
    with pytest.raises(KeyError):
        rulebook.anchor("R99.9")


def test_undefined_lists_only_numbers_the_book_lacks() -> None:
    assert rulebook.undefined("R4.2, R7.4") == ()
    assert rulebook.undefined("R5.1a, R5.1b, R16, R14.3") == ("R5.1b", "R16")


SCENARIO = """
rule = "{rule}"
description = "Heads-up."
[table]
small_blind = 5
big_blind = 10
[[seats]]
name = "Anna"
stack = 1000
[[seats]]
name = "Bjarni"
stack = 1000
[hand]
actions = ["Anna folds"]
"""


@pytest.mark.parametrize("rule", ["R99.9", "R4.2, R4.9", "R16"])
def test_scenario_citing_an_undefined_rule_is_broken(rule: str) -> None:
    """Issue 10: `rule = "R99.9"` used to pass; now the file is broken, naming the rule."""
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(SCENARIO.format(rule=rule), "x.toml")
    assert caught.value.step == "rule"
    assert caught.value.problem == (
        f"{rulebook.undefined(rule)[0]} is not a rule of the rule book (docs/rules.md)"
    )


def test_holdem_run_reports_the_file_and_the_undefined_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cites_r99.toml"
    path.write_text(SCENARIO.format(rule="R99.9"), encoding="utf-8")
    status, out, _ = run_cli(capsys, "run", "--quiet", str(path))
    assert status == 1
    assert f"ERROR {path}: broken scenario: rule: R99.9 is not a rule" in out


def test_every_bundled_scenario_cites_defined_rules() -> None:
    paths = sorted((ROOT / "scenarios").rglob("*.toml"))
    assert paths
    for path in paths:
        rule = re.search(r'^rule = "([^"]*)"', path.read_text(encoding="utf-8"), re.M)
        assert rule is not None, path
        assert rulebook.undefined(rule.group(1)) == (), path
