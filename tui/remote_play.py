"""Sitting down at a server's table: the seat token kept, the table screen on a remote host.

`RemoteSeatPlay` opens a `engine.server.remote_seat.RemoteTable` for a player: it
rejoins with a token this data directory kept for that table and name (a client
that was killed gets its seat back), else joins and keeps the new token
(`tui.seat_tokens`). `remote_table_screen` is the same `TableScreen` as a local
game — calls, aids, hints, result screens, the game end, `q` — whose `connect`
attaches its seat client to the remote table; a server lost or refused is said in
one line on the table's status line and as a notice, and the table stays as it was.
Both `mahjong-tui join` (`tui.remote_app`) and the launch screen's "Play with
friends" use them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.server.remote_seat import Invitation, Refused, RemoteTable

from .seat_tokens import HeldSeat, SeatTokens
from .settings import GameConfig


class RemoteSeatPlay:
    """One player's seat at a server's table, its token kept in `data_dir`."""

    def __init__(self, invitation: Invitation, name: str, data_dir: Path | None) -> None:
        self.invitation = invitation
        self.name = name
        self.tokens = SeatTokens(data_dir) if data_dir is not None else None
        self.held: HeldSeat | None = None
        self.remote: RemoteTable | None = None
        self.problem: str | None = None  # why the table could not be (or stay) played

    async def open(self) -> RemoteTable:
        """Rejoin with a kept token, else join (`Unreachable`, `Refused`)."""
        held = self.tokens.find(self.invitation, self.name) if self.tokens else None
        self.held = held
        remote = self._remote(held)
        try:
            await remote.open()
        except Refused as error:
            if held is None or error.code != "bad_token":
                raise
            self._forget()  # a token the server does not know: a new seat
            remote = self._remote(None)
            await remote.open()
        self.remote = remote
        return remote

    def _remote(self, held: HeldSeat | None) -> RemoteTable:
        return RemoteTable(
            self.invitation, name=self.name,
            seat=None if held is None else held.seat,
            token=None if held is None else held.token,
            on_token=self._keep,
        )

    def _keep(self, seat: int, token: str) -> None:
        if self.tokens is None:
            return
        try:
            self.held = self.tokens.keep(self.invitation, self.name, seat, token, self.held)
        except OSError:
            self.held = None  # not kept: a killed client then joins as a new player

    def _forget(self) -> None:
        if self.tokens is not None and self.held is not None:
            self.tokens.forget(self.held)
        self.held = None

    def finished(self) -> None:
        """After the attach: a game over forgets the token, else the lock is let go."""
        if self.remote is not None and self.remote.over:
            self._forget()
        elif self.held is not None:
            self.held.release()


def remote_table_screen(
    app: Any,
    play: RemoteSeatPlay,
    config: GameConfig,
    *,
    on_game_over: Callable[[], None],
    on_refused: Callable[[str], None],
) -> Any:
    """The table screen driven by the remote table `play` opened."""
    from .screens.table import TableScreen

    remote = play.remote
    assert remote is not None
    screen: TableScreen | None = None

    def status(line: str) -> None:
        app.notify(line, title="Table server", timeout=8)
        if screen is not None and screen.is_mounted:
            screen.say(line)

    remote.on_status = status

    async def connect(session: Any) -> None:
        if screen is not None and remote.view is None:  # until the game starts
            screen.say(f"Seated. Waiting for the other players: {remote.invitation.url}")
        try:
            await remote.attach(session)
        except Refused as error:
            play.problem = f"the table server refused the seat: {error}"
            status(play.problem)
            on_refused(play.problem)
        finally:
            play.finished()

    screen = TableScreen(config, seat=remote.seat, connect=connect, on_game_over=on_game_over)
    return screen
