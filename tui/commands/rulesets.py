"""`mahjong-tui rulesets`: the presets, their ids and one-line summaries; with
`--rules`, every rule key `--rule KEY=VALUE` takes, with its meaning and allowed values
(what an error about a rule sends the user to)."""

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


def run_rule_keys(stdout: TextIO, *, as_json: bool = False) -> int:
    """Every rule key, grouped as the rules reference (`g` at the table) groups them:
    the key, what it means and the values it takes."""
    from rules.ruleset import allowed_text

    from ..result_text import PARAMETER_GROUPS
    from ..words import first_name

    rows = [(letter, first_name(title), key, first_name(f"param.{key}"), allowed_text(key))
            for letter, title, keys in PARAMETER_GROUPS for key in keys]
    if as_json:
        stdout.write(json.dumps([{"group": g, "key": k, "meaning": m, "allowed": a}
                                 for g, _, k, m, a in rows], ensure_ascii=False) + "\n")
        return 0
    stdout.write("Rule keys for --rule KEY=VALUE (the g screen at the table shows a preset's"
                 " values):\n")
    width = max(len(key) for _, _, key, _, _ in rows)
    group = ""
    for letter, title, key, meaning, allowed in rows:
        if letter != group:
            group = letter
            stdout.write(f"\n{letter}. {title}\n")
        stdout.write(f"  {key:<{width}}  {meaning}: {allowed}\n")
    return 0

