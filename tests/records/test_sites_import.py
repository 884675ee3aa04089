"""``holdem.records.sites``: site hand histories read, replayed strictly (R3.7)
and checked against the site's own pot, rake (R13: the site's figure) and nets.

The fixtures under tests/data/sites are composed for the project (no
third-party file): each hand's figures were worked out by hand and are
asserted here, so the engine and the reader are both checked.
"""

from __future__ import annotations

import codecs
import os
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.records.sites import decode, detect, import_paths, import_text
from holdem.records.sites.check import Imported
from holdem.records.sites.model import parse_amount, split_cards

DATA = Path(__file__).parents[1] / "data" / "sites"


def _hands(name: str) -> dict[str, Imported]:
    text = decode((DATA / name).read_bytes())
    return {h.hand: h for h in import_text(text, name)}


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


# ------------------------------------------------------------------ amounts


@pytest.mark.parametrize(
    ("text", "comma", "value"),
    [
        ("$1,234.50", False, "1234.50"),
        ("1,000", False, "1000"),
        ("0.05€", False, "0.05"),
        ("0,05 €", True, "0.05"),
        ("1 010,70 €", True, "1010.70"),
        ("1.234,56", False, "1234.56"),  # both marks: the last one is the decimal mark
        ("£12", False, "12"),
        ("7 USD", False, "7"),
    ],
)
def test_amounts_are_exact_decimals(text: str, comma: bool, value: str) -> None:
    assert parse_amount(text, decimal_comma=comma) == Decimal(value)
    assert isinstance(parse_amount(text, decimal_comma=comma), Decimal)


@pytest.mark.parametrize("text", ["", "$", "abc", "1.2.3", "-5"])
def test_a_bad_amount_is_refused(text: str) -> None:
    with pytest.raises(ValueError, match="not an amount"):
        parse_amount(text)


def test_cards_in_every_site_spelling() -> None:
    assert split_cards("[Ah Kd]") == ("Ah", "Kd")
    assert split_cards("[ 8h, 10d ]") == ("8h", "Td")


# ------------------------------------------------------------ detection


def test_each_site_is_detected_from_its_text() -> None:
    assert detect(decode((DATA / "pokerstars-cash.txt").read_bytes())) == "pokerstars"
    assert detect(decode((DATA / "888.txt").read_bytes())) == "888"
    assert detect(decode((DATA / "ggpoker.txt").read_bytes())) == "ggpoker"
    assert detect(decode((DATA / "winamax.txt").read_bytes())) == "winamax"
    assert detect(decode((DATA / "partypoker.txt").read_bytes())) == "partypoker"
    assert detect("hello\nworld") is None


def test_unknown_text_is_an_error_not_silence() -> None:
    with pytest.raises(ValueError, match="no hand history of a known site"):
        import_text("not a hand history", "x.txt")
    with pytest.raises(ValueError, match="unknown site"):
        import_text("PokerStars Hand #1: x", "x.txt", site="unibet")


@pytest.mark.parametrize(
    "encode",
    [
        lambda t: t.encode("utf-8"),
        lambda t: codecs.BOM_UTF8 + t.encode("utf-8"),
        lambda t: t.encode("utf-16"),  # with its byte-order mark
        lambda t: t.encode("utf-16-le"),
        lambda t: t.replace("\n", "\r\n").encode("utf-8"),
        lambda t: "\n".join(line + "  " for line in t.split("\n")).encode("utf-8"),
    ],
    ids=["utf8", "utf8-bom", "utf16-bom", "utf16-le", "crlf", "trailing-spaces"],
)
def test_encodings_and_line_ends_read_the_same(encode: object) -> None:
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    assert callable(encode)
    got = import_text(decode(encode(text)), "x.txt")
    want = import_text(text, "x.txt")
    assert [(h.hand, h.status, h.net) for h in got] == [(h.hand, h.status, h.net) for h in want]


# ------------------------------------------------------------- PokerStars


