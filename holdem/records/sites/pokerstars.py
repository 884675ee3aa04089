"""PokerStars hand histories (cash, zoom, tournaments, run it twice), and the
same text format as trackers and other sites export it (GGPoker's
PokerStars-style exports: jackpot fees, cash drops, EV cash-outs).

A file holds hands one after another, each starting with a line
``PokerStars Hand #N:`` (or ``PokerStars Zoom Hand #N:``, ``PokerStars Game
#N:``). :func:`parse` reads every hand of a text into
:class:`~holdem.records.sites.model.SiteHand` objects, in order; a hand that
cannot be read is returned with a ``skip`` reason, never dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal

from holdem.records.sites.model import (
    FLOP,
    PREFLOP,
    RIVER,
    TURN,
    Post,
    SiteAction,
    SiteHand,
    decimal_text,
    parse_amount,
    split_cards,
    split_hands,
)
from holdem.records.sites.pokerstars_locale import (
    HEADER_ANY,
    SEPARATOR,
    hand_number,
    language,
    translate,
)

SITE = "pokerstars"

#: A hand's first line; PokerTracker 2's export writes it in capitals
#: (``POKERSTARS GAME #N:  HOLD'EM NO LIMIT ($2/$4)``). Real files also hold
#: hands whose number was left out (``PokerStars Hand #:  Hold'em ...``): such
#: a hand still starts there, and is named by its line.
HEADER = re.compile(
    r"^(?:PokerStars|PokerMaster|GGPoker|Poker|POKERSTARS)\b[^#\n]*?(?:Hand|Game|GAME|HAND) "
    r"#([A-Za-z0-9-]*): *(.*)$"
)
_TABLE = re.compile(r"^Table '([^']*)'(?: (\d+)-max)?.*?Seat #(\d+) is the button")
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(([^()]*?) in chips[^()]*\)(.*)$")
_ACTION = re.compile(
    r"^(.+?): (folds|checks|calls|bets|raises|posts|shows|mucks|doesn't show|"
    r"Chooses to EV Cashout|Pays Cashout Risk|Pays Insurance|Receives Cashout|"
    r"is sitting out|sits out|is disconnected|is connected|has timed out|"
    r"has returned|leaves the table|joins the table|will be allowed|is all-in|"
    r"cashed out|straddle|get an all-in insurance|pay premium of all-in insurance|"
    r"get (?:main |sub )?compensation of all-in insurance)(.*)$"
)
_COLLECTED = re.compile(r"^(.+?) collected (\S+) from (?:the )?(?:main |side )?pot")
_GLUED = re.compile(r"(?<=[^\n])(?=PokerStars (?:Zoom )?(?:Hand|Game) #[0-9]+: )")
_CASHED = re.compile(r"^(.+?) cashed out the hand for (\S+)")
_UNCALLED = re.compile(r"^Uncalled bet \((\S+)\) returned to (.+)$")
_DEALT = re.compile(r"^Dealt to (.+?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
_STREET = re.compile(
    r"^\*\*\* (?:(FIRST|SECOND|THIRD) )?(HOLE CARDS|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY)"
    r"(?: \*\*\*)?(.*)$"
)
_FEES = re.compile(r"\b(Rake|Jackpot|Bingo|Fortune|Tax|JP Fee|Fee)\s+(\S+)", re.I)
_SHORT_DECK = re.compile(r"6\+ ?Hold'em|Short ?Deck|Six ?Plus", re.I)
#: Split Hold'em deals two boards at once and bets on both: another game.
_SPLIT = re.compile(r"\bSplit Hold'em")
#: What only GGPoker writes in its PokerStars-headed exports: its own fees
#: (Bingo, Fortune, Tax) beside the rake, a cash drop, a ``GG_`` table name.
_GG_MARK = re.compile(r"^Total pot .*\| (?:Bingo|Fortune|Tax) |^Cash Drop to Pot|^Table 'GG_")
#: A player's chat line (``Ann said, "Cid: folds"``), in every site that writes one.
CHAT = re.compile(r'^[^"]+? said, "')
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_BOARD = re.compile(r"^(?:(FIRST|SECOND|THIRD) )?Board:? \[([^\]]*)\]\s*$")
_STREETS = {"FLOP": FLOP, "TURN": TURN, "RIVER": RIVER}
_QUIET = (
    ' said, "',
    " has timed out",
    " is disconnected",
    " is connected",
    " has returned",
    " was removed",
    " joins the table",
    " leaves the table",
    " finished the tournament",
    " wins the tournament",
    " wins the $",
    " wins $",
    " wins an entry",
    " re-buys",
    " takes the add-on",
    " is sitting out",
    " sits out",
    " will be allowed to play",
    " wins the bounty",
    " wins a bounty",
    " bounty for eliminating",
    " has been disconnected",
)


def _hands(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The hands of a file: (first line number, lines), blank lines trimmed; a
    hand in another language starts at its own first line."""

    def starts(k: int) -> bool:
        return HEADER.match(lines[k]) is not None or HEADER_ANY.match(lines[k]) is not None

    return split_hands(lines, starts, trim=True)


