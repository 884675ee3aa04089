"""iPoker hand histories: the XML of ``<session>`` files, one ``<game>`` per hand.

Each ``<player>`` gives its starting ``chips``, what it put in (``bet``) and
what it took back (``win``: pots and uncalled chips), and ``dealer="1"``
marks the button. Round 0 holds the forced bets, rounds 1 to 4 the betting
of each street, in the order of the actions' ``no`` attributes. Action
types: 0 fold, 1 small blind, 2 big blind, 3 call (chips added), 4 check,
5 bet, 23 raise (to the amount), 6 and 7 all-in (chips added), 15 ante; 8
and 9 are seats not dealt in. Cards are written suit first (``CA`` is the ace
of clubs, ``H10`` the ten of hearts; ``X`` unknown). A file may hold several
``<session>`` blocks: each game is of its own session's ``<gametype>``
(``Holdem NL``, and the localized clients' ``SL``, ``БЛ``, ``LZ``, ``No
limit``; any other game or limit is ``not_nlhe``). Newer clients may wrap
the games in a ``<root>`` element and write a tournament game's level in its
``<general>`` (``<smallblind>``, ``<bigblind>``): those are then its blinds.

The site's net for a player is ``win - bet`` (both hold the chips returned
uncalled, or neither) and its rake the sum of the ``bet`` less the sum of the
``win``; the file writes no pot. The check compares the engine's nets with
``win - bet`` itself, so a misread action cannot match. A game that is
not well-formed XML (a file cut short) is ``skipped`` with ``partial``; a
file with a document type declaration is refused (no entity expansion).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from decimal import Decimal

from holdem.records.sites import ipoker_text
from holdem.records.sites.model import Post, SiteAction, SiteHand, decimal_text, parse_amount

SITE = "ipoker"

# A game ends at its </game>, or where the next game, session or XML
# declaration begins (a game cut short is followed by the rest of the file).
_GAME = re.compile(
    r"<game\b(?:(?!<game\b|<session\b|<\?xml).)*?(?:</game>|(?=<game\b|<session\b|<\?xml)|\Z)", re.S
)
_CARD = re.compile(r"^([CDHS])(10|[2-9TJQKA])$", re.I)
_KINDS = {"0": "f", "3": "c", "4": "x", "5": "b", "23": "r", "7": "allin", "6": "allin"}
_POSTS = {"1": "sb", "2": "bb", "15": "ante", "16": "sb_bb", "17": "dead"}


def _card(text: str) -> str | None:
    found = _CARD.match(text.strip())
    if found is None:
        return None
    rank = "T" if found.group(2) == "10" else found.group(2).upper()
    return rank + found.group(1).lower()


def _cards(text: str | None) -> tuple[str, ...]:
    cards = [_card(part) for part in (text or "").split()]
    return tuple(c for c in cards if c is not None) if all(cards) else ()


def parse(text: str, file: str = "") -> list[SiteHand]:
    """Every game of an iPoker XML text (or text export: see
    :mod:`holdem.records.sites.ipoker_text`), in order."""
    if ipoker_text.is_text(text):
        return ipoker_text.parse(text, file)
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        hand = SiteHand(SITE, "line-1", file, 1)
        return [hand.skipped("partial", "a document type declaration: not read (no entities)")]
    sessions = [(m.start(), _session_game(text, m.start())) for m in _SESSION.finditer(text)]
    if not sessions:
        sessions = [(0, _session_game(text, 0))]
    hands = []
    for match in _GAME.finditer(text):
        # A file may hold several sessions (one game each, or a table's games
        # of another kind): a game is of the session it is in.
        game_type = next((g for start, g in reversed(sessions) if start <= match.start()), "")
        game_type = game_type or sessions[0][1]
        line = text.count("\n", 0, match.start()) + 1
        code = re.search(r'gamecode="([^"]*)"', match.group(0))
        hand = SiteHand(SITE, code.group(1) if code else f"line-{line}", file, line)
        body = match.group(0)
        if "</game>" not in body and body.rstrip().endswith("</round>"):
            body = body.rstrip() + "</game>"  # a file ending after its last round, unclosed
        try:
            game = ElementTree.fromstring(body)
        except ElementTree.ParseError as error:
            hands.append(hand.skipped("partial", f"not well-formed XML: {error}"))
            continue
        try:
            _read(hand, game, game_type)
        except ValueError as error:
            hand.skipped("bad_amount", str(error))
        hands.append(hand)
    if not hands:
        hands.append(SiteHand(SITE, "line-1", file, 1).skipped("partial", "no <game> in the file"))
    return hands


_SESSION = re.compile(r"<session\b")
_TOURNAMENT = re.compile(r"<tournamentcode>|<tournamentname>|<buyin>")
#: The no-limit marks of the localized clients' ``<gametype>`` (``Holdem NL``,
#: Spanish ``SL``, Russian ``БЛ``, ``No limit``).
_NO_LIMIT = re.compile(r"^hold'?em (?:nl|sl|бл|lz|no limit)(?:\s|$)", re.I)


def _session_game(text: str, start: int) -> str:
    """The ``<gametype>`` of the session starting at ``start`` (its ``<general>``
    part, before its first game), marked a tournament when the session is one."""
    first_game = text.find("<game ", start)
    head = text[start : first_game if first_game >= 0 else len(text)]
    found = re.search(r"<gametype>(.*?)</gametype>", head, re.S)
    game_type = found.group(1).strip() if found else ""
    if _TOURNAMENT.search(head) and "ournament" not in game_type:
        game_type += " Tournament"  # a tournament session: its chips, no rake
    return game_type


def _money(text: str, tournament: bool) -> Decimal:
    """An amount; a tournament's chips are whole, so ``1.500`` (a localized
    client's thousands mark, Italian say) is 1500 there."""
    if tournament and re.fullmatch(r"\D*\d{1,3}(?:\.\d{3})+\D*", text.strip()):
        text = text.replace(".", "")
    return parse_amount(text)


