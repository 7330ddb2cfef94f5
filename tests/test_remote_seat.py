"""The remote seat transport (`engine.server.remote_seat`) against an in-process server on
127.0.0.1: the table screen's host interface (`attach(client)`: frames told, decisions
asked) fed by the websocket; the reconnect that keeps what the seat was told; the
spectator's frames; the server's history of finished tables (issue #23)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai import LEVELS
from engine.frames import Frame
from engine.host import default_action
from engine.player_seat import PlayerSeat
from engine.seat_view import SeatView
from engine.server import history
from engine.server.app import TableServer
from engine.server.remote_seat import (
    Invitation,
    Refused,
    RemoteTable,
    Unreachable,
    create_table,
    parse_invitation,
)
from engine.storage.game_log import replay

SHORT = {"game_length": "tonpuu"}


def ai(level: str, seat: int, seed: int) -> PlayerSeat:
    return PlayerSeat(LEVELS[level](seat, seed))


async def _server(tmp: Path | None = None, **kwargs) -> tuple[TableServer, str]:
    server = TableServer(ai, data=tmp, default_level="tsumogiri", **kwargs)
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}"


class Autopilot:
    """A seat client as the table screen's `TableSession` is one: frames, decisions."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.frames: list[Frame] = []
        self.asked: list[SeatView] = []
        self.stop_after = stop_after
        self.stopped = asyncio.Event()

    async def update(self, frame: Frame) -> None:
        self.frames.append(frame)

    async def decide(self, view: SeatView):
        self.asked.append(view)
        if self.stop_after is not None and len(self.asked) > self.stop_after:
            self.stopped.set()
            await asyncio.Event().wait()  # never answers: the client is "killed" here
        return default_action(view)

    def events(self) -> list[str]:
        return [type(e).__name__ for f in self.frames for e in f.events]


def test_an_invitation_url_is_the_server_and_the_code():
    inv = parse_invitation("ws://127.0.0.1:8765/abcDEF_-1")
    assert inv == Invitation("ws://127.0.0.1:8765", "abcDEF_-1")
    assert inv.url == "ws://127.0.0.1:8765/abcDEF_-1"
    for bad in ("http://x/y", "ws://127.0.0.1:8765", "ws://h:1/a/b", "nonsense"):
        with pytest.raises(ValueError):
            parse_invitation(bad)


async def test_a_remote_seat_plays_a_whole_game_through_the_hosts_interface(tmp_path):
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    remote = RemoteTable(inv, name="ann")
    await remote.open()
    assert remote.seat == 0 and remote.token
    client = Autopilot()
    await asyncio.wait_for(remote.attach(client), 60)
    assert remote.over
    assert client.asked, "the seat was asked to decide"
    names = client.events()
    assert names[0] == "Seated" and "GameEnded" in names
    # The view the seat client was told is the fold of its events; it matches the game.
    await asyncio.sleep(0.2)
    saved = await server.stop()
    game = replay(saved[0])
    assert game.is_over
    assert tuple(s.score for s in client.frames[-1].view.seats) == tuple(game.scores)
    # ... and no other seat's concealed tile ever reached this seat.
    for frame in client.frames:
        for info in frame.view.seats:
            if info.seat != 0 and frame.view.phase != "over":
                assert not info.concealed or any(
                    type(e).__name__ in ("Won", "ExhaustiveDraw", "TenpaiDeclared",
                                         "HandEnded") for e in frame.events)


async def test_the_table_ends_in_the_servers_history_replayable_and_exportable(tmp_path):
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    remote = RemoteTable(inv, name="ann")
    await remote.open()
    await asyncio.wait_for(remote.attach(Autopilot()), 60)
    for _ in range(50):
        if history.read(tmp_path):
            break
        await asyncio.sleep(0.05)
    lines = history.read(tmp_path)
    assert len(lines) == 1
    line = lines[0]
    assert line["table"] == remote.table_id and line["names"][0] == "ann"
    log = tmp_path / line["log"]
    game = replay(log)
    assert line["final_scores"] == list(game.scores)
    await server.stop()
    summary = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(log), "--summary", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert summary.returncode == 0, summary.stderr
    end = json.loads(summary.stdout.strip().splitlines()[-1])
    assert end["final_scores"] == list(game.scores)
    export = subprocess.run(
        [sys.executable, "-m", "tui.cli", "export", "--format", "mjai", str(log)],
        capture_output=True, text=True, timeout=60,
    )
    assert export.returncode == 0, export.stderr
    assert json.loads(export.stdout.splitlines()[-1])["type"] == "end_game"


