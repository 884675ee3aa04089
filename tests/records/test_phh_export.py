"""Faithful PHH export: what the engine plays, written as PHH, replays to the same hand.

Also the ``holdem export`` and ``holdem replay --print`` commands.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import play_random_hand, play_to_the_end, seeds, settle_configs, table_configs

from conftest import corpus_file
from holdem import ConfigError, Hand, TableConfig
from holdem.cli.command import main
from holdem.records import (
    MATCHED,
    PHHError,
    dumps,
    dumps_all,
    record_to_phh,
    replay,
    replay_record,
    table_config,
    to_phh,
)

SAMPLE = Path(__file__).parents[1] / "data" / "corpus-sample.jsonl"
NAMES = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=12).filter(
    str.strip
)


def round_trip(hand: Hand) -> dict:
    """Export, read back with tomllib, replay; the replay must match and export the same text."""
    text = dumps(to_phh(hand))
    record = tomllib.loads(text)
    result = replay_record(record)
    assert result.status == MATCHED, (result.divergence(), text)
    assert dumps(record_to_phh(record)) == text
    return record


def _reads_as_blinds(config: TableConfig) -> bool:
    """The table PHH cannot tell from small and big blinds (the export refuses it)."""
    return bool(
        config.straddles
        and config.small_blind_seat is None
        and config.big_blind_seat == (config.button + 1) % config.seats
        and config.min_bet >= 2 * config.big_blind
    )


@st.composite
def _extras(draw: st.DrawFn, config: TableConfig, fields: dict) -> dict:
    """Straddles (R11.1), live and dead posts (R14.3), free folds (R3.1), several runs
    (R12) and rake (R13), at random."""
    n = config.seats
    extras: dict = {"free_fold": draw(st.booleans()), "max_runs": draw(st.integers(1, 3))}
    if draw(st.booleans()):
        extras["rake"] = {
            "rate": draw(st.sampled_from(["5%", "1/20", "10%", "0.03"])),
            "cap": draw(st.none() | st.integers(0, 50)),
            "no_flop_no_drop": draw(st.booleans()),
        }
    big = fields.get("big_blind_seat", config.big_blind_seat)
    blinds = {big, fields.get("small_blind_seat", config.small_blind_seat)}
    straddles: list[int] = []
    kind = draw(st.sampled_from(["none", "utg", "button"])) if n > 2 else "none"
    if kind == "utg" and n >= 4:
        seat = (big + 1) % n
        while seat not in blinds and (not straddles or straddles[-1] != config.button):
            straddles.append(seat)
            seat = (seat + 1) % n
        straddles = straddles[: draw(st.integers(1, 3))]
    elif kind == "button" and config.button not in blinds:
        straddles = [config.button]
    extras["straddles"] = straddles
    free = [s for s in range(n) if s not in blinds and s not in straddles]
    if n > 2 and free and draw(st.booleans()):
        poster = draw(st.sampled_from(free))
        live, dead = [0] * n, [0] * n
        live[poster] = config.big_blind if draw(st.booleans()) else 0
        dead[poster] = draw(st.integers(0, config.big_blind))
        extras["live_posts"], extras["dead_posts"] = live, dead
    return extras


@st.composite
def engine_hands(draw: st.DrawFn) -> Hand:
    """A hand played to the end under any configuration the engine supports: antes of
    each type, pot-limit, chip units, a dead small blind or moved blinds, straddles,
    live and dead posts, free folds, runs of the board, rake, any names, an automatic
    or a manual showdown with random shows and mucks."""
    config = draw(table_configs(with_min_bet=True))
    fields = config.to_dict()
    n = config.seats
    if n > 2 and draw(st.booleans()):
        # A dead small blind: the big blind one or two seats left of the button.
        fields["small_blind_seat"] = None
        fields["big_blind_seat"] = (config.button + draw(st.sampled_from([1, 2]))) % n
    fields["names"] = draw(st.lists(NAMES, min_size=n, max_size=n, unique=True))
    extras = draw(_extras(config, fields))
    try:
        config = TableConfig(**{**fields, **extras})  # type: ignore[arg-type]
    except ConfigError:  # a stack too short to straddle, say: the table without them
        config = TableConfig(**fields)  # type: ignore[arg-type]
    if _reads_as_blinds(config):
        config = TableConfig(**fields)  # type: ignore[arg-type]
    manual = draw(st.booleans())
    hand = Hand(
        config,
        seed=draw(seeds),
        show_policy="manual" if manual else "auto",
    )
    play_random_hand(draw(st.data()), hand)
    while hand.run_seat is not None:
        hand.choose_runs(hand.run_seat, draw(st.integers(1, config.max_runs), label="runs"))
    while hand.showdown_seat is not None:
        seat = hand.showdown_seat
        if draw(st.booleans(), label="muck"):
            try:
                hand.muck(seat)
                continue
            except ValueError:
                pass
        hand.show(seat)
    return hand


@settings(max_examples=300, deadline=None)
@given(engine_hands())
def test_export_then_replay_gives_the_same_hand_under_every_configuration(hand: Hand) -> None:
    """Every engine hand, exported and replayed, ends on the same stacks and exports the same."""
    record = round_trip(hand)
    assert record["finishing_stacks"][-1] == hand.stacks[hand.config.button]
    replayed = replay(record)
    assert sorted(replayed.stacks) == sorted(hand.stacks)
    assert replayed.config.structure == hand.config.structure
    assert replayed.config.chip_unit == hand.config.chip_unit
    assert replayed.config.free_fold == hand.config.free_fold
    assert len(replayed.config.straddles) == len(hand.config.straddles)
    assert replayed.config.rake == hand.config.rake
    assert replayed.run_count == hand.run_count


@settings(max_examples=200, deadline=None)
@given(settle_configs(), seeds, st.data())
def test_runs_and_rake_export_and_replay_to_the_same_hand(
    config: TableConfig, seed: int, data: st.DataObject
) -> None:
    """R12, R13 (with straddles and posts, R11, R14.3): all-ins are frequent, so the
    board is often run more than once; export and replay give the same hand."""
    assume(not _reads_as_blinds(config))
    hand = Hand(config, seed=seed)
    play_to_the_end(data, hand)
    record = round_trip(hand)
    assert record.get("_run_count", 1) == hand.run_count
    assert replay(record).stacks == tuple(record["finishing_stacks"])


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",))))
def test_any_text_is_written_as_valid_toml(text: str) -> None:
    """Names and user fields are escaped so the TOML is always valid (\\x7f, quotes, newlines)."""
    assert tomllib.loads(dumps({"name": text, "_note": [text]})) == {
        "name": text,
        "_note": [text],
    }


def test_delete_and_control_characters_in_names_round_trip() -> None:
    names = ["a\x7fb", 'quote " and \\ backslash', "line\nbreak\ttab", "\x00\x1f"]
    hand = Hand(TableConfig([1000] * 4, 5, 10, names=names), seed=1)
    while hand.to_act is not None:
        hand.fold(hand.to_act)
    record = round_trip(hand)
    assert sorted(record["players"]) == sorted(names)


def test_a_lone_surrogate_or_a_huge_number_is_refused_clearly() -> None:
    with pytest.raises(PHHError, match="lone surrogate"):
        dumps({"players": ["\ud800"]})
    with pytest.raises(PHHError, match="above 2\\*\\*63 - 1"):
        dumps({"_x": {"y": [10**5000]}})


def _all_in_hand(**config: object) -> Hand:
    hand = Hand(
        TableConfig([1000, 1000, 1000], 50, 100, **config),  # type: ignore[arg-type]
        hole_cards=["AhAs", "KhKs", "QhQs"],
        board="2c7d9hTs3s",
    )
    hand.all_in(0)
    hand.call(1)
    hand.fold(2)
    return hand


def test_shows_after_an_all_in_come_before_the_run_out_board() -> None:
    """PHH and PokerKit put the shows before the board dealt without betting (R5.3, R6.4)."""
    actions = to_phh(_all_in_hand())["actions"]
    assert actions[3:] == [
        "p3 cbr 1000",
        "p1 cc",
        "p2 f",
        "p3 sm AhAs",
        "p1 sm KhKs",
        "d db 2c7d9h",
        "d db Ts",
        "d db 3s",
    ]


def test_recorded_shows_stay_shows() -> None:
    """A losing hand shown at the showdown is written as a show, not a muck."""
    record = {
        "variant": "NT",
        "antes": [0, 0],
        "blinds_or_straddles": [50, 100],
        "min_bet": 100,
        "starting_stacks": [1000, 1000],
        "actions": ["d dh p1 AsAh", "d dh p2 KsKh", "p2 cc", "p1 cc"]
        + [a for board in ("2c7d9h", "Ts", "3d") for a in (f"d db {board}", "p1 cc", "p2 cc")]
        + ["p1 sm AsAh", "p2 sm KsKh"],
    }
    assert record_to_phh(record)["actions"][-2:] == ["p1 sm AsAh", "p2 sm KsKh"]


@pytest.mark.parametrize(
    ("seats", "big_blind_seat", "blinds", "antes"),
    [
        (4, 2, [0, 10, 0, 0], [0, 3, 0, 0]),  # dead small blind, big blind in place
        (4, 1, [10, 0, 0, 0], [3, 0, 0, 0]),  # the big blind moved next to the button
        (3, 1, [10, 0, 0], [3, 0, 0]),
    ],
)
def test_r2_1_dead_or_moved_blinds_are_written_at_their_posters(
    seats: int, big_blind_seat: int, blinds: list[int], antes: list[int]
) -> None:
    """R2.1, R14: a Table's dead small blind writes a 0 there, and the big blind (with its
    big-blind ante) at the poster's index; the replay reads the same table back."""
    config = TableConfig(
        [500] * seats,
        5,
        10,
        button=0,
        ante=3,
        ante_type="big_blind",
        small_blind_seat=None,
        big_blind_seat=big_blind_seat,
    )
    hand = Hand(config, seed=3)
    while hand.to_act is not None:
        hand.check_or_call(hand.to_act)
    record = round_trip(hand)
    assert (record["blinds_or_straddles"], record["antes"]) == (blinds, antes)
    again = table_config(record)
    assert again.small_blind_seat is None
    assert again.big_blind_seat == (big_blind_seat - 1) % seats


