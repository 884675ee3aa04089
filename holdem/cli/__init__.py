"""The ``holdem`` command line: one module per family of subcommands.

What lives here: the entry point and parser (:mod:`~holdem.cli.command`), shared
parser pieces and exit codes (:mod:`~holdem.cli.common`), ``run`` and ``pots``
(:mod:`~holdem.cli.run`), ``replay`` and ``export`` (:mod:`~holdem.cli.replay`),
self-play: ``simulate``, ``merge`` and ``tournament`` (:mod:`~holdem.cli.play`),
``serve`` (:mod:`~holdem.cli.serve`), ``match`` and ``acpc-dealer``
(:mod:`~holdem.cli.match`) and the progress line (:mod:`~holdem.cli.progress`).

What it may import: anything in :mod:`holdem`; optional extras only inside the
function that needs them. Nothing imports this package but ``__main__``.
"""

from __future__ import annotations

from holdem.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
