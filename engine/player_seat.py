"""Today's AI levels as host seats: a `PlayerView` built from the seat view alone.

The AI levels (`ai/`) decide from `engine.player_view_of_game.PlayerView` (a live `Ruleset`,
`Meld` values, rivers with the seat that called each tile). A host seat is
given only its `SeatView`; `player_view_of` builds the bot's view from that on
the bot's side of the table (nothing here reads the `Game`), and `PlayerSeat`
wraps a `Player` so that it sits at a `Host` unchanged. The seat protocol tests
check that, at every decision, the view built this way equals the one the
driver gives the bot from the game, so a level plays the same game either way.
"""

from __future__ import annotations

from typing import cast

from rules.tiles import tile_key

from .actions import Action
from .driver import Player, ViewPlayer
from .fold import ruleset_of
from .player_view_of_game import PlayerView
from .seat_view import RiverEntry, SeatView
from .state import RiverTile

_rivers: dict[int, tuple[tuple[RiverEntry, ...], tuple[RiverTile, ...]]] = {}


def _river(river: tuple[RiverEntry, ...]) -> tuple[RiverTile, ...]:
    """A river as the bot's `RiverTile`s; kept by the river's identity, since a host
    in this process hands on the same laid-out river until it changes."""
    hit = _rivers.get(id(river))
    if hit is not None and hit[0] is river:
        return hit[1]
    out = tuple(RiverTile(e.tile, e.tsumogiri, e.riichi, e.called_by) for e in river)
    if len(_rivers) >= 64:
        _rivers.clear()
    _rivers[id(river)] = (river, out)
    return out


def player_view_of(view: SeatView) -> PlayerView:
    """The `PlayerView` a bot at `view.seat` decides from, read off its seat view."""
    own = view.own
    hand = own.tiles if own.drawn is None else (*own.tiles, own.drawn)
    last = next(
        (
            (info.seat, info.river[-1].tile)
            for info in view.seats
            if info.river and info.river[-1].last
        ),
        None,
    )
    melds = []
    for info in view.seats:
        row = []
        for entry in info.melds:
            if entry.meld is None:
                raise ValueError("a meld entry without its meld: not a view the engine built")
            row.append(entry.meld)
        melds.append(tuple(row))
    return PlayerView(
        seat=view.seat,
        ruleset=ruleset_of(view),
        round_wind=view.round_wind,
        hand_number=view.hand_number,
        dealer=view.dealer,
        honba=view.honba,
        sticks=view.sticks,
        scores=tuple(info.score for info in view.seats),
        hand=tuple(sorted(hand, key=tile_key)),
        drawn=own.drawn,
        melds=tuple(melds),
        rivers=tuple(_river(info.river) for info in view.seats),
        dora_indicators=view.wall.dora_indicators,
        riichi=tuple(info.riichi for info in view.seats),
        turn=view.turn,
        phase=view.phase,
        tiles_left=view.wall.tiles_left,
        last_discard=last,
        offered=view.offered,
        waits=own.waits,
        furiten=own.furiten,
        kuikae=frozenset(own.kuikae),
        ippatsu=view.ippatsu,
        double_riichi=view.double_riichi,
        first_draw=view.first_draw,
        rinshan_draw=view.rinshan_draw,
        kita=tuple(len(info.kita) for info in view.seats),
    )


class PlayerSeat:
    """A `Player` seated at a host: it decides from its seat view. A player that reads
    the seat view itself (every AI level: `engine.driver.ViewPlayer`, which builds its
    own `PlayerView` on its side) is handed the view as it is; only an older `Player`
    gets the `PlayerView` built here."""

    def __init__(self, player: Player | ViewPlayer) -> None:
        self.player = player
        self.sees_seat_view = bool(getattr(player, "sees_seat_view", False))

    async def decide(self, view: SeatView) -> Action:
        if self.sees_seat_view:
            return await cast("ViewPlayer", self.player).decide(view)
        return await cast("Player", self.player).decide(
            player_view_of(view), list(view.legal)
        )
