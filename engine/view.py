"""What one seat may see: `PlayerView`, and events redacted for that seat.

A bot or the UI never gets the `Game`; it gets a `PlayerView` — its own hand
and drawn tile, every river (with tsumogiri, riichi and called-away marks),
every meld with its source, the revealed indicators, scores, sticks, honba,
whose turn it is and how many tiles are left — and never the wall or another
hand (mjx, Mortal: hidden state kept apart from each seat's observation).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING

from rules.hand import Meld
from rules.ruleset import Ruleset
from rules.tiles import KIND_COUNT, Tile, tile_key

from .events import Event
from .redaction import redact
from .seat_view import Observer
from .state import RiverTile

if TYPE_CHECKING:
    from .game import Game




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

    @property
    def seat_wind(self) -> int:
        """Own seat wind as a tile kind (27 East .. 30 North)."""
        return 27 + (self.seat - self.dealer) % 4

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
        away), every meld, dora indicators. With `counts()`, 4 minus both is the
        number still unseen."""
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
        return out


_MELDS = attrgetter("melds")
_RIVER = attrgetter("river")
_RIICHI = attrgetter("riichi")
_NO_FLAGS = (False,) * 4


def player_view(game: Game, seat: int) -> PlayerView:
    h = game.hand
    seats = h.seats
    s = seats[seat]
    claim = h.claim if h.phase == "claim" else None
    riichi = tuple(map(_RIICHI, seats))
    ippatsu = (
        tuple([x.riichi and x.ippatsu for x in seats]) if game.ruleset.ippatsu else _NO_FLAGS
    )
    return PlayerView(
        seat=seat,
        ruleset=game.ruleset,
        round_wind=game.round_wind,
        hand_number=game.hand_number,
        dealer=game.dealer,
        honba=game.honba,
        sticks=game.sticks,
        scores=tuple(game.scores),
        hand=tuple(sorted(s.hand, key=tile_key)),
        drawn=s.drawn if h.turn == seat and h.phase == "turn" else None,
        melds=tuple(map(tuple, map(_MELDS, seats))),
        rivers=tuple(map(tuple, map(_RIVER, seats))),
        dora_indicators=h.dora_indicators,
        riichi=riichi,
        turn=h.turn if claim is None else claim.seat,
        phase=h.phase,
        tiles_left=h.wall.remaining,
        last_discard=h.last_discard,
        offered=claim.tile if claim is not None else None,
        waits=s.waits if (len(s.hand) % 3) == 1 else (),
        furiten=game.furiten(seat) if s.waits else None,
        kuikae=s.kuikae,
        ippatsu=ippatsu,
        double_riichi=tuple([x.riichi and x.double_riichi for x in seats]) if any(riichi)
        else _NO_FLAGS,
        first_draw=not h.calls_made and not s.first_discard_done,
        rinshan_draw=h.turn == seat and h.phase == "turn" and h.turn_kind == "rinshan",
    )


def event_for(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it: other hands of the deal, others' draws and the
    game's seed hidden (`engine.redaction.redact` for a player's observer, the one
    redaction function). `tests/test_seat_view.py` checks that two games differing
    only in hidden tiles give every seat the same redacted events."""
    return redact(event, Observer(seat))
