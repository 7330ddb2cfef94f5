"""The learner-facing table cases of issue 21: the aids line follows the cursor; nine
terminals is offered in the prompt and the key bar like every legal action, and `y`
when it is not available says the engine's reason."""

from __future__ import annotations

from engine.actions import NineTerminals
from tests.test_tui_pilot import game_app, press, screen_text, settle
from tui.table_text import tile_label
from tui.widgets.prompt import KeyBar


async def test_the_aids_line_follows_the_cursor(tmp_path):
    """wrc seed 5: two presses of Left move the cursor; the aids line describes the
    tile now under it, not the one where the cursor started."""
    app = game_app(tmp_path, ruleset="wrc", seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert table.query_one("#aids").data.aids.cursor.startswith(
            f"Discard {tile_label(table._cursor_tile())} ")
        for _ in range(2):
            await pilot.press("left")
            await pilot.pause()
            under = table._cursor_tile()
            line = table.query_one("#aids").data.aids.cursor
            assert line.startswith(f"Discard {tile_label(under)} "), (under, line)


async def test_nine_terminals_is_offered_in_the_prompt_and_the_key_bar(tmp_path):
    """tenhou seed 106, first draw 1m 6m 1p 0p 8p 9p 1s 2s 9s 9s N Wh Rd E."""
    app = game_app(tmp_path, ruleset="tenhou", seed=106)
    async with app.run_test(size=(160, 50)) as pilot:
        table = await settle(pilot)
        assert any(isinstance(a, NineTerminals) for a in table.decision.legal)
        prompt = table._prompt()
        assert "y" in [key for key, _ in prompt.options], prompt
        hints = table.query_one("#keys", KeyBar).data.keys
        assert any(h.key == "y" and h.enabled for h in hints), hints
        assert "nine terminals" in screen_text(app).lower()
        await press(pilot, "enter")  # play on: discard
        table = await settle(pilot)
        assert "y" not in [key for key, _ in table._prompt().options]
        assert not any(h.key == "y" for h in table.query_one("#keys", KeyBar).data.keys)
        await pilot.press("y")
        await pilot.pause()
        status = table.status.lower()
        assert "not your turn" not in status, status
        assert "first draw" in status, status
