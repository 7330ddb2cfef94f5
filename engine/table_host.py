"""The app's host for one game at the table: the game, its log, its saves, its record.

The table screen is a seat client: it is told `Frame`s (its seat's redacted
events and its view) and answers decisions with actions (`engine.host`). What
the client must never hold lives here, on the host's side, and the app owns
it: the `Game` (and with it the seeded generator and the log), the AI seats,
the persistence hooks the app gives it (save at the start, after every applied
action, and at the end, when the game is recorded in the history), and the
finished game's record for the review. `attach(client)` seats the client at
line-up entry 0 (the human) as `Observer(seat)` and plays the game to its end.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .driver import Player
from .events import Event
from .game import Game
from .host import Host, Seat, Watcher
from .player_seat import PlayerSeat
from .results import FinalResult
from .seat_view import Observer
from .timeline import Timeline


class TableHost:
    """One game for one human seat and three AI `Player`s (line-up entries 1-3)."""

    def __init__(
        self,
        game: Game,
        *,
        on_save: Callable[[Game], None] | None = None,
        after_apply: Callable[[Game, Action, list[Event]], None] | None = None,
    ) -> None:
        self.game = game
        self.on_save = on_save
        self.after_apply = after_apply
        self.actions_applied = 0  # actions applied while attached (a resumed game's not)

    @property
    def seat(self) -> int:
        """The human's absolute seat (line-up entry 0)."""
        return self.game.seating.index(0)

    def seat_of(self, lineup: int) -> int:
        """The absolute seat of line-up entry `lineup`."""
        return self.game.seating.index(lineup)

    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def ruleset_id(self) -> str:
        return self.game.ruleset.id

    @property
    def session_tag(self) -> Any:
        """The app's tag of the session this game belongs to (`setup["session"]`), if any."""
        return self.game.setup.get("session")

    @property
    def over(self) -> bool:
        return self.game.is_over

    def record(self) -> Timeline:
        """The game as recorded (every hand open): what a review of it reads."""
        return Timeline.of(self.game)

    async def attach(self, client: Any, opponents: Sequence[Player]) -> list[FinalResult]:
        """Play the game to its end with `client` (a `Seat` and a `Watcher`) at the
        human's seat and `opponents` at line-up entries 1-3."""
        assert isinstance(client, Seat) and isinstance(client, Watcher)
        self._save()
        seats: list[Seat] = [client, *(PlayerSeat(p) for p in opponents)]
        host = Host(
            self.game,
            seats,
            watchers={client: Observer(self.seat)},
            after_apply=self._applied,
        )
        return await host.play()

    def _save(self) -> None:
        if self.on_save is not None:
            self.on_save(self.game)

    def _applied(self, game: Game, action: Action, events: list[Event]) -> None:
        self.actions_applied += 1
        if self.after_apply is not None:
            self.after_apply(game, action, events)
        if game.is_over:
            self._save()  # the end: recorded once and the save cleared, before the result



def new_table_game(ruleset: Any, seed: int) -> Game:
    """A new game for the table: seats shuffled by the seed, on a real clock (a ruleset
    with a time limit, gifu, ends when it runs out)."""
    return Game.new(ruleset, seed, shuffle_seats=True, clock=time.monotonic)


def position_host(
    ruleset: str,
    hands: Sequence[str],
    draws: str = "",
    moves: Sequence[Action] = (),
    *,
    rinshan: str = "",
    indicators: str = "",
    scores: Sequence[int] | None = None,
    you: int = 0,
) -> TableHost:
    """A scripted position as the app's host (`tui.testing.Position`): the first hand
    dealt from `hands` (13 tiles per absolute seat, mpsz), the live wall's first draws
    `draws`, the dead wall's `rinshan` and `indicators`, the starting `scores`; then
    `moves` played in order, every seat not named passing and discarding the tile it
    drew until each move is legal (`engine.scripted`), and on until seat `you` is
    asked to decide. The client gets the host, never the game it holds."""
    from .game import Start
    from .scripted import advance, do, scripted_game

    start = Start(scores=tuple(scores)) if scores is not None else None
    game = scripted_game(ruleset, list(hands), draws, rinshan=rinshan,
                         indicators=indicators, start=start)
    for move in moves:
        do(game, move)
    if not game.is_over:
        advance(game, lambda g: you in g.pending_seats())
    return TableHost(game)
