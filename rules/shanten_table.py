"""The precomputed distance vector of every suit and every honor group (`group_table.bin`).

Why: `rules.shanten` memoises a group's distance vector, but a game meets groups it
has never seen all the time, and each costs a search of tens of µs (most of the
time shanten takes on hands it has not seen before). There are only 5**9 suits and
5**7 honor groups (0-4 of each kind), sharing a few hundred distinct vectors, so
the file holds them all, built once by `build` from the searches themselves.

Format (zlib): `MAGIC`, the number of distinct vectors (one byte), the vectors
(`VECTOR_LEN` bytes each), then one byte per suit (5**9, by base-5 index, kind 0
least significant) and one per honor group (5**7): the vector's number in the file,
or `NOT_IN_TABLE` for more than 14 tiles. tests/test_shanten_table.py checks the
file against the searches.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from importlib import resources
from typing import NamedTuple

FILE = "group_table.bin"
MAGIC = b"MJGT1"
VECTOR_LEN = 10
NOT_IN_TABLE = 255
SUIT_SIZE = 5**9
HONOR_SIZE = 5**7
MAX_TILES = 14


class GroupTable(NamedTuple):
    vectors: list[tuple[int, ...]]  # by number in the file
    suits: bytes  # by base-5 index of a suit's 9 counts: a vector number
    honors: bytes  # the same for the 7 honor counts


def index_of(counts: bytes | list[int]) -> int:
    """The base-5 index of a group's counts (kind 0 least significant)."""
    return sum(n * 5**i for i, n in enumerate(counts))


def read() -> GroupTable | None:
    """The table shipped with the package, or None if it is missing or damaged."""
    try:
        raw = zlib.decompress(resources.files("rules").joinpath(FILE).read_bytes())
    except (OSError, zlib.error):
        return None
    head = len(MAGIC) + 1
    if not raw.startswith(MAGIC) or len(raw) < head:
        return None
    count = raw[head - 1]
    start = head + count * VECTOR_LEN
    vectors = [
        tuple(raw[head + i * VECTOR_LEN : head + (i + 1) * VECTOR_LEN]) for i in range(count)
    ]
    suits, honors = raw[start : start + SUIT_SIZE], raw[start + SUIT_SIZE :]
    if len(suits) != SUIT_SIZE or len(honors) != HONOR_SIZE:
        return None
    return GroupTable(vectors, suits, honors)


def build(
    suit_vector: Callable[[bytes], tuple[int, ...]],
    honor_vector: Callable[[bytes], tuple[int, ...]],
) -> bytes:
    """The file's bytes from the searches (slow: a few minutes for the 5**9 suits)."""
    numbers: dict[tuple[int, ...], int] = {}

    def body(size: int, kinds: int, vector_of: Callable[[bytes], tuple[int, ...]]) -> bytes:
        out = bytearray(size)
        for index in range(size):
            counts = bytes(index // 5**i % 5 for i in range(kinds))
            if sum(counts) > MAX_TILES:
                out[index] = NOT_IN_TABLE
            else:
                out[index] = numbers.setdefault(vector_of(counts), len(numbers))
        return bytes(out)

    suits = body(SUIT_SIZE, 9, suit_vector)
    honors = body(HONOR_SIZE, 7, honor_vector)
    if len(numbers) >= NOT_IN_TABLE:
        raise OverflowError("too many distinct vectors for one byte")
    vectors = b"".join(bytes(vector) for vector in numbers)
    return zlib.compress(MAGIC + bytes([len(numbers)]) + vectors + suits + honors, 9)
