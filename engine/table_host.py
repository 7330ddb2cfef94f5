"""The app's host for one game at the table: the game, its log, its saves, its record.

The table screen is a seat client: it is told `Frame`s (its seat's redacted
events and its view) and answers decisions with actions (`engine.host`). What
the client must never hold lives here, on the host's side: the `Game` (and with
it the seeded generator and the log), the AI seats, the save of the game in
progress (`save`, into the app's `engine.storage.save_store.SaveStore`), the end of the
game recorded in the history and its log kept (`finish`, `engine.game_finish`),
what a session counts of it (`outcome`) and the finished game's record for the
review (`record`). The app decides *when* (its hooks `on_save` and `after_apply`
are told the host, never the game) and renders; `attach(client)` seats the
client at line-up entry 0 (the human) as `Observer(seat)` and plays the game to
its end.

The game is private: nothing under tui/ reaches it (the architecture test checks
that no tui module reads a `.game` or calls `hosted_game`, which engine code and
tests use to look at the game a host plays).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rules.ruleset import Ruleset

from .actions import Action
from .driver import Player
from .events import Event
from .game import Game
from .host import Host, Seat, Watcher
from .mjai_seat import MjaiSeat
from .player_seat import PlayerSeat
from .results import FinalResult
from .seat_view import Observer
from .session import GameOutcome
from .timeline import Timeline

if TYPE_CHECKING:
    from .game_finish import Finished
    from .storage.history_recorder import HistoryRecorder
    from .storage.save_store import SavedGame, SaveStore

Notify = Callable[..., Any]


class TableHost:
    """One game for one human seat and three AI `Player`s (line-up entries 1-3)."""

    def __init__(
        self,
        game: Game,
        *,
        on_save: Callable[[TableHost], None] | None = None,
        after_apply: Callable[[TableHost], None] | None = None,
    ) -> None:
        self._game = game
        self.on_save = on_save  # at the start and at the end: the app saves (or finishes)
        self.after_apply = after_apply  # after every applied action: the app saves soon
        self.actions_applied = 0  # actions applied while attached (a resumed game's not)

    @classmethod
    def resumed(cls, saved: SavedGame) -> TableHost:
        """The host of a saved game, its clock (a time limit, gifu) going on from the
        playing time at the save."""
        saved.game.resume_clock(time.monotonic, saved.played_seconds)
        return cls(saved.game)

    @property
    def seat(self) -> int:
        """The human's absolute seat (line-up entry 0)."""
        return self._game.seating.index(0)

    def seat_of(self, lineup: int) -> int:
        """The absolute seat of line-up entry `lineup`."""
        return self._game.seating.index(lineup)

    @property
    def seed(self) -> int:
        return self._game.seed

    @property
    def ruleset(self) -> Ruleset:
        return self._game.ruleset

    @property
    def ruleset_id(self) -> str:
        return self._game.ruleset.id

    @property
    def session_tag(self) -> Any:
        """The app's tag of the session this game belongs to (`setup["session"]`), if any."""
        return self._game.setup.get("session")

    def join_session(self, tag: Mapping[str, Any]) -> None:
        """Mark the game as one of the app's session (`setup["session"]`: in its log's
        header and its history record). Before the game starts."""
        self._game.setup["session"] = dict(tag)

    @property
    def over(self) -> bool:
        return self._game.is_over

    def record(self) -> Timeline:
        """The game as recorded (every hand open): what a review of it reads."""
        return Timeline.of(self._game)

    def outcome(self) -> GameOutcome:
        """What a session counts of the game: its id, its session tag, its final table."""
        return GameOutcome.of(self._game)

    # -- keeping the game ------------------------------------------------------------------
    def save(self, store: SaveStore, history: HistoryRecorder,
             notify: Notify | None = None) -> None:
        """Save the game in progress to `store` (its whole log, atomically); the history
        notes when it was first seen. `engine.storage.save_store.SaveError` if it cannot be
        written."""
        history.update(self._game, notify)
        store.save(self._game)

    def finish(self, store: SaveStore, history: HistoryRecorder, *,
               notify: Notify | None = None) -> Finished:
        """The finished game recorded once in `history` and its log kept in ``games/``
        (`engine.game_finish.finish_game`: never raises for the files)."""
        from .game_finish import finish_game

        return finish_game(store, history, self._game, notify=notify)

    # -- playing ---------------------------------------------------------------------------
    async def attach(
        self, client: Any, opponents: Sequence[Player | MjaiSeat]
    ) -> list[FinalResult]:
        """Play the game to its end with `client` (a `Seat` and a `Watcher`) at the
        human's seat and `opponents` at line-up entries 1-3."""
        assert isinstance(client, Seat) and isinstance(client, Watcher)
        self._save()
        # An opponent that is a bot process (`--seat N=mjai:COMMAND`) is a seat and a
        # watcher of its own; the AI's players are wrapped as seats.
        bots = [p for p in opponents if isinstance(p, MjaiSeat)]
        seats: list[Seat] = [client, *(p if isinstance(p, MjaiSeat) else PlayerSeat(p)
                                       for p in opponents)]
        watchers: dict[Watcher, Observer] = {client: Observer(self.seat)}
        watchers.update({bot: Observer(bot.seat) for bot in bots})
        host = Host(self._game, seats, watchers=watchers, after_apply=self._applied)
        try:
            for bot in bots:
                await bot.start()
            return await host.play()
        finally:
            for bot in bots:
                await bot.close()

    def _save(self) -> None:
        if self.on_save is not None:
            self.on_save(self)

    def _applied(self, game: Game, action: Action, events: list[Event]) -> None:
        self.actions_applied += 1
        if self.after_apply is not None:
            self.after_apply(self)
        if game.is_over:
            self._save()  # the end: recorded once and the save cleared, before the result


def hosted_game(host: TableHost) -> Game:
    """The game `host` plays, for engine code and tests; never for tui/ (the app asks the
    host, and the architecture test fails on a tui module that calls this)."""
    return host._game


def new_table_host(ruleset: Ruleset, seed: int) -> TableHost:
    """The host of a new game for the table: seats shuffled by the seed, on a real clock
    (a ruleset with a time limit, gifu, ends when it runs out)."""
    seating = table_seating(ruleset, seed)
    if seating is None:
        return TableHost(Game.new(ruleset, seed, shuffle_seats=True, clock=time.monotonic))
    return TableHost(Game.new(ruleset, seed, seating=seating, clock=time.monotonic))


def table_seating(ruleset: Ruleset, seed: int) -> tuple[int, ...] | None:
    """Who sits where at a table with an empty seat: line-up entries 0 (the human) to
    players-1 shuffled by the seed over the ruleset's seats in play, the others on the
    empty seats (three players: seat 3, RULESETS.md §9). None where every seat plays:
    the game shuffles all four (`shuffle_seats`), as it always has for a seed.

    The game's own shuffle is of all four seats, and put the human on the empty seat,
    to watch the AIs play, in one three-player game of four. The seating drawn here is
    written in the game's log (`Game.setup`), so the game replays as it was played."""
    seats = list(ruleset.seats)
    if len(seats) == 4:
        return None
    lineup = list(range(len(seats)))
    random.Random(f"seating {seed}").shuffle(lineup)
    rest = iter(range(len(seats), 4))
    placed = dict(zip(seats, lineup, strict=True))
    return tuple(placed[seat] if seat in placed else next(rest) for seat in range(4))


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