def parse(text: str, file: str = "", site: str = SITE) -> list[SiteHand]:
    """Every hand of a PokerStars-format text, in order (see the module doc)."""
    # A file cut short and appended to goes on with the next hand in the middle
    # of a line ("*** RIVER *** [4d Kh JPokerStars Hand #..."): split it there.
    text = _GLUED.sub("\n", text)
    lines = [line.rstrip() for line in text.splitlines()]
    return [
        parse_hand(chunk, file, number, site)
        for number, chunk in _hands(lines)
        if not _transcript_head(chunk)
    ]


def _transcript_head(lines: list[str]) -> bool:
    """Whether ``lines`` are the head of histories PokerStars sends by e-mail
    before the first hand: the request's line (naming the player and the
    address it was sent to: ``... (ann@example.com)``, in English ``Transcript
    for tournament #N requested by Ann (ann@example.com)``) and the separators
    (``*********** # 1 **************``, ``№1``, ``n. 1``); no hand is in it."""
    text = [line.strip() for line in lines if line.strip()]
    request = re.compile(r"^(?:[^:\[\]*#]|#[0-9]+\b)+\([^()\s@]+@[^()\s@]+\)$")
    return bool(text) and all(
        SEPARATOR.match(line) or (number == 0 and request.match(line))
        for number, line in enumerate(text)
    )


def parse_hand(lines: list[str], file: str = "", line: int = 1, site: str = SITE) -> SiteHand:
    """One hand from its lines; a hand that cannot be read is marked skipped."""
    head = HEADER.match(lines[0]) if lines else None
    problem: str | None = None
    if head is None and lines and site == SITE:
        other = HEADER_ANY.match(lines[0])
        lang = language(lines[0])
        if other is not None and lang is None:
            hand = SiteHand(site, hand_number(other), file, line)
            words = re.split(r"#|№|n\.º|nº|n°", lines[0])[0].strip()
            return hand.skipped("language", f"a history in another language ({words!r})")
        if other is not None and lang is not None:
            lines, problem = translate(lines, lang)
            head = HEADER.match(lines[0])
    if head is None:
        hand = SiteHand(site, f"line-{line}", file, line)
        if re.match(r"^PokerStars Tournament #\d+", lines[0]):
            words = "a tournament summary (results and prizes), not a hand"
            return hand.skipped("tournament_summary", words)
        return hand.skipped("partial", f"line {line}: text that is not a hand: {lines[0][:60]!r}")
    hand = SiteHand(site, head.group(1) or f"line-{line}", file, line)
    if problem is not None:  # a line of another language not learned: never guessed
        hand.skipped("unknown_action", problem)
    title = head.group(2)
    if lines[0].startswith("POKERSTARS "):  # PokerTracker 2's capitals
        title = title.replace("HOLD'EM NO LIMIT", "Hold'em No Limit")
    try:
        _read(hand, title, lines)
    except ValueError as error:
        hand.skipped("bad_amount", str(error))
    return hand


