"""Bytes sent per seat per decision: per-seat event streams against full seat views.

A game server must tell all six players of a 6-max hand what happened at every
decision. Today's way sends each seat its whole :func:`holdem.views.seat.seat_view`
as JSON at every decision (the history included, so it grows through the
hand). The stream way (:mod:`holdem.views.streams`) sends each seat only the new
messages since its last one, in the compact form, each as one JSON text.

A third way adds, for the seat to act, its light decision view without the
history (:func:`holdem.views.seat.decision_view`) to the stream, for clients that
want the state worked out for them.

All count the UTF-8 bytes of the JSON texts (no transport framing) over the
same hands: 6 seats, blinds 1/2, every stack 200 chips, the button moving each
hand, every seat playing the ``random`` agent of :mod:`holdem.selfplay.agents`. The
average is the total bytes over all seats divided by (decisions x 6).

Run from the repository root::

    .venv/bin/python benchmarks/bench_bytes_per_decision.py --hands 2000
"""

from __future__ import annotations

import argparse

from holdem import Hand, TableConfig
from holdem.selfplay.agents import RandomAgent
from holdem.views.seat import decision_view, seat_view
from holdem.views.streams import TableStream, encode

SEATS, SMALL, BIG, STACK = 6, 1, 2, 200
GOAL = 300


def measure(hands: int, seed: int) -> tuple[int, int, int, int]:
    """``(decisions, view bytes, stream bytes, decision-view bytes)`` over ``hands`` hands."""
    agent = RandomAgent(seed)
    stream = TableStream(keep_hands=0)
    sent = [0] * SEATS  # the last message number each seat has
    decisions = view_bytes = stream_bytes = light_bytes = 0
    for number in range(hands):
        config = TableConfig([STACK] * SEATS, SMALL, BIG, button=number % SEATS)
        hand = Hand(config, seed=f"{seed}/{number}")
        stream.begin_hand(hand)
        while (seat := hand.to_act) is not None:
            decisions += 1
            for s in range(SEATS):
                view_bytes += len(seat_view(hand, s).to_json().encode())
                reset, messages = stream.since(s, sent[s])
                assert not reset
                stream_bytes += sum(len(encode(m).encode()) for m in messages)
                sent[s] = stream.last
            light_bytes += len(decision_view(hand, seat).to_json().encode())
            hand.act(seat, agent.act(seat_view(hand, seat)))
            stream.sync(hand)
        for s in range(SEATS):  # the end of the hand: pots and stacks
            stream_bytes += sum(len(encode(m).encode()) for m in stream.since(s, sent[s])[1])
            sent[s] = stream.last
    return decisions, view_bytes, stream_bytes, light_bytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decisions, view_bytes, stream_bytes, light_bytes = measure(args.hands, args.seed)
    per_view = view_bytes / decisions / SEATS
    per_stream = stream_bytes / decisions / SEATS
    print(f"{args.hands} hands, {decisions} decisions, {SEATS} seats")
    print(f"full seat views : {per_view:8.0f} bytes per seat per decision")
    print(
        f"event streams   : {per_stream:8.0f} bytes per seat per decision "
        f"(goal <= {GOAL}: {'met' if per_stream <= GOAL else 'NOT met'})"
    )
    per_light = (stream_bytes + light_bytes) / decisions / SEATS
    print(
        f"streams + decision view to the seat to act: {per_light:.0f} bytes per seat per decision"
    )
    print(f"ratio           : {per_view / per_stream:8.1f}x fewer bytes")


if __name__ == "__main__":
    main()
