"""A site hand replayed by the engine and checked against the site's own figures.

:func:`to_record` turns a :class:`~holdem.records.sites.model.SiteHand` into
a PHH record (amounts in whole chips of one ``chip_unit`` per hand); the
record is replayed strictly (R3.7) by :func:`holdem.records.replayer.replay_outcome`;
:func:`check` compares the engine's pot, rake and every player's net with
what the site wrote and gives an :class:`Imported` hand with its status:

* ``matched``: pot, rake and every net equal the site's;
* ``differed``: the engine played the hand to a different result (the
  reason says which figure: ``pot``, ``rake`` or ``net``);
* ``rejected``: the engine refused the hand (``replay_refused``, ``unsupported``);
* ``skipped``: the hand cannot be imported (``not_nlhe``, ``cancelled``,
  ``partial``, ``cash_drop``, ``unknown_action``, ``bad_amount``, ``no_names``).

The site's rake and other fees (jackpot...) are the hand's rake: the record
carries a ``rake_rule`` whose rate and cap make the engine take exactly the
site's figure from a pot of the site's size (R13 is our rule for our own
tables; an imported hand is checked against the site's figure).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

import attrs

from holdem.records.record import MATCHED as PHH_MATCHED
from holdem.records.record import REPLAYED, UNSUPPORTED, blind_index
from holdem.records.replayer import Replayed, replay_outcome
from holdem.records.sites.model import (
    DIFFERED,
    MATCHED,
    REJECTED,
    SKIPPED,
    SiteHand,
    decimal_text,
)

_STREET_CARDS = ((0, 3), (3, 4), (4, 5))
#: The largest share of a pot taken as an inferred rake (a site that writes
#: none): sites rake about 5% with a cap (888poker publishes up to 6.25%; a
#: 2011 PartyPoker euro table took 0.14 of a 2.20 pot, 6.4%); 10%, with a
#: cent of rounding on small pots, is more than any takes.
_MOST_RAKE = Decimal("0.10")


@attrs.define
class Imported:
    """One hand of a site file, imported and checked.

    Attributes:
        file: the file, as given.
        site: the site's short name.
        hand: the site's hand number.
        status: ``matched``, ``differed``, ``rejected`` or ``skipped``.
        reason: ``None`` when matched, else a reason code (docs/sites.md).
        detail: one line of words about the reason.
        net: the engine's net per player (collected minus put in), in the
            file's units, when the engine replayed the hand.
        pot: the engine's pot (every chip put in and not returned), file units.
        rake: the engine's rake (the site's figure, when they agree), file units.
        site_net, site_pot, site_rake: the site's own figures.
        cash_out: money paid outside the pot by name (a ledger, never in the pot).
        record: the PHH record (whole chips of ``unit``), when one was built.
        replayed: the engine's replay, when it played the hand.
        unit: the chip unit of the record in the file's units (``0.01``...).
        line: the hand's first line in the file.
    """

    file: str
    site: str
    hand: str
    status: str
    reason: str | None = None
    detail: str = ""
    net: dict[str, Decimal] | None = None
    pot: Decimal | None = None
    rake: Decimal | None = None
    site_net: dict[str, Decimal] | None = None
    site_pot: Decimal | None = None
    site_rake: Decimal | None = None
    cash_out: dict[str, Decimal] = attrs.Factory(dict)
    record: dict[str, Any] | None = None
    replayed: Replayed | None = None
    unit: Decimal = Decimal(1)
    line: int = 1
    places: int = 0

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``holdem import --json`` prints for the hand; amounts
        with as many decimals as the site writes (``places``: ``"47.50"``)."""

        def text(value: Decimal | None) -> str | None:
            return None if value is None else amount_text(value)

        def amount_text(value: Decimal) -> str:
            if value == value.quantize(Decimal(1).scaleb(-self.places)):
                value = value.quantize(Decimal(1).scaleb(-self.places))
            return decimal_text(value)

        data: dict[str, Any] = {
            "file": self.file,
            "site": self.site,
            "hand": self.hand,
            "status": self.status,
            "reason": self.reason,
            "net": {k: amount_text(v) for k, v in (self.net or {}).items()},
            "pot": text(self.pot),
            "rake": text(self.rake),
        }
        if self.detail:
            data["detail"] = self.detail
        if self.site_net is not None:
            data["site_net"] = {k: amount_text(v) for k, v in self.site_net.items()}
            data["site_pot"] = text(self.site_pot)
            data["site_rake"] = text(self.site_rake)
        if self.cash_out:
            data["cash_out"] = {k: amount_text(v) for k, v in self.cash_out.items()}
        data["line"] = self.line
        return data


