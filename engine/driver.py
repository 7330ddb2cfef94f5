"""The asynchronous driver: a thin loop over the state machine.

It asks every pending seat for a decision (concurrently in a claim window, so
a human's prompt and three bots can be open at once), applies the answers,
and hands each event, in order, to the observers (the UI animates from them,
the log writer writes them). By default it yields to the event loop after
every step so a UI on the same loop stays responsive; a headless run (the sim)
turns that off, since a bot answers without ever awaiting anything and each
trip through the loop costs more than a bot's decision. A `ViewPlayer` (every
AI level) is given only its `SeatView`; any other `Player` sees its `PlayerView`.

A table on the same machine or another one is a *seat client* (`SeatClient`):
after each action the driver sends every client each new event as its seat may
see it (`engine.view.event_for`) with that seat's `SeatView` after the action
(`engine.seat_view.build_seat_view`). The view already carries `legal` when its
seat is to decide next, so a client draws the prompt from it before `decide`
is awaited. Every `Won` is completed with its typed facts (`engine.win_facts`)
before anyone sees it, in `game.events` too; those are derived values, left out
of the log.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, cast, runtime_checkable

from .actions import Action
from .events import Event, HandStarted, Won
from .fold import fold_all
from .game import Game
from .results import FinalResult
from .seat_view import SeatView, build_seat_view
from .view import PlayerView, event_for
from .win_facts import complete_wins


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


class IllegalDecision(RuntimeError):
    """A player returned an action that is not among the legal ones it was given."""


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


def _complete(game: Game, count: int) -> list[Event]:
    """The last `count` events of `game`, every `Won` among them completed in place."""
    start = len(game.events) - count
    complete_wins(game.events, game.ruleset, start)
    return game.events[start:]


async def _ask(player: Player | ViewPlayer, game: Game, seat: int) -> Action:
    if getattr(player, "sees_seat_view", False):
        view = build_seat_view(game, seat)
        legal = list(view.legal)
        action = await cast("ViewPlayer", player).decide(view)
    else:
        legal = game.legal_actions(seat)
        action = await cast("Player", player).decide(game.view(seat), legal)
    for candidate in legal:  # identity first: players hand back an offered object
        if candidate is action:
            return action
    if action not in legal:
        raise IllegalDecision(
            f"seat {seat} ({type(player).__name__}) chose {action!r}, which is not legal; "
            f"legal were: {legal!r}"
        )
    return action


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
    by_seat = [players[game.seating[seat]] for seat in range(4)]
    apply = game.apply
    tables = _Tables(clients or {})
    # A resumed game was replayed through the engine, whose wins carry the very
    # situation and score they were settled with (`engine.ending.settle_wins`);
    # this completes only a `Won` that came without them.
    complete_wins(game.events, game.ruleset)
    await _notify(targets, game.events, game)
    await tables.tell(game.events, game)
    steps = 0
    while not game.is_over:
        seats = game.pending_seats()
        if len(seats) == 1:
            decisions = [await _ask(by_seat[seats[0]], game, seats[0])]
        elif concurrent:
            decisions = list(await asyncio.gather(*(_ask(by_seat[s], game, s) for s in seats)))
        else:
            decisions = [await _ask(by_seat[s], game, s) for s in seats]
        for action in decisions:
            events = apply(action)
            if any(isinstance(e, Won) for e in events):
                events = _complete(game, len(events))
            if after_apply is not None:
                after_apply(game, action, events)
            if targets:
                await _notify(targets, events, game)
            if tables.clients:
                await tables.tell(events, game)
        if yield_every:
            steps += 1
            if steps >= yield_every:
                steps = 0
                await asyncio.sleep(0)
    assert game.results is not None
    return game.results
