"""Prompts, options, choices and the hint name tiles in the player's tile face (issue 19):
with `--tiles kanji` the hand shows 四筒 and so must `Chi 四筒: [三筒 五筒]`, not `4p`."""

from __future__ import annotations

import re

from engine.actions import Chi
from tests.test_tui_app import _chi_view
from tests.test_tui_pilot import settle
from tui.app import MahjongApp
from tui.describe import choice_texts, options_text, tile_label
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
