"""Snapshots of the remote table with its players' names (issue #23).

The table server runs on 127.0.0.1 in a thread of its own (the app under
pytest-textual-snapshot has its own event loop), with a fixed seed and AIs of fixed
seeds; a friend joins seat 1 under a name with markup in it and answers by itself;
the picture is taken at the player's first decision, once the line-up is on the
table: every name shown literally, the AI's seats with their level, and (in one of
them) the friend gone away, the AI playing for them. Regenerate with
`pytest tests/test_friends_snapshots.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import pytest

from ai import LEVELS
from engine.game import Game
from engine.host import default_action
from engine.player_seat import PlayerSeat
from engine.server.app import TableServer
from engine.server.remote_seat import Invitation, RemoteTable, create_table
from rules.ruleset import Ruleset
from tui.remote_app import RemoteApp
from tui.screens.table import TableScreen
from tui.settings import GameConfig

FRIEND = "[red]Bob[/red]"


class Auto:
    async def update(self, frame: Any) -> None:
        pass

    async def decide(self, view: Any) -> Any:
        return default_action(view)


class ServerThread:
    """A table server with a fixed deal in a thread of its own; coroutines run on it."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = TableServer(self._ai, game_factory=self._game, default_level="normal")
        self.url = f"ws://127.0.0.1:{self.run(self.server.start('127.0.0.1', 0))}"
        self.friend: RemoteTable | None = None
        self.friend_task: asyncio.Task[Any] | None = None

    @staticmethod
    def _ai(level: str, seat: int, seed: int) -> PlayerSeat:
        return PlayerSeat(LEVELS[level](seat, 1000 + seat))  # the same AI every run

    @staticmethod
    def _game(ruleset: Ruleset) -> Game:
        return Game.new(ruleset, 20261128)

    def run(self, coroutine: Any, timeout: float = 30.0) -> Any:
        done: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return done.result(timeout)

    def seat_friend(self, invitation: Invitation) -> None:
        async def sit() -> None:
            self.friend = RemoteTable(invitation, name=FRIEND)
            await self.friend.open()
            self.friend_task = self.loop.create_task(self.friend.attach(Auto()))

        self.run(sit())

    def friend_leaves(self) -> None:
        assert self.friend is not None
        self.run(self.friend.close())

    def stop(self) -> None:
        async def done() -> None:
            if self.friend_task is not None:
                self.friend_task.cancel()
                with contextlib.suppress(BaseException):
                    await self.friend_task
            await self.server.stop()

        self.run(done())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def served() -> Iterator[ServerThread]:
    server = ServerThread()
    try:
        yield server
    finally:
        server.stop()


def _table(served: ServerThread, lang: str, *, away: bool = False):
    invitation = served.run(create_table(served.url, ruleset="wrc", players=2, ai="normal"))
    app = RemoteApp(invitation, name="Ann", config=GameConfig(delay=0.0, lang=lang),
                    data_dir=None)

    async def seated(pilot) -> None:
        loop = asyncio.get_running_loop()

        async def until(condition) -> None:
            end = loop.time() + 30
            while not condition():
                assert loop.time() < end, "the table did not come in time"
                await asyncio.sleep(0.02)

        await until(lambda: app.play is not None and app.play.remote is not None)
        await loop.run_in_executor(None, served.seat_friend, invitation)

        def asked() -> bool:
            screen = app.screen
            return (isinstance(screen, TableScreen) and screen.decision is not None
                    and screen.lineup is not None
                    and screen.lineup.seats[1].kind == "person")

        await until(asked)
        if away:
            await loop.run_in_executor(None, served.friend_leaves)
            await until(lambda: app.screen.lineup.seats[1].away)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()

    return app, seated


def test_remote_table_names_120x40(snap_compare, served):
    app, seated = _table(served, "en")
    assert snap_compare(app, terminal_size=(120, 40), run_before=seated)


def test_remote_table_names_away_80x24(snap_compare, served):
    app, seated = _table(served, "en", away=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=seated)


def test_remote_table_names_ja_200x60(snap_compare, served):
    app, seated = _table(served, "ja", away=True)
    assert snap_compare(app, terminal_size=(200, 60), run_before=seated)