class _Refused(Exception):
    """The hand cannot be turned into a record: ``reason`` and words."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def dead_antes(hand: SiteHand) -> dict[str, Decimal]:
    """Antes posted by players not dealt in (marked out, who posted nothing
    but antes and never acted, showed or collected): dead money in the pot
    from outside the engine's hand."""
    dead: dict[str, Decimal] = {}
    if not hand.out:
        return dead
    involved = {a.player for a in hand.actions} | set(hand.shows) | set(hand.collected)
    for post in hand.posts:
        if post.player in hand.out and post.player not in involved:
            if post.kind != "ante":
                return {}
            dead[post.player] = dead.get(post.player, Decimal(0)) + post.amount
    return dead


def players_in_hand(hand: SiteHand) -> list[tuple[int, str, Decimal]]:
    """The players dealt in (those who post, act, show or collect), in PHH
    order: from the first seat left of the button, the button (or the seat
    before an empty button) last."""
    active = {p.player for p in hand.posts if p.player not in dead_antes(hand)}
    active |= {a.player for a in hand.actions}
    active |= set(hand.shows) | set(hand.mucks) | set(hand.collected)
    # A player dealt in posts or acts preflop (the action goes round to every
    # seat but the big blind's, which posts); a seat that does neither sat out.
    seats = [s for s in hand.seats if s[1] in active]
    button = hand.button if hand.button is not None else seats[-1][0] if seats else 0
    after = [s for s in seats if s[0] > button]
    return after + [s for s in seats if s[0] <= button]


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def written_places(hand: SiteHand) -> int:
    """How many decimals the site writes its amounts with (``2`` for
    ``$0.50`` and ``$97.50``, ``0`` for chips): the most any amount has."""
    amounts = [s[2] for s in hand.seats] + [p.amount for p in hand.posts]
    amounts += [a.amount for a in hand.actions] + list(hand.collected.values())
    amounts += list(hand.uncalled.values()) + [hand.small_blind, hand.big_blind]
    places = 0
    for amount in amounts:
        exponent = amount.as_tuple().exponent
        if isinstance(exponent, int):
            places = max(places, -exponent)
    return places


def chip_unit(hand: SiteHand) -> Decimal:
    """The hand's chip unit: the smallest power of ten that every amount is a
    whole multiple of (``1`` for chips, ``0.01`` for cents)."""
    amounts = [s[2] for s in hand.seats] + [p.amount for p in hand.posts]
    amounts += [a.amount for a in hand.actions] + list(hand.collected.values())
    amounts += list(hand.uncalled.values()) + [hand.small_blind, hand.big_blind, hand.ante]
    amounts += [x for x in (hand.total_pot, hand.rake) if x is not None]
    places = max((_places(a) for a in amounts), default=0)
    return Decimal(1).scaleb(-places)