def _read(hand: SiteHand, game: ElementTree.Element, game_type: str) -> None:
    words = game_type.lower()
    limit = _NO_LIMIT.match(words)
    if limit is None:
        hand.skipped("not_nlhe", f"game {game_type!r}")
    hand.tournament = "tournament" in words or "sng" in words
    stakes = re.findall(r"[0-9][0-9.,]*", game_type[limit.end() :] if limit else "")
    if len(stakes) >= 2:
        hand.small_blind, hand.big_blind = parse_amount(stakes[0]), parse_amount(stakes[1])
    else:  # newer clients write a tournament game's level in its <general>
        small, big = game.findtext("general/smallblind"), game.findtext("general/bigblind")
        if small and big:
            hand.small_blind = _money(small, hand.tournament)
            hand.big_blind = _money(big, hand.tournament)
    bet_of: dict[str, Decimal] = {}
    for player in game.iter("player"):
        name = player.get("name", "")
        seat = int(player.get("seat", "0"))
        hand.seats.append((seat, name, _money(player.get("chips", "0"), hand.tournament)))
        if player.get("dealer") == "1":
            hand.button = seat
        win = _money(player.get("win", "0"), hand.tournament)
        if win:
            hand.collected[name] = win
        bet_of[name] = _money(player.get("bet", "0"), hand.tournament)
    hand.seats.sort()
    if not hand.seats:  # an empty <game>: the hand's text is cut short
        hand.skipped("partial", "no players: the game holds no <player>")
    put: dict[str, Decimal] = {}
    sat_out: set[str] = set()
    for round_ in game.iter("round"):
        street = int(round_.get("no", "0"))
        for cards in round_.iter("cards"):
            kind = cards.get("type", "")
            found = _cards(cards.text)
            if kind == "Pocket" and len(found) == 2:
                hand.hole[cards.get("player", "")] = found
            elif kind in ("Flop", "Turn", "River"):
                if not hand.boards:
                    hand.boards.append([])
                hand.boards[0].extend(found)
        actions = sorted(round_.iter("action"), key=lambda a: int(a.get("no", "0")))
        bets: dict[str, Decimal] = {}
        for action in actions:
            name, kind = action.get("player", ""), action.get("type", "")
            amount = _money(action.get("sum", "0") or "0", hand.tournament)
            if street == 0:
                if kind in _POSTS:
                    hand.posts.append(Post(name, _POSTS[kind], amount))
                    put[name] = put.get(name, Decimal(0)) + amount
                elif kind not in ("8", "9"):
                    hand.skipped("unknown_action", f"forced bet of type {kind} by {name}")
                continue
            if kind in ("8", "9"):
                sat_out.add(name)
                continue
            if kind not in _KINDS:
                hand.skipped("unknown_action", f"action of type {kind} by {name}")
                continue
            _act(hand, street - 1, name, _KINDS[kind], amount, bets, put)
    # A player who posted only an ante and then sat out (type 8 or 9) was not
    # dealt in: the ante is dead money in the pot, the seat never the big blind's.
    acted = {a.player for a in hand.actions}
    for name in sat_out - acted:
        if all(p.kind == "ante" for p in hand.posts if p.player == name):
            hand.out.add(name)
    # iPoker writes no shows: the hole cards it knows of a player still in at
    # the end were shown (or are the file owner's own).
    folded = {a.player for a in hand.actions if a.kind == "f"}
    for name, known in hand.hole.items():
        if name not in folded:
            hand.shows[name] = known
    # The site's net is win - bet (both count the chips returned uncalled, or
    # neither): the check compares the engine's nets with exactly these.
    hand.site_net = {
        name: hand.collected.get(name, Decimal(0)) - bet for name, bet in bet_of.items()
    }
    for name, amount in put.items():
        if amount > bet_of.get(name, amount):
            hand.uncalled[name] = amount - bet_of[name]
    hand.rake = sum(bet_of.values(), Decimal(0)) - sum(hand.collected.values(), Decimal(0))
    antes = [p.amount for p in hand.posts if p.kind == "ante"]
    if antes:
        hand.ante = max(antes)
    # A big blind above the table's is both blinds (a live big, a dead small).
    for post in hand.posts:
        if post.kind == "bb" and hand.big_blind and post.amount > hand.big_blind:
            post.kind = "sb_bb"
    ipoker_text.blinds_from_posts(hand)
    _button_from_posts(hand)


