"""The table as one seat may see it: the frozen, JSON-ready view a client renders.

`engine.view.PlayerView` is what a bot decides from (counts, waits, the
ruleset object). `SeatView` is what a *table* draws: every river with the
engine's own sideways and called-away marks, every meld laid out with the
called tile turned towards the seat it came from, each seat's badges, the
wall as stacks around the centre with the break and the dead wall, the
indicators and the dora they make, the legal actions and, for each kind of
action that is not available now, the engine's reason. Nothing here refers to
the `Game`; `codec.encode(SeatView, view)` is plain JSON and decodes back to an
equal value, so the same view can cross a network to a client on another
machine (mjx: the observation is a value, not a handle on the state).

Seats are absolute (0 = the first dealer) everywhere in the view; `seat` says
whose view it is, and `relative(abs_seat)` turns an absolute seat into the
client's 0 self, 1 shimocha, 2 toimen, 3 kamicha. Tiles are `Tile` values
(mpsz in JSON). Only the own hand is listed, other hands only as a count,
unless the hand has ended and they were shown (`SeatInfo.shown`).

This module defines the values only; `build_seat_view` (below) fills them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rules.hand import MeldKind
from rules.tiles import Tile, tile_key

from .actions import Action
from .events import HandStarted, TenpaiDeclared, Won

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True, slots=True)
class RiverEntry:
    """One discard as it lies in a river, marks decided by the engine."""

    tile: Tile
    tsumogiri: bool  # discarded straight after drawing it (手出し/ツモ切り)
    sideways: bool  # laid sideways: the riichi tile, or the next discard when the
    #                 riichi tile was called away (000 第32条ニ)
    called: bool  # called away by another seat (shown marked, it now lies in a meld)
    last: bool  # the latest discard on the table


@dataclass(frozen=True, slots=True)
class MeldTile:
    """One tile of a meld, in the order its owner lays it out, left to right."""

    tile: Tile | None  # None: face down (the two outer tiles of an ankan)
    sideways: bool  # the called tile, turned towards the seat it came from
    stacked: Tile | None = None  # the added tile of a shouminkan, on the turned one


@dataclass(frozen=True, slots=True)
class MeldEntry:
    kind: MeldKind  # chi | pon | daiminkan | shouminkan | ankan
    tiles: tuple[MeldTile, ...]  # laid out left to right; 3 tiles for a shouminkan + stacked
    from_seat: int | None  # absolute seat the called tile came from (None: ankan)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat around the table, as the viewing seat may see it."""

    seat: int  # absolute
    wind: int  # seat wind as a tile kind, 27 East .. 30 North
    score: int
    dealer: bool  # 親
    riichi: bool  # riichi established (stick on the table)
    on_turn: bool  # this seat must act now (its turn, or its answer to a claim window)
    hand_size: int  # concealed tiles, the drawn one included
    river: tuple[RiverEntry, ...]
    melds: tuple[MeldEntry, ...]
    shown: tuple[Tile, ...] = ()  # the hand laid open at the end of a hand (win, tenpai)


@dataclass(frozen=True, slots=True)
class WallStack:
    """One stack of the wall: how many of its two tiles are still there."""

    tiles: int  # 0 gone, 1 the lower only, 2 both
    dead: bool  # part of the dead wall (王牌); after an odd number of kans the stack at
    #             the boundary is live: its top tile is the last live one, the lower
    #             one already counted in the dead wall (000 第5条)
    indicator: Tile | None = None  # face up on top: a dora indicator
    rinshan: bool = False  # one of the two replacement-tile stacks of the dead wall


@dataclass(frozen=True, slots=True)
class WallView:
    """The wall as it stands: four sides of stacks, the break and the dead wall."""

    sides: tuple[tuple[WallStack, ...], ...]  # by absolute seat, each side's stacks
    #      left to right as that side's owner sees them (17 per side)
    break_side: int  # absolute seat whose wall was opened (開門)
    break_stacks: int  # stacks right of the break, on that side
    dice: tuple[tuple[int, int], ...]
    tiles_left: int  # normal draws left in the live wall
    rinshan_left: int  # replacement tiles left in the dead wall
    dora_indicators: tuple[Tile, ...]  # face up, omote first
    dora: tuple[Tile, ...]  # the dora each indicator makes, same order
    ura_indicators: tuple[Tile, ...] = ()  # only once shown, at a riichi win


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a kind of action cannot be taken now, in the engine's words.

    `key` names the reason (`not_your_turn`, `no_yaku`, `furiten`, `kuikae`,
    `not_tenpai`, `no_points`, `too_few_tiles`, `riichi_locked`, ...); `fields`
    carry what a client needs to word it (tiles in mpsz, counts)."""

    kind: str  # discard | tsumo | ron | riichi | chi | pon | kan | pass | tenpai (show
    #            it at a draw) | discard_tile (one tile of the hand that may not go now)
    key: str
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class OwnHand:
    """The viewing seat's own tiles and what the engine knows about them."""

    tiles: tuple[Tile, ...]  # concealed, sorted, the drawn tile excluded
    drawn: Tile | None  # the tile just drawn, shown apart
    waits: tuple[int, ...]  # kinds, when the hand is tenpai (3n+1 tiles)
    furiten: str | None  # discard | temporary | riichi | None
    kuikae: tuple[int, ...]  # kinds that may not be discarded now after a call


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat's client draws, and nothing it may not see."""

    seat: int  # whose view this is (absolute)
    ruleset: str  # preset id
    house_rules: tuple[tuple[str, Any], ...]  # overrides in force, (key, value)
    round_wind: int  # 0 East .. 3 North
    hand_number: int  # 0-3 (東1局 = 0)
    honba: int
    sticks: int  # riichi sticks on the table (供託)
    dealer: int
    turn: int  # the seat that must act now (the discarder while a claim window is open)
    phase: str  # turn | claim | declare | over
    seats: tuple[SeatInfo, ...]  # by absolute seat
    own: OwnHand
    wall: WallView
    offered: Tile | None  # the tile a claim window is open on
    legal: tuple[Action, ...]  # what the viewing seat may do now (empty when not asked)
    unavailable: tuple[Unavailable, ...]  # per kind of action not in `legal`, why not
    # Public situational facts a client needs to price a win exactly (§3.2, §4.1):
    ippatsu: tuple[bool, ...] = (False,) * 4
    double_riichi: tuple[bool, ...] = (False,) * 4
    first_draw: bool = False
    rinshan_draw: bool = False
    minutes_left: int | None = None  # a time limit's minutes left (gifu), else None

    def relative(self, seat: int) -> int:
        """`seat` as the viewer sees it: 0 self, 1 shimocha, 2 toimen, 3 kamicha."""
        return (seat - self.seat) % 4





