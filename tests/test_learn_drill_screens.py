"""Pilot tests and snapshots of the drill screens: every drill kind answered right
and wrong by its keys, the figures kept in the history file, the menu, 80x24."""

from __future__ import annotations

import pytest

from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog
from rules.ruleset import load_preset
from tui.learn.app import LearnApp
from tui.learn.drill_run import DrillSession
from tui.learn.kinds import DRILLS
from tui.screens.drill import DrillScreen
from tui.screens.drill_menu import DrillMenuScreen

COMPACT = (80, 24)


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def drill_app(kind: str, tmp_path, seed: int = 3, timer: float | None = None,
              clock: Clock | None = None) -> LearnApp:
    log = DrillLog(history_path(tmp_path))
    session = DrillSession(kind, load_preset("wrc"), seed, "en", log)
    return LearnApp(lambda: DrillScreen(session, timer=timer, clock=clock or Clock()))


def _screen(app: LearnApp) -> DrillScreen:
    screen = app.screen
    assert isinstance(screen, DrillScreen)
    return screen


async def _answer(pilot, screen: DrillScreen, right: bool) -> None:
    q = screen.question
    assert q is not None
    wanted = [c for c in q.choices if (c.value in q.answer) == right]
    keys = [c.key for c in wanted] if q.multi else [wanted[0].key]
    for key in keys:
        await pilot.press(key)
    if q.multi:
        await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("kind", DRILLS)
async def test_each_drill_is_answered_by_keys_and_kept(kind, tmp_path):
    app = drill_app(kind, tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        screen = _screen(app)
        first = screen.question
        await _answer(pilot, screen, right=True)
        assert screen.answered is True
        feedback = str(screen.query_one("#drill-feedback").render())
        assert "Right!" in feedback and first.explanation[0] in feedback
        await pilot.press("enter")
        await pilot.pause()
        assert screen.answered is None and screen.question.key != first.key
        missed = screen.question
        await _answer(pilot, screen, right=False)
        assert screen.answered is False
        assert "Not quite: the answer is" in str(screen.query_one("#drill-feedback").render())
        await pilot.press("enter")
        await pilot.pause()
        # the third question is the missed one again
        assert screen.question.key == missed.key
        await pilot.press("escape")
        await pilot.pause()
    summary = DrillLog(history_path(tmp_path)).summary()[kind]
    assert (summary.asked, summary.correct) == (2, 1)
    assert DrillLog(history_path(tmp_path)).missed(kind) == [missed.key]


async def test_the_timer_counts_an_unanswered_question_wrong(tmp_path):
    clock = Clock()
    app = drill_app("points", tmp_path, timer=5, clock=clock)
    async with app.run_test(size=COMPACT) as pilot:
        screen = _screen(app)
        assert "5s left" in str(screen.query_one("#learn-keys").render())
        clock.now += 6
        screen._tick()
        await pilot.pause()
        assert screen.answered is False
        assert screen.session.asked == 1


async def test_the_menu_starts_a_drill_and_shows_its_figures(tmp_path):
    DrillLog(history_path(tmp_path)).record("waits", "waits:1", correct=True, seconds=4)
    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path, seed=5))
    async with app.run_test(size=COMPACT) as pilot:
        assert ("2", "Name the waits (待ち)", "1/1 (100%), 4s") in app.screen.rows
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, DrillScreen) and app.screen.session.kind == "waits"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DrillMenuScreen)


def _snap_before(right: bool | None):
    async def run(pilot) -> None:
        await pilot.pause()
        if right is not None:
            await _answer(pilot, _screen(pilot.app), right)

    return run


@pytest.mark.parametrize("kind", DRILLS)
def test_drill_question_snapshot(kind, snap_compare, tmp_path):
    assert snap_compare(drill_app(kind, tmp_path), terminal_size=COMPACT,
                        run_before=_snap_before(None))


@pytest.mark.parametrize("kind", DRILLS)
def test_drill_answer_snapshot(kind, snap_compare, tmp_path):
    assert snap_compare(drill_app(kind, tmp_path), terminal_size=COMPACT,
                        run_before=_snap_before(kind in ("waits", "fu", "defence")))


def test_drill_menu_snapshot(snap_compare, tmp_path):
    app = LearnApp(lambda: DrillMenuScreen(load_preset("wrc"), tmp_path, seed=5))
    assert snap_compare(app, terminal_size=COMPACT)
