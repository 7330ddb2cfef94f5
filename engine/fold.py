"""The view as a fold of an observer's redacted event stream (Mortal's `PlayerState::update`).

`fold(view, event) -> view` is the one function a seat's client runs on every
event it is sent, and the host runs the same function: the closing table of a
hand (the hands laid open, the ura indicators, the houtei discard that ended
it) exists only as a fold, since the engine deals the next hand inside the
action that ends one. `fold(None, Seated(...))` starts an observer's stream;
every game event then changes the public table and the observer's own hand the
way the engine changed its state, with the engine's own layout functions
(`engine.table_layout`) and the rules' own wait analysis; the host's `Status`
(`engine.frames`) sets the decision after each action. The fold test checks,
over seeded AI games of every preset, that after every action's events the
folded view equals the one the host builds from the `Game` for that observer,
three-player presets included (RULESETS.md §9: the ruleset's wall shape, seat
winds round three seats, the empty seat 3, a North set aside by `KitaDeclared`).

Nothing here reads hidden state: the fold sees exactly what its observer was
sent. A seat needs no other state than its last view (every counter the fold
reads is in it), so a client that joins late can start from a view the host
sends and fold on from there.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Any

from rules.hand import Meld, MeldKind
from rules.ruleset import Ruleset, load_preset, parse_override
from rules.shanten import shanten
from rules.tiles import KIND_COUNT, Tile, tile_key
from rules.waits import waits as shape_waits

from .events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    ExhaustiveDraw,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    KanDeclared,
    KitaDeclared,
    RiichiAccepted,
    TenpaiDeclared,
    Won,
)
from .frames import Seated, SeatEvent, Status
from .seat_view import NO_HAND, OwnHand, SeatInfo, SeatView, WallView, seat_winds
from .state import RiverTile
from .table_layout import meld_entry, river_entries, wall_view
from .wall import Break, Shape, break_from_dice, shape_for
from .win_flags import rinshan_kaihou_draw

__all__ = ["FoldError", "fold", "fold_all"]


class FoldError(ValueError):
    """An event that cannot follow the view it is folded into (a broken stream)."""


def fold(view: SeatView | None, event: SeatEvent) -> SeatView:
    """`view` after `event`; `fold(None, Seated(...))` begins an observer's stream."""
    if view is None:
        if not isinstance(event, Seated):
            raise FoldError(f"an observer's stream begins with Seated, not {event!r}")
        return _blank(event)
    step = _STEPS.get(type(event))
    if step is None:
        raise FoldError(f"cannot fold {type(event).__name__} into a view")
    return _settle(step(view, event))


def fold_all(events: Sequence[SeatEvent], view: SeatView | None = None) -> SeatView:
    """`view` after every one of `events`, in order."""
    for event in events:
        view = fold(view, event)
    if view is None:
        raise FoldError("no event to fold")
    return view


# --------------------------------------------------------------------------- helpers


@cache
def _ruleset_cached(preset: str, overrides: str) -> Ruleset:
    ruleset = load_preset(preset)
    extra: dict[str, Any] = {k: _table(k, v) for k, v in json.loads(overrides).items()}
    return ruleset.with_overrides(extra) if extra else ruleset


def _table(key: str, value: Any) -> Any:
    """A table override (`chips`) travels in a view as its TOML inline text
    (`seat_view._plain`): read it back as the table it was, as `--rule` reads it."""
    if isinstance(value, str) and value.startswith("{"):
        return parse_override(f"{key}={value}")[1]
    return value


_last_ruleset: list[tuple[str, tuple[tuple[str, Any], ...], Ruleset]] = []


def ruleset_of(view: SeatView) -> Ruleset:
    """The ruleset a view names (its preset id and the house rules in force); the last
    one asked is kept as it was named (a seat asks at every decision)."""
    if _last_ruleset:
        preset, house_rules, ruleset = _last_ruleset[0]
        if preset == view.ruleset and house_rules == view.house_rules:
            return ruleset
    ruleset = _ruleset_cached(
        view.ruleset, json.dumps(dict(view.house_rules), sort_keys=True)
    )
    _last_ruleset[:] = [(view.ruleset, view.house_rules, ruleset)]
    return ruleset


