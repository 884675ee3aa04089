"""Site files cut mid-line, hands of sites not read, huge amounts and chat:
never a wrong ``matched``, never a hand lost (R3.7: what cannot be replayed
exactly is reported, never guessed). Every hand here is composed for the
test; its figures are worked out in the docstrings."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

import holdem.records.sites as sites
from holdem.records.sites import import_paths, import_text
from holdem.records.sites.check import Imported
from holdem.records.sites.model import REASONS, SiteHand

DATA = Path(__file__).parents[1] / "data" / "sites"

STARS = """PokerStars Hand #300000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/02 10:00:00 ET
Table 'Composed' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Bob: posts small blind $0.05
Cid: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $0.20 to $0.30
Bob: folds
Cid: folds
Uncalled bet ($0.20) returned to Ann
Ann collected $0.25 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.25 | Rake $0
Seat 1: Ann (button) collected ($0.25)
Seat 2: Bob (small blind) folded before Flop
Seat 3: Cid (big blind) folded before Flop
"""
STARS_NET = {"Ann": Decimal("0.15"), "Bob": Decimal("-0.05"), "Cid": Decimal("-0.10")}

PARTY = """***** Hand History for Game 700000901 *****
$0.25/$0.50 USD NL Texas Hold'em - Monday, January 05, 10:00:00 EDT 2026
Table Composed (Real Money)
Seat 1 is the button
Total number of players : 3/6
Seat 1: Ann ( $50 USD )
Seat 2: Bob ( $20 USD )
Seat 4: Cid ( $40 USD )
Bob posts small blind [$0.25 USD].
Cid posts big blind [$0.50 USD].
** Dealing down cards **
Ann calls [$0.50 USD]
Bob calls [$0.25 USD]
Cid checks
** Dealing Flop ** [ 2c, 7d, Jh ]
Bob checks
Cid bets [$1 USD]
Ann calls [$1 USD]
Bob folds
** Dealing Turn ** [ 4s ]
Cid checks
Ann checks
** Dealing River ** [ 9c ]
Cid bets [$2 USD]
Ann folds
Cid does not show cards.
Cid wins $5.33 USD"""


def _stars(number: int) -> str:
    return STARS.replace("#300000001", f"#30000000{number}")


def _file(tmp_path: Path, text: str, name: str = "h.txt") -> list[Imported]:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    [(_, found)] = list(import_paths([path]))
    assert not isinstance(found, str), found
    return found


def _summary(hands: list[Imported]) -> list[tuple[str, str, str | None]]:
    return [(h.hand, h.status, h.reason) for h in hands]


# 1. A figure line cut short never matches.


def test_partypoker_full_winner_line_matches() -> None:
    """Pot 0.50 x 3 + 1 x 2 = 3.50; Cid's river bet of 2 comes back uncalled
    (R6.4) inside ``wins $5.33``: he nets 5.33 - 3.50 = 1.83 and the site
    kept 3.50 + 2 - 5.33 = 0.17 (4.9%, the inferred rake)."""
    [hand] = import_text(PARTY)
    assert (hand.status, hand.reason) == ("matched", None), hand.detail
    assert hand.net == {"Ann": Decimal(-1.5), "Bob": Decimal("-0.50"), "Cid": Decimal("1.83")}
    assert hand.rake == Decimal("0.17")


def test_partypoker_winner_line_cut_short_is_partial() -> None:
    """``Cid wins $5.3`` (the file cut inside the amount) read as 5.30 passed
    the lost 0.03 as rake (0.20, 5.7% of 3.50): it was ``matched``. A
    ``wins`` line needs its currency or ``chips`` after the amount."""
    [hand] = import_text(PARTY.replace("wins $5.33 USD", "wins $5.3"))
    assert (hand.status, hand.reason) == ("skipped", "partial")
    assert hand.detail == "a winner's line cut short: 'Cid wins $5.3'"


def test_pacific_collected_line_cut_short_is_partial() -> None:
    """888poker's ``collected [ $X ]`` without its closing bracket was read past."""
    text = (DATA / "888.txt").read_text(encoding="utf-8")
    first = text.split("\n\n")[0]
    assert "collected [ $" in first
    cut = first[: first.index("collected [ $") + len("collected [ $1")]
    [hand] = import_text(cut)
    assert (hand.status, hand.reason) == ("skipped", "partial")