def _read(hand: SiteHand, title: str, lines: list[str]) -> None:
    hand.tournament = "Tournament #" in title
    if "Hold'em No Limit" not in title and "Hold'em NL" not in title:
        game = re.split(r" - |\(", title.split(", ")[-1] if hand.tournament else title)[0]
        hand.skipped("not_nlhe", f"game {game.strip()!r}")
    elif _SPLIT.search(title):
        hand.skipped("not_nlhe", "game 'Split Hold'em' (two boards from the flop, one betting)")
    elif short := _SHORT_DECK.search(title):  # 6+ hold'em: 36 cards, its own hand ranks
        hand.skipped("not_nlhe", f"game {short.group(0)!r} (short deck)")
    stakes = re.findall(r"\(([^()/]+)/([^()/ ]+)(?: [A-Z]{3})?(?:\(([^()]+)\))?\)", title)
    if stakes:  # "($0.01/$0.02 USD)", "(10/20)", GGPoker's "($0.02/$0.05($0.01))" with its ante
        # A mixed game writes the game in the same brackets: "(Hold'em No Limit, $0.05".
        hand.small_blind = parse_amount(re.split(r",\s+", stakes[-1][0])[-1])
        hand.big_blind = parse_amount(stakes[-1][1])
        if stakes[-1][2]:
            hand.ante = parse_amount(stakes[-1][2])
    street = PREFLOP
    section = "header"
    run = 0
    summary_collected: dict[str, Decimal] = {}
    summary_boards: dict[int, tuple[str, ...]] = {}
    names: set[str] = set()
    for raw in lines[1:]:
        text = raw.strip()
        if not text or CHAT.match(text):
            continue  # a player's chat is never play, whatever it quotes
        mark = _STREET.match(text)
        if mark:
            which, name, rest = mark.groups()
            run = _RUNS[which] if which else 0
            if name == "HOLE CARDS":
                section, street = "play", PREFLOP
            elif name in _STREETS:
                section, street = "play", _STREETS[name]
                cards = split_cards(rest)
                while len(hand.boards) <= run:
                    hand.boards.append([])
                hand.boards[run] = list(cards)
                if run == 0 and len(hand.boards) > 1:
                    pass
            elif name == "SUMMARY":
                section = "summary"
            else:
                section = "showdown"
            continue
        if section == "header":
            table = _TABLE.match(text)
            if table:
                hand.button = int(table.group(3))
                continue
            seat = _SEAT.match(text)
            if seat:
                name = seat.group(2)
                hand.seats.append((int(seat.group(1)), name, parse_amount(seat.group(3))))
                names.add(name)
                if "sitting out" in seat.group(4) or "out of hand" in seat.group(4):
                    hand.out.add(name)
                continue
        if section == "summary":
            board = _BOARD.match(text)
            if board:
                board_run = _RUNS.get(board.group(1) or "FIRST", 0)
                summary_boards[board_run] = split_cards(board.group(2))
                continue
            _summary(hand, text, summary_collected)
            continue
        if "Hand cancelled" in text or "hand was cancelled" in text.lower():
            hand.skipped("cancelled", text)
            continue
        if text.startswith("Cash Drop to Pot"):
            drop = re.search(r"total (\S+)", text)
            if drop is None:
                hand.skipped("cash_drop", text)
            else:
                hand.cash_drop += parse_amount(drop.group(1))
            continue
        dealt = _DEALT.match(text)
        if dealt:
            cards = split_cards(dealt.group(3) or dealt.group(2))
            if len(cards) == 2:
                hand.hole[dealt.group(1)] = cards
            elif cards:
                hand.skipped("not_nlhe", f"{len(cards)} hole cards")
            continue
        uncalled = _UNCALLED.match(text)
        if uncalled:
            hand.add(hand.uncalled, uncalled.group(2), parse_amount(uncalled.group(1)))
            continue
        cashed = _CASHED.match(text)
        if cashed:
            _ledger(hand, cashed.group(1), f"cashed out {cashed.group(2)}")
            continue
        collected = _COLLECTED.match(text)
        if collected:
            hand.add(hand.collected, collected.group(1), parse_amount(collected.group(2)))
            continue
        _act(hand, text, street, names)
    if hand.site == SITE and any(_GG_MARK.search(line) for line in lines):
        hand.site = "ggpoker"  # GGPoker's PokerStars-headed export
    if summary_collected and not hand.collected:
        hand.collected = summary_collected
    elif summary_collected and summary_collected != hand.collected and not hand.cash_out:
        said = ", ".join(f"{k} {v}" for k, v in summary_collected.items())
        hand.conflicts.append(f"the summary's winnings ({said}) are not the pots collected")
    _check_boards(hand, summary_boards)
    if not hand.seats or section != "summary":
        hand.skipped(
            "partial", "no seats" if not hand.seats else "no summary: the hand is cut short"
        )
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    _bomb_pot(hand)
    _straddles(hand)
    if len(hand.boards) > 1:
        hand.runs = len(hand.boards)
        _complete_runs(hand)


