"""CPython's seeded draws for many seeds at once (numba): ``random.Random(text)``
then ``.sample(range(52), count)``, the very same indices, for a list of texts.

:class:`holdem.engine.hand.Hand` deals a hand given ``seed=text`` by sampling
the deck from ``random.Random(text)`` (R5.4). Seeding a Python ``Random``
costs about 5 µs: CPython hashes the text (SHA-512), turns text and digest
into one integer and feeds its 32-bit words to MT19937's ``init_by_array``.
:func:`seeded_samples` does the same for every text of a batch: the hashes
with :mod:`hashlib`, the key words with numpy, then ``init_by_array`` for all
texts at once in a compiled loop (the texts' states side by side, so the loop
runs over them together), the first words of the generator's first twist
(only those the draws use), its tempering, ``getrandbits`` and
``Random.sample``'s selection from a pool (``_randbelow`` by rejection).

A text whose key has more than 624 words (a text of more than about 2,400
bytes), or whose draws would need more than the first 227 words of the
twist (rejections beyond any practical chance), is sampled by ``random``
itself. :func:`check_samples` compares the results with ``random.Random``
on given texts; the tests do so on many thousands.

What it may import: numpy, numba and the standard library.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
from numba import njit

IntArray = npt.NDArray[np.int64]
U32Array = npt.NDArray[np.uint32]

_N = 624  # MT19937's state words
_LAZY = 227  # the twist's first words that read only words not yet twisted (N - M)
_MAX_KEY = _N  # longer keys take more mixing rounds: left to random itself


def _genrand_start() -> U32Array:
    """MT19937's ``init_genrand(19650218)``, where ``init_by_array`` starts."""
    state = [19650218]
    for i in range(1, _N):
        previous = state[-1]
        state.append((1812433253 * (previous ^ (previous >> 30)) + i) & 0xFFFFFFFF)
    return np.array(state, dtype=np.uint32)


_START = _genrand_start()


@njit(cache=True)
def _draw(
    start: U32Array, keys: U32Array, length: int, count: int, out: IntArray
) -> None:  # pragma: no cover - compiled
    """Fill ``out[t, :count]`` with the samples of text ``t``, whose key is
    ``keys[:length, t]`` (every text's key has ``length`` words, so the
    rounds below run over all texts at once); ``out[t, 0] = -1`` where
    random must do it."""
    texts = keys.shape[1]
    state = np.empty((_N, texts), dtype=np.uint32)
    for i in range(_N):
        state[i, :] = start[i]
    # init_by_array, first loop: max(N, length) = N rounds, round r adding
    # key word r % length and that index.
    i = 1
    k = 0
    for _ in range(_N):
        row, previous, key = state[i], state[i - 1], keys[k]
        for t in range(texts):
            row[t] = (
                (row[t] ^ ((previous[t] ^ (previous[t] >> np.uint32(30))) * np.uint32(1664525)))
                + key[t]
                + np.uint32(k)
            )
        k += 1
        if k >= length:
            k = 0
        i += 1
        if i >= _N:
            state[0, :] = state[_N - 1, :]
            i = 1
    # Second loop: N - 1 rounds.
    for _ in range(_N - 1):
        row, previous = state[i], state[i - 1]
        for t in range(texts):
            row[t] = (
                row[t] ^ ((previous[t] ^ (previous[t] >> np.uint32(30))) * np.uint32(1566083941))
            ) - np.uint32(i)
        i += 1
        if i >= _N:
            state[0, :] = state[_N - 1, :]
            i = 1
    state[0, :] = np.uint32(0x80000000)
    pool = np.empty(52, dtype=np.int64)
    for t in range(texts):
        for c in range(52):
            pool[c] = c
        used = 0  # twisted words drawn
        failed = False
        for d in range(count):
            size = 52 - d
            bits = 0
            while (1 << bits) <= size:
                bits += 1
            pick = np.int64(size)
            while pick >= size:  # _randbelow(size): getrandbits(bits) until below size
                if used >= _LAZY:
                    failed = True
                    break
                # Word `used` of the first twist: it reads words used + 1 and
                # used + 397, not twisted yet while used < N - M.
                y = (state[used, t] & np.uint32(0x80000000)) | (
                    state[used + 1, t] & np.uint32(0x7FFFFFFF)
                )
                word = state[used + 397, t] ^ (y >> np.uint32(1))
                if y & np.uint32(1):
                    word ^= np.uint32(0x9908B0DF)
                used += 1
                word ^= word >> np.uint32(11)  # tempering
                word ^= (word << np.uint32(7)) & np.uint32(0x9D2C5680)
                word ^= (word << np.uint32(15)) & np.uint32(0xEFC60000)
                word ^= word >> np.uint32(18)
                pick = np.int64(word >> np.uint32(32 - bits))  # getrandbits(bits)
            if failed:
                break
            out[t, d] = pool[pick]
            pool[pick] = pool[size - 1]
        if failed:
            out[t, 0] = -1


