"""The learning screens at 80x24, the smallest size the game supports, in English and
Japanese: the keys line keeps how to answer and how to leave whatever the figures
beside it say (a wrong answer adds "to revisit", a run at the end adds its count),
no choice is cut at the right edge, and a body taller than the screen shows its
scroll bar."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widgets import Static

from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog
from rules.ruleset import load_preset
from tui.learn.app import LearnApp
from tui.learn.course import COURSE
from tui.learn.drill_run import DrillSession
from tui.learn.kinds import DRILLS
from tui.learn.question import Question
from tui.learn.texts import text
from tui.screens.drill import DrillScreen, choice_label
from tui.screens.drill_menu import DrillMenuScreen
from tui.screens.glossary import GlossaryScreen
from tui.screens.lesson import KEYS_CHECK, KEYS_DONE, KEYS_NEXT, KEYS_PICK, LessonScreen
from tui.screens.lesson_menu import LessonMenuScreen, lesson_key

COMPACT = (80, 24)
LANGS = [("en", "text"), ("ja", "kanji")]
BACK = {"en": "Esc: back", "ja": "Esc: 戻る"}


def keys_line(app: LearnApp) -> str:
    """The screen's last row, where the keys line sits (one row: what does not fit is
    lost, so a line that wrapped shows only its start)."""
    strips = app.screen._compositor.render_strips()
    return strips[-1].text.rstrip()


def assert_keys(app: LearnApp, lang: str, *wanted: str) -> None:
    line = keys_line(app)
    for item in (*wanted, BACK[lang]):
        assert item in line, f"{item!r} is cut from the keys line {line!r}"


def assert_choices_whole(screen, q: Question, tiles: str) -> None:
    """Every choice's key and label on one row of the choices, none cut at the edge;
    a body taller than the screen shows its scroll bar."""
    choices = screen.query_one("#drill-choices", Static)
    width, height = choices.size
    rows = [s.text for s in choices.render_lines(Region(0, 0, width, height))]
    for c in q.choices:
        label = choice_label(c.label, tiles)
        assert any(label in row and c.key in row for row in rows), (c, rows)
    assert all(cell_len(row.rstrip()) <= width for row in rows)
    body = screen.query_one("#learn-body", VerticalScroll)
    if body.virtual_size.height > body.scrollable_content_region.height:
        assert body.show_vertical_scrollbar


def _session(kind: str, lang: str, tmp_path, at_end: int | None = None) -> DrillSession:
    session = DrillSession(kind, load_preset("wrc"), 3, lang, DrillLog(history_path(tmp_path)))
    session.at_end = at_end
    return session


async def _wrong(pilot, screen) -> None:
    q = screen.question
    wrong = next(c for c in q.choices if c.value not in q.answer)
    await pilot.press(wrong.key)
    if q.multi:
        await pilot.press("enter")
    await pilot.pause()


def _asking(q: Question, lang: str) -> tuple[str, ...]:
    return (text("keys.pick", lang),) + ((text("keys.check", lang).lstrip(",、 "),)
                                         if q.multi else ())


@pytest.mark.parametrize(("lang", "tiles"), LANGS)
@pytest.mark.parametrize("kind", DRILLS)
async def test_a_drill_keeps_its_keys_and_choices_at_80x24(kind, lang, tiles, tmp_path):
    session = _session(kind, lang, tmp_path)
    app = LearnApp(lambda: DrillScreen(session, tiles=tiles, timer=30.0), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(2):  # the second question comes with "1 to revisit" beside it
            assert_keys(app, lang, *_asking(screen.question, lang))
            assert_choices_whole(screen, screen.question, tiles)
            await _wrong(pilot, screen)
            assert_keys(app, lang, text("keys.next", lang))
            await pilot.press("enter")
            await pilot.pause()


@pytest.mark.parametrize(("lang", "tiles"), LANGS)
@pytest.mark.parametrize("kind", DRILLS)
async def test_a_run_answered_at_the_end_keeps_its_keys_at_80x24(kind, lang, tiles, tmp_path):
    session = _session(kind, lang, tmp_path, at_end=12)
    app = LearnApp(lambda: DrillScreen(session, tiles=tiles), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(2):
            await _wrong(pilot, screen)
        assert session.missed and len(session.run) == 2
        assert_keys(app, lang, *_asking(screen.question, lang))
        assert_choices_whole(screen, screen.question, tiles)
        for _ in range(10):
            await _wrong(pilot, screen)
        assert screen.summary
        assert_keys(app, lang, text("keys.again", lang))
        body = screen.query_one("#learn-body", VerticalScroll)
        assert body.virtual_size.height > body.scrollable_content_region.height
        assert body.show_vertical_scrollbar


@pytest.mark.parametrize(("lang", "tiles"), LANGS)
@pytest.mark.parametrize("number", range(1, len(COURSE) + 1))
async def test_a_lesson_keeps_its_keys_and_choices_at_80x24(number, lang, tiles, tmp_path):
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles=tiles, lang=lang), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press(lesson_key(number))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        while not screen.lesson_run.done:
            q = screen.question
            asking = (KEYS_PICK.text(lang),) + ((KEYS_CHECK.text(lang).lstrip(",、 "),)
                                                if q.multi else ())
            assert_keys(app, lang, *asking)
            assert_choices_whole(screen, q, tiles)
            await _wrong(pilot, screen)  # "try again" joins the keys line
            if q.multi:
                for c in q.choices:  # take the wrong pick back
                    if c.value in screen.picked:
                        await pilot.press(c.key)
            assert_keys(app, lang, *asking)
            for key in [c.key for c in q.choices if c.value in q.answer][:None if q.multi else 1]:
                await pilot.press(key)
            if q.multi:
                await pilot.press("enter")
            await pilot.pause()
            assert screen.lesson_run.passed
            assert_keys(app, lang, KEYS_NEXT.text(lang, glossary="G").split(" · ")[0])
            await pilot.press("enter")
            await pilot.pause()
        assert KEYS_DONE.text(lang) in keys_line(app)  # Enter leaves a finished lesson


@pytest.mark.parametrize(("lang", "tiles"), LANGS)
async def test_the_menus_and_the_glossary_keep_their_keys_at_80x24(lang, tiles, tmp_path):
    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path, lang=lang), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert_keys(app, lang, f"1-{len(DRILLS)}:", "m:", "e:", "l:")
    app = LearnApp(lambda: LessonMenuScreen(tmp_path, tiles=tiles, lang=lang), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert_keys(app, lang, "1-9, 0:", "p:")
    app = LearnApp(lambda: GlossaryScreen(lang), lang=lang)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert_keys(app, lang, "↑↓")


@pytest.mark.parametrize("width", [20, 40, 78, 200])
def test_fit_line_shortens_in_its_order_and_keeps_what_it_must(width):
    from tui.screens.drill import fit_line

    parts = [("0/2 right (50%), 1.2s each", "0/2 right", ""), ("key: pick",),
             ("G: glossary", ""), ("Esc: back",)]
    line = fit_line(parts, [0, 2, 0], width)
    assert "key: pick" in line and "Esc: back" in line
    assert cell_len(line) <= width or line == "key: pick · Esc: back"
    if width >= 200:
        assert line == "0/2 right (50%), 1.2s each · key: pick · G: glossary · Esc: back"


def test_drill_after_a_wrong_answer_snapshot(snap_compare, tmp_path):
    """Waits, the question after a wrong answer: the keys line gives up the average
    (the line that lost Esc at 80 columns) and keeps "1 to revisit", check and Esc."""
    session = _session("waits", "en", tmp_path)
    app = LearnApp(lambda: DrillScreen(session, clock=lambda: 100.0))

    async def run_before(pilot) -> None:
        await pilot.pause()
        await _wrong(pilot, app.screen)
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=COMPACT, run_before=run_before)


def test_lesson_after_a_wrong_answer_snapshot(snap_compare, tmp_path):
    """Lesson 3's eleven choices in columns, none split, after a wrong pick: the
    explanation, "try again" and the keys."""
    app = LearnApp(lambda: LessonMenuScreen(tmp_path))

    async def run_before(pilot) -> None:
        await pilot.press("3")
        await pilot.pause()
        await _wrong(pilot, app.screen)

    assert snap_compare(app, terminal_size=COMPACT, run_before=run_before)
