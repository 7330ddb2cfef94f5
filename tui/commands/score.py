"""`mahjong-tui score`: one JSON request per line in, one JSON answer per line out."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TextIO

from rules.request import answer
from rules.ruleset import RulesetError, resolve


def run_score(
    preset: str, overrides: list[str], stdin: TextIO, stdout: TextIO, fail: Callable[[str], None]
) -> int:
    """Answer every line in order; a bad request gets `ok: false`, never an exit."""
    try:
        ruleset = resolve(preset, overrides)
    except RulesetError as error:
        fail(str(error))
        return 2
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            result = {"ok": False, "error": "invalid", "message": f"not valid JSON: {error.msg}"}
        else:
            result = answer(request, ruleset)
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
        stdout.flush()
    return 0
