"""Names and the decision's countdown at the remote table (issue #23).

An in-process table server on 127.0.0.1; the Textual table of `join` and the
spectator's screen of `watch`: the seat panels name who plays each seat, literally
(a name with markup shows as typed), and follow a friend who leaves and comes back;
a table with a time limit shows a countdown while the player decides, gone once
they answer. A local game shows neither.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from test_friends_tui import _Auto, _server, _text

from engine.server.remote_seat import RemoteTable, create_table
from tui.remote_app import RemoteApp
from tui.screens.table import TableScreen
from tui.screens.watch import WatchScreen
from tui.settings import GameConfig

SHORT = {"game_length": "tonpuu"}
MARKUP = "[red]Bo[/b]b"  # a name a friend may well type (fits a panel: not cut)


async def _until(condition, timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        if loop.time() > end:
            raise TimeoutError("not in time")
        await asyncio.sleep(0.02)


async def _asked(app, timeout: float = 20.0) -> TableScreen:
    def ready() -> bool:
        screen = app.screen
        return (isinstance(screen, TableScreen) and screen.decision is not None
                and not screen.decision.future.done())

    await _until(ready, timeout)
    return app.screen


async def _friend(url_inv, name: str) -> tuple[RemoteTable, asyncio.Task]:
    friend = RemoteTable(url_inv, name=name)
    await friend.open()
    return friend, asyncio.get_running_loop().create_task(friend.attach(_Auto()))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_seat_panels_name_the_players_literally_and_follow_leave_and_return(lang):
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=2, ai="normal")
    app = RemoteApp(inv, name="Ann", config=GameConfig(delay=0.0, lang=lang), data_dir=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(lambda: app.play is not None and app.play.remote is not None)
        friend, task = await _friend(inv, MARKUP)
        table = await _asked(app)
        await _until(lambda: table.lineup is not None and table.lineup.seats[1].kind == "person")
        await pilot.pause()
        text = _text(app)
        assert MARKUP in text  # the markup shows as typed: nothing turned red or bold
        ai_word = "AI・中級" if lang == "ja" else "AI normal"
        assert text.count(ai_word) == 2  # the two seats the table's AI plays
        assert table.board.ui.players.names[1] == MARKUP

        await friend.close()  # the friend leaves: the AI plays for them
        task.cancel()
        away = "離席" if lang == "ja" else "away"
        await _until(lambda: table.lineup.seats[1].away)
        await pilot.pause()
        assert away in _text(app)
        log = "\n".join(table.query_one("#log").data.lines)
        assert MARKUP in log and away[:2] in log

        # The friend comes back with the seat's token, as a killed client does.
        again = RemoteTable(inv, name=MARKUP, seat=1, token=friend.token)
        await again.open()
        task = asyncio.get_running_loop().create_task(again.attach(_Auto()))
        await _until(lambda: not table.lineup.seats[1].away)
        await pilot.pause()
        assert table.board.ui.players.away == frozenset()
        assert away not in _text(app)
        await pilot.press("q")
        task.cancel()
    await server.stop()


async def test_a_spectator_sees_every_seats_name():
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = RemoteApp(inv, name=None, config=GameConfig(delay=0.0), data_dir=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await _until(lambda: isinstance(app.screen, WatchScreen))
        screen = app.screen
        friend, task = await _friend(inv, "[b]Dee")
        await _until(lambda: screen.view is not None and screen.lineup is not None
                     and screen.lineup.seats[0].kind == "person")
        await pilot.pause()
        text = _text(app)
        assert "[b]Dee" in text and text.count("tsumogiri") == 3  # (a side's may wrap)
        names = screen.query_one("#board").ui.players.names
        assert names == ("[b]Dee", "AI tsumogiri", "AI tsumogiri", "AI tsumogiri")
        assert "You" not in text
        task.cancel()
        await friend.close()
    await server.stop()


async def test_the_countdown_shows_while_deciding_and_goes_with_the_answer():
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1,
                             per_decision=7, bank=3)
    app = RemoteApp(inv, name="Ann", config=GameConfig(delay=0.0), data_dir=None)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _asked(app)
        await pilot.pause()
        shown = table.board.ui.countdown
        assert shown is not None and not shown.in_bank and not shown.warn
        assert shown.bank == 3 and shown.seconds in (6, 7)
        assert "+3s bank" in _text(app) and "time " in _text(app)
        await asyncio.sleep(1.3)  # it counts down by itself, about once a second
        await pilot.pause()
        assert table.board.ui.countdown is not None
        assert table.board.ui.countdown.seconds < shown.seconds
        after: list = []
        answer = table._answer

        def answered(action) -> None:
            answer(action)
            after.append(table.board.ui.countdown)

        table._answer = answered
        await pilot.press("enter")  # answered: the countdown goes at once
        assert after == [None]
        await pilot.press("q")
    await server.stop()


async def test_the_countdown_warns_in_the_last_seconds_and_goes_when_time_is_out():
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1,
                             per_decision=1, bank=2)
    app = RemoteApp(inv, name="Ann", config=GameConfig(delay=0.0), data_dir=None)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _asked(app)
        decision = table.decision
        await pilot.pause()
        assert table.board.ui.countdown is not None and table.board.ui.countdown.warn
        await _until(lambda: table.board.ui.countdown is not None
                     and table.board.ui.countdown.in_bank, 3)
        await pilot.pause()
        assert "bank " in _text(app)
        # Out of time: the server plays the default and goes on; the countdown goes.
        await _until(lambda: decision.future.done(), 8)
        await _until(lambda: table.decision is not decision
                     or table.board.ui.countdown is None, 3)
        await pilot.press("q")
    await server.stop()


async def test_a_table_without_a_time_limit_shows_no_countdown():
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = RemoteApp(inv, name="Ann", config=GameConfig(delay=0.0), data_dir=None)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await _asked(app)
        await pilot.pause()
        assert table.decision.clock is None and table.board.ui.countdown is None
        assert "time " not in _text(app)
        await pilot.press("q")
    await server.stop()


# --------------------------------------------------------------------------- geometry

def _names(lang: str) -> tuple[str, ...]:
    """The widest labels there are: a long name away, a long wide one, a bot, the AI."""
    from engine.server.lineup import Lineup, SeatPlayer
    from tui.lineup_text import board_players

    return board_players(Lineup((
        SeatPlayer("person", "W" * 32, "tsumogiri", away=True),
        SeatPlayer("person", "長い名前" * 8, "tsumogiri"),
        SeatPlayer("bot", "x" * 32),
        SeatPlayer("ai", level="tsumogiri"),
    )), lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_names_and_the_countdown_fit_the_board_at_every_size(lang):
    """The seat panels with the widest labels and the prompt with a countdown: every
    region still fits (`test_tui_geometry.problems`), at 80x24 to 250x70."""
    from seat_views import dense_view, full_hand_view
    from test_tui_geometry import PROMPTS, SIZES, STATUS, board_size, problems

    from tui.layout import board_layout
    from tui.lineup_text import Countdown
    from tui.widgets.board import BoardInput, Players, canvas, paint_board

    names = _names(lang)
    clock = Countdown(28, 120, False, False)
    for width, height in SIZES:
        for view in (dense_view(), full_hand_view()):
            for seat in range(4):  # each label in each panel
                turned = Players(names.names[seat:] + names.names[:seat],
                                 frozenset({(4 - seat) % 4}))
                ui = BoardInput(cursor=13, prompt=PROMPTS[lang], status=STATUS[lang],
                                players=turned, countdown=clock)
                lay = board_layout(*board_size(width, height), "text")
                painted = paint_board(view, lay, ui, lang)
                assert problems(painted) == [], (width, height, seat)
                text = "\n".join(line.plain for line in canvas(painted))
                assert clock.text(lang) in text


def test_join_refuses_a_name_with_control_characters_in_one_line(tmp_path):
    """`join --name` with an escape sequence: one line, exit 2, before any connection
    (the server would refuse it too: `test_server_lineup`)."""
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, MAHJONG_TUI_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), PYTHONPATH=str(root))
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "join", "ws://127.0.0.1:9/abc", "--name",
         "\x1b[31mred"], capture_output=True, text=True, timeout=60, env=env, cwd=root,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "printable" in lines[0], done.stderr
