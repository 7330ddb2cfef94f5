"""Choices that are one tile are drawn in the player's tile style, as the hand above
them is (seen in tmux: lesson 2 under kanji tiles showed the hand as 二萬 三萬 ...
and the choices as 2m 3m)."""

from __future__ import annotations

from test_tui_pilot import screen_text

from tui.learn.app import LearnApp
from tui.screens.drill import choice_label
from tui.screens.lesson_menu import LessonMenuScreen


def test_a_tile_choice_gets_the_tile_style_and_keeps_its_notation():
    assert choice_label("2m", "kanji") == "二萬 2m"
    assert choice_label("2m", "text") == "2m"
    assert choice_label("East (1z)", "kanji") == "East (1z)"  # already named
    assert choice_label("4000/8000", "kanji") == "4000/8000"
    assert choice_label("9x", "kanji") == "9x"


async def test_lesson_two_under_kanji_tiles_shows_its_choices_in_kanji(tmp_path):
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles="kanji", lang="ja"), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        shown = screen_text(app)
        assert "1) 二萬 2m" in shown, shown
