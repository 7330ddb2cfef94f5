"""What one seat may see of a live game: its `PlayerView`, and events redacted for it.

A bot or the UI never gets the `Game`: the engine folds each seat its `SeatView`
and the seat reads its `PlayerView` off that (`engine.player_view.player_view_of`,
the one builder). The host's side asks the same question of a `Game` here —
`player_view(game, seat)`, `Game.view` — by building that seat's view first, so
an older `Player`, the review's timeline and a test read exactly what the seat
itself would (mjx, Mortal: hidden state kept apart from each seat's observation).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import Event
from .player_view import PlayerView, player_view_of
from .redaction import redact
from .seat_view import Observer, build_seat_view

if TYPE_CHECKING:
    from .game import Game


def player_view(game: Game, seat: int) -> PlayerView:
    """`seat`'s `PlayerView` of `game` now: read off the seat view the engine gives it."""
    return player_view_of(build_seat_view(game, seat))


def event_for(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it: other hands of the deal, others' draws and the
    game's seed hidden (`engine.redaction.redact` for a player's observer, the one
    redaction function). `tests/test_seat_view.py` checks that two games differing
    only in hidden tiles give every seat the same redacted events."""
    return redact(event, Observer(seat))
