"""Winamax tournaments (knockout, Expresso) and the guards that keep a
winner's ``collected`` figure checked (R3.7 replay, R13: no rake in a
tournament pot).

tests/data/sites/winamax-variants.txt is composed for the project; the
figures were worked out by hand. Winamax's ``collected`` holds the chips its
player took back uncalled.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _text() -> str:
    return decode((DATA / "winamax-variants.txt").read_bytes())


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_r2_knockout_seats_write_the_bounty_after_the_stack() -> None:
    """``Seat 1: Ann (20000, 2€ bounty)``; ``wins the bounty`` is read past;
    Ann's 25 above Bob's all-in is in her collected 2025."""
    ko, expresso = import_text(_text(), "w.txt")
    assert ko.status == "matched", ko.detail
    assert _nets(ko) == {"Ann": "1025", "Bob": "-1000", "Cid": "-25"}
    assert expresso.status == "matched", expresso.detail
    assert _nets(expresso) == {"Ann": "75", "Bob": "-15", "Cid": "-60"}


def test_r3_7_a_collected_figure_short_of_the_pot_differs() -> None:
    """Only the top bettor's excess over the next can come back uncalled: a
    winner's ``collected`` 50 short of the pot is a difference, not chips
    handed back unchecked."""
    text = _text().replace("collected 2025", "collected 1975")
    ko = import_text(text, "w.txt")[0]
    assert (ko.status, ko.reason) == ("differed", "net")
    assert "Ann nets 1025 (site 975)" in ko.detail


def test_r13_an_888_tournament_collected_short_of_the_pot_differs() -> None:
    """888poker writes no pot: chips neither collected nor the top bettor's
    excess would be a rake, and a tournament pot has none."""
    text = decode((DATA / "888.txt").read_bytes())
    hands = {h.hand: h for h in import_text(text, "888.txt")}
    tournament = [h for h in hands.values() if h.record and h.record["tournament"]]
    assert tournament and all(h.status == "matched" for h in tournament)
    hand = tournament[0]
    assert hand.site_net is not None
    winner = max(hand.site_net, key=lambda name: hand.site_net[name] if hand.site_net else 0)
    block = text[text.index(f"#Game No : {hand.hand}") :]
    line = next(x for x in block.splitlines() if x.startswith(f"{winner} collected"))
    amount = line.split("[")[1].split("]")[0].strip()
    other = amount[:-1] + str((int(amount[-1]) + 9) % 10)  # a different last digit
    changed = text.replace(line, line.replace(amount, other), 1)
    again = {h.hand: h for h in import_text(changed, "888.txt")}[hand.hand]
    assert again.status == "differed", (again.status, again.detail)


def test_r13_an_inferred_rake_beyond_any_site_rake_differs() -> None:
    """888poker writes no rake: Bob's 1.52 of a 1.60 pot leaves 0.08 (5%),
    matched; had his line said 1.12, the 0.48 left (30%) is no site's rake
    but a figure not read, and the hand differs on rake."""
    text = decode((DATA / "888.txt").read_bytes())
    first = import_text(text, "888.txt")[0]
    assert (first.hand, first.status, first.rake) == ("900000001", "matched", Decimal("0.08"))
    changed = text.replace("Bob collected [ $1.52 ]", "Bob collected [ $1.12 ]", 1)
    again = import_text(changed, "888.txt")[0]
    assert (again.status, again.reason) == ("differed", "rake")
    assert "0.48 of a pot of 1.60 is neither collected nor returned" in again.detail


def test_r2_partypoker_level_with_dots_between_thousands() -> None:
    """Tournament chips are whole: a level written ``Blinds-Antes(1.200/2.400
    -400)`` gives blinds of 1,200 and 2,400 where the file writes no blind
    posts (the small blind left of the button, R2)."""
    text = "\n".join(
        [
            "***** Hand History for Game 15000000001 *****",
            "NL Texas Hold'em $22 USD Buy-in Trny:125000001 Level:12  "
            "Blinds-Antes(1.200/2.400 -400) - Thursday, May 12, 17:41:57 EDT 2026",
            "Table Composed #1 (125000001) Table #4 (Real Money)",
            "Seat 3 is the button",
            "Total number of players : 3/6 ",
            "Seat 1: Ann ( 47,455 )",
            "Seat 2: Bob ( 30,000 )",
            "Seat 3: Cid ( 58,700 )",
            "Ann posts ante [400]",
            "Bob posts ante [400]",
            "Cid posts ante [400]",
            "** Dealing down cards **",
            "Cid folds",
            "Ann folds",
            "Bob does not show cards.",
            "Bob wins 4,800 chips",
        ]
    )
    [hand] = import_text(text, "p.txt", site="partypoker")
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "-1600", "Bob": "2000", "Cid": "-400"}


def test_r3_7_a_site_paying_out_more_than_was_put_in_differs() -> None:
    text = decode((DATA / "partypoker-tournament.txt").read_bytes())
    first = import_text(text, "p.txt")[0]
    assert first.status == "matched"
    more = text.replace("Ann wins 6,000 chips", "Ann wins 7,000 chips", 1)
    again = import_text(more, "p.txt")[0]
    assert (again.status, again.reason) == ("differed", "pot")
    assert "pays out 1000 more than its lines put in" in again.detail


def test_r14_3_888_dead_blind_written_as_a_sum() -> None:
    """``posts dead blind [$1 + $2]``: a dead small blind and a live big one
    (R14.3); the poster checks his option and wins 5.70 of a 6.00 pot."""
    text = "\n".join(
        [
            "***** 888poker Hand History for Game 910000001 *****",
            "$1/$2 Blinds No Limit Holdem - *** 11 01 2026 10:00:00",
            "Table Composed 6 Max (Real Money)",
            "Seat 3 is the button",
            "Total number of players : 4",
            "Seat 1: Ann ( $100 )",
            "Seat 2: Bob ( $70 )",
            "Seat 3: Cid ( $200 )",
            "Seat 4: Dee ( $100 )",
            "Dee posts small blind [$1]",
            "Ann posts big blind [$2]",
            "Bob posts dead blind [$1 + $2]",
            "** Dealing down cards **",
            "Bob checks",
            "Cid folds",
            "Dee folds",
            "Ann checks",
            "** Dealing flop ** [ Ks, Jc, Ac ]",
            "Ann checks",
            "Bob checks",
            "** Dealing turn ** [ 2s ]",
            "Ann checks",
            "Bob checks",
            "** Dealing river ** [ 4d ]",
            "Ann checks",
            "Bob checks",
            "** Summary **",
            "Ann shows [ 5c, 7s ]",
            "Bob shows [ Js, 7d ]",
            "Bob collected [ $5.70 ]",
        ]
    )
    [hand] = import_text(text, "888.txt", site="888")
    assert hand.status == "matched", hand.detail
    # Every amount is a multiple of 0.1: that is the hand's chip unit.
    assert _nets(hand) == {"Ann": "-2.0", "Bob": "2.7", "Cid": "0.0", "Dee": "-1.0"}
    assert hand.rake == Decimal("0.30")
    assert hand.record is not None
    assert hand.record["players"] == ["Dee", "Ann", "Bob", "Cid"]
    assert hand.record["dead_posts"] == [0, 0, 10, 0]
    assert hand.record["live_posts"] == [0, 0, 20, 0]
