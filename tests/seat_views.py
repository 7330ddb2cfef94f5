"""Hand-built `SeatView` values for the board's tests: plain frozen data, no engine.

`dense_view()` is the fullest table the board has to draw: every seat with four
melds (a kakan and an ankan among them), 24-tile rivers with a riichi tile, a
riichi in the last row and called tiles, five dora indicators, long Japanese
prompts and three chi options (the prompts are the tests' own).
"""

from __future__ import annotations

from engine.actions import Chi, Pass
from engine.seat_view import (
    MeldEntry,
    MeldTile,
    OwnHand,
    RiverEntry,
    SeatInfo,
    SeatView,
    WallStack,
    WallView,
)
from rules.hand import MeldKind
from rules.tiles import dora_from_indicator, parse_tiles

T = parse_tiles


def one(text: str):
    return T(text)[0]


def river(seat: int, riichi_at: int, called: set[int], count: int = 24) -> tuple[RiverEntry, ...]:
    tiles = T("123456789m123456789p123456789s1234567z") * 2
    out = []
    for i in range(count):
        tile = tiles[(i * 7 + seat * 5) % len(tiles)]
        out.append(
            RiverEntry(
                tile,
                tsumogiri=i % 3 == 1,
                sideways=i == riichi_at,
                called=i in called,
                last=seat == 3 and i == count - 1,
            )
        )
    return tuple(out)


def melds(seat: int) -> tuple[MeldEntry, ...]:
    left, across, right = (seat + 3) % 4, (seat + 2) % 4, (seat + 1) % 4
    return (
        MeldEntry(
            MeldKind.CHI,
            (MeldTile(one("4m"), True), MeldTile(one("3m"), False), MeldTile(one("5m"), False)),
            left,
        ),
        MeldEntry(
            MeldKind.KAKAN,
            (
                MeldTile(one("7p"), False),
                MeldTile(one("7p"), True, one("7p")),
                MeldTile(one("7p"), False),
            ),
            across,
        ),
        MeldEntry(
            MeldKind.ANKAN,
            (
                MeldTile(None, False),
                MeldTile(one("0s"), False),
                MeldTile(one("5s"), False),
                MeldTile(None, False),
            ),
            None,
        ),
        MeldEntry(
            MeldKind.MINKAN,
            (
                MeldTile(one("6z"), False),
                MeldTile(one("6z"), False),
                MeldTile(one("6z"), False),
                MeldTile(one("6z"), True),
            ),
            right,
        ),
    )


def wall(indicators: int = 5) -> WallView:
    inds = T("3m9p4z7z5s")[:indicators]
    sides = []
    for side in range(4):
        stacks = []
        for i in range(17):
            dead = side == 1 and 5 <= i < 12
            shown = None
            if dead and i - 5 < len(inds):
                shown = inds[i - 5]
            tiles = 0 if (side == 0 and i < 9) else (1 if side == 2 and i == 3 else 2)
            stacks.append(WallStack(tiles, dead, shown))
        sides.append(tuple(stacks))
    return WallView(
        sides=tuple(sides),
        break_side=1,
        break_stacks=5,
        dice=((3, 2),),
        tiles_left=3,
        rinshan_left=0,
        dora_indicators=tuple(inds),
        dora=tuple(t for t in T("4m1p1z5z6s")[:indicators]),
    )


def dense_view(seat: int = 0) -> SeatView:
    seats = tuple(
        SeatInfo(
            seat=s,
            wind=27 + (s - 1) % 4,
            score=(125_300, -12_800, 31_500, 30_000)[s],
            dealer=s == 1,
            riichi=True,
            on_turn=s == seat,
            hand_size=2,  # four melds and a pair wait
            river=river(s, riichi_at=23 if s == 2 else 6, called={2, 11}),
            melds=melds(s),
        )
        for s in range(4)
    )
    own = OwnHand(tiles=tuple(T("1z")), drawn=one("1z"), waits=(), furiten=None, kuikae=())
    return SeatView(
        seat=seat,
        ruleset="wrc",
        house_rules=(),
        round_wind=1,
        hand_number=3,
        honba=12,
        sticks=9,
        dealer=1,
        turn=seat,
        phase="turn",
        seats=seats,
        own=own,
        wall=wall(),
        offered=None,
        legal=(),
        unavailable=(),
    )


def full_hand_view(seat: int = 0) -> SeatView:
    """A closed 14-tile hand for the player (the other seats as dense as above)."""
    view = dense_view(seat)
    seats = list(view.seats)
    seats[seat] = SeatInfo(**{**_fields(seats[seat]), "melds": (), "hand_size": 14})
    own = OwnHand(T("1m9m1p9p1s9s1234567z"), one("7z"), (), None, ())
    return _replace(view, seats=tuple(seats), own=own)


def chi_options(seat: int = 0) -> tuple:
    return (
        Chi(seat, (one("2m"), one("3m"))),
        Chi(seat, (one("3m"), one("5m"))),
        Chi(seat, (one("5m"), one("6m"))),
        Pass(seat),
    )


def _fields(value) -> dict:
    return {name: getattr(value, name) for name in value.__slots__}


def _replace(view: SeatView, **changes) -> SeatView:
    from dataclasses import replace

    return replace(view, **changes)


__all__ = ["chi_options", "dense_view", "dora_from_indicator", "full_hand_view"]
