"""PartyPoker hand histories (``***** Hand History for Game N *****``).

Amounts in brackets are what the player adds (``raises [$0.90 USD]``,
``is all-In [$5.25 USD]``); the stakes are the blinds posted (the header may
give the buy-in instead); ``wins $X`` lines hold what a player took from the
pots and back uncalled. The file writes no pot, rake or uncalled bet: the
chips put in and not won are the top bettor's uncalled excess (when they
reach it and that player wins nothing) and the rest the rake. A player who
posts or acts without a seat line (joined during the hand) has no known
stack: the hand is ``skipped`` with ``partial``.
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
    parse_amount,
    split_cards,
)
from holdem.records.sites.pokerstars import CHAT

SITE = "partypoker"

_GAME = re.compile(r"^\*\*\*\*\* Hand History for Game (\w+) \*\*\*\*\*", re.I)
_BALANCE = re.compile(
    r"^(.+?) balance [$€£]?[0-9][0-9,.]*, "
    r"(?:bet [$€£]?[0-9][0-9,.]*, collected ([$€£]?[0-9](?:[0-9,.]*[0-9])?)|lost)"
)
_SEAT = re.compile(r"^Seat (\d+): (.+?) \(\s*([^()]*?)\s*\)\s*(.*)$", re.I)
_POTS = re.compile(r"^Main Pot: .*?\bRake: ([$€£]?[0-9](?:[0-9,.]*[0-9])?)")
_BUTTON = re.compile(r"(?:^|-- )Seat (\d+) is the button", re.I)
_LINE = re.compile(
    r"^(.+?) (posts (?:small blind|big blind \+ dead|big blind|ante|dead)|folds|checks|calls|"
    r"bets|raises|is all-In|shows|doesn't show|does not show|wins|mucks)(.*)$"
)
#: A ``wins`` line's rest in full: ``$7.75 USD``, ``€2.71 EUR from the main pot``, ``4,800 chips``.
_WINS = re.compile(r"^ ([$€£]?[0-9](?:[0-9,.]*[0-9])?) (?:[A-Z]{3}|chips)(?: from .*)?$")
_STREETS = {"flop": FLOP, "turn": TURN, "river": RIVER}
# ``Blinds-Antes(400/800 -25)``, ``(1.200/2.400 -400)``, ``(1 200/2 400 -400)``
_LEVEL = re.compile(
    r"Blinds(?:-Antes)?\(\s*([0-9](?:[0-9,.]|\s(?=[0-9]{3}))*)"
    r"\s*/\s*([0-9](?:[0-9,.]|\s(?=[0-9]{3}))*)"
)
_QUIET = (
    " has joined",
    " has left",
    " is sitting out",
    " is back",
    "connected",
    " time bank",
    " did not respond",
    " has been",
    " will be",
    " finished",
    " wins the tournament",
    " sits out",
    " has returned",
    " timed out",
    " is out",
    " said",
    ": ",
)


_GAME_NO = re.compile(r"^#Game No\s*:\s*(\w+)")


def _hands(lines: list[str]) -> Iterator[tuple[int, list[str]]]:
    """The hands of a file: each starts at its ``#Game No :`` line, or at its
    ``***** Hand History for Game`` line when no such line comes before it; a
    ``#Game No`` with nothing after it (a file cut short) is a hand of its own.
    ``Game #N starts.`` lines between hands are the site's separators."""
    starts: list[int] = []
    for k, line in enumerate(lines):
        if _GAME_NO.match(line):
            starts.append(k)
        elif _GAME.match(line):
            before = [b for b in lines[starts[-1] if starts else 0 : k] if b.strip()]
            if not (starts and len(before) == 1 and _GAME_NO.match(before[0])):
                starts.append(k)
    head = lines[: starts[0]] if starts else lines
    if any(x.strip() and not re.match(r"^Game #\w+ starts", x) for x in head):
        starts.insert(0, 0)  # a file that begins inside a hand: reported, not dropped
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = lines[start:end]
        while chunk and (not chunk[-1].strip() or re.match(r"^Game #\w+ starts", chunk[-1])):
            chunk = chunk[:-1]
        yield start + 1, chunk


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every hand of a PartyPoker text, in order."""
    lines = [line.rstrip() for line in text.splitlines()]
    return [_hand(chunk, file, number) for number, chunk in _hands(lines)]


def _hand(lines: list[str], file: str, line: int) -> SiteHand:
    number = _GAME_NO.match(lines[0])
    if number is not None:
        lines = [x for x in lines[1:] if x.strip()] if len(lines) > 1 else []
    game = _GAME.match(lines[0]) if lines else None
    if game is None:
        ident = number.group(1) if number else f"line-{line}"
        hand = SiteHand(SITE, ident, file, line)
        if number is not None:
            return hand.skipped("partial", "the hand's text is cut short after its number")
        first = next((x for x in lines if x.strip()), "")[:60]
        return hand.skipped("partial", f"line {line}: text that is not a hand: {first!r}")
    hand = SiteHand(SITE, game.group(1), file, line)
    try:
        _read(hand, lines)
    except ValueError as error:
        hand.skipped("bad_amount", str(error))
    return hand


def _chips(text: str) -> Decimal:
    """A tournament level's blind: whole chips, so ``1.200`` (a dot between
    thousands, as some clients write the level) is 1,200."""
    if re.fullmatch(r"\d{1,3}(?:\.\d{3})+", text):
        text = text.replace(".", "")
    return parse_amount(text)


def _amount(rest: str) -> Decimal | None:
    found = re.search(r"\[\s*([^\]]*?)\s*\]", rest)
    if found is None:
        found = re.search(r"([$€£]?[0-9][0-9.,]*)", rest)
    return parse_amount(found.group(1)) if found else None


_GLUED = re.compile(r"^(.+? is sitting out)(\S.*)$")


def _unglued(lines: list[str]) -> Iterator[str]:
    """The lines of a hand, a line glued to a sitting-out notice (the Mac
    client writes ``P3 is sitting outP4 posts big blind [$0,25 USD].``)
    read as the two lines it is."""
    for line in lines:
        glued = _GLUED.match(line.strip())
        if glued:
            yield glued.group(1)
            yield glued.group(2)
        else:
            yield line


def _read(hand: SiteHand, lines: list[str]) -> None:
    title = lines[1] if len(lines) > 1 else ""
    nlhe = re.search(r"\bNL (?:Texas )?Hold'?em\b|Texas Hold'?em Game Table \(NL\)", title, re.I)
    if not nlhe and "No Limit Hold" not in title:
        hand.skipped("not_nlhe", f"game {title.split(' - ')[0]!r}")
    hand.tournament = "Trny" in title or "Tourney" in title
    street = PREFLOP
    bets: dict[str, Decimal] = {}
    put: dict[str, Decimal] = {}
    dead: dict[str, Decimal] = {}  # dead blinds: in the pot, never returned uncalled
    seated: set[str] = set()
    seats: list[tuple[int, str, Decimal]] = []
    blinds: tuple[Decimal, Decimal] | None = None
    level = _LEVEL.search(title)
    if level:
        blinds = (_chips(level.group(1)), _chips(level.group(2)))
    written: Decimal | None = None  # the summary's rake, when it writes one
    size = 10  # the table's seats (``Total number of players : 5/6``)
    for raw in _unglued(lines[2:]):
        text = raw.strip().rstrip(".")
        if not text:
            continue
        players = re.match(r"Total number of players\s*:\s*\d+\s*/\s*(\d+)", text)
        if players:
            size = max(int(players.group(1)), 2)
        button = _BUTTON.search(text)
        if button:
            hand.button = int(button.group(1))
            continue
        seat = _SEAT.match(text)
        if seat and not hand.posts and not hand.actions:
            seats.append((int(seat.group(1)), seat.group(2), parse_amount(seat.group(3))))
            seated.add(seat.group(2))
            continue
        level = _LEVEL.search(text)
        if level and not hand.actions:  # the level in force (a later line may change it)
            blinds = (_chips(level.group(1)), _chips(level.group(2)))
        if text.startswith("** Dealing down") and hand.tournament and blinds is not None:
            _implicit_blinds(hand, seats, blinds, bets, put)
        if text.startswith("** Dealing"):
            kind = text[len("** Dealing ") :].split(" ")[0].lower()
            if kind in _STREETS:
                street, bets = _STREETS[kind], {}
                if not hand.boards:
                    hand.boards.append([])
                hand.boards[0].extend(split_cards(text.split("**")[-1]))
            continue
        if text.startswith("Dealt to "):
            rest = text[len("Dealt to ") :]
            name = rest.rsplit(" [", 1)[0].strip()
            cards = split_cards(rest[len(name) :])
            if len(cards) == 2:
                hand.hole[name] = cards
            continue
        pots = _POTS.match(text)
        if pots:  # the newer format's summary may write the rake
            written = parse_amount(pots.group(1))
            continue
        balance = _BALANCE.match(text)
        if balance:  # the 2020 format's summary: what each player collected
            if balance.group(2):
                hand.add(hand.collected, balance.group(1), parse_amount(balance.group(2)))
            shown = split_cards(text.split("[", 1)[1].split("]", 1)[0]) if "[" in text else ()
            if len(shown) == 2:
                hand.shows[balance.group(1)] = shown
            continue
        if text.endswith(" is all-In"):
            # the 2020 format's mark after a bet, raise or call (an all-in
            # that adds chips writes them after: ``is all-In  [$5.25 USD]``)
            continue
        if CHAT.match(text) or any(text.startswith(n + ": ") for n in seated):
            continue  # a player's chat is never play, whatever it quotes
        match = _LINE.match(text)
        if match is None:
            if any(text.startswith(n + " ") for n in seated) and not any(
                quiet in text for quiet in _QUIET
            ):
                hand.skipped("unknown_action", text[:80])
            continue
        name, verb, rest = match.groups()
        if verb.startswith("posts") or verb in ("calls", "bets", "raises", "is all-In"):
            amount = _amount(rest)
            if amount is None:
                hand.skipped("unknown_action", text[:80])
                continue
            if verb.startswith("posts"):
                kind = (
                    "sb_bb"
                    if "+ dead" in verb
                    else "ante"
                    if "ante" in verb
                    else "sb"
                    if "small" in verb
                    else "dead"
                    if "dead" in verb
                    else "bb"
                )
                hand.posts.append(Post(name, kind, amount))
                put[name] = put.get(name, Decimal(0)) + amount
                if kind in ("sb", "bb"):
                    bets[name] = bets.get(name, Decimal(0)) + amount
                elif kind == "sb_bb":  # a live big blind and a dead small blind
                    big = max((p.amount for p in hand.posts if p.kind == "bb"), default=amount)
                    bets[name] = bets.get(name, Decimal(0)) + min(amount, big)
                    dead[name] = dead.get(name, Decimal(0)) + amount - min(amount, big)
                elif kind == "dead":
                    dead[name] = dead.get(name, Decimal(0)) + amount
                continue
            now = bets.get(name, Decimal(0))
            top = max(bets.values(), default=Decimal(0))
            bets[name] = now + amount
            put[name] = put.get(name, Decimal(0)) + amount
            allin = verb == "is all-In"
            if verb == "calls" or (allin and now + amount <= top):
                hand.actions.append(SiteAction(street, name, "c", amount, allin))
            else:
                kind = "b" if verb == "bets" or (allin and top == 0) else "r"
                hand.actions.append(SiteAction(street, name, kind, now + amount, allin))
        elif verb in ("folds", "checks"):
            hand.actions.append(SiteAction(street, name, "f" if verb == "folds" else "x"))
        elif verb == "shows":
            cards = split_cards(rest.split("]")[0])
            if len(cards) == 2:
                hand.shows[name] = cards
        elif verb in ("doesn't show", "mucks"):
            cards = split_cards(rest.split("]")[0])
            if len(cards) == 2:
                hand.hole[name] = cards
            hand.mucks.append(name)
        elif verb == "wins":
            # Only the full form: the amount and its currency or ``chips``
            # (``wins $7.75 USD``, ``wins 4,800 chips from the main pot``); a
            # line cut short (``wins €2.7``) never passes a lost cent as rake.
            won = _WINS.match(rest)
            if won is None:
                hand.skipped("partial", f"a winner's line cut short: {text[:80]!r}")
                continue
            hand.add(hand.collected, name, parse_amount(won.group(1)))
    hand.seats = sorted(seats)
    # A winner at a showdown whose cards the file knows (``Dealt to``) but
    # writes no ``shows`` for (converters' output) showed them: a winning
    # hand is shown (R6.3).
    folded = {a.player for a in hand.actions if a.kind == "f"}
    if len({name for _, name, _ in seats if name in put} - folded) >= 2:
        for name, cards in hand.hole.items():
            if name in hand.collected and name not in folded | set(hand.mucks):
                hand.shows.setdefault(name, cards)
    # A seat written with $0 whose only line is a fold has nothing to play
    # with: it was not dealt in (as a seat with no line at all).
    for _, name, stack in seats:
        own = [a for a in hand.actions if a.player == name]
        if not stack and name not in put and own and all(a.kind == "f" for a in own):
            hand.actions = [a for a in hand.actions if a.player != name]
    playing = set(put) | {a.player for a in hand.actions}
    _joiners(hand, sorted(playing - seated), put, size)
    if not seats:
        hand.skipped("partial", "no seats")
    if not hand.collected and hand.skip is None:
        hand.skipped("partial", "no winner: the hand is cut short")
    big = max((p.amount for p in hand.posts if p.kind == "bb"), default=Decimal(0))
    small = max((p.amount for p in hand.posts if p.kind == "sb"), default=Decimal(0))
    hand.big_blind, hand.small_blind = big, small
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    # A dead blind is the pot's, never returned: the uncalled excess is the
    # top bettor's live chips over the next largest.
    totals = sorted(
        ((k, v - dead.get(k, Decimal(0))) for k, v in put.items()),
        key=lambda item: item[1],
        reverse=True,
    )
    excess = Decimal(0)
    if len(totals) >= 2 and totals[0][1] > totals[1][1]:
        excess = totals[0][1] - totals[1][1]
    left = sum(put.values(), Decimal(0)) - sum(hand.collected.values(), Decimal(0))
    back = Decimal(0)
    if totals and totals[0][0] not in hand.collected and excess and left >= excess:
        back = excess
    if hand.tournament:
        back = max(Decimal(0), min(left, excess))
    if written is not None and not hand.tournament:
        # The summary writes the rake (``Main Pot: $7.13 Rake: $0.37``): the
        # chips put in and not collected are that rake and, besides it, only
        # the top bettor's uncalled excess.
        back = left - written
        if back not in (Decimal(0), excess):
            hand.conflicts.append(
                f"the summary's rake {written} is not the {left} put in and not collected"
                + (f" (nor that less the {excess} uncalled)" if excess else "")
            )
            back = Decimal(0)
    if back and totals:
        hand.uncalled[totals[0][0]] = back
    hand.rake = left - back
    hand.rake_inferred = written is None or hand.tournament


def _joiners(hand: SiteHand, strangers: list[str], put: dict[str, Decimal], size: int) -> None:
    """Players who join during the hand: a name that posts or acts without a
    seat line, or from a seat written with 0 (listed before buying in). The
    file writes no stack for them. One who is never all-in plays the same
    hand with any stack that covers every other, so it is given the largest
    at the table plus what it put in; one without a seat line sits in the
    first free seat (or one left by a player with nothing) between the
    players acting before and after it preflop, which the replay checks.
    Otherwise (an all-in, no such seat) the hand is ``partial``. The words
    of the hand say what was given."""
    if hand.skip is not None:
        return
    stacks = {name: stack for _, name, stack in hand.seats}
    broke = [n for n, stack in stacks.items() if not stack and (n in put or _acts(hand, n))]
    if not strangers and not broke:
        return
    most = max(stacks.values(), default=Decimal(0))
    notes: list[str] = []
    for name in strangers + broke:
        if any(a.allin for a in hand.actions if a.player == name):
            hand.skipped("partial", f"{name} joins during the hand and is all-in: no stack known")
            return
        cover = most + put.get(name, Decimal(0))
        if name in broke:
            hand.seats = [(k, n, cover if n == name else s) for k, n, s in hand.seats]
            notes.append(f"{name}'s stack is written as 0 (joined during the hand): given {cover}")
            continue
        seat = _free_seat(hand, name, put, size)
        if seat is None:
            hand.skipped("partial", f"{name} plays without a seat line (no stack known)")
            return
        hand.seats = sorted([s for s in hand.seats if s[0] != seat] + [(seat, name, cover)])
        notes.append(f"{name} joined during the hand with no seat line: seat {seat}, given {cover}")
    hand.detail = "; ".join(notes) + " (more than any stack at the table: not written)"


def _acts(hand: SiteHand, name: str) -> bool:
    return any(a.player == name for a in hand.actions)


def _free_seat(hand: SiteHand, name: str, put: dict[str, Decimal], size: int) -> int | None:
    """The seat of a player who joined without a seat line: the first free
    one (or one held by a player with nothing who plays no part) after the
    seat of the player acting just before it preflop, and before the seat of
    the one acting just after it."""
    seat_of = {n: k for k, n, _ in hand.seats}
    order: list[str] = []
    for action in hand.actions:
        if action.street == PREFLOP and action.player not in order:
            order.append(action.player)
    if name not in order:
        return None
    at = order.index(name)
    before = [n for n in order[:at] if n in seat_of]
    after = [n for n in order[at + 1 :] + order[:at] if n in seat_of]
    if not before:  # first to act: just after the big blind
        before = [p.player for p in hand.posts if p.kind == "bb" and p.player in seat_of]
    if not before or not after:
        return None
    start, end = seat_of[before[-1]], seat_of[after[0]]
    held = {k for k, n, s in hand.seats if s or n in put or _acts(hand, n)}
    seat = start % size + 1
    while seat != end:
        if seat not in held:
            return seat
        seat = seat % size + 1
    return None


def _implicit_blinds(
    hand: SiteHand,
    seats: list[tuple[int, str, Decimal]],
    blinds: tuple[Decimal, Decimal],
    bets: dict[str, Decimal],
    put: dict[str, Decimal],
) -> None:
    """Older tournament files write the level (``Blinds(100/200)``) and no
    blind posts: the small blind is the first seat left of the button (the
    button itself heads-up), the big blind the next; a short stack posts
    what it has left after the ante."""
    if any(p.kind in ("sb", "bb", "sb_bb") for p in hand.posts) or len(seats) < 2:
        return
    order = sorted(seats)
    button = hand.button if hand.button is not None else order[-1][0]
    after = [s for s in order if s[0] > button] + [s for s in order if s[0] <= button]
    posters = [after[-1], after[0]] if len(after) == 2 else after[:2]
    for (_, name, stack), amount, kind in zip(posters, blinds, ("sb", "bb"), strict=True):
        amount = min(amount, stack - put.get(name, Decimal(0)))
        if amount <= 0:
            continue
        hand.posts.append(Post(name, kind, amount))
        put[name] = put.get(name, Decimal(0)) + amount
        bets[name] = bets.get(name, Decimal(0)) + amount