def site_figures(
    hand: SiteHand, names: list[str]
) -> tuple[dict[str, Decimal], Decimal | None, Decimal]:
    """The site's net per player (collected plus returned minus put in), its
    total pot (``None`` when the site writes none) and its rake."""
    put = {name: Decimal(0) for name in names}
    street = -1
    bets: dict[str, Decimal] = {}
    for post in hand.posts:
        put[post.player] = put.get(post.player, Decimal(0)) + post.amount
        if post.kind in ("sb", "bb", "straddle"):
            bets[post.player] = bets.get(post.player, Decimal(0)) + post.amount
        elif post.kind == "sb_bb":
            bets[post.player] = bets.get(post.player, Decimal(0)) + min(post.amount, hand.big_blind)
    street = 0
    for act in hand.actions:
        if act.street != street:
            street, bets = act.street, {}
        now = bets.get(act.player, Decimal(0))
        if act.kind == "c":
            added = act.amount
        elif act.kind in ("b", "r"):
            added = act.amount - now
        else:
            continue
        bets[act.player] = now + added
        put[act.player] = put.get(act.player, Decimal(0)) + added
    uncalled = dict(hand.uncalled)
    if hand.total_pot is not None:
        # Old PokerStars files write no "Uncalled bet" line: the chips put in
        # beyond the total pot went back to the top bettor, when they are
        # exactly that bettor's excess over the next.
        put_total = sum(put.values(), Decimal(0))
        unwritten = put_total - sum(uncalled.values(), Decimal(0)) - hand.total_pot
        ranked = sorted(put.values(), reverse=True)
        top = max(put, key=lambda name: put[name]) if put else ""
        last = [a.kind for a in hand.actions if a.player == top and a.kind in ("c", "b", "r")]
        # Only the last bet or raise can go uncalled: never a call.
        if (
            unwritten > 0
            and len(ranked) > 1
            and unwritten == ranked[0] - ranked[1]
            and (not last or last[-1] != "c")
        ):
            uncalled[top] = uncalled.get(top, Decimal(0)) + unwritten
    net = {
        name: hand.collected.get(name, Decimal(0)) + uncalled.get(name, Decimal(0)) - put[name]
        for name in put
    }
    for name in hand.collected:
        net.setdefault(name, hand.collected[name])
    if hand.site_net is not None:  # the site's own figures, not ones derived from the actions
        net = {name: hand.site_net.get(name, Decimal(0)) for name in put}
        net.update({name: value for name, value in hand.site_net.items() if value})
    pot = hand.total_pot
    rake = hand.rake
    if rake is None:
        rake = (
            sum(put.values(), Decimal(0))
            - sum(uncalled.values(), Decimal(0))
            - sum(hand.collected.values(), Decimal(0))
        )
    return net, pot, rake


