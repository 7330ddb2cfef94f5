"""Each hand opened to the spectators once it is over (and never before).

A spectator's stream is redacted for `Observer.spectator()`: no concealed tile
until the rules lay one open (a win, a tenpai hand). Once a hand is over nothing
is left to hide, and a spectator wants to see what everyone held. `HandOpener`
is one more host `Watcher`, an all-seeing one (`Observer.everything()`) whose
frames go to nobody: it keeps the four concealed hands of a frame that closes a
hand (its `HandEnded`), and the spectators' stream, told next (the host tells its
watchers in order), sends them as an `opened` message right after its own frame
that ended the hand, before the next deal. Nothing of a hand being played ever
passes through it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.events import HandEnded
from engine.frames import Frame
from engine.seat_view import Observer
from rules.tiles import format_tiles


class HandOpener:
    """The all-seeing watcher that keeps each ended hand for the spectators' stream."""

    observer = Observer.everything()

    def __init__(self) -> None:
        self.hands: list[str] | None = None  # the hand that just ended, every hand open

    async def update(self, frame: Frame) -> None:
        if any(isinstance(e, HandEnded) for e in frame.events):
            self.hands = [format_tiles(info.concealed) if info.concealed else ""
                          for info in frame.view.seats]

    def opened(self, frame: Frame, seq: Callable[[], int]) -> dict[str, Any] | None:
        """The `opened` message to send after the spectators' `frame`, if it ends a hand."""
        if self.hands is None or not any(isinstance(e, HandEnded) for e in frame.events):
            return None
        hands, self.hands = self.hands, None
        return {"type": "opened", "seq": seq(), "hands": hands}