def test_heads_up_blinds_are_written_small_blind_first() -> None:
    """PHH's heads-up convention: [SB, BB] although p1 posts the big blind (R2.2)."""
    hand = Hand(TableConfig([500, 500], 5, 10, button=1), seed=3)
    hand.fold(1)
    assert to_phh(hand)["blinds_or_straddles"] == [5, 10]
    assert round_trip(hand)["finishing_stacks"] == [505, 495]


def test_r3_5_pot_limit_is_written_pt() -> None:
    hand = Hand(TableConfig([1000, 1000], 50, 100, structure="pot_limit"), seed=2)
    hand.raise_to(0, 300)
    hand.fold(1)
    record = round_trip(hand)
    assert record["variant"] == "PT"


def test_r8_3_chip_unit_is_the_user_field_chip_unit() -> None:
    """R8.3: a chip unit above 1 is written ``_chip_unit`` and read back."""
    hand = Hand(TableConfig([1000, 1000, 1000], 25, 50, chip_unit=25), seed=5)
    hand.fold(0)
    hand.fold(1)
    record = round_trip(hand)
    assert record["_chip_unit"] == 25
    assert replay(record).config.chip_unit == 25
    assert "_chip_unit" not in to_phh(Hand(TableConfig([100, 100], 1, 2), seed=1))


