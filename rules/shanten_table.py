"""The precomputed distance vector of every suit and every honor group (`group_table.bin`).

Why: `rules.shanten` memoises a group's distance vector, but a game meets groups it
has never seen all the time, and each costs a search of tens of µs (most of the
time shanten takes on hands it has not seen before). There are only 5**9 suits and
5**7 honor groups (0-4 of each kind), sharing a few hundred distinct vectors, so
the file holds them all, built once by `build` from the searches themselves.

The file also holds every *combination* a real hand needs. Shanten combines the
four groups' vectors (min-plus, `rules.shanten._combine`), and a combination not
met before costs ~10 µs of Python: on new hands that was most of the time left.
Combining only vectors whose groups hold at most 14 tiles together closes on a few
hundred vectors, so the combinations fit in a small matrix, built with the file.

Format (zlib): `MAGIC`, the number of distinct vectors (one byte), the vectors
(`VECTOR_LEN` bytes each, groups' vectors first, then those only combinations
reach), one byte per suit (5**9, by base-5 index, kind 0 least significant) and
one per honor group (5**7): the vector's number in the file, or `NOT_IN_TABLE`
for more than 14 tiles; then the combination matrix, one byte per ordered pair
of vectors (row a, column b): the number of a + b, or `NOT_IN_TABLE` where no
groups holding a and b fit in 14 tiles together.
tests/test_shanten_table.py checks the file against the searches.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable
from importlib import resources
from typing import NamedTuple

FILE = "group_table.bin"
MAGIC = b"MJGT2"
VECTOR_LEN = 10
NOT_IN_TABLE = 255
SUIT_SIZE = 5**9
HONOR_SIZE = 5**7
MAX_TILES = 14


class GroupTable(NamedTuple):
    vectors: list[tuple[int, ...]]  # by number in the file
    suits: bytes  # by base-5 index of a suit's 9 counts: a vector number
    honors: bytes  # the same for the 7 honor counts
    combined: bytes  # at a * len(vectors) + b: the number of a + b, or NOT_IN_TABLE


_Vector = tuple[int, ...]


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
    end = start + SUIT_SIZE + HONOR_SIZE
    suits, honors = raw[start : start + SUIT_SIZE], raw[start + SUIT_SIZE : end]
    combined = raw[end:]
    if len(suits) != SUIT_SIZE or len(honors) != HONOR_SIZE or len(combined) != count**2:
        return None
    return GroupTable(vectors, suits, honors, combined)


def tiles_of(index: int) -> int:
    """How many tiles the group at a base-5 index holds."""
    tiles = 0
    while index:
        index, count = divmod(index, 5)
        tiles += count
    return tiles


def combinations(
    vectors: list[_Vector], fewest: list[int], combine: Callable[[_Vector, _Vector], _Vector]
) -> tuple[list[_Vector], bytes]:
    """Every vector combinations of real groups reach, and the combination matrix.

    `fewest[n]`: the fewest tiles of a group whose vector is `vectors[n]`. Two
    vectors are combined when some groups holding them fit in 14 tiles together;
    a vector first reached so is itself combined further, until nothing changes.
    A real hand's combinations are all in the matrix: its groups hold at least
    their vectors' fewest tiles, and at most 14 together.
    """
    vectors, fewest = list(vectors), list(fewest)
    numbers = {vector: n for n, vector in enumerate(vectors)}
    done: dict[tuple[int, int], int] = {}
    changed = True
    while changed:
        changed = False
        for a in range(len(vectors)):
            for b in range(len(vectors)):
                tiles = fewest[a] + fewest[b]
                if tiles > MAX_TILES or (a, b) in done:
                    continue
                vector = combine(vectors[a], vectors[b])
                number = numbers.setdefault(vector, len(vectors))
                if number == len(vectors):
                    vectors.append(vector)
                    fewest.append(tiles)
                    changed = True
                elif tiles < fewest[number]:
                    fewest[number] = tiles
                    changed = True
                done[a, b] = number
    count = len(vectors)
    matrix = bytearray([NOT_IN_TABLE]) * count**2
    for (a, b), number in done.items():
        matrix[a * count + b] = number
    return vectors, bytes(matrix)


def build(
    suit_vector: Callable[[bytes], _Vector],
    honor_vector: Callable[[bytes], _Vector],
    combine: Callable[[_Vector, _Vector], _Vector],
) -> bytes:
    """The file's bytes from the searches (slow: a few minutes for the 5**9 suits)."""
    numbers: dict[_Vector, int] = {}

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
    return pack(list(numbers), suits, honors, combine)


def pack(
    vectors: list[_Vector],
    suits: bytes,
    honors: bytes,
    combine: Callable[[_Vector, _Vector], _Vector],
) -> bytes:
    """The file's bytes from the groups' vectors and numbers: adds the combinations."""
    fewest = [MAX_TILES + 1] * len(vectors)
    for body in (suits, honors):
        for index, number in enumerate(body):
            if number != NOT_IN_TABLE:
                fewest[number] = min(fewest[number], tiles_of(index))
    all_vectors, matrix = combinations(vectors, fewest, combine)
    if len(all_vectors) >= NOT_IN_TABLE:
        raise OverflowError("too many distinct vectors for one byte")
    head = MAGIC + bytes([len(all_vectors)]) + b"".join(map(bytes, all_vectors))
    return zlib.compress(head + suits + honors + matrix, 9)