@njit(cache=True)
def _draw_all(
    start: U32Array, keys: U32Array, lengths: IntArray, count: int, out: IntArray
) -> None:  # pragma: no cover - compiled
    """:func:`_draw` for texts of any key lengths (text ``t``'s key is
    ``keys[t, :lengths[t]]``): the texts of each length together."""
    for length in np.unique(lengths):
        rows = np.flatnonzero(lengths == length)
        group = np.empty((length, len(rows)), dtype=np.uint32)
        for g in range(len(rows)):
            for w in range(length):
                group[w, g] = keys[rows[g], w]
        drawn = np.empty((len(rows), count), dtype=np.int64)
        _draw(start, group, length, count, drawn)
        for g in range(len(rows)):
            out[rows[g], :] = drawn[g, :]


def _keys(texts: Sequence[str]) -> tuple[U32Array, IntArray, list[int]]:
    """The ``init_by_array`` key of ``random.Random(text)`` for each text:
    the 32-bit words of ``int.from_bytes(data + sha512(data))``, least
    significant first (``data`` the UTF-8 text), and their count. Texts
    whose key has leading zero bytes (a text starting with NUL) or is too
    long are listed apart, for random itself (their keys left as zeros)."""
    sha512 = hashlib.sha512
    blobs = [data + sha512(data).digest() for data in [text.encode() for text in texts]]
    apart = [i for i, blob in enumerate(blobs) if not blob[0] or len(blob) > 4 * _MAX_KEY]
    for i in apart:
        blobs[i] = b""
    lengths = [(len(blob) + 3) // 4 for blob in blobs]
    size = 4 * max(lengths)
    # Each blob padded in front to the same size: zero words at the integer's high end.
    joined = b"".join([bytes(size - len(blob)) + blob for blob in blobs])
    words = np.frombuffer(joined, dtype=">u4").reshape(len(texts), -1)[:, ::-1]
    return np.ascontiguousarray(words, np.uint32), np.array(lengths, dtype=np.int64), apart


def seeded_samples(texts: Sequence[str], count: int) -> IntArray:
    """``random.Random(text).sample(range(52), count)`` for every text, as rows.

    Args:
        texts: the seeds, as texts (what ``Hand(config, seed=text)`` seeds).
        count: indices drawn per text, 6 to 52 (a deal draws at least 12;
            for fewer than 6, CPython's ``sample`` picks from a set instead
            of a pool).

    Returns:
        int64 array ``(len(texts), count)``: row ``t`` the indices (0 to 51)
        that ``random.Random(texts[t]).sample(range(52), count)`` returns, in
        its order.

    Raises:
        ValueError: ``count`` is not 6 to 52.
    """
    if not 6 <= count <= 52:
        raise ValueError(f"count must be 6 to 52, got {count}")
    out = np.zeros((len(texts), count), dtype=np.int64)
    if not len(texts):
        return out
    keys, lengths, apart = _keys(texts)
    lengths[apart] = 1  # a key of one word, 0: its sample is replaced below
    _draw_all(_START, keys, lengths, count, out)
    for t in [*apart, *np.flatnonzero(out[:, 0] < 0).tolist()]:
        out[t] = random.Random(texts[t]).sample(range(52), count)
    return out


def check_samples(texts: Sequence[str], count: int) -> int:
    """The number of texts for which :func:`seeded_samples` differs from
    ``random.Random(text).sample(range(52), count)`` (0 when it is exact)."""
    mine = seeded_samples(texts, count).tolist()
    return sum(
        row != random.Random(text).sample(range(52), count) for row, text in zip(mine, texts)
    )
