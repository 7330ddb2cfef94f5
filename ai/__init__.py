"""Opponents that decide from their seat view alone (`engine.driver.ViewPlayer`).

`LEVELS` maps a level name to a factory `(seat, seed) -> player`; `sim --ai`
and the launch screen pick from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .baseline import GreedyPlayer, TsumogiriPlayer
from .easy import EasyPlayer
from .hard import HardPlayer
from .normal import NormalPlayer
from .suggest import suggest

if TYPE_CHECKING:  # the driver's protocols, named only (ai/ loads nothing of the host)
    from engine.driver import Player, ViewPlayer

LEVELS: dict[str, Callable[[int, int], Player | ViewPlayer]] = {
    "tsumogiri": TsumogiriPlayer,
    "greedy": GreedyPlayer,
    "easy": EasyPlayer,
    "normal": NormalPlayer,
    "hard": HardPlayer,
}
# The opponents a player meets unless they choose (the launch screen, `--ai`).
DEFAULT_LEVEL = "normal"
# `mahjong-tui sim` without `--ai`: the fast efficiency baseline.
SIM_DEFAULT_LEVEL = "greedy"

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "SIM_DEFAULT_LEVEL",
    "GreedyPlayer",
    "TsumogiriPlayer",
    "suggest",
]