_PLACEHOLDER = Tile(0)  # a wall tile nobody has seen: only its place is known


@cache
def _wall_table(ruleset: Ruleset) -> tuple[Shape, frozenset[int]]:
    """The wall's shape and the kinds the set lacks, for the ruleset (three players:
    108 tiles, eight replacement tiles, 2m-8m out, RULESETS.md §9)."""
    removed = ruleset.removed_kinds
    return shape_for(4 * (KIND_COUNT - len(removed)), ruleset.players), removed


@lru_cache(maxsize=64)
def _wall(
    table: tuple[Shape, frozenset[int]],
    dealer: int,
    dice: tuple[tuple[int, int], ...],
    tiles_left: int,
    rinshan_left: int,
    indicators: tuple[Tile, ...],
    ura: tuple[Tile, ...],
) -> WallView:
    """The wall's view from what is public: the throws, the draws, kans and kita counted,
    the indicators turned; laid out by the engine's own `wall_view`. Every observer of
    a table folds the same wall, so the last few are kept."""
    shape, removed = table
    tiles = [_PLACEHOLDER] * shape.tiles
    for index, tile in zip(shape.indicators, indicators, strict=False):
        tiles[index] = tile
    # Each completed kan or kita drew its replacement tile and moved a live tile into
    # the dead wall.
    replaced = len(shape.rinshan) - rinshan_left
    wall = _PublicWall(
        tiles=tiles,
        brk=break_from_dice(dealer, dice),
        dice=dice,
        live_next=shape.live_end - replaced - tiles_left,
        live_end=shape.live_end - replaced,
        rinshan_taken=replaced,
        remaining=tiles_left,
        shape=shape,
    )
    return wall_view(wall, len(indicators), ura, removed)


@dataclass(frozen=True, slots=True)
class _PublicWall:
    """The wall as an observer knows it: where it was broken and how far it is used."""

    tiles: Sequence[Tile]  # the indicators turned; every other tile a placeholder
    brk: Break
    dice: tuple[tuple[int, int], ...]
    live_next: int
    live_end: int
    rinshan_taken: int
    remaining: int
    shape: Shape


def _rewall(view: SeatView, **changes: Any) -> WallView:
    w = view.wall
    args: dict[str, Any] = {
        "tiles_left": w.tiles_left,
        "rinshan_left": w.rinshan_left,
        "indicators": w.dora_indicators,
        "ura": w.ura_indicators,
    }
    args.update(changes)
    return _wall(_wall_table(ruleset_of(view)), view.dealer, w.dice, **args)


def _sorted(tiles: Sequence[Tile]) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=tile_key))


def _without(tiles: Sequence[Tile], gone: Sequence[Tile]) -> tuple[Tile, ...]:
    rest = list(tiles)
    for tile in gone:
        rest.remove(tile)
    return _sorted(rest)


def _take_own(own: OwnHand, gone: Sequence[Tile]) -> OwnHand:
    """The own hand after `gone` left it (the drawn tile joins the hand first)."""
    tiles = own.tiles if own.drawn is None else (*own.tiles, own.drawn)
    return replace(own, tiles=_without(tiles, gone), drawn=None)


def _river_tiles(info: SeatInfo) -> list[RiverTile]:
    return [RiverTile(e.tile, e.tsumogiri, e.riichi, e.called_by) for e in info.river]


def _seat(view: SeatView, seat: int, **changes: Any) -> tuple[SeatInfo, ...]:
    seats = list(view.seats)
    seats[seat] = replace(seats[seat], **changes)
    return tuple(seats)