def test_stars_cash_rake_uncalled_and_sitting_out() -> None:
    """R7.4 uncalled bet back, the site's rake of $0.03 imported as the hand's rake (R13)."""
    hand = _hands("pokerstars-cash.txt")["200000000001"]
    assert hand.status == "matched" and hand.reason is None
    assert _nets(hand) == {"Bob": "-0.05", "Cid": "-0.30", "Eve": "0.32", "Ann": "0.00"}
    assert "Dee" not in _nets(hand)  # sitting out: not dealt in
    assert (hand.pot, hand.rake, hand.unit) == (Decimal("0.65"), Decimal("0.03"), Decimal("0.01"))
    assert hand.record is not None and hand.record["starting_stacks"][1] == 100000  # $1,000.00


def test_stars_returning_player_posts_both_blinds_r14_3() -> None:
    """A live big blind and a dead small blind (R14.3); an all-in raise; a side of $0.50 rake."""
    hand = _hands("pokerstars-cash.txt")["200000000002"]
    assert hand.status == "matched"
    assert _nets(hand) == {
        "Ann": "-0.05",
        "Bob": "-0.30",
        "Cid": "8.25",
        "Dee": "-8.40",
        "Eve": "0.00",
    }
    assert hand.record is not None
    assert hand.record["live_posts"] == [0, 0, 0, 10, 0]
    assert hand.record["dead_posts"] == [0, 0, 0, 5, 0]
    assert (hand.pot, hand.rake) == (Decimal("17.10"), Decimal("0.50"))


