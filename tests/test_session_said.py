"""A session says where it stands (issue 19, "Silent"): "game 2 of 4" and the running
total in play; the game end names the players as the session table does; the
session table's replay keys read as words."""

from __future__ import annotations

from test_tui_pilot import screen_text, settle
from test_tui_session import SESSION_RULE, session_app, win_the_game

from tui.screens.game_end import GameEndScreen
from tui.screens.session_table import SessionTableScreen


async def test_session_progress_names_and_replay_keys(tmp_path):
    app = session_app(tmp_path, ruleset_id="wrc", seed=11, rules=(SESSION_RULE,))
    async with app.run_test(size=(160, 50)) as pilot:
        table = await settle(pilot)
        assert "game 1 of 2" in table.status, table.status
        assert "game 1 of 2" in screen_text(app)
        await pilot.press("t")
        for _ in range(40):
            await pilot.pause()
            if isinstance(app.screen, GameEndScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, GameEndScreen)
        text = screen_text(app)
        assert "Opponent 1 (" in text and "Opponent 3 (" in text, text
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, SessionTableScreen):
                break
        text = screen_text(app)
        assert "1: replay game 1" in text and "1-1" not in text, text
        total = app.play_session.session.totals()[0]
        await pilot.press("enter")
        table = await settle(pilot)
        assert "game 2 of 2" in table.status, table.status
        from tui import result_text as X

        assert X.format_result(total, table.session.ruleset) in table.status
        await win_the_game(pilot)
