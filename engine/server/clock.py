"""The time a decision has at a server's table, as a client counts it down.

The server's `decide` says how many `seconds` the seat has in all (the table's time
per decision plus what is left of the seat's bank) and `per_decision`; the client
notes when it came and counts from there: first the time per decision, then the
bank. The server keeps the real deadline (out of time, it plays the default action):
this clock only shows it, so a little latency makes it end a little late, never early
for the server.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class DecisionClock:
    """`seconds` in all, of which `per_decision` first, counted from `started` (the
    client's monotonic clock when the `decide` came)."""

    seconds: float
    per_decision: float
    started: float

    def left(self, now: float) -> tuple[float, float]:
        """(seconds left of the time per decision, seconds left of the bank) at `now`."""
        spent = max(0.0, now - self.started)
        per = min(self.per_decision, self.seconds)
        bank = self.seconds - per
        if spent <= per:
            return per - spent, bank
        return 0.0, max(0.0, bank - (spent - per))


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if value == value and value >= 0 else None  # NaN is not a time


def clock_of(message: dict[str, Any], now: float) -> DecisionClock | None:
    """The clock of a `decide` message (None: no deadline). A server that does not say
    `per_decision` (an older one) has its `seconds` shown as one count."""
    seconds = _number(message.get("seconds"))
    if seconds is None or seconds <= 0:
        return None
    per = _number(message.get("per_decision"))
    return DecisionClock(seconds, seconds if per is None else min(per, seconds), now)
