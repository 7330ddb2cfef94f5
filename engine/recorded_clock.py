"""The clock of a game rebuilt from a record: a time limit ends it where the record says.

A game with a time limit (gifu's 50 minutes) reads its clock at the start and at
the end of every hand; the hand that ends with the time up is the last. A rebuilt
game has no real time to read, so this clock answers from the record instead: no
time has passed until the end of the hand the record marks `time_up`, and from
then on all the time there is (`time_limit_minutes`, not infinity, so the minutes
left and a save's playing time stay ordinary numbers).

The answer depends on how far the game is, not on how often the clock was read,
so reading the playing time between hands (a seat's view shows the minutes left)
changes nothing. The clock holds the game it follows, so `copy.deepcopy` of the
game copies the clock along with it, following the copy: a copy steps on exactly
as the original would.

    clock = RecordedClock(time_ups)
    game = clock.follow(Game.new(ruleset, seed, clock=clock))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

__all__ = ["RecordedClock"]


class RecordedClock:
    """`time_ups[i]`: whether the record says the time was up when hand i ended."""

    __slots__ = ("game", "time_ups")

    def __init__(self, time_ups: Iterable[bool]) -> None:
        self.time_ups = tuple(time_ups)
        self.game: Game | None = None

    @classmethod
    def of_log(cls, body: Iterable[dict[str, Any]]) -> RecordedClock:
        """The clock of a log's lines (the `hand_ended` events' `time_up`)."""
        return cls(
            bool(r["event"].get("time_up", False))
            for r in body
            if isinstance(r.get("event"), dict) and r["event"].get("type") == "hand_ended"
        )

    def follow(self, game: Game) -> Game:
        """Answer from `game`'s progress from now on (its start read no time); the game."""
        self.game = game
        return game

    def __call__(self) -> float:
        game = self.game
        if game is None:  # the game's start, before `follow`
            return 0.0
        # Hands ended so far, counting one that is being ended now (its phase is
        # "over" before `hands_played` counts it; a finished game has counted it).
        ended = game.hands_played + (game.hand.phase == "over" and not game.is_over)
        if any(self.time_ups[:ended]):
            return float(game.ruleset.time_limit_minutes * 60)
        return 0.0
