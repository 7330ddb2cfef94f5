"""Every event as one observer may see it: the one redaction function.

A seat sees its own deal and its own draws; the other hands of the deal and the
other seats' draws are hidden (mjx, Mortal: each seat's observation apart from
the hidden state). A spectator (`Observer.spectator`) sees no concealed tile at
all until the rules lay it open. The all-seeing observer (`Observer.everything`:
a replay with every hand open, a finished hand's review) sees every event as it
is. Everything else is public as it stands: a discard, a call and a kan (an
ankan's tiles are laid on the table), a North set aside (kita, three players;
its replacement tile is a draw like any, hidden from the others), a revealed
indicator, a riichi stick; a
`Won` shows the winner's hand, the ura indicators and the typed facts, all laid
open at the win; a `TenpaiDeclared` holds a hand only when it is shown as tenpai
(000 第17条); a nine-terminals hand is shown when called off; the settlements
and the final results are public.

The game's seed is hidden from everyone but the all-seeing observer: the seeded
generator shuffles every wall of the game, so a seat that knew it could deal the
whole game again and read every hidden tile.
"""

from __future__ import annotations

from dataclasses import replace

from .events import Dealt, Drew, Event, GameStarted
from .seat_view import Observer

HIDDEN_SEED = -1  # the seed in a `GameStarted` an observer may not read


def redact(event: Event, observer: Observer) -> Event:
    """`event` as `observer` may see it (the same object when nothing is hidden)."""
    sight = observer.sight
    if sight == "all":
        return event
    if isinstance(event, Drew):
        if event.tile is None or (sight == "seat" and event.seat == observer.seat):
            return event
        return replace(event, tile=None)
    if isinstance(event, Dealt):
        seat = observer.seat if sight == "seat" else -1
        return Dealt(tuple(h if i == seat else () for i, h in enumerate(event.hands)))
    if isinstance(event, GameStarted) and event.seed != HIDDEN_SEED:
        return replace(event, seed=HIDDEN_SEED)
    return event
