"""The word table: every yaku, fu item and limit the scorer emits has romaji and kanji."""

from __future__ import annotations

import json
import string
import subprocess
import sys
from pathlib import Path

import pytest

from rules.hand import MeldKind
from rules.request import answer
from rules.ruleset import load_preset
from rules.yaku import YAKU_ORDER
from tui.words import (
    FU_ITEMS,
    LIMITS,
    MESSAGES,
    WORDS,
    amount,
    call_name,
    check_lang,
    fu_name,
    limit_name,
    message,
    round_name,
    seat_name,
    term,
    tile_name,
    wind_name,
    yaku_name,
)

ROOT = Path(__file__).resolve().parent.parent
VECTORS = ROOT.parent / "shared" / "vectors" / "worked_examples.jsonl"

# The ids `rules.scoring` writes into `FuItem.item` (RULESETS.md §4.2, §4.7).
SCORER_FU_ITEMS = (
    "base",
    "closed_ron",
    "tsumo",
    "open_triplet",
    "concealed_triplet",
    "open_quad",
    "concealed_quad",
    "value_pair",
    "wait_kanchan",
    "wait_penchan",
    "wait_tanki",
    "chinitsu",
    "open_pinfu_ron",
    "chiitoitsu",
)
SCORER_LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman")


def _has_japanese(text: str) -> bool:
    return any(ord(char) > 0x3000 for char in text)


@pytest.mark.parametrize("yaku_id", YAKU_ORDER)
def test_every_yaku_has_romaji_and_kanji(yaku_id):
    english, japanese = yaku_name(yaku_id), yaku_name(yaku_id, "ja")
    assert english.split()[0].isascii() and _has_japanese(english)
    assert _has_japanese(japanese.split()[0]), japanese
    assert english != japanese


def test_examples_from_the_issue():
    assert term("riichi") == "riichi 立直"
    assert term("riichi", lang="ja") == "立直 riichi"
    assert yaku_name("pinfu") == "pinfu 平和"
    assert yaku_name("tanyao") == "tanyao 断幺九"
    assert yaku_name("chiitoitsu", "ja") == "七対子 chiitoitsu"
    assert yaku_name("kokushi") == "kokushi musou 国士無双"
    assert yaku_name("yakuhai_haku") == "yakuhai haku 役牌 白"
    assert amount(30, "fu") == "30 fu 符"
    assert amount(30, "fu", "ja") == "30符 fu"
    assert amount(2, "han") == "2 han 翻"
    assert term("furiten") == "furiten 振聴"
    assert limit_name("haneman") == "haneman 跳満"


def test_every_fu_item_and_limit_has_an_entry():
    assert set(SCORER_FU_ITEMS) <= set(FU_ITEMS)
    assert set(SCORER_LIMITS) <= set(LIMITS)
    for item in SCORER_FU_ITEMS:
        assert _has_japanese(fu_name(item)) and _has_japanese(fu_name(item, "ja").split()[0])
    for limit in SCORER_LIMITS:
        assert limit_name(limit, "ja").startswith(LIMITS[limit][1])


@pytest.mark.skipif(not VECTORS.exists(), reason="needs ../shared/vectors")
def test_everything_the_scorer_says_about_the_worked_examples_has_a_name():
    """Score RULESETS.md §4.11 for real and name every yaku, fu item and limit it returns."""
    seen: set[str] = set()
    for line in VECTORS.read_text().splitlines():
        if not line.strip():
            continue
        vector = json.loads(line)
        ruleset = load_preset(vector["ruleset"])
        if vector.get("rules"):
            ruleset = ruleset.with_overrides(vector["rules"])
        result = answer(vector["request"], ruleset)
        if not result.get("ok"):
            continue
        for item in result["yaku"]:
            seen.add(yaku_name(item["id"]))
        for item in result.get("fu_breakdown", []):
            seen.add(fu_name(item["item"]))
        if result.get("limit"):
            seen.add(limit_name(result["limit"]))
    assert len(seen) > 20


def test_calls_cover_every_meld_kind_and_the_named_kans():
    for kind in MeldKind:
        assert _has_japanese(call_name(kind.value))
    assert call_name("chi") == "chi チー"
    assert call_name("pon", "ja") == "ポン pon"
    assert call_name("ankan") == "ankan 暗槓"
    assert call_name("daiminkan") == "daiminkan 大明槓"
    assert call_name("shouminkan") == "shouminkan 加槓"


def test_seats_winds_rounds_and_tiles():
    assert seat_name("kamicha") == "kamicha 上家"
    assert seat_name("toimen", "ja") == "対面 toimen"
    assert seat_name("shimocha") == "shimocha 下家"
    assert [wind_name(w) for w in range(4)] == ["East 東", "South 南", "West 西", "North 北"]
    assert wind_name(28, "ja") == "南 South"
    assert round_name(27, 1) == "East 1 東1局"
    assert round_name(1, 4, "ja") == "南4局 South 4"
    assert amount(2, "honba") == "2 honba 本場"
    assert tile_name(3) == "4m"
    assert tile_name(30) == "North 北"
    assert tile_name(31) == "Haku 白"
    assert tile_name(33, "ja") == "中 Chun"


def test_every_word_has_both_languages():
    for key, entry in WORDS.items():
        assert entry.romaji and entry.romaji.isascii(), key
        assert _has_japanese(entry.japanese), key


def test_messages_have_both_languages_with_the_same_fields():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, entry in MESSAGES.items():
        assert entry.en and _has_japanese(entry.ja), key
        assert fields(entry.en) == fields(entry.ja), key
    assert message("riichi_needs_closed_tenpai") == "Riichi needs a closed tenpai hand"
    assert message("kuikae").startswith("Kuikae: right after a call you may not discard")
    assert "5p" in message("furiten_discard", "ja", tile="5p")


def test_unknown_keys_and_languages_are_clear_errors():
    with pytest.raises(KeyError, match=r"tui/words\.py"):
        term("yaku.not_a_yaku")
    with pytest.raises(KeyError, match=r"tui/words\.py"):
        message("nope")
    with pytest.raises(ValueError, match="choose one of en, ja"):
        check_lang("fr")
    with pytest.raises(ValueError):
        term("riichi", "fr")


def test_words_stay_free_of_rich_and_textual():
    """`mahjong-tui score` may name yaku without paying for the UI libraries."""
    code = "import sys, tui.words; print('\\n'.join(sys.modules))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert not {m for m in out.stdout.split() if m.split(".")[0] in ("rich", "textual")}


def test_messages_come_from_one_table_not_from_widgets():
    """Issue 5 "Words": no module of the UI but tui/words.py defines a word or a sentence."""
    tui = Path(__file__).resolve().parent.parent / "tui"
    offenders = [
        str(path.relative_to(tui))
        for path in sorted(tui.rglob("*.py"))
        if path.name != "words.py"
        and any(marker in path.read_text(encoding="utf-8") for marker in ("Message(", "Word("))
    ]
    assert offenders == []