def _bomb_pot(hand: SiteHand) -> None:
    """A cash hand where every player posts a forced bet (an ante), nobody posts
    a blind and the cards go to the flop with no pre-flop betting (GGPoker's
    bomb pots) is not the game of the rule book, whose every hand has blinds
    and a pre-flop betting round (R2, R3): the records cannot say it, so it is
    skipped (``not_nlhe``), never replayed as another hand."""
    if hand.tournament or len(hand.posts) < 2 or any(p.kind != "ante" for p in hand.posts):
        return
    if any(a.street == PREFLOP for a in hand.actions) or not hand.boards:
        return
    stacks = {name: stack for _, name, stack in hand.seats}
    behind = [p for p in hand.posts if p.amount < stacks.get(p.player, p.amount)]
    if len(behind) < 2:  # antes put all but one all-in: a hand with nothing left to bet
        return
    posted = sorted({decimal_text(p.amount) for p in hand.posts})
    hand.skipped(
        "not_nlhe",
        f"a bomb pot: every player posts {' or '.join(posted)} and the flop is dealt with "
        "no pre-flop betting (no blinds, no pre-flop round: not the rule book's game)",
    )


def _straddles(hand: SiteHand) -> None:
    """PokerMaster writes a straddle as a second ``posts big blind`` of twice
    the big blind, right after the first: a straddle (R11.1)."""
    big = [p for p in hand.posts if p.kind == "bb"]
    if len(big) < 2 or not hand.big_blind:
        return
    posts = [p for p in hand.posts if p.kind != "ante"]
    after = posts.index(big[0]) + 1
    if after < len(posts) and posts[after] is big[1] and big[1].amount == 2 * hand.big_blind:
        big[1].kind = "straddle"


def _complete_runs(hand: SiteHand) -> None:
    """A later run's board, written from its first street of its own, starts
    with the cards common to every run."""
    first = hand.boards[0]
    for k in range(1, len(hand.boards)):
        run = hand.boards[k]
        if len(run) < 5 and first:
            hand.boards[k] = first[: 5 - len(run)] + run


def _act(hand: SiteHand, text: str, street: int, names: set[str]) -> None:
    match = _ACTION.match(text)
    if match is None:
        if any(q in text for q in _QUIET) or not any(text.startswith(n + ":") for n in names):
            return
        hand.skipped("unknown_action", text[:80])
        return
    name, verb, rest = match.groups()
    rest = rest.strip()
    allin = "all-in" in rest
    if verb == "posts":
        amounts = re.findall(r"[^\s]*[0-9][^\s]*", rest)
        if not amounts:
            hand.skipped("unknown_action", text[:80])
            return
        amount = parse_amount(amounts[-1])
        if "small & big" in rest or "small and big" in rest:
            kind = "sb_bb"
        elif "ante" in rest:
            kind = "ante"
        elif "small blind" in rest:
            kind = "sb"
        elif "big blind" in rest:
            kind = "bb"
        elif "straddle" in rest:
            kind = "straddle"
        else:
            kind = "dead"
        hand.posts.append(Post(name, kind, amount))
    elif verb == "straddle":
        _straddle(hand, name, rest, text)
    elif verb == "folds":
        if any(a.player == name and a.allin for a in hand.actions):
            # GGPoker lets a player all-in give up at the showdown ("folds"
            # after the last call): no betting is left, it is a muck (R6).
            if name not in hand.mucks:
                hand.mucks.append(name)
            hand.shows.pop(name, None)
            return
        hand.actions.append(SiteAction(street, name, "f"))
    elif verb == "checks":
        hand.actions.append(SiteAction(street, name, "x"))
    elif verb in ("calls", "bets"):
        if not rest:
            hand.skipped("unknown_action", text[:80])
            return
        hand.actions.append(SiteAction(street, name, verb[0], parse_amount(rest.split()[0]), allin))
    elif verb == "raises":
        to = re.search(r"to (\S+)", rest)
        if to is None:
            hand.skipped("unknown_action", text[:80])
            return
        hand.actions.append(SiteAction(street, name, "r", parse_amount(to.group(1)), allin))
    elif verb == "shows":
        cards = split_cards(rest.split("]")[0])
        if len(cards) == 2:  # one card shown reveals no hand: the replay leaves it
            hand.shows[name] = cards
    elif verb == "mucks":
        hand.mucks.append(name)
    elif verb in (
        "Chooses to EV Cashout",
        "cashed out",
        "Pays Insurance",
        "Receives Cashout",
        "Pays Cashout Risk",
    ):
        _ledger(hand, name, verb + rest)
    elif verb == "pay premium of all-in insurance":
        _ledger(hand, name, "Pays" + rest)  # GGPoker's insurance: paid outside the pot
    elif verb.endswith("compensation of all-in insurance"):
        _ledger(hand, name, rest)  # the insurance paying out, outside the pot
    # "get an all-in insurance (premium (...) for (...))" only announces the
    # cover; the premium is paid on its own line.


