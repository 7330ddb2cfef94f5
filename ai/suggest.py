"""The hint API for a learner: what a level would do here, and why.

    action, reasons = suggest(view, legal)            # hard by default
    action, reasons = suggest(view, legal, "normal")

`reasons` are plain sentences for the UI: first the suggestion itself, then
the shanten and ukeire of the chosen discard and of the best alternatives, the
riichi or call judgment, and for `hard` the danger reasoning ("7p is genbutsu
against East (kamicha (left))'s riichi"). The view and legal list are the ones
the engine gives the human seat; nothing else is consulted.
"""

from __future__ import annotations

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.view import PlayerView
from rules.tiles import kind_name

from .common import BasePlayer
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer

_LEVELS: dict[str, type[BasePlayer]] = {
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}


def suggest(
    view: PlayerView,
    legal: list[Action],
    level: str = "hard",
    *,
    player: BasePlayer | None = None,
) -> tuple[Action, list[str]]:
    """The action `level` would choose from `legal`, with reasons for a learner.

    Pass `player` (an instance kept for the whole game) to let `hard` use what it
    has seen at earlier decisions; without it, a fresh player reads the view alone.
    """
    if not legal:
        raise ValueError("no legal action to suggest from")
    if player is None:
        try:
            player = _LEVELS[level](view.seat, 0)
        except KeyError:
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(_LEVELS)}") from None
    action, notes = player.choose_with_reasons(view, legal)
    return action, [describe_action(action), *notes]


def describe_action(action: Action) -> str:
    """'Suggested: discard 5p and declare riichi'."""
    if isinstance(action, Discard):
        text = f"discard {kind_name(action.tile.kind)}"
        if action.tile.red:
            text += " (red)"
        if action.riichi:
            text += " and declare riichi"
    elif isinstance(action, Tsumo):
        text = "tsumo: win on the tile you drew"
    elif isinstance(action, Ron):
        text = "ron: win on the discard"
    elif isinstance(action, Chi | Pon):
        name = "chi" if isinstance(action, Chi) else "pon"
        text = f"{name} with {' '.join(str(t) for t in action.tiles)}"
    elif isinstance(action, Daiminkan):
        text = "daiminkan (open kan)"
    elif isinstance(action, Ankan):
        text = f"ankan (closed kan) of {kind_name(action.kind)}"
    elif isinstance(action, Kakan):
        text = f"kakan: add {kind_name(action.tile.kind)} to your pon"
    elif isinstance(action, ShowTenpai):
        text = "show your tenpai hand"
    elif isinstance(action, Pass):
        text = "pass"
    else:  # pragma: no cover - every action type is named above
        text = repr(action)
    return f"Suggested: {text}"


__all__ = ["describe_action", "suggest"]
