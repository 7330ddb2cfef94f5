"""A real Tenhou game in the replay viewer: the imported game is a `Game` like any
other, so stepping to the end, the AI's suggestion (`s`) and the review (`v`) work
on it. The record has a 九種九牌 (the `NineTerminals` action) in E2-1."""

from __future__ import annotations

from pathlib import Path

from engine.events import GameEnded
from engine.seat_view import build_seat_view
from engine.storage.records.tenhou_import import game_from_mjlog
from engine.timeline import Timeline
from tui.replay_app import ReplayApp
from tui.screens.review import ReviewScreen

RECORD = (
    Path(__file__).resolve().parents[2]
    / "shared" / "records" / "tenhou" / "0a4f00a139b6aea2a485828f2a4a01fcfc9b90f3.mjlog"
)


async def test_an_imported_tenhou_game_steps_suggests_and_reviews():
    game = game_from_mjlog(RECORD.read_bytes())
    app = ReplayApp(Timeline.of(game_from_mjlog(RECORD.read_bytes())))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("right", "right", "right", "s")
        await pilot.pause()
        assert screen.board.ui.prompt.title.startswith("Hard AI")
        await pilot.press("end")
        await pilot.pause()
        assert screen.view == build_seat_view(game, screen.view_seat)
        final = next(e for e in game.events if isinstance(e, GameEnded))
        assert [s.score for s in screen.view.seats] == list(final.scores)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