def _straddle(hand: SiteHand, name: str, rest: str, text: str) -> None:
    """GGPoker writes a straddle without ``posts`` (``P: straddle $0.2``);
    the amount is the player's bet on the street. A player who posted a
    blind before straddling is a table the replay does not read."""
    amounts = re.findall(r"[^\s]*[0-9][^\s]*", rest)
    if not amounts or any(p.player == name and p.kind != "ante" for p in hand.posts):
        hand.skipped("unknown_action", text[:80])
        return
    hand.posts.append(Post(name, "straddle", parse_amount(amounts[0])))


def _ledger(hand: SiteHand, name: str, words: str) -> None:
    """Money paid outside the pot (a cash-out, insurance): kept in the hand's
    ``cash_out`` ledger, signed from the player's side (``Pays ...`` is
    negative), never in the pot."""
    amounts = re.findall(r"[$€£]?[0-9][0-9,.]*[0-9]|[$€£]?[0-9]", words)
    amount = parse_amount(amounts[0]) if amounts else Decimal(0)
    if words.startswith("Pays"):
        amount = -amount
    hand.cash_out[name] = hand.cash_out.get(name, Decimal(0)) + amount


def _check_boards(hand: SiteHand, boards: dict[int, tuple[str, ...]]) -> None:
    """A summary's board that is not the board dealt in the play is a
    contradiction in the site's own text."""
    for run, cards in boards.items():
        dealt = tuple(hand.boards[run]) if run < len(hand.boards) else ()
        same = cards == dealt
        if run and len(cards) < len(dealt):
            # GGPoker writes a later run's board without the cards every run
            # shares ("SECOND Board [Kd 6d]"): the run's own cards, last.
            dealt = dealt[len(dealt) - len(cards) :]
            same = cards == dealt
        elif len(cards) == len(dealt) >= 3:
            # The flop's three cards come together: GGPoker may write them in
            # another order later in the hand ("[Ad 7d 9d]", then "[7d 9d Ad]").
            same = sorted(cards[:3]) == sorted(dealt[:3]) and cards[3:] == dealt[3:]
        if dealt and cards and not same:
            hand.conflicts.append(
                f"the summary's board {' '.join(cards)} is not the board dealt {' '.join(dealt)}"
            )


def _summary(hand: SiteHand, text: str, collected: dict[str, Decimal]) -> None:
    if text.startswith("Total pot"):
        if hand.total_pot is not None or hand.rake is not None:
            # A second summary in one hand: another hand's lines read into
            # this one (its first line not known): never matched.
            hand.conflicts.append(f"a second total pot line: {text[:60]!r}")
            return
        total = re.match(r"Total pot:? (\S+)", text)
        if total:
            hand.total_pot = parse_amount(total.group(1))
        fees = _FEES.findall(text)
        hand.rake = sum((parse_amount(v) for _, v in fees), Decimal(0))
        return
    if "Hand was run" in text:
        return
    seat = re.match(
        r"Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* "
        r"(showed|mucked|collected|folded|lost|won|didn't|is sitting)(.*)$",
        text,
    )
    if seat is None:
        return
    name, verb, rest = seat.groups()
    if "pot not awarded" in rest:
        # PokerStars: the winner had cashed out, so the site kept the pot and
        # paid the cash-out instead; "won ($X)" is what the pot would have paid.
        # The player's result is the cash-out, not the pot: no net of the pot
        # agrees with the money, so the hand is not matched.
        ledger = ", ".join(f"{k} {v}" for k, v in hand.cash_out.items())
        hand.skipped("cash_out", f"pot not awarded: {name} cashed out ({ledger})")
    for amount in re.findall(r"(?:won|collected) \((\S+?)\)", verb + rest):
        collected[name] = collected.get(name, Decimal(0)) + parse_amount(amount)
    # GGPoker's summary gives each EV cash-out once ("Cashout Risk ($X)" paid,
    # "EV Cashout ($X)" received), where the play may repeat the line per street.
    risk = re.search(r"Cashout Risk \((\S+?)\)", rest)
    paid = re.search(r"EV Cashout \((\S+?)\)", rest)
    if risk or paid:
        hand.cash_out[name] = (parse_amount(paid.group(1)) if paid else Decimal(0)) - (
            parse_amount(risk.group(1)) if risk else Decimal(0)
        )
    if verb == "mucked":
        if any(a.player == name and a.kind == "f" for a in hand.actions):
            return  # a converter's summary lists folded hands as "mucked [cards]"
        cards = split_cards(rest.split("]")[0])
        if cards and name not in hand.hole:
            hand.hole[name] = cards
        if name not in hand.mucks and name not in hand.shows:
            hand.mucks.append(name)
