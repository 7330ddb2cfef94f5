"""What each preset is (name, seed rulebook, summary), for menus and `rulesets`."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .ruleset import ALL_PRESET_IDS, PRESET_IDS

__all__ = ["PRESET_IDS", "PresetInfo", "preset_infos"]


@dataclass(frozen=True, slots=True)
class PresetInfo:
    id: str
    name: str
    seed: str
    family: str
    summary: str


@cache
def preset_infos() -> tuple[PresetInfo, ...]:
    text = resources.files("rules").joinpath("preset_info.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return tuple(PresetInfo(id=pid, **data[pid]) for pid in ALL_PRESET_IDS)
