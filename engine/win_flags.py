"""The situational flags of a win (RULESETS.md §3.2, §4.1), decided in one place.

Riichi, double riichi, ippatsu, rinshan kaihou, chankan, haitei/houtei and
tenhou/chiihou/renhou follow from a few facts about the moment of the win. The
engine's scorer input (`engine.wins.win_input`) and what a seat's screen prices
from its view (`view_win`: the win on offer now, or a later one on a wait) both
read them from `flags`, so the price a player is shown is the price the engine
would pay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypedDict

from rules.hand import Win
from rules.ruleset import Ruleset
from rules.tiles import Tile

if TYPE_CHECKING:  # only annotations: the seat view imports this module, the PlayerView
    # module imports the seat view (an import at run time would be a cycle)
    from .player_view import PlayerView


@dataclass(frozen=True, slots=True)
class Moment:
    """What the flags depend on, at the moment of a win."""

    tsumo: bool
    rinshan_draw: bool  # a tsumo now is rinshan kaihou (`rinshan_kaihou_draw`)
    wall_empty: bool  # no live draw left
    untouched: bool  # no call of any kind this hand, and the seat has not discarded yet
    dealer: bool
    drew_yet: bool  # the seat has drawn this hand (a ron before it is renhou)
    riichi: bool
    double_riichi: bool
    ippatsu: bool  # riichi with ippatsu still live
    chankan: bool = False  # a ron on a tile added to a pon
    last_discard: bool = False  # a ron on the hand's last discard (houtei)


class Flags(TypedDict):
    """The situational fields of `rules.hand.Win`."""

    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool


def rinshan_kaihou_draw(replacement: bool, after_kita: bool, r: Ruleset) -> bool:
    """Whether a tsumo on the tile in hand would be rinshan kaihou: a replacement tile
    drawn after a kan always is; one drawn after a kita (three players) only where the
    ruleset's `kita_rinshan` says so (RULESETS.md §9: both three-player presets say yes,
    a house rule may say no). The engine's scorer input, the host's seat view, the
    seat's own fold of its events and the AI's view all read it from here."""
    return replacement and (r.kita_rinshan or not after_kita)


def flags(m: Moment, r: Ruleset) -> Flags:
    """The `Win` flags of moment `m` under ruleset `r`."""
    rinshan = m.tsumo and m.rinshan_draw
    # Tenhou/chiihou: a tsumo on the first draw with no call of any kind (kans
    # included, A43) before it; a rinshan draw is never the first draw.
    first = m.untouched and not rinshan
    return Flags(
        riichi=m.riichi,
        double_riichi=m.riichi and m.double_riichi,
        ippatsu=m.riichi and m.ippatsu and r.ippatsu,
        rinshan=rinshan,
        chankan=m.chankan,
        haitei=m.tsumo and m.wall_empty and (not rinshan or r.haitei_rinshan),
        houtei=not m.tsumo and m.last_discard and not m.chankan,
        tenhou=m.tsumo and first and m.dealer,
        chiihou=m.tsumo and first and not m.dealer,
        # 人和: a ron before one's own first draw, nothing called before it (A18).
        renhou=not m.tsumo and first and not m.dealer and not m.drew_yet,
    )


def view_win(view: PlayerView, concealed: Sequence[Tile], tile: Tile, *, tsumo: bool,
             later: bool = False, riichi: bool | None = None) -> Win:
    """The scorer's input for a win `view`'s player could make: the one on offer now
    (a tsumo on the tile just drawn, a ron on the tile offered), or with `later` one
    on a wait after the coming discard: then an ordinary draw or another discard,
    never rinshan, chankan, haitei/houtei or a first-draw win. Ura dora stay
    unknown until the win."""
    seat = view.seat
    in_riichi = view.riichi[seat] if riichi is None else riichi
    chankan = (not later and not tsumo and view.phase == "claim"
               and view.last_discard is not None and view.offered is not None
               and view.last_discard[1] != view.offered)
    wall_empty = view.tiles_left == 0 and not later
    moment = Moment(
        tsumo=tsumo,
        rinshan_draw=view.rinshan_draw and not later,
        wall_empty=wall_empty,
        untouched=view.first_draw and not later,
        dealer=seat == view.dealer,
        drew_yet=view.drawn is not None or bool(view.rivers[seat]),
        riichi=in_riichi,
        double_riichi=view.double_riichi[seat],
        ippatsu=view.ippatsu[seat],
        chankan=chankan,
        last_discard=wall_empty and not tsumo,
    )
    return Win(
        concealed=tuple(concealed),
        win_tile=tile,
        melds=view.melds[seat],
        tsumo=tsumo,
        seat_wind=view.seat_wind,
        round_wind=view.round_wind_kind,
        dora_indicators=view.dora_indicators if view.ruleset.dora else (),
        honba=view.honba,
        riichi_sticks=view.sticks,
        **flags(moment, view.ruleset),
    )


def furiten_waits(view: PlayerView, waits: Sequence[int], discarded: int | None = None
                  ) -> frozenset[int]:
    """The waits (kinds) a ron would be refused on (RULESETS.md §5.8), from what the
    seat's view carries (`view.furiten`, the host's reason, and its own river): now,
    or with `discarded` after the seat discards that kind.

    The ruleset's `furiten_scope` decides whether one wait in one's own river makes
    every wait furiten (`all_waits`) or only that kind (`same_tile`). Riichi furiten
    lasts the hand; temporary furiten ends with the seat's own discard."""
    own = {entry.tile.kind for entry in view.rivers[view.seat]}
    if discarded is not None:
        own.add(discarded)
    every = frozenset(waits)
    if view.furiten == "riichi" or (discarded is None and view.furiten == "temporary"):
        return every
    if view.ruleset.furiten_scope == "all_waits":
        return every if own & every else frozenset()
    return frozenset(k for k in waits if k in own)
