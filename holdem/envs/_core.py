"""What the PettingZoo and Gymnasium environments share: the table settings, the
deal of hand ``i``, the observation, the mask and the rewards.

Hand ``i`` after ``reset(seed=s)`` is ``Hand(config, seed=f"{s}:{i}")`` with
the button on seat ``i % players``: the engine's own RNG deals it, so one seed
reproduces every episode that follows it.
"""

from __future__ import annotations

import hashlib
import math
import random
import secrets
import struct
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from holdem.engine.betting import Action, Kind, LegalActions, sized_action
from holdem.engine.cards import DECK
from holdem.engine.config import TableConfig
from holdem.engine.hand import Hand
from holdem.errors import ConfigError, HoldemError
from holdem.views.abstraction import Abstraction, ButtonError
from holdem.views.observation import Encoder

ILLEGAL_MODES = ("penalty", "raise")
"""``penalty`` (the environments' default): an illegal button ends the hand with
a penalty (PettingZoo style); ``raise`` (strict): it raises
:class:`~holdem.views.abstraction.ButtonError` and changes nothing."""


_CARD = {card: i for i, card in enumerate(DECK)}
_FOLD, _CHECK, _CALL = Action(Kind.FOLD), Action(Kind.CHECK), Action(Kind.CALL)
_SITUATIONS = 4096  # the most situations whose buttons are remembered
# The history's action one-hot (views.observation): fold, check, call, bet, raise.
_KIND_INDEX = {Kind.FOLD: 0, Kind.CHECK: 1, Kind.CALL: 2, Kind.BET: 3, Kind.RAISE: 4}
# The street's entry by the number of board cards (preflop, flop, turn, river).
_STREET_AT = {0: 104, 3: 105, 4: 106, 5: 107}


def _seeded(text: str) -> random.Random:
    """``random.Random(text)``, seeded without ``Random.seed``'s Python layer:
    the integer CPython makes of a text (its UTF-8 bytes, then their
    SHA-512) given to the generator's own seeding. The same state
    (:data:`_SAME_SEEDING`), about a fifth less time."""
    data = text.encode()
    rng = _new_random(random.Random)
    _seed_random(rng, int.from_bytes(data + hashlib.sha512(data).digest()))
    rng.gauss_next = None  # type: ignore[attr-defined]  # as Random.seed leaves it
    return rng


_new_random = random.Random.__new__
# The C generator's seed(), which Random.seed calls with that integer.
_seed_random: Callable[[random.Random, int], None] = random.Random.__mro__[1].seed  # type: ignore[attr-defined]
_SAME_SEEDING = all(
    _seeded(text).getstate() == random.Random(text).getstate()
    for text in ("0:0", "-3:12", "12345678901234567890:99", "seed:7", "ünï:1", "")
)
"""Whether :func:`_seeded` gives ``random.Random(text)``'s state (it does on
CPython 3.2 and later); else the envs seed each hand with the text."""


class ResetNeeded(HoldemError, gymnasium.error.ResetNeeded):
    """The environment has no hand to play: ``reset()`` was never called, or the
    episode is over (the hand was scored, an illegal button ended it, or an
    opponent failed). Call ``reset()``. Both a
    :class:`~holdem.errors.HoldemError` and Gymnasium's ``ResetNeeded``."""


def _plain(value: Any) -> Any:
    """A NumPy integer as a Python ``int``; anything else as it is (the table
    configuration checks it)."""
    return int(value) if isinstance(value, np.integer) else value


