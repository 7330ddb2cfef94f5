"""Tiles and the mpsz notation used everywhere: tests, logs, the CLI and messages.

A tile *kind* is a small int 0-33 (0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N
haku hatsu chun). Hot paths (shanten, waits, scoring) work on 34-int count
vectors of kinds. A physical `Tile` adds the one fact a kind lacks: whether it
is a red five, written `0` in mpsz (`406p` is 4p, red 5p, 6p).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter

SUITS = "mpsz"
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
KIND_COUNT = 34

WIND_LETTERS = "ESWN"
HONOR_NAMES = ("East", "South", "West", "North", "Haku", "Hatsu", "Chun")


class TileNotationError(ValueError):
    """A tile string that is not valid mpsz; the message names the offending part."""


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One physical tile: its kind and whether it is a red five.

    `repr` is valid Python; `str` is mpsz (`Tile(13, red=True)` prints `0p`).
    """

    kind: int
    red: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.kind < KIND_COUNT:
            raise TileNotationError(f"tile kind {self.kind} is out of range 0-33")
        if self.red and not is_five(self.kind):
            raise TileNotationError(f"only a five can be red, not {kind_to_str(self.kind)}")

    def __repr__(self) -> str:
        return f"Tile({self.kind}, red=True)" if self.red else f"Tile({self.kind})"

    def __str__(self) -> str:
        return format_tiles([self])


# How tiles sort everywhere (hands, melds, records): by kind, a red five after the
# plain ones. The same order as `Tile`'s own comparison, but one C call per tile
# (the dataclass ordering builds two tuples per comparison): pass it as `key=`.
tile_key: Callable[[Tile], tuple[int, bool]] = attrgetter("kind", "red")


def suit_of(kind: int) -> int:
    """0 man, 1 pin, 2 sou, 3 honors."""
    return kind // 9


def number_of(kind: int) -> int:
    """1-9 for suited tiles, 1-7 for honors (as written in mpsz)."""
    return kind % 9 + 1


def is_honor(kind: int) -> bool:
    return kind >= 27