def _flags(flags: tuple[bool, ...], seat: int, value: bool) -> tuple[bool, ...]:
    out = list(flags)
    out[seat] = value
    return tuple(out)


def _sees_hand(view: SeatView, seat: int) -> bool:
    return view.sight == "all" or (view.sight == "seat" and seat == view.seat)


def _concealed(view: SeatView, seat: int, gone: Sequence[Tile]) -> tuple[SeatInfo, ...]:
    """The all-seeing observer's copy of a hand after `gone` left it."""
    if view.sight != "all":
        return view.seats
    return _seat(view, seat, concealed=_without(view.seats[seat].concealed, gone))


def _waits(own: OwnHand, melds: int, chiitoitsu: bool) -> tuple[int, ...]:
    """The own waits when the hand has 3n+1 tiles (`engine.turns.update_waits`'s rule)."""
    tiles = own.tiles if own.drawn is None else (*own.tiles, own.drawn)
    if len(tiles) % 3 != 1:
        return ()
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile.kind] += 1
    if shanten(counts, melds, chiitoitsu=chiitoitsu) != 0:
        return ()
    return shape_waits(counts, melds, chiitoitsu=chiitoitsu)


def _settle(view: SeatView) -> SeatView:
    """What follows from the rest after every event: the drawn tile is shown apart only
    on one's own turn, the waits of the own hand, the first go-around."""
    seat = view.seat
    own_turn = view.phase == "turn" and view.turn == seat
    own = view.own
    if own.drawn is not None and not own_turn:
        own = replace(own, tiles=_sorted((*own.tiles, own.drawn)), drawn=None)
    if view.sight != "none" and view.ruleset:
        waits = _waits(own, len(view.seats[seat].melds), ruleset_of(view).seven_pairs)
        if waits != own.waits:
            own = replace(own, waits=waits)
    first_draw = not view.calls_made and not view.seats[seat].river
    rinshan_draw = view.rinshan_draw and own_turn
    if own is view.own and first_draw == view.first_draw and rinshan_draw == view.rinshan_draw:
        return view
    return replace(view, own=own, first_draw=first_draw, rinshan_draw=rinshan_draw)


# --------------------------------------------------------------------------- steps


def _blank(seated: Seated) -> SeatView:
    observer = seated.observer  # validates the setting
    return SeatView(
        seat=observer.seat,
        ruleset="",
        house_rules=(),
        round_wind=0,
        hand_number=0,
        honba=0,
        sticks=0,
        dealer=0,
        turn=0,
        phase="over",
        seats=tuple(
            SeatInfo(i, 27 + i, 0, i == 0, False, False, 0, (), ()) for i in range(4)
        ),
        own=NO_HAND,
        wall=WallView((), 0, 0, (), 0, 0, (), ()),
        offered=None,
        legal=(),
        unavailable=(),
        sight=observer.sight,
    )


def _game_started(view: SeatView, e: GameStarted) -> SeatView:
    return replace(
        view,
        ruleset=e.ruleset,
        house_rules=tuple(e.overrides.items()),
        seats=tuple(replace(s, score=score) for s, score in zip(view.seats, e.scores, strict=True)),
    )


def _hand_started(view: SeatView, e: HandStarted) -> SeatView:
    dealer = e.dealer
    ruleset = ruleset_of(view)
    table = _wall_table(ruleset)
    shape = table[0]
    winds = seat_winds(dealer, ruleset.players)
    seats = tuple(
        SeatInfo(i, winds[i], e.scores[i], i == dealer, False, False, 0, (), ())
        for i in range(4)
    )
    wall = _wall(
        table, dealer, e.dice, shape.live_end - shape.deal_end, len(shape.rinshan), (), ()
    )
    return replace(
        view,
        round_wind=e.round_wind,
        hand_number=e.hand_number,
        honba=e.honba,
        sticks=e.sticks,
        dealer=dealer,
        turn=dealer,
        phase="turn",
        seats=seats,
        own=NO_HAND,
        wall=wall,
        offered=None,
        legal=(),
        unavailable=(),
        ippatsu=(False,) * 4,
        double_riichi=(False,) * 4,
        rinshan_draw=False,
        offered_from=None,
        calls_made=False,
    )