class Game:
    """The settings of an environment and the arithmetic shared by both envs.

    Args:
        players: seats, 2 to 10.
        stacks: every seat's stack at the start of every hand, in chips: one
            number for all, or one per seat (default 200 big blinds); each more
            than the big blind and the ante, so that every hand has a decision.
        blinds: ``(small blind, big blind)`` in chips (default ``(1, 2)``).
        ante: a uniform ante in chips (default 0).
        abstraction: the buttons (default :class:`~holdem.views.abstraction.Abstraction`).
        history: actions remembered in the observation (default 8).
        illegal: ``"penalty"`` or ``"raise"``, see :data:`ILLEGAL_MODES`.
        penalty: big blinds an illegal button costs in ``penalty`` mode
            (default: the offender's starting stack, the most a hand can cost).

    Raises:
        ConfigError: a setting is invalid (its name is the error's ``field``).
    """

    def __init__(
        self,
        players: int,
        stacks: int | Sequence[int] | None,
        blinds: tuple[int, int],
        ante: int,
        abstraction: Abstraction | None,
        history: int,
        illegal: str,
        penalty: float | None,
    ) -> None:
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 10:
            raise ConfigError("players", f"must be 2 to 10, got {players!r}")
        try:
            small, big = map(_plain, blinds)
        except (TypeError, ValueError):
            raise ConfigError("blinds", f"(small blind, big blind), got {blinds!r}") from None
        if stacks is None:  # 200 big blinds; with a bad big blind, the config names it
            stacks = 200 * big if isinstance(big, int) and big > 0 else 200
        if isinstance(stacks, str | bytes) or (isinstance(stacks, np.ndarray) and stacks.ndim != 1):
            raise ConfigError("stacks", f"chips: one number or one per seat, got {stacks!r}")
        if isinstance(stacks, Sequence | np.ndarray):
            chips = [_plain(chip) for chip in stacks]
        else:
            chips = [_plain(stacks)] * players
        ante = _plain(ante)
        if len(chips) != players:
            raise ConfigError("stacks", f"one stack per seat ({players}), got {len(chips)}")
        self.configs = [TableConfig(chips, small, big, button=b, ante=ante) for b in range(players)]
        # Nobody all-in on the forced bets: every hand has a decision to make.
        forced = big + ante
        if min(chips) <= forced:
            raise ConfigError(
                "stacks",
                f"every stack must be more than the big blind and the ante ({forced} chips), "
                f"got {min(chips)}",
            )
        if illegal not in ILLEGAL_MODES:
            raise ConfigError("illegal", f"must be raise or penalty, got {illegal!r}")
        penalty = _plain(penalty)
        if penalty is not None and (
            isinstance(penalty, bool)
            or not isinstance(penalty, int | float)
            or not 0 <= penalty < math.inf
        ):
            raise ConfigError("penalty", f"big blinds, 0 or more and finite, got {penalty!r}")
        if abstraction is not None and not isinstance(abstraction, Abstraction):
            raise ConfigError("abstraction", f"an Abstraction, got {abstraction!r}")
        self.players = players
        self.big_blind: int = big
        self.abstraction = abstraction or Abstraction()
        self.encoder = Encoder(players, history)
        self.illegal = illegal
        self.penalty: float | None = penalty
        total = sum(chips) + ante * players
        high = float(max(total / big, big, 10))
        self.observation_space = spaces.Box(0.0, high, (self.encoder.size,), np.float32)
        self.mask_space = spaces.Box(0, 1, (self.abstraction.size,), np.int8)
        self.action_space = spaces.Discrete(self.abstraction.size)
        self.seed: int | str = secrets.randbits(63)
        self.index = 0
        self._cached: tuple[Hand, LegalActions, bytes, list[int | None] | None, Any] | None = None
        self._situations: dict[tuple[Any, ...], tuple[bytes, list[int | None] | None, Any]] = {}
        self._size = self.abstraction.size
        self._pack = struct.Struct(f"={self.encoder.size}f").pack
        # The fast observation (see observation()): per seat, the float32
        # template with the constants written in, and the seats in rotated order.
        n, size = players, self.encoder.size
        at = 108 + 6 * n
        self._templates = []
        for seat in range(n):
            template = np.zeros(size, dtype=np.float32)
            template[at + 5] = float(big)
            template[at + 6] = small / big
            template[at + 7] = ante / big
            template[at + 8] = chips[seat] / big
            self._templates.append(template)
        self._slots = [119 + 6 * n + slot * (n + 7) for slot in range(self.encoder.history)]
        # Per seat, for each seat in rotated order: it, and where its stack,
        # bet, contribution, folded and all-in entries go.
        self._places = [
            [((seat + j) % n, *(108 + n * (block + 1) + j for block in range(5))) for j in range(n)]
            for seat in range(n)
        ]
        # The hand dealt last, and its betting actions so far as the history
        # encodes them: (seat, kind index, all-in, raise-to in big blinds).
        self._hand: Hand | None = None
        self._on_button = 0  # the button of self._hand
        self._history: list[tuple[int, int, bool, float]] = []
        self._bases: list[Any] = []  # per seat, its template for the hand dealt last, or None
        self._mask_arrays: dict[bytes, Any] = {}

    def reseed(self, seed: int | str | None) -> None:
        """Start the hands over from ``seed`` (when given)."""
        if seed is not None:
            self.seed = seed
            self.index = 0

    def deal(self) -> Hand:
        """The next hand: hand ``index`` of the seed, button on ``index % players``."""
        index = self.index
        self.index += 1
        self._on_button = button = index % self.players
        text = f"{self.seed}:{index}"
        if _SAME_SEEDING:
            hand = Hand(self.configs[button], rng=_seeded(text))
        else:  # pragma: no cover - a Python whose Random seeds a text otherwise
            hand = Hand(self.configs[button], seed=text)
        self._hand = hand
        self._history = []
        self._bases = [None] * self.players
        return hand

    def act(self, hand: Hand, seat: int, action: Action) -> None:
        """``hand.act(seat, action)``, remembering the action for the fast
        observation of the hand dealt last (as its ``Acted`` event will read).

        Raises:
            IllegalActionError: the action is not legal now (nothing changes).
        """
        if hand is not self._hand:
            hand.act(seat, action)
            return
        legal = hand.legal_actions()
        if legal is None or legal.seat != seat:
            hand.act(seat, action)  # raises: not this seat's turn
            return
        kind = action.kind
        bet, stack = hand.bets[seat], hand.stacks[seat]
        if kind is Kind.FOLD or kind is Kind.CHECK:
            to, all_in = bet, False
        elif kind is Kind.CALL:
            to, all_in = bet + legal.call, legal.call == stack
        elif kind is Kind.ALL_IN:  # a call or a bet or raise, as it amounts to (R3.1)
            to, all_in = bet + stack, True
            kind = Kind.CALL if legal.call == stack else Kind(legal.raise_word)
        else:
            to = action.amount  # type: ignore[assignment]
            all_in = to - bet == stack
        hand.act(seat, action)
        self._history.append((seat, _KIND_INDEX[kind], all_in, to / self.big_blind))

    def press(self, hand: Hand, seat: int, button: object) -> bool:
        """Press ``button`` for ``seat``, the seat to act: its action is applied
        (through :meth:`act`'s bookkeeping); ``False`` when the button is not
        legal now (penalty mode), and nothing changes.

        Raises:
            ButtonError: the button is not legal now, in ``raise`` mode.
        """
        if type(button) is int and 0 <= button < self._size and hand is self._hand:
            _, legal, mask, targets, _ = self._decision(hand)
            if mask[button] and legal.seat == seat:
                # The bet after the action, as the Acted event reads it.
                if button == 0:
                    entry = (seat, 0, False, hand.bets[seat] / self.big_blind)
                    hand.act(seat, _FOLD)
                elif button == 1:
                    if legal.can_check:  # nothing owed: the bet is the current bet
                        entry = (seat, 1, False, hand.current_bet / self.big_blind)
                        hand.act(seat, _CHECK)
                    else:
                        call = legal.call  # what is owed, or the whole stack when short
                        all_in = call == hand.stacks[seat]
                        called = hand.bets[seat] + call if all_in else hand.current_bet
                        hand.act(seat, _CALL)
                        entry = (seat, 2, all_in, called / self.big_blind)
                else:
                    assert targets is not None
                    to = targets[button - 2]
                    assert to is not None
                    # All-in: the largest raise-to, when that is the whole stack.
                    all_in = to == legal.max_raise_to and legal.can_all_in
                    if legal.raise_word == "bet":
                        hand.act(seat, sized_action(Kind.BET, to))
                        entry = (seat, 3, all_in, to / self.big_blind)
                    else:
                        hand.act(seat, sized_action(Kind.RAISE, to))
                        entry = (seat, 4, all_in, to / self.big_blind)
                self._history.append(entry)
                return True
        chosen = self.action(hand, button)
        if chosen is None:
            return False
        self.act(hand, seat, chosen)
        return True

    def observation(self, hand: Hand, seat: int) -> Any:
        """The encoding of what ``seat`` may know, float32, writable, a new array.

        The hand dealt last, while it is played through :meth:`act`, is
        encoded from the remembered actions, writing only the entries that
        are not zero into a copy of the seat's float32 template for the hand
        (its hole cards and position written in at its first observation),
        through a memoryview: no conversion at the end; any other hand, or a hand that
        is over, through :meth:`~holdem.views.observation.Encoder.encode_hand`.
        Both give the same values (tests/envs/test_envs_fast_paths.py).
        """
        history = self._history
        if hand is not self._hand or hand.is_over or hand.decision != len(history):
            # The floats packed as float32 (rounded to nearest, as numpy's cast).
            packed = self._pack(*self.encoder.encode_hand(hand, seat))
            return np.frombuffer(bytearray(packed), dtype=np.float32)
        n = self.players
        bb = self.big_blind
        base = self._bases[seat]
        if base is None:  # the seat's template for this hand: its hole cards and position
            base = self._templates[seat].copy()
            first, second = hand.hole_cards(seat)
            base[_CARD[first]] = base[_CARD[second]] = 1.0
            base[108 + (seat - self._on_button) % n] = 1.0
            self._bases[seat] = base
        observation = base.copy()
        out: Any = observation.data  # a memoryview: float32 items, written as numpy casts them
        board = hand.board
        for card in board:
            out[52 + _CARD[card]] = 1.0
        out[_STREET_AT[len(board)]] = 1.0  # while the hand is played: the street's cards
        stacks, bets, contributions, folded = (
            hand.stacks,
            hand.bets,
            hand.contributions,
            hand.folded,
        )
        # Rotated: entry j of each block is seat (seat + j) % n.
        for s, chips_at, bet_at, put_at, folded_at, all_in_at in self._places[seat]:
            chips = stacks[s]
            out[chips_at] = chips / bb
            out[bet_at] = bets[s] / bb
            out[put_at] = contributions[s] / bb
            if folded[s]:
                out[folded_at] = 1.0
            elif not chips:
                out[all_in_at] = 1.0
        at = 108 + 6 * n
        out[at] = (sum(contributions) + hand.dead_money) / bb
        if hand.to_act == seat:
            legal = hand.legal_actions()
            assert legal is not None
            if legal.call:  # what is owed, capped by the stack
                out[at + 1] = legal.call / bb
            if legal.min_raise_to is not None and legal.max_raise_to is not None:
                out[at + 2] = legal.min_raise_to / bb
                out[at + 3] = legal.max_raise_to / bb
            out[at + 4] = 1.0
        else:
            owed = hand.current_bet - bets[seat]
            if owed > 0:
                out[at + 1] = min(owed, stacks[seat]) / bb
        out[at + 9] = n - sum(folded) + 0.0  # seats still in, as a float
        out[at + 10] = len(board) + 0.0
        # The last actions, most recent first, one slot each.
        for at, (actor, kind, all_in, to) in zip(self._slots, reversed(history)):
            out[at + (actor - seat) % n] = 1.0
            at += n
            out[at + kind] = 1.0
            if all_in:
                out[at + 5] = 1.0
            out[at + 6] = to
        return observation

    def _decision(
        self, hand: Hand
    ) -> tuple[Hand, LegalActions, bytes, list[int | None] | None, Any]:
        """The mask (one byte per button, and as an int8 array not to be
        changed) and the raise-to amounts of the raise buttons for the seat
        to act, worked out once per decision (and once per situation: the
        same options, pot and current bet give the same buttons)."""
        legal = hand.legal_actions()
        assert legal is not None
        cached = self._cached
        if cached is not None and cached[0] is hand and cached[1] is legal:
            return cached
        pot, current = hand.pot_total, hand.current_bet
        key = (legal.can_fold, legal.call, legal.min_raise_to, legal.max_raise_to, pot, current)
        known = self._situations.get(key)
        if known is None:
            targets = self.abstraction.raise_targets(legal, pot, current)
            if targets is None:
                mask = bytes((legal.can_fold, 1)) + bytes(self._size - 2)
            else:
                mask = bytes((legal.can_fold, 1, *[to is not None for to in targets]))
            array = self._mask_arrays.get(mask)
            if array is None:  # one per pattern of legal buttons, copied for every caller
                self._mask_arrays[mask] = array = np.frombuffer(mask, dtype=np.int8)
            if len(self._situations) >= _SITUATIONS:
                self._situations.clear()
            self._situations[key] = known = (mask, targets, array)
        self._cached = cached = (hand, legal, *known)
        return cached

    def button_mask(self, hand: Hand) -> bytes:
        """The legal buttons for the seat to act, one byte (1 or 0) per button."""
        return self._decision(hand)[2]

    def buttons(self, hand: Hand) -> list[Action | None]:
        """The action of each button for the seat to act (``None`` where masked)."""
        return [self._button(hand, button) for button in range(self.abstraction.size)]

    def _button(self, hand: Hand, button: int) -> Action | None:
        """The action of ``button`` (an index) for the seat to act, or ``None``."""
        _, legal, mask, targets, _ = self._decision(hand)
        if not mask[button]:
            return None
        if button == 0:
            return _FOLD
        if button == 1:
            return _CHECK if legal.can_check else _CALL
        assert targets is not None
        to = targets[button - 2]
        assert to is not None
        return sized_action(Kind.BET if legal.raise_word == "bet" else Kind.RAISE, to)

    def mask(self, hand: Hand, seat: int) -> Any:
        """The legal buttons of ``seat`` (int8), all zeros when it is not to act."""
        if hand.to_act != seat:
            return np.zeros(self._size, dtype=np.int8)
        return self._decision(hand)[4].copy()

    def action(self, hand: Hand, button: object) -> Action | None:
        """The action of ``button`` for the seat to act, or ``None`` (penalty mode)
        when the button is not legal now.

        Raises:
            ButtonError: the button is not legal now, in ``raise`` mode.
        """
        if type(button) is int:
            pass
        elif isinstance(button, np.integer):
            button = int(button)
        elif (
            isinstance(button, np.ndarray)
            and button.shape == ()
            and np.issubdtype(button.dtype, np.integer)
        ):
            button = int(button)  # Discrete.contains accepts a 0-d integer array
        if type(button) is int and 0 <= button < self.abstraction.size:
            found = self._button(hand, button)
            if found is not None:
                return found
        try:
            return self.abstraction.action_of(hand, button)  # type: ignore[arg-type]
        except ButtonError:
            if self.illegal == "raise":
                raise
            return None

    def penalty_of(self, seat: int) -> float:
        """Big blinds an illegal button costs ``seat``."""
        if self.penalty is not None:
            return float(self.penalty)
        return self.configs[0].stacks[seat] / self.big_blind

    def rewards(self, hand: Hand) -> list[float]:
        """Each seat's result in big blinds once the hand is over (sums to zero in chips)."""
        assert hand.result is not None
        return [chips / self.big_blind for chips in hand.result.net]


