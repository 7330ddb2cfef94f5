"""Words for a learner: how the levels describe a discard option or a seat.

Each sentence is a `Reason` (English text, plus a key and fields a UI can word
in another language: `tui.words.AI_REASONS`).
"""

from __future__ import annotations

from typing import Any

from .common import Context, Option, shape
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


def seat_words(seat: int, me: int, dealer: int, players: int = 4) -> Seat:
    """'East (kamicha (left))' — the seat's wind this hand and where it sits (`players`
    seats in play: with three, no toimen)."""
    return Seat(seat, me, dealer, players)


def rescan_option(reason: Reason, ctx: Context) -> Reason:
    """`reason` again, with the improving tiles counted if the level skipped them.

    For speed a level scans the improving tiles only of the discards at the best
    shanten (`efficiency_options`); the others keep no tiles and a count of 0. A
    learner reading the alternatives must not be told "0 tiles improve" of a hand
    that 19 tiles improve, so the hint scans those here, from the same view.
    Reasons that are not an unscanned option come back unchanged.
    """
    fields: dict[str, Any] = reason.fields
    if not reason.key.startswith("option") or fields["tiles"] or fields["count"]:
        return reason
    shanten: Shanten = fields["shanten"]
    kind = fields["tile"][0]
    if shanten.value < 0 or not ctx.counts[kind]:
        return reason
    counts = list(ctx.counts)
    counts[kind] -= 1
    chiitoitsu = ctx.chiitoitsu and ctx.melds == 0
    now, improving = shape(bytes(counts), ctx.melds, chiitoitsu)
    plan = str(fields.get("plan", ""))
    eff = fields["plan_shanten"].value if "plan_shanten" in fields else now
    option = Option(kind, now, improving, ctx.ukeire(improving), eff_shanten=eff, plan=plan)
    return describe_option(option)


def rescan_notes(notes: list[str], ctx: Context) -> list[str]:
    """Every option in `notes` (alone or as an 'alternative: ...' field) rescanned."""
    out: list[str] = []
    for note in notes:
        if isinstance(note, Reason) and note.key.startswith("option"):
            out.append(rescan_option(note, ctx))
        elif isinstance(note, Reason) and isinstance(note.fields.get("option"), Reason):
            inner = rescan_option(note.fields["option"], ctx)
            if inner is note.fields["option"]:
                out.append(note)
            else:
                out.append(_with_field(note, "option", inner))
        else:
            out.append(note)
    return out


_WRAPPERS = {
    "best": "best by efficiency and value: {option}",
    "alternative": "alternative: {option}",
}


def _with_field(note: Reason, name: str, value: Reason) -> Reason:
    """`note` rebuilt with one field replaced (its template is known by its key)."""
    template = _WRAPPERS.get(note.key)
    if template is None:
        return note
    return Reason(note.key, template, **{**note.fields, name: value})
