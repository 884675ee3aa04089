"""iPoker XML sessions: the site's own ``win - bet`` is the check (R13: the
site's rake, R3.7: strict replay), never figures derived from our reading of
the actions, so a misread action cannot be reported ``matched``.

tests/data/sites/ipoker-variants.xml is composed for the project; every
figure asserted here was worked out by hand.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands() -> dict[str, Imported]:
    text = decode((DATA / "ipoker-variants.xml").read_bytes())
    return {h.hand: h for h in import_text(text, "ipoker-variants.xml")}


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_r13_uncalled_river_bet_is_in_both_win_and_bet() -> None:
    """Spanish client (``Holdem SL``: sin limite): Quo's 0.04 river bet comes
    back; ``win`` 0.08 and ``bet`` 0.06 both hold it, so the net is 0.02."""
    hand = _hands()["810000001"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Pia": "0.00", "Quo": "0.02", "Hero": "-0.02"}
    assert (hand.pot, hand.rake) == (Decimal("0.04"), Decimal("0.00"))


def test_r13_rake_is_bets_less_wins() -> None:
    """Ann's 1.00 river bet is uncalled; 2.40 went in, 2.34 came out: rake 0.06."""
    hand = _hands()["810000002"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "0.64", "Bob": "-0.70"}
    assert (hand.pot, hand.rake) == (Decimal("1.40"), Decimal("0.06"))


def test_r3_7_a_bet_attribute_the_actions_do_not_reach_differs() -> None:
    """Game 810000003 matches as written; with Bob's ``bet`` made 0.80 while
    his actions put in 0.70, the site's figures disagree with the hand, so it
    differs (never matched), whatever the actions say."""
    assert _hands()["810000003"].status == "matched"
    text = decode((DATA / "ipoker-variants.xml").read_bytes())
    bob = 'name="Bob" chips="$9.30" dealer="0" win="$0" bet="$0.70"'
    assert bob in text
    hands = import_text(text.replace(bob, bob.replace("$0.70", "$0.80")), "x.xml")
    hand = {h.hand: h for h in hands}["810000003"]
    assert (hand.status, hand.reason) == ("differed", "net")
    assert hand.site_net is not None and hand.site_net["Bob"] == Decimal("-0.80")


def test_r3_4_type_6_is_an_all_in_adding_its_sum() -> None:
    """Type 6 adds its sum like type 7: Ann puts her last 1.90 in (2.00 in
    all) and Bob calls 1.70; Ann's aces win 3.90 after a 0.10 rake."""
    hand = _hands()["810000004"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "1.90", "Bob": "-2.00"}
    assert hand.rake == Decimal("0.10")


def test_each_session_has_its_own_game() -> None:
    """A file of several sessions: the Omaha session's game is ``not_nlhe``
    and the Russian client's ``Holdem БЛ`` (no limit) session is read."""
    hands = _hands()
    assert (hands["810000005"].status, hands["810000005"].reason) == ("skipped", "not_nlhe")
    assert hands["810000006"].status == "matched"
    assert _nets(hands["810000006"]) == {"Ann": "5", "Bob": "-5"}
    assert len(hands) == 6


def test_other_limits_are_not_nlhe() -> None:
    text = decode((DATA / "ipoker-variants.xml").read_bytes())
    for game in ("Holdem PL $0.05/$0.10", "Holdem L $0.05/$0.10", "Six Plus Holdem NL"):
        changed = text.replace("Holdem NL $0.05/$0.10", game)
        reasons = {h.hand: h.reason for h in import_text(changed, "x.xml")}
        assert reasons["810000002"] == "not_nlhe", game


def test_concatenated_exports_each_with_its_xml_line() -> None:
    """Two exports glued together (each with its own ``<?xml`` line): every
    game of both is reported, each with its own session's game."""
    one = decode((DATA / "ipoker.xml").read_bytes())
    two = decode((DATA / "ipoker-variants.xml").read_bytes())
    alone = [h.hand for h in import_text(one, "a.xml")] + list(_hands())
    glued = import_text(one.rstrip() + "\n" + two, "ab.xml")
    assert [h.hand for h in glued] == alone
    assert {h.hand: h.reason for h in glued}["810000005"] == "not_nlhe"
