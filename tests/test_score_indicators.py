"""Issue 20, case 3: dora and ura indicators are held to what a hand can turn.

125 dora indicators ended in an internal IndexError under six presets (and 127
han under the others), and indicator tiles were not counted against the four
copies of each tile. A hand turns one indicator, plus one for each kan (four at
most), with an ura indicator under each: more is `invalid`, with a message.
"""

from __future__ import annotations

import pytest

from rules.request import MAX_INDICATORS, answer
from rules.ruleset import PRESET_IDS, load_preset

E1 = {"concealed": "234m67m345p678s55p", "win": "8m"}


@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("field", ["dora_indicators", "ura_indicators"])
def test_more_indicators_than_a_hand_turns_are_invalid(preset, field):
    out = answer({**E1, "riichi": True, field: "1m" * 125}, load_preset(preset))
    assert out["ok"] is False and out["error"] == "invalid"
    assert "125" in out["message"] and "at most 5" in out["message"]


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_five_indicators_are_the_most_and_score(preset):
    out = answer({**E1, "riichi": True, "dora_indicators": "1z2z3z4z5z",
                  "ura_indicators": "1z2z3z4z5z"}, load_preset(preset))
    assert out["ok"] is True
    six = answer({**E1, "dora_indicators": "1z2z3z4z5z6z"}, load_preset(preset))
    assert six["error"] == "invalid" and "6 dora indicators" in six["message"]
    assert MAX_INDICATORS == 5


@pytest.mark.parametrize(
    ("dora", "ura"), [("7s7s7s7s", ""), ("7s7s", "7s7s"), ("", "7s7s7s7s"), ("7s7s7s7s7s", "")]
)
def test_indicator_tiles_count_against_the_four_copies(dora, ura):
    """678s in the hand holds one 7s: four more among the indicators make five."""
    out = answer({**E1, "riichi": True, "dora_indicators": dora, "ura_indicators": ura},
                 load_preset("wrc"))
    assert out["ok"] is False and out["error"] == "invalid"
    assert "copies of 7s" in out["message"] or "dora indicators" in out["message"]
    assert "only 4" in out["message"] or "at most 5" in out["message"]


def test_a_fifth_copy_among_the_indicators_is_named():
    out = answer({**E1, "dora_indicators": "7s7s7s7s"}, load_preset("wrc"))
    assert out["message"] == "5 copies of 7s (hand and indicators): there are only 4 of each tile"
    three = answer({**E1, "dora_indicators": "7s7s7s"}, load_preset("wrc"))
    assert three["ok"] is True and three["dora"]["dora"] == 3  # 8s, three times
