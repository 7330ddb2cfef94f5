"""Every change of score is said (issue 19, "Silent"): a riichi stick put down, the
honba and sticks a winner takes, and every seat's change at a hand's end (noten
payments included) are in the log's lines; a stick put down is said on the table."""

from __future__ import annotations

import asyncio

from ai import LEVELS
from engine.driver import play_game
from engine.events import ExhaustiveDraw, HandEnded, RiichiAccepted, Won
from engine.game import Game
from rules.ruleset import load_preset
from tui.table_text import event_text, seat_label


def _games():
    for seed in range(1, 4):
        game = Game.new(load_preset("wrc"), seed)
        asyncio.run(play_game(game, [LEVELS["easy"](s, seed) for s in range(4)]))
        yield game


def test_the_log_says_every_change_of_score() -> None:
    riichi = sticks = noten = 0
    for game in _games():
        for i, event in enumerate(game.events):
            line = event_text(event, 0, 0, "en")
            if isinstance(event, RiichiAccepted):
                riichi += 1
                assert "-1,000 to the table" in line, line
            elif isinstance(event, Won) and event.result["points"]["sticks"]:
                sticks += 1
                assert f"riichi sticks +{event.result['points']['sticks']:,}" in line, line
            elif isinstance(event, HandEnded):
                for seat, delta in enumerate(event.deltas):
                    if delta:
                        name = seat_label(seat, 0, 0, "en")
                        assert f"{name} {delta:+,}" in line, line
                if not any(event.deltas):
                    assert "no points moved" in line
                before = game.events[i - 1]
                if isinstance(before, ExhaustiveDraw) and any(event.deltas):
                    noten += 1
            ja = event_text(event, 0, 0, "ja")
            assert (ja is None) == (line is None)
    assert riichi and sticks and noten


async def test_a_stick_put_down_is_said_on_the_table(tmp_path):
    """Your riichi stands: the next question's status line says the 1,000 went to the
    table (the side bar's log is not on a narrow terminal)."""
    from test_tui_pilot import press, scenario_app, settle

    app = scenario_app("riichi", tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("r")
        table = await press(pilot, "enter")
        assert table.view.seats[0].riichi
        assert "riichi stands, -1,000 to the table" in table.status, table.status