def to_record(hand: SiteHand, pot: Decimal | None = None) -> tuple[dict[str, Any], Decimal]:
    """The PHH record of a site hand, and its chip unit.

    ``pot`` is the pot the rake is taken from when the site writes none.

    Raises:
        _Refused: the hand holds what a record cannot say.
    """
    unit = chip_unit(hand)

    def chips(amount: Decimal) -> int:
        value = amount / unit
        if value != value.to_integral_value():  # pragma: no cover - unit divides all
            raise _Refused("bad_amount", f"{amount} is not a whole number of {unit}")
        return int(value)

    players = players_in_hand(hand)
    n = len(players)
    if not 2 <= n <= 10:
        raise _Refused("unsupported", f"{n} players dealt in: the engine plays 2 to 10")
    names = [p[1] for p in players]
    index = {name: k for k, name in enumerate(names)}
    antes = [0] * n
    blinds = [0] * n
    live = [0] * n
    dead = [0] * n
    sb_seat = 1 if n == 2 else 0
    bb_seats = (0,) if n == 2 else (0, 1)
    ante_posters = [p for p in hand.posts if p.kind == "ante" and p.player in index]
    stacks = {p[1]: p[2] for p in players}
    ante_of = {p.player: p.amount for p in ante_posters}

    def nominal(header: Decimal, post: Decimal, player: str) -> Decimal:
        # The header's stakes, unless a post that did not put its player
        # all-in says otherwise (888 writes the level's next stakes).
        if not header or post + ante_of.get(player, Decimal(0)) < stacks[player]:
            return post
        return header

    big_set = False
    for post in hand.posts:
        if post.player not in index:
            if post.player in dead_antes(hand):
                continue  # dead money from a player not dealt in: see check()
            raise _Refused("unsupported", f"{post.player} posts but is not dealt in")
        k = index[post.player]
        if post.kind == "ante":
            continue
        if post.kind == "sb" and k == sb_seat and not blinds[blind_index(n, k)]:
            blinds[blind_index(n, k)] = chips(nominal(hand.small_blind, post.amount, post.player))
        elif post.kind == "bb" and k in bb_seats and not big_set:
            big = nominal(hand.big_blind, post.amount, post.player)
            blinds[blind_index(n, k)] = chips(big)
            big_set = True
        elif post.kind == "bb":
            live[k] = chips(hand.big_blind or post.amount)
        elif post.kind == "straddle":
            blinds[blind_index(n, k)] = chips(post.amount)
        elif post.kind == "sb_bb":
            live[k] = chips(hand.big_blind)
            dead[k] = chips(post.amount - hand.big_blind)
        else:  # a small blind out of turn, or a dead post: not a bet
            dead[k] = chips(post.amount)
            post.kind = "dead"
    # A blind seat put all-in by its ante posts no blind: the header's stakes.
    stake = {p.player: p.amount for p in hand.posts if p.kind != "ante"}
    big_index = 0 if n == 2 else 1
    if not big_set:
        name = names[big_index]
        if name not in stake and ante_of.get(name, Decimal(-1)) >= stacks[name]:
            blinds[blind_index(n, big_index)] = chips(hand.big_blind)
    if hand.small_blind and not blinds[blind_index(n, sb_seat)]:
        name = names[sb_seat]
        if name not in stake and ante_of.get(name, Decimal(-1)) >= stacks[name]:
            blinds[blind_index(n, sb_seat)] = chips(hand.small_blind)
    if ante_posters:
        ante = chips(max(hand.ante, max(p.amount for p in ante_posters)))
        posters = {index[p.player] for p in ante_posters}
        if len(posters) == 1 and n > 2 and blinds[blind_index(n, 1)] and 1 in posters:
            antes[blind_index(n, 1)] = ante  # a big-blind ante (R2.3)
        elif len(posters) == 1 and n == 2:
            antes[blind_index(n, next(iter(posters)))] = ante
        else:
            antes = [ante] * n
    record: dict[str, Any] = {
        "variant": "NT",
        "hand": hand.hand_id,
        "players": names,
        "starting_stacks": [chips(p[2]) for p in players],
        "antes": antes,
        "blinds_or_straddles": blinds,
        "min_bet": max(blinds[blind_index(n, s)] for s in bb_seats) or chips(hand.big_blind) or 1,
        "free_fold": True,
        "tournament": hand.tournament,
    }
    # What the site wrote of the table (PHH metadata): the header's fields and
    # each player's seat number, for the export to write them back.
    record.update(hand.meta)
    numbers = [p[0] for p in players]
    if min(numbers) >= 1 and len(set(numbers)) == n:
        record["seats"] = numbers
    if any(live):
        record["live_posts"] = live
    if any(dead):
        record["dead_posts"] = dead
    actions: list[str] = []
    for k, name in enumerate(names):
        cards = hand.shows.get(name) or hand.hole.get(name)
        actions.append(f"d dh p{k + 1} {''.join(cards) if cards else '????'}")
    board = hand.boards[0] if hand.boards else []
    for street in (0, 1, 2, 3):
        if street:
            start, end = _STREET_CARDS[street - 1]
            if len(board) >= end:
                actions.append(f"d db {''.join(board[start:end])}")
        for act in hand.actions:
            if act.street != street:
                continue
            if act.player not in index:
                raise _Refused("unsupported", f"{act.player} acts but is not dealt in")
            p = f"p{index[act.player] + 1}"
            if act.kind == "f":
                actions.append(f"{p} f")
            elif act.kind in ("x", "c"):
                actions.append(f"{p} cc")
            else:
                actions.append(f"{p} cbr {chips(act.amount)}")
    for run in hand.boards[1:]:
        common = 0
        while common < min(len(run), len(board)) and run[common] == board[common]:
            common += 1
        if common < 3:
            common = 0
        for start, end in _STREET_CARDS:
            if end > common and len(run) >= end:
                actions.append(f"d db {''.join(run[max(start, common) : end])}")
    for name, cards in hand.shows.items():
        if name in index:
            actions.append(f"p{index[name] + 1} sm {''.join(cards)}")
    shown = set(hand.shows)
    for name in hand.mucks:
        if name in index and name not in shown:
            # A muck whose cards the site wrote is a show to the replay: the
            # cards are known either way, and only a shown hand can win (R6.3).
            known = hand.hole.get(name)
            actions.append(f"p{index[name] + 1} sm{' ' + ''.join(known) if known else ''}")
            shown.add(name)
    record["actions"] = actions
    if hand.runs > 1:
        record["run_count"] = hand.runs
    pot = hand.total_pot if hand.total_pot is not None else pot
    if hand.rake and pot is not None:  # no pot yet: the check replays without a rake first
        if pot <= hand.rake:
            raise _Refused("unsupported", f"a rake of {hand.rake} from a pot of {pot}")
        record["rake_rule"] = {"rate": f"{chips(hand.rake)}/{chips(pot)}", "cap": chips(hand.rake)}
        record["rake"] = chips(hand.rake)
    return record, unit


_NO_CALLER = "nobody left can call"
_FOLD_AT_SHOWDOWN = "cannot fold: betting is over"
_UNSHOWN = re.compile(r"the history ends before the showdown is over \(p([0-9]+) to show or muck\)")


