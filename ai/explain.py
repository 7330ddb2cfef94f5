"""Words for a learner: how the levels describe a discard option or a seat.

Each sentence is a `Reason` (English text, plus a key and fields a UI can word
in another language: `tui.words.AI_REASONS`).
"""

from __future__ import annotations

from .common import Option
from .reasons import Reason, Seat, Shanten, Term, Tiles


def shanten_words(shanten: int) -> str:
    return str(Shanten(shanten))


def describe_option(o: Option) -> Reason:
    """'discard 9m: 1-shanten, 20 tiles improve (2p 3p 5s 6s)'."""
    kinds = Tiles(o.improving[:10])
    more = Term(" ..." if len(o.improving) > 10 else "")
    fields = dict(tile=Tiles((o.kind,)), shanten=Shanten(o.shanten), count=o.ukeire,
                  tiles=kinds, more=more)
    wait = o.shanten == 0
    base = (
        "discard {tile}: {shanten}, {count} tiles wait ({tiles}{more})"
        if wait
        else "discard {tile}: {shanten}, {count} tiles improve ({tiles}{more})"
    )
    key = "option_wait" if wait else "option"
    if o.plan and o.plan not in ("closed", "free") and o.eff_shanten != o.shanten:
        return Reason(f"{key}_towards", base + "; {plan_shanten} towards {plan}",
                      plan_shanten=Shanten(o.eff_shanten), plan=Term(o.plan), **fields)
    if o.plan and o.plan not in ("closed", "free", "none"):
        return Reason(f"{key}_yaku", base + " (yaku: {plan})", plan=Term(o.plan), **fields)
    return Reason(key, base, **fields)


def seat_words(seat: int, me: int, dealer: int) -> Seat:
    """'East (kamicha (left))' — the seat's wind this hand and where it sits."""
    return Seat(seat, me, dealer)
