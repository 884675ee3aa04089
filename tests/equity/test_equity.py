"""Equity (holdem.equity.allin) and the fast evaluator it rests on (holdem.engine._fasteval).

The fast tables are checked against treys, the evaluator of record:
exhaustively over every 7-card rank multiset and every flush pattern, and on
random 7-card hands. Exact counts are checked against a plain treys
enumeration on small decks (many dead cards), and against public figures.
"""

from __future__ import annotations

import io
import itertools
import json
import random
import sys
from collections import Counter
from contextlib import redirect_stdout
from fractions import Fraction

import pytest
from treys import Card, Evaluator

from holdem.cli.command import main
from holdem.engine import _fasteval
from holdem.engine.cards import DECK
from holdem.engine.pots import award_pots, layer_pots
from holdem.equity.allin import EquityError, equity, pot_equity
from holdem.equity.ranges import parse_range
from holdem.errors import HoldemError

EVALUATOR = Evaluator()
TREYS = [Card.new(c) for c in DECK]


def treys_rank(cards: list[int]) -> int:
    """treys' own 7-card evaluation of card indices."""
    return EVALUATOR.evaluate([TREYS[c] for c in cards[:5]], [TREYS[c] for c in cards[5:]])


# ------------------------------------------------------------- evaluator
def test_every_rank_multiset_equals_treys() -> None:
    rank7, _ = _fasteval.tables()
    by_sum = _fasteval._by_sum()  # the counting code's copy, keyed by sums of rank keys
    sums = set()
    seen = 0
    for combo in itertools.combinations_with_replacement(range(13), 7):
        if max(Counter(combo).values()) > 4:
            continue
        # Suits cycle c d h s c d h: no suit more than twice, a rank never twice in a suit.
        cards = [4 * r + i % 4 for i, r in enumerate(combo)]
        key = 1
        for r in combo:
            key *= _fasteval.PRIMES[r]
        assert rank7[key] == treys_rank(cards), combo
        total = sum(_fasteval.RANK_KEYS[r] for r in combo)
        assert by_sum[total] == rank7[key] and total not in sums, combo
        sums.add(total)
        seen += 1
    assert seen == len(rank7) == 49205 == sum(1 for v in by_sum if v)


def test_every_flush_pattern_equals_treys() -> None:
    _, flush = _fasteval.tables()
    checked = 0
    for size in (5, 6, 7):
        for ranks in itertools.combinations(range(13), size):
            mask = sum(1 << r for r in ranks)
            suit = checked % 4
            suited = [4 * r + suit for r in ranks]
            # Fill to 7 cards with other suits, paired to the flush ranks where possible.
            fill = [4 * ranks[i] + (suit + 1 + i) % 4 for i in range(7 - size)]
            cards = suited + fill
            assert flush[mask] == treys_rank(cards) == _fasteval.evaluate7(cards), ranks
            checked += 1
    assert checked == 1287 + 1716 + 1716


def test_random_seven_card_hands_equal_treys() -> None:
    rng = random.Random(7)
    for _ in range(30_000):
        cards = rng.sample(range(52), 7)
        assert _fasteval.evaluate7(cards) == treys_rank(cards)


