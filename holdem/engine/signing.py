"""Tamper-evident text: an HMAC-SHA256 signature line in front of any text.

Used by :mod:`holdem.engine.snapshot` (``dumps(hand, key=...)`` / ``loads(text,
key=...)``) and usable for any other text a server stores and reads back,
such as a table snapshot. The signed form is one header line and the text,
byte for byte::

    hmac-sha256:<64 lowercase hex digits>
    <the text>

The signature covers the text's UTF-8 bytes; :func:`verify` recomputes it
with the key and compares in constant time, before anything else reads the
text, so any altered, added or removed byte is refused. The key is the
server's secret (at least 16 bytes; 32 random bytes, such as
``secrets.token_bytes(32)``, is the usual choice); anyone holding it can
sign.

>>> signed = sign('{"stacks": [1000, 1000]}', key=b"0123456789abcdef")
>>> signed.splitlines()[0][:20]
'hmac-sha256:57246340'
>>> verify(signed, key=b"0123456789abcdef")
'{"stacks": [1000, 1000]}'
>>> try:
...     verify(signed.replace("1000]", "9000]"), key=b"0123456789abcdef")
... except SignatureError as error:
...     print(error)
the signature does not match: the text was altered or signed with another key
"""

from __future__ import annotations

import hashlib
import hmac

from holdem.errors import HoldemError

PREFIX = "hmac-sha256:"
"""The start of the header line of a signed text."""

MIN_KEY_BYTES = 16
"""The shortest key accepted, in bytes."""


class SignatureError(HoldemError):
    """A signed text cannot be trusted: no signature, a malformed one, one that
    does not match the text, or an unusable key."""


def _bytes(text: str) -> bytes:
    # Lone surrogates (which Python strings may hold) are kept, not refused.
    return text.encode("utf-8", "surrogatepass")


def _key(key: bytes | str) -> bytes:
    raw = _bytes(key) if isinstance(key, str) else key
    if not isinstance(raw, bytes):
        raise SignatureError(f"a key is bytes or text, got {type(key).__name__}")
    if len(raw) < MIN_KEY_BYTES:
        raise SignatureError(f"a key needs at least {MIN_KEY_BYTES} bytes, got {len(raw)}")
    return raw


def _digest(body: bytes, key: bytes) -> str:
    return hmac.new(key, body, hashlib.sha256).hexdigest()


def sign(text: str, key: bytes | str) -> str:
    """``text`` with its HMAC-SHA256 signature line in front (see the module docstring).

    Args:
        text: any text; it is signed as UTF-8 (lone surrogates kept).
        key: the secret key, bytes or text (text is used as UTF-8), at least
            :data:`MIN_KEY_BYTES` bytes.

    Raises:
        SignatureError: the key is not bytes or text, or too short.
    """
    return f"{PREFIX}{_digest(_bytes(text), _key(key))}\n{text}"


def is_signed(text: str | bytes) -> bool:
    """True when ``text`` starts with a signature header (whether it matches or not)."""
    if isinstance(text, bytes):
        return text.startswith(PREFIX.encode("ascii"))
    return text.startswith(PREFIX)


def verify(signed: str | bytes, key: bytes | str) -> str:
    """The text inside ``signed``, once its signature is checked with ``key``.

    Args:
        signed: what :func:`sign` returned, as text or as its UTF-8 bytes.
        key: the key it was signed with.

    Raises:
        SignatureError: ``signed`` has no signature line or a malformed one,
            the signature does not match (any byte altered, or another key),
            the bytes are not UTF-8, or the key is unusable.
    """
    raw_key = _key(key)
    if isinstance(signed, str):
        data = _bytes(signed)
    elif isinstance(signed, bytes):
        data = signed
    else:
        raise SignatureError(f"a signed text is text or bytes, got {type(signed).__name__}")
    header, newline, body = data.partition(b"\n")
    prefix = PREFIX.encode("ascii")
    if not newline or not header.startswith(prefix):
        raise SignatureError(f"not signed: the first line must be {PREFIX}<signature>")
    expected = _digest(body, raw_key).encode("ascii")
    if not hmac.compare_digest(header[len(prefix) :], expected):
        raise SignatureError(
            "the signature does not match: the text was altered or signed with another key"
        )
    return body.decode("utf-8", "surrogatepass")  # signed by us, so it decodes
