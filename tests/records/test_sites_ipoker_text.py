"""iPoker text histories (``GAME #N`` blocks): read, replayed strictly (R3.7)
and checked against the site's pot, rake (R13: the site's figure) and nets.

The fixtures tests/data/sites/ipoker-text*.txt are composed for the project;
every figure asserted here was worked out by hand from the lines.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, detect, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands(name: str) -> dict[str, Imported]:
    text = decode((DATA / name).read_bytes())
    return {h.hand: h for h in import_text(text, name)}


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_ipoker_text_is_detected_as_ipoker() -> None:
    for name in ("ipoker-text.txt", "ipoker-text-tournament.txt"):
        assert detect(decode((DATA / name).read_bytes())) == "ipoker"


def test_r13_cash_pot_is_written_after_the_rake_and_without_the_uncalled_bet() -> None:
    """``Uncalled:Y``: Ann's 2.00 turn bet comes back; the pot 2.90 is the
    written 2.75 plus the rake 0.15; raises are to a street total."""
    hand = _hands("ipoker-text.txt")["900000001"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "1.35", "Bob": "-0.10", "Cid": "-1.40", "Dee": "0.00"}
    assert (hand.pot, hand.rake) == (Decimal("2.90"), Decimal("0.15"))


def test_r6_allin_adds_chips_and_a_seat_with_no_line_sat_out() -> None:
    """``Allin 11.80`` adds to Dee's 0.20 blind (a raise to 12.00); Eve has a
    seat line and nothing else: not dealt in, not in the nets."""
    hand = _hands("ipoker-text.txt")["900000002"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "11.50", "Bob": "0.00", "Cid": "-0.10", "Dee": "-12.00"}
    assert (hand.pot, hand.rake) == (Decimal("24.10"), Decimal("0.60"))
    assert hand.record is not None and "p2 cbr 1200" in hand.record["actions"]


def test_r3_old_files_count_the_uncalled_bet_and_misordered_calls_wait_their_turn() -> None:
    """No ``Uncalled:Y``: Hal's 9.00 uncalled bet is in the written pot (19.25)
    and his ``wins``; Fay's flop call written before Hal's bet is placed after it."""
    hand = _hands("ipoker-text.txt")["900000003"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Fay": "-4.50", "Gus": "-1.50", "Hal": "5.75"}
    assert (hand.pot, hand.rake) == (Decimal("10.50"), Decimal("0.25"))
    assert hand.record is not None
    flop = hand.record["actions"][hand.record["actions"].index("d db As5h3c") + 1 :]
    assert flop[:4] == ["p1 cc", "p2 cbr 300", "p3 cc", "p1 f"]


def test_other_games_are_skipped_not_nlhe() -> None:
    hand = _hands("ipoker-text.txt")["900000006"]
    assert (hand.status, hand.reason) == ("skipped", "not_nlhe")


def test_r2_tournament_antes_a_short_small_blind_and_side_pots() -> None:
    """No stakes in a tournament header: the blinds are 50/100 from the posts
    (Cid's 30 is all he has after the ante); Ann wins every pot (R8)."""
    hand = _hands("ipoker-text-tournament.txt")["900000004"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "480", "Bob": "-130", "Cid": "-40", "Dee": "-310"}
    assert (hand.pot, hand.rake) == (Decimal("790"), Decimal("0"))
    assert hand.record is not None
    assert hand.record["blinds_or_straddles"] == [50, 100, 0, 0]
    assert hand.record["antes"] == [10, 10, 10, 10]


def test_r3_checks_written_before_the_turn_line_belong_to_the_turn() -> None:
    """The flop closed with Ann's call: the two checks after it are the
    turn's, though written before ``*** TURN ***``; the 400 river bet is
    uncalled (an old file: counted in the written pot of 800)."""
    hand = _hands("ipoker-text-tournament.txt")["900000005"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "-200", "Dee": "200"}
    assert hand.pot == Decimal("400")
    assert hand.record is not None
    actions = hand.record["actions"]
    assert actions[actions.index("d db 5s") + 1 : actions.index("d db Th")] == ["p1 cc", "p2 cc"]


def test_a_hand_cut_short_is_partial() -> None:
    text = (DATA / "ipoker-text.txt").read_text(encoding="utf-8")
    cut = text.split("*** SUMMARY ***", 1)[0]
    [hand] = import_text(cut, "x.txt")
    assert (hand.status, hand.reason) == ("skipped", "partial")


def test_an_unknown_line_is_unknown_action() -> None:
    text = (DATA / "ipoker-text.txt").read_text(encoding="utf-8")
    odd = text.replace("Dee: Fold\n", "Dee: Dances €0.20\n", 1)
    hand = {h.hand: h for h in import_text(odd, "x.txt")}["900000001"]
    assert (hand.status, hand.reason) == ("skipped", "unknown_action")


def test_r2_ipoker_xml_tournament_with_localized_thousands_and_an_unclosed_game() -> None:
    """A session with ``<tournamentname>`` is a tournament (chips, no rake);
    ``1.500`` is 1,500 chips (an Italian client's thousands mark); the stakes
    20/40 come from the posts; the last ``<game>`` ends after its last round
    with no closing tag and is still read; the net is win - bet."""
    hands = _hands("ipoker-tournament.xml")
    first, second = hands["810000011"], hands["810000012"]
    assert first.status == "matched"
    assert _nets(first) == {"Ann": "-1500", "Bob": "1740", "Cid": "-40", "Dee": "-200"}
    assert (first.pot, first.rake) == (Decimal("3240"), Decimal("0"))
    assert first.record is not None and first.record["blinds_or_straddles"][:2] == [20, 40]
    assert second.status == "matched"
    assert _nets(second) == {"Bob": "60", "Cid": "-20", "Dee": "-40"}  # Ann (0 chips) is out
