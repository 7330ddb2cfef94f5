"""Issue 20, case 2: the review screen survives a fast burst of keys.

`e` adds the equal discards to the list and `e` again takes them out; `End`
between them highlights a line that is gone once the list is shorter again. The
highlight message of the longer list arrived after the shorter list was shown and
looked its line up there: `IndexError`. Sent at once, as a player's fast fingers
(or a pasted burst) do.
"""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.app import App

from ai import GreedyPlayer
from engine.driver import play_game
from engine.game import Game
from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui.screens.review import ReviewScreen


@pytest.fixture(scope="module")
def played() -> Game:
    game = Game.new(load_preset("wrc"), 21, shuffle_seats=True)
    asyncio.run(play_game(game, [GreedyPlayer(s, 21) for s in range(4)]))
    return game


BURSTS = [("e", "end", "e"), ("e", "end", "e", "end", "e", "up"), ("e", "end", "e", "end")]


@pytest.mark.parametrize("burst", BURSTS)
async def test_a_burst_of_keys_in_the_review_does_not_crash(played, burst):
    screen = ReviewScreen(Timeline.of(played))
    assert len(screen.result.items) > len(screen.result.notable) > 0  # `e` changes the list

    class ReviewApp(App):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = ReviewApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # All the keys are in the queue before any of them is handled (a pilot's
        # `press` waits for each key's work before it sends the next).
        for key in burst:
            app.post_message(events.Key(key, None))
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen
        assert screen.shown == (
            screen.result.items if screen.show_equal else screen.result.notable
        )
        from textual.widgets import OptionList, Static

        options = screen.query_one("#review-list", OptionList)
        assert options.highlighted is not None
        assert options.highlighted < len(screen.shown)
        assert screen.query_one("#review-detail", Static).visual is not None
    assert app.return_code in (0, None)