def _replay(record: dict[str, Any], ident: str) -> tuple[dict[str, Any], Any, Replayed | None]:
    """Replay a record strictly, mending the two things sites write loosely.

    * A bet or raise when nobody left can call more (R3.6) is written by some
      sites (888) for an all-in that covers the others: it is a call, the
      rest comes back uncalled either way.
    * A hand still at the showdown with no show or muck line: sites leave out
      the mucks of losing hands; it is mucked.
    * A fold once betting is over (GGPoker writes a player giving up at the
      showdown as ``folds``): it is a muck (R6).
    Every other refusal stands.
    """
    for _ in range(12):
        result, replayed = replay_outcome(record, ident)
        error = result.error or {}
        message = str(error.get("message", ""))
        index = error.get("action_index")
        if replayed is not None or not message:
            return record, result, replayed
        if _NO_CALLER in message and isinstance(index, int):
            actions = list(record["actions"])
            actions[index] = actions[index].split(" ")[0] + " cc"
            record = dict(record, actions=actions)
            continue
        if _FOLD_AT_SHOWDOWN in message and isinstance(index, int):
            actions = list(record["actions"])
            if actions[index].endswith(" f"):  # GGPoker: giving up at the showdown
                actions[index] = actions[index][: -len("f")] + "sm"
                record = dict(record, actions=actions)
                continue
        unshown = _UNSHOWN.search(message)
        if unshown:
            record = dict(record, actions=[*record["actions"], f"p{unshown.group(1)} sm"])
            continue
        return record, result, replayed
    return record, result, replayed


