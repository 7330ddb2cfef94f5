"""The table as a hand ends: the last view of the hand with its closing events in it.

The engine starts the next hand inside the same action that ends one (the win,
the last pass, the last declaration), so no `Game` ever stands at "this hand is
over". A seat client still needs that table to show under the result: the
hands laid open, the ura indicators, the houtei discard that ended it. This
builds it from the seat's last view of the hand and the closing events only
(nothing hidden: the events are already redacted for the seat), so a client
never folds events into a table itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules.hand import MeldKind
from rules.tiles import Tile, tile_key

from .events import Discarded, Event, HandEnded, RiichiAccepted, TenpaiDeclared, Won
from .seat_view import MeldEntry, MeldTile, OwnHand, RiverEntry, SeatInfo, SeatView


def closing_view(view: SeatView, events: Sequence[Event]) -> SeatView:
    """`view` (the seat's last view of the hand) after the hand's closing `events`."""
    seats = list(view.seats)
    own = view.own
    wall = view.wall
    sticks = view.sticks
    for event in events:
        if isinstance(event, Discarded):
            seats = [_no_last(s) for s in seats]
            s = seats[event.seat]
            entry = RiverEntry(event.tile, event.tsumogiri, event.riichi, False, True)
            seats[event.seat] = replace(s, river=(*s.river, entry), hand_size=s.hand_size - 1)
            if event.seat == view.seat:
                own = _without(own, event.tile)
        elif isinstance(event, RiichiAccepted):
            sticks = event.sticks
            seats[event.seat] = replace(seats[event.seat], riichi=True, score=event.score)
        elif isinstance(event, Won):
            shown = (*sorted(event.concealed, key=tile_key), event.win_tile)
            seats[event.winner] = replace(seats[event.winner], shown=shown)
            if event.ura_indicators:
                wall = replace(wall, ura_indicators=event.ura_indicators)
            if event.facts is not None and event.facts.chankan and event.from_seat is not None:
                seats[event.from_seat] = _unrobbed(seats[event.from_seat], event.win_tile)
        elif isinstance(event, TenpaiDeclared) and event.tenpai:
            seats[event.seat] = replace(seats[event.seat], shown=event.hand)
        elif isinstance(event, HandEnded):
            sticks = event.sticks
            seats = [replace(s, score=score) for s, score in zip(seats, event.scores, strict=True)]
    seats = [replace(s, on_turn=False) for s in seats]
    return replace(
        view,
        phase="over",
        seats=tuple(seats),
        own=own,
        wall=wall,
        sticks=sticks,
        offered=None,
        legal=(),
        unavailable=(),
    )


def _no_last(seat: SeatInfo) -> SeatInfo:
    return replace(seat, river=tuple(replace(e, last=False) for e in seat.river))


def _without(own: OwnHand, tile: Tile) -> OwnHand:
    """The own hand after discarding `tile` (the drawn tile first, as the engine does)."""
    if own.drawn is not None and own.drawn == tile:
        return replace(own, drawn=None)
    tiles = list(own.tiles)
    tiles.remove(tile)
    if own.drawn is not None:
        tiles = sorted([*tiles, own.drawn], key=tile_key)
    return replace(own, tiles=tuple(tiles), drawn=None)


def _unrobbed(seat: SeatInfo, robbed: Tile) -> SeatInfo:
    """A robbed kan never happened (000 第9条ロ): a kakan is the pon again, an ankan's
    tiles are back in the hand, and the robbed tile is counted with the kan maker, as
    the engine counts it."""
    melds = list(seat.melds)
    for i, meld in enumerate(melds):
        first, second = meld.tiles[0].tile, meld.tiles[1].tile
        if meld.kind is MeldKind.KAKAN and first is not None and first.kind == robbed.kind:
            tiles = tuple(MeldTile(t.tile, t.sideways) for t in meld.tiles)
            melds[i] = MeldEntry(MeldKind.PON, tiles, meld.from_seat)
            return replace(seat, melds=tuple(melds), hand_size=seat.hand_size + 1)
        if meld.kind is MeldKind.ANKAN and second is not None and second.kind == robbed.kind:
            del melds[i]
            return replace(seat, melds=tuple(melds), hand_size=seat.hand_size + 4)
    return seat
