"""`mahjong-tui rulesets`: the presets, their ids and one-line summaries."""

from __future__ import annotations

import json
from typing import TextIO

from rules.presets import preset_infos


def run_rulesets(stdout: TextIO, *, as_json: bool = False) -> int:
    infos = preset_infos()
    if as_json:
        stdout.write(json.dumps([info.listing() for info in infos], ensure_ascii=False) + "\n")
        return 0
    width = max(len(info.id) for info in infos)
    for info in infos:
        stdout.write(f"{info.id:<{width}}  {info.name}\n{'':<{width}}  {info.summary}\n")
    return 0
