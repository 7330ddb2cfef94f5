"""What the host sends an observer besides the game's events: who it is, and the decision.

A seat's (or a spectator's) whole experience is a stream of events redacted for
it (`engine.redaction`), from which it folds its view (`engine.fold`). Two more
events, the host's and never the game's (the log keeps only the game's), make
the stream complete:

- `Seated`, first: who the observer is and what it may see (`Observer`), so the
  fold can start from nothing (`fold(None, Seated(...))`);
- `Status`, after every action's events: where the decision stands, as this
  observer may see it. Which seats must answer a claim window is hidden (it would
  tell who can call); whether the hand waits for a tenpai declaration, which
  actions the observer's seat may take and why each other kind is not possible,
  its furiten and kuikae, are rules the referee decides on hidden state (a passed
  win, the rule that bars a discard), so the host says them and the seat does not
  work them out again; the minutes left of a time limit are the host's clock.

`Frame`: one action's events for one observer with the view after them, and
its JSON form (`encode_frame` / `decode_frame`), which decodes to an equal value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from . import codec
from .actions import Action
from .events import EVENT_TYPES, Event, event_from_dict, event_to_dict
from .seat_view import Observer, SeatView, Unavailable


@dataclass(frozen=True, slots=True)
class Seated:
    """The first event of an observer's stream: whose point of view, and its sight."""

    seat: int
    sight: str  # seat | none | all (`Observer.sight`)

    @property
    def observer(self) -> Observer:
        return Observer(self.seat, self.sight)


@dataclass(frozen=True, slots=True)
class Status:
    """The decision after an action, as one observer may see it."""

    phase: str  # turn | claim | declare | over
    on_turn: tuple[int, ...]  # seats shown as asked (`SeatInfo.on_turn`)
    legal: tuple[Action, ...]  # the observer's seat's legal actions (empty: not asked)
    unavailable: Sequence[Unavailable]  # per kind not in `legal`, why not (`SeatView`'s)
    furiten: str | None  # the observer's seat's furiten (`OwnHand.furiten`)
    kuikae: tuple[int, ...]  # kinds the observer's seat may not discard now
    minutes_left: int | None  # a time limit's minutes left, by the host's clock


SeatEvent = Event | Seated | Status

HOST_EVENT_TYPES: dict[str, type] = {"seated": Seated, "status": Status}
_HOST = codec.Registry("host event", HOST_EVENT_TYPES)
assert not set(HOST_EVENT_TYPES) & set(EVENT_TYPES)


def status_of(view: SeatView) -> Status:
    """The decision part of a view the host built: what it tells with the events."""
    return Status(
        phase=view.phase,
        on_turn=tuple(s.seat for s in view.seats if s.on_turn),
        legal=view.legal,
        unavailable=view.unavailable,
        furiten=view.own.furiten,
        kuikae=view.own.kuikae,
        minutes_left=view.minutes_left,
    )


def seat_event_to_dict(event: SeatEvent) -> dict[str, Any]:
    if isinstance(event, Seated | Status):
        return _HOST.to_dict(event)
    return event_to_dict(event)


def seat_event_from_dict(data: dict[str, Any]) -> SeatEvent:
    if data.get("type") in HOST_EVENT_TYPES:
        return cast(SeatEvent, _HOST.from_dict(data))
    return event_from_dict(data)


@dataclass(frozen=True, slots=True)
class Frame:
    """One action's events as one observer sees them, and its view after them."""

    events: tuple[SeatEvent, ...]
    view: SeatView


def encode_frame(frame: Frame) -> dict[str, Any]:
    """JSON-ready: `{"events": [...], "view": {...}}`."""
    return {
        "events": [seat_event_to_dict(e) for e in frame.events],
        "view": codec.encode(SeatView, frame.view),
    }


def decode_frame(data: dict[str, Any]) -> Frame:
    events: Sequence[dict[str, Any]] = data["events"]
    return Frame(
        tuple(seat_event_from_dict(e) for e in events),
        cast(SeatView, codec.decode(SeatView, data["view"])),
    )
