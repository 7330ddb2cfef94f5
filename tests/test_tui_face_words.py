"""Prompts, options, choices and the hint name tiles in the player's tile face (issue 19):
with `--tiles kanji` the hand shows 四筒 and so must `Chi 四筒: [三筒 五筒]`, not `4p`."""

from __future__ import annotations

import re

from engine.actions import Chi
from tests.test_tui_app import _chi_view
from tests.test_tui_pilot import settle
from tui.app import MahjongApp
from tui.table_text import choice_texts, options_text, tile_label
from tui.tiles import tile_face

MPSZ = re.compile(r"(?<![0-9A-Za-z])[0-9][mpsz](?![A-Za-z])")


def test_options_and_choices_use_the_kanji_face():
    _game, view, legal = _chi_view()
    chis = [a for a in legal if isinstance(a, Chi)]
    texts = options_text(chis, view, face="kanji")
    assert texts[0].startswith("Chi チー 四筒: [三筒 五筒]"), texts
    assert not any(MPSZ.search(t) for t in texts), texts
    title, choices = choice_texts(chis, view, face="kanji")
    assert title == "Chi チー 四筒" and choices == ["[三筒 五筒]", "[五筒 六筒]"], (title, choices)


def test_the_text_face_keeps_mpsz_and_unicode_uses_the_glyph():
    _game, view, legal = _chi_view()
    chis = [a for a in legal if isinstance(a, Chi)]
    assert options_text(chis, view)[0] == "Chi チー 4p: [3p 5p]"
    assert tile_label(12, face="unicode") == tile_face(__import__("rules.tiles").tiles.Tile(12),
                                                        "unicode").strip()
    assert choice_texts(chis, view, face="unicode")[0].endswith(tile_label(12, face="unicode"))


async def test_the_hint_and_its_reasons_use_the_kanji_face(tmp_path):
    """wrc seed 7: `i` names the tile to discard and the AI's reasons in kanji."""
    app = MahjongApp(ruleset_id="wrc", ai="greedy", seed=7, tiles="kanji", delay=0,
                     data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        assert table.hint, "no hint"
        assert not MPSZ.search(table.hint), table.hint
        assert any(ch in table.hint for ch in "萬筒索東南西北白發中"), table.hint


async def test_the_aids_cursor_line_uses_the_kanji_face(tmp_path):
    """wrc seed 5 at 120x40 in kanji: the aids line names the cursor's tile and the
    tiles that improve the hand as the hand shows them."""
    app = MahjongApp(ruleset_id="wrc", ai="greedy", seed=5, tiles="kanji", delay=0,
                     data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        line = table.query_one("#aids").data.aids.cursor
        assert line.startswith(f"Discard {tile_face(table._cursor_tile(), 'kanji').strip()} "), line
        assert not MPSZ.search(line), line


def test_a_lessons_river_line_uses_the_kanji_face():
    """Lesson 9's `South's river (riichi): 4m 1z 9p 2s` is drawn as the hand is."""
    from rules.ruleset import load_preset
    from tui.learn.course import LESSON_9
    from tui.screens.drill import question_text

    q = LESSON_9.steps[0].question(load_preset("wrc"), "defence:0", "en")
    assert any("4m 1z 9p 2s" in fact for fact in q.facts), q.facts
    shown = question_text(q, "kanji").plain
    assert "South's river (riichi): 四萬 東 九筒 二索" in shown, shown
    assert "4m 1z 9p 2s" in question_text(q, "text").plain