async def test_a_lost_server_is_said_in_one_line_and_the_seat_comes_back(tmp_path):
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    said: list[str] = []
    remote = RemoteTable(inv, name="ann", on_status=said.append, retry=(0.05,))
    await remote.open()
    client = Autopilot()
    task = asyncio.get_running_loop().create_task(remote.attach(client))
    while len(client.asked) < 3:
        await asyncio.sleep(0.01)
    told = len(client.frames)
    assert remote.ws is not None
    await remote.ws.close()  # the connection drops (the server lives on)
    await asyncio.wait_for(task, 60)
    assert remote.reconnects >= 1
    assert any(line.startswith("lost the table server") for line in said)
    assert "back at the table" in said
    assert all("\n" not in line for line in said)
    # What the seat client had is kept: nothing told twice, the game followed to its end.
    assert len(client.frames) > told and remote.over
    names = client.events()
    assert names.count("Seated") == 1 and names.count("GameStarted") == 1
    await server.stop()


async def test_a_killed_client_gets_its_seat_back_with_its_token(tmp_path):
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    first = RemoteTable(inv, name="ann")
    await first.open()
    seat, token = first.seat, first.token
    stuck = Autopilot(stop_after=2)
    task = asyncio.get_running_loop().create_task(first.attach(stuck))
    await asyncio.wait_for(stuck.stopped.wait(), 30)
    task.cancel()  # the client is gone without a word
    with pytest.raises(asyncio.CancelledError):
        await task
    # A new client with the kept token: the same seat, the hand so far, then play on.
    back = RemoteTable(inv, name="ann", seat=seat, token=token)
    await back.open()
    assert back.seat == seat
    client = Autopilot()
    await asyncio.wait_for(back.attach(client), 60)
    assert back.over and client.asked
    assert client.frames[0].view.seat == seat
    # A wrong token is refused in a line.
    bad = RemoteTable(inv, name="ann", seat=seat, token="x" * 43)
    with pytest.raises(Refused) as refused:
        await bad.open()
    assert refused.value.code in ("bad_token", "no_table")
    await server.stop()


async def test_a_spectator_is_told_no_concealed_tile_until_a_hand_is_over(tmp_path):
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    watcher = RemoteTable(inv)
    await watcher.open()
    seen = Autopilot()
    watching = asyncio.get_running_loop().create_task(watcher.attach(seen))
    player = RemoteTable(inv, name="ann")
    await player.open()
    await asyncio.wait_for(player.attach(Autopilot()), 60)
    await asyncio.wait_for(watching, 30)
    assert not seen.asked
    opened = 0
    for frame in seen.frames:
        ended = any(type(e).__name__ in ("Won", "ExhaustiveDraw", "HandEnded", "GameEnded")
                    for e in frame.events)
        for event in frame.events:
            if type(event).__name__ == "Drew":
                assert event.tile is None
            if type(event).__name__ == "Dealt":
                assert all(not hand for hand in event.hands)
        assert not any(info.concealed for info in frame.view.seats)
        shown = [info for info in frame.view.seats if info.shown]
        if not frame.events:  # the server's `opened`: the ended hand, every hand open
            view = frame.view
            assert view.own.tiles and all(i.shown for i in view.seats if i.seat != view.seat)
            opened += 1
        elif shown:
            assert ended, "a hand is shown only as it ends"
        if frame.events:
            assert not frame.view.own.tiles and frame.view.own.drawn is None
    hands = sum(type(e).__name__ == "HandEnded" for f in seen.frames for e in f.events)
    assert opened == hands >= 4, "each hand is opened once it is over"
    await server.stop()