def check_opponents(opponents: object, kind: str) -> Sequence[Any]:
    """Checks that ``opponents`` is a list of 1 to 9 entries (one per opponent seat).

    Args:
        opponents: the setting as given.
        kind: what the entries are, for the message (``"agents"``, ``"array policies"``).

    Returns:
        ``opponents``, typed as a sequence.

    Raises:
        ConfigError: ``opponents`` is a string, not a sequence, or has fewer than
            1 or more than 9 entries (field ``"opponents"``).
    """
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise ConfigError("opponents", f"a list of {kind}, got {opponents!r}")
    if not 1 <= len(opponents) <= 9:
        raise ConfigError("opponents", f"1 to 9 opponents, got {len(opponents)}")
    return opponents


def check_render_mode(render_mode: str | None) -> None:
    """Checks the ``render_mode`` setting of the rendering environments.

    Raises:
        ConfigError: ``render_mode`` is not ``None``, ``"human"`` or ``"ansi"``
            (field ``"render_mode"``).
    """
    if render_mode is not None and render_mode not in ("human", "ansi"):
        raise ConfigError("render_mode", f"None, human or ansi, got {render_mode!r}")


def penalty_rewards(game: Game, seats: int, offender: int) -> list[float]:
    """The offender loses its penalty, shared equally by the other seats (zero-sum)."""
    cost = game.penalty_of(offender)
    return [-cost if s == offender else cost / (seats - 1) for s in range(seats)]
