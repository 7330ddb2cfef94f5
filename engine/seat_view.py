"""The table as one observer may see it: the one frozen, JSON-ready view of the seat protocol.

`SeatView` is what a table draws and what a seat decides from: every river with
the engine's own sideways and called-away marks and the seat that called each
tile, every meld laid out with the called tile turned towards the seat it came
from (and the meld itself), each seat's badges, the wall as stacks around the
centre with the break and the dead wall, the indicators and the dora they make,
the legal actions and, for each kind of action that is not available now, the
engine's reason. The ruleset is named by its preset id and the house rules in
force. Nothing here refers to the `Game`; `codec.encode(SeatView, view)` is
plain JSON and decodes back to an equal value, so the same view can cross a
network to a client on another machine (mjx: the observation is a value, not a
handle on the state). A bot that wants `engine.player_view.PlayerView` reads it off
this view on its own side (`engine.player_view.player_view_of`).

One builder, `build_view(game, observer)`, is told what the observer may see
(`Observer`, OpenSpiel's private-information setting): one seat's private
information, none (a spectator) or all (a replay with every hand open). The
same view is also a fold of the observer's redacted events (`engine.fold`).

Seats are absolute (0 = the first dealer) everywhere in the view; `seat` says
whose point of view it is, and `relative(abs_seat)` turns an absolute seat into
the client's 0 self, 1 shimocha, 2 toimen, 3 kamicha. Tiles are `Tile` values
(mpsz in JSON). Only the own hand is listed, other hands only as a count,
unless the hand has ended and they were shown (`SeatInfo.shown`) or the
observer sees every hand (`SeatInfo.concealed`).
"""

from __future__ import annotations

import math
import weakref
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, overload

from rules.hand import Meld, MeldKind
from rules.tiles import Tile, tile_key

from .actions import Action
from .events import Event, ExhaustiveDraw, HandStarted, TenpaiDeclared, Won
from .frozen_build import builder
from .win_flags import rinshan_kaihou_draw

if TYPE_CHECKING:
    from rules.ruleset import Ruleset

    from .game import Game
    from .state import RiverTile, SeatState
    from .wall import Wall


