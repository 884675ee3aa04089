"""888poker and PartyPoker write no rake: it is inferred from the chips put
in and not collected, less the top bettor's uncalled excess (R6.4). These
hands, composed for the project (every figure worked out by hand), pin what
the inference may take as rake: a dead blind is the pot's and never returned
uncalled (R14.3), and a hand that ends before the flop is not raked ("no
flop, no drop", both sites' published rule)."""

from __future__ import annotations

from decimal import Decimal

from holdem.records.sites import import_text
from holdem.records.sites.check import Imported

PARTY_DEAD_BLIND_LOSES = """***** Hand History for Game 700000101 *****
$0.25/$0.50 USD NL Texas Hold'em - Monday, January 05, 10:00:00 EDT 2026
Table Composed (Real Money)
Seat 1 is the button
Total number of players : 4/6
Seat 1: Ann ( $50 USD )
Seat 2: Bob ( $20 USD )
Seat 4: Cid ( $40 USD )
Seat 5: Dee ( $30 USD )
Bob posts small blind [$0.25 USD].
Cid posts big blind [$0.50 USD].
Dee posts big blind + dead [$0.75 USD].
** Dealing down cards **
Dee checks
Ann folds
Bob folds
Cid checks
** Dealing Flop ** [ 2c, 7d, Kc ]
Cid checks
Dee bets [$5 USD]
Cid calls [$5 USD]
** Dealing Turn ** [ 3s ]
Cid checks
Dee checks
** Dealing River ** [ 9h ]
Cid checks
Dee checks
Cid shows [ Ah, Kh ]a pair of Kings.
Dee doesn't show [ Qc, Qd ]a pair of Queens.
Cid wins $10.93 USD from the main pot with a pair of Kings.
"""

PACIFIC_HEADER = """#Game No : {game}
***** 888poker Hand History for Game {game} *****
$0.05/$0.10 Blinds No Limit Holdem - *** 02 01 2026 10:00:00
Table Monaco 6 Max (Real Money)
Seat 1 is the button
Total number of players : {count}
"""

PACIFIC_DEAD_BLIND_WINS = (
    PACIFIC_HEADER.format(game=900000101, count=4)
    + """Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Seat 4: Cid ( $10 )
Seat 5: Dee ( $10 )
Bob posts small blind [$0.05]
Cid posts big blind [$0.10]
Dee posts dead blind [$0.05 + $0.10]
** Dealing down cards **
Dee checks
Ann folds
Bob folds
Cid checks
** Dealing flop ** [ 2c, 7d, Kc ]
Cid checks
Dee bets [$1]
Cid calls [$1]
** Dealing turn ** [ 3s ]
Cid checks
Dee checks
** Dealing river ** [ 9h ]
Cid checks
Dee checks
** Summary **
Dee shows [ Ah, Kh ]
Cid shows [ Qc, Qd ]
Dee collected [ $2.18 ]
"""
)

PACIFIC_PREFLOP = (
    PACIFIC_HEADER.format(game=900000102, count=3)
    + """Seat 1: Ann ( $10 )
Seat 2: Bob ( $10 )
Seat 4: Cid ( $10 )
Bob posts small blind [$0.05]
Cid posts big blind [$0.10]
** Dealing down cards **
Ann raises [$0.30]
Bob folds
Cid raises [$0.90]
Ann folds
** Summary **
Cid did not show his hand
Cid collected [ ${collected} ]
"""
)


def _one(text: str) -> Imported:
    (hand,) = import_text(text, "composed.txt")
    return hand


def _nets(hand: Imported) -> dict[str, str]:
    assert hand.net is not None
    return {name: format(value, "f") for name, value in hand.net.items()}


def test_r14_3_partypoker_dead_small_blind_is_not_an_uncalled_excess() -> None:
    """Dee's ``big blind + dead [$0.75]`` is a live 0.50 and a dead 0.25
    (R14.3); she bets 5 and Cid calls, so both have 5.50 live in and nothing
    comes back. Pot 0.25 + 5.50 + 5.75 = 11.50; Cid wins 10.93, so the rake
    is 0.57 (5%, rounded down). Read before as 0.25 returned to Dee (her
    total over Cid's), the hand differed on Dee's net."""
    hand = _one(PARTY_DEAD_BLIND_LOSES)
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "0.00", "Bob": "-0.25", "Cid": "5.43", "Dee": "-5.75"}
    assert (hand.pot, hand.rake) == (Decimal("11.50"), Decimal("0.57"))


def test_r14_3_888_dead_blind_winner_keeps_the_true_rake() -> None:
    """``posts dead blind [$0.05 + $0.10]``: Dee's 0.05 is dead (R14.3), her
    live 1.10 equals Cid's. Pot 0.05 + 1.10 + 1.15 = 2.30, Dee collects 2.18:
    rake 0.12 (888's 5%, half to even) and Dee nets 1.03. Before, her dead
    0.05 was taken as returned uncalled: the hand *matched* with a rake of
    0.07 and Dee netting 1.08, a result the site never wrote."""
    hand = _one(PACIFIC_DEAD_BLIND_WINS)
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "0.00", "Bob": "-0.05", "Cid": "-1.10", "Dee": "1.03"}
    assert (hand.pot, hand.rake) == (Decimal("2.30"), Decimal("0.12"))


def test_r13_no_flop_no_drop_a_preflop_hand_takes_no_inferred_rake() -> None:
    """Cid re-raises to 1.00 and Ann folds: 0.70 of Cid's comes back
    uncalled (R6.4), the pot is 0.30 + 0.05 + 0.30 = 0.65 and Cid collects
    it all. A collected 0.63 leaves 0.02 unaccounted for: a small share of
    the pot, it was taken as rake and matched; a hand with no flop is not
    raked, so it differs on ``rake``."""
    hand = _one(PACIFIC_PREFLOP.format(collected="0.65"))
    assert hand.status == "matched", hand.detail
    assert _nets(hand) == {"Ann": "-0.30", "Bob": "-0.05", "Cid": "0.35"}
    assert (hand.pot, hand.rake) == (Decimal("0.65"), Decimal("0.00"))
    short = _one(PACIFIC_PREFLOP.format(collected="0.63"))
    assert (short.status, short.reason) == ("differed", "rake")
    assert "without a flop" in (short.detail or "")