def _button_from_posts(hand: SiteHand) -> None:
    """The button where no ``dealer="1"`` marks it (trackers' exports of other
    sites' hands), or where the marked one contradicts the blinds posted: the
    dealt-in seat before the one small blind, whose next dealt-in seat posts a
    big blind (R2); heads-up the small blind is the button (R14). When no
    dealer is marked and the posts do not fix it, the hand is skipped with
    the posters named."""
    acted = {a.player for a in hand.actions}
    dealt = [s for s in hand.seats if s[1] not in hand.out]
    dealt = [s for s in dealt if s[1] in acted or any(p.player == s[1] for p in hand.posts)]
    small = [p.player for p in hand.posts if p.kind == "sb"]
    big = {p.player for p in hand.posts if p.kind == "bb"}
    names = [s[1] for s in dealt]
    button: int | None = None
    if len(small) == 1 and small[0] in names and len(names) >= 2:
        k = names.index(small[0])
        if names[(k + 1) % len(names)] in big:
            button = dealt[k if len(names) == 2 else k - 1][0]
    if button is not None:
        hand.button = button
    elif hand.button is None and len(names) >= 2:  # fewer: the check says so
        posted = ", ".join(f"{p.player} {p.kind} {decimal_text(p.amount)}" for p in hand.posts)
        hand.skipped(
            "unsupported",
            "no dealer marked and the blinds posted do not fix the button "
            f"(posted: {posted or 'nothing'}; seats: {', '.join(names) or 'none'})",
        )


def _act(
    hand: SiteHand,
    street: int,
    name: str,
    kind: str,
    amount: Decimal,
    bets: dict[str, Decimal],
    put: dict[str, Decimal],
) -> None:
    if street == 0 and not bets:
        for post in hand.posts:  # the blinds are the first bets of the preflop
            if post.kind in ("sb", "bb", "straddle"):
                bets[post.player] = bets.get(post.player, Decimal(0)) + post.amount
    now = bets.get(name, Decimal(0))
    top = max(bets.values(), default=Decimal(0))
    if kind in ("f", "x"):
        hand.actions.append(SiteAction(street, name, kind))
        return
    added = amount if kind in ("c", "allin") else amount - now
    if kind == "b":
        added = amount
    bets[name] = now + added
    put[name] = put.get(name, Decimal(0)) + added
    if kind == "c" or (kind == "allin" and now + added <= top):
        hand.actions.append(SiteAction(street, name, "c", added, kind == "allin"))
    else:
        final = "b" if top == 0 else "r"
        hand.actions.append(SiteAction(street, name, final, now + added, kind == "allin"))
