"""The mutable state of one hand in play, per seat and for the table.

Only the `Game` (`engine.game` and its rule modules) mutates these; everyone
else reads them through `PlayerView` (one seat's share) or the invariants. Kept
as plain slotted classes because they change on every action and are never
compared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.hand import Meld, Win
from rules.scoring import STICK_VALUE, ScoreResult
from rules.tiles import KIND_COUNT, Tile

from .actions import Action
from .wall import Wall

STICK = STICK_VALUE  # a riichi stick, in table points: the scorer's one value


# The other seats in turn order after each seat (shimocha, toimen, kamicha): who may
# claim a discard or rob a kan, and the order that decides between them; by the number
# of players (RULESETS.md §9): with three, seat 3 is empty and the others of seat s are
# its shimocha and kamicha.
OTHERS_BY: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in (3, 4)
}


Furiten = Literal["discard", "temporary", "riichi"]  # why a seat cannot ron (§5.8)


# The string states of a hand, as Literals: a type checker rejects a misspelt state,
# and at run time they stay plain strings (fast to compare on every action, and the
# same values logs, views and JSON have always had).
Phase = Literal["turn", "claim", "declare", "over"]
"""Where a hand is: the seat on turn decides; a claim window (the asked seats answer);
exhaustive-draw declarations in order; the hand has ended."""
TurnKind = Literal["draw", "rinshan", "call"]
"""How the current turn began: a draw, a rinshan draw after a kan, or a chi/pon (then
only a discard)."""
ClaimSource = Literal["discard", "kakan", "ankan", "kita"]
"""What a claim window is open on: a discard (calls and ron), a kan tile (chankan) or a
North set aside (kita: ron only, without the chankan yaku, RULESETS.md §9)."""


@dataclass(frozen=True, slots=True)
class Round:
    """The game's counters a rule reads during a hand (winds, dealer, honba, sticks).

    The rule modules take this instead of the `Game`, so they see only what they use."""

    round_wind: int  # 0 East .. 3 North
    dealer: int
    honba: int
    sticks: int
    players: int = 4  # three leaves the North seat empty (RULESETS.md §9)

    def seat_wind(self, seat: int) -> int:
        """Tile kind of the seat's wind (27 East .. 30 North; with three, West at most)."""
        return 27 + (seat - self.dealer) % self.players

    def wind_kind(self) -> int:
        """Tile kind of the round wind (27 East .. 30 North)."""
        return 27 + self.round_wind


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard as it lies in a river."""

    tile: Tile
    tsumogiri: bool  # discarded straight after drawing it
    riichi: bool  # turned sideways: the riichi declaration tile
    called_by: int | None = None  # the seat that called it away, if any


class SeatState:
    """One player's part of the hand."""

    __slots__ = (
        "counts",
        "discard_kinds",
        "double_riichi",
        "drawn",
        "first_discard_done",
        "hand",
        "ippatsu",
        "kita",
        "kuikae",
        "last_discard_index",
        "melds",
        "pao",
        "riichi",
        "riichi_furiten",
        "riichi_pending",
        "river",
        "shanten",
        "temp_furiten",
        "temp_kinds",
        "wait_set",
        "waits",
    )

    def __init__(self, hand: list[Tile]):
        self.hand: list[Tile] = list(hand)
        self.counts: list[int] = [0] * KIND_COUNT
        for tile in hand:
            self.counts[tile.kind] += 1
        self.melds: list[Meld] = []
        self.kita: list[Tile] = []  # Norths set aside (抜きドラ), in the order set aside
        self.river: list[RiverTile] = []
        self.discard_kinds: set[int] = set()  # every kind this seat discarded (called ones too)
        self.drawn: Tile | None = None  # the tile drawn this turn
        self.waits: tuple[int, ...] = ()  # valid whenever the hand has 3n+1 tiles
        self.shanten = 8  # of the last 3n+1 hand (cached with the waits; 8 = not known yet)
        self.wait_set: frozenset[int] = frozenset()
        self.riichi = False  # riichi established (stick paid)
        self.riichi_pending = False  # declared with the discard now on offer
        self.double_riichi = False
        self.ippatsu = False
        self.riichi_furiten = False  # passed a win after riichi: furiten to the end (§5.8)
        self.temp_furiten = False  # passed a win: until the next draw or call (000 第33条ニ)
        self.temp_kinds: set[int] = set()  # same_tile scope: passed kinds (001 第6章5)
        self.first_discard_done = False
        self.kuikae: frozenset[int] = frozenset()  # kinds barred for the discard after a call
        self.last_discard_index = -1  # index in HandState.discards of this seat's last discard
        self.pao: tuple[int, str] | None = None  # (liable seat, what it is liable for)

    def add(self, tile: Tile) -> None:
        self.hand.append(tile)
        self.counts[tile.kind] += 1

    def remove(self, tile: Tile) -> None:
        hand = self.hand
        try:
            # By identity, in C: the engine's tiles are the wall's shared objects
            # (`engine.wall.shared`), and `list.remove` would run the dataclass's
            # Python `__eq__` on every tile before the match.
            del hand[list(map(id, hand)).index(id(tile))]
        except ValueError:
            hand.remove(tile)
        self.counts[tile.kind] -= 1

    @property
    def closed(self) -> bool:
        return not any(m.opened for m in self.melds)

    def own_count(self, kind: int) -> int:
        """Copies of `kind` in this player's own tiles, melds included (A23)."""
        return self.counts[kind] + sum(1 for m in self.melds for t in m.tiles if t.kind == kind)