@pytest.mark.parametrize(
    ("tail", "status", "reason"),
    [
        ("Cid wins $5.33 USD", "matched", None),  # complete, without a line end
        ("Cid wins $5.33 USD\n", "matched", None),
        ("Cid wins $5.3", "skipped", "partial"),
    ],
)
def test_a_files_last_line_without_line_end(
    tmp_path: Path, tail: str, status: str, reason: str | None
) -> None:
    hands = _file(tmp_path, PARTY.replace("Cid wins $5.33 USD", tail))
    assert [(h.status, h.reason) for h in hands] == [(status, reason)]


def test_a_stars_file_cut_after_a_name_is_partial(tmp_path: Path) -> None:
    """A file ending in ``Bob:`` (no line end) was ``unknown_action: Bob:``."""
    cut = STARS[: STARS.index("Bob: folds") + len("Bob:")]
    [hand] = _file(tmp_path, cut)
    assert (hand.status, hand.reason) == ("skipped", "partial")
    assert hand.detail == "the file's last line is cut short: 'Bob:'"


def test_a_stars_file_cut_in_its_last_figure_is_partial(tmp_path: Path) -> None:
    cut = STARS[: STARS.index("collected ($0.25)") + len("collected ($0.2")]
    [hand] = _file(tmp_path, _stars(2) + "\n" + cut)[1:]
    assert (hand.status, hand.reason) == ("skipped", "partial")


# 2. Hands of sites not read start hands of their own.

ACR = """Game Hand #5001 - Tournament #77 - Holdem(No Limit) - Level 1 (10.00/20.00)- 2026/01/02 10:00:00 UTC
Table '77 1' 6-max Seat #1 is the button
Seat 1: Ann (1500.00)
Seat 2: Bob (1500.00)
Ann posts the small blind 10.00
Bob posts the big blind 20.00
*** HOLE CARDS ***
Ann folds
Bob does not show
*** SUMMARY ***
Total pot 4800.00 | Rake 0
Seat 2: Bob won 20.00
"""
IGNITION = """Ignition Hand #5002 TBL#9 HOLDEMZonePoker No Limit - 2026-01-02 10:00:00
Seat 1: UTG ($5 in chips)
Seat 2: UTG+1 ($5 in chips)
UTG : Small Blind $0.02
UTG+1 : Big blind $0.05
UTG : Folds
UTG+1 : Hand result $0.04
*** SUMMARY ***
Total Pot($0.07)
"""


@pytest.mark.parametrize(
    ("foreign", "number"),
    [
        (ACR, "5001"),
        (IGNITION, "5002"),
        (IGNITION.replace("Ignition", "Bovada"), "5002"),
        ("Full Tilt Poker Game #5003: Table T (6 max) - $0.05/$0.10 - No Limit Hold'em\n", "5003"),
    ],
)
def test_a_hand_of_a_site_not_read_is_skipped_and_spares_its_neighbours(
    foreign: str, number: str
) -> None:
    """``cat`` of a PokerStars hand, a hand of another site and a PokerStars
    hand: the other site's lines were read into the first hand (its ``Total
    pot 4800.00`` made it ``differed``) or vanished; now each hand is one
    line of the report."""
    hands = import_text(_stars(1) + "\n\n" + foreign + "\n\n" + _stars(2))
    assert _summary(hands) == [
        ("300000001", "matched", None),
        (number, "skipped", "unknown_site"),
        ("300000002", "matched", None),
    ]
    assert hands[0].net == STARS_NET and hands[1].site == "unknown"
    assert hands[1].line == STARS.count("\n") + 3


def test_a_foreign_hand_after_a_winamax_or_888_hand_spares_it() -> None:
    text = (DATA / "888.txt").read_text(encoding="utf-8").split("\n\n")[0]
    hands = import_text(text + "\n" + ACR)
    assert [h.status for h in hands] == ["matched", "skipped"]
    assert hands[1].reason == "unknown_site"