async def test_an_unreachable_server_and_an_unknown_table_are_one_line():
    with pytest.raises(Unreachable) as gone:
        await RemoteTable(Invitation("ws://127.0.0.1:9", "x"), name="a").open()
    assert "\n" not in str(gone.value) and "127.0.0.1:9" in str(gone.value)
    server, url = await _server()
    with pytest.raises(Refused) as refused:
        await RemoteTable(Invitation(url, "nope"), name="a").open()
    assert refused.value.code == "no_table"
    await server.stop()


async def test_a_server_gone_after_the_game_ended_is_not_a_lost_server(tmp_path):
    """A spectator still showing the game (paced) when the server goes after its end:
    the rest is told from what was read, and nothing says the server was lost."""
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    said: list[str] = []
    watcher = RemoteTable(inv, on_status=said.append, retry=(0.05,))
    await watcher.open()
    gate = asyncio.Event()

    class Slow(Autopilot):
        async def update(self, frame):
            await gate.wait()  # the spectator's screen is behind
            await super().update(frame)

    seen = Slow()
    watching = asyncio.get_running_loop().create_task(watcher.attach(seen))
    player = RemoteTable(inv, name="ann")
    await player.open()
    await asyncio.wait_for(player.attach(Autopilot()), 60)
    await asyncio.sleep(0.3)
    await server.stop()  # the server goes (a `host` stops once its table is over)
    await asyncio.sleep(0.3)
    gate.set()
    await asyncio.wait_for(watching, 30)
    assert watcher.over and "GameEnded" in seen.events()
    assert not any(line.startswith("lost") for line in said), said


async def test_a_restarted_server_keeps_the_seat_for_its_player_to_come_back(tmp_path):
    """The server stops (or is killed) mid-hand and starts again from its data: the table
    goes on, but a seat whose player is away is not played by the AI at once — the player's
    client, retrying, finds the hand where it left it."""
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    first = RemoteTable(inv, name="ann")
    await first.open()
    seat, token = first.seat, first.token
    stuck = Autopilot(stop_after=4)
    task = asyncio.get_running_loop().create_task(first.attach(stuck))
    await asyncio.wait_for(stuck.stopped.wait(), 30)
    before = stuck.asked[-1]
    await server.stop()
    task.cancel()
    with pytest.raises((asyncio.CancelledError, Exception)):
        await task
    port = int(url.rsplit(":", 1)[1])
    again = TableServer(ai, data=tmp_path, default_level="tsumogiri")
    await again.start("127.0.0.1", port)
    await asyncio.sleep(1.5)  # the client's retries take a moment
    back = RemoteTable(inv, name="ann", seat=seat, token=token)
    await back.open()
    client = Autopilot(stop_after=0)
    resumed = asyncio.get_running_loop().create_task(back.attach(client))
    await asyncio.wait_for(client.stopped.wait(), 30)
    now = client.asked[0]
    assert (now.round_wind, now.hand_number, now.honba) == (
        before.round_wind, before.hand_number, before.honba)
    assert len(now.seats[seat].river) == len(before.seats[seat].river)
    resumed.cancel()
    await again.stop()


async def test_a_fold_out_of_step_reloads_the_hand_and_plays_on(tmp_path, monkeypatch):
    """The client's fold does not match the server's checksum once: it says so, comes
    back in for the whole hand (the resume's view, not its own) and plays on."""
    import engine.server.remote_seat as remote_seat

    real = remote_seat.view_checksum
    calls = {"n": 0}

    def once_wrong(view):  # once, in the middle of a hand (not at its deal)
        if not calls["n"] and view.wall.tiles_left < 60:
            calls["n"] += 1
            return "0" * 16
        return real(view)

    monkeypatch.setattr(remote_seat, "view_checksum", once_wrong)
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    said: list[str] = []
    remote = RemoteTable(inv, name="ann", on_status=said.append, retry=(0.05,))
    await remote.open()
    client = Autopilot()
    await asyncio.wait_for(remote.attach(client), 60)
    assert remote.over and remote.reconnects == 1
    assert any("out of step" in line for line in said)
    game = replay((await server.stop())[0])
    assert tuple(s.score for s in client.frames[-1].view.seats) == tuple(game.scores)
    # Nothing told twice: one deal per hand of the game, one GameStarted.
    names = client.events()
    assert names.count("GameStarted") == 1
    assert names.count("HandStarted") == sum(type(e).__name__ == "HandStarted"
                                             for e in game.events)
