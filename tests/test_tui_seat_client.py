"""The table is a seat client of the app's host (issue 21): it is told only its own
seat's redacted events and its views, answers with actions, and holds no game."""

from __future__ import annotations

from test_tui_pilot import game_app, press, scenario_app, settle, table_of

from engine.events import Dealt, Drew, Event, Won
from engine.redaction import redact
from engine.seat_view import Observer, build_view


async def test_the_table_is_told_only_its_seats_redacted_events_and_its_view(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        for _ in range(3):  # a few of your discards and the AI's turns after them
            await pilot.press("enter")
            table = await settle(pilot) or table_of(app)
        seat = table.human_seat
        told: list[Event] = table.session.events
        assert told, "the seat was told the game"
        for event in told:
            if isinstance(event, Dealt):
                assert all(not hand for i, hand in enumerate(event.hands) if i != seat)
                assert event.hands[seat]
            if isinstance(event, Drew) and event.seat != seat:
                assert event.tile is None
        # Exactly the host's events as this seat may see them, in order.
        game = app.table_host.game
        assert told == [redact(e, Observer(seat)) for e in game.events]
        # The view the screen draws is the one the host builds for the seat.
        assert table.view == build_view(game, Observer(seat))
        assert not hasattr(table, "game")


async def test_under_a_hand_result_the_table_shows_the_hand_that_ended(tmp_path):
    """The result is shown on the host's closing frame: the finished hand with the
    winner's tiles laid open, not the next hand already dealt behind it."""
    app = scenario_app("tsumo", tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        await press(pilot, "t")
        assert not isinstance(app.screen, type(table))  # the hand result is up
        won = app.screen.event
        assert isinstance(won, Won)
        view = table.board.view
        assert view is not None and view.hand_number == 0 and view.phase == "over"
        assert view.seats[won.winner].shown, "the winner's hand laid open"