def test_a_stars_first_line_without_its_number_sign_is_its_own_hand() -> None:
    """``PokerStars Hand 300000002:`` (its ``#`` lost) was read into the hand
    before it, which the engine then refused (``rejected``)."""
    broken = _stars(2).replace("Hand #", "Hand ", 1)
    hands = import_text(_stars(1) + "\n" + broken + "\n" + _stars(3))
    assert _summary(hands) == [
        ("300000001", "matched", None),
        (f"line-{STARS.count(chr(10)) + 2}", "skipped", "partial"),
        ("300000003", "matched", None),
    ]


def test_a_second_total_pot_line_is_never_matched() -> None:
    """A hand whose summary is written twice (another hand's lines after it,
    their first line not known) conflicts with itself: never ``matched``."""
    text = _stars(1) + "\nSomething Poker #1\n*** SUMMARY ***\nTotal pot $0.25 | Rake $0\n"
    [hand] = import_text(text)
    assert (hand.status, hand.reason) == ("differed", "summary")
    assert "a second total pot line" in hand.detail


# 3. Huge or over-precise amounts.


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("raises $0.20 to $0.30", "raises $0.20 to $1" + "0" * 5000),
        ("($10 in chips)", "($1" + "0" * 5000 + " in chips)"),
        ("Total pot $0.25", "Total pot $1" + "0" * 5000),
        ("raises $0.20 to $0.30", "raises $0.20 to $0.3" + "0" * 5000),
    ],
)
def test_a_huge_amount_is_bad_amount_and_spares_the_other_hands(
    tmp_path: Path, old: str, new: str
) -> None:
    """An amount of more than 30 digits (a stack of 10**5000, 5,000
    decimals) raised a raw ValueError through ``import_text`` or was refused
    by the replay; on the command line the file's later hands were lost."""
    text = _stars(1) + "\n" + _stars(2).replace(old, new, 1) + "\n" + _stars(3)
    expected = [
        ("300000001", "matched", None),
        ("300000002", "skipped", "bad_amount"),
        ("300000003", "matched", None),
    ]
    assert _summary(import_text(text)) == expected
    hands = _file(tmp_path, text)
    assert _summary(hands) == expected
    assert hands[1].detail.startswith("an amount of more than 30 digits: ")
    assert len(hands[1].detail) < 100


def test_thirty_digits_are_an_amount() -> None:
    from holdem.records.sites.model import parse_amount

    assert parse_amount("$" + "9" * 28 + ".50") == Decimal("9" * 28 + ".50")
    with pytest.raises(ValueError, match="more than 30 digits"):
        parse_amount("0." + "0" * 30 + "1")


def test_a_hand_that_fails_the_importer_is_reported_and_the_others_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug met on one hand (any exception) reports that hand ``skipped``
    with ``read_error`` naming the error; the file's other hands are read."""
    real = sites.check

    def failing(hand: SiteHand) -> Imported:
        if hand.hand_id == "300000002":
            raise TypeError("a bug")
        return real(hand)

    monkeypatch.setattr(sites, "check", failing)
    hands = import_text(_stars(1) + "\n" + _stars(2) + "\n" + _stars(3))
    assert _summary(hands) == [
        ("300000001", "matched", None),
        ("300000002", "skipped", "read_error"),
        ("300000003", "matched", None),
    ]
    assert hands[1].detail == (
        "the importer failed on this hand (TypeError: a bug): please report it"
    )
    assert "read_error" in REASONS and "unknown_site" in REASONS


def test_no_fixture_hand_is_a_read_error() -> None:
    for path, found in import_paths([DATA]):
        assert not isinstance(found, str), found
        assert all(h.reason != "read_error" for h in found), path


# 4. Chat is never play.


def test_stars_chat_quoting_actions_is_read_past() -> None:
    """``Ann said, "Cid: folds"`` was read as Cid's fold (``rejected``) and
    ``Ann said, "Ann collected $5 from pot lol"`` as a collection
    (``differed``)."""
    text = STARS.replace(
        "Bob: folds\n",
        'Ann said, "Cid: folds"\nBob: folds\nAnn said, "Ann collected $5 from pot lol"\n',
    )
    [hand] = import_text(text)
    assert (hand.status, hand.reason) == ("matched", None), hand.detail
    assert hand.net == STARS_NET