def test_the_sample_exports_and_replays_to_the_same_stacks() -> None:
    """Every bundled corpus hand: exported, read back, replayed: the corpus's stacks."""
    records = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    assert len(records) == 68
    for record in records:
        written = tomllib.loads(dumps(record_to_phh(record)))
        assert written["_id"] == record["id"]
        assert replay_record(written).finishing_stacks == tuple(record["finishing_stacks"])


@pytest.mark.parametrize("name", ["phh-nlhe-public.jsonl", "rulebook-random.jsonl"])
def test_every_corpus_hand_exports_and_replays_to_its_stacks(name: str) -> None:
    """100% over the corpus: 2,047 real hands and 5,000 rule-book hands, exported as
    PHH and replayed, end on the corpus's stacks and export the same text again."""
    lines = corpus_file(name).read_text(encoding="utf-8").splitlines()
    wrong = []
    for line in lines:
        record = json.loads(line)
        text = dumps(record_to_phh(record))
        again = tomllib.loads(text)
        result = replay_record(again)
        if result.finishing_stacks != tuple(record["finishing_stacks"]):
            wrong.append((record["id"], result.divergence()))
        elif dumps(record_to_phh(again)) != text:
            wrong.append((record["id"], "exports differently"))
    assert wrong == []
    assert len(lines) == {"phh-nlhe-public.jsonl": 2047, "rulebook-random.jsonl": 5000}[name]