@dataclass(frozen=True, slots=True)
class RiverEntry:
    """One discard as it lies in a river, marks decided by the engine."""

    tile: Tile
    tsumogiri: bool  # discarded straight after drawing it (手出し/ツモ切り)
    sideways: bool  # laid sideways: the riichi tile, or the next discard when the
    #                 riichi tile was called away (000 第32条ニ)
    called: bool  # called away by another seat (shown marked, it now lies in a meld)
    last: bool  # the latest discard on the table
    riichi: bool = False  # the riichi declaration tile itself (where `sideways` may move on)
    called_by: int | None = None  # absolute seat that called it away (a defence reads whom)


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
    # The meld itself (kind, tiles, source, called tile): public once laid, an ankan's
    # four tiles included (its `KanDeclared` event is public), so a bot can count it.
    meld: Meld | None = None


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat around the table, as the viewing seat may see it."""

    seat: int  # absolute
    wind: int  # seat wind as a tile kind, 27 East .. 30 North (three players: the
    #            empty seat 3 is North, `seat_winds`)
    score: int
    dealer: bool  # 親
    riichi: bool  # riichi established (stick on the table)
    on_turn: bool  # this seat must act now (its turn, or its answer to a claim window)
    hand_size: int  # concealed tiles, the drawn one included
    river: tuple[RiverEntry, ...]
    melds: tuple[MeldEntry, ...]
    shown: tuple[Tile, ...] = ()  # the hand laid open at the end of a hand (win, tenpai)
    concealed: tuple[Tile, ...] = ()  # the whole concealed hand, sorted: only for an
    #                                   observer who sees every hand (`Observer.everything`)
    kita: tuple[Tile, ...] = ()  # Norths set aside as dora (抜きドラ, three players,
    #                              RULESETS.md §9), in the order set aside: public


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

    sides: Sequence[tuple[WallStack, ...]]  # by absolute seat, each side's stacks
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
    unavailable: Sequence[Unavailable]  # per kind of action not in `legal`, why not (a
    #                                     tuple, or the host's `Reasons`, equal to one)
    # Public situational facts a client needs to price a win exactly (§3.2, §4.1):
    ippatsu: tuple[bool, ...] = (False,) * 4
    double_riichi: tuple[bool, ...] = (False,) * 4
    first_draw: bool = False
    rinshan_draw: bool = False
    minutes_left: int | None = None  # a time limit's minutes left (gifu), else None
    # What this observer may see (`Observer.sight`): "seat" (its own hand), "none" (a
    # spectator: no concealed tile until it is shown) or "all" (every hand open).
    sight: str = "seat"
    offered_from: str | None = None  # what `offered` is: discard | kakan | ankan (chankan)
    calls_made: bool = False  # any chi, pon or kan this hand (first go-around over)

    def relative(self, seat: int) -> int:
        """`seat` as the viewer sees it: 0 self, 1 shimocha, 2 toimen, 3 kamicha."""
        return (seat - self.seat) % 4


# The same values, built quickly (`engine.frozen_build`): a view is built at every decision.
new_view = builder(SeatView)
new_seat_info = builder(SeatInfo)
new_own_hand = builder(OwnHand)
new_river_entry = builder(RiverEntry)
new_wall_view = builder(WallView)

SIGHTS = ("seat", "none", "all")


@dataclass(frozen=True, slots=True)
class Observer:
    """What an observer may see, as OpenSpiel's observer takes its private-information
    setting: one seat's private information (`sight="seat"`: a player), none (`"none"`:
    a spectator, who sees a concealed tile only once the rules lay it open), or all
    (`"all"`: a replay with every hand open, a finished hand's review). `seat` is whose
    point of view the table is drawn from (and whose hand, legal actions and reasons
    the view holds, for "seat" and "all")."""

    seat: int = 0
    sight: str = "seat"

    def __post_init__(self) -> None:
        if self.sight not in SIGHTS or not 0 <= self.seat < 4:
            raise ValueError(f"observer: seat 0-3 and sight one of {SIGHTS}, not {self!r}")

    @classmethod
    def spectator(cls, seat: int = 0) -> Observer:
        return cls(seat, "none")

    @classmethod
    def everything(cls, seat: int = 0) -> Observer:
        return cls(seat, "all")

    @property
    def private(self) -> bool:
        """Sees its own seat's concealed tiles (a player, or an all-seeing observer)."""
        return self.sight != "none"


class Reasons(Sequence[Unavailable]):
    """`SeatView.unavailable` as the host hands it to a seat: the engine's reasons,
    worked out from the game the first time anything reads them.

    A bot never reads why the keys it does not press are greyed, and working the
    reasons out was a quarter of building a view at every decision; so the host's
    views carry this instead of the tuple. It is a value all the same: equal to the
    tuple `engine.availability.unavailable` gives (and hashed, encoded, pickled and
    shown as that tuple), because the host that built it owns the game and, before
    it changes the game (`Host` applies the next action), works out every one still
    held (`force`). Reading one after its game has moved on is a bug, and says so.
    Only the host builds these (`build_view(..., deferred=...)`); `build_view`
    alone gives the tuple."""

    __slots__ = ("__weakref__", "_game", "_legal", "_seat", "_value", "_version")

    def __init__(self, game: Game, seat: int, legal: tuple[Action, ...]) -> None:
        self._game: Game | None = game
        self._seat = seat
        self._legal = legal
        self._version = len(game.actions)
        self._value: tuple[Unavailable, ...] | None = None

    def force(self) -> tuple[Unavailable, ...]:
        """The reasons, worked out now if they were not yet."""
        value = self._value
        if value is None:
            game = self._game
            assert game is not None
            if len(game.actions) != self._version:
                raise RuntimeError("a view's reasons read after its game moved on")
            value = self._value = _availability.unavailable(game, self._seat, self._legal)
            self._game = None  # a value now: no handle on the game kept
        return value

    def __len__(self) -> int:
        return len(self.force())

    @overload
    def __getitem__(self, index: int) -> Unavailable: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Unavailable, ...]: ...

    def __getitem__(self, index: int | slice) -> Unavailable | tuple[Unavailable, ...]:
        return self.force()[index]

    def __iter__(self) -> Iterator[Unavailable]:
        return iter(self.force())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Reasons):
            other = other.force()
        if isinstance(other, tuple):
            return self.force() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.force())

    def __repr__(self) -> str:
        return repr(self.force())

    def __reduce__(self) -> tuple[type[tuple[Unavailable, ...]], tuple[tuple[Unavailable, ...]]]:
        return tuple, (self.force(),)