def check(hand: SiteHand) -> Imported:
    """Import one site hand: build its record, replay it strictly and compare.

    Never raises for a bad hand: every problem is a status with a reason.
    """
    base = Imported(
        hand.file,
        hand.site,
        hand.hand_id,
        SKIPPED,
        line=hand.line,
        cash_out=dict(hand.cash_out),
        places=written_places(hand),
    )
    if hand.skip is None:
        _check_seats(hand)
    if hand.skip is not None:
        base.reason, base.detail = hand.skip, hand.detail
        return base
    if hand.rake is not None and hand.rake < 0:
        # The site's lines pay out more than they put in: no replay can agree.
        base.status, base.reason = DIFFERED, "pot"
        base.detail = f"the site pays out {decimal_text(-hand.rake)} more than its lines put in"
        return base
    try:
        record, unit = to_record(hand)
    except _Refused as refused:
        base.status, base.reason, base.detail = REJECTED, refused.reason, refused.detail
        return base
    base.record, base.unit = record, unit
    record, result, replayed = _replay(record, hand.hand_id)
    if replayed is not None and hand.rake and hand.total_pot is None:
        # The site writes its rake but no pot: take it from the engine's pot.
        res = replayed.hand.result
        assert res is not None
        try:
            again, unit = to_record(hand, (sum(res.payouts) + res.rake_total) * unit)
        except _Refused as refused:
            base.status, base.reason, base.detail = REJECTED, refused.reason, refused.detail
            return base
        record, result, replayed = _replay(again, hand.hand_id)
    base.record = record
    if replayed is None:
        base.status = REJECTED
        base.reason = "unsupported" if result.status == UNSUPPORTED else "replay_refused"
        error = result.error or {}
        where = ""
        if error.get("action") is not None:
            where = f" at action {error.get('action_index')} ({error.get('action')})"
        base.detail = f"{error.get('message', '')}{where}"
        return base
    assert result.status in (REPLAYED, PHH_MATCHED)
    base.replayed = replayed
    names = list(record["players"])
    res = replayed.hand.result
    assert res is not None
    by_name = {name: res.net[k] * unit for k, name in enumerate(names)}
    engine_net = {seat[1]: by_name[seat[1]] for seat in hand.seats if seat[1] in by_name}
    engine_rake = res.rake_total * unit
    engine_pot = (sum(res.payouts) + res.rake_total) * unit
    dead = dead_antes(hand)
    for name, amount in dead.items():  # put in, never dealt in, so never paid
        engine_net[name] = -amount
    engine_pot += sum(dead.values(), Decimal(0))
    record["finishing_stacks"] = list(res.stacks)
    site_net, site_pot, site_rake = site_figures(hand, names)
    base.net, base.pot, base.rake = engine_net, engine_pot, engine_rake
    base.site_net, base.site_pot, base.site_rake = site_net, site_pot, site_rake
    problems: list[tuple[str, str]] = []
    if site_pot is not None and engine_pot != site_pot:
        problems.append(("pot", f"pot {engine_pot} (site {site_pot})"))
    if engine_rake != site_rake:
        problems.append(("rake", f"rake {engine_rake} (site {site_rake})"))
    elif hand.rake_inferred and site_rake > _MOST_RAKE * engine_pot + unit:
        # The site writes no rake: chips neither collected nor returned are
        # taken as its rake, and a share the site does not take means a
        # figure of the hand was not read (a winner's collected line).
        problems.append(
            ("rake", f"{site_rake} of a pot of {engine_pot} is neither collected nor returned")
        )
    elif hand.rake_inferred and site_rake and not hand.tournament and not any(hand.boards):
        # Both sites take no rake from a hand that ends before the flop ("no
        # flop, no drop"): chips missing there are a figure not read.
        problems.append(
            ("rake", f"{site_rake} neither collected nor returned in a hand without a flop")
        )
    elif hand.tournament and site_rake:
        # A tournament pot is not raked: chips the site's lines neither
        # collect nor return are a figure the engine cannot reproduce.
        problems.append(
            ("rake", f"{site_rake} of the chips put in are neither collected nor returned")
        )
    for name in sorted(set(site_net) | set(engine_net)):
        ours, theirs = engine_net.get(name), site_net.get(name)
        if ours != theirs:
            problems.append(("net", f"{name} nets {ours} (site {theirs})"))
    problems += [("summary", words) for words in hand.conflicts]
    split = None
    outside = hand.cash_drop + sum(dead.values(), Decimal(0))
    if problems and outside and all(kind in ("net", "rake") for kind, _ in problems):
        drops = _drop_shares(outside, engine_net, site_net, res.payouts, names)
        if drops is not None and _rake_agrees(hand, site_rake, engine_rake, dead):
            problems = []
            base.net = {k: site_net[k] for k in engine_net}
            shares = ", ".join(f"{k} {decimal_text(v)}" for k, v in drops.items() if v)
            added = [f"cash drop {decimal_text(hand.cash_drop)}"] if hand.cash_drop else []
            added += [f"dead ante {decimal_text(v)} of {k} (not dealt in)" for k, v in dead.items()]
            base.detail = f"{', '.join(added)} added to the pot: {shares}"
    odd = None
    if problems and all(kind == "net" for kind, _ in problems):
        odd = _odd_chips(res.awards, names, unit, engine_net, site_net)
    if problems and odd is None and all(kind == "net" for kind, _ in problems) and engine_rake:
        split = _site_rake_split(record, hand.hand_id, names, unit, site_net, engine_rake)
    if odd is not None:
        base.status, base.net = MATCHED, {k: site_net[k] for k in engine_net}
        moved = ", ".join(f"{k} {'+' if v > 0 else ''}{decimal_text(v)}" for k, v in odd.items())
        base.detail = f"the site gives a split pot's odd chips otherwise than R8.2: {moved}"
    elif split is not None:
        base.status, base.net = MATCHED, {k: site_net[k] for k in engine_net}
        shares = ", ".join(f"{k} {decimal_text(v)}" for k, v in split.items() if v)
        base.detail = f"the site takes its rake from the winners otherwise than R13.2: {shares}"
    elif problems:
        base.status, base.reason = DIFFERED, problems[0][0]
        base.detail = "; ".join(text for _, text in problems[:4])
    else:
        base.status = MATCHED
    if hand.detail:  # what the reader supplied that the site does not write
        base.detail = f"{base.detail}; {hand.detail}" if base.detail else hand.detail
    if hand.cash_out:
        ledger = ", ".join(f"{k} {decimal_text(v)}" for k, v in hand.cash_out.items())
        words = f"cash-out outside the pot (not in the nets): {ledger}"
        base.detail = f"{base.detail}; {words}" if base.detail else words
    return base


def _rake_agrees(
    hand: SiteHand, site_rake: Decimal, engine_rake: Decimal, dead: dict[str, Decimal]
) -> bool:
    """The site's rake is the engine's, or (a site that writes no rake, whose
    rake is the chips put in and not collected) the engine's plus the dead
    antes the engine's pot does not hold."""
    if site_rake == engine_rake:
        return True
    return hand.rake is None and site_rake == engine_rake + sum(dead.values(), Decimal(0))