def _dealt(view: SeatView, e: Dealt) -> SeatView:
    everything = view.sight == "all"
    players = ruleset_of(view).players  # a three-player game's seat 3 is dealt nothing
    seats = tuple(
        replace(
            s,
            hand_size=13 if s.seat < players else 0,
            concealed=_sorted(e.hands[s.seat]) if everything else (),
        )
        for s in view.seats
    )
    own = view.own
    mine = e.hands[view.seat]
    if view.sight != "none" and mine:
        own = OwnHand(_sorted(mine), None, (), None, ())
    return replace(view, seats=seats, own=own)


def _dora(view: SeatView, e: DoraRevealed) -> SeatView:
    return replace(view, wall=_rewall(view, indicators=(*view.wall.dora_indicators, e.indicator)))


def _drew(view: SeatView, e: Drew) -> SeatView:
    seat = e.seat
    seats = _seat(view, seat, hand_size=view.seats[seat].hand_size + 1)
    own = view.own
    if e.tile is not None and _sees_hand(view, seat):
        if view.sight == "all":
            concealed = _sorted((*seats[seat].concealed, e.tile))
            seats = _seat(replace(view, seats=seats), seat, concealed=concealed)
        if seat == view.seat:
            own = replace(own, drawn=e.tile)
    rinshan_left = view.wall.rinshan_left - e.rinshan
    out = replace(
        view,
        seats=seats,
        own=own,
        wall=_rewall(view, tiles_left=e.remaining, rinshan_left=rinshan_left),
        turn=seat,
        phase="turn",
        offered=None,
        offered_from=None,
        # A kita's replacement tile follows the window on its North (`offered_from`).
        rinshan_draw=rinshan_kaihou_draw(
            e.rinshan and seat == view.seat, view.offered_from == "kita", ruleset_of(view)
        ),
    )
    if e.rinshan:  # the kan stood: any call ends every ippatsu and the first go-around
        out = replace(out, calls_made=True, ippatsu=(False,) * 4)
    return out


def _discarded(view: SeatView, e: Discarded) -> SeatView:
    seat = e.seat
    seats = [
        replace(s, river=river_entries(_river_tiles(s), False)) if s.river and s.river[-1].last
        else s
        for s in view.seats
    ]
    info = seats[seat]
    river = [*_river_tiles(info), RiverTile(e.tile, e.tsumogiri, e.riichi)]
    seats[seat] = replace(info, river=river_entries(river, True), hand_size=info.hand_size - 1)
    out = replace(view, seats=tuple(seats))
    out = replace(out, seats=_concealed(out, seat, (e.tile,)))
    own = view.own
    if seat == view.seat and view.sight != "none":
        own = _take_own(own, (e.tile,))
    ippatsu = view.ippatsu
    if info.riichi and not e.riichi:  # his next discard closes his ippatsu window
        ippatsu = _flags(ippatsu, seat, False)
    return replace(
        out,
        own=own,
        ippatsu=ippatsu,
        turn=seat,
        phase="claim",
        offered=e.tile,
        offered_from="discard",
        rinshan_draw=False,
    )


def _riichi(view: SeatView, e: RiichiAccepted) -> SeatView:
    r = ruleset_of(view)
    seat = e.seat
    info = view.seats[seat]
    double = r.double_riichi and len(info.river) == 1 and not view.calls_made
    return replace(
        view,
        seats=_seat(view, seat, riichi=True, score=e.score),
        sticks=e.sticks,
        ippatsu=_flags(view.ippatsu, seat, r.ippatsu),
        double_riichi=_flags(view.double_riichi, seat, double),
    )


