"""The launch screen in Japanese (issue #15: a learner who chose Japanese met it in
English). Every preset is highlighted in turn and the whole screen read back: no
English word may be left but names that are not English prose (preset ids, the
rulebooks' own names and references, the program's name, key names). `l` switches
every text live, both ways, and the house-rules panel follows the language."""

from __future__ import annotations

import json
import re
import sys

import pytest
from test_tui_pilot import screen_text

from rules.presets import preset_infos
from tui.app import MahjongApp
from tui.commands.rulesets import run_rulesets
from tui.house_rules import HOUSE_RULES, WAITING_FOR_ENGINE, rule_name
from tui.screens.house_rules import HouseRulesScreen
from tui.screens.launch import LaunchScreen

SIZES = [(120, 40), (80, 24)]
# A word is two letters or more: single letters are keys (a, t, l) and tile suits (5m).
# Dots stay inside a word, so a reference's "riichi.wiki" does not let "riichi" pass.
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z_'.-]*[A-Za-z]")
# The program, key names, and the text tile style's dragons (white, green, red).
NOT_PROSE = {"mahjong-tui", "AI", "ctrl", "Esc", "Enter", "Space", "Wh", "Gr", "Rd"}


def allowed_words() -> set[str]:
    """Preset ids, and the words of the rulebooks' own names and of the references
    they come from (file names, URLs): proper names, shown as they are written."""
    words = set(NOT_PROSE)
    for info in preset_infos(three_players=True):
        words.add(info.id)
        words.update(ENGLISH_WORD.findall(f"{info.name} {info.seed}"))
    return words


def english_left(text: str) -> list[str]:
    allowed = allowed_words()
    return sorted({w for w in ENGLISH_WORD.findall(text) if w not in allowed})


def test_the_check_finds_english():
    """The check can fail: an English sentence, a label or a yes/no is caught."""
    assert set(english_left("Seed (s to edit, n for a new one):")) == {
        "edit", "for", "new", "one", "Seed", "to",
    }
    assert english_left("riichi  yes") == ["riichi", "yes"]
    assert english_left("wrc WRC ルール 5m5p5s ⏎ 開始 · a AI · ^q 終了") == []


async def _every_preset_text(pilot, app) -> str:
    """The screen's text with each preset highlighted in turn (summaries and details)."""
    texts = []
    for _ in preset_infos(three_players=True):
        await pilot.pause()
        texts.append(screen_text(app))
        await pilot.press("down")
    return "\n".join(texts)


@pytest.mark.parametrize("size", SIZES)
async def test_launch_screen_in_japanese_has_no_english_left(tmp_path, size):
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0, lang="ja")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        text = await _every_preset_text(pilot, app)
        assert english_left(text) == [], text
        # The Japanese summaries and terms are there, not blanks.
        for info in preset_infos(three_players=True):
            assert info.summary_ja and info.summary_ja.split("、")[0] in text
        if size == SIZES[0]:  # the details' rows are below the fold at 80x24
            for term in ("持ち点", "ウマ", "立直", "ドラ", "喰い替え", "喰いタン"):
                assert term in text, term


async def test_l_switches_the_launch_screen_live(tmp_path):
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        english = screen_text(app)
        first = preset_infos()[0]
        assert "Opponents" in english and first.summary[:30] in english
        await pilot.press("l")  # en -> ja
        await pilot.pause()
        japanese = screen_text(app)
        assert app.screen.config.lang == "ja"
        assert english_left(japanese) == [], japanese
        assert first.summary_ja[:20] in japanese and "開始" in japanese
        await pilot.press("l")  # ja -> en: the same screen as before
        await pilot.pause()
        assert screen_text(app) == english


async def test_house_rules_panel_in_japanese(tmp_path):
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0, lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        await pilot.press("enter")  # a rule moved off the preset's own value
        await pilot.pause()
        text = screen_text(app)
        assert english_left(text) == [], text
        assert "赤ドラ" in text and "喰いタン" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        text = screen_text(app)
        assert english_left(text) == [], text


def test_house_rule_names_are_the_panels_labels():
    """The panel names a rule through tui.words; its English is the rule's label."""
    for rule in HOUSE_RULES + WAITING_FOR_ENGINE:
        assert rule_name(rule.key, "en") == rule.label
        assert rule_name(rule.key, "ja") != rule.label


def test_rulesets_lists_only_the_english_fields(capsys):
    """The Japanese texts are the launch screen's: `rulesets --json` keeps its fields."""
    assert run_rulesets(sys.stdout, as_json=True) == 0
    presets = json.loads(capsys.readouterr().out)
    assert all(list(p) == ["id", "name", "seed", "family", "summary"] for p in presets)
    assert run_rulesets(sys.stdout) == 0
    out = capsys.readouterr().out
    assert "summary_ja" not in out and preset_infos()[0].summary_ja not in out


def test_launch_screen_in_japanese_snapshot(snap_compare, tmp_path):
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0, lang="ja")
    assert snap_compare(app, terminal_size=(120, 40))
