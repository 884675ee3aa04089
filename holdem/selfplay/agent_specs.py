"""Agents named on the command line, and guarding the play against a bad agent.

An agent spec is one of:

- a reference agent's name (:data:`holdem.selfplay.agents.AGENTS`): ``random``, ``call``,
  ``potodds``;
- ``module:Class``: a class importable as ``module.Class`` (the current
  directory is on the import path), for example ``mybots.tight:TightAgent``;
- ``path/to/file.py:Class``: a class defined in that file.

The class must have ``act(view) -> Action`` (the :class:`~holdem.selfplay.agents.Agent`
protocol: ``view`` is the :class:`~holdem.views.seat.SeatView` of the seat to act,
the action must be in ``view.legal``). It is built fresh for every hand (in
``holdem simulate``) or once per player (in ``holdem tournament``) with one
argument, a seed (text), when its constructor takes an argument, else with
none.

An agent that raises, returns something that is not an
:class:`~holdem.engine.betting.Action`, or returns an illegal one stops the run with
:class:`AgentFailure`, which names the agent, its seat and the hand.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import sys
from pathlib import Path
from typing import Any

from holdem.engine.betting import Action, Kind
from holdem.errors import ConfigError, HoldemError
from holdem.selfplay.agents import AGENTS, Agent, AgentFactory, Seed, make_agent
from holdem.views.seat import SeatView


class AgentFailure(HoldemError):
    """An agent failed during play: it raised, or chose something that is not a
    legal action.

    Attributes:
        agent: the agent's spec or name.
        seat: the seat it was acting for.
        hand: the hand number as people count: the first hand is hand 1. (In
            :func:`~holdem.selfplay.simulate.simulate` and the Gymnasium env,
            whose seeds count hands from 0, hand ``n`` is the one seeded with
            index ``n - 1``: ``holdem simulate --start n-1 --count 1`` plays
            it again; at a :class:`~holdem.table.table.Table` it is the
            table's hand number, which seeds that hand.)
        detail: what went wrong.
    """

    def __init__(self, agent: str, seat: int, hand: int, detail: str) -> None:
        self.agent = agent
        self.seat = seat
        self.hand = hand
        self.detail = detail
        super().__init__(f"agent {agent} (seat {seat}) failed in hand {hand}: {detail}")

    def __reduce__(self) -> tuple[Any, ...]:  # picklable across worker processes
        return (type(self), (self.agent, self.seat, self.hand, self.detail))


def is_spec(text: str) -> bool:
    """Whether ``text`` names a class (``module:Class`` or ``file.py:Class``)
    rather than a reference agent."""
    return ":" in text


class SpecFactory:
    """A picklable factory from a seed to an agent of class ``spec``
    (``module:Class`` or ``path/to/file.py:Class``); the class is loaded on
    first use in each process.

    Args:
        spec: the class spec.
    """

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self._cls: Any = None
        self._takes_seed = False

    def __getstate__(self) -> dict[str, Any]:
        return {"spec": self.spec}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["spec"])  # type: ignore[misc]

    def load(self) -> Any:
        """The class, imported (once).

        Raises:
            ConfigError: the module, file or class cannot be loaded, or the
                class has no ``act`` method (field ``agent``).
        """
        if self._cls is None:
            cls = _load_class(self.spec)
            self._takes_seed = takes_seed(cls)
            self._cls = cls
        return self._cls

    def __call__(self, seed: Seed) -> Agent:
        cls = self.load()
        try:
            agent = cls(seed) if self._takes_seed else cls()
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: the agent's failure
            raise ConfigError(
                "agent", f"{self.spec}: building the agent raised {_describe(error)}"
            ) from None
        return agent  # type: ignore[no-any-return]


def factory(spec: str) -> AgentFactory:
    """The factory of an agent spec: a reference agent's, or a :class:`SpecFactory`
    (loaded at once, so that a bad spec fails here).

    Raises:
        ConfigError: an unknown name, or a class spec that cannot be loaded
            (field ``agent``).
    """
    if not isinstance(spec, str):
        raise ConfigError("agent", f"an agent spec is text, got {spec!r}")
    if not is_spec(spec):
        make_agent(spec)  # raises ConfigError naming the known agents

        def reference(seed: Seed) -> Agent:
            return make_agent(spec, seed)

        return reference
    made = SpecFactory(spec)
    made.load()
    return made


def factories(specs: list[str]) -> dict[str, AgentFactory]:
    """A :class:`SpecFactory` for every class spec among ``specs`` (reference
    names need none), for :func:`holdem.selfplay.simulate.simulate`'s ``factories``.

    Raises:
        ConfigError: a spec cannot be loaded (field ``agent``).
    """
    out: dict[str, AgentFactory] = {}
    for spec in specs:
        if is_spec(spec) and spec not in out:
            made = SpecFactory(spec)
            made.load()
            out[spec] = made
    return out


def checked_act(agent: Agent, name: str, view: SeatView, hand: int) -> Action:
    """``agent.act(view)``, checked: the action must be a legal
    :class:`~holdem.engine.betting.Action` for ``view.seat``.

    Args:
        agent: the agent.
        name: its name or spec, for the error.
        view: the seat view of the seat to act.
        hand: the hand number, counted from 1, for the error.

    Raises:
        AgentFailure: the agent raised, or returned something that is not a
            legal action now.
    """
    seat = view.seat
    try:
        action = agent.act(view)
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # SystemExit too: the agent's failure
        raise AgentFailure(name, seat, hand, f"it raised {_describe(error)}") from None
    legal = view.legal
    assert legal is not None
    if not isinstance(action, Action):
        raise AgentFailure(
            name, seat, hand, f"it returned {action!r}, not an Action (legal: {legal})"
        )
    ok = action in legal
    if ok and action.kind is Kind.CALL and action.amount is not None:
        ok = action.amount == min(view.current_bet, view.bets[seat] + view.stacks[seat])
    if not ok:
        detail = f"it chose {action}, which is not legal (legal: {legal})"
        raise AgentFailure(name, seat, hand, detail)
    return action


def _describe(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def takes_seed(cls: Any) -> bool:
    """Whether the agent class ``cls`` is built with a seed (its constructor
    takes a positional argument) rather than with none."""
    try:
        parameters = inspect.signature(cls).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(
        p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.VAR_POSITIONAL) for p in parameters
    )


def _load_class(spec: str) -> Any:
    where, _, name = spec.rpartition(":")
    if not where or not name.isidentifier():
        raise ConfigError(
            "agent",
            f"{spec}: expected module:Class or path/to/file.py:Class ({', '.join(AGENTS)} "
            "are built in)",
        )
    if where.endswith(".py") or os.sep in where or "/" in where:
        path = Path(where)
        if not path.is_file():
            raise ConfigError("agent", f"{spec}: no such file {where}")
        digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:12]
        module_name = f"_holdem_agent_{path.stem}_{digest}"
        module = sys.modules.get(module_name)
        if module is None:
            loader_spec = importlib.util.spec_from_file_location(module_name, path)
            if loader_spec is None or loader_spec.loader is None:
                raise ConfigError("agent", f"{spec}: {where} is not a Python file")
            module = importlib.util.module_from_spec(loader_spec)
            try:
                loader_spec.loader.exec_module(module)
            except KeyboardInterrupt:
                raise
            except BaseException as error:  # SystemExit too: the agent's failure
                raise ConfigError(
                    "agent", f"{spec}: loading {where} raised {_describe(error)}"
                ) from None
            sys.modules[module_name] = module
    else:
        if "" not in sys.path and os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as error:
            raise ConfigError("agent", f"{spec}: no module named {error.name!r}") from None
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # SystemExit too: the agent's failure
            raise ConfigError(
                "agent", f"{spec}: importing {where} raised {_describe(error)}"
            ) from None
    cls = getattr(module, name, None)
    if cls is None:
        raise ConfigError("agent", f"{spec}: {where} has no {name}")
    if not callable(cls) or not callable(getattr(cls, "act", None)):
        raise ConfigError("agent", f"{spec}: {name} has no act(view) method")
    return cls