def is_yaochuu(kind: int) -> bool:
    """Terminal or honor (幺九牌)."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_five(kind: int) -> bool:
    return kind < 27 and kind % 9 == 4


YAOCHUU_KINDS = tuple(k for k in range(KIND_COUNT) if is_yaochuu(k))


def dora_from_indicator(indicator: int) -> int:
    """The dora kind an indicator points to (000 第9条イ): 9→1 within a suit,
    winds E→S→W→N→E, dragons haku→hatsu→chun→haku."""
    if indicator < 27:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def dora_skipping(indicator: int, removed: frozenset[int] | set[int]) -> int:
    """The dora an indicator points to in a set without the `removed` kinds: the next
    kind that is there (three-player, 2m-8m out: a 1m indicator makes 9m the dora, a
    9m makes 1m; RULESETS.md §9)."""
    kind = dora_from_indicator(indicator)
    while kind in removed and kind != indicator:
        kind = dora_from_indicator(kind)
    return kind


def kind_to_str(kind: int) -> str:
    """mpsz for one kind, e.g. 13 → '5p'."""
    return f"{number_of(kind)}{SUITS[suit_of(kind)]}"


def kind_name(kind: int) -> str:
    """A readable English name: '5p', 'East', 'Chun'."""
    return HONOR_NAMES[kind - 27] if kind >= 27 else kind_to_str(kind)


def parse_tiles(text: str) -> list[Tile]:
    """Parse mpsz (`123m406p789s1122z`) into tiles, in the order written.

    Spaces are ignored. Errors name the problem in a player's words. Equal
    tiles come back as the same shared object (there are only 37 of them).
    Short texts (a winning tile, indicators, a meld) repeat from request to
    request, so their parses are memoised.
    """
    parsed = _PARSED.get(text)
    if parsed is not None:
        return list(parsed)
    tiles = _parse_tiles(text)
    if len(text) <= _MEMO_TEXT_MAX:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        _PARSED[text] = tuple(tiles)
    return tiles


_PARSED: dict[str, tuple[Tile, ...]] = {}  # short mpsz text -> its tiles
_MEMO_TEXT_MAX = 8
_PARSED_MAX = 4096


def _parse_tiles(text: str) -> list[Tile]:
    """Run by run (`123m`), each run's tiles memoised: runs repeat from hand to hand
    far more than whole hands do. Anything unusual (a space, a bad letter or digit)
    is read by `_parse_tiles_carefully`, whose errors say what is wrong."""
    runs = _RUN.findall(text)
    tiles: list[Tile] = []
    size = 0
    for run in runs:
        size += len(run)
        known = _RUNS.get(run)
        if known is None:
            try:
                known = tuple(_parse_tiles_carefully(run))
            except TileNotationError:
                break
            if len(run) <= _RUN_MEMO_MAX:
                _RUNS[run] = known
        tiles += known
    else:
        if size == len(text):
            if len(_RUNS) > _PARSED_MAX:
                _RUNS.clear()
            return tiles
    return _parse_tiles_carefully(text)


_RUN = re.compile("[0-9]+[mpsz]")
_RUNS: dict[str, tuple[Tile, ...]] = {}  # one suit's run of mpsz (`406p`) -> its tiles
_RUN_MEMO_MAX = 15  # a hand's longest run: 14 digits and a letter


def _parse_tiles_carefully(text: str) -> list[Tile]:
    tiles: list[Tile] = []
    pending = ""
    for char in text:
        if "0" <= char <= "9":
            pending += char
            continue
        if char == " ":
            continue
        if char not in SUITS:
            raise TileNotationError(
                f"{char!r} is not a suit letter in {text!r}: use m, p, s or z after the digits"
            )
        if not pending:
            raise TileNotationError(f"suit letter {char!r} without digits in {text!r}")
        for digit in pending:
            tile = _TILE_BY_TEXT.get(digit + char)
            if tile is None:
                _tile_from_digit(int(digit), SUITS.index(char))  # raises the right message
            tiles.append(tile)  # type: ignore[arg-type]
        pending = ""
    if pending:
        raise TileNotationError(f"digits {pending!r} at the end of {text!r} have no suit letter")
    return tiles


def _tile_from_digit(digit: int, suit: int) -> Tile:
    if suit == HONOR:
        if not 1 <= digit <= 7:
            raise TileNotationError(f"'{digit}z' is not a tile: honors are 1z-7z")
        return Tile(27 + digit - 1)
    if digit == 0:
        return Tile(suit * 9 + 4, red=True)
    return Tile(suit * 9 + digit - 1)


def _all_tile_texts() -> dict[str, Tile]:
    table = {}
    for suit_index, suit in enumerate(SUITS):
        for digit in range(10):
            try:
                table[f"{digit}{suit}"] = _tile_from_digit(digit, suit_index)
            except TileNotationError:
                continue
    return table


_TILE_BY_TEXT = _all_tile_texts()


def parse_kinds(text: str) -> list[int]:
    """Parse mpsz into kinds (red fives become ordinary fives)."""
    return [tile.kind for tile in parse_tiles(text)]


def parse_tile(text: str) -> Tile:
    """Parse exactly one tile, e.g. a winning tile '9s'."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileNotationError(f"one tile expected, got {len(tiles)} in {text!r}")
    return tiles[0]


def format_tiles(tiles: Iterable[Tile | int]) -> str:
    """Write tiles (or kinds) as mpsz in the given order, one suit letter per run.

    `format_tiles(parse_tiles(s)) == s` for any string written in runs,
    e.g. `123m406p789s1122z`.
    """
    out: list[str] = []
    run_suit: int | None = None
    for item in tiles:
        tile = item if isinstance(item, Tile) else Tile(item)
        suit = suit_of(tile.kind)
        if run_suit is not None and suit != run_suit:
            out.append(SUITS[run_suit])
        run_suit = suit
        out.append("0" if tile.red else str(number_of(tile.kind)))
    if run_suit is not None:
        out.append(SUITS[run_suit])
    return "".join(out)


def format_counts(counts: Sequence[int]) -> str:
    """mpsz for a 34-count vector, sorted."""
    return format_tiles(k for k in range(KIND_COUNT) for _ in range(counts[k]))


def to_counts(kinds: Iterable[Tile | int]) -> list[int]:
    """A 34-count vector from tiles or kinds."""
    counts = [0] * KIND_COUNT
    for item in kinds:
        counts[item.kind if isinstance(item, Tile) else item] += 1
    return counts


def wind_from_letter(letter: str) -> int:
    """'E' → 27 (East) … 'N' → 30."""
    if letter not in WIND_LETTERS or len(letter) != 1:
        raise TileNotationError(f"{letter!r} is not a wind: use E, S, W or N")
    return 27 + WIND_LETTERS.index(letter)