def _plain(value: Any) -> Any:
    """An override as the player typed it, hashable (views are compared and cached):
    a list as a tuple, a table (`chips`) as its TOML inline text."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={v}" for k, v in value.items()) + "}"
    return value


def build_seat_view(game: Game, seat: int) -> SeatView:
    """What absolute `seat` may see of `game` now, every mark decided by the engine.

    `legal` is filled only when `seat` is asked to decide (`game.pending_seats()`),
    and `unavailable` then says why each other kind of action is not possible; a
    seat not asked gets the reason for every kind. Works on any `Game`, a replay's
    at any step included: it reads the state and the current hand's events only."""
    from .availability import unavailable
    from .table_layout import meld_entry, river_entries, wall_view

    h = game.hand
    r = game.ruleset
    claim = h.claim if h.phase == "claim" else None
    pending = game.pending_seats()
    legal = tuple(game.legal_actions(seat)) if seat in pending else ()
    shown, ura = _shown_this_hand(game)
    last_seat = h.last_discard[0] if h.last_discard is not None else None
    seats = tuple(
        SeatInfo(
            seat=i,
            wind=game.counters.seat_wind(i),
            score=game.scores[i],
            dealer=i == game.dealer,
            riichi=x.riichi,
            # Who may answer a claim window is hidden: it tells who can call or ron.
            on_turn=i in pending and (claim is None or i == seat),
            hand_size=len(x.hand),
            river=river_entries(x.river, last_seat == i),
            melds=tuple(meld_entry(m, i) for m in x.melds),
            shown=shown.get(i, ()),
        )
        for i, x in enumerate(h.seats)
    )
    s = h.seats[seat]
    own_turn = h.turn == seat and h.phase == "turn"
    drawn = s.drawn if own_turn else None
    tiles = sorted(s.hand, key=tile_key)
    if drawn is not None:
        tiles.remove(drawn)
    limit = r.time_limit_minutes
    return SeatView(
        seat=seat,
        ruleset=r.id,
        house_rules=tuple((k, _plain(r.as_dict()[k])) for k, _ in r.overrides),
        round_wind=game.round_wind,
        hand_number=game.hand_number,
        honba=game.honba,
        sticks=game.sticks,
        dealer=game.dealer,
        turn=h.turn if claim is None else claim.seat,
        phase=h.phase,
        seats=seats,
        own=OwnHand(
            tiles=tuple(tiles),
            drawn=drawn,
            waits=tuple(s.waits) if len(s.hand) % 3 == 1 else (),
            furiten=game.furiten(seat) if s.waits else None,
            kuikae=tuple(sorted(s.kuikae)),
        ),
        wall=wall_view(h.wall, h.indicators, ura),
        offered=claim.tile if claim is not None else None,
        legal=legal,
        unavailable=unavailable(game, seat, legal),
        ippatsu=tuple(x.riichi and x.ippatsu and r.ippatsu for x in h.seats),
        double_riichi=tuple(x.riichi and x.double_riichi for x in h.seats),
        first_draw=not h.calls_made and not s.first_discard_done,
        rinshan_draw=own_turn and h.turn_kind == "rinshan",
        minutes_left=(
            max(0, math.ceil(limit - game.played_seconds() / 60)) if limit else None
        ),
    )


def _shown_this_hand(game: Game) -> tuple[dict[int, tuple[Tile, ...]], tuple[Tile, ...]]:
    """Hands laid open in the current hand (a winner's, a tenpai one at a draw) and
    the ura indicators shown at a riichi win: read back from the hand's events."""
    shown: dict[int, tuple[Tile, ...]] = {}
    ura: tuple[Tile, ...] = ()
    for event in reversed(game.events):
        if isinstance(event, HandStarted):
            break
        if isinstance(event, Won):
            shown[event.winner] = (*sorted(event.concealed, key=tile_key), event.win_tile)
            ura = ura or event.ura_indicators
        elif isinstance(event, TenpaiDeclared) and event.tenpai:
            shown[event.seat] = event.hand
    return shown, ura