def _called(view: SeatView, e: Called) -> SeatView:
    seat, meld = e.seat, e.meld
    own_tiles = list(meld.tiles)
    assert meld.called is not None
    own_tiles.remove(meld.called)
    seats = list(view.seats)
    discarder = seats[e.from_seat]
    river = _river_tiles(discarder)
    river[-1] = replace(river[-1], called_by=seat)
    seats[e.from_seat] = replace(
        discarder, river=river_entries(river, bool(discarder.river[-1].last))
    )
    info = seats[seat]
    seats[seat] = replace(
        info,
        melds=(*info.melds, meld_entry(meld, seat, ruleset_of(view).players)),
        hand_size=info.hand_size - len(own_tiles),
    )
    out = replace(view, seats=tuple(seats))
    out = replace(out, seats=_concealed(out, seat, own_tiles))
    own = view.own
    if seat == view.seat and view.sight != "none":
        own = _take_own(own, own_tiles)
    return replace(
        out,
        own=own,
        turn=seat,
        phase="turn",
        offered=None,
        offered_from=None,
        rinshan_draw=False,
        calls_made=True,
        ippatsu=(False,) * 4,
    )


def _kan(view: SeatView, e: KanDeclared) -> SeatView:
    seat, meld = e.seat, e.meld
    info = view.seats[seat]
    players = ruleset_of(view).players
    if meld.kind is MeldKind.ANKAN:
        gone: tuple[Tile, ...] = meld.tiles
        melds = (*info.melds, meld_entry(meld, seat, players))
        offered = meld.tiles[0]
    else:
        gone = (meld.tiles[3],)
        offered = meld.tiles[3]
        melds = tuple(
            meld_entry(meld, seat, players) if _is_pon_of(m.meld, meld) else m
            for m in info.melds
        )
    out = replace(view, seats=_seat(view, seat, melds=melds, hand_size=info.hand_size - len(gone)))
    out = replace(out, seats=_concealed(out, seat, gone))
    own = view.own
    if seat == view.seat and view.sight != "none":
        own = _take_own(own, gone)
    return replace(
        out,
        own=own,
        turn=seat,
        phase="claim",
        offered=offered,
        offered_from="ankan" if meld.kind is MeldKind.ANKAN else "kakan",
        rinshan_draw=False,
    )


def _kita(view: SeatView, e: KitaDeclared) -> SeatView:
    """A North set aside (RULESETS.md §9): public, the seat's hand one smaller; a window
    for a ron on it opens, else the replacement draw follows (`Drew`, rinshan). Where a
    ron on it would not keep ippatsu, it is a call at once (`Game`: `claims.interrupt`
    before the window); elsewhere only once it stands (its replacement draw)."""
    seat = e.seat
    info = view.seats[seat]
    out = replace(
        view,
        seats=_seat(view, seat, kita=(*info.kita, e.tile), hand_size=info.hand_size - 1),
    )
    out = replace(out, seats=_concealed(out, seat, (e.tile,)))
    own = view.own
    if seat == view.seat and view.sight != "none":
        own = _take_own(own, (e.tile,))
    out = replace(
        out,
        own=own,
        turn=seat,
        phase="claim",
        offered=e.tile,
        offered_from="kita",
        rinshan_draw=False,
    )
    if not ruleset_of(view).kita_ron_ippatsu:
        out = replace(out, calls_made=True, ippatsu=(False,) * 4)
    return out


def _is_pon_of(meld: Meld | None, kakan: Meld) -> bool:
    return meld is not None and meld.kind is MeldKind.PON and meld.base_kind == kakan.base_kind


def _won(view: SeatView, e: Won) -> SeatView:
    shown = (*_sorted(e.concealed), e.win_tile)
    out = replace(view, seats=_seat(view, e.winner, shown=shown))
    if e.ura_indicators:
        out = replace(out, wall=_rewall(out, ura=e.ura_indicators))
    if view.offered_from in ("kakan", "ankan") and e.from_seat is not None:
        out = _unrob(out, e.from_seat, e.win_tile)
    return out


