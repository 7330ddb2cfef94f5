"""The asynchronous driver: the engine's `Host` with observers and seat clients.

The host (`engine.host`) asks every pending seat for a decision (concurrently in a
claim window, so a human's prompt and three bots can be open at once) and applies
the answers; the driver only seats the players there and hands each event, in
order, to the observers (the UI animates from them,
the log writer writes them). By default it yields to the event loop after
every step so a UI on the same loop stays responsive; a headless run (the sim)
turns that off, since a bot answers without ever awaiting anything and each
trip through the loop costs more than a bot's decision. A `ViewPlayer` (every
AI level) is a host seat as it is, given only its `SeatView`; any other `Player`
sees the `PlayerView` read off it.

A table on the same machine or another one is a *seat client* (`SeatClient`):
after each action the driver sends every client each new event as its seat may
see it (`engine.player_view_of_game.event_for`) with that seat's `SeatView` after the action
(`engine.seat_view.build_seat_view`). The view already carries `legal` when its
seat is to decide next, so a client draws the prompt from it before `decide`
is awaited. Every `Won` is completed with its typed facts (`engine.win_facts`)
before anyone sees it, in `game.events` too; those are derived values, left out
of the log.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from .actions import Action
from .events import Event, HandStarted
from .fold import fold_all
from .game import Game
from .host import Host, IllegalDecision, Seat
from .player_seat import PlayerSeat
from .player_view import PlayerView
from .player_view_of_game import event_for
from .results import FinalResult
from .seat_view import SeatView, build_seat_view

__all__ = [
    "IllegalDecision",  # the host's: a seat answered outside its legal actions
    "Player",
    "SeatClient",
    "ViewPlayer",
    "notify",
    "play_game",
]


@runtime_checkable
class Player(Protocol):
    """Anything that can choose one of the legal actions from what its seat sees."""

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action: ...


@runtime_checkable
class ViewPlayer(Protocol):
    """A player that decides from its `SeatView` alone (the AI levels): the driver
    builds the view for its seat at each decision and gives it nothing else; the
    legal actions are inside the view. Its `decide(view)` is a host's `Seat`'s."""

    sees_seat_view: bool

    async def decide(self, view: SeatView) -> Action: ...


@runtime_checkable
class SeatClient(Protocol):
    """One seat's table: told every event as that seat sees it, with its view after it."""

    async def update(self, event: Event, view: SeatView) -> None: ...


Observer = Any  # an object with `on_event(event, game)` (sync or async), or a callable


def _targets(observers: Iterable[Observer]) -> tuple[Callable[..., Any], ...]:
    """Each observer's callable (`on_event` if it has one), looked up once."""
    targets: list[Callable[..., Any]] = []
    for observer in observers:
        targets.append(cast("Callable[..., Any]", getattr(observer, "on_event", observer)))
    return tuple(targets)


async def notify(observers: Iterable[Observer], events: Iterable[Event], game: Game) -> None:
    """Send each event to every observer, in order, awaiting async observers."""
    await _notify(_targets(observers), events, game)


async def _notify(
    targets: tuple[Callable[..., Any], ...], events: Iterable[Event], game: Game
) -> None:
    if not targets:
        return
    for event in events:
        for target in targets:
            result = target(event, game)
            if result is not None and inspect.isawaitable(result):
                await result


class _Tables:
    """The seat clients and the view each was last sent (the table of the hand so far)."""

    def __init__(self, clients: Mapping[int, SeatClient]) -> None:
        self.clients = dict(clients)
        self.last: dict[int, SeatView] = {}

    async def tell(self, events: Sequence[Event], game: Game) -> None:
        """Each client gets each event redacted for its seat, with its seat's view.

        The events of one action share the state after it, one view per seat. When
        the action ended a hand and the next one began, the ended hand's closing
        events come with that hand's closing view (a fold of them, `engine.fold`) and the
        new hand's events with the new state."""
        if not self.clients or not events:
            return
        now = {seat: build_seat_view(game, seat) for seat in self.clients}
        split = next((i for i, e in enumerate(events) if isinstance(e, HandStarted)), 0)
        closing = {}
        if split and self.last:
            closing = {
                seat: fold_all([event_for(e, seat) for e in events[:split]], self.last[seat])
                for seat in self.clients
            }
        for i, event in enumerate(events):
            views = closing if i < split and closing else now
            for seat, client in self.clients.items():
                await client.update(event_for(event, seat), views[seat])
        self.last = now


def _seat(player: Player | ViewPlayer) -> Seat:
    """A `ViewPlayer` sits at the host as it is; any other `Player` (a test's scripted
    player, an older bot) through `PlayerSeat`, asked with the `PlayerView` read off
    its seat view and the legal list, as it always was."""
    if getattr(player, "sees_seat_view", False):
        return cast("ViewPlayer", player)
    return PlayerSeat(player)


async def play_game(
    game: Game,
    players: Sequence[Player | ViewPlayer],
    observers: Iterable[Observer] = (),
    *,
    clients: Mapping[int, SeatClient] | None = None,
    after_apply: Callable[[Game, Action, list[Event]], None] | None = None,
    yield_every: int = 1,
    concurrent: bool = True,
) -> list[FinalResult]:
    """Play `game` to its end; `players[i]` is line-up entry i (seat via `game.seating`).

    `after_apply` runs synchronously after each applied action (the sim's invariant
    check). `clients` maps absolute seats to their `SeatClient`s. Returns the final
    results.

    `yield_every` and `concurrent` are for who else shares the event loop. A UI
    needs the defaults: yield to the loop after every step (so it can repaint and
    read keys even when only bots are thinking) and ask the seats of a claim window
    concurrently (a human's prompt stays open while the bots answer). A headless
    run has nobody to yield to: `yield_every=0` never yields (N > 1 yields every N
    steps) and `concurrent=False` awaits the seats one after another, which gives
    the same answers without a task per seat.
    """
    targets = _targets(observers)
    tables = _Tables(clients or {})
    on_events = None
    if targets or tables.clients:

        async def on_events(events: Sequence[Event]) -> None:
            await _notify(targets, events, game)
            await tables.tell(events, game)

    host = Host(
        game,
        [_seat(player) for player in players],
        after_apply=after_apply,
        on_events=on_events,
        concurrent=concurrent,
        yield_every=yield_every,
    )
    return await host.play()
