"""Play with friends (the launch screen's `f`): host a table, join one, or watch one.

The same three things as `mahjong-tui host`, `join` and `watch`, from the launch
screen. The address field takes a server (``ws://HOST:PORT``) to host a table on,
or an invitation (``ws://HOST:PORT/CODE``) to join or watch; left empty, "Host"
starts a table server of its own on this machine — `mahjong-tui host` as a
process of its own, so the table outlives this app, and which ends when its table
is over — and the invitation it prints is shown here, to copy to the friends, and
put in the field, so "Join" sits down at it. The table is the same table screen
as a local game, on the remote host (`tui.remote_play`); a server that cannot be
reached, or refuses, is said in one line here and nothing else changes.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from engine.server.remote_seat import (
    Invitation,
    Refused,
    Unreachable,
    create_table,
    parse_invitation,
)

from ..settings import GameConfig

HOST_WAIT = 20.0  # seconds a server of our own has to say where it listens

_CSS = """
FriendsScreen { align: center top; }
FriendsScreen #friends { width: 100%; max-width: 100; height: auto; padding: 1 2; }
FriendsScreen Input { margin: 0 0 1 0; }
FriendsScreen #buttons { height: auto; }
FriendsScreen Button { margin: 0 1 0 0; }
FriendsScreen #note { margin: 1 0 0 0; }
"""


class FriendsScreen(Screen[None]):
    """Host, join or watch a table on a table server."""

    DEFAULT_CSS = _CSS
    BINDINGS: ClassVar = [Binding("escape", "back", "Back")]

    def __init__(self, config: GameConfig, data_dir: Path | None, name: str) -> None:
        super().__init__()
        self.config = config
        self.data_dir = data_dir
        self.player = name
        self.note = ""
        self.invitation: Invitation | None = None
        self.server_process: subprocess.Popen[str] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="friends"):
            yield Static("[b]Play with friends[/b]: a table on a table server, the AI in "
                         "the empty seats", id="friends-title")
            yield Static("Server (ws://HOST:PORT) or invitation (ws://HOST:PORT/CODE); "
                         "empty: host a table on this machine")
            yield Input(id="address", placeholder="ws://127.0.0.1:8765/CODE")
            yield Static("Your name at the table")
            yield Input(self.player, id="name", max_length=32)
            with Horizontal(id="buttons"):
                yield Button("Host a table", id="host")
                yield Button("Join", id="join", variant="primary")
                yield Button("Watch", id="watch")
                yield Button("Back", id="back")
            yield Static(id="note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#address", Input).focus()

    def say(self, text: str) -> None:
        self.note = text
        if self.is_mounted:
            self.query_one("#note", Static).update(text)

    def action_back(self) -> None:
        self.dismiss(None)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        name = event.button.id
        if name == "back":
            self.dismiss(None)
        elif name == "host":
            self.run_worker(self._host(), exclusive=True, group="friends")
        elif name in ("join", "watch"):
            self.run_worker(self._sit(name == "watch"), exclusive=True, group="friends")

    @on(Input.Submitted, "#address")
    def _submitted(self, event: Input.Submitted) -> None:
        self.run_worker(self._sit(False), exclusive=True, group="friends")

    # -- host -----------------------------------------------------------------------
    async def _host(self) -> None:
        address = self.query_one("#address", Input).value.strip()
        fields: dict[str, Any] = {"ruleset": self.config.ruleset, "players": 2,
                                  "ai": self.config.ai}
        try:
            if address:
                inv = parse_invitation(address, need_code=False)
                if inv.code:
                    self.say("That is an invitation: Join sits down at it.")
                    return
                self.say(f"Creating a table on {inv.server}...")
                invitation = await create_table(inv.server, **fields,
                                                **self._rules())
            else:
                self.say("Starting a table server on this machine...")
                invitation = await self._own_server()
        except ValueError as error:
            self.say(str(error))
            return
        except (Unreachable, Refused) as error:
            self.say(str(error))
            return
        self.invitation = invitation
        self.query_one("#address", Input).value = invitation.url
        self.say(f"Invitation (give it to your friends): {invitation.url}\n"
                 f"They join with: mahjong-tui join {invitation.url} --name NAME\n"
                 "Join to sit down at it yourself.")

    def _rules(self) -> dict[str, Any]:
        if not self.config.rules:
            return {}
        from rules.ruleset import parse_override

        return {"rules": dict(parse_override(item) for item in self.config.rules)}

    async def _own_server(self) -> Invitation:
        """`mahjong-tui host` as a process of its own; the invitation it prints."""
        words = [sys.executable, "-m", "tui.cli", "host", "--players", "2",
                 "--ruleset", self.config.ruleset, "--ai", self.config.ai]
        for rule in self.config.rules:
            words += ["--rule", rule]
        log = None
        if self.data_dir is not None:
            self.data_dir.mkdir(parents=True, exist_ok=True)
            log = (self.data_dir / "host.log").open("a", encoding="utf-8")
        try:
            process = subprocess.Popen(
                words, stdout=subprocess.PIPE, stderr=log or subprocess.DEVNULL,
                stdin=subprocess.DEVNULL, text=True, start_new_session=True,
                cwd=str(Path(__file__).resolve().parents[2]),
            )
        finally:
            if log is not None:
                log.close()
        self.server_process = process
        stdout = process.stdout
        assert stdout is not None
        try:
            async with asyncio.timeout(HOST_WAIT):
                while True:
                    line = await asyncio.to_thread(stdout.readline)
                    if not line:
                        where = f" (see {self.data_dir / 'host.log'})" if self.data_dir else ""
                        raise Unreachable(f"the table server did not start{where}")
                    if line.startswith("invitation "):
                        return parse_invitation(line.split()[1])
        except TimeoutError:
            process.kill()
            raise Unreachable("the table server did not start in time") from None

    # -- join, watch -----------------------------------------------------------------
    async def _sit(self, watch: bool) -> None:
        from ..remote_play import RemoteSeatPlay, remote_table_screen

        address = self.query_one("#address", Input).value.strip()
        name = self.query_one("#name", Input).value.strip()
        try:
            invitation = parse_invitation(address)
        except ValueError as error:
            self.say(str(error))
            return
        if not watch and not name:
            self.say("Your name at the table, please (1 to 32 characters).")
            return
        self.say(f"Connecting to {invitation.server}...")
        try:
            if watch:
                from engine.server.remote_seat import RemoteTable

                remote = RemoteTable(invitation)
                await remote.open()
                self._watch(remote)
                return
            play = RemoteSeatPlay(invitation, name, self.data_dir)
            await play.open()
        except (Unreachable, Refused) as error:
            self.say(str(error))
            return
        self.say("")
        app = self.app
        if hasattr(app, "table_host"):
            app.table_host = None  # the game-end screen has no local record to add

        def over() -> None:
            app.pop_screen()

        def refused(problem: str) -> None:
            app.pop_screen()
            self.say(problem)

        app.push_screen(remote_table_screen(app, play, self.config, on_game_over=over,
                                            on_refused=refused))

    def _watch(self, remote: Any) -> None:
        from .watch import WatchScreen

        app = self.app

        async def connect(spectator: Any) -> None:
            try:
                await remote.attach(spectator)
            except Refused as error:
                self.say(str(error))

        screen = WatchScreen(connect, tile_style=self.config.tiles, lang=self.config.lang,
                             delay=self.config.delay, leave_app=False)

        def status(line: str) -> None:
            app.notify(line, title="Table server", timeout=8)
            screen.say(line)

        remote.on_status = status
        app.push_screen(screen)
