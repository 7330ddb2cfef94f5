"""A recorded game that can be rebuilt at any action: the replay viewer's and the review's.

    timeline = Timeline.of(engine.storage.game_log.replay("game-7.jsonl"))
    game = timeline.game_at(40)          # the game after its first 40 actions
    view, legal = timeline.decision(40)  # what the seat of action 40 saw and could do

The game is rebuilt from its setup (the same seed, walls and dice, the same
actions, a `RecordedClock` so a time limit ends it where it ended), keeping a
copy of the game at every hand start, so going back is cheap: from the last
hand start before the action, not from the first action.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rules.ruleset import Ruleset

from .actions import Action
from .events import Event, HandEnded
from .game import Game
from .player_view import PlayerView
from .recorded_clock import RecordedClock
from .storage.game_log import game_from_setup, replay

__all__ = ["Timeline"]


class Timeline:
    """A game's record (setup, actions, events, marks) that can be rebuilt at any action.

    `game_at(k)` is the game after its first k actions (0 <= k <= len(actions)), a
    private copy the caller may read but must not change; `decision(k)` is what the
    seat of action k saw and could do just before it.
    """

    def __init__(
        self,
        setup: dict[str, Any],
        actions: Sequence[Action],
        events: Sequence[Event],
        marks: Sequence[int],
    ):
        self.setup = setup
        self.actions = list(actions)
        self.events = list(events)
        self.marks = list(marks)
        self.time_ups = [e.time_up for e in self.events if isinstance(e, HandEnded)]
        self._game: Game | None = None
        self._checkpoints: dict[int, Game] = {}  # action count -> game, at hand starts

    @classmethod
    def of(cls, game: Game) -> Timeline:
        """The timeline of a played (or replayed) game."""
        return cls(game.setup, game.actions, game.events, game.marks)

    @classmethod
    def replayed(cls, source: str | Path) -> Timeline:
        """The timeline of our own game log at `source`, replayed and checked (the errors
        of `engine.storage.game_log.replay`): a viewer gets the record, never the game."""
        return cls.owning(replay(source))

    @classmethod
    def owning(cls, game: Game) -> Timeline:
        """The timeline of a game no one else holds (one just read from a record): the
        game is kept as the position after its last action, so the end costs nothing."""
        timeline = cls.of(game)
        timeline._game = game
        return timeline

    @property
    def ruleset(self) -> Ruleset:
        return (self._game or self.game_at(0)).ruleset

    @property
    def seed(self) -> int:
        return (self._game or self.game_at(0)).seed

    @property
    def is_over(self) -> bool:
        """Whether the record goes to the end of the game (a save or a cut log may not)."""
        return self.game_at(len(self.actions)).is_over

    def __len__(self) -> int:
        return len(self.actions)

    def event_end(self, k: int) -> int:
        """How many events exist after the first k actions."""
        return self.marks[k] if k < len(self.marks) else len(self.events)

    def fresh(self) -> Game:
        clock = RecordedClock(self.time_ups)
        return clock.follow(game_from_setup(self.setup, clock=clock))

    def game_at(self, k: int) -> Game:
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"action {k} is outside 0..{len(self.actions)}")
        game = self._game
        if game is None or len(game.actions) > k:
            base = max((c for c in self._checkpoints if c <= k), default=None)
            game = copy.deepcopy(self._checkpoints[base]) if base is not None else self.fresh()
            if base is None:
                self._checkpoints[0] = copy.deepcopy(game)
        while len(game.actions) < k:
            before = game.hands_played
            game.apply(self.actions[len(game.actions)])
            done = len(game.actions)
            if game.hands_played != before and done not in self._checkpoints:
                self._checkpoints[done] = copy.deepcopy(game)
        self._game = game
        return game

    def decision(self, k: int) -> tuple[PlayerView, list[Action]]:
        """(view, legal actions) of the seat that took action k, just before it."""
        action = self.actions[k]
        game = self.game_at(k)
        return game.view(action.seat), list(game.legal_actions(action.seat))