# ------------------------------------------------------------------ the commands
def _lines(records: list[dict]) -> str:
    return "".join(json.dumps(record) + "\n" for record in records)


def _sample(count: int) -> list[dict]:
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()[:count]
    return [json.loads(line) for line in lines]


def test_export_writes_every_replayable_hand_in_input_order(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, third = _sample(3)
    wrong = dict(second, finishing_stacks=[1] * len(second["starting_stacks"]))
    (tmp_path / "a.jsonl").write_text(_lines([first, wrong]), encoding="utf-8")
    (tmp_path / "b.phh").write_text(dumps(record_to_phh(third)), encoding="utf-8")
    out = tmp_path / "out.phhs"
    status = main(["export", str(tmp_path / "a.jsonl"), str(tmp_path / "b.phh"), "-o", str(out)])
    printed = capsys.readouterr().out
    assert status == 1
    assert printed.splitlines()[0].startswith(f"differed {second['id']}: ")
    assert printed.splitlines()[-1] == f"2 of 3 hands written to {out}"
    text = out.read_text(encoding="utf-8")
    assert text.startswith("[1]\n") and "\n[2]\n" in text
    tables = tomllib.loads(text)
    assert [tables[k]["_id"] for k in ("1", "2")] == [first["id"], third["id"]]
    assert text == dumps_all([record_to_phh(first), record_to_phh(third)])


def test_export_to_a_phh_file_and_to_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.jsonl"
    source.write_text(_lines(_sample(12)), encoding="utf-8")
    folder = tmp_path / "hands"
    assert main(["export", str(source), "-o", str(folder)]) == 0
    files = sorted(folder.iterdir())
    assert [f.name for f in files[:2]] == ["01.phh", "02.phh"] and len(files) == 12
    assert main(["replay", str(folder)]) == 0
    one = tmp_path / "one.jsonl"
    one.write_text(_lines(_sample(1)), encoding="utf-8")
    assert main(["export", str(one), "-o", str(tmp_path / "one.phh")]) == 0
    assert replay_record(tomllib.loads((tmp_path / "one.phh").read_text())).status == MATCHED
    capsys.readouterr()
    assert main(["export", str(source), "-o", str(tmp_path / "many.phh")]) == 2
    assert capsys.readouterr().err == (
        "holdem export: error: many.phh holds one hand and there are 12 to write "
        "(use a .phhs file or a folder)\n"
    )
    assert not (tmp_path / "many.phh").exists()


def test_export_of_nothing_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", str(tmp_path / "missing.jsonl"), "-o", str(tmp_path / "o")]) == 2
    assert capsys.readouterr().err.startswith("holdem export: error: no such file or folder")


def test_replay_print_shows_each_hand_history(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.jsonl"
    first, second = _sample(2)
    source.write_text(_lines([first, second]), encoding="utf-8")
    assert main(["replay", "--print", str(source)]) == 0
    out = capsys.readouterr().out
    assert out.count("*** Result ***") == 2
    assert f"Hand {first['id']}\nNo-limit hold'em, blinds 50/100, 6 players\n" in out
    assert out.splitlines()[-1] == "2 hands: 2 matched, 0 differed, 0 rejected, 0 unsupported"


def test_a_hand_that_cannot_be_written_is_listed_and_the_others_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """JSON text may hold a lone surrogate (``"\\ud800"``), which no UTF-8 file can: in a
    user field the hand cannot be written, in a name it is refused."""
    first, second = _sample(2)
    bad = dict(second, _note="\ud800")
    source = tmp_path / "in.jsonl"
    source.write_text(_lines([first, bad]), encoding="utf-8")
    out = tmp_path / "out.phhs"
    assert main(["export", str(source), "-o", str(out)]) == 1
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith(f"rejected {second['id']}: cannot be written as PHH: ")
    assert printed[-1] == f"1 of 2 hands written to {out}"
    assert list(tomllib.loads(out.read_text(encoding="utf-8"))) == ["1"]
    result = replay_record(dict(second, players=["\ud800", "b", "c", "d", "e", "f"]))
    assert result.error is not None
    assert result.error["message"] == "players[0] holds a lone surrogate: not text"
