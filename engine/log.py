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
import math
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from rules.ruleset import load_preset
from rules.tiles import parse_tiles

from .actions import Action, action_from_dict, action_to_dict
from .events import Event, event_to_dict
from .game import Game, Start

FORMAT = "mahjong-tui-log"
VERSION = 1
# The last line of a save of a game with a time limit: {"played_seconds": 1234.5}, the
# playing time so far, so a resumed game's clock goes on from there (tui.save).
CLOCK_NOTE = "played_seconds"


class ReplayMismatch(AssertionError):
    """Re-applying the logged actions did not give the logged events."""


class LogWriter:
    """Streams a game to a JSON-lines file as it is played (an `after_apply` hook)."""

    def __init__(self, stream: TextIO):
        self.stream = stream
        self._written = 0

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


def game_from_setup(setup: dict[str, Any], clock=None) -> Game:
    """A new game exactly as the header describes it."""
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


def _read(source: str | Path | Iterable[str]) -> list[dict[str, Any]]:
    if isinstance(source, (str, Path)) and "\n" not in str(source):
        lines: Iterable[str] = Path(source).read_text(encoding="utf-8").splitlines()
    elif isinstance(source, str):
        lines = source.splitlines()
    else:
        lines = source
    return [json.loads(line) for line in lines if line.strip()]


def recorded_clock(body: Iterable[dict[str, Any]]) -> Callable[[], float]:
    """A clock that replays a log's time limit: the game started at 0, and each hand
    ended after no time, or after all the time there is where the log says the time
    was up, so the replayed game ends where the logged one did."""
    time_ups = [
        r["event"].get("time_up", False)
        for r in body
        if isinstance(r.get("event"), dict) and r["event"].get("type") == "hand_ended"
    ]
    ticks = iter([0.0] + [math.inf if up else 0.0 for up in time_ups])
    return lambda: next(ticks, 0.0)


def replay(source: str | Path | Iterable[str]) -> Game:
    """Rebuild a game from its log (a path, the text, or its lines), checking every event."""
    records = _read(source)
    if not records or records[0].get("format") != FORMAT:
        raise ValueError("not a mahjong-tui log: the first line must be its header")
    if records[0].get("version") != VERSION:
        raise ValueError(f"log version {records[0].get('version')} is not supported")
    # A save's clock note (`CLOCK_NOTE`) is not part of the record of play.
    body = [r for r in records[1:] if CLOCK_NOTE not in r]
    game = game_from_setup(records[0]["setup"], clock=recorded_clock(body))
    produced = [event_to_dict(e) for e in game.events]
    expected: list[dict[str, Any]] = []
    index = 0
    for record in body:
        if "event" in record:
            expected.append(record["event"])
            continue
        _compare(produced, expected, index)
        index += len(produced)
        action = action_from_dict(record["action"])
        produced = [event_to_dict(e) for e in game.apply(action)]
        expected = []
    _compare(produced, expected, index)
    return game


def _compare(produced: list[dict], expected: list[dict], index: int) -> None:
    if produced == expected:
        return
    for i, (got, want) in enumerate(zip(produced, expected, strict=False)):
        if got != want:
            raise ReplayMismatch(f"event {index + i} differs: replay gave {got}, log has {want}")
    raise ReplayMismatch(
        f"after event {index}: replay gave {len(produced)} events, log has {len(expected)}"
    )
