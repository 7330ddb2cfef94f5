"""The hint API for a learner: what a level would do here, and why.

    action, reasons = suggest(view)                   # hard by default
    action, reasons = suggest(view, level="normal")

`view` is the human seat's `SeatView` (its legal actions inside it); nothing
else is consulted. `reasons` are plain sentences for the UI: first the
suggestion itself, then the shanten and ukeire of the chosen discard and of the
best alternatives, the riichi or call judgment, and for `hard` the danger
reasoning ("7p is genbutsu against East (kamicha (left))'s riichi").

`suggest(player_view, legal)` — a `PlayerView` with its legal list, the form
callers used before the seat view — still answers the same, for callers that
build one themselves.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.player_view import PlayerView, reading
from engine.seat_view import SeatView

from .common import BasePlayer, Context
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .option_reasons import rescan_notes
from .reasons import Reason, Term, Tiles

_LEVELS: dict[str, type[BasePlayer]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def suggest(
    view: SeatView | PlayerView,
    legal: list[Action] | None = None,
    level: str = "hard",
    *,
    player: BasePlayer | None = None,
) -> tuple[Action, list[str]]:
    """The action `level` would choose from the legal actions, with reasons for a learner.

    Pass `player` (an instance kept for the whole game) to let `hard` use what it
    has seen at earlier decisions; without it, a fresh player reads the view alone.
    """
    seen, options = reading(view, legal)
    if not options:
        raise ValueError("no legal action to suggest from")
    if player is None:
        try:
            player = _LEVELS[level](seen.seat, 0)
        except KeyError:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(_LEVELS)}") from None
    action, notes = player.choose_with_reasons(seen, options)
    ctx = Context.of(seen)
    if sum(ctx.counts) + 3 * ctx.melds == 14:  # own turn: the options are discards
        notes = rescan_notes(notes, ctx)
    return action, [describe_action(action), *notes]


def describe_action(action: Action) -> Reason:
    """'Suggested: discard 5p and declare riichi'."""
    if isinstance(action, Discard):
        tile = Tiles((action.tile.kind,))
        red = Term(" (red)" if action.tile.red else "")
        if action.riichi:
            return Reason("suggest_riichi", "Suggested: discard {tile}{red} and declare riichi",
                          tile=tile, red=red)
        return Reason("suggest_discard", "Suggested: discard {tile}{red}", tile=tile, red=red)
    if isinstance(action, Chi | Pon):
        call = Term("chi" if isinstance(action, Chi) else "pon")
        return Reason("suggest_call", "Suggested: {call} with {tiles}", call=call,
                      tiles=Tiles(t.kind for t in action.tiles))
    if isinstance(action, Ankan | Kakan):
        kind = action.kind if isinstance(action, Ankan) else action.tile.kind
        key = "suggest_ankan" if isinstance(action, Ankan) else "suggest_kakan"
        text = ("Suggested: ankan (closed kan) of {tile}" if isinstance(action, Ankan)
                else "Suggested: kakan: add {tile} to your pon")
        return Reason(key, text, tile=Tiles((kind,)))
    simple = {
        Tsumo: ("suggest_tsumo", "Suggested: tsumo: win on the tile you drew"),
        Ron: ("suggest_ron", "Suggested: ron: win on the discard"),
        Daiminkan: ("suggest_daiminkan", "Suggested: daiminkan (open kan)"),
        ShowTenpai: ("suggest_show_tenpai", "Suggested: show your tenpai hand"),
        Pass: ("suggest_pass", "Suggested: pass"),
        Kita: ("suggest_kita", "Suggested: kita: set the North aside as a dora"),
    }
    key, text = simple[type(action)]
    return Reason(key, text)


__all__ = ["describe_action", "suggest"]
