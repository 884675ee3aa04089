"""Reference agents: legal, seeded, and each doing what its name says (R3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import seeds, table_configs

from holdem import (
    Action,
    ConfigError,
    Hand,
    HoldemError,
    Kind,
    LegalActions,
    TableConfig,
)
from holdem.selfplay.agents import (
    AGENTS,
    Agent,
    CallAgent,
    PotOddsAgent,
    RandomAgent,
    make_agent,
    preflop_strength,
    random_action,
)
from holdem.selfplay.simulate import play_hand
from holdem.views.seat import SeatView, seat_view

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


class Checked:
    """Wraps an agent and asserts that each of its actions is legal (R3.7)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.actions: list[Action] = []

    def act(self, view: SeatView) -> Action:
        action = self.agent.act(view)
        assert view.legal is not None
        assert action in view.legal, (action, view.legal)
        self.actions.append(action)
        return action


@SETTINGS
@given(config=table_configs(), seed=seeds, names=st.lists(st.sampled_from(AGENTS), min_size=1))
def test_reference_agents_only_act_legally(
    config: TableConfig, seed: int, names: list[str]
) -> None:
    """Over random tables (short stacks, antes, pot-limit), every action is legal
    and the hand ends."""
    agents = [
        Checked(make_agent(names[s % len(names)], f"{seed}:{s}")) for s in range(config.seats)
    ]
    hand = play_hand(config, agents, seed=seed)
    assert hand.is_over


@pytest.mark.parametrize("name", AGENTS)
def test_same_seed_same_actions(name: str) -> None:
    config = TableConfig(stacks=[400] * 6, small_blind=1, big_blind=2, button=3)

    def actions(seed: int) -> list[list[Action]]:
        agents = [Checked(make_agent(name, seed * 10 + s)) for s in range(6)]
        play_hand(config, agents, seed=99)
        return [a.actions for a in agents]

    assert actions(1) == actions(1)


def test_registry() -> None:
    assert AGENTS == ("random", "call", "potodds")
    for name in AGENTS:
        agent = make_agent(name, 1)
        assert isinstance(agent, Agent)
        assert type(agent).name == name  # type: ignore[attr-defined]
    with pytest.raises(ConfigError, match="unknown agent 'nope'") as caught:
        make_agent("nope")
    assert caught.value.field == "agent"


@pytest.mark.parametrize("name", AGENTS)
def test_agents_refuse_views_of_seats_not_to_act(name: str) -> None:
    hand = Hand(TableConfig(stacks=[100, 100, 100], small_blind=1, big_blind=2), seed=1)
    other = (hand.to_act + 1) % 3  # type: ignore[operator]
    with pytest.raises(HoldemError, match="not to act"):
        make_agent(name, 1).act(seat_view(hand, other))


@pytest.mark.parametrize("name", AGENTS)
@pytest.mark.parametrize("kind", ["spectator", "none"])
def test_agents_refuse_views_without_a_seat(name: str, kind: str) -> None:
    from holdem.selfplay.agents import AgentError
    from holdem.views.seat import spectator_view

    hand = Hand(TableConfig(stacks=[100, 100, 100], small_blind=1, big_blind=2), seed=1)
    view = spectator_view(hand) if kind == "spectator" else None
    with pytest.raises(AgentError) as caught:
        make_agent(name, 1).act(view)  # type: ignore[arg-type]
    assert isinstance(caught.value, HoldemError) and isinstance(caught.value, ValueError)
    got = "SpectatorView" if kind == "spectator" else "NoneType"
    assert str(caught.value) == (
        "an agent acts on a seat view with legal options "
        f"(holdem.views.seat.seat_view(hand, hand.to_act)), got {got}"
    )


# ------------------------------------------------------------------ random


FACING = LegalActions(2, True, False, 100, 200, 4000, "raise")
FREE = LegalActions(2, False, True, 0, 100, 4000, "bet")
NO_RAISE = LegalActions(2, True, False, 100, None, None, "raise", False)


def kinds(legal: LegalActions, draws: int = 3000) -> Counter[Kind]:
    rng = random.Random(5)
    return Counter(random_action(legal, rng).kind for _ in range(draws))


def test_random_is_uniform_over_the_legal_kinds() -> None:
    """Fold only when facing a bet; check or call; bet or raise when legal."""
    facing = kinds(FACING)
    assert set(facing) == {Kind.FOLD, Kind.CALL, Kind.RAISE}
    assert all(900 <= n <= 1100 for n in facing.values())
    free = kinds(FREE)
    assert set(free) == {Kind.CHECK, Kind.BET}
    assert all(1350 <= n <= 1650 for n in free.values())
    assert set(kinds(NO_RAISE)) == {Kind.FOLD, Kind.CALL}


def test_random_raise_to_is_uniform_between_min_and_max() -> None:
    rng = random.Random(3)
    actions = [random_action(FACING, rng) for _ in range(6000)]
    amounts = [a.amount for a in actions if a.kind is Kind.RAISE and a.amount is not None]
    assert len(amounts) == sum(1 for a in actions if a.kind is Kind.RAISE)
    assert min(amounts) >= 200 and max(amounts) <= 4000
    assert len(set(amounts)) > 1000  # spread over the range, not a few points
    low_half = sum(1 for a in amounts if a < 2100)
    assert 0.45 < low_half / len(amounts) < 0.55
    only = LegalActions(2, True, False, 100, 150, 150, "raise")  # all-in for less
    assert {random_action(only, rng) for _ in range(50)} >= {Action(Kind.RAISE, 150)}


