"""Hostile input never ends in a traceback (issue 10, section 5): scenario files and the
``holdem run`` / ``holdem pots`` commands give one clear line of the project's errors (a
broken scenario, exit 2 on bad command-line input) and change nothing."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

import pytest
from helpers import run_cli, run_cli_in_memory
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.engine.snapshot import SnapshotError, loads, snapshot
from holdem.scenarios.scenario import ScenarioError, load_scenario, parse_scenario, run_scenario
from holdem.views.history import format_history

DEEP = 100_000
HEADER = """rule = "R2.2"
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
"""


def _broken(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "x.toml")
    assert "\n" not in str(caught.value)
    return caught.value


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status, out, err = run_cli(capsys, *argv)
    assert "Traceback" not in out + err
    return status, out, err


# ------------------------------------------------------------- scenario files
@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * DEEP + "]" * DEEP,
        "a = " + "{b=" * DEEP + "1" + "}" * DEEP,
        "a = [" + "{b=[" * DEEP + "]}" * DEEP + "]",
    ],
    ids=["arrays", "inline tables", "mixed"],
)
def test_scenario_nested_100000_levels_is_broken(text: str) -> None:
    assert _broken(text).problem == "not valid TOML: arrays or tables nested too deeply"


@pytest.mark.parametrize(
    "text",
    [
        "a" + ".a" * DEEP + " = 1",  # tomllib needs gigabytes for this one
        "[" + "a." * DEEP + "a]\nx = 1",
        HEADER + "[hand.board" + ".a" * DEEP + "]\nx = 1",
    ],
    ids=["dotted key", "table header", "inside a known table"],
)
def test_scenario_with_a_100000_part_key_is_broken(text: str) -> None:
    assert _broken(text).problem.endswith("a key of more than 100 dotted parts")


def test_scenario_file_with_invalid_utf8_is_broken_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(HEADER.replace("Heads-up.", "Caf\xe9").encode("latin-1") + b"[hand]\n")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.problem == "not valid UTF-8: line 2 has the byte 0xe9"


def test_a_scenario_subfolder_that_cannot_be_read_is_named_not_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its scenarios would silently not run. (Root reads every folder, so the refusal
    is made by the operating system call itself.)"""
    good = Path(__file__).parents[2] / "scenarios" / "betting" / "big_blind_option_after_limp.toml"
    locked = tmp_path / "locked"
    locked.mkdir()
    (tmp_path / "good.toml").write_bytes(good.read_bytes())
    (locked / "good.toml").write_bytes(good.read_bytes())
    real_scandir = os.scandir

    def scandir(path: object = ".") -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    status, out, err = _cli(["run", "--quiet", str(tmp_path)], capsys)
    assert (status, out) == (2, "")
    assert err == f"holdem run: error: {locked}: cannot read: Permission denied\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_among_scenarios_is_not_waited_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A named pipe in a scenario folder has no writer: reading it would wait for ever,
    so the folder's search leaves it alone. Named, it is read (``<(...)``); it was
    reported as "no such file or folder"."""
    os.mkfifo(tmp_path / "pipe.toml")
    good = Path(__file__).parents[2] / "scenarios" / "betting" / "big_blind_option_after_limp.toml"
    (tmp_path / "good.toml").write_bytes(good.read_bytes())
    status, out, err = _cli(["run", "--quiet", str(tmp_path)], capsys)
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"PASS {tmp_path / 'good.toml'} (R4.5)",
        "1 passed, 0 failed, 0 broken",
    ]
    writer = threading.Thread(
        target=(tmp_path / "pipe.toml").write_bytes, args=(good.read_bytes(),)
    )
    writer.start()
    status, out, err = _cli(["run", "--quiet", str(tmp_path / "pipe.toml")], capsys)
    writer.join()
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        f"PASS {tmp_path / 'pipe.toml'} (R4.5)",
        "1 passed, 0 failed, 0 broken",
    ]


@pytest.mark.parametrize(
    ("step", "where", "problem"),
    [
        (
            '{ refuse = "Anna folds", reason = ["x"] }',
            "step 2 (refuse 'Anna folds')",
            "unknown reason ['x']",
        ),
        (
            '{ refuse = "Anna folds", reason = { a = 1 } }',
            "step 2 (refuse 'Anna folds')",
            "unknown reason {'a': 1}",
        ),
        ('{ refuse = 7, reason = "hand_over" }', "step 2 (refuse 7)", "an action must be a string"),
        ('{ to_act = ["Anna"] }', "step 2", "unknown player ['Anna']"),
        ("{ legal = 100 }", "step 2", "legal must be a string"),
        ("{ pot = 1.5 }", "step 2", "must be a whole number of chips >= 0, got 1.5"),
        ("{ street = 3 }", "step 2", "street must be preflop, flop, turn or river, got 3"),
        ('["Anna calls"]', "step 2", "must be a table, got ['Anna calls']"),
        ("2024-01-01", "step 2", "must be a table, got datetime.date(2024, 1, 1)"),
    ],
)
def test_wrong_types_in_steps_make_the_scenario_broken(step: str, where: str, problem: str) -> None:
    """Issue 10: `reason = ["x"]` was a TypeError; every wrong type is a broken file."""
    error = _broken(HEADER + f'[hand]\nactions = ["Anna calls", {step}]\n')
    assert error.step == where
    assert problem in error.problem


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("9" * 5000, "not valid TOML: an integer has more than 4,300 digits"),
        ("0x" + "f" * 5000, "an integer is beyond 2**63 - 1"),
        (
            "-" + "9" * 4400,
            "not valid TOML: an integer has more than 4,300 digits",
        ),
        ("inf", "a number is inf, not a finite number"),
        ("nan", "a number is nan, not a finite number"),
    ],
    ids=["5000 digits", "hexadecimal", "negative 4400 digits", "inf", "nan"],
)
def test_huge_or_infinite_numbers_make_the_scenario_broken(value: str, problem: str) -> None:
    assert _broken(HEADER + f"[hand]\nseed = {value}\nactions = []\n").problem == problem


def test_huge_amount_in_an_action_is_broken() -> None:
    error = _broken(HEADER + f'[hand]\nactions = ["Anna raises to {"9" * 5000}"]\n')
    assert error.problem.startswith("too many chips: '99999999999999999999'... (5,000 characters)")


def test_name_with_a_control_character_is_broken() -> None:
    error = _broken(HEADER.replace('"Anna"', '"An\\nna"') + "[hand]\nactions = []\n")
    assert error.step == "seats[0].name"


def test_holdem_run_reports_hostile_files_in_one_line_each(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a_deep.toml").write_text("a = " + "[" * DEEP + "]" * DEEP)
    (tmp_path / "b_utf8.toml").write_bytes(b'rule = "R2.2"\ndescription = "\xff"\n')
    (tmp_path / "c_huge.toml").write_text(HEADER + f"[hand]\nseed = {'1' * 5000}\nactions = []\n")
    (tmp_path / "d_reason.toml").write_text(
        HEADER + '[hand]\nactions = [{ refuse = "Anna folds", reason = ["x"] }]\n'
    )
    status, out, _ = _cli(["run", "--quiet", str(tmp_path)], capsys)
    assert status == 1
    lines = out.splitlines()
    assert len(lines) == 5 and lines[-1] == "0 passed, 0 failed, 4 broken"
    assert [line.split(":")[0] for line in lines[:4]] == [
        f"ERROR {tmp_path / name}"
        for name in ("a_deep.toml", "b_utf8.toml", "c_huge.toml", "d_reason.toml")
    ]


# ----------------------------------------------------------------- holdem pots
@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["-c", "9" * 5000 + ",100", "-r", "1,2"],
            "each contribution must be a whole number of chips >= 0, got '99999999999999999999'... (5,000 characters) (at most 2**63 - 1)",
        ),
        (
            ["-c", "9223372036854775808,100", "-r", "1,2"],
            "got '9223372036854775808' (at most 2**63 - 1)",
        ),
        (
            ["-c", "100,200", "-r", "1," + "1" * 5000],
            "Player 2: a rank is a whole number >= 1, or x if folded, got '11111111111111111111'... (5,000 characters)",
        ),
        (
            ["-c", "100,200", "-r", "1,2", "--dead", "7" * 5000],
            "--dead must be a whole number of chips >= 0, got '77777777777777777777'... (5,000 characters) (at most 2**63 - 1)",
        ),
        (
            ["-c", "100,200", "-r", "1,2", "-f", "3" * 5000],
            "unknown seat '33333333333333333333'... (5,000 characters)",
        ),
        (["-c", "100,200", "-r", "1,2", "-n", "A,B\nC"], "names must be printable text"),
        (["-c", "100,200", "-r", "1,2", "-n", "A,\udcff"], "names must be printable text"),
    ],
)
def test_pots_hostile_input_is_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = _cli(["pots", *argv], capsys)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("holdem pots: error: ")
    assert message in err


def test_pots_largest_amounts_still_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    """2**63 - 1 is accepted; every sum and every printed figure stays exact (R7.1)."""
    top = 2**63 - 1
    status, out, _ = _cli(["pots", "-c", f"{top},{top},{top}", "-r", "1,1,1", "--json"], capsys)
    assert status == 0
    assert f'"amount": {3 * top}' in out


# ------------------------------------------------------------------- snapshots
def _snapshot_text() -> str:
    from holdem import Hand, TableConfig
    from holdem.engine.snapshot import dumps

    hand = Hand(TableConfig([1000, 1000], 5, 10), seed=1)
    hand.call(0)
    return dumps(hand)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * DEEP + "]" * DEEP, "not JSON: nested too deeply"),
        ('{"a": ' * DEEP + "1" + "}" * DEEP, "not JSON: nested too deeply"),
        ("1" * 5000, "not JSON: an integer has more than 4,300 digits"),
        (b'{"schema": "holdem.hand\xff"}', "not JSON: not valid UTF-8 (byte 23)"),
        (b"\xff\xfe\x00", "not JSON"),
        ('{"stacks": NaN}', "not JSON: NaN is not a number"),
        ("[-Infinity]", "not JSON: -Infinity is not a number"),
        ("", "not JSON: Expecting value"),
        (None, "not JSON: a snapshot is text, got NoneType"),
    ],
    ids=[
        "arrays",
        "objects",
        "5000 digits",
        "invalid UTF-8",
        "BOM-like bytes",
        "NaN",
        "-Infinity",
        "empty",
        "None",
    ],
)
def test_snapshot_hostile_text_is_a_snapshot_error(text: object, problem: str) -> None:
    from holdem.engine.snapshot import SnapshotError, loads

    with pytest.raises(SnapshotError) as caught:
        loads(text)  # type: ignore[arg-type]
    assert str(caught.value).startswith(problem)
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 310


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("config",), ["x"]),
        (("config", "stacks"), {"a": 1}),
        (("config", "stacks", 0), 10**4000),
        (("config", "names", 0), ["deep"] * 3),
        (("hole_cards",), "AsAh"),
        (("hole_cards", 0), [["As"], "Ah"]),
        (("board_cards",), None),
        (("log",), {"event": "Acted"}),
        (("log", 0), {"event": "NoSuchEvent", "x": "y" * 100_000}),
        (("log", 0, "seat"), "zero"),
        (("state", "stacks"), None),
        (("version",), True),
        (("show_policy",), ["auto"]),
    ],
)
def test_snapshot_wrong_types_are_a_snapshot_error(path: tuple[object, ...], value: object) -> None:
    """Wrong types and huge integers anywhere give one short SnapshotError line."""
    import json

    from holdem.engine.snapshot import SnapshotError, loads

    data = json.loads(_snapshot_text())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(SnapshotError) as caught:
        loads(json.dumps(data))
    assert "\n" not in str(caught.value) and len(str(caught.value)) <= 310


# ------------------------------------------------- hypothesis: anything thrown at them
# Hostile values as TOML literals and as JSON values: wrong types, huge and odd numbers,
# odd strings, nesting.
TOML_VALUES = st.one_of(
    st.integers().map(str),
    st.integers(2**63 - 10, 2**70).map(lambda n: f"0x{n:x}"),
    st.integers(4290, 4400).map(lambda n: "9" * n),
    st.sampled_from(
        ["inf", "-inf", "nan", "1.5", "-0.0", "true", "false", "1979-05-27", "07:32:00"]
    ),
    st.text(max_size=30).map(
        lambda t: '"' + t.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"'
    ),
    st.sampled_from(['["x"]', "[]", "{}", "{ a = 1 }", '[["Anna"]]', '[{ a = [1, { b = "c" }] }]']),
    st.integers(1, 2000).map(lambda n: "[" * n + "]" * n),
)
KEYS = [
    "rule",
    "description",
    "table.small_blind",
    "table.big_blind",
    "table.button",
    "table.ante",
    "table.ante_type",
    "table.structure",
    "table.min_bet",
    "table.chip_unit",
    "table.small_blind_seat",
    "table.big_blind_seat",
    "seats.0.name",
    "seats.0.stack",
    "seats.0.cards",
    "hand.board",
    "hand.seed",
    "hand.actions",
    "hand.actions.0",
    "hand.actions.1.to_act",
    "hand.actions.1.legal",
    "hand.actions.1.street",
    "hand.actions.1.pot",
    "hand.actions.2.refuse",
    "hand.actions.2.reason",
    "expect.over",
    "expect.stacks",
    "expect.stacks.Anna",
    "expect.net",
    "expect.payouts",
    "expect.returned",
    "expect.pots",
    "expect.shown",
    "expect.mucked",
    "expect.hands",
    "expect.board",
    "expect.eliminated",
]
GOOD = {
    "rule": '"R2.2, R4.5"',
    "description": '"Heads-up: the big blind checks its option."',
    "table.small_blind": "5",
    "table.big_blind": "10",
    "table.button": '"Anna"',
    "seats.0.name": '"Anna"',
    "seats.0.stack": "1000",
    "seats.0.cards": '"As Ah"',
    "seats.1.name": '"Bjarni"',
    "seats.1.stack": "1000",
    "hand.board": '"2c 7d 9h Ts 3s"',
    "hand.seed": "1",
    "hand.actions.0": '"Anna calls"',
    "hand.actions.1.to_act": '"Bjarni"',
    "hand.actions.1.legal": '"check, raise to 20..1000"',
    "hand.actions.2.refuse": '"Anna checks"',
    "hand.actions.2.reason": '"not_your_turn"',
    "expect.over": "false",
    "expect.stacks.Anna": "990",
    "expect.stacks.Bjarni": "990",
}


def _render(values: dict[str, str]) -> str:
    """TOML text from dotted keys (seats.N as [[seats]], hand.actions.N as array items)."""
    top = [f"{k} = {v}" for k, v in values.items() if "." not in k]
    tables: dict[str, list[str]] = {}
    seats: dict[int, list[str]] = {}
    steps: dict[int, list[str]] = {}
    for key, value in values.items():
        parts = key.split(".")
        if parts[0] == "seats" and len(parts) == 3:
            seats.setdefault(int(parts[1]), []).append(f"{parts[2]} = {value}")
        elif parts[:2] == ["hand", "actions"] and len(parts) >= 3:
            steps.setdefault(int(parts[2]), []).append(
                value if len(parts) == 3 else f"{parts[3]} = {value}"
            )
        elif len(parts) >= 2:
            tables.setdefault(parts[0], []).append(f"{'.'.join(parts[1:])} = {value}")
    if "hand.actions" not in values and "hand" not in values:
        items = [
            lines[0]
            if len(lines) == 1 and " = " not in lines[0]
            else "{ " + ", ".join(lines) + " }"
            for _, lines in sorted(steps.items())
        ]
        tables.setdefault("hand", []).append(f"actions = [{', '.join(items)}]")
    text = "\n".join(top)
    for name, lines in tables.items():
        if name not in values:
            text += f"\n[{name}]\n" + "\n".join(lines)
    for _, lines in sorted(seats.items()):
        text += "\n[[seats]]\n" + "\n".join(lines)
    return text + "\n"


def test_the_unmutated_scenario_passes() -> None:
    result = run_scenario(parse_scenario(_render(GOOD)))
    assert result.failures == ()


def _play(text: str) -> None:
    """Read and play a scenario: a broken file is fine, any other error is not."""
    try:
        scenario = parse_scenario(text, "h.toml")
    except ScenarioError as error:
        assert "\n" not in str(error)
        return
    result = run_scenario(scenario)
    assert isinstance(result.failures, tuple)
    format_history(result.hand)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(KEYS), TOML_VALUES)
def test_any_value_anywhere_in_a_scenario(key: str, value: str) -> None:
    _play(_render({**GOOD, key: value}))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_as_a_scenario(text: str) -> None:
    _play(text)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_byte_change_to_a_scenario_file_via_holdem_run(data: st.DataObject) -> None:
    """`holdem run` on a damaged file: PASS, FAIL or one ERROR line, exit 0 or 1, and
    the file is left as it was."""
    good = _render(GOOD).encode("utf-8")
    at = data.draw(st.integers(0, len(good) - 1), label="at")
    insert = data.draw(st.binary(min_size=0, max_size=8), label="insert")
    cut = data.draw(st.integers(0, 8), label="cut")
    damaged = good[:at] + insert + good[at + cut :]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "damaged.toml"
        path.write_bytes(damaged)
        status, out, err = run_cli_in_memory(["run", "--quiet", str(path)])
        assert path.read_bytes() == damaged
    lines = out.splitlines()
    assert status in (0, 1) and err == ""
    assert len(lines) == 2 and lines[0].split(" ")[0] in ("PASS", "FAIL", "ERROR")
    assert (
        lines[1]
        == {
            "PASS": "1 passed, 0 failed, 0 broken",
            "FAIL": "0 passed, 1 failed, 0 broken",
            "ERROR": "0 passed, 0 failed, 1 broken",
        }[lines[0].split(" ")[0]]
    )


POTS_ITEM = st.one_of(
    st.integers(-5, 10**6).map(str),
    st.integers(2**63 - 3, 2**64).map(str),
    st.integers(4290, 4400).map(lambda n: "7" * n),
    st.sampled_from(["x", "X", "-", "", " ", "1.5", "１", "٣", "0x10", "1e3", "2,400", "Anna"]),
    st.text(max_size=10),
)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(POTS_ITEM, min_size=0, max_size=5),
    st.lists(POTS_ITEM, min_size=0, max_size=5),
    st.lists(POTS_ITEM, max_size=3),
    st.none() | st.lists(st.text(max_size=6), max_size=5),
    st.none() | POTS_ITEM,
    st.none() | POTS_ITEM,
)
def test_any_input_to_holdem_pots(
    contributions: list[str],
    ranks: list[str],
    folded: list[str],
    names: list[str] | None,
    dead: str | None,
    dead_from: str | None,
) -> None:
    """`holdem pots` gives an answer (exit 0) or one error line (exit 2), never a traceback."""
    argv = ["pots", "-c=" + ",".join(contributions), "-r=" + ",".join(ranks)]
    argv.append("-f=" + ",".join(folded))
    if names is not None:
        argv.append("-n=" + ",".join(names))
    if dead is not None:
        argv.append("--dead=" + dead)
    if dead_from is not None:
        argv.append("--dead-from=" + dead_from)
    status, out, err = run_cli_in_memory(argv)
    if status == 0:
        assert err == "" and out.startswith("Seats from the first")
    else:
        assert status == 2 and out == ""
        assert err.count("\n") == 1 and err.startswith("holdem ")


JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(2**63, 10**4000),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10),
        st.sampled_from(["As", "??", "Acted", "raise", "fold", "betting", "over", "holdem.hand"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _snapshot_paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    paths = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            paths += _snapshot_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            paths += _snapshot_paths(value, (*prefix, index))
    return paths


SNAPSHOT_TEXT = _snapshot_text()
SNAPSHOT_PATHS = _snapshot_paths(json.loads(SNAPSHOT_TEXT))[1:]


def _load(text: str | bytes) -> None:
    """Load a snapshot: a SnapshotError is fine, any other error is not; a hand that
    does load snapshots back to exactly the data it was read from."""
    try:
        hand = loads(text)
    except SnapshotError as error:
        assert "\n" not in str(error)
        return
    assert snapshot(hand) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SNAPSHOT_PATHS), JSON_VALUES, st.booleans())
def test_any_value_anywhere_in_a_snapshot(
    path: tuple[object, ...], value: object, delete: bool
) -> None:
    data = json.loads(SNAPSHOT_TEXT)
    target = data
    for key in path[:-1]:
        target = target[key]
    if delete and isinstance(target, dict):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    _load(json.dumps(data, ensure_ascii=False))


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_byte_change_to_a_snapshot(data: st.DataObject) -> None:
    good = SNAPSHOT_TEXT.encode("utf-8")
    at = data.draw(st.integers(0, len(good) - 1), label="at")
    insert = data.draw(st.binary(max_size=6), label="insert")
    cut = data.draw(st.integers(0, 6), label="cut")
    _load(good[:at] + insert + good[at + cut :])


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200))
def test_any_text_or_bytes_as_a_snapshot(text: str | bytes) -> None:
    _load(text)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.text(max_size=20).filter(lambda p: not p.startswith(("/", "~")) and ".." not in p),
        min_size=1,
        max_size=3,
    ),
    st.booleans(),
)
def test_any_paths_to_holdem_run(paths: list[str], quiet: bool) -> None:
    """Paths that do not exist, odd characters, NUL bytes: one error line and exit 2."""
    with tempfile.TemporaryDirectory() as folder:
        before = os.getcwd()
        os.chdir(folder)  # nothing here to find, whatever the paths say
        try:
            status, out, err = run_cli_in_memory(
                ["run", *(["--quiet"] if quiet else []), "--", *paths]
            )
        finally:
            os.chdir(before)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("holdem run: error: ")
