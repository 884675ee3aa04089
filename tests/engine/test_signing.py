"""Tamper-evident snapshots (issue 12, item 4): ``dumps(hand, key=...)`` signs with
HMAC-SHA256, and ``loads(text, key=...)`` refuses any altered byte with a SnapshotError.
Without a key, an edit that stays consistent with the log is accepted: the consistency
checks are not protection against tampering (this test shows it)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from holdem import Hand, TableConfig
from holdem.engine.signing import PREFIX, SignatureError, is_signed, sign, verify
from holdem.engine.snapshot import SnapshotError, dumps, loads, snapshot

KEY = b"k" * 32


def _hand() -> Hand:
    config = TableConfig([1000, 1000], 50, 100, names=["Anna", "Bjarni"])
    hand = Hand(config, hole_cards=["AsAh", "KsKh"], board="2c7d9hTs3s")
    hand.call(0)
    return hand


def test_signed_snapshot_round_trips() -> None:
    hand = _hand()
    text = dumps(hand, key=KEY)
    assert text.startswith(PREFIX) and text.split("\n", 1)[1] == dumps(hand)
    twin = loads(text, key=KEY)
    assert snapshot(twin) == snapshot(hand)
    assert snapshot(loads(text.encode("utf-8"), key=KEY.decode())) == snapshot(hand)


def test_consistent_edit_is_accepted_without_a_key_and_refused_with_one() -> None:
    """Issue 12: an undealt river card changed to another unseen card passes the
    consistency checks; only the signature catches it."""
    text = dumps(_hand())
    data = json.loads(text)
    assert data["board_cards"][4] == "3s"
    data["board_cards"][4] = "Ad"
    edited = json.dumps(data, ensure_ascii=False)
    assert loads(edited).board == ()  # accepted: consistent, and nothing shows it
    signed = dumps(_hand(), key=KEY)
    with pytest.raises(SnapshotError, match="the signature does not match"):
        loads(signed.replace('"3s"]', '"Ad"]'), key=KEY)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_altered_byte_is_refused(data: st.DataObject) -> None:
    signed = dumps(_hand(), key=KEY).encode("utf-8")
    at = data.draw(st.integers(0, len(signed) - 1), label="byte")
    new = data.draw(st.integers(0, 255).filter(lambda b: b != signed[at]), label="value")
    altered = signed[:at] + bytes([new]) + signed[at + 1 :]
    with pytest.raises(SnapshotError):
        loads(altered, key=KEY)


@pytest.mark.parametrize(
    "change",
    [
        lambda t: t + " ",
        lambda t: t[:-1],
        lambda t: t.replace("\n", "\n ", 1),
        lambda t: t.split("\n", 1)[1],  # the signature line removed
        lambda t: PREFIX.upper() + t[len(PREFIX) :],
    ],
    ids=["byte added", "byte removed", "space after the header", "unsigned", "header case"],
)
def test_added_removed_or_missing_bytes_are_refused(change: object) -> None:
    signed = dumps(_hand(), key=KEY)
    with pytest.raises(SnapshotError):
        loads(change(signed), key=KEY)  # type: ignore[operator]


def test_another_key_is_refused() -> None:
    with pytest.raises(SnapshotError, match="signed with another key"):
        loads(dumps(_hand(), key=KEY), key=b"x" * 32)


def test_signed_snapshot_without_its_key_is_refused_clearly() -> None:
    with pytest.raises(
        SnapshotError, match="the snapshot is signed: it can be read only with its key"
    ):
        loads(dumps(_hand(), key=KEY))


@pytest.mark.parametrize("key", [b"", b"short", "fifteen chars!!", 12345])
def test_unusable_keys_are_refused(key: object) -> None:
    with pytest.raises(SnapshotError, match="a key"):
        dumps(_hand(), key=key)  # type: ignore[arg-type]
    with pytest.raises(SignatureError):
        sign("text", key)  # type: ignore[arg-type]


def test_sign_and_verify_any_text_for_other_snapshots() -> None:
    """The same functions sign any text, such as a table snapshot."""
    text = '{"schema": "holdem.table", "seats": ["Davíð", "\\udcff"]}\nsecond line'
    signed = sign(text, KEY)
    assert is_signed(signed) and is_signed(signed.encode()) and not is_signed(text)
    assert verify(signed, KEY) == text
    assert verify(signed.encode("utf-8"), KEY) == text
    lone = "name \udcff"  # a lone surrogate, which a Python string may hold
    assert verify(sign(lone, KEY), KEY) == lone
    with pytest.raises(SignatureError, match="not signed"):
        verify(text, KEY)
    with pytest.raises(SignatureError, match="text or bytes"):
        verify(42, KEY)  # type: ignore[arg-type]


def test_read_json_reads_any_signed_snapshot_format() -> None:
    """`read_json` is the safe, signature-checking reader for other snapshot formats too."""
    from holdem.engine.snapshot import read_json

    text = json.dumps({"schema": "holdem.table", "stacks": [1000, 2**63 - 1]})
    assert read_json(sign(text, KEY), key=KEY) == json.loads(text)
    assert read_json(text) == json.loads(text)
    with pytest.raises(SnapshotError, match="the signature does not match"):
        read_json(sign(text, KEY).replace("1000", "1001"), key=KEY)
    with pytest.raises(SnapshotError, match="not signed"):
        read_json(text, key=KEY)
    with pytest.raises(SnapshotError, match="nested too deeply"):
        read_json(sign("[" * 100_000 + "]" * 100_000, KEY), key=KEY)