# ------------------------------------------------------------- counting
def brute_orders(holes: list[tuple[int, int]], board: list[int], dead: list[int]) -> Counter:
    """Winner sets over every board completion, by treys itself."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    free = [c for c in range(52) if c not in used]
    out: Counter = Counter()
    for extra in itertools.combinations(free, 5 - len(board)):
        full = [*board, *extra]
        values = [treys_rank([*full, *h]) for h in holes]
        best = min(values)
        out[tuple(i for i, v in enumerate(values) if v == best)] += 1
    return out


def fast_orders(holes: list[tuple[int, int]], board: list[int], dead: list[int]) -> Counter:
    out: Counter = Counter()
    for values, count in _fasteval.count_outcomes(holes, board, dead).items():
        best = min(values)
        out[tuple(i for i, v in enumerate(values) if v == best)] += count
    return Counter({k: v for k, v in out.items() if v})


@pytest.mark.parametrize("case", range(40))
def test_counts_equal_plain_treys_enumeration(case: int) -> None:
    rng = random.Random(case)
    players = rng.randint(2, 6)
    size = rng.choice([0, 0, 3, 4])
    deck = list(range(52))
    if case % 5 == 0:  # flush-heavy: keep mostly two suits
        deck = [c for c in deck if c & 3 in (0, 1) or rng.random() < 0.2]
    keep = 2 * players + size + (14 if size == 0 else rng.randint(5, 30))
    cards = rng.sample(deck, min(keep, len(deck)))
    holes = [(cards[2 * i], cards[2 * i + 1]) for i in range(players)]
    board = cards[2 * players : 2 * players + size]
    dead = [c for c in range(52) if c not in cards]
    assert fast_orders(holes, board, dead) == brute_orders(holes, board, dead)


def brute_places(holes: list[tuple[int, int]], board: list[int], dead: list[int]) -> Counter:
    """Full finishing orders over every board completion (place = players better)."""
    used = {c for h in holes for c in h} | set(board) | set(dead)
    free = [c for c in range(52) if c not in used]
    out: Counter = Counter()
    for extra in itertools.combinations(free, 5 - len(board)):
        full = [*board, *extra]
        values = [_fasteval.evaluate7([*full, *h]) for h in holes]
        out[tuple(sum(w < v for w in values) for v in values)] += 1
    return out


def fast_places(holes: list[tuple[int, int]], board: list[int], dead: list[int]) -> Counter:
    out: Counter = Counter()
    for values, count in _fasteval.count_outcomes(holes, board, dead).items():
        out[tuple(sum(w < v for w in values) for v in values)] += count
    return Counter({k: v for k, v in out.items() if v})


@pytest.mark.parametrize("case", range(60))
def test_full_orders_equal_brute_force_on_flush_heavy_decks(case: int) -> None:
    # Most cards from two suits, so several players at once can make a flush
    # (every flush code path: one flusher, several, everyone), and full
    # finishing orders, not only the winners, are compared.
    rng = random.Random(1000 + case)
    players = rng.randint(3, 7)
    size = [0, 3, 4, 5][case % 4]
    suits = rng.sample(range(4), 2)
    deck = [c for c in range(52) if c & 3 in suits or rng.random() < 0.1]
    left = 5 - size + (rng.randint(8, 12) if size == 0 else rng.randint(3, 20))
    cards = rng.sample(deck, min(2 * players + size + left, len(deck)))
    holes = [(cards[2 * i], cards[2 * i + 1]) for i in range(players)]
    board = cards[2 * players : 2 * players + size]
    dead = [c for c in range(52) if c not in cards]
    assert fast_places(holes, board, dead) == brute_places(holes, board, dead)


@pytest.mark.parametrize("board", [(), (0, 5, 12), (0, 5, 12, 17), (0, 5, 12, 17, 20)])
def test_suits_alike_for_every_player_are_counted_once_and_scaled(board: tuple[int, ...]) -> None:
    # Hole and board cards in clubs and diamonds only; hearts and spades then
    # look the same to every player (also with dead cards of the same ranks).
    holes = [(48, 45), (44, 41), (36, 33), (24, 1)]
    dead = [4 * r + s for r in (2, 5, 7, 9, 11) for s in (2, 3)]
    dead += [c for c in range(52) if c & 3 < 2 and c not in board and c not in sum(holes, ())]
    dead = dead[: 52 - 8 - len(board) - 12]
    assert fast_places(holes, list(board), dead) == brute_places(holes, list(board), dead)
    assert fast_orders(holes[:2], list(board), dead) == brute_orders(holes[:2], list(board), dead)


@pytest.mark.parametrize("case", range(12))
def test_weighted_rank_multisets_count_every_card_set(case: int) -> None:
    rng = random.Random(case)
    available = [rng.choice([0, 1, 2, 3, 4, 4]) for _ in range(13)]
    cards = [4 * r + s for r in range(13) for s in range(available[r])]
    for size in range(6):
        expected: Counter = Counter()
        for combo in itertools.combinations(cards, size):
            expected[sum(_fasteval.CARD_KEY[c] for c in combo)] += 1
        got = _fasteval._weighted(size, available)
        assert len(got) == len({k for k, _ in got}) and dict(got) == dict(expected)


def test_winners_only_and_full_orders_agree() -> None:
    # equity() keeps only the winners; pot_equity() keeps the full order.
    hands = ["AsKs", "QsJs", "Td9d", "8c8h", "7h6h"]
    for board in ("2s5s9h", "2s5s9hKd", None):
        split = equity(hands, board)
        pots = pot_equity(hands, [100] * 5, board)
        assert split.exact and pots.exact and split.boards == pots.boards
        assert pots.pots[0].equity == tuple(p.equity for p in split.players)
        assert pots.pots[0].win == tuple(p.win for p in split.players)


def test_hole_cards_in_any_case_and_spacing() -> None:
    plain = equity(["AsKs", "QdQh"], "2s5s9h")
    assert equity(["as ks", "qDqH"], "2s5s9h") == plain
    assert plain.players[0].hand == "AsKs"
    with pytest.raises(EquityError, match="twice"):
        equity(["AsAs", "QdQh"])


# ------------------------------------------------------- public figures
def test_aces_against_kings() -> None:
    result = equity(["AsAh", "KsKh"])
    assert result.exact and result.boards == 1712304
    assert f"{result.players[0].equity_float:.6f}" == "0.826366"
    assert result.players[0].equity + result.players[1].equity == 1
    assert result.players[0].tie == result.players[1].tie


def test_queens_against_eight_seven_suited() -> None:
    result = equity(["QQ", "87s"])
    assert result.exact
    assert f"{result.players[0].equity_float:.6f}" == "0.782594"
    assert result.boards == 6 * 4 * 1712304


def test_three_way_on_the_flop() -> None:
    result = equity(["AsAh", "KdKc", "QhJh"], board="2c7d9h")
    assert result.boards == 903 and result.exact
    assert [f"{p.equity_float:.2%}" for p in result.players] == ["84.83%", "7.31%", "7.86%"]
    assert sum(p.equity for p in result.players) == 1


def test_deuces_against_a_random_hand_monte_carlo() -> None:
    # The exact figure, 50.3340 %, is reproduced by the benchmark (about 6 s).
    result = equity(["2s2h", "random"], samples=20_000, seed=3)
    hero = result.players[0]
    assert not result.exact and result.boards == 20_000 and result.seed == 3
    assert hero.stderr is not None and 0.002 < hero.stderr < 0.005
    assert abs(hero.equity_float - 0.503340) < 4 * hero.stderr


def test_exact_fractions_and_floats_agree() -> None:
    result = equity(["AsAh", "KdKc", "QhJh"], board="2c7d9h")
    p = result.players[0]
    assert isinstance(p.win, Fraction) and p.win == Fraction(766, 903)
    assert p.win_float == float(p.win) and p.tie_float == 0.0


# --------------------------------------------------------------- ranges
def brute_range_equity(hands: list[list[tuple[int, int]]], board: list[int]) -> list[Fraction]:
    shares = [Fraction(0)] * len(hands)
    total = 0
    for holes in itertools.product(*hands):
        cards = [c for h in holes for c in h]
        if len(set(cards) | set(board)) != len(cards) + len(board):
            continue
        for winners, count in brute_orders(list(holes), board, []).items():
            for w in winners:
                shares[w] += Fraction(count, len(winners))
            total += count
    return [s / total for s in shares]


def test_range_against_range_with_card_removal() -> None:
    board = ["Ah", "Kh", "7c", "2h"]
    result = equity(["QQ+, AhQh", "AK, 77"], board=board)
    index = _fasteval.INDEX
    combos = [
        [
            (index[a], index[b])
            for a, b in parse_range(r).combos
            if a not in board and b not in board
        ]
        for r in ("QQ+, AhQh", "AK, 77")
    ]
    expected = brute_range_equity(combos, [index[c] for c in board])
    assert [p.equity for p in result.players] == expected


def test_hand_against_range_uses_suit_classes_correctly() -> None:
    # Monte Carlo agrees with the exact figure within a few standard errors.
    exact = equity(["AsKs", "QQ+"], board="Qs7h2s")
    sampled = equity(["AsKs", "QQ+"], board="Qs7h2s", samples=20_000, seed=1)
    assert exact.exact and not sampled.exact
    hero = sampled.players[0]
    assert hero.stderr is not None
    assert abs(hero.equity_float - exact.players[0].equity_float) < 4 * hero.stderr


def test_budget_switches_to_monte_carlo() -> None:
    result = equity(["2s2h", "random"], budget=0.01, target_stderr=0.01)
    assert not result.exact and result.seed == 0 and result.boards >= 4000
    assert max(p.stderr or 0 for p in result.players) <= 0.01


def test_monte_carlo_is_reproducible() -> None:
    one = equity(["AsAh", "KK"], samples=3000, seed=11)
    two = equity(["AsAh", "KK"], samples=3000, seed=11)
    assert one == two


# --------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("hands", "board", "dead", "words"),
    [
        (["AsAh", "AsKd"], None, None, "twice"),
        (["AsAh", "KsKd"], "As2c3c", None, "twice"),
        (["AsAh", "KsKd"], None, "Kd", "twice"),
        (["AsAh", "KsXd"], None, None, "player 2"),
        (["AsAh", "KsKd"], "2c3c", None, "0, 3, 4 or 5"),
        (["AsAh", "KsKd"], "2c3c4c5c6c7c", None, "0, 3, 4 or 5"),
        (["AsAh"], None, None, "2 to 10"),
        (["AsAh"] * 11, None, None, "2 to 10"),
        (["AsAh", "AA"], "AcAd2c", None, "no combo"),
        (
            ["AsAh", "KsKd"],
            "2c3c4c",
            [c for c in DECK if c not in "AsAhKsKd2c3c4c"][:44],
            "too many",
        ),
        (["AsAh", "ZZ"], None, None, "player 2"),
        (["AsAh", "KsKd"], "2c3x4c", None, "not a card"),
    ],
)
def test_bad_input(hands: list[str], board: str | None, dead: object, words: str) -> None:
    with pytest.raises(EquityError, match=words) as info:
        equity(hands, board, dead)  # type: ignore[arg-type]
    assert isinstance(info.value, HoldemError)


def test_exact_and_samples_are_exclusive() -> None:
    with pytest.raises(EquityError):
        equity(["AsAh", "KsKd"], exact=True, samples=10)


# ------------------------------------------------------------ side pots
def test_side_pots_equal_per_board_settlement() -> None:
    hands = ["AsAh", "KdKc", "QhJh", None]
    contributions = [100, 300, 500, 50]
    board = ["2c", "7d", "9h", "Jd"]
    result = pot_equity(hands, contributions, board, button=3)
    layering = layer_pots(contributions, [False, False, False, True])
    index = _fasteval.INDEX
    holes = [(index[h[:2]], index[h[2:]]) for h in hands if h]
    expected = [Fraction(r) for r in layering.returns]
    free = [c for c in DECK if c not in board and all(c not in h for h in hands if h)]
    for river in free:
        full = [index[c] for c in [*board, river]]
        ranks: list[int | None] = [treys_rank([*full, *h]) for h in holes] + [None]
        payouts = award_pots(layering.pots, ranks, 3).payouts
        for seat in range(4):
            expected[seat] += Fraction(payouts[seat], len(free))
    assert result.exact and result.boards == len(free)
    assert result.expected == tuple(expected)
    assert sum(result.expected) == sum(contributions)
    main, side = result.pots
    assert main.pot.eligible == (0, 1, 2) and side.pot.eligible == (1, 2)
    assert side.equity[0] == 0 and sum(side.equity) == 1 and sum(main.equity) == 1


def test_side_pots_preflop_split_odd_chips() -> None:
    result = pot_equity(["AsKs", "AdKd"], [101, 101], button=1)
    # A split of 202 chips: 101 each, nothing odd; equal expectations.
    assert result.expected[0] == result.expected[1] == 101
    assert result.pots[0].equity[0] == result.pots[0].equity[1] == Fraction(1, 2)


# ------------------------------------------------------------------ CLI
def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        status = main(["equity", *argv])
    return status, out.getvalue()


def test_cli_text_and_json() -> None:
    status, text = run_cli("AsAh", "KdKc", "QhJh", "--board", "2c7d9h")
    assert status == 0 and "903 deals (exact)" in text and "84.8283%" in text
    status, text = run_cli("AsAh", "KsKh", "--samples", "2000", "--seed", "5", "--json")
    data = json.loads(text)
    assert status == 0 and data["exact"] is False and data["boards"] == 2000 and data["seed"] == 5
    assert data["players"][0]["stderr"] > 0


def test_cli_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AsAh", "AsKd"]) == 2
    assert "twice" in capsys.readouterr().err
    assert main(["equity", "AsAh", "KsKd", "--exact", "--samples", "5"]) == 2


# -------------------------------------------------------------- history
def test_history_shows_equity_before_the_run_out() -> None:
    from holdem import Hand, TableConfig
    from holdem.views.history import format_history

    config = TableConfig([1000, 1000, 1000], 5, 10, names=["A", "B", "C"])
    hand = Hand(config, hole_cards=["AsAh", "KsKh", "QdQc"], board="2c7d9hTs3s")
    hand.call(0)
    hand.call(1)
    hand.check(2)
    hand.bet(1, 100)
    hand.all_in(2)
    hand.call(0)
    hand.fold(1)
    lines = format_history(hand, show_equity=True).splitlines()
    at = lines.index("All-in equity (exact, 990 boards): A 91.62%, C 8.38%")
    assert lines[at - 1] == "B folds" and lines[at + 1].startswith("*** Turn")
    assert "All-in equity" not in format_history(hand, show_equity=False)

    heads_up = Hand(
        TableConfig([500, 500], 5, 10, names=["X", "Y"]),
        hole_cards=["AsAh", "KsKh"],
        board="2c7d9hTs3s",
    )
    heads_up.all_in(0)
    heads_up.call(1)
    assert (
        "All-in equity (exact, 1,712,304 boards): X 82.64%, Y 17.36%"
        in format_history(heads_up, show_equity=True).splitlines()
    )


# ------------------------------------------------- ranges that cannot be dealt
@pytest.mark.parametrize(
    ("hands", "board", "how"),
    [
        (["AA", "AA"], "As2c3d", {"samples": 100}),
        (["AA", "AA"], "As2c3d", {"exact": False}),
        (["AA", "AA", "AA"], None, {"samples": 10}),
        (["AA", "AA", "AA", "KK"], None, {"samples": 10}),  # enough cards, still no deal
        (["AA-QQ"] * 10, None, {"exact": False}),  # too many combos for the exact path
    ],
)
def test_monte_carlo_refuses_ranges_with_no_deal(
    hands: list[str], board: str | None, how: dict[str, object]
) -> None:
    with pytest.raises(EquityError, match="the ranges leave no deal without a card twice"):
        equity(hands, board, **how)  # type: ignore[arg-type]


def test_monte_carlo_gives_up_when_the_ranges_almost_never_fit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = sys.modules["holdem.equity._sampling"]

    # Without the up-front search, the sampler must still stop, with its own error.
    monkeypatch.setattr(module, "_SEARCH_LIMIT", 1)
    monkeypatch.setattr(module, "_MAX_REJECTIONS", 50)
    with pytest.raises(EquityError, match="almost never leave a deal") as info:
        equity(["AA", "AA", "AA", "KK"], samples=10)
    assert isinstance(info.value, ValueError)


def test_feasibility_search() -> None:
    from holdem.equity._sampling import _feasible
    from holdem.equity.allin import _hands

    def combos(*hands: str) -> list[list[tuple[int, int]]]:
        return _hands(list(hands), None, None)[0]

    assert _feasible(combos("AA", "AA", "AA", "KK")) is False
    assert _feasible(combos("AA", "AA", "KK")) is True
    assert _feasible(combos("AA", "AA", "AA")) is False
    assert _feasible(combos("AA", "AA", "AA-KK")) is True
    assert _feasible(combos(*["random"] * 10)) is True


def test_cli_ranges_with_no_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AA", "AA", "AA", "--samples", "10"]) == 2
    err = capsys.readouterr().err
    assert err == "holdem equity: error: the ranges leave no deal without a card twice\n"


@pytest.mark.parametrize(
    ("settings", "words"),
    [
        ({"samples": 10.5}, "samples must be a whole number from 1 to 100,000,000, got 10.5"),
        ({"samples": "100"}, "samples must be a whole number from 1 to 100,000,000, got '100'"),
        ({"samples": True}, "samples must be a whole number from 1 to 100,000,000, got True"),
        ({"samples": 0}, "samples must be a whole number from 1 to 100,000,000, got 0"),
        ({"board": 5}, "board must be cards as text or a list of cards, got 5"),
        ({"board": [5]}, r"board must be cards as text or a list of cards, got \[5\]"),
        ({"dead": 7}, "dead must be cards as text or a list of cards, got 7"),
        ({"target_stderr": -1}, "target_stderr must be a number > 0, got -1"),
        ({"target_stderr": 0}, "target_stderr must be a number > 0, got 0"),
        ({"time_limit": 0}, "time_limit must be a number > 0, got 0"),
        ({"time_limit": -2.5}, "time_limit must be a number > 0, got -2.5"),
        ({"seed": [1]}, r"seed must be a whole number, got \[1\]"),
        ({"budget": -1}, "budget must be a number of seconds >= 0, got -1"),
    ],
)
def test_bad_settings(settings: dict[str, object], words: str) -> None:
    with pytest.raises(EquityError, match=words):
        equity(["AsAh", "KsKd"], **settings)  # type: ignore[arg-type]


def test_board_as_a_list_of_cards() -> None:
    text = equity(["AsAh", "KsKd"], board="2c7d9h")
    listed = equity(["AsAh", "KsKd"], board=["2c", "7d", "9h"])
    assert listed.players[0].equity == text.players[0].equity
    assert listed.board == ("2c", "7d", "9h")


def test_pot_equity_names_dead_money() -> None:
    with pytest.raises(
        EquityError, match="dead_money must be a whole number of chips >= 0, got -5"
    ):
        pot_equity(["AsAh", "KsKd"], [10, 10], dead_money=-5)
