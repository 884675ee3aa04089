"""GGPoker and Winamax lines seen in real files that the readers did not
know: GGPoker's straddle without ``posts``, its all-in insurance, a later
run's board written without the shared cards, bomb pots; Winamax's old
button numbering, tournament totals in thousands (``12.45k``) and its
tournament summary files. Every figure of the fixtures was worked out by
hand (tests/data/sites/ggpoker-variants.txt, winamax-old.txt)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from holdem.records.sites import decode, import_text
from holdem.records.sites.check import Imported

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands(name: str) -> dict[str, Imported]:
    text = decode((DATA / name).read_bytes())
    return {hand.hand: hand for hand in import_text(text, name)}


def _net(hand: Imported) -> dict[str, str]:
    return {k: str(v) for k, v in (hand.net or {}).items()}


def test_r11_1_ggpoker_utg_straddle_without_posts_is_a_straddle() -> None:
    """``Dee: straddle $0.2`` left of the big blind is R11.1's UTG straddle:
    Fay calls 0.20, Dee checks her option (R11.2), Fay wins 0.53 of a 0.55 pot."""
    hand = _hands("ggpoker-variants.txt")["HD900000001"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {
        "Ann": "0.00",
        "Bob": "-0.05",
        "Cid": "-0.10",
        "Dee": "-0.20",
        "Eve": "0.00",
        "Fay": "0.33",
    }
    assert hand.pot == Decimal("0.55") and hand.rake == Decimal("0.02")


def test_r11_3_ggpoker_button_straddle_acts_last() -> None:
    """A button straddle (R11.1): the small blind acts first (R11.3); all fold
    and the straddle's 0.10 beyond the big blind comes back uncalled."""
    hand = _hands("ggpoker-variants.txt")["HD900000002"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "-0.05", "Bob": "-0.10", "Cid": "0.00", "Dee": "0.15"}


