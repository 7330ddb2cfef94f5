"""The AI levels as host seats: `PlayerSeat` wraps a `Player` so that it sits at a `Host`.

A host seat is given only its `SeatView`. Every AI level reads that itself
(`engine.driver.ViewPlayer`); an older `Player` is handed the `PlayerView` read
off the view here, on the bot's side of the table, by the one builder
(`engine.player_view.player_view_of`): nothing here
reads the `Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .actions import Action
from .player_view import player_view_of
from .seat_view import SeatView

if TYPE_CHECKING:  # the driver's protocols, named only (the driver seats players with this)
    from .driver import Player, ViewPlayer


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
