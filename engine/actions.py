"""Player choices: what a seat may do when asked (never what happened: see events).

Each action is a frozen, slotted dataclass naming its `seat`; `repr` is valid
Python (`Discard(seat=0, tile=Tile(4), riichi=False)`). The engine offers the
complete list of legal actions at every decision point (`Game.legal_actions`)
and applies nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from rules.tiles import Tile

from . import codec


class IllegalAction(ValueError):
    """An action that is not in `legal_actions(seat)`; the message says why."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard `tile`; with `riichi=True` declare riichi with this discard."""

    seat: int
    tile: Tile
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class Tsumo:
    """Win on the tile just drawn (a rinshan tile included)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ron:
    """Win on the discard (or the kakan tile: chankan) now on offer."""

    seat: int


@dataclass(frozen=True, slots=True)
class Chi:
    """Call the discard of one's kamicha with `tiles`, two tiles of one's own hand."""

    seat: int
    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Pon:
    """Call the discard with `tiles`, two of one's own tiles of its kind."""

    seat: int
    tiles: tuple[Tile, Tile]


@dataclass(frozen=True, slots=True)
class Daiminkan:
    """Call the discard with three of its kind from one's hand (大明槓)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Ankan:
    """Declare a concealed quad of `kind` on one's own turn."""

    seat: int
    kind: int


@dataclass(frozen=True, slots=True)
class Kakan:
    """Add `tile` to one's own pon of its kind (加槓)."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline: no call on a discard; or stay silent (= noten) at an exhaustive draw."""

    seat: int


@dataclass(frozen=True, slots=True)
class ShowTenpai:
    """Show a tenpai hand at an exhaustive draw (000 第17条イ)."""

    seat: int


@dataclass(frozen=True, slots=True)
class NineTerminals:
    """Call the hand off with nine different terminals and honors on one's first draw
    of an uninterrupted first go-around (九種九牌, `abort_kyuushu`): the player's choice."""

    seat: int


@dataclass(frozen=True, slots=True)
class Kita:
    """Set a North aside as a dora and draw a replacement tile (抜きドラ, `kita`,
    RULESETS.md §9); another seat may ron the North first."""

    seat: int


@dataclass(frozen=True, slots=True)
class Chombo:
    """A penalty the host charges a seat, never one of its legal actions: mjai.app's rule
    for a bot that times out or answers illegally (`engine.mjai_chombo`). The hand ends
    at once and the seat pays a mangan as by tsumo (`Game.apply`). In the log like any
    action, so a replay charges it again."""

    seat: int


Action = (
    Discard | Tsumo | Ron | Chi | Pon | Daiminkan | Ankan | Kakan | Pass | ShowTenpai
    | NineTerminals | Kita | Chombo
)

ACTION_TYPES: dict[str, type] = {
    "discard": Discard,
    "tsumo": Tsumo,
    "ron": Ron,
    "chi": Chi,
    "pon": Pon,
    "daiminkan": Daiminkan,
    "ankan": Ankan,
    "kakan": Kakan,
    "pass": Pass,
    "show_tenpai": ShowTenpai,
    "nine_terminals": NineTerminals,
    "kita": Kita,
    "chombo": Chombo,
}
_REGISTRY = codec.Registry("action", ACTION_TYPES)


def action_to_dict(action: Action) -> dict[str, Any]:
    """JSON-ready form, e.g. `{"type": "discard", "seat": 0, "tile": "5m", "riichi": false}`."""
    return _REGISTRY.to_dict(action)


def action_from_dict(data: dict[str, Any]) -> Action:
    return cast(Action, _REGISTRY.from_dict(data))
