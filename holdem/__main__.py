"""``python -m holdem``: the ``holdem`` command (see :mod:`holdem.cli.command`)."""

import sys

from holdem.cli.command import main

if __name__ == "__main__":
    sys.exit(main())
