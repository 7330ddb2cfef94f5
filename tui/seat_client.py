"""The human's seat at the table: a seat client of the app's host, told frames, asked views.

The host (`engine.table_host.TableHost`, owned by the app) holds the game, its
log and its saves; this is the other side of the seat protocol. It is a
`Watcher`, told each `Frame` (the events of an action redacted for the human's
seat, and the seat's view after them), and a `Seat`, asked to `decide(view)`:
it passes the events and each question on to the screen through callbacks (the
screen turns them into messages) and paces the table (an AI "thinks" between
its draw and its move; a result waits for the player to close it). It keeps
what it was told, nothing more: the redacted events so far and the latest
view. What a result screen needs (`result_context`) is read from those; the
bot's view of the seat that the learning aids and the hint read is built from
the seat view on this side (`engine.player_view.player_view_of`). At a server's
table it is also told who plays each seat (`lineup_changed`) and the time each
decision has (`timed`, before the `decide`); a local game tells it neither.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.events import (
    Called,
    Drew,
    Event,
    ExhaustiveDraw,
    GameEnded,
    KanDeclared,
    KitaDeclared,
    Won,
)
from engine.fold import ruleset_of
from engine.frames import Frame, Seated, Status
from engine.player_view import player_view_of
from engine.seat_view import SeatView
from rules.ruleset import Ruleset

from .human import Decision

if TYPE_CHECKING:
    from engine.table_host import TableHost

    from .result_text import HandContext
    from .screens.game_end import GameEnding
from .settings import GameConfig


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What the seat was told of the game so far, as `hand_context` reads a record."""

    events: tuple[Event, ...]
    ruleset: Ruleset


class TableSession:
    """The human's seat client: frames in, decisions out; the screen hears both."""

    def __init__(
        self,
        config: GameConfig,
        seat: int,
        *,
        on_event: Callable[[Event], None],
        on_ask: Callable[[Decision], None],
        on_result: Callable[[Event], Any],
        on_lineup: Callable[[Any], None] | None = None,
    ) -> None:
        self.config = config
        self.seat = seat  # the human's absolute seat
        self.on_event = on_event
        self.on_ask = on_ask
        self.on_result = on_result
        self.on_lineup = on_lineup
        self.lineup: Any = None  # who plays each seat (`engine.server.lineup.Lineup`), if told
        self._clock: Any = None  # the next decision's time (`engine.server.clock`), if told
        self.events: list[Event] = []  # every event told, redacted for this seat
        self.latest: SeatView | None = None  # the view of the last frame
        self.frames = 0
        self.current: Decision | None = None

    # -- what the screen reads ---------------------------------------------------------
    @property
    def ruleset(self) -> Ruleset:
        if self.latest is not None:
            return ruleset_of(self.latest)
        return self.config.build_ruleset()

    def view(self) -> SeatView | None:
        """The table as the human's seat was last told it."""
        return self.latest

    @property
    def seating(self) -> tuple[int, ...]:
        """Who sits where (`GameStarted.seating`: seat -> line-up entry)."""
        started = next((e for e in self.events if type(e).__name__ == "GameStarted"), None)
        return tuple(getattr(started, "seating", (0, 1, 2, 3)))

    def result_context(
        self, event: Event, names: Sequence[str] | None, lang: str
    ) -> HandContext | GameEnding:
        """What a result screen needs besides `event`, from what the seat was told: a
        hand's `HandContext` (the engine's win facts are in the `Won`), or the game's
        `GameEnding` (its record for the review is the host's: the app adds it).
        Imported here: the first frame does not wait for them."""
        from .result_text import hand_context
        from .screens.game_end import game_ending

        record = SeatRecord(tuple(self.events), self.ruleset)
        if isinstance(event, GameEnded):
            return game_ending(record.events, record.ruleset)
        return hand_context(event, record, names, lang)

    @property
    def over(self) -> bool:
        return self.latest is not None and self.latest.phase == "over"

    def player_view(self) -> Any:
        """The bot view of the human's seat (the learning aids and the hint read it),
        built from the seat view on this side."""
        if self.latest is None:
            raise ValueError("no view yet")
        return player_view_of(self.latest)

    # -- the seat protocol ---------------------------------------------------------------
    async def decide(self, view: SeatView) -> Action:
        """A question: on to the screen, answered by its keys."""
        self.latest = view
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        clock, self._clock = self._clock, None
        decision = Decision(player_view_of(view), list(view.legal), future, view, clock)
        self.current = decision
        self.on_ask(decision)
        try:
            return await future
        finally:
            self.current = None

    def lineup_changed(self, lineup: Any) -> None:
        """Who plays each seat now (a server's table): kept, and on to the screen."""
        self.lineup = lineup
        if self.on_lineup is not None:
            self.on_lineup(lineup)

    def timed(self, clock: Any) -> None:
        """The time the next decision has (a server's table; None: no limit)."""
        self._clock = clock

    async def update(self, frame: Frame) -> None:
        """Each frame: its events to the screen, the AI paced, the results waited on.
        The first frame is the game so far (a resumed one's hands too): no pauses."""
        catching_up = self.frames == 0
        self.frames += 1
        self.latest = frame.view
        for event in frame.events:
            if isinstance(event, Seated | Status):
                continue
            self.events.append(event)
            self.on_event(event)
            if catching_up:
                continue
            if isinstance(event, Won | ExhaustiveDraw | GameEnded):
                await self.on_result(event)
            elif (
                self.config.delay > 0
                and isinstance(event, Drew | Called | KanDeclared | KitaDeclared)
                and event.seat != self.seat
            ):
                # An AI "thinks" between its draw (or call) and its move.
                await asyncio.sleep(self.config.delay)


def new_game(config: GameConfig) -> TableHost:
    """The host of a new game for `config` (house rules of `--rule` in `build_ruleset`):
    the engine makes the game and its host holds it (`engine.table_host`)."""
    from engine.table_host import new_table_host

    return new_table_host(config.build_ruleset(), config.seed)
