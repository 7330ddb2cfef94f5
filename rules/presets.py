"""What each preset is (name, seed rulebook, summary), for menus and `rulesets`."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .ruleset import ALL_PRESET_IDS, EVERY_PRESET_ID, PRESET_IDS

__all__ = ["LISTED_FIELDS", "PRESET_IDS", "PresetInfo", "preset_infos"]

# What `mahjong-tui rulesets` lists, in this order: the Japanese texts are the launch
# screen's, and adding them must not change the command's output.
LISTED_FIELDS = ("id", "name", "seed", "family", "summary")


@dataclass(frozen=True, slots=True)
class PresetInfo:
    id: str
    name: str
    seed: str
    family: str
    summary: str
    family_ja: str
    summary_ja: str

    def listing(self) -> dict[str, str]:
        """The fields `mahjong-tui rulesets --json` prints."""
        return {field: getattr(self, field) for field in LISTED_FIELDS}

    def family_in(self, lang: str) -> str:
        return self.family_ja if lang == "ja" else self.family

    def summary_in(self, lang: str) -> str:
        return self.summary_ja if lang == "ja" else self.summary


@cache
def preset_infos(three_players: bool = False) -> tuple[PresetInfo, ...]:
    """The four-player presets (what `rulesets` lists); with `three_players`, the
    three-player ones after them (the launch screen offers every preset it can seat)."""
    text = resources.files("rules").joinpath("preset_info.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    ids = EVERY_PRESET_ID if three_players else ALL_PRESET_IDS
    return tuple(PresetInfo(id=pid, **data[pid]) for pid in ids)
