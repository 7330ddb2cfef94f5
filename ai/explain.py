"""Words for a learner: how the levels describe a discard option or a seat."""

from __future__ import annotations

from rules.tiles import WINDS, kind_name

from .common import Option

_RELATIVE = ("yourself", "shimocha (right)", "toimen (across)", "kamicha (left)")
_WIND_NAMES = ("East", "South", "West", "North")


def shanten_words(shanten: int) -> str:
    if shanten < 0:
        return "complete"
    if shanten == 0:
        return "tenpai"
    return f"{shanten}-shanten"


def describe_option(o: Option) -> str:
    """'discard 9m: 1-shanten, 20 tiles improve (2p 3p 5s 6s)'."""
    what = shanten_words(o.shanten)
    kinds = " ".join(kind_name(k) for k in o.improving[:10])
    more = " ..." if len(o.improving) > 10 else ""
    noun = "wait" if o.shanten == 0 else "improve"
    text = f"discard {kind_name(o.kind)}: {what}, {o.ukeire} tiles {noun} ({kinds}{more})"
    if o.plan and o.plan not in ("closed", "free") and o.eff_shanten != o.shanten:
        text += f"; {shanten_words(o.eff_shanten)} towards {o.plan}"
    elif o.plan and o.plan not in ("closed", "free", "none"):
        text += f" (yaku: {o.plan})"
    return text


def seat_words(seat: int, me: int, dealer: int) -> str:
    """'East (kamicha (left))' — the seat's wind this hand and where it sits."""
    wind = _WIND_NAMES[(seat - dealer) % 4]
    return f"{wind} ({_RELATIVE[(seat - me) % 4]})"


def wind_kind_name(kind: int) -> str:
    return _WIND_NAMES[WINDS.index(kind)] if kind in WINDS else kind_name(kind)