class _CountingRandom(random.Random):
    """A Random subclass: random_action draws through its randrange and randint."""

    calls = 0

    def randrange(self, *args: int) -> int:  # type: ignore[override]
        self.calls += 1
        return super().randrange(*args)


@given(seed=seeds, low=st.integers(1, 10**6), span=st.integers(0, 10**6))
@SETTINGS
def test_random_draws_the_numbers_of_randrange_and_randint(seed: int, low: int, span: int) -> None:
    """R3.1, R3.3: a plain Random draws inline what randrange and randint draw (the
    same actions, the same state after), and any other Random through its own methods."""
    for legal in (
        FACING,
        FREE,
        NO_RAISE,
        LegalActions(0, True, False, 5, low, low + span, "raise"),
    ):
        plain, counted = random.Random(seed), _CountingRandom(seed)
        for _ in range(20):
            assert random_action(legal, plain) == random_action(legal, counted)
        assert plain.getstate() == counted.getstate()
        assert counted.calls >= 20


def test_random_agent_uses_its_seed() -> None:
    hand = Hand(TableConfig(stacks=[400] * 3, small_blind=1, big_blind=2), seed=4)
    view = seat_view(hand, hand.to_act)  # type: ignore[arg-type]
    assert RandomAgent(8).act(view) == RandomAgent(8).act(view)
    agent = RandomAgent(8)
    assert len({agent.act(view) for _ in range(40)}) > 3


# -------------------------------------------------------------------- call


def test_call_agent_checks_or_calls_and_nothing_else() -> None:
    hand = Hand(TableConfig(stacks=[50, 400, 400], small_blind=1, big_blind=2), seed=2)
    hand.all_in(hand.to_act)  # type: ignore[arg-type]
    agent = CallAgent()
    view = seat_view(hand, hand.to_act)  # type: ignore[arg-type]
    assert agent.act(view) == Action(Kind.CALL)
    hand.call(hand.to_act)  # type: ignore[arg-type]
    hand.call(hand.to_act)  # type: ignore[arg-type]
    view = seat_view(hand, hand.to_act)  # type: ignore[arg-type]
    assert view.legal is not None and view.legal.can_check
    assert agent.act(view) == Action(Kind.CHECK)


# ----------------------------------------------------------------- potodds


def test_preflop_strength_orders_hands() -> None:
    order = ["AsAh", "KsKh", "AsKs", "QsJs", "9s9h", "Ts9s", "AsTd", "7s2d"]
    values = [preflop_strength((h[:2], h[2:])) for h in order]
    assert values == sorted(values, reverse=True)
    assert values[0] == pytest.approx(0.85) and values[-1] == pytest.approx(0.32)


def test_potodds_raises_aces_and_folds_trash_to_a_big_bet() -> None:
    config = TableConfig(stacks=[400, 400], small_blind=1, big_blind=2, button=0)
    aces = Hand(config, hole_cards=["AsAh", "7c2d"])
    action = PotOddsAgent(1).act(seat_view(aces, 0))
    assert action.kind is Kind.RAISE
    trash = Hand(config, hole_cards=["7c2d", "AsAh"])
    trash.raise_to(0, 100)
    assert PotOddsAgent(1).act(seat_view(trash, 1)).kind is Kind.RAISE  # 1 holds aces
    trash = Hand(config, hole_cards=["AsAh", "7c2d"])
    trash.raise_to(0, 100)
    assert PotOddsAgent(1).act(seat_view(trash, 1)) == Action(Kind.FOLD)


def test_potodds_on_the_flop_bets_the_nuts_and_checks_air() -> None:
    config = TableConfig(stacks=[400, 400], small_blind=1, big_blind=2, button=0)
    hand = Hand(config, hole_cards=["AsAh", "7c2d"], board="AdAcKh5s9d")
    hand.call(0)
    hand.check(1)
    assert hand.street == "flop" and hand.to_act == 1
    air = PotOddsAgent(1)
    assert air.strength(seat_view(hand, 1)) < 0.3
    assert air.act(seat_view(hand, 1)) == Action(Kind.CHECK)
    hand.check(1)
    nuts = PotOddsAgent(1)
    assert nuts.strength(seat_view(hand, 0)) == 1.0
    action = nuts.act(seat_view(hand, 0))
    assert action.kind is Kind.BET and action.amount == 3  # three quarters of the pot of 4


def test_potodds_beats_the_calling_station_heads_up() -> None:
    """Seeded, so not flaky: +185 bb/100, 95% interval ± 93, over these 300 hands."""
    from holdem.selfplay.simulate import simulate

    sim = simulate(players=2, hands=300, seed=1, agents=["potodds", "call"])
    potodds = sim.results[0]
    assert potodds.agent == "potodds"
    assert potodds.bb_per_100 - potodds.ci95 > 0


def test_custom_agents_plug_in() -> None:
    """Anything with act(view) -> Action is an Agent."""

    class AllIn:
        def act(self, view: SeatView) -> Action:
            assert view.legal is not None
            return Action(Kind.ALL_IN) if view.legal.can_all_in else Action(Kind.CALL)

    assert isinstance(AllIn(), Agent)
    config = TableConfig(stacks=[100, 100, 100], small_blind=1, big_blind=2)
    hand = play_hand(config, [AllIn(), CallAgent(), AllIn()], seed=3)
    assert hand.is_over and sum(hand.stacks) == 300