@dataclass(slots=True)
class Claim:
    """An open window on a tile: a discard (calls and ron) or a kan tile (chankan only)."""

    source: ClaimSource
    seat: int  # the discarder / kan maker
    tile: Tile
    options: dict[int, list[Action]]  # seat -> its legal answers (Pass included)
    responses: dict[int, Action] = field(default_factory=dict)
    shape_seats: tuple[int, ...] = ()  # seats the tile completes (temporary furiten if passed)
    meld: Meld | None = None  # the kan waiting for the window to close


class HandState:
    """The table during one hand."""

    __slots__ = (
        "calls_made",
        "claim",
        "declare_queue",
        "declared",
        "discards",
        "dora_indicators",
        "indicators",
        "kita_draw",
        "last_discard",
        "pending_dora",
        "phase",
        "seats",
        "turn",
        "turn_kind",
        "wall",
        "wins",
    )

    def __init__(self, wall: Wall, hands: list[list[Tile]], dealer: int):
        self.wall = wall
        self.seats = [SeatState(h) for h in hands]
        self.indicators = 0  # dora indicators revealed (omote + kan)
        # Kan dora owed by an open kan, turned after the kan player's next discard
        # (kan_dora_timing = "closed_immediate_open_after_discard").
        self.pending_dora = 0
        self.dora_indicators: tuple[Tile, ...] = ()  # those indicators, in order
        self.turn = dealer
        self.turn_kind: TurnKind = "draw"
        self.kita_draw = False  # the current rinshan draw replaced a kita (`kita_rinshan`)
        self.phase: Phase = "turn"
        self.claim: Claim | None = None
        self.calls_made = False  # any chi/pon/kan this hand (double riichi, chiihou, tenhou)
        self.discards: list[tuple[int, int]] = []  # (seat, kind) of every discard in order
        self.last_discard: tuple[int, Tile] | None = None
        self.declare_queue: list[int] = []  # exhaustive draw: seats still to declare
        self.declared: dict[int, bool] = {}  # exhaustive draw: seat -> tenpai shown
        # seat -> the scored win now on offer to it (the scorer's input, with the
        # situation the engine decided, and its answer), so settling it does not
        # score it again and the `Won` keeps the very situation it was scored in
        self.wins: dict[int, tuple[Win, ScoreResult]] = {}
