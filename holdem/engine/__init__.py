"""The engine: one hand of no-limit hold'em by the rules (R1 to R8, R11 to R13).

What lives here: the table configuration (:mod:`~holdem.engine.config`), cards
and the dealer (:mod:`~holdem.engine.cards`), the betting rules
(:mod:`~holdem.engine.betting`), forced bets (:mod:`~holdem.engine.forced_bets`),
the pots (:mod:`~holdem.engine.pots`), the showdown and its hand evaluator
(:mod:`~holdem.engine.showdown`, :mod:`~holdem.engine._fasteval`), settlement
(:mod:`~holdem.engine.settlement`), several runs (:mod:`~holdem.engine.runs`),
who acts next and the end of a street (:mod:`~holdem.engine.streets`),
the hand itself (:mod:`~holdem.engine.hand`), its events
(:mod:`~holdem.engine.events`), the rule-book index
(:mod:`~holdem.engine.rulebook`), and a hand's own persistence: snapshots
(:mod:`~holdem.engine.snapshot`) and their HMAC signature
(:mod:`~holdem.engine.signing`).

What it may import: the standard library, ``treys`` and ``attrs``, and
:mod:`holdem.errors`. Nothing above it (``lint-imports`` checks this).
The public names are re-exported at the top: ``from holdem import Hand``.
"""
