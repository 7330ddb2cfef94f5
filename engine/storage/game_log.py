"""JSON-lines game logs and replay.

A log is a header line (format version and everything `Game.new` was given:
seed, ruleset id + overrides, scripted walls and dice, seating, start) followed
by the initial events and then, for every applied action, one `action` line and
the `event` lines it caused. `replay` rebuilds the game by re-applying the
actions and checks that every event comes out identical, so a log is both a
record and a regression test (OpenSpiel-style golden playthroughs).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from rules.ruleset import load_preset
from rules.tiles import parse_tiles

from ..actions import Action, IllegalAction, action_from_dict, action_to_dict
from ..events import Event, event_to_dict
from ..game import Game, Start
from ..recorded_clock import RecordedClock
from .log_schema import CLOCK_NOTE, FORMAT, VERSION, checked_rows
from .record_file import LogError, source_rows

# CLOCK_NOTE: the last line of a save of a game with a time limit, {"played_seconds":
# 1234.5}, the playing time so far, so a resumed game's clock goes on from there
# (engine.storage.save_store).
__all__ = ["CLOCK_NOTE", "FORMAT", "VERSION", "LogError", "LogWriter", "ReplayMismatch",
           "game_from_setup", "log_lines", "read_log", "replay", "replay_rows", "write_log"]


class ReplayMismatch(AssertionError):
    """Re-applying the logged actions did not give the logged events."""


class LogWriter:
    """Streams a game to a JSON-lines file as it is played (an `after_apply` hook)."""

    def __init__(self, stream: TextIO):
        self.stream = stream

    def start(self, game: Game) -> None:
        self._line({"format": FORMAT, "version": VERSION, "setup": game.setup})
        self._events(game.events)

    def record(self, game: Game, action: Action, events: list[Event]) -> None:
        self._line({"action": action_to_dict(action)})
        self._events(events)

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        self.record(game, action, events)

    def _events(self, events: Iterable[Event]) -> None:
        for event in events:
            self._line({"event": event_to_dict(event)})

    def _line(self, obj: dict[str, Any]) -> None:
        self.stream.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")


def log_lines(game: Game) -> Iterator[str]:
    """The whole log of a game played so far (needs `game.marks`)."""
    yield json.dumps({"format": FORMAT, "version": VERSION, "setup": game.setup})
    marks = [*game.marks, len(game.events)]
    for event in game.events[: marks[0]]:
        yield json.dumps({"event": event_to_dict(event)}, ensure_ascii=False)
    for i, action in enumerate(game.actions):
        yield json.dumps({"action": action_to_dict(action)})
        for event in game.events[marks[i] : marks[i + 1]]:
            yield json.dumps({"event": event_to_dict(event)}, ensure_ascii=False)


def write_log(game: Game, path: str | Path) -> None:
    Path(path).write_text("\n".join(log_lines(game)) + "\n", encoding="utf-8")


def game_from_setup(
    setup: dict[str, Any], clock: Callable[[], float] | None = None
) -> Game:
    """A new game exactly as the header describes it (checked by `check_header` when
    it comes from a file)."""
    ruleset = load_preset(setup["ruleset"])
    if setup.get("overrides"):
        ruleset = ruleset.with_overrides(setup["overrides"])
    start = setup.get("start") or {}
    scores = start.get("scores")
    return Game.new(
        ruleset,
        setup["seed"],
        walls=[parse_tiles(w) for w in setup.get("walls", [])],
        dice=[[tuple(t) for t in d] for d in setup.get("dice", [])],
        seating=setup.get("seating"),
        shuffle_seats=setup.get("shuffle_seats", False),
        clock=clock,
        start=Start(
            start.get("round_wind", 0),
            start.get("hand_number", 0),
            start.get("honba", 0),
            start.get("sticks", 0),
            tuple(scores) if scores else None,
        ),
    )


def read_log(source: str | Path | Iterable[str]) -> list[tuple[int, dict[str, Any]]]:
    """Every line of a log, numbered as in the file and checked for shape
    (`engine.storage.log_schema`) before anything is replayed; `LogError` otherwise."""
    return list(checked_rows(source_rows(source)))


def replay(source: str | Path | Iterable[str]) -> Game:
    """Rebuild a game from its log (a path, the text, or its lines), checking every event.

    Every line's shape is checked first (`LogError`); then each action must be legal
    (`ReplayMismatch` naming its line) and give exactly the logged events (`ReplayMismatch`
    naming the line). A log cut at a line boundary replays what is there: the events
    of its last action may stop early (a log cut while it was being written), so the
    rebuilt game is the one after that action."""
    return replay_rows(read_log(source))


def replay_rows(rows: list[tuple[int, dict[str, Any]]]) -> Game:
    """`replay` of lines already read and checked by `read_log`."""
    # A save's clock note (`CLOCK_NOTE`) is not part of the record of play.
    body = [(n, r) for n, r in rows[1:] if CLOCK_NOTE not in r]
    clock = RecordedClock.of_log(r for _, r in body)
    game = clock.follow(game_from_setup(rows[0][1]["setup"], clock=clock))
    produced = [event_to_dict(e) for e in game.events]
    expected: list[tuple[int, dict[str, Any]]] = []
    for number, record in body:
        if "event" in record:
            expected.append((number, record["event"]))
            continue
        _compare(produced, expected, number, final=False)
        try:
            events = game.apply(action_from_dict(record["action"]))
        except IllegalAction as error:
            raise ReplayMismatch(
                f"line {number}: the action cannot be played here ({error})"
            ) from None
        produced = [event_to_dict(e) for e in events]
        expected = []
    _compare(produced, expected, None, final=True)
    return game


def _compare(
    produced: list[dict[str, Any]],
    expected: list[tuple[int, dict[str, Any]]],
    action_line: int | None,
    *,
    final: bool,
) -> None:
    """The events an action gave against the logged ones; the last action's may be cut."""
    for got, (number, want) in zip(produced, expected, strict=False):
        if got != want:
            raise ReplayMismatch(f"line {number}: the replay gives a different event "
                                 f"({_difference(got, want)})")
    if len(produced) == len(expected) or (final and len(expected) < len(produced)):
        return
    if len(expected) > len(produced):
        raise ReplayMismatch(
            f"line {expected[len(produced)][0]}: the replay gives no such event here "
            f"({len(produced)} events came from the action before it)"
        )
    where = f"line {action_line}" if action_line is not None else "the end of the log"
    raise ReplayMismatch(
        f"{where}: the replay gives the event {produced[len(expected)].get('type')} "
        "before it, which the log does not have"
    )


def _difference(got: dict[str, Any], want: dict[str, Any]) -> str:
    if got.get("type") != want.get("type"):
        return f"{got.get('type')}, the log has {str(want.get('type'))[:40]}"
    for key in got:
        if got[key] != want.get(key):
            return (f"{got['type']}.{key} is {_clip(got[key])}, "
                    f"the log has {_clip(want.get(key))}")
    return f"{got['type']}: the log has more fields"


def _clip(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