def test_partypoker_chat_is_read_past() -> None:
    text = PARTY.replace("Bob folds\n", 'Bob folds\nAnn: Cid folds\nBob said, "Ann wins $9"\n')
    [hand] = import_text(text)
    assert (hand.status, hand.reason) == ("matched", None), hand.detail
    assert hand.net is not None and hand.net["Cid"] == Decimal("1.83")


# 5. An empty iPoker game.


def test_an_empty_ipoker_game_is_partial() -> None:
    text = (
        '<session sessioncode="1"><general><gametype>Holdem NL $0.05/$0.10</gametype>'
        '</general><game gamecode="9"><general></general></game></session>'
    )
    [hand] = import_text(text, "x.xml")
    assert (hand.status, hand.reason) == ("skipped", "partial")


CENTS = "Seat 1: Ann ($10.50 in chips)"
CHIPS = "Seat 1: Ann (1500 in chips)"


@pytest.mark.parametrize(
    ("first", "last", "cut"),
    [
        (CENTS, "Bob: wins €0.30", False),  # iPoker's text: a complete line ends in a figure
        (CHIPS, "Seat 1: Ann (button) won 215", False),  # whole chips
        (CHIPS, "Seat 1: Ann collected (1,790", False),  # not seen: the summary conflicts
        (CENTS, "Cid wins $5.3", True),  # a hand of cents
        (CENTS, "Cid wins $5.", True),
        (CENTS, "Cid wins $5", True),
        (CHIPS, "Cid wins $", True),
        (CHIPS, "Cid wins [", True),
        (CHIPS, "Bob:", True),
        (CENTS, "Cid wins $5.33 USD from the main pot.", False),
        (CENTS, "Seat 2: Bob won 0.04€", False),
    ],
)
def test_what_a_cut_last_line_looks_like(first: str, last: str, cut: bool) -> None:
    """A file's last line without its line end is cut short when it ends as
    no complete line does, or in money with fewer decimals than the hand's."""
    assert sites._looks_cut([first, last]) is cut


def test_a_line_cut_short_and_glued_to_the_next_hand_is_partial() -> None:
    """A file cut mid-figure and appended to (``collected ($0.2PokerStars
    Hand #...``): the hand before is ``partial``; one glued after a whole
    line keeps its ``matched``."""
    cut = STARS[: STARS.index("collected ($0.25)") + len("collected ($0.2")]
    hands = import_text(cut + _stars(2))
    assert _summary(hands) == [("300000001", "skipped", "partial"), ("300000002", "matched", None)]
    assert hands[0].detail == "the line the next hand is glued to is cut short: " + repr(
        "Seat 1: Ann (button) collected ($0.2"
    )
    whole = STARS.replace("Seat 3: Cid (big blind) folded before Flop\n", "").rstrip("\n")
    hands = import_text(whole + "\ufeff" + _stars(2))
    assert _summary(hands) == [("300000001", "matched", None), ("300000002", "matched", None)]


def test_winamax_and_888_chat_is_read_past() -> None:
    """Winamax's hands are read by the PokerStars reader, which reads chat
    past; 888poker's ``Ann: text`` from a seated player is chat too. Each
    hand's figures stay the fixture's own (the hands match as they did)."""
    winamax = (DATA / "winamax.txt").read_text(encoding="utf-8").split("\n\n")[0]
    chat = winamax.replace(
        "Bob folds\n", 'Bob folds\nBob said, "Cid folds"\nBob said, "Ann collected 9€ from pot"\n'
    )
    [plain], [chatty] = import_text(winamax), import_text(chat)
    assert (chatty.status, chatty.net) == ("matched", plain.net)
    pacific = (DATA / "888.txt").read_text(encoding="utf-8").split("\n\n")[0]
    name = pacific.split("Seat 1: ", 1)[1].split(" (", 1)[0]
    line = next(x for x in pacific.splitlines() if " folds" in x or " checks" in x)
    chat = pacific.replace(line, f"{line}\n{name}: Bob folds\n{name}: Bob collected [ $9 ]", 1)
    [plain], [chatty] = import_text(pacific), import_text(chat)
    assert (chatty.status, chatty.net) == ("matched", plain.net)
