"""A played game replayed for one seat: its seat view at each of its decisions.

The review (`ai.review`) judges a seat's play from what that seat saw and
nothing else. It never holds the `Game`: it hands the record to
`seat_decisions`, which replays the actions from the setup on a fresh game (the
same seed, walls and dice, a `RecordedClock`, as `engine.timeline` does) and
yields, at each decision of the seat, the `SeatView` the seat had then (built
by the one builder, `engine.seat_view.build_view`, its legal actions inside)
with the action the seat actually took.

A record is a finished (or replayed) `Game`, a `Timeline`, or a JSON-lines log
(a path, checked by `engine.storage.game_log.replay` first).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .actions import Action
from .game import Game
from .seat_view import Observer, SeatView, build_view
from .storage.game_log import replay
from .timeline import Timeline

__all__ = [
    "Decision", "Record", "SeatDecisions", "first_seat", "seat_decisions", "timeline_of",
]

Record = Game | Timeline | str | Path


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat: `step` indexes the game's actions (the table after it
    is step + 1); `view` is the seat's view just before it; `played` what it did."""

    step: int
    view: SeatView
    played: Action


def timeline_of(record: Record) -> Timeline:
    """The record as a `Timeline` (a log file is replayed and checked first)."""
    if isinstance(record, Timeline):
        return record
    if isinstance(record, Game):
        return Timeline.of(record)
    return Timeline.of(replay(record))


def first_seat(record: Record) -> int:
    """The absolute seat of the line-up's first player (the human in a TUI game)."""
    return timeline_of(record).fresh().seating.index(0)


class SeatDecisions:
    """Each decision of one seat with its view, in play order: iterate it (once or
    again; every pass replays the game once, front to back). `seat` is the seat
    asked for, or the line-up's first player's when none was.

    Every action the seat took is a decision, those with one legal action too (the
    caller decides which to count)."""

    def __init__(self, record: Record, seat: int | None = None) -> None:
        self._timeline = timeline_of(record)
        self.seat = seat if seat is not None else self._timeline.fresh().seating.index(0)

    def __iter__(self) -> Iterator[Decision]:
        timeline = self._timeline
        game = timeline.fresh()
        seat = self.seat
        observer = Observer(seat)
        for step, action in enumerate(timeline.actions):
            if action.seat == seat:
                yield Decision(step, build_view(game, observer), action)
            game.apply(action)


def seat_decisions(record: Record, seat: int | None = None) -> SeatDecisions:
    """The decisions of `seat` (default: the line-up's first player) in `record`."""
    return SeatDecisions(record, seat)
