"""The host: the one owner of a game, talking to its seats only through views.

A `Host` holds the `Game` (and with it the seeded generator), the record of
what was played (`log`: every applied action, and every decision the host
made for a seat that ran out of time), and a deadline for every decision. The
people at the table are `Seat`s, objects with an async `decide(view)` that are
given their `SeatView` (legal actions and reasons inside it) and nothing else;
anyone who watches, a seat's own screen included, is a `Watcher` told `Frame`s:
the events of each action redacted for its `Observer`, the host's `Status`, and
its view after them (`engine.frames`). Seats and watchers never hold the game.

Deadlines: every seat has a `TimeBank`, a time per decision plus a bank that
the overrun of a slow decision is taken from (Tenhou's 5 + 10 seconds, say).
When a decision is not in by then, the host plays the default for the seat, the
way a table plays a sleeping player's tiles: the drawn tile straight out
(tsumogiri), else the last tile of the hand that may go; pass on a claim; stay
silent (noten) at a declaration. It says so in the log (`Timeout`), and the
seat's bank is spent. A seat without a deadline (the default, and what an
AI-only sim uses) is awaited as long as it takes.

The host builds the view of a seat only when it asks that seat, and the
watchers' views once per action (a seat asked after its own screen was told
gets that same view), so a table of bots costs one view per decision. What a bot
never reads is worked out only when read: the reasons (`seat_view.Reasons`, done
before the host changes the game if anyone still holds the view) and the wall's
stacks (`table_layout.Sides`).

A watcher not asked in a claim window is told nothing until the window closes
(then the discard and what followed it, together): that a window opened at all
would tell it that some seat can call or ron.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .actions import Action, Chombo, Discard, Pass, action_to_dict
from .events import Event, HandStarted, Won
from .fold import fold
from .frames import Frame, Seated, Status, status_of
from .game import Game
from .redaction import redact
from .results import FinalResult
from .seat_view import Observer, Reasons, SeatView, build_view, force_all, seat_observer
from .win_facts import complete_wins


@runtime_checkable
class Seat(Protocol):
    """One player at the table: answers a decision from its view alone."""

    async def decide(self, view: SeatView) -> Action: ...


@runtime_checkable
class Watcher(Protocol):
    """Anyone told the table as one observer sees it: a seat's screen, a spectator."""

    async def update(self, frame: Frame) -> None: ...


class IllegalDecision(RuntimeError):
    """A seat answered with an action that is not among the legal ones in its view."""


@dataclass(frozen=True, slots=True)
class TimeBank:
    """A seat's deadline: `per_decision` seconds for each decision, plus a `bank` of
    seconds that every overrun is taken from."""

    per_decision: float
    bank: float = 0.0


@dataclass(frozen=True, slots=True)
class Timeout:
    """A log note: the seat's time ran out and the host played its default action."""

    seat: int
    waited: float  # seconds the host waited
    action: Action  # what it played for the seat

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": "timeout",
            "seat": self.seat,
            "waited": round(self.waited, 3),
            "action": action_to_dict(self.action),
        }


