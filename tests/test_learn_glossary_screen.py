"""The glossary screen: search, both languages, and `G` from the help, rules
reference and hand result screens (the app pushes it on `OpenGlossary`)."""

from __future__ import annotations

import pytest
from test_tui_results import ron_game

from rules.ruleset import load_preset
from tui.app import MahjongApp
from tui.glossary import ENTRIES, lookup
from tui.learn.app import LearnApp
from tui.screens.drill_menu import DrillMenuScreen
from tui.screens.glossary import GlossaryScreen, entry_name
from tui.screens.hand_result import HandResultScreen
from tui.screens.help import HelpScreen
from tui.screens.launch import LaunchScreen
from tui.screens.rules_reference import RulesReferenceScreen

COMPACT = (80, 24)


def _detail(app) -> str:
    return str(app.screen.query_one("#glossary-entry").render())


async def test_every_entry_is_listed_and_search_narrows_it():
    app = LearnApp(lambda: GlossaryScreen("en"))
    async with app.run_test(size=COMPACT) as pilot:
        screen = app.screen
        assert isinstance(screen, GlossaryScreen)
        assert len(screen.matches) == len(ENTRIES)
        await pilot.press(*"suji")
        await pilot.pause()
        assert screen.matches[0] is lookup("term.suji")
        assert lookup("term.suji").en.split(".")[0] in _detail(app).replace("\n", " ")
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"wait")
        await pilot.pause()
        assert len(screen.matches) > 2
        await pilot.press("down", "down")
        await pilot.pause()
        assert app.screen.query_one("#glossary-list").highlighted == 2
        assert entry_name(screen.matches[2], "en") in _detail(app)
        await pilot.press(*"zzzq")
        await pilot.pause()
        assert screen.matches == [] and "Nothing matches" in _detail(app)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0


async def test_japanese_first_with_lang_ja():
    app = LearnApp(lambda: GlossaryScreen("ja", query="平和"))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        entry = lookup("pinfu")
        assert app.screen.matches[0] is entry
        assert entry_name(entry, "ja").startswith("平和")
        assert _detail(app).startswith("平和 pinfu")
        assert entry.ja[:10] in _detail(app)


def _result_screen() -> HandResultScreen:
    """The hand result of the scripted ron, built from its typed context (never the Game)."""
    from tui.result_text import hand_context

    game, won = ron_game()
    return HandResultScreen(won, hand_context(won, game))


@pytest.mark.parametrize("make", [
    lambda: HelpScreen("en"),
    lambda: RulesReferenceScreen(load_preset("wrc")),
    lambda: _result_screen(),
], ids=["help", "rules", "result"])
async def test_capital_g_opens_the_glossary(make):
    app = LearnApp(make)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        under = app.screen
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, GlossaryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is under


async def test_the_game_app_pushes_the_glossary_and_the_drills(tmp_path):
    app = MahjongApp(delay=0, data_dir=tmp_path, seed=5, lang="ja")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, DrillMenuScreen)
        assert app.screen.drill_log.path.parent == tmp_path
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(HelpScreen("ja"))
        await pilot.pause()
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, GlossaryScreen) and app.screen.lang == "ja"


def test_glossary_snapshot_en(snap_compare):
    assert snap_compare(LearnApp(lambda: GlossaryScreen("en", query="suji")),
                        terminal_size=COMPACT)


def test_glossary_snapshot_ja(snap_compare):
    assert snap_compare(LearnApp(lambda: GlossaryScreen("ja", query="pinfu")),
                        terminal_size=COMPACT)


async def test_capital_g_from_a_drill_and_a_lesson(tmp_path):
    from tui.learn.course import COURSE
    from tui.learn.drill_run import DrillSession
    from tui.learn.lessons import LessonRun
    from tui.screens.drill import DrillScreen
    from tui.screens.lesson import LessonScreen

    for make in (lambda: DrillScreen(DrillSession("waits", load_preset("wrc"), 1)),
                 lambda: LessonScreen(LessonRun(COURSE[0], load_preset("wrc")), 1)):
        app = LearnApp(make, lang="ja")
        async with app.run_test(size=COMPACT) as pilot:
            await pilot.pause()
            under = app.screen
            await pilot.press("G")
            await pilot.pause()
            assert isinstance(app.screen, GlossaryScreen) and app.screen.lang == "ja"
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is under and not getattr(under, "picked", set())


async def test_the_drill_menu_opens_the_lessons(tmp_path):
    from tui.screens.lesson_menu import LessonMenuScreen

    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen)
        assert app.screen.lesson_log.path.parent == tmp_path
