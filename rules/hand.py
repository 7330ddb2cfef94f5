"""A winning hand as the scorer receives it: tiles, melds and the situation.

These are small frozen values. The engine builds them from a game in
progress; `rules.request` builds them from CONTRACT.md JSON. The scorer never
infers a situational flag (RULESETS.md §4.1): whoever builds a `Win` states them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .tiles import EAST, Tile, format_tiles, suit_of


class MeldKind(StrEnum):
    """Names as in CONTRACT.md (`minkan` = daiminkan, `kakan` = shouminkan)."""

    CHI = "chi"
    PON = "pon"
    MINKAN = "minkan"
    ANKAN = "ankan"
    KAKAN = "kakan"


class Source(StrEnum):
    """Where a called tile came from, relative to the caller."""

    KAMICHA = "kamicha"  # the previous player (left)
    TOIMEN = "toimen"  # opposite
    SHIMOCHA = "shimocha"  # the next player (right)


class MeldError(ValueError):
    """A meld whose tiles do not form what its kind says."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. `called` is the tile taken from another player (None for ankan)."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    source: Source | None = None
    called: Tile | None = None

    def __post_init__(self) -> None:
        kinds = sorted(t.kind for t in self.tiles)
        if self.kind is MeldKind.CHI:
            ok = (
                len(kinds) == 3
                and kinds[0] < 27
                and suit_of(kinds[0]) == suit_of(kinds[2])
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
            )
            what = "three consecutive tiles of one suit"
        elif self.kind is MeldKind.PON:
            ok = len(kinds) == 3 and kinds[0] == kinds[2]
            what = "three identical tiles"
        else:
            ok = len(kinds) == 4 and kinds[0] == kinds[3]
            what = "four identical tiles"
        if not ok:
            raise MeldError(f"a {self.kind} needs {what}, got {format_tiles(self.tiles)}")
        if self.kind is MeldKind.ANKAN:
            if self.source is not None:
                raise MeldError("an ankan is made from one's own tiles and has no 'from'")
        elif self.source is None:
            raise MeldError(f"a {self.kind} needs 'from': kamicha, toimen or shimocha")
        elif self.kind is MeldKind.CHI and self.source is not Source.KAMICHA:
            raise MeldError("chi can only be called from kamicha (the player on your left)")

    @property
    def opened(self) -> bool:
        """Every call but an ankan opens the hand."""
        return self.kind is not MeldKind.ANKAN

    @property
    def is_quad(self) -> bool:
        return len(self.tiles) == 4

    @property
    def base_kind(self) -> int:
        """The lowest kind: the start of a chi, the kind of a pon or kan."""
        return min(t.kind for t in self.tiles)

    def __str__(self) -> str:
        return f"{self.kind} {format_tiles(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Win:
    """Everything the scorer needs about one win (CONTRACT.md `score` request)."""

    concealed: tuple[Tile, ...]  # the hand without melds and without the winning tile
    win_tile: Tile
    melds: tuple[Meld, ...] = ()
    tsumo: bool = False
    seat_wind: int = EAST
    round_wind: int = EAST
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    # Norths set aside (kita, 抜きドラ; RULESETS.md §9): each is a dora, and a North
    # again under every indicator that points to North. Not part of the hand's shape.
    kita: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East (RULESETS.md §4.1)."""
        return self.seat_wind == EAST

    @property
    def closed(self) -> bool:
        return not any(m.opened for m in self.melds)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand: concealed, winning tile and melds (quads with four)."""
        return (*self.concealed, self.win_tile, *tuple(t for m in self.melds for t in m.tiles))
