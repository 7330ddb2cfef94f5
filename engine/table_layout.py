"""How tiles lie on the table: rivers, melds and the wall, as a player lays them.

These are the marks a table draws but must not decide for itself, decided once
here from the engine's state for `engine.seat_view.build_seat_view`:

- a river's sideways tile: the riichi declaration tile, or, when that tile is
  called away, the seat's next discard instead (000 第32条ニ);
- a meld's turned tile: the called tile, turned towards the seat it came from
  (kamicha: leftmost, toimen: the middle one, or the second of a daiminkan,
  shimocha: rightmost); a shouminkan keeps its pon's layout with the added tile
  stacked on the turned one; an ankan shows two backs at its ends;
- the wall's stacks: what is still there, the dead wall, the rinshan stacks and
  the indicators face up (`engine.wall.position` places every tile).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol, overload

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, dora_from_indicator, dora_skipping, tile_key

from .seat_view import (
    MeldEntry,
    MeldTile,
    RiverEntry,
    WallStack,
    WallView,
    new_river_entry,
    new_wall_view,
)
from .state import RiverTile
from .wall import (
    FOUR,
    STACKS_PER_SIDE,
    TILE_COUNT,
    Break,
    Shape,
)


def river_entries(river: Sequence[RiverTile], latest: bool) -> tuple[RiverEntry, ...]:
    """One seat's river with its marks; `latest`: its last tile is the table's last discard.

    The sideways mark moves on while the tile that carries it is called away: the
    riichi tile first, then each next discard until one stays (000 第32条ニ)."""
    out, _ = river_marks(river, latest, 0, False)
    return tuple(out)


def river_marks(
    river: Sequence[RiverTile], latest: bool, start: int, turn_next: bool
) -> tuple[list[RiverEntry], bool]:
    """The entries of `river[start:]` and whether the sideways mark still waits for a
    tile after them; `turn_next` is that wait after `river[:start]` (so a river that
    grew by a discard is laid out from the one before, `engine.seat_view`)."""
    out: list[RiverEntry] = []
    last_index = len(river) - 1
    for i in range(start, len(river)):
        entry = river[i]
        called = entry.called_by is not None
        sideways = False
        if entry.riichi or turn_next:
            if called:
                turn_next = True
            else:
                sideways, turn_next = True, False
        last = latest and i == last_index
        out.append(
            new_river_entry(
                entry.tile, entry.tsumogiri, sideways, called, last, entry.riichi, entry.called_by
            )
        )
    return out, turn_next


def with_last(entry: RiverEntry, last: bool) -> RiverEntry:
    """`entry` with its latest-discard mark set to `last` (the table moved on)."""
    return new_river_entry(
        entry.tile, entry.tsumogiri, entry.sideways, entry.called, last, entry.riichi,
        entry.called_by,
    )


_FROM = {Source.KAMICHA: 3, Source.TOIMEN: 2, Source.SHIMOCHA: 1}  # relative seat offsets


def _turned_index(source: Source, size: int) -> int:
    """Where the called tile lies among `size` tiles: towards the seat it came from."""
    if source is Source.KAMICHA:
        return 0
    if source is Source.TOIMEN:
        return 1
    return size - 1


def _without_one(tiles: Sequence[Tile], tile: Tile) -> list[Tile]:
    rest = list(tiles)
    rest.remove(tile)
    return rest


def meld_entry(meld: Meld, owner: int, players: int = 4) -> MeldEntry:
    """`meld` of absolute seat `owner`, laid out left to right as its owner lays it, at a
    table of `players`."""
    if meld.kind is MeldKind.ANKAN:
        # Two backs at the ends; the faces shown in the middle (a red five face up).
        faces = sorted(meld.tiles, key=lambda t: not t.red)[:2]
        tiles = (
            MeldTile(None, False),
            MeldTile(faces[0], False),
            MeldTile(faces[1], False),
            MeldTile(None, False),
        )
        return MeldEntry(meld.kind, tiles, None, meld)
    assert meld.source is not None and meld.called is not None
    base = meld.tiles[:3] if meld.kind is MeldKind.KAKAN else meld.tiles
    own = sorted(_without_one(base, meld.called), key=tile_key)
    at = _turned_index(meld.source, len(base))
    laid: list[MeldTile] = [MeldTile(t, False) for t in own]
    stacked = meld.tiles[3] if meld.kind is MeldKind.KAKAN else None
    laid.insert(at, MeldTile(meld.called, True, stacked))
    return MeldEntry(meld.kind, tuple(laid), from_seat(owner, meld.source, players), meld)


def from_seat(owner: int, source: Source, players: int = 4) -> int:
    """The absolute seat a called tile came from: with three players the seat before
    the owner is his kamicha (`claims.source_of`; the empty seat 3 is skipped)."""
    if source is Source.KAMICHA:
        return (owner + players - 1) % players
    return (owner + _FROM[source]) % players


@cache
def _layout(side: int, stacks: int, shape: Shape = FOUR) -> tuple[tuple[int, int, int], ...]:
    """For a break, each stack j (tiles 2j, 2j+1 in draw order): its side, its column
    left to right as that side's owner sees it, and whether it is a rinshan stack. A
    wall of fewer tiles (three players' 108, RULESETS.md §9) lies on four shorter sides."""
    per_side = _per_side(shape)
    rinshan_stacks = {i // 2 for i in shape.rinshan}
    out = []
    for j in range(shape.tiles // 2):
        offset = stacks + j  # as `engine.wall.position`, on sides of `per_side` stacks
        where_side = (side - offset // per_side) % 4
        out.append((where_side, per_side - 1 - offset % per_side, int(j in rinshan_stacks)))
    return tuple(out)


def _per_side(shape: Shape) -> int:
    """Stacks on each of the four sides: 17 for 136 tiles, 14 for 108 (the last short)."""
    return STACKS_PER_SIDE if shape.tiles == TILE_COUNT else -(-shape.tiles // 8)


class WallCounts(Protocol):
    """What `wall_view` reads of a wall: an `engine.wall.Wall`, or a seat's copy that
    knows only the public counts and the indicators turned (`engine.fold`)."""

    @property
    def tiles(self) -> Sequence[Tile]: ...
    @property
    def brk(self) -> Break: ...
    @property
    def dice(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def live_next(self) -> int: ...
    @property
    def live_end(self) -> int: ...
    @property
    def rinshan_taken(self) -> int: ...
    @property
    def remaining(self) -> int: ...
    @property
    def shape(self) -> Shape: ...


_STACKS: dict[tuple[int, bool, Tile | None, bool], WallStack] = {}


def _stack(tiles: int, dead: bool, face: Tile | None, rinshan: bool) -> WallStack:
    """One shared `WallStack` per value: a view holds 68 and most are alike."""
    key = (tiles, dead, face, rinshan)
    stack = _STACKS.get(key)
    if stack is None:
        stack = _STACKS[key] = WallStack(tiles, dead, face, rinshan)
    return stack


def _stack_at(
    j: int,
    rinshan: int,
    live_next: int,
    live_end: int,
    taken: frozenset[int],
    faces: dict[int, Tile],
) -> WallStack:
    upper = 2 * j
    up = upper >= live_next and upper not in taken
    low = upper + 1 >= live_next and upper + 1 not in taken
    return _stack(up + low, upper >= live_end, faces.get(upper) if up else None, bool(rinshan))


@dataclass(frozen=True, slots=True)
class _Counts:
    """What the stacks of a wall are laid out from, taken when a view is built (the
    `Wall` moves on; these do not)."""

    tiles: Sequence[Tile]
    brk: Break
    live_next: int
    live_end: int
    rinshan_taken: int
    indicators: int
    shape: Shape


def _counts(wall: WallCounts, indicators: int) -> _Counts:
    return _Counts(
        wall.tiles, wall.brk, wall.live_next, wall.live_end, wall.rinshan_taken, indicators,
        wall.shape,
    )


_last_marks: list[tuple[object, int, int, frozenset[int], dict[int, Tile]]] = []


def _marks(counts: _Counts) -> tuple[frozenset[int], dict[int, Tile]]:
    """The rinshan tiles taken and the indicators face up, kept for the last wall asked
    (they change only at a kan; a view is built at every draw)."""
    if _last_marks:
        tiles, rinshan_taken, shown, taken, faces = _last_marks[0]
        if (
            tiles is counts.tiles
            and rinshan_taken == counts.rinshan_taken
            and shown == counts.indicators
        ):
            return taken, faces
    taken = frozenset(counts.shape.rinshan[: counts.rinshan_taken])
    faces = {i: counts.tiles[i] for i in counts.shape.indicators[: counts.indicators]}
    _last_marks[:] = [(counts.tiles, counts.rinshan_taken, counts.indicators, taken, faces)]
    return taken, faces


Rows = tuple[tuple[WallStack, ...], ...]


def _sides(counts: _Counts) -> Rows:
    """Every stack of the wall, side by side."""
    taken, faces = _marks(counts)
    live_next, live_end = counts.live_next, counts.live_end
    empty = _stack(0, False, None, False)
    grid: list[list[WallStack]] = [[empty] * _per_side(counts.shape) for _ in range(4)]
    brk = counts.brk
    for j, (side, column, rinshan) in enumerate(_layout(brk.side, brk.stacks, counts.shape)):
        grid[side][column] = _stack_at(j, rinshan, live_next, live_end, taken, faces)
    return tuple(tuple(row) for row in grid)


def _sides_after_draws(before: Rows, counts: _Counts, drawn_from: int) -> Rows:
    """`_sides` when the only change since `before` is live draws from index
    `drawn_from` on: only the stacks drawn from are laid out again."""
    brk = counts.brk
    layout = _layout(brk.side, brk.stacks, counts.shape)
    sides = list(before)
    live_next = counts.live_next
    taken, faces = _marks(counts)
    first = drawn_from // 2
    end = (live_next + 1) // 2
    if end - first == 1:  # one stack drawn from (nearly always)
        side, column, rinshan = layout[first]
        one = list(sides[side])
        one[column] = _stack_at(first, rinshan, live_next, counts.live_end, taken, faces)
        sides[side] = tuple(one)
    else:
        changed: dict[int, list[WallStack]] = {}
        for j in range(first, end):
            side, column, rinshan = layout[j]
            row = changed.get(side)
            if row is None:
                row = changed[side] = list(sides[side])
            row[column] = _stack_at(j, rinshan, live_next, counts.live_end, taken, faces)
        for side, row in changed.items():  # the other sides' rows stand as they were
            sides[side] = tuple(row)
    return tuple(sides)


class Sides(Sequence[tuple[WallStack, ...]]):
    """`WallView.sides` laid out when first read, from the counts taken when the view
    was built (a pure function of them: no handle on the game is kept).

    A bot never looks at the stacks, and laying them out was a sixth of building a
    view at every draw; a table or a network client reads them and gets them laid
    out, from the last view's when that one was (only the stacks drawn from again).
    Equal to, hashed, encoded and pickled as the tuple `wall_view` gives."""

    __slots__ = ("_before", "_counts", "_drawn_from", "_value")

    def __init__(
        self, counts: _Counts, before: Sequence[tuple[WallStack, ...]] | None = None,
        drawn_from: int = 0,
    ) -> None:
        self._counts = counts
        # Only rows already laid out are kept (a chain of unread ones would grow).
        if isinstance(before, Sides):
            before = before._value
        self._before: Rows | None = tuple(before) if before is not None else None
        self._drawn_from = drawn_from
        self._value: Rows | None = None

    def force(self) -> Rows:
        """The rows, laid out now if they were not yet."""
        value = self._value
        if value is None:
            before = self._before
            if before is not None:
                value = _sides_after_draws(before, self._counts, self._drawn_from)
            else:
                value = _sides(self._counts)
            self._value = value
            self._before = None
        return value

    def __len__(self) -> int:
        return 4

    @overload
    def __getitem__(self, index: int) -> tuple[WallStack, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Rows: ...

    def __getitem__(self, index: int | slice) -> tuple[WallStack, ...] | Rows:
        return self.force()[index]

    def __iter__(self) -> Iterator[tuple[WallStack, ...]]:
        return iter(self.force())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sides):
            other = other.force()
        if isinstance(other, tuple):
            return self.force() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.force())

    def __repr__(self) -> str:
        return repr(self.force())

    def __reduce__(self) -> tuple[type[Rows], tuple[Rows]]:
        return tuple, (self.force(),)


def wall_view_after_draws(before: WallView, wall: WallCounts, drawn_from: int) -> WallView:
    """`wall_view` of `wall` when the only change since `before` is live draws from
    index `drawn_from` on (nothing else moved: no kan, no indicator); its stacks are
    laid out when first read (`Sides`), from `before`'s if those were."""
    counts = _counts(wall, len(before.dora_indicators))
    return new_wall_view(
        Sides(counts, before.sides, drawn_from),
        before.break_side, before.break_stacks, before.dice, wall.remaining,
        before.rinshan_left, before.dora_indicators, before.dora, before.ura_indicators,
    )


def wall_view(
    wall: WallCounts, indicators: int, ura: Sequence[Tile], removed: frozenset[int] = frozenset()
) -> WallView:
    """The wall now: tiles drawn (the deal included) and rinshan tiles taken are gone,
    the dead wall is marked, the `indicators` revealed so far lie face up; the dora they
    make skip the `removed` kinds (three players: a 1m indicator makes 9m, §9)."""
    brk = wall.brk
    shown = tuple(wall.tiles[i] for i in wall.shape.indicators[:indicators])
    return WallView(
        sides=_sides(_counts(wall, indicators)),
        break_side=brk.side,
        break_stacks=brk.stacks,
        dice=wall.dice,
        tiles_left=wall.remaining,
        rinshan_left=len(wall.shape.rinshan) - wall.rinshan_taken,
        dora_indicators=shown,
        dora=tuple(
            Tile(dora_skipping(t.kind, removed) if removed else dora_from_indicator(t.kind))
            for t in shown
        ),
        ura_indicators=tuple(ura),
    )
