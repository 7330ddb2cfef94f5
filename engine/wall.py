"""The wall: 136 physical tiles in draw order, the dice, the break and the dead wall.

The engine keeps the wall as one tuple `tiles[0..135]` in draw order
(RULESETS.md §5.2-5.4): the deal takes `[0..51]`, the first draw is `[52]`, the
live wall ends at index 121 minus one per kan (each kan moves the last live tile
into the dead wall, 000 第5条), rinshan tiles are 134, 135, 132, 133 (000 第8条),
the omote indicator is 130 and the kan indicators 128, 126, 124, 122, each with
its ura under it (000 第9条). Indices never move; only counters do.

The physical layout (four sides × 17 stacks × upper/lower) is derived from the
dice so the UI can draw the table and show the break (開門): `position(i)` says
where tile `i` lies. Nothing here decides anything; it only stores and counts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rules.tiles import KIND_COUNT, Tile, format_tiles, is_five, parse_tiles

TILE_COUNT = 136
STACKS_PER_SIDE = 17
DEAD_WALL = 14


@dataclass(frozen=True, slots=True)
class Shape:
    """Where the deal, the live wall, the rinshan tiles and the indicators lie in a wall
    of `tiles` tiles dealt to `players`. Four players: tiles [0..51] are dealt (5.4),
    [0..121] are the live wall before any kan, the rinshan tiles are 134, 135, 132,
    133 (000 第8条: k=1 upper, k=1 lower, k=2 upper, k=2 lower) and the indicators 130,
    128, 126, 124, 122 (omote, then kan indicators 1-4, 000 第9条); the same layout
    counted from the end for fewer tiles: a three-player wall of 108 tiles deals
    [0..38], draws from [39], and its dead wall is [94..107], RULESETS.md §9.

    The dead wall stays 14: each kan or kita moves the last live tile into it. The
    first four replacement tiles are the usual ones; a three-player game's next four
    (kita and kans share eight, §9) are the live tiles moved in, the first moved
    first, so no replacement draw ever takes an indicator."""

    tiles: int = TILE_COUNT
    players: int = 4

    @property
    def deal_end(self) -> int:
        return 13 * self.players

    @property
    def live_end(self) -> int:
        return self.tiles - DEAD_WALL

    @property
    def indicators(self) -> tuple[int, ...]:
        return tuple(self.tiles - 6 - 2 * n for n in range(5))

    @property
    def rinshan(self) -> tuple[int, ...]:
        end = self.tiles
        first = (end - 2, end - 1, end - 4, end - 3)
        if self.players == 4:
            return first
        return first + tuple(self.live_end - 1 - k for k in range(4))


FOUR = Shape()


def shape_for(tiles: int, players: int) -> Shape:
    """The shape of a wall of `tiles` tiles for `players` (the shared four-player one)."""
    return FOUR if (tiles, players) == (TILE_COUNT, 4) else Shape(tiles, players)

PIN5, MAN5, SOU5 = 13, 4, 22


def red_kinds(red_fives: int) -> list[int]:
    """Which fives are red for `red_fives` (RULESETS.md §2): 1 → one 5p, 2 → 5p 5s,
    3 → one of each suit, 4 → 5m, 5s and two 5p."""
    return {
        0: [],
        1: [PIN5],
        2: [PIN5, SOU5],
        3: [MAN5, PIN5, SOU5],
        4: [MAN5, PIN5, PIN5, SOU5],
    }[red_fives]


# One shared object per distinct tile (kind, red). Walls hold these, so every tile in
# play is one of them: `list.remove`, `in` and `==` then match by identity in C
# instead of running the dataclass's Python `__eq__`, on every discard and call.
_SHARED: list[Tile | None] = [
    Tile(key // 2, red=bool(key % 2)) if not key % 2 or is_five(key // 2) else None
    for key in range(2 * KIND_COUNT)
]


def shared(tile: Tile) -> Tile:
    """The shared object equal to `tile`."""
    found = _SHARED[tile.kind * 2 + tile.red]
    assert found is not None
    return found


def full_set(red_fives: int = 0, removed: frozenset[int] = frozenset()) -> list[Tile]:
    """The tiles of a set, sorted, with `red_fives` red fives (shared objects): 136, or
    fewer without the `removed` kinds (108 for three players, RULESETS.md §9)."""
    reds = red_kinds(red_fives)
    tiles = []
    for kind in range(KIND_COUNT):
        if kind in removed:
            continue
        red = reds.count(kind)
        if red:
            tiles.extend([shared(Tile(kind, red=True))] * red)
        tiles.extend([shared(Tile(kind))] * (4 - red))
    return tiles


def throw_dice(rng: random.Random) -> tuple[int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6))


@dataclass(frozen=True, slots=True)
class Break:
    """Where the wall was opened (開門), RULESETS.md §5.2.

    `side` is the absolute seat whose wall is broken (counted from the dealer by
    the first throw: 1, 5, 9 = dealer; 2, 6, 10 = his shimocha; ...) and
    `stacks` how many stacks stay on the right of the break, counted from the
    right end of that wall as its owner sees it (the sum of all throws).
    """

    side: int
    stacks: int


UNKNOWN_THROW = 7  # no throw known (a record without dice): tiles still need a place


def break_from_dice(dealer: int, dice: Sequence[tuple[int, int]]) -> Break:
    """The break for the throws made (one throw, or two with `kaimen_dice = 2`). With
    none (a record that does not give them) the break is unknown; the tiles are laid
    out as for a throw of 7 so the ring can be drawn, and `Wall.dice` stays empty to
    say so."""
    if not dice:
        return Break((dealer + UNKNOWN_THROW - 1) % 4, UNKNOWN_THROW)
    first = sum(dice[0])
    side = (dealer + first - 1) % 4
    return Break(side, sum(sum(throw) for throw in dice))


@dataclass(frozen=True, slots=True)
class Position:
    """Where one tile of the wall lies: on the wall in front of `side` (a seat),
    at stack `stack` (0 = the owner's right end) and `upper` or lower."""

    side: int
    stack: int
    upper: bool


def position(index: int, brk: Break) -> Position:
    """The physical place of draw-order tile `index`. Drawing runs clockwise: from
    the break leftwards along the broken wall, then on to its owner's kamicha."""
    offset = brk.stacks + index // 2
    side = (brk.side - offset // STACKS_PER_SIDE) % 4
    return Position(side, offset % STACKS_PER_SIDE, index % 2 == 0)


class Wall:
    """The tiles of one hand in draw order, and how far they have been used."""

    __slots__ = (
        "brk",
        "dice",
        "kans",
        "keys",
        "kinds",
        "kita",
        "live_next",
        "reds",
        "remaining",
        "rinshan_taken",
        "shape",
        "tiles",
        "verified",
    )

    def __init__(
        self,
        tiles: Sequence[Tile],
        dice: Sequence[tuple[int, int]],
        dealer: int,
        shape: Shape = FOUR,
    ):
        if len(tiles) != shape.tiles:
            raise ValueError(f"a wall holds {shape.tiles} tiles, got {len(tiles)}")
        self.shape = shape
        self.tiles: tuple[Tile, ...] = tuple(map(shared, tiles))
        self.dice: tuple[tuple[int, int], ...] = tuple(tuple(d) for d in dice)  # type: ignore[misc]
        self.brk = break_from_dice(dealer, self.dice)
        # Each tile as one small int (kind * 2 + red), for the invariant check: counting
        # ints is C work, counting dataclass tiles runs their Python __hash__.
        self.keys: tuple[int, ...] = tuple(t.kind * 2 + t.red for t in self.tiles)
        self.kinds = bytes(t.kind for t in self.tiles)
        self.reds = any(t.red for t in self.tiles)
        self.live_next = shape.deal_end
        self.kans = 0
        self.kita = 0  # Norths set aside (three-player): each took a replacement tile too
        self.rinshan_taken = 0
        # Normal draws still available (0 after the haitei tile was drawn). Kept as a
        # plain attribute, updated by `draw` and `add_kan`: it is read several times a turn.
        self.remaining = shape.live_end - shape.deal_end
        self.verified = False  # set by the invariant check once it saw the full set here

    # -- counters -----------------------------------------------------------------
    @property
    def live_end(self) -> int:
        """One past the last drawable live tile: 122 minus one per kan (000 第5条) or
        kita (each moves the last live tile into the dead wall)."""
        return self.shape.live_end - self.kans - self.kita

    @property
    def replacements(self) -> int:
        """Replacement draws made or owed: kans and kita (they share the dead wall's)."""
        return self.kans + self.kita

    def deal(self, dealer: int) -> list[list[Tile]]:
        """The 13-tile hands by absolute seat, taken as in 5.4 (three rounds of four, one
        each); four hands, a three-player game's empty seat with none."""
        players = self.shape.players
        hands: list[list[Tile]] = [[] for _ in range(4)]
        for seat, indices in enumerate(deal_indices(s, dealer, players) for s in range(players)):
            hands[seat].extend(self.tiles[i] for i in indices)
        return hands

    def draw(self) -> Tile:
        if self.remaining <= 0:
            raise RuntimeError("the live wall is empty")
        tile = self.tiles[self.live_next]
        self.live_next += 1
        self.remaining -= 1
        return tile

    def draw_rinshan(self) -> Tile:
        """A replacement tile; the caller has already counted the kan (`add_kan`) or
        the kita (`add_kita`)."""
        tile = self.tiles[self.shape.rinshan[self.rinshan_taken]]
        self.rinshan_taken += 1
        return tile

    def add_kan(self) -> None:
        """A kan was made: the dead wall takes the last live tile (it stays 14)."""
        self.kans += 1
        self.remaining -= 1

    def add_kita(self) -> None:
        """A North was set aside: as a kan, the dead wall takes the last live tile."""
        self.kita += 1
        self.remaining -= 1

    def indicator(self, n: int) -> Tile:
        """The n-th dora indicator (0 = omote, 1-4 = kan indicators)."""
        return self.tiles[self.shape.indicators[n]]

    def ura_indicator(self, n: int) -> Tile:
        return self.tiles[self.shape.indicators[n] + 1]

    def taken_indices(self) -> tuple[int, ...]:
        """Every index drawn from so far: the deal, the live draws, the replacements."""
        return (*range(self.live_next), *self.shape.rinshan[: self.rinshan_taken])

    def dead_tiles(self) -> tuple[Tile, ...]:
        """The dead wall now: the moved live tiles plus the last 14 minus those taken."""
        shape = self.shape
        taken = set(shape.rinshan[: self.rinshan_taken])
        return tuple(
            self.tiles[i] for i in range(self.live_end, shape.tiles) if i not in taken
        )


def shuffled_tiles(
    rng: random.Random, red_fives: int, removed: frozenset[int] = frozenset()
) -> list[Tile]:
    """A fresh wall from the game's one generator (洗牌)."""
    tiles = full_set(red_fives, removed)
    rng.shuffle(tiles)
    return tiles


def scripted_wall(
    hands: Sequence[str],
    draws: str = "",
    *,
    dealer: int = 0,
    rinshan: str = "",
    indicators: str = "",
    ura: str = "",
    tail: str = "",
    red_fives: int = 0,
    removed: frozenset[int] = frozenset(),
    players: int = 4,
) -> list[Tile]:
    """A wall in draw order for tests, written in mpsz: 136 tiles, or fewer without
    the `removed` kinds (a three-player wall of 108 for `players = 3`).

    `hands[s]` is the 13-tile starting hand of absolute seat `s`; `draws` the
    live draws in the order they will be drawn (wall[52], [53], ...);
    `tail` the last tiles of the live wall (its final tile is the haitei when no
    kan is made); `rinshan` the replacement tiles in order; `indicators` the omote
    indicator then the kan indicators; `ura` the tiles under them. Every other slot is
    filled with the unused tiles of the set in a fixed order, so the wall is a
    real one (each tile at most four times).
    """
    shape = shape_for(4 * (KIND_COUNT - len(removed)), players)
    slots: list[Tile | None] = [None] * shape.tiles
    for seat, text in enumerate(hands[:players]):
        tiles = parse_tiles(text)
        if len(tiles) != 13:
            raise ValueError(f"seat {seat}'s hand has {len(tiles)} tiles, not 13")
        for i, tile in zip(deal_indices(seat, dealer, players), tiles, strict=True):
            slots[i] = tile
    for i, tile in enumerate(parse_tiles(draws)):
        slots[shape.deal_end + i] = tile
    tail_tiles = parse_tiles(tail)
    for i, tile in enumerate(tail_tiles):
        slots[shape.live_end - len(tail_tiles) + i] = tile
    for i, tile in enumerate(parse_tiles(rinshan)):
        slots[shape.rinshan[i]] = tile
    for i, tile in enumerate(parse_tiles(indicators)):
        slots[shape.indicators[i]] = tile
    for i, tile in enumerate(parse_tiles(ura)):
        slots[shape.indicators[i] + 1] = tile
    try:
        return fill_wall(slots, red_fives, removed)
    except TooMany as error:
        raise ValueError(f"the scripted wall uses {format_tiles([error.tile])} too often") from None


def deal_indices(seat: int, dealer: int, players: int = 4) -> list[int]:
    """The draw-order positions of the 13 tiles dealt to absolute `seat` (three rounds
    of four, then one each)."""
    k = (seat - dealer) % players
    per_round = 4 * players
    return [per_round * rnd + 4 * k + j for rnd in range(3) for j in range(4)] + [
        3 * per_round + k
    ]


class TooMany(ValueError):
    """A wall would hold a tile more often than the set has it."""

    def __init__(self, tile: Tile) -> None:
        super().__init__(f"{format_tiles([tile])} appears more often than the set has it")
        self.tile = tile


def fill_wall(
    slots: list[Tile | None], red_fives: int, removed: frozenset[int] = frozenset()
) -> list[Tile]:
    """A full wall from the known tiles of `slots` (None: not known), the rest of the
    set filled in a fixed rotation of the leftovers: unknown draws come varied but
    predictable (plain sorted order would hand out runs of one kind). `TooMany` if a
    known tile is used more often than the set has it."""
    pool = full_set(red_fives, removed)
    for tile in slots:
        if tile is None:
            continue
        try:
            pool.remove(tile)
        except ValueError:
            raise TooMany(tile) from None
    pool = pool[::7] + [t for i, t in enumerate(pool) if i % 7]
    it = iter(pool)
    return [tile if tile is not None else next(it) for tile in slots]