def test_r12_ggpoker_all_in_insurance_is_outside_the_pot() -> None:
    """GGPoker's all-in insurance (premium 4, compensation 12) is paid outside
    the pot: the nets are the pot's (Gus +17, Hero -17) and the ledger holds
    the insurance (Hero 12 - 4 = 8)."""
    hand = _hands("ggpoker-variants.txt")["HD900000003"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Gus": "17.0", "Hero": "-17.0"}
    assert hand.cash_out == {"Hero": Decimal("8")}


def test_r12_3_ggpoker_later_runs_boards_without_the_shared_flop() -> None:
    """Run three times from the flop: GGPoker's summary writes ``SECOND Board
    [8c Qd]`` (only that run's own cards); that agrees with the board dealt.
    Pot 201, rake and jackpot 4, Cid wins two runs, Bob one."""
    hand = _hands("ggpoker-variants.txt")["RC900000004"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "-1", "Bob": "-35", "Cid": "32"}
    assert hand.pot == Decimal(201) and hand.rake == Decimal(4)


def test_r12_3_a_wrong_later_run_board_still_differs() -> None:
    """The shorter summary board is compared with the run's own cards: a
    card that is not the one dealt is still a contradiction."""
    text = decode((DATA / "ggpoker-variants.txt").read_bytes())
    text = text.replace("SECOND Board [8c Qd]", "SECOND Board [8c Qh]")
    [hand] = [h for h in import_text(text, "x.txt") if h.hand == "RC900000004"]
    assert (hand.status, hand.reason) == ("differed", "summary")


def test_r3_bomb_pot_is_skipped_not_replayed() -> None:
    """A bomb pot (antes only, no blinds, no pre-flop round) is not the rule
    book's game (R2, R3): skipped with a reason, never rejected or matched."""
    hand = _hands("ggpoker-variants.txt")["HD900000005"]
    assert (hand.status, hand.reason) == ("skipped", "not_nlhe")
    assert "bomb pot" in hand.detail


def test_r14_winamax_old_button_numbering_and_out_of_position_big_blind() -> None:
    """``Seat 0000002 is the button``: Bob's button, so Cid and Dee are the
    blinds and Eve's big blind out of position is a live post (R14); Bob's
    raise of 0.10 beyond the blinds comes back uncalled (Winamax writes it in
    the collected 0.27)."""
    hand = _hands("winamax-old.txt")["2334898-500-1326450000"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {
        "Ann": "0.00",
        "Bob": "0.12",
        "Cid": "-0.02",
        "Dee": "-0.05",
        "Eve": "-0.05",
    }
    assert hand.pot == Decimal("0.17")


def test_r2_3_winamax_tournament_total_in_thousands() -> None:
    """``Total pot 12.45k``: Winamax abbreviates big tournament pots; the hand
    (antes 50, blinds 200/400, Bob all-in for 6000) is read and matched."""
    hand = _hands("winamax-old.txt")["22085692498641245-90-1299350000"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "6450", "Bob": "-6000", "Cid": "-450"}
    assert hand.pot == Decimal(12450)


def test_winamax_tournament_summary_is_named_not_partial() -> None:
    """A Winamax tournament summary (results, no play) is skipped as one."""
    hands = _hands("winamax-old.txt")
    [summary] = [h for h in hands.values() if h.reason == "tournament_summary"]
    assert summary.status == "skipped"


def test_r12_ggpoker_summary_flop_in_another_order_agrees() -> None:
    """The flop's three cards come together: ``Board [7d 9d Ad]`` in the
    summary is the flop dealt ``[Ad 7d 9d]``. Ann's uncalled 3,000 comes back;
    she wins 9,750 (antes 750, blinds and calls 9,000)."""
    hand = _hands("ggpoker-variants.txt")["TM900000006"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "5500", "Bob": "-1250", "Cid": "-4250"}


def test_r12_a_summary_flop_with_another_card_still_differs() -> None:
    """Another order is the same flop; another card is not."""
    text = decode((DATA / "ggpoker-variants.txt").read_bytes())
    text = text.replace("Board [7d 9d Ad]", "Board [7d 9d Ac]")
    [hand] = [h for h in import_text(text, "x.txt") if h.hand == "TM900000006"]
    assert (hand.status, hand.reason) == ("differed", "summary")


def test_r14_ggpoker_missed_blind_is_dead_and_the_big_blind_live() -> None:
    """A returning player posts ``missed blind $0.25`` (dead) and ``big blind
    $0.5`` (live, R14): she checks her option, bets the flop and wins the 1.50
    pot less 0.07 rake."""
    hand = _hands("ggpoker-variants.txt")["HD900000007"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {
        "Ann": "0.00",
        "Bob": "-0.25",
        "Cid": "-0.50",
        "Dee": "0.00",
        "Eve": "0.68",
        "Fay": "0.00",
    }


def test_r2_4_winamax_decimal_comma_stakes_keep_the_big_blind() -> None:
    """``(0,05 €/0,10 €)``: the stakes are read with their decimal commas, so
    Bob's big blind of 0.06 all-in is short (R2.4) and Ann's call is the full
    0.10; Bob wins the 0.18 main pot, Cid the 0.08 side pot."""
    hand = _hands("winamax-old.txt")["5000001-9-1767000900"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "-0.10", "Cid": "-0.02", "Bob": "0.12"}


def test_winamax_abbreviated_totals_are_exact() -> None:
    """Winamax's ``6.02k`` and ``1.25M`` are 6,020 and 1,250,000 exactly."""
    from holdem.records.sites import winamax

    assert winamax._total("6.02k", False) == "6020"
    assert winamax._total("1.25M", False) == "1250000"
    assert winamax._total("2,5k", True) == "2500"
    assert winamax._total("12.90€", False) == "12.90"
    assert winamax._total("1.32k", True) == "1320"  # an export of decimal commas


def test_r8_2_a_site_giving_the_odd_chip_to_another_tied_winner_matches() -> None:
    """A 75-chip pot split two ways: R8.2 gives the odd chip to Cid (first
    left of the button), Winamax gave it to Ann. That is the only difference:
    matched, the nets are the site's and the words say who got the chip."""
    hand = _hands("winamax-old.txt")["119419173368496129-9-1343578000"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "8", "Bob": "-15", "Cid": "7"}
    assert hand.detail == (
        "the site gives a split pot's odd chips otherwise than R8.2: Cid -1, Ann +1"
    )


def test_r8_2_more_than_the_odd_chip_moved_still_differs() -> None:
    """A share beyond the equal share and one odd chip is not an odd-chip rule:
    38/37 written 39/36 differs (the pot's total unchanged)."""
    text = decode((DATA / "winamax-old.txt").read_bytes())
    text = text.replace("Ann collected 38 from pot", "Ann collected 39 from pot")
    text = text.replace("Cid collected 37 from pot", "Cid collected 36 from pot")
    [hand] = [h for h in import_text(text, "x.txt") if h.hand == "119419173368496129-9-1343578000"]
    assert (hand.status, hand.reason) == ("differed", "net")


def test_r8_2_an_odd_chip_to_a_player_who_did_not_tie_still_differs() -> None:
    """The odd chip can only go to a tied winner: given to Bob (folded), the
    hand differs."""
    text = decode((DATA / "winamax-old.txt").read_bytes())
    text = text.replace("Ann collected 38 from pot", "Ann collected 37 from pot")
    text = text.replace(
        "Cid collected 37 from pot", "Cid collected 37 from pot\nBob collected 1 from pot"
    )
    [hand] = [h for h in import_text(text, "x.txt") if h.hand == "119419173368496129-9-1343578000"]
    assert hand.status == "differed"


def test_r4_winamax_2010_preflop_raise_written_as_a_bet() -> None:
    """2010 files write a pre-flop raise as ``bets X``, X the chips added:
    Cid's ``bets 300`` over his big blind of 120 is a raise to 420 (R4), which
    Ann's ``calls 300`` matches; Ann's flop bet of 500 comes back uncalled."""
    hand = _hands("winamax-old.txt")["6307872438747255-90-1288124000"]
    assert hand.status == "matched", hand.detail
    assert _net(hand) == {"Ann": "500", "Bob": "-70", "Cid": "-430"}