def _unrob(view: SeatView, seat: int, robbed: Tile) -> SeatView:
    """A robbed kan never happened (000 第9条ロ, `engine.ending.unmake_robbed_kan`): a
    kakan is the pon again and an ankan's tiles go back to the hand."""
    info = view.seats[seat]
    for i, entry in enumerate(info.melds):
        meld = entry.meld
        if meld is None or meld.base_kind != robbed.kind:
            continue
        melds = list(info.melds)
        if meld.kind is MeldKind.KAKAN:
            pon = Meld(MeldKind.PON, meld.tiles[:3], meld.source, meld.called)
            melds[i] = meld_entry(pon, seat, ruleset_of(view).players)
            back: tuple[Tile, ...] = (meld.tiles[3],)
        elif meld.kind is MeldKind.ANKAN:
            del melds[i]
            back = meld.tiles
        else:
            continue
        out = replace(
            view,
            seats=_seat(view, seat, melds=tuple(melds), hand_size=info.hand_size + len(back)),
        )
        if view.sight == "all":
            out = replace(
                out, seats=_seat(out, seat, concealed=_sorted((*info.concealed, *back)))
            )
        if seat == view.seat and view.sight != "none":
            own = view.own
            out = replace(out, own=replace(own, tiles=_sorted((*own.tiles, *back))))
        return out
    return view


def _tenpai(view: SeatView, e: TenpaiDeclared) -> SeatView:
    out = replace(view, phase="declare", offered=None, offered_from=None)
    if e.tenpai:
        out = replace(out, seats=_seat(out, e.seat, shown=e.hand))
    return out


def _draw(view: SeatView, e: ExhaustiveDraw) -> SeatView:
    if e.seat is not None and e.hand:  # nine terminals called off: the hand is shown
        return replace(view, seats=_seat(view, e.seat, shown=e.hand))
    return view


def _closed(view: SeatView, scores: tuple[int, ...], sticks: int) -> SeatView:
    seats = tuple(
        replace(s, score=score, on_turn=False) for s, score in zip(view.seats, scores, strict=True)
    )
    return replace(
        view,
        seats=seats,
        sticks=sticks,
        phase="over",
        offered=None,
        offered_from=None,
        legal=(),
        unavailable=(),
    )


def _hand_ended(view: SeatView, e: HandEnded) -> SeatView:
    return _closed(view, e.scores, e.sticks)


def _game_ended(view: SeatView, e: GameEnded) -> SeatView:
    return _closed(view, e.scores, e.sticks)


def _status(view: SeatView, e: Status) -> SeatView:
    asked = set(e.on_turn)
    claim = e.phase == "claim"
    return replace(
        view,
        phase=e.phase,
        seats=tuple(replace(s, on_turn=s.seat in asked) for s in view.seats),
        own=replace(view.own, furiten=e.furiten, kuikae=e.kuikae),
        legal=e.legal,
        unavailable=e.unavailable,
        minutes_left=e.minutes_left,
        offered=view.offered if claim else None,
        offered_from=view.offered_from if claim else None,
    )


def _seated(view: SeatView, e: Seated) -> SeatView:
    raise FoldError("Seated begins a stream; it cannot follow a view")


_STEPS: dict[type, Callable[[SeatView, Any], SeatView]] = {
    GameStarted: _game_started,
    HandStarted: _hand_started,
    Dealt: _dealt,
    DoraRevealed: _dora,
    Drew: _drew,
    Discarded: _discarded,
    RiichiAccepted: _riichi,
    Called: _called,
    KanDeclared: _kan,
    KitaDeclared: _kita,
    Won: _won,
    TenpaiDeclared: _tenpai,
    ExhaustiveDraw: _draw,
    HandEnded: _hand_ended,
    GameEnded: _game_ended,
    Status: _status,
    Seated: _seated,
}