def test_stars_run_twice_r12() -> None:
    """Two runs (R12): the pot less the rake is split, the odd cent to run 1."""
    hand = _hands("pokerstars-cash.txt")["200000000003"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Bob": "-0.05", "Cid": "-0.28", "Eve": "-0.27", "Ann": "0.00"}
    assert hand.record is not None and hand.record["run_count"] == 2
    assert hand.replayed is not None and len(hand.replayed.hand.boards) == 2


def test_stars_hands_that_cannot_be_imported_are_skipped_with_a_reason() -> None:
    hands = _hands("pokerstars-cash.txt")
    assert (hands["200000000004"].status, hands["200000000004"].reason) == ("skipped", "cancelled")
    assert (hands["200000000005"].status, hands["200000000005"].reason) == ("skipped", "not_nlhe")
    assert hands["200000000007"].reason == "unknown_action"
    assert "dances a jig" in hands["200000000007"].detail
    assert (hands["200000000008"].status, hands["200000000008"].reason) == ("skipped", "partial")
    assert len(hands) == 8  # every hand of the file accounted for


def test_stars_zoom_walk() -> None:
    hand = _hands("pokerstars-cash.txt")["200000000006"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Bob": "-0.05", "Cid": "0.05", "Ann": "0.00"}


def test_stars_tournament_antes_side_pot_and_dead_button() -> None:
    """Uniform antes (R2.3), a short all-in raise, a side pot (R7), the button on an
    empty seat, a player sitting out who posts and folds, a bounty line."""
    hand = _hands("pokerstars-tournament.txt")["300000000001"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Dee": "-1000", "Eve": "-225", "Fay": "750", "Ann": "500", "Bob": "-25"}
    assert (hand.pot, hand.rake) == (Decimal(2500), Decimal(0))


def test_stars_big_blind_ante_r2_3() -> None:
    hand = _hands("pokerstars-tournament.txt")["300000000002"]
    assert hand.status == "matched"
    assert hand.record is not None and hand.record["antes"] == [0, 100, 0]
    assert _nets(hand) == {"Bob": "200", "Cid": "-200", "Ann": "0"}


def test_a_hand_the_site_settles_otherwise_differs() -> None:
    """The engine's showdown (R6, R8) against a site that pays the wrong player."""
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    wrong = text.replace("Cid collected $16.60 from pot", "Dee collected $16.60 from pot")
    hand = {h.hand: h for h in import_text(wrong, "x.txt")}["200000000002"]
    assert (hand.status, hand.reason) == ("differed", "net")
    assert "Cid nets 8.25 (site -8.35)" in hand.detail


def test_a_wrong_rake_figure_differs() -> None:
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    wrong = text.replace("Total pot $0.65 | Rake $0.03", "Total pot $0.65 | Rake $0.02")
    hand = import_text(wrong, "x.txt")[0]
    assert hand.status == "differed"


def test_an_illegal_action_is_rejected_naming_it_r3_7() -> None:
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    wrong = text.replace("Eve: raises $0.20 to $0.30", "Eve: raises $0.05 to $0.15", 1)
    hand = import_text(wrong, "x.txt")[0]
    assert (hand.status, hand.reason) == ("rejected", "replay_refused")
    assert "cbr 15" in hand.detail


# -------------------------------------------------------- other sites


def test_ggpoker_ante_in_header_run_twice_jackpot_and_straddle() -> None:
    hands = _hands("ggpoker.txt")
    first = hands["HD100000001"]
    assert first.status == "matched"
    assert _nets(first) == {"Bob": "-0.03", "Cid": "-0.14", "Ann": "-0.13"}
    assert first.rake == Decimal("0.30")  # rake $0.25 and jackpot $0.05
    straddle = hands["HD100000002"]
    assert straddle.status == "matched"
    assert straddle.record is not None
    assert straddle.record["blinds_or_straddles"] == [1, 2, 4, 0]  # R11.1
    assert _nets(straddle) == {"Bob": "-0.01", "Cid": "-0.02", "Dee": "-0.12", "Ann": "0.14"}


def test_ggpoker_tournament_thousands_separators() -> None:
    """Chips written ``5,000`` and ``raises 575 to 1,175``; uniform antes (R2.3)."""
    hand = _hands("ggpoker.txt")["TM100000004"]
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "-225", "Bob": "1425", "Cid": "-1200"}
    assert hand.record is not None and hand.record["antes"] == [25, 25, 25]


def test_ggpoker_ev_cash_out_kept_in_its_ledger_outside_the_pot() -> None:
    """The pot is checked as usual; the cash-out is money outside it, in a ledger."""
    hand = _hands("ggpoker.txt")["HD100000003"]
    assert (hand.status, hand.reason) == ("matched", None)
    assert _nets(hand) == {"Ann": "1.93", "Bob": "-1.99", "Cid": "-0.01"}
    assert hand.cash_out == {"Bob": Decimal("-3.80")}  # Bob pays back the cash-out risk
    assert hand.to_json()["cash_out"] == {"Bob": "-3.80"}
    assert "cash-out outside the pot" in hand.detail


def test_stars_cash_out_line_goes_to_the_ledger() -> None:
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    cashed = text.replace(
        "Cid collected $16.60 from pot\n",
        "Cid collected $16.60 from pot\nDee cashed out the hand for $4.10 | Cash Out Fee $0.08\n",
    )
    hand = {h.hand: h for h in import_text(cashed, "x.txt")}["200000000002"]
    assert hand.status == "matched"
    assert hand.cash_out == {"Dee": Decimal("4.10")}
    assert hand.net is not None and hand.net["Dee"] == Decimal("-8.40")  # the pot's net only


def test_winamax_cash_tournament_and_decimal_commas() -> None:
    hands = _hands("winamax.txt")
    cash = hands["5000001-1-1767000000"]
    assert cash.status == "matched"
    assert _nets(cash) == {"Bob": "-0.05", "Cid": "-0.75", "Ann": "0.70"}
    tournament = hands["6000001-7-1767000100"]
    assert tournament.status == "matched"
    assert _nets(tournament) == {"Cid": "-300", "Ann": "-225", "Bob": "525"}
    split = hands["5000001-2-1767000060"]  # R8: the odd cent to the first seat left of the button
    assert split.status == "matched"
    assert _nets(split) == {"Cid": "-0.01", "Ann": "-0.02", "Bob": "0.00"}  # 0.19 and 0.18


def test_888_cash_infers_its_rake_and_tournament_antes() -> None:
    hands = _hands("888.txt")
    cash = hands["900000001"]
    assert cash.status == "matched"
    assert _nets(cash) == {"Cid": "-0.75", "Ann": "-0.10", "Bob": "0.77"}
    assert cash.rake == Decimal("0.08")
    tournament = hands["900000002"]
    assert tournament.status == "matched"
    assert _nets(tournament) == {"Ann": "-125", "Bob": "-1500", "Cid": "1625"}
    assert (hands["900000003"].status, hands["900000003"].reason) == ("skipped", "not_nlhe")


def test_partypoker_all_in_raise_and_a_returning_player_r14_3() -> None:
    """``is all-In`` adds chips (a raise here); ``big blind + dead`` is a live big
    blind and a dead small (R14.3); ``wins`` holds the uncalled bet (R7.4)."""
    hands = _hands("partypoker.txt")
    first = hands["700000001"]
    assert first.status == "matched"
    assert _nets(first) == {"Ann": "19.50", "Bob": "-20.00", "Cid": "-0.50"}
    assert first.rake == Decimal("1.00")
    second = hands["700000002"]
    assert second.status == "matched"
    assert _nets(second) == {"Ann": "2.75", "Bob": "-0.25", "Cid": "-0.50", "Dee": "-2.25"}
    assert second.record is not None and second.record["dead_posts"] == [0, 0, 25, 0]


def test_ipoker_xml_raise_to_all_in_added_and_a_cut_file() -> None:
    """Type 23 raises to its sum, type 7 (all-in) adds it, the cards are read
    suit first; the net is win - bet; a game cut short is one ``partial``."""
    hands = _hands("ipoker.xml")
    first = hands["800000001"]
    assert first.status == "matched"
    assert _nets(first) == {"Ann": "3.65", "Bob": "-0.05", "Cid": "-4.00"}
    assert "Dee" not in _nets(first)  # type 9: not dealt in
    assert (first.pot, first.rake) == (Decimal("8.05"), Decimal("0.40"))
    second = hands["800000002"]
    assert second.status == "matched" and _nets(second) == {"Ann": "0.10", "Bob": "-0.10"}
    assert (hands["800000003"].status, hands["800000003"].reason) == ("skipped", "partial")
    assert detect(decode((DATA / "ipoker.xml").read_bytes())) == "ipoker"


def test_ipoker_refuses_entities_and_other_games() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><session></session>'
    [hand] = import_text(bomb, "x.xml", site="ipoker")
    assert (hand.status, hand.reason) == ("skipped", "partial")
    text = (DATA / "ipoker.xml").read_text(encoding="utf-8")
    omaha = text.replace("Holdem NL $0.05/$0.10", "Omaha PL $0.05/$0.10")
    assert [h.reason for h in import_text(omaha, "x.xml")] == ["not_nlhe", "not_nlhe", "partial"]


def test_acpc_state_lines_raise_to_the_hand_total() -> None:
    """``r<N>`` raises to N chips over the whole hand; the first player listed
    posts the big blind; a split pot (R8) nets zero."""
    hands = _hands("acpc.log")
    assert [h.status for h in hands.values()] == ["matched"] * 6
    assert _nets(hands["5"]) == {"Alice": "-400", "Bob": "400"}  # " # <timestamp>" read past
    assert _nets(hands["0"]) == {"Alice": "600", "Bob": "-600"}
    assert hands["0"].record is not None
    assert hands["0"].record["actions"][-3:] == ["d db Jd", "p1 cbr 600", "p2 f"]  # 1,200 in all
    assert _nets(hands["3"]) == {"Alice": "50", "Bob": "-50"}
    assert _nets(hands["4"]) == {"Bob": "0", "Alice": "0"}
    limit = import_text("STATE:0:rc/cc/cc/cc:Ah2d|Kc9s/8d7h3s/2c/Jd:10|-10:A|B", "x.log")
    assert limit[0].reason == "not_nlhe"


def test_pokernow_csv_newest_first_calls_to_a_total() -> None:
    """The CSV lists the newest entry first; ``calls N`` brings the street bet to N."""
    hands = _hands("pokernow.csv")
    assert [h.status for h in hands.values()] == ["matched", "matched", "skipped"]
    assert _nets(hands["hand1"]) == {"Ann @ a1": "-20", "Bob @ b2": "22", "Cid @ c3": "-2"}
    assert _nets(hands["hand2"]) == {"Ann @ a1": "-2", "Bob @ b2": "3", "Cid @ c3": "-1"}
    assert hands["hand3"].reason == "not_nlhe"
    assert detect(decode((DATA / "pokernow.csv").read_bytes())) == "pokernow"


def test_a_player_without_a_seat_line_sits_in_the_free_seat_r14_3() -> None:
    """Without her seat line, Dee (who joins with a live big blind, R14.3, and
    is never all-in) sits in the free seat between the players acting around
    her (seat 5, hers) with a stack covering the table, and the hand matches
    as with her line; the words say what was given."""
    text = (DATA / "partypoker.txt").read_text(encoding="utf-8")
    stranger = text.replace("Seat 5: Dee ( $30 USD )\n", "")
    assert stranger != text
    hands = {h.hand: h for h in import_text(text, "x.txt")}
    hand = {h.hand: h for h in import_text(stranger, "x.txt")}["700000002"]
    assert hand.status == "matched", hand.detail
    assert hand.net == hands["700000002"].net
    assert "Dee joined during the hand with no seat line: seat 5" in hand.detail
    allin = stranger.replace("Dee calls [$1.50 USD]", "Dee is all-In  [$1.50 USD]")
    hand = {h.hand: h for h in import_text(allin, "x.txt")}["700000002"]
    assert (hand.status, hand.reason) == ("skipped", "partial")


def test_a_folder_reads_every_site_file() -> None:
    found = {path.name: hands for path, hands in import_paths([DATA])}
    assert set(found) == {
        "888.txt",
        "acpc.log",
        "pokernow.csv",
        "ggpoker.txt",
        "ipoker.xml",
        "ipoker-text.txt",
        "ipoker-tournament.xml",
        "ipoker-text-tournament.txt",
        "partypoker.txt",
        "partypoker-tournament.txt",
        "pokerstars-cash.txt",
        "pokerstars-tournament.txt",
        "pokerstars-localized.txt",
        "pokerstars-transcript.txt",
        "pokerstars-numberless.txt",
        "ipoker-variants.xml",
        "ipoker-no-dealer.xml",
        "winamax.txt",
        "winamax-variants.txt",
        "winamax-old.txt",
        "ggpoker-variants.txt",
    }
    statuses = [h.status for hands in found.values() if isinstance(hands, list) for h in hands]
    assert statuses.count("matched") == 69 and statuses.count("skipped") == 14
    assert "differed" not in statuses and "rejected" not in statuses


# ------------------------------------------------- the shared real sample


def _sample() -> Path:
    """The shared sample: ``$HOLDEM_SITES``, else the ``shared/sites`` folder
    beside the checkout (or beside the folder holding it)."""
    root = Path(__file__).resolve().parents[2]
    given = os.environ.get("HOLDEM_SITES")
    candidates = (
        [Path(given)]
        if given
        else [root.parent / "shared" / "sites", root.parent.parent / "shared" / "sites"]
    )
    for folder in candidates:
        if (folder / "pokerstars").is_dir():
            return folder
    pytest.skip(
        f"the site sample is absent ({candidates[0]}; set HOLDEM_SITES; optional like "
        "HOLDEM_CORPUS)"
    )


def test_real_pokerstars_sample_all_matched() -> None:
    folder = _sample()
    [(_, hands)] = list(import_paths([folder / "pokerstars"]))
    assert isinstance(hands, list)
    assert [h.status for h in hands] == ["matched"] * 5
    first = hands[0]
    assert first.hand == "105024000105"
    assert first.net is not None and first.net["W2lkm2n"] == 90
    side = hands[1]  # antes, two all-ins, a side pot
    assert side.net is not None and side.net["costamar"] == 14495 and side.pot == 26310


def test_real_888_sample_every_hand_accounted_for() -> None:
    folder = _sample()
    hands = [
        h for _, found in import_paths([folder / "888"]) if isinstance(found, list) for h in found
    ]
    assert len(hands) == 120
    statuses = [h.status for h in hands]
    assert statuses.count("matched") == 119
    [anonymous] = [h for h in hands if h.status != "matched"]
    assert (anonymous.hand, anonymous.reason) == ("778799896", "no_names")
    mucked_winner = next(h for h in hands if h.hand == "775396118")  # 888 "mucks" a winner
    assert mucked_winner.net is not None and mucked_winner.net["SYSTEM3RROR"] == 190  # 250 - 60


def test_old_stars_files_without_uncalled_lines_r7_4() -> None:
    """Old PokerStars files write no "Uncalled bet" line: the chips beyond the
    total pot are the top bettor's uncalled excess (R7.4)."""
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    old = text.replace("Uncalled bet ($0.40) returned to Eve\n", "", 1)
    hand = import_text(old, "x.txt")[0]
    assert hand.status == "matched"
    assert _nets(hand)["Eve"] == "0.32"


def test_a_hand_cut_mid_line_by_the_next_one_is_partial() -> None:
    """A file cut short and appended to: the next hand starts mid-line."""
    text = (DATA / "pokerstars-cash.txt").read_text(encoding="utf-8")
    first, rest = text.split("*** SUMMARY ***", 1)
    glued = first + "*** RIVER *** [2c 7" + rest[rest.index("PokerStars Hand #200000000002") :]
    hands = import_text(glued, "x.txt")
    assert [(h.hand, h.status, h.reason) for h in hands[:2]] == [
        ("200000000001", "skipped", "partial"),
        ("200000000002", "matched", None),
    ]
    assert len(hands) == 8  # every hand still accounted for


SIDE_POTS = """PokerStars Hand #200000000009:  Hold'em No Limit ($0.05/$0.10 USD) - 2026/01/02 10:08:00 ET
Table 'Alpha II' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($5 in chips)
Seat 3: Cid ($5 in chips)
Bob: posts small blind $0.05
Cid: posts big blind $0.10
*** HOLE CARDS ***
Ann: raises $1.90 to $2 and is all-in
Bob: raises $3 to $5 and is all-in
Cid: calls $4.90 and is all-in
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Ts]
*** RIVER *** [2c 7d 9h Ts] [3s]
*** SHOW DOWN ***
Bob: shows [Kc Kd] (a pair of Kings)
Cid: shows [Qc Qd] (a pair of Queens)
Bob collected $6 from side pot
Ann: shows [Ac Ad] (a pair of Aces)
Ann collected {main} from main pot
*** SUMMARY ***
Total pot $12 Main pot {main}. Side pot $6. | Rake $0.50
"""


def test_a_site_rake_taken_from_one_pot_r13() -> None:
    """The site takes its $0.50 from the main pot only; R13.2 would take it from
    both pots in proportion. The rake is the site's figure: matched, and said."""
    [hand] = import_text(SIDE_POTS.replace("{main}", "$5.50"), "x.txt")
    assert hand.status == "matched"
    assert _nets(hand) == {"Ann": "3.50", "Bob": "1.00", "Cid": "-5.00"}
    assert "otherwise than R13.2: Ann 0.50" in hand.detail
    [wrong] = import_text(SIDE_POTS.replace("{main}", "$6.50"), "x.txt")  # more than the pot
    assert (wrong.status, wrong.reason) == ("differed", "net")