def _drop_shares(
    drop: Decimal,
    engine_net: dict[str, Decimal],
    site_net: dict[str, Decimal],
    payouts: Sequence[int],
    names: list[str],
) -> dict[str, Decimal] | None:
    """Each player's share of a cash drop (money the site added to the pot):
    the site's net less the engine's, when only players the engine paid
    receive a share, none is negative and the shares add up to the drop;
    else ``None`` (the difference is not the drop)."""
    paid = {name for k, name in enumerate(names) if payouts[k]}
    shares: dict[str, Decimal] = {}
    for name in set(engine_net) | set(site_net):
        share = site_net.get(name, Decimal(0)) - engine_net.get(name, Decimal(0))
        if share < 0 or (share and name not in paid):
            return None
        shares[name] = share
    return shares if sum(shares.values(), Decimal(0)) == drop else None


def _odd_chips(
    awards: Sequence[Any],
    names: list[str],
    unit: Decimal,
    engine_net: dict[str, Decimal],
    site_net: dict[str, Decimal],
) -> dict[str, Decimal] | None:
    """How the site handed a split pot's odd chips to other tied winners than
    R8.2 does, when that is the only difference: every player whose net is
    not the engine's is a winner of one pot that did not split evenly, each
    such winner's share of it stays the equal share rounded down or one chip
    more, and the pot's total is unchanged; the differences by name (file
    units), else ``None``."""
    diffs = {
        name: site_net.get(name, Decimal(0)) - engine_net.get(name, Decimal(0))
        for name in set(engine_net) | set(site_net)
    }
    diffs = {name: d for name, d in diffs.items() if d}
    if not diffs or sum(diffs.values(), Decimal(0)) != 0:
        return None
    seat = {name: k for k, name in enumerate(names)}
    for award in awards:
        total, ways = sum(award.shares), len(award.winners)
        if ways < 2 or total % ways == 0:
            continue
        share = {w: s for w, s in zip(award.winners, award.shares, strict=True)}
        floor = total // ways
        fits = True
        for name, d in diffs.items():
            chips = d / unit
            k = seat.get(name)
            if k not in share or chips != chips.to_integral_value():
                fits = False
                break
            if not floor <= share[k] + int(chips) <= floor + 1:
                fits = False
                break
        if fits:
            return {name: diffs[name] for name in sorted(diffs, key=lambda n: seat[n])}
    return None


def _check_seats(hand: SiteHand) -> None:
    """A table is one player per seat and one seat per player: a name or a
    seat number written twice (a damaged or spliced file) skips the hand
    with ``bad_seats``, naming it."""
    seen: dict[str, int] = {}
    taken: dict[int, str] = {}
    for number, name, _ in hand.seats:
        if name in seen:
            hand.skipped("bad_seats", f"{name} is seated twice (seats {seen[name]} and {number})")
            return
        if number in taken:
            hand.skipped("bad_seats", f"seat {number} is written twice ({taken[number]}, {name})")
            return
        seen[name], taken[number] = number, name


def _site_rake_split(
    record: dict[str, Any],
    ident: str,
    names: list[str],
    unit: Decimal,
    site_net: dict[str, Decimal],
    rake: Decimal,
) -> dict[str, Decimal] | None:
    """The rake each winner paid, when the site split its rake between pots
    (or runs) otherwise than R13.2 and that is the only difference.

    The hand is replayed without rake: every player's net there, less the
    site's net, is what the site raked from that player. It is the site's
    split when no share is negative, only players who won chips pay one, and
    the shares add up to the site's rake; else ``None``.
    """
    unraked = {k: v for k, v in record.items() if k not in ("rake_rule", "rake")}
    _, replayed = replay_outcome(unraked, ident)
    if replayed is None or replayed.hand.result is None:
        return None
    res = replayed.hand.result
    shares: dict[str, Decimal] = {}
    for k, name in enumerate(names):
        share = res.net[k] * unit - site_net.get(name, Decimal(0))
        if share < 0 or (share and not res.payouts[k]):
            return None
        shares[name] = share
    return shares if sum(shares.values(), Decimal(0)) == rake else None


def as_mapping(imported: Imported) -> Mapping[str, Any]:
    """The record of an imported hand with its site fields (for ``-o``)."""
    assert imported.record is not None
    record = dict(imported.record)
    record["_site"] = imported.site
    record["_unit"] = decimal_text(imported.unit)
    if imported.cash_out:
        record["_cash_out"] = [f"{k}:{decimal_text(v)}" for k, v in imported.cash_out.items()]
    return record
