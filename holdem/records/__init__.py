"""Hand records: PHH (Poker Hand History) import, replay and export for Texas hold'em.

PHH is the TOML-based hand-history format of the University of Toronto
Computer Poker Student Research Group. A hand lists ``antes``,
``blinds_or_straddles``, ``min_bet``, ``starting_stacks`` and ``actions`` in
player order ``p1..pN``: p1 is the first player left of the button, pN the
button. Heads-up, p1 is the big blind and p2 the button, and the ``antes`` and
``blinds_or_straddles`` arrays are written ``[SB, BB]`` all the same.

The variant is ``"NT"`` (no-limit) or ``"PT"``: pot-limit (R3.5), this
project's extension following PHH's naming, outside the PHH specification.

* :func:`replay` plays one record strictly, with the same legality checks as
  live play (R3.7), and returns the :class:`~holdem.engine.hand.Hand`;
  :func:`replay_record` and :func:`replay_paths` compare the final stacks
  with the records' ``finishing_stacks`` and never raise for a bad record.
* :func:`to_phh` and :func:`dumps` write a hand as PHH; :func:`export_paths`
  writes every replayable hand of some files to a ``.phh``, a ``.phhs`` or a
  folder.

The work is split by stage: :mod:`holdem.records.record` (fields and checks),
:mod:`holdem.records.replayer` (the strict replay), :mod:`holdem.records.writer` (the
export) and :mod:`holdem.records.files` (files, hostile input). Importers of other
hand-history formats (poker sites) go here too, one module per site in
``holdem/records/sites/`` (``docs/architecture.md``).

What it may import: :mod:`holdem.engine`, :mod:`holdem.equity`,
:mod:`holdem.views` and :mod:`holdem.errors`; never its siblings
:mod:`holdem.table` and :mod:`holdem.scenarios`, nor anything above.
"""

from __future__ import annotations

from holdem.records.files import (
    SUFFIXES,
    export_paths,
    iter_paths,
    read_records,
    replay_outcomes,
    replay_paths,
)
from holdem.records.record import (
    DIFFERED,
    MATCHED,
    MAX_CHIPS,
    METADATA_FIELDS,
    REJECTED,
    REPLAYED,
    UNSUPPORTED,
    VARIANTS,
    PHHError,
    ReplayResult,
    UnsupportedError,
    table_config,
)
from holdem.records.replayer import replay, replay_outcome, replay_record
from holdem.records.writer import dumps, dumps_all, record_to_phh, to_phh

__all__ = [
    "DIFFERED",
    "MATCHED",
    "MAX_CHIPS",
    "METADATA_FIELDS",
    "REJECTED",
    "REPLAYED",
    "SUFFIXES",
    "UNSUPPORTED",
    "VARIANTS",
    "PHHError",
    "ReplayResult",
    "UnsupportedError",
    "dumps",
    "dumps_all",
    "export_paths",
    "iter_paths",
    "read_records",
    "record_to_phh",
    "replay",
    "replay_outcome",
    "replay_outcomes",
    "replay_paths",
    "replay_record",
    "table_config",
    "to_phh",
]
