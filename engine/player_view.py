"""The view a bot (and the screen's aids) reasons from: `PlayerView`, apart from the game.

It is read off a seat's view (`engine.player_seat.player_view_of`) or, on the
host's side, built from the game (`engine.player_view_of_game.player_view`). Its type lives
here, away from the referee, so that a client (tui/, ai/) can name it without
importing the module that reads the `Game`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hand import Meld
from rules.ruleset import Ruleset
from rules.tiles import KIND_COUNT, NORTH, Tile

from .state import RiverTile


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    ruleset: Ruleset
    round_wind: int  # 0 East .. 3 North
    hand_number: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    hand: tuple[Tile, ...]  # own concealed tiles, the drawn one included, sorted
    drawn: Tile | None  # the tile just drawn (None after a call or outside one's turn)
    melds: tuple[tuple[Meld, ...], ...]  # by seat
    rivers: tuple[tuple[RiverTile, ...], ...]  # by seat, in discard order
    dora_indicators: tuple[Tile, ...]
    riichi: tuple[bool, ...]  # riichi established, by seat
    turn: int  # whose turn it is (the discarder while a claim window is open)
    phase: str  # turn | claim | declare | over
    tiles_left: int  # normal draws left in the live wall
    last_discard: tuple[int, Tile] | None
    offered: Tile | None  # the tile a claim window is open on (a discard or kan tile)
    waits: tuple[int, ...]  # own waits (kinds) when the hand has 3n+1 tiles
    furiten: str | None  # why one cannot ron now: discard | temporary | riichi
    kuikae: frozenset[int]  # kinds one may not discard right now after a call
    # Public situational facts the scorer needs to price a win exactly (§3.2, §4.1):
    ippatsu: tuple[bool, ...] = (False,) * 4  # by seat: riichi with ippatsu still live
    double_riichi: tuple[bool, ...] = (False,) * 4  # by seat
    first_draw: bool = False  # own first draw, no call of any kind before it (tenhou/chiihou)
    rinshan_draw: bool = False  # own drawn tile came from the dead wall after a kan
    kita: tuple[int, ...] = (0,) * 4  # by seat: Norths set aside as dora (three players)

    @property
    def seat_wind(self) -> int:
        """Own seat wind as a tile kind (27 East .. 30 North; West at most with three)."""
        return 27 + (self.seat - self.dealer) % self.ruleset.players

    @property
    def round_wind_kind(self) -> int:
        return 27 + self.round_wind

    def counts(self) -> list[int]:
        """Own concealed tiles as a 34-count vector."""
        out = [0] * KIND_COUNT
        for t in self.hand:
            out[t.kind] += 1
        return out

    def visible_counts(self) -> list[int]:
        """Copies of each kind seen outside one's own hand: rivers (tiles not called
        away), every meld, dora indicators, the Norths set aside (kita). With
        `counts()`, 4 minus both is the number still unseen."""
        out = [0] * KIND_COUNT
        for river in self.rivers:
            for entry in river:
                if entry.called_by is None:
                    out[entry.tile.kind] += 1
        for melds in self.melds:
            for meld in melds:
                for t in meld.tiles:
                    out[t.kind] += 1
        for t in self.dora_indicators:
            out[t.kind] += 1
        for n in self.kita:
            out[NORTH] += n
        return out
