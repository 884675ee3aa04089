"""Old module paths of the flat layout, kept working with a ``DeprecationWarning``.

Until version 0.2 every module sat directly in :mod:`holdem` (``holdem.hand``,
``holdem.phh``, ``holdem.table_snapshot``...). They now live in subpackages
(``docs/architecture.md``). Importing an old path, ``import holdem.hand`` or
``from holdem.phh import replay``, gives the very same module object as the new
path, after a ``DeprecationWarning`` that names the new one; so do the old
attributes of the package (``holdem.signing``), and pickles or saved data that
name old classes (``holdem.hand.Hand``) still load. ``holdem.table``,
``holdem.equity``, ``holdem.views``, ``holdem.scenarios`` and ``holdem.cli`` are packages now
that export what the old modules exported, so they need no alias.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import warnings
from types import ModuleType

MOVED: dict[str, str] = {
    "holdem.config": "holdem.engine.config",
    "holdem.cards": "holdem.engine.cards",
    "holdem.betting": "holdem.engine.betting",
    "holdem.forced_bets": "holdem.engine.forced_bets",
    "holdem.pots": "holdem.engine.pots",
    "holdem.showdown": "holdem.engine.showdown",
    "holdem.settlement": "holdem.engine.settlement",
    "holdem.hand": "holdem.engine.hand",
    "holdem.hand_runs": "holdem.engine.runs",
    "holdem.events": "holdem.engine.events",
    "holdem.rulebook": "holdem.engine.rulebook",
    "holdem._frozen": "holdem.engine._frozen",
    "holdem._fasteval": "holdem.engine._fasteval",
    "holdem.snapshot": "holdem.engine.snapshot",
    "holdem.signing": "holdem.engine.signing",
    "holdem.table_args": "holdem.table.args",
    "holdem.table_button": "holdem.table.button",
    "holdem.table_events": "holdem.table.events",
    "holdem.table_seating": "holdem.table.seating",
    "holdem.table_seats": "holdem.table.seats",
    "holdem.table_sitout": "holdem.table.sitout",
    "holdem.table_snapshot": "holdem.table.snapshot",
    "holdem.table_straddles": "holdem.table.straddles",
    "holdem.table_turns": "holdem.table.turns",
    "holdem.schedule": "holdem.table.schedule",
    "holdem.clock": "holdem.table.clock",
    "holdem.phh": "holdem.records",
    "holdem.phh_files": "holdem.records.files",
    "holdem.phh_record": "holdem.records.record",
    "holdem.phh_replay": "holdem.records.replayer",
    "holdem.phh_write": "holdem.records.writer",
    "holdem.scenario_model": "holdem.scenarios.model",
    "holdem.scenario_play": "holdem.scenarios.play",
    "holdem.scenario_runs": "holdem.scenarios.runs",
    "holdem.cli_common": "holdem.cli.common",
    "holdem.cli_play": "holdem.cli.play",
    "holdem.cli_replay": "holdem.cli.replay",
    "holdem.cli_run": "holdem.cli.run",
    "holdem.cli_serve": "holdem.cli.serve",
    "holdem.progress": "holdem.cli.progress",
    "holdem.agents": "holdem.selfplay.agents",
    "holdem.agent_specs": "holdem.selfplay.agent_specs",
    "holdem.simulate": "holdem.selfplay.simulate",
    "holdem.simulate_ray": "holdem.selfplay.simulate_ray",
    "holdem.shards": "holdem.selfplay.shards",
    "holdem.tournament": "holdem.selfplay.tournament",
    "holdem.ranges": "holdem.equity.ranges",
    "holdem._deals": "holdem.equity._deals",
    "holdem.streams": "holdem.views.streams",
    "holdem.history": "holdem.views.history",
    "holdem.observation": "holdem.views.observation",
    "holdem.abstraction": "holdem.views.abstraction",
    "holdem.calculator": "holdem.views.calculator",
}
"""Old dotted module path -> new dotted module path."""


def _warn(old: str, new: str, stacklevel: int) -> None:
    warnings.warn(
        f"{old} is deprecated: it moved to {new} (docs/architecture.md)",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


class _Alias(importlib.abc.Loader):
    """Loads an old path as the module of its new path (the same object)."""

    def __init__(self, new: str) -> None:
        self.new = new

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.new)
        self._spec = module.__spec__
        _warn(spec.name, self.new, 2)
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self._spec  # the import system set the alias's spec


class _MovedFinder(importlib.abc.MetaPathFinder):
    """Finds the old flat module paths listed in :data:`MOVED`."""

    def find_spec(
        self,
        fullname: str,
        path: object = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        new = MOVED.get(fullname)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))


def install() -> None:
    """Put the finder of old paths on :data:`sys.meta_path` (once)."""
    if not any(isinstance(finder, _MovedFinder) for finder in sys.meta_path):
        sys.meta_path.append(_MovedFinder())


def attribute(name: str) -> ModuleType:
    """The module an old attribute ``holdem.<name>`` named, after the warning.

    Raises:
        AttributeError: ``name`` is no old module of :mod:`holdem`.
    """
    new = MOVED.get(f"holdem.{name}")
    if new is None:
        raise AttributeError(f"module 'holdem' has no attribute {name!r}")
    _warn(f"holdem.{name}", new, 4)
    return importlib.import_module(new)
