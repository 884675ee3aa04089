"""What the ``holdem`` subcommand modules share: exit statuses, the parser
class and list parsing."""

from __future__ import annotations

import argparse
import re
from typing import NoReturn

OK, FAILED, USAGE = 0, 1, 2
"""Exit statuses: success, a check failed (or a file was broken), bad usage or input."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2: control
    characters in the arguments it quotes are escaped, a word of more than 60
    characters (a 5,000-digit number) is shortened."""

    def error(self, message: str) -> NoReturn:
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        text = re.sub(r"\S{61,}", lambda m: f"{m[0][:20]}... ({len(m[0]):,} characters)", text)
        self.exit(USAGE, f"{self.prog}: error: {text}\n")


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1, digits grouped.

    >>> plural(1, "hand"), plural(2, "deal"), plural(1_000, "chip")
    ('1 hand', '2 deals', '1,000 chips')
    """
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


def items(text: str) -> list[str]:
    """The comma-separated items of ``text``, stripped; none for blank text."""
    return [item.strip() for item in text.split(",")] if text.strip() else []
