"""One game being played at the table: the engine loop, the players and the saves.

The table screen used to do this itself, next to its rendering and its input,
and kept a second copy of the game folded from raw events. Here the game lives
in one object the screen starts in its worker: it runs `play_game`, posts each
event and each question to the human through callbacks (the screen turns them
into messages), and is the one place the app's persistence hooks are called
(`app.save_game`, `app.save_after_apply`, `app.flush_save`: the save engineer
owns what they do). What the screen draws is `build_seat_view(game, seat)`,
the engine's view of the table for the human's seat; the `Game` object itself
never reaches a widget.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.driver import play_game
from engine.events import Called, Drew, Event, ExhaustiveDraw, GameEnded, KanDeclared, Won
from engine.game import Game
from engine.seat_view import SeatView, build_seat_view

from .human import Decision, HumanPlayer

if TYPE_CHECKING:
    from .explain import HandContext
    from .screens.game_end import GameEnding
from .settings import GameConfig


class TableSession:
    """The game, its players and its saves; the screen only hears events and questions."""

    def __init__(
        self,
        config: GameConfig,
        *,
        game: Game | None = None,
        opponents: Sequence[Any] | None = None,
        on_event: Callable[[Event], None],
        on_ask: Callable[[Decision], None],
        on_result: Callable[[Event], Any],
    ) -> None:
        self.config = config
        self.game = game if game is not None else new_game(config)
        self.seat = self.game.seating.index(0)  # the human's seat
        self.human = HumanPlayer(on_ask)
        self.opponents = list(opponents) if opponents is not None else None
        self.on_event = on_event
        self.on_result = on_result
        self.actions_applied = 0
        self.replay_left = len(self.game.events)  # a resumed game's events already played
        self.app: Any = None  # the app, for its persistence hooks (set by the screen)

    # -- what the screen reads ---------------------------------------------------------
    @property
    def ruleset(self) -> Any:
        return self.game.ruleset

    def view(self) -> SeatView:
        """The table as the human's seat sees it now (legal filled when asked)."""
        return build_seat_view(self.game, self.seat)

    def result_context(
        self, event: Event, names: Sequence[str] | None, lang: str
    ) -> HandContext | GameEnding:
        """What a result screen needs besides `event`, read from the game here so
        the screen never gets the game: a hand's `HandContext` (the engine's win
        facts included), or the game's `GameEnding` (the game kept as the record
        the review reads). Imported here: the first frame does not wait for them."""
        from .explain import hand_context
        from .screens.game_end import game_ending

        if isinstance(event, GameEnded):
            return game_ending(self.game.events, self.game.ruleset, self.game)
        return hand_context(event, self.game, names, lang)

    @property
    def over(self) -> bool:
        return self.game.is_over

    def player_view(self) -> Any:
        """The bot view of the human's seat (the learning aids and the hint read it)."""
        return self.game.view(self.seat)

    # -- the engine loop (in the screen's one exclusive worker) ----------------------------
    def players(self) -> list[Any]:
        if self.opponents is not None:
            return [self.human, *self.opponents]
        from ai import DEFAULT_LEVEL, LEVELS

        factory = LEVELS.get(self.config.ai) or LEVELS[DEFAULT_LEVEL]
        players: list[Any] = [self.human]
        for lineup in (1, 2, 3):
            seat = self.game.seating.index(lineup)
            players.append(factory(seat, self.config.seed + lineup))
        return players

    async def run(self) -> None:
        self.save()
        await play_game(self.game, self.players(), [self.observe], after_apply=self._after_apply)

    async def observe(self, event: Event, game: Game) -> None:
        """Each event: tell the screen, pace the AI, wait on the result screens."""
        self.on_event(event)
        if self.replay_left > 0:  # catching up with a resumed game: no pauses, no panels
            self.replay_left -= 1
            return
        if isinstance(event, Won | ExhaustiveDraw):
            await self.on_result(event)
        elif isinstance(event, GameEnded):
            self.save()  # a finished game clears the save
            await self.on_result(event)
        elif (
            self.config.delay > 0
            and isinstance(event, Drew | Called | KanDeclared)
            and event.seat != self.seat
        ):
            # An AI "thinks" between its draw (or call) and its move.
            await asyncio.sleep(self.config.delay)

    # -- persistence: the app's hooks, called from here only ---------------------------------
    def save(self) -> None:
        saver = getattr(self.app, "save_game", None)
        if saver is not None:
            saver(self.game)

    def _after_apply(self, game: Game, action: Action, new_events: list[Event]) -> None:
        self.actions_applied += 1
        saver = getattr(self.app, "save_after_apply", None)
        if saver is not None:
            saver(game, action, new_events)

    def flush(self) -> None:
        flush = getattr(self.app, "flush_save", None)
        if flush is not None:
            flush()


def new_game(config: GameConfig) -> Game:
    # A real clock: a ruleset with a time limit (gifu) ends when it runs out; the house
    # rules of `--rule` are in `build_ruleset`.
    return Game.new(
        config.build_ruleset(), config.seed, shuffle_seats=True, clock=time.monotonic
    )