_PLAYERS = tuple(Observer(seat) for seat in range(4))  # a player's observer, by seat

NO_HAND = OwnHand(tiles=(), drawn=None, waits=(), furiten=None, kuikae=())



def _plain(value: Any) -> Any:
    """An override as the player typed it, hashable (views are compared and cached):
    a list as a tuple, a table (`chips`) as its TOML inline text."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={v}" for k, v in value.items()) + "}"
    return value


_last_house_rules: list[tuple[Ruleset, tuple[tuple[str, Any], ...]]] = []


def _house_rules(r: Ruleset) -> tuple[tuple[str, Any], ...]:
    """The overrides in force as `SeatView.house_rules`, kept for the last ruleset asked
    (`as_dict` lays out every rule: a view is built at every decision of one game)."""
    if _last_house_rules and _last_house_rules[0][0] is r:
        return _last_house_rules[0][1]
    out = tuple((k, _plain(r.as_dict()[k])) for k, _ in r.overrides) if r.overrides else ()
    _last_house_rules[:] = [(r, out)]
    return out


def seat_observer(seat: int) -> Observer:
    """The observer a player at absolute `seat` is (one shared value per seat)."""
    return _PLAYERS[seat]


def build_seat_view(game: Game, seat: int) -> SeatView:
    """What absolute `seat` may see of `game` now (`build_view` for a player)."""
    return build_view(game, _PLAYERS[seat])


def build_view(
    game: Game, observer: Observer, *, deferred: list[weakref.ref[Reasons]] | None = None
) -> SeatView:
    """What `observer` may see of `game` now, every mark decided by the engine.

    `legal` is filled only when the observer's seat is asked to decide
    (`game.pending_seats()`), and `unavailable` then says why each other kind of
    action is not possible; a seat not asked gets the reason for every kind; a
    spectator gets neither. Works on any `Game`, a replay's at any step included:
    it reads the state and the current hand's events only.

    With `deferred` (the host's, which owns the game), the reasons are a `Reasons`
    worked out when first read, and a weak reference to it is added to `deferred`:
    the owner must `force` every one still alive before it changes the game."""
    seat = observer.seat
    sight = observer.sight
    private = sight != "none"
    h = game.hand
    r = game.ruleset
    claim = h.claim if h.phase == "claim" else None
    pending = game.pending_seats()
    legal = tuple(game.legal_actions(seat)) if private and seat in pending else ()
    shown, ura, started = _shown_this_hand(game)
    last_seat = h.last_discard[0] if h.last_discard is not None else None
    scores, dealer = game.scores, game.dealer
    everything = sight == "all"
    # Who may answer a claim window is hidden: it tells who can call or ron.
    open_answers = claim is None or everything
    infos = []
    winds = _WINDS[r.players][dealer]
    any_riichi = False
    for i, x in enumerate(h.seats):
        any_riichi = any_riichi or x.riichi
        infos.append(
            _seat_info(
                i,
                (
                    winds[i],
                    scores[i],
                    i == dealer,
                    x.riichi,
                    i in pending and (open_answers or (i == seat and private)),
                    len(x.hand),
                    _river_of(x.river, last_seat == i),
                    _melds_of(x.melds, i, r.players) if x.melds else (),
                    shown.get(i, ()) if shown else (),
                    tuple(sorted(x.hand, key=tile_key)) if everything else (),
                    tuple(x.kita) if x.kita else (),
                ),
            )
        )
    seats = tuple(infos)
    s = h.seats[seat]
    own_turn = h.turn == seat and h.phase == "turn"
    drawn = s.drawn if own_turn else None
    limit = r.time_limit_minutes
    own = _own_hand(game, seat, s, drawn) if private else NO_HAND
    counters = game.counters
    seats_now = h.seats
    return new_view(
        seat=seat,
        ruleset=r.id,
        house_rules=_house_rules(r),
        round_wind=counters.round_wind,
        hand_number=counters.dealer,
        # Once the game is over the counters have moved on to a hand never dealt: the
        # table shows the last hand's honba, as every hand's closing table does.
        honba=started.honba if game.is_over and started is not None else counters.honba,
        sticks=counters.sticks,
        dealer=counters.dealer,
        turn=h.turn if claim is None else claim.seat,
        phase=h.phase,
        seats=seats,
        own=own,
        wall=_wall_of(h.wall, h.indicators, ura, r),
        offered=claim.tile if claim is not None else None,
        legal=legal,
        unavailable=(
            () if not private
            else _availability.unavailable(game, seat, legal) if deferred is None
            else _deferred(game, seat, legal, deferred)
        ),
        ippatsu=(
            tuple([x.riichi and x.ippatsu and r.ippatsu for x in seats_now])
            if any_riichi else _NO_FLAGS
        ),
        double_riichi=(
            tuple([x.riichi and x.double_riichi for x in seats_now]) if any_riichi else _NO_FLAGS
        ),
        first_draw=not h.calls_made and not s.first_discard_done,
        rinshan_draw=rinshan_kaihou_draw(own_turn and h.turn_kind == "rinshan", h.kita_draw, r),
        minutes_left=(
            max(0, math.ceil(limit - game.played_seconds() / 60)) if limit else None
        ),
        sight=sight,
        offered_from=claim.source if claim is not None else None,
        calls_made=h.calls_made,
    )


_NO_FLAGS = (False,) * 4


def _own_hand(game: Game, seat: int, s: SeatState, drawn: Tile | None) -> OwnHand:
    """The seat's own hand: sorted, the drawn tile apart (found by its sort key: the
    sorted hand holds an equal tile at that place)."""
    tiles = sorted(s.hand, key=tile_key)
    if drawn is not None:
        del tiles[bisect_left(tiles, tile_key(drawn), key=tile_key)]
    return new_own_hand(
        tuple(tiles),
        drawn,
        tuple(s.waits) if len(s.hand) % 3 == 1 else (),
        game.furiten(seat) if s.waits else None,
        tuple(sorted(s.kuikae)) if s.kuikae else (),
    )


def _deferred(
    game: Game, seat: int, legal: tuple[Action, ...], deferred: list[weakref.ref[Reasons]]
) -> Reasons:
    reasons = Reasons(game, seat, legal)
    deferred.append(weakref.ref(reasons))
    return reasons


def force_all(deferred: list[weakref.ref[Reasons]]) -> None:
    """Work out every deferred `Reasons` still held by anyone (the owner of the game
    calls this before it changes the game), and forget them all."""
    for ref in deferred:
        reasons = ref()
        if reasons is not None:
            reasons.force()
    deferred.clear()


# The wall laid out for the last state asked, per wall (a server asks for many tables'
# walls in turn: one entry each keeps the drawing-only update for every table).
_last_wall: dict[int, tuple[tuple[tuple[object, ...], int], WallView]] = {}
_LAST_WALLS = 1024

# The rivers and melds laid out for the last views built, by the list they were built
# from: a river or a meld list changes at a discard or a call, a view is built at every
# decision, so most are the layout of the view before. Each entry keeps the list it
# was made from (so its id is not reused) and what the layout read of it.
_rivers: dict[int, tuple[object, int, object, bool, tuple[RiverEntry, ...], bool]] = {}
_melds: dict[int, tuple[object, tuple[Meld, ...], tuple[MeldEntry, ...]]] = {}
_CACHE_SIZE = 64


def seat_winds(dealer: int, players: int = 4) -> tuple[int, ...]:
    """Each absolute seat's wind as a tile kind when `dealer` deals (`state.Round.seat_wind`):
    East, then South, West (North) round the seats that play; with three players
    the empty seat 3 is the North seat nobody sits in (RULESETS.md §9)."""
    return tuple(27 + (seat - dealer) % players if seat < players else 30 for seat in range(4))


_WINDS = {n: tuple(seat_winds(dealer, n) for dealer in range(4)) for n in (3, 4)}

# The last `SeatInfo` built for each seat, with what it was built from: most seats are
# unchanged from one decision to the next, and views of one table share them.
_last_infos: list[tuple[tuple[Any, ...], SeatInfo] | None] = [None] * 4


def _seat_info(seat: int, parts: tuple[Any, ...]) -> SeatInfo:
    """The `SeatInfo` of `seat` from its other fields in order (wind, score, dealer,
    riichi, on_turn, hand_size, river, melds, shown, concealed, kita), the last one built for
    the seat if it is equal (the river and melds are the laid-out tuples kept above)."""
    last = _last_infos[seat]
    if last is not None and last[0] == parts:
        return last[1]
    info = new_seat_info(seat, *parts)
    _last_infos[seat] = (parts, info)
    return info


def _river_of(river: list[RiverTile], latest: bool) -> tuple[RiverEntry, ...]:
    """`table_layout.river_entries`, from the layout of the same river last built: a
    river only grows at its end and only its last tile is called away (replaced), so
    when the tile that was last is still in place the entries before it stand, and
    only the new tiles (and the latest-discard mark) are laid out."""
    key = id(river)
    n = len(river)
    last = river[-1] if n else None
    hit = _rivers.get(key)
    if hit is not None and hit[0] is river:
        _, before, last_before, latest_before, out, turn_next = hit
        if before == n and last_before is last:
            if latest_before == latest or not n:
                return out
            out = (*out[:-1], _table_layout.with_last(out[-1], latest))
            _rivers[key] = (river, n, last, latest, out, turn_next)
            return out
        if before < n and (not before or river[before - 1] is last_before):
            if before and out[-1].last:
                out = (*out[:-1], _table_layout.with_last(out[-1], False))
            new, turn_next = _table_layout.river_marks(river, latest, before, turn_next)
            out = (*out, *new)
            _rivers[key] = (river, n, last, latest, out, turn_next)
            return out
    new, turn_next = _table_layout.river_marks(river, latest, 0, False)
    out = tuple(new)
    if len(_rivers) >= _CACHE_SIZE:
        _rivers.clear()
    _rivers[key] = (river, n, last, latest, out, turn_next)
    return out


def _melds_of(melds: list[Meld], owner: int, players: int) -> tuple[MeldEntry, ...]:
    if not melds:  # most seats, most of the time
        return ()
    key = id(melds)
    now = tuple(melds)
    hit = _melds.get(key)
    # A kakan replaces a meld in place: the melds are compared one by one (at most four).
    if hit is not None and hit[0] is melds and hit[1] == now:
        return hit[2]
    out = tuple(_table_layout.meld_entry(m, owner, players) for m in melds)
    if len(_melds) >= _CACHE_SIZE:
        _melds.clear()
    _melds[key] = (melds, now, out)
    return out


def _wall_of(wall: Wall, indicators: int, ura: tuple[Tile, ...], r: Ruleset) -> WallView:
    """`wall_view`, kept for the last state asked: the wall is public, so every
    observer of one table after one action gets the same value, built once; after
    live draws only (most decisions) the stacks drawn from are laid out again."""
    key = (wall, wall.kans, wall.rinshan_taken, indicators, ura)
    last = _last_wall.get(id(wall))
    if last is not None:
        (before, live_next), view = last
        if before[0] is wall and before == key:
            if live_next == wall.live_next:
                return view
            if live_next < wall.live_next:
                view = _table_layout.wall_view_after_draws(view, wall, live_next)
                _last_wall[id(wall)] = ((key, wall.live_next), view)
                return view
    view = _table_layout.wall_view(wall, indicators, ura, r.removed_kinds)
    if len(_last_wall) >= _LAST_WALLS:
        _last_wall.clear()
    _last_wall[id(wall)] = ((key, wall.live_next), view)
    return view


class _Shown:
    """What the current hand has laid open so far, read forward from the game's events
    (a view is built at every decision: rereading the hand each time is the cost)."""

    __slots__ = ("events", "last", "read", "shown", "started", "ura")

    def __init__(self, events: list[Event]) -> None:
        self.events = events
        self.read = 0
        self.shown: dict[int, tuple[Tile, ...]] = {}
        self.ura: tuple[Tile, ...] = ()
        self.started: HandStarted | None = None
        self.last: Event | None = None  # the last event read (an edited history rereads)

    def fresh(self, events: list[Event]) -> bool:
        """Still a prefix of `events`: the same list, nothing before `read` replaced
        but by a completed `Won` (`engine.win_facts`: same hands, same indicators)."""
        read = self.read
        if self.events is not events or read > len(events):
            return False
        if read == 0:
            return True
        last = events[read - 1]
        return last is self.last or (isinstance(last, Won) and last == self.last)

    def catch_up(self) -> None:
        events = self.events
        for i in range(self.read, len(events)):
            event = events[i]
            if type(event) not in _SHOWING:  # draws and discards: most events
                continue
            if isinstance(event, HandStarted):
                self.shown = {}
                self.ura = ()
                self.started = event
            elif isinstance(event, Won):
                concealed = sorted(event.concealed, key=tile_key)
                self.shown[event.winner] = (*concealed, event.win_tile)
                if event.ura_indicators:
                    self.ura = event.ura_indicators
            elif isinstance(event, TenpaiDeclared | ExhaustiveDraw) and _shows(event):
                assert event.seat is not None
                self.shown[event.seat] = event.hand
        self.read = len(events)
        self.last = events[-1] if events else None


_SHOWING = frozenset({HandStarted, Won, TenpaiDeclared, ExhaustiveDraw})  # what `catch_up` reads
_shown_by_game: weakref.WeakKeyDictionary[Game, _Shown] = weakref.WeakKeyDictionary()
_last_shown: list[tuple[weakref.ref[Game], _Shown]] = []  # the last game asked (the usual)


def _shown_this_hand(
    game: Game,
) -> tuple[dict[int, tuple[Tile, ...]], tuple[Tile, ...], HandStarted | None]:
    """Hands laid open in the current hand (a winner's, a tenpai one at a draw, a
    nine-terminals hand called off), the ura indicators shown at a riichi win and
    the hand's `HandStarted`: read from the hand's events."""
    seen = _last_shown[0][1] if _last_shown and _last_shown[0][0]() is game else None
    if seen is None:
        seen = _shown_by_game.get(game)
    if seen is None or not seen.fresh(game.events):
        seen = _shown_by_game[game] = _Shown(game.events)
    if not _last_shown or _last_shown[0][1] is not seen:
        _last_shown[:] = [(weakref.ref(game), seen)]
    seen.catch_up()
    return seen.shown, seen.ura, seen.started


def _shows(event: TenpaiDeclared | ExhaustiveDraw) -> bool:
    """The event lays a hand open: a tenpai one at a draw, or nine terminals called off."""
    if isinstance(event, TenpaiDeclared):
        return event.tenpai
    return event.seat is not None and bool(event.hand)


# Last: both modules build on the types above (a module, not its names, is bound here,
# so importing either of them first works).
from . import availability as _availability  # noqa: E402
from . import table_layout as _table_layout  # noqa: E402
