"""The glossary's data (tui/glossary.py): complete, in both languages, and every
yaku example really scores that yaku under some preset with the project's scorer."""

from __future__ import annotations

import pytest

from rules.request import answer
from rules.ruleset import PRESET_IDS, load_preset
from rules.tiles import parse_tiles
from rules.yaku import YAKU_ORDER
from tui import words
from tui.glossary import ENTRIES, TERM_ENTRIES, YAKU_ENTRIES, HanCell, lookup, search, yaku_han

_CONTRACT_YAKU_TEXT = (  # CONTRACT.md, in its order
    "riichi double_riichi ippatsu menzen_tsumo pinfu tanyao iipeikou haitei houtei rinshan "
    "chankan yakuhai_haku yakuhai_hatsu yakuhai_chun yakuhai_seat_wind yakuhai_round_wind "
    "chiitoitsu toitoi sanankou sanshoku_doukou sankantsu shousangen honroutou sanshoku ittsu "
    "chanta ryanpeikou honitsu junchan chinitsu kokushi suuankou daisangen tsuuiisou "
    "shousuushii daisuushii chinroutou ryuuiisou suukantsu chuuren tenhou chiihou renhou"
)
CONTRACT_YAKU = _CONTRACT_YAKU_TEXT.split()

_REQUIRED_TERMS_TEXT = (  # the terms issue #15 names
    "ukeire shanten tenpai kamicha toimen shimocha furiten furiten_discard furiten_temporary "
    "furiten_riichi formal_tenpai kuikae pao honba kiriage riichi_sticks dora ura aka "
    "tsumogiri genbutsu suji"
)
REQUIRED_TERMS = _REQUIRED_TERMS_TEXT.split()


def test_every_yaku_of_the_contract_and_the_scorer_has_an_entry():
    assert set(YAKU_ENTRIES) == set(CONTRACT_YAKU) == set(YAKU_ORDER)


def test_every_required_term_and_every_ui_term_has_an_entry():
    assert set(REQUIRED_TERMS) <= set(TERM_ENTRIES)
    assert set(words.TERMS) <= set(TERM_ENTRIES), set(words.TERMS) - set(TERM_ENTRIES)
    assert {"kamicha", "toimen", "shimocha"} <= set(TERM_ENTRIES)


@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_each_entry_is_defined_in_english_and_in_japanese(key):
    # A yaku in one sentence; a term in at most two.
    entry = ENTRIES[key]
    most = 1 if entry.section == "yaku" else 2
    assert entry.romaji and entry.japanese
    assert entry.en[0].isupper() and entry.en.endswith(".")
    assert entry.en.count(". ") + 1 <= most, entry.en
    assert entry.ja.endswith("。") and entry.ja.count("。") <= most, entry.ja
    for other in entry.see_also:
        assert other in TERM_ENTRIES or other in YAKU_ENTRIES, (key, other)


@pytest.mark.parametrize("yaku_id", CONTRACT_YAKU)
def test_each_yaku_example_parses_and_scores_that_yaku_under_some_preset(yaku_id):
    example = YAKU_ENTRIES[yaku_id].example
    assert example is not None
    parse_tiles(example.concealed + example.win)
    scored_with: list[str] = []
    for preset_id in PRESET_IDS:
        ruleset = load_preset(preset_id)
        if example.rules:
            ruleset = ruleset.with_overrides(dict(example.rules))
        result = answer(example.request(), ruleset)
        if result["ok"] and yaku_id in {y["id"] for y in result["yaku"]}:
            scored_with.append(preset_id)
    assert scored_with, (yaku_id, example.mpsz)


def test_han_per_preset_come_from_the_rulesets():
    pinfu = yaku_han("pinfu")
    assert pinfu["wrc"] == HanCell(1, 0, False, False)
    assert pinfu["renmei_classic"] == HanCell(1, 1, False, True)  # open pinfu in the classic rules
    chinitsu = yaku_han("chinitsu")
    assert chinitsu["jpm"] is not None and chinitsu["jpm"].text() == "6 / 5"
    assert chinitsu["renmei_classic"] is not None and chinitsu["renmei_classic"].text() == "3 / 3"
    assert yaku_han("ippatsu")["jpml"] is None and yaku_han("ippatsu")["wrc"] is not None
    assert yaku_han("chiitoitsu")["renmei_classic"] is None
    assert yaku_han("riichi")["renmei_classic"] is None
    assert all(cell is None for cell in yaku_han("renhou").values())  # no preset has it
    daisangen = yaku_han("daisangen")
    assert daisangen["wrc"] is not None and daisangen["wrc"].text() == "yakuman"
    assert daisangen["renmei_classic"] is not None
    assert daisangen["renmei_classic"].text() == "mangan"


def test_look_up_by_id_romaji_or_japanese():
    assert lookup("pinfu") is YAKU_ENTRIES["pinfu"]
    assert lookup("term.suji") is TERM_ENTRIES["suji"]
    assert lookup("現物") is TERM_ENTRIES["genbutsu"]
    assert lookup("Kokushi Musou") is YAKU_ENTRIES["kokushi"]
    assert lookup("riichi") is YAKU_ENTRIES["riichi"]  # the yaku before the term
    with pytest.raises(KeyError):
        lookup("no such thing")
    found = search("furiten")
    assert found[0].id.startswith("furiten") and TERM_ENTRIES["suji"] in found
    assert search("  ") == []
