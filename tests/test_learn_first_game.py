"""The beginner's road, end to end (issue #15's "done when"): from the launch screen
to the lessons (c), every four-player lesson played by keys, then the first game the
ninth lesson offers (p): `wrc` against `easy` with the aids on, played by following the hint (i)
until the human wins a hand."""

from __future__ import annotations

import pytest
from test_learn_lessons import _play
from test_tui_pilot import screen_text, settle

from engine.actions import (
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.events import Won
from rules.ruleset import load_preset
from tui.app import MahjongApp
from tui.learn.app import LearnApp
from tui.learn.course import COURSE
from tui.learn.first_game import FIRST_GAME_AI, FIRST_GAME_PRESET, first_game_lesson
from tui.result_text import win_headline
from tui.screens.hand_result import HandResultScreen
from tui.screens.launch import LaunchScreen
from tui.screens.lesson import KEYS_PLAY, LessonScreen
from tui.screens.lesson_menu import DONE, LessonMenuScreen, lesson_key
from tui.screens.table import TableScreen, suggest
from tui.table_text import seat_label

SIZE = (100, 32)
SEED = 1  # following the hint wins the first hand against easy (found by a headless run)
HANDS = 4  # the win must come within the first few hands


def test_the_first_game_plays_the_rules_the_lessons_taught():
    """Every lesson up to the one that offers the first game (lesson 9) is taught under
    its preset; the lessons after it are three-player, under a three-player preset."""
    offer = first_game_lesson()
    assert offer == 8
    assert {lesson.ruleset for lesson in COURSE[:offer + 1]} == {FIRST_GAME_PRESET}
    assert load_preset(FIRST_GAME_PRESET).players == 4
    after = COURSE[offer + 1:]
    assert after and all(load_preset(lesson.ruleset).players == 3 for lesson in after)
    assert FIRST_GAME_AI == "easy"


CALL_KEYS = {Chi: "c", Pon: "p", Daiminkan: "k", Ankan: "k", Kakan: "k"}


async def follow_the_hint(pilot, table: TableScreen) -> None:
    """Press i, then act as a person reads the hint: the hinted discard is under the
    cursor (Enter; r first for riichi), a win or a call has its key."""
    decision = table.decision
    assert decision is not None
    await pilot.press("i")
    await pilot.pause()
    action, _ = suggest(decision.view, decision.legal, table.lang)
    assert table.hint, "the hint says nothing"
    if isinstance(action, Discard):
        assert table.keys.cursor_tile() == action.tile, (table.hint, action)
        if action.riichi:
            await pilot.press("r")
            assert table.keys.cursor_tile() == action.tile
        await pilot.press("enter")
    elif isinstance(action, Tsumo | ShowTenpai):
        await pilot.press("t")
    elif isinstance(action, Ron):
        await pilot.press("o")
    elif isinstance(action, Pass):
        await pilot.press("n")
    else:
        await pilot.press(CALL_KEYS[type(action)])
        if table.keys.mode == "choose":
            await pilot.press(str(table.keys.choices.index(action) + 1))


async def _lessons_then_first_game(pilot, app: MahjongApp, lang: str) -> None:
    assert isinstance(app.screen, LaunchScreen)
    if lang == "ja":
        await pilot.press("l")  # the launch screen's language: en -> ja
        assert app.screen.config.lang == "ja"
    await pilot.press("c")
    await pilot.pause()
    assert isinstance(app.screen, LessonMenuScreen)
    offer_at = first_game_lesson() + 1  # lesson 9, the last under the first game's rules
    for number in range(1, offer_at + 1):
        await pilot.press(lesson_key(number))
        await pilot.pause()
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson_run.lang == lang
        await _play(pilot, lesson, wrong_first=False)
        assert lesson.lesson_run.done
        offer = KEYS_PLAY.text(lang, key="p")
        keys = str(lesson.query_one("#learn-keys").render())
        if number < offer_at:
            assert offer not in keys
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LessonMenuScreen)
            assert app.screen.rows[number - 1][2] == DONE.text(lang)
    assert offer in keys, keys
    await pilot.press("p")


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_three_player_lesson_after_it_offers_no_four_player_game(lang, tmp_path):
    """Lesson 10 (sanma, under tenhou3) comes after the first game's offer: its end
    has only Enter, and p there starts nothing."""
    app = MahjongApp(seed=SEED, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        if lang == "ja":
            await pilot.press("l")
        await pilot.press("c")
        await pilot.pause()
        await pilot.press(lesson_key(len(COURSE)))
        await pilot.pause()
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson_run.lesson is COURSE[-1]
        assert not lesson.last
        await _play(pilot, lesson, wrong_first=False)
        assert lesson.lesson_run.done
        assert KEYS_PLAY.text(lang, key="p") not in str(lesson.query_one("#learn-keys").render())
        await pilot.press("p")
        await pilot.pause()
        assert app.screen is lesson


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_a_beginner_goes_through_the_lessons_and_wins_a_hand_against_easy(lang, tmp_path):
    app = MahjongApp(seed=SEED, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await _lessons_then_first_game(pilot, app, lang)
        table = None
        for _ in range(60):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                table = app.screen
                break
        assert table is not None, type(app.screen)
        c = table.config
        assert (c.ruleset, c.ai, c.aids, c.seed, c.lang) == (
            FIRST_GAME_PRESET, FIRST_GAME_AI, True, SEED, lang)
        assert [type(s) for s in app.screen_stack[1:]] == [TableScreen]
        results = []
        for _ in range(3000):
            screen = await settle(pilot, timeout=60)
            if screen is not None:
                await follow_the_hint(pilot, screen)
                continue
            result = app.screen
            assert isinstance(result, HandResultScreen)
            won = isinstance(result.event, Won) and result.event.winner == table.human_seat
            results.append(won)
            if won:
                headline = win_headline(result.event, result.context, lang)
                assert headline.startswith(seat_label(table.human_seat, table.human_seat, 0,
                                                      lang)), headline
                assert headline in screen_text(app)
                break
            assert len(results) < HANDS, f"no win in the first {HANDS} hands"
            await pilot.press("enter")
        assert results and results[-1], results


async def test_the_lesson_menu_offers_the_first_game_too(tmp_path):
    """From the launch screen's lessons, p on the menu starts the table at once, under
    the launch screen's language, tile style and seed."""
    app = MahjongApp(seed=5, delay=0, data_dir=tmp_path, tiles="kanji", lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen)
        assert (app.screen.lang, app.screen.tiles) == ("ja", "kanji")
        await pilot.press("p")
        for _ in range(60):
            await pilot.pause()
            if isinstance(app.screen, TableScreen):
                break
        table = app.screen
        assert isinstance(table, TableScreen)
        c = table.config
        assert (c.ruleset, c.ai, c.aids, c.seed, c.lang, c.tiles, c.rules) == (
            "wrc", "easy", True, 5, "ja", "kanji", ())
        assert not any(isinstance(s, LaunchScreen | LessonMenuScreen) for s in app.screen_stack)


async def test_learn_alone_exits_with_the_first_game_for_the_full_app(tmp_path):
    """`mahjong-tui learn` has no table: p exits its app with the game's config, which
    `run_learn` hands to the full app."""
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles="unicode", lang="ja"), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("p")
        await pilot.pause()
    c = app.return_value
    assert c is not None
    assert (c.ruleset, c.ai, c.aids, c.lang, c.tiles) == ("wrc", "easy", True, "ja", "unicode")


async def test_escape_from_the_lessons_keeps_the_launch_screen(tmp_path):
    app = MahjongApp(seed=5, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)


def test_learn_command_starts_the_full_app_on_the_first_game(monkeypatch, tmp_path):
    """`mahjong-tui learn --lang ja`: the menu in ja; the config the lessons' app exits
    with becomes the full app's flags (ruleset and seed given: no launch screen)."""
    import tui.app
    import tui.learn.app
    from tui.cli import main
    from tui.learn.first_game import first_game_config
    from tui.settings import GameConfig

    seen = {}
    wanted = first_game_config(GameConfig(), lang="ja", tiles="kanji", seed=42)

    def learn_run(app):
        menu = app.make_screen()
        seen["menu"] = (menu.lang, menu.tiles)
        return wanted

    def game_run(app):
        seen["game"] = app.config

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    monkeypatch.setattr(tui.learn.app.LearnApp, "run", learn_run)
    monkeypatch.setattr(tui.app.MahjongApp, "run", game_run)
    assert main(["learn", "--lang", "ja", "--tiles", "kanji"]) == 0
    assert seen["menu"] == ("ja", "kanji")
    got = seen["game"]
    assert (got.ruleset, got.ai, got.seed, got.aids, got.lang, got.tiles) == (
        "wrc", "easy", 42, True, "ja", "kanji")


async def test_the_first_game_asks_before_replacing_a_saved_game(tmp_path):
    """As Enter on the launch screen: a saved game is replaced only if the player says
    so; "back" returns to the launch screen with the save untouched."""
    from test_tui_replace_save import a_saved_game, wait_for

    from engine.storage.save_store import SAVE_NAME
    from tui.screens.notice import ReplaceSaveScreen

    before, _ = a_saved_game(tmp_path)
    app = MahjongApp(seed=5, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, LaunchScreen)
        await pilot.press("c")
        await wait_for(pilot, LessonMenuScreen)
        await pilot.press("p")
        await wait_for(pilot, ReplaceSaveScreen)
        await pilot.press("n")
        await wait_for(pilot, LaunchScreen)
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
    assert (tmp_path / SAVE_NAME).read_bytes() == before


@pytest.mark.parametrize("opener", ["lesson", "drill"])
async def test_the_glossary_from_a_lesson_or_drill_speaks_the_launch_screens_language(
        opener, tmp_path):
    """The app was started in English; Japanese chosen on the launch screen reaches the
    lessons and drills, and their G must open the glossary in Japanese too (it used the
    app's language before)."""
    from tui.screens.drill import DrillScreen
    from tui.screens.drill_menu import DrillMenuScreen
    from tui.screens.glossary import GlossaryScreen

    app = MahjongApp(seed=SEED, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")  # en -> ja on the launch screen
        assert app.config.lang == "en" and app.screen.config.lang == "ja"
        if opener == "lesson":
            await pilot.press("c", "1")
            await pilot.pause()
            assert isinstance(app.screen, LessonScreen)
        else:
            await pilot.press("d")
            await pilot.pause()
            assert isinstance(app.screen, DrillMenuScreen) and app.screen.lang == "ja"
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, DrillScreen)
        await pilot.press("G")
        await pilot.pause()
        assert isinstance(app.screen, GlossaryScreen)
        assert app.screen.lang == "ja"


async def test_the_lessons_opened_from_the_drill_menu_keep_its_language(tmp_path):
    from tui.screens.drill_menu import DrillMenuScreen

    app = MahjongApp(seed=SEED, delay=0, data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "d")
        await pilot.pause()
        menu = app.screen
        assert isinstance(menu, DrillMenuScreen) and menu.lang == "ja"
        await pilot.press("l")  # the drill menu's key for the lessons
        await pilot.pause()
        assert isinstance(app.screen, LessonMenuScreen), type(app.screen)
        assert app.screen.lang == "ja"


async def test_a_newcomer_at_80_columns_sees_where_the_lessons_are(tmp_path):
    """The launch screen's key line is cut at the right edge of a small terminal; the
    lessons key was its last item and fell off at 80x24 (seen in tmux)."""
    app = MahjongApp(seed=SEED, delay=0, data_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert "c lessons" in screen_text(app)