def default_action(view: SeatView) -> Action:
    """What the host plays for a seat out of time: pass where passing is legal (a claim,
    staying silent at a declaration), else the drawn tile straight out (tsumogiri),
    else the last tile of the hand that may go."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} is not asked to decide")
    plain = [a for a in legal if type(a) is Discard and not a.riichi]
    for action in legal:
        if type(action) is Pass:
            return action
    drawn = view.own.drawn
    for action in plain:
        if action.tile == drawn:
            return action
    return plain[-1] if plain else legal[0]


class Host:
    """Plays one game to its end: asks each pending seat, applies, tells the watchers.

    `seats[i]` sits at line-up entry i (its absolute seat is `game.seating.index(i)`),
    as with `engine.driver.play_game`. `watchers` maps each watcher to the observer it
    is (a seat's screen: `Observer(seat)`; a spectator: `Observer.spectator()`).
    `deadlines` maps absolute seats to their `TimeBank` (none: no deadline).
    `after_apply` runs after each applied action (the sim's invariant check, a log
    writer); `on_events` is awaited with the game's events so far at the start and
    with each action's events after it (`engine.driver`'s observers). `clock` is the
    host's clock for the time banks."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        watchers: Mapping[Watcher, Observer] | None = None,
        deadlines: Mapping[int, TimeBank] | None = None,
        after_apply: Callable[[Game, Action, list[Event]], None] | None = None,
        on_events: Callable[[Sequence[Event]], Awaitable[None]] | None = None,
        concurrent: bool = True,
        yield_every: int = 1,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.by_seat = [seats[game.seating[seat]] for seat in range(4)]
        self.watchers = dict(watchers or {})
        self.deadlines = dict(deadlines or {})
        self.banks = {seat: bank.bank for seat, bank in self.deadlines.items()}
        self.after_apply = after_apply
        self.on_events = on_events
        self.concurrent = concurrent
        self.yield_every = yield_every
        self.clock = clock
        self.log: list[Action | Timeout] = []  # every applied action; a Timeout before
        #                                         each action the host chose for a seat
        self._views: dict[Watcher, SeatView] = {}
        self._held: dict[Watcher, list[Any]] = {}  # events kept back during a claim window
        self._status: dict[Watcher, Status] = {}  # the last status each watcher was told
        # Views built since the last action (a seat's screen and the seat's question see
        # the same state: one view), and the deferred reasons handed out with views,
        # worked out before the game changes (`seat_view.Reasons`).
        self._built: dict[Observer, SeatView] = {}
        self._deferred: list[weakref.ref[Reasons]] = []

    def _view(self, observer: Observer, keep: bool) -> SeatView:
        """`observer`'s view of the game now, built once per state if kept (a watcher's,
        which a seat's question then reuses); a seat's own is not kept, so that the
        reasons of a view its seat let go are never worked out."""
        view = self._built.get(observer) if self._built else None
        if view is None:
            view = build_view(self.game, observer, deferred=self._deferred)
            if keep:
                self._built[observer] = view
        return view

    def _apply(self, action: Action) -> list[Event]:
        """Apply `action` to the game, every view handed out made a value first."""
        if self._deferred:
            force_all(self._deferred)
        self._built.clear()
        return self.game.apply(action)

    # ------------------------------------------------------------------ watchers
    async def _tell(self, events: Sequence[Event], start: bool = False) -> None:
        """Each watcher gets the action's events redacted for it, the host's status and
        its view: the ended hand's events with the closing view (a fold: no game stands
        at the end of a hand), the rest with the view built from the game now."""
        if not self.watchers:
            return
        split = 0 if start else next(
            (i for i, e in enumerate(events) if isinstance(e, HandStarted)), 0
        )
        game = self.game
        window = game.hand.phase == "claim" and not game.is_over
        pending = game.pending_seats() if window else []
        for watcher, observer in self.watchers.items():
            held = self._held.setdefault(watcher, [])
            if window and observer.sight != "all" and (
                observer.sight == "none" or observer.seat not in pending
            ):
                # Whether a claim window is open at all tells that someone can call or
                # ron: one not asked in it is told the discard only once it has closed.
                held.extend(redact(e, observer) for e in events)
                continue
            last = self._views.get(watcher)
            head: list[Any] = [Seated(observer.seat, observer.sight)] if start else []
            head.extend(held)
            held.clear()
            if split:
                closing = [*head, *(redact(e, observer) for e in events[:split])]
                view = last
                for event in closing:
                    view = fold(view, event)
                assert view is not None
                await watcher.update(Frame(tuple(closing), view))
                head = []
            built = self._view(observer, True)
            rest = [*head, *(redact(e, observer) for e in events[split:])]
            status: Status = status_of(built)
            if not rest and status == self._status.get(watcher):
                continue  # another seat's answer in a window: nothing this one may see
            self._views[watcher] = built
            self._status[watcher] = status
            await watcher.update(Frame((*rest, status), built))

    # ------------------------------------------------------------------ asking
    async def _ask(self, seat: int) -> Action:
        view = self._view(seat_observer(seat), False)
        decision: Awaitable[Action] = self.by_seat[seat].decide(view)
        bank = self.deadlines.get(seat)
        if bank is None:
            action = await decision
        else:
            allowed = bank.per_decision + self.banks[seat]
            began = self.clock()
            try:
                action = await asyncio.wait_for(decision, allowed)
            except TimeoutError:
                action = default_action(view)
                self.banks[seat] = 0.0
                self.log.append(Timeout(seat, self.clock() - began, action))
                return action
            overrun = self.clock() - began - bank.per_decision
            if overrun > 0:
                self.banks[seat] = max(0.0, self.banks[seat] - overrun)
        if type(action) is Chombo and action.seat == seat:
            return action  # a penalty the seat's own referee charged (engine.mjai_seat)
        legal = view.legal
        for candidate in legal:  # identity first: seats hand back an offered object
            if candidate is action:
                return action
        if action not in legal:
            raise IllegalDecision(
                f"seat {seat} ({type(self.by_seat[seat]).__name__}) chose {action!r}, "
                f"which is not legal; legal were: {list(legal)!r}"
            )
        return legal[legal.index(action)]

    async def play(self) -> list[FinalResult]:
        """Play the game to its end; the final results."""
        game = self.game
        complete_wins(game.events, game.ruleset)  # a resumed game's wins
        try:
            return await self._play()
        finally:
            force_all(self._deferred)  # nothing handed out keeps a handle on the game
            self._built.clear()

    async def _play(self) -> list[FinalResult]:
        game = self.game
        on_events = self.on_events
        if on_events is not None:
            await on_events(game.events)
        await self._tell(game.events, start=True)
        steps = 0
        while not game.is_over:
            seats = game.pending_seats()
            if len(seats) == 1:
                decisions = [await self._ask(seats[0])]
            elif self.concurrent:
                decisions = list(await asyncio.gather(*(self._ask(s) for s in seats)))
            else:
                decisions = [await self._ask(s) for s in seats]
            for action in decisions:
                events = self._apply(action)
                self.log.append(action)
                if any(isinstance(e, Won) for e in events):
                    start = len(game.events) - len(events)
                    complete_wins(game.events, game.ruleset, start)
                    events = game.events[start:]
                if self.after_apply is not None:
                    self.after_apply(game, action, events)
                if on_events is not None:
                    await on_events(events)
                await self._tell(events)
                if type(action) is Chombo:
                    break  # the hand is over: the window's other answers go with it
            if self.yield_every:
                steps += 1
                if steps >= self.yield_every:
                    steps = 0
                    await asyncio.sleep(0)
        assert game.results is not None
        return game.results

    def log_lines(self) -> list[dict[str, Any]]:
        """The host's log as JSON-ready lines: each action, and each timeout note."""
        return [
            entry.to_dict() if isinstance(entry, Timeout) else action_to_dict(entry)
            for entry in self.log
        ]
