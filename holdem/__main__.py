"""``python -m holdem``: the ``holdem`` command (see :mod:`holdem.cli`)."""

import sys

from holdem.cli import main

if __name__ == "__main__":
    sys.exit(main())
