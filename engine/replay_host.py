"""A recorded game played back to an observer: the replay viewer's host.

The replay viewer is an observer of a game that already happened, told the view
at any position of its record as the host tells a watcher (`engine.host`): a
position is the first k actions applied, or the hand that action k ended,
before the next deal. That second kind is no game state at all (the engine deals
the next hand in the step that ends one), so its view is, as the host's closing
frame, the view before action k with the hand's closing events, redacted for
the observer, folded onto it (`engine.fold`). "Every hand open" is the
all-seeing observer (`Observer.everything`), whose view lays each concealed
hand open (`SeatInfo.shown`: the drawn tile last, as its owner holds it). The
viewer holds no `Game`; the timeline rebuilds one here when asked.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .actions import Action
from .fold import fold
from .player_view import PlayerView, player_view_of
from .redaction import redact
from .seat_view import Observer, SeatView, build_view
from .timeline import Timeline

if TYPE_CHECKING:
    from .game import Game


class ReplayHost:
    """The views of a recorded game (`Timeline`) for any observer at any position."""

    def __init__(self, timeline: Timeline) -> None:
        self.timeline = timeline
        first = timeline.game_at(0)
        self.ruleset = first.ruleset
        self.seating = tuple(first.seating)

    def full(self, actions: int, events: int) -> bool:
        """Whether the position is a whole action (not a finished hand before the deal)."""
        return events == self.timeline.event_end(actions)

    def view_at(self, actions: int, events: int, observer: Observer) -> SeatView:
        """What `observer` sees after `actions` actions with the record's first
        `events` events told (all of them, or those up to the end of the hand)."""
        timeline = self.timeline
        if self.full(actions, events):
            game = timeline.game_at(actions)
            view = build_view(game, observer)
            if observer.sight == "all":
                view = _laid_open(view, game)
            return view
        view = build_view(timeline.game_at(actions - 1), observer)
        for event in timeline.events[timeline.event_end(actions - 1) : events]:
            view = fold(view, redact(event, observer))
        if observer.sight == "all":
            view = replace(view, seats=tuple(
                info if info.shown or info.seat == view.seat
                else replace(info, shown=info.concealed)
                for info in view.seats
            ))
        return view

    def over(self, actions: int) -> bool:
        """The game has ended after `actions` actions."""
        return self.timeline.game_at(actions).is_over

    def player_view(self, actions: int, seat: int) -> PlayerView:
        """The bot's view of `seat` after `actions` actions (the learning aids read it),
        built from its seat view as a bot builds it (`engine.player_view.player_view_of`)."""
        return player_view_of(build_view(self.timeline.game_at(actions), Observer(seat)))

    def decision(self, k: int) -> tuple[PlayerView, list[Action]]:
        """(view, legal actions) of the seat that took action k, just before it."""
        return self.timeline.decision(k)


def _laid_open(view: SeatView, game: Game) -> SeatView:
    """The all-seeing view with each hand laid open as its owner holds it, sorted with
    the drawn tile last (the viewer's bottom seat keeps its own hand row)."""
    hand = game.hand
    seats = []
    for info in view.seats:
        if info.shown or info.seat == view.seat:
            seats.append(info)
            continue
        s = hand.seats[info.seat]
        drawn = s.drawn if hand.turn == info.seat and hand.phase == "turn" else None
        tiles = list(info.concealed)
        if drawn is not None:
            tiles.remove(drawn)
            tiles.append(drawn)
        seats.append(replace(info, shown=tuple(tiles)))
    return replace(view, seats=tuple(seats))
