"""`join`, `watch` and `host`: the Textual table on a server's table (issue #23).

An in-process table server on 127.0.0.1 (tsumogiri AIs, East-only games); the same
`TableScreen` as a local game, driven by `engine.server.remote_seat.RemoteTable`;
the seat token kept in the data directory so a client that was killed gets its seat
back; the spectator's screen; the commands' one-line refusals.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from pathlib import Path

from ai import LEVELS
from engine.actions import Discard, Pass, Ron, ShowTenpai, Tsumo
from engine.player_seat import PlayerSeat
from engine.server.app import TableServer
from engine.server.remote_seat import RemoteTable, create_table
from tui.remote_app import RemoteApp
from tui.screens.table import TableScreen
from tui.screens.watch import WatchScreen
from tui.seat_tokens import SeatTokens
from tui.settings import GameConfig

SHORT = {"game_length": "tonpuu"}
ROOT = Path(__file__).resolve().parent.parent


def ai(level: str, seat: int, seed: int) -> PlayerSeat:
    return PlayerSeat(LEVELS[level](seat, seed))


async def _server(tmp: Path | None = None) -> tuple[TableServer, str]:
    server = TableServer(ai, data=tmp, default_level="tsumogiri")
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}"


def _config() -> GameConfig:
    return GameConfig(delay=0.0, aids=True)


async def _asked(pilot, timeout: float = 20.0) -> TableScreen | None:
    """The table once it asks the player (None: a result screen is on top)."""
    app = pilot.app
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while loop.time() < end:
        screen = app.screen
        if isinstance(screen, TableScreen):
            if screen.decision is not None and not screen.decision.future.done() \
                    and not screen._render_pending:
                await pilot._wait_for_screen()
                return screen
        elif any(isinstance(s, TableScreen) for s in app.screen_stack):
            await pilot._wait_for_screen()
            return None
        await asyncio.sleep(0.005)
    raise TimeoutError(f"nothing to decide after {timeout}s (top: {type(app.screen).__name__})")


async def _play(pilot, decisions: int) -> list[type]:
    """Answer `decisions` questions by keys (win if offered, pass calls, discard)."""
    answered: list[type] = []
    while len(answered) < decisions:
        table = await _asked(pilot)
        if table is None:
            await pilot.press("enter")  # a hand's result
            continue
        kinds = {type(a) for a in table.decision.legal}
        key = ("t" if Tsumo in kinds or ShowTenpai in kinds else "o" if Ron in kinds
               else "n" if Pass in kinds else "enter")
        answered.append({"enter": Discard, "n": Pass, "o": Ron, "t": Tsumo}[key])
        before = table.decision
        await pilot.press(key)
        for _ in range(400):
            if table.decision is not before:
                break
            await asyncio.sleep(0.005)
    return answered


class _Auto:
    """A friend who answers every decision with the default (tsumogiri, pass)."""

    async def update(self, frame):
        pass

    async def decide(self, view):
        from engine.host import default_action

        return default_action(view)


def _text(app) -> str:
    return "\n".join("".join(s.text for s in strip)
                     for strip in app.screen._compositor.render_strips())


async def test_join_plays_several_decisions_at_the_textual_table(tmp_path):
    server, url = await _server(tmp_path / "server")
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = RemoteApp(inv, name="ann", config=_config(), data_dir=tmp_path / "me")
    async with app.run_test(size=(120, 40)) as pilot:
        answered: list[type] = []
        while answered.count(Discard) < 5 and len(answered) < 40:  # the deal is random:
            answered += await _play(pilot, 1)  # passes on offered calls come between
        assert answered.count(Discard) >= 5
        table = app.screen
        assert isinstance(table, TableScreen)
        assert table.human_seat == app.play.remote.seat == 0
        # The board is the seat's own view: its hand drawn from the folded stream.
        assert table.view is not None and len(table.view.own.tiles) >= 13
        assert "Enter" in _text(app)  # the same footer as a local game
        # The token is kept, readable by its owner only, and locked while playing.
        kept = list((tmp_path / "me" / "friends").glob("*.json"))
        assert len(kept) == 1 and oct(kept[0].stat().st_mode & 0o777) == "0o600"
        assert json.loads(kept[0].read_text())["seat"] == 0
        assert SeatTokens(tmp_path / "me").find(inv, "ann") is None  # held by this client
        await pilot.press("q")
    assert app.problem is None
    await server.stop()


async def test_a_killed_client_gets_its_seat_back_by_joining_again(tmp_path):
    server, url = await _server(tmp_path / "server")
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=2)
    other = RemoteTable(inv, name="bob")  # the friend, at seat 1, answering by itself

    class Bob:
        async def update(self, frame):
            pass

        async def decide(self, view):
            from engine.host import default_action

            return default_action(view)

    first = RemoteApp(inv, name="ann", config=_config(), data_dir=tmp_path / "me")
    async with first.run_test(size=(120, 40)) as pilot:
        while first.play is None or first.play.remote is None:
            await asyncio.sleep(0.01)
        await other.open()
        bob = asyncio.get_running_loop().create_task(other.attach(Bob()))
        await _play(pilot, 3)
        before = first.screen.view
        seat = first.play.remote.seat
        # Killed: the app goes without a word to the server (no game over, no leave).
    assert seat == 0 and before is not None
    # The data directory still holds the token, and it is free to take now.
    second = RemoteApp(inv, name="ann", config=_config(), data_dir=tmp_path / "me")
    async with second.run_test(size=(120, 40)) as pilot:
        answered = await _play(pilot, 3)
        assert len(answered) == 3
        table = second.screen
        assert isinstance(table, TableScreen) and table.human_seat == seat
        assert second.play.remote.token == first.play.remote.token  # rejoined, not joined
        assert table.view.seat == seat
        await pilot.press("q")
    bob.cancel()
    await server.stop()


async def test_the_seated_line_goes_when_the_game_starts_not_at_the_first_decision(tmp_path):
    """Ann joins first (seat 0, the dealer) and thinks a second before her first discard;
    Bob, at seat 1, sees the deal meanwhile: his status is no longer "Seated. Waiting..."."""
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=2)
    ann = RemoteTable(inv, name="ann")
    await ann.open()
    assert ann.seat == 0

    class SlowAnn:
        async def update(self, frame):
            pass

        async def decide(self, view):
            from engine.host import default_action

            await asyncio.sleep(1.5)
            return default_action(view)

    app = RemoteApp(inv, name="bob", config=_config(), data_dir=tmp_path / "me")
    async with app.run_test(size=(120, 40)) as pilot:
        while app.play is None or app.play.remote is None:
            await asyncio.sleep(0.01)
        playing = asyncio.get_running_loop().create_task(ann.attach(SlowAnn()))
        loop = asyncio.get_running_loop()
        end = loop.time() + 20
        table = app.screen
        while not (isinstance(table, TableScreen) and table.hands_started >= 1):
            assert loop.time() < end, "the game never started"
            await asyncio.sleep(0.01)
            table = app.screen
        await pilot.pause()
        assert table.decision is None  # Ann still thinks: Bob has nothing to decide yet
        assert "Seated" not in table.status
        assert "Seated" not in _text(app)
        await pilot.press("q")
    playing.cancel()
    await server.stop()


async def test_two_clients_on_one_machine_do_not_take_each_others_seat(tmp_path):
    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=2)
    tokens = SeatTokens(tmp_path)
    held = tokens.keep(inv, "ann", 0, "secret-0")
    assert tokens.find(inv, "ann") is None  # locked by the client playing it
    assert tokens.find(inv, "bob") is None  # nor another name's
    held.release()
    found = tokens.find(inv, "ann")
    assert found is not None and (found.seat, found.token) == (0, "secret-0")
    tokens.forget(found)
    assert tokens.find(inv, "ann") is None
    await server.stop()


async def test_watch_shows_the_public_table_and_no_concealed_tile(tmp_path, monkeypatch):
    told: list = []
    real = WatchScreen.on_watch_screen_told

    def record(self, message):
        told.append(message.frame)
        return real(self, message)

    monkeypatch.setattr(WatchScreen, "on_watch_screen_told", record)
    server, url = await _server(tmp_path)
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = RemoteApp(inv, name=None, config=GameConfig(delay=0.0), data_dir=tmp_path / "me")
    async with app.run_test(size=(120, 40)) as pilot:
        while not isinstance(app.screen, WatchScreen):
            await asyncio.sleep(0.01)
        player = RemoteTable(inv, name="ann")
        await player.open()

        class Auto:
            async def update(self, frame):
                pass

            async def decide(self, view):
                from engine.host import default_action

                return default_action(view)

        await asyncio.wait_for(player.attach(Auto()), 60)
        screen = app.screen
        def ended() -> int:
            return sum(type(e).__name__ == "HandEnded" for f in told for e in f.events)

        for _ in range(600):  # the game over, and its last hand opened
            if screen.over and sum(not f.events for f in told) == ended():
                break
            await asyncio.sleep(0.05)
        await pilot.pause()
        assert screen.over
        assert "watching" in _text(app)
        assert "You" not in _text(app)  # a spectator is nobody's "You"
        log = "\n".join(screen.query_one("#log").data.lines)
        assert "—" in log  # the hands' headings
    ends = {"Won", "ExhaustiveDraw", "TenpaiDeclared", "HandEnded", "GameEnded"}
    in_play = [f.view for f in told
               if f.events and not any(type(e).__name__ in ends for e in f.events)]
    assert len(in_play) > 20 and all(
        not v.own.tiles and v.own.drawn is None
        and not any(i.concealed or i.shown for i in v.seats)
        for v in in_play
    )
    # Each ended hand was drawn open (the server's `opened`: a frame of no events).
    opened = [f.view for f in told if not f.events]
    hands = sum(type(e).__name__ == "HandEnded" for f in told for e in f.events)
    assert len(opened) == hands >= 4
    assert all(v.own.tiles and all(i.shown for i in v.seats if i.seat != v.seat)
               for v in opened)
    await server.stop()


# --------------------------------------------------------------------------- the commands


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["MAHJONG_TUI_DATA"] = str(tmp / "data")
    env["XDG_CONFIG_HOME"] = str(tmp / "config")
    env["PYTHONPATH"] = str(ROOT)
    return env


def _dead_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_join_and_watch_a_dead_url_are_one_line_and_exit_2(tmp_path):
    port = _dead_port()
    for words in (["join", f"ws://127.0.0.1:{port}/abc", "--name", "ann"],
                  ["watch", f"ws://127.0.0.1:{port}/abc"],
                  ["join", "http://127.0.0.1/abc"],
                  ["host", f"ws://127.0.0.1:{port}"]):
        done = subprocess.run([sys.executable, "-m", "tui.cli", *words], capture_output=True,
                              text=True, timeout=60, env=_env(tmp_path), cwd=ROOT)
        assert done.returncode == 2, (words, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("mahjong-tui: error: "), done.stderr
        assert "Traceback" not in done.stderr


async def test_host_prints_the_invitation_and_serves_its_table(tmp_path):
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "host", "--players", "1", "--rule",
        "game_length=\"tonpuu\"", "--ai", "tsumogiri", cwd=ROOT, env=_env(tmp_path),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        lines = []
        async with asyncio.timeout(30):
            while not any(line.startswith("invitation ") for line in lines):
                lines.append((await proc.stdout.readline()).decode().rstrip("\n"))
        assert lines[0].startswith("listening on ws://127.0.0.1:")
        url = next(line for line in lines if line.startswith("invitation ")).split()[1]
        from engine.server.remote_seat import parse_invitation

        inv = parse_invitation(url)
        assert len(inv.code) >= 32  # 192 bits, URL-safe
        player = RemoteTable(inv, name="ann")
        await player.open()
        assert player.seat == 0

        class Auto:
            async def update(self, frame):
                pass

            async def decide(self, view):
                from engine.host import default_action

                return default_action(view)

        await asyncio.wait_for(player.attach(Auto()), 90)
        # The table over, the host's server stops by itself, its table in the history.
        code = await asyncio.wait_for(proc.wait(), 30)
        assert code == 0
        history = (tmp_path / "data" / "server" / "history.jsonl").read_text().splitlines()
        assert len(history) == 1 and json.loads(history[0])["names"][0] == "ann"
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def test_host_on_a_server_creates_the_table_and_prints_it(tmp_path):
    server, url = await _server()
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "host", url, "--players", "2", cwd=ROOT,
        env=_env(tmp_path), stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(), 60)
    assert proc.returncode == 0, err
    line = out.decode().splitlines()[0]
    assert line.startswith(f"invitation {url}/")
    code = line.split()[1].rsplit("/", 1)[1]
    assert code in server.tables
    await server.stop()


# --------------------------------------------------------------------------- the launch screen


async def test_play_with_friends_from_the_launch_screen_hosts_and_joins(tmp_path):
    from textual.widgets import Input

    from tui.app import MahjongApp
    from tui.screens.friends import FriendsScreen
    from tui.screens.launch import LaunchScreen

    server, url = await _server(tmp_path / "server")
    app = MahjongApp(data_dir=tmp_path / "me", delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert "friends · h stats" in _text(app).lower()  # the key line names it
        await pilot.press("f")
        await pilot.pause()
        friends = app.screen
        assert isinstance(friends, FriendsScreen)
        # A dead server: one line, and the screen stays.
        friends.query_one("#address", Input).value = f"ws://127.0.0.1:{_dead_port()}/abc"
        await pilot.click("#join")
        for _ in range(200):
            if friends.note.startswith("cannot reach"):
                break
            await asyncio.sleep(0.02)
        assert friends.note.startswith("cannot reach the table server") and "\n" not in friends.note
        assert app.screen is friends
        # Host on the server: the invitation shown and put in the field; Join sits down.
        friends.query_one("#address", Input).value = url
        await pilot.click("#host")
        for _ in range(200):
            if friends.invitation is not None:
                break
            await asyncio.sleep(0.02)
        invitation = friends.invitation
        assert invitation is not None and invitation.code in server.tables
        assert invitation.url in friends.note
        assert friends.query_one("#address", Input).value == invitation.url
        await pilot.click("#join")
        bob = RemoteTable(invitation, name="bob")  # the friend (the table is for two)
        for _ in range(200):
            if any(isinstance(s, TableScreen) for s in app.screen_stack):
                break
            await asyncio.sleep(0.02)
        await bob.open()
        playing = asyncio.get_running_loop().create_task(bob.attach(_Auto()))
        answered = await _play(pilot, 3)
        assert len(answered) == 3
        table = app.screen
        assert isinstance(table, TableScreen) and table.human_seat == 0
        assert server.tables[invitation.code].names[0] == friends.player
        await pilot.press("q")
    playing.cancel()
    await server.stop()


async def test_a_remote_game_ends_on_the_game_end_screen_and_forgets_its_token(tmp_path):
    from tui.screens.game_end import GameEndScreen

    server, url = await _server(tmp_path / "server")
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = RemoteApp(inv, name="ann", config=_config(), data_dir=tmp_path / "me")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(3000):
            if isinstance(app.screen, GameEndScreen):
                break
            table = await _asked(pilot, timeout=30)
            if isinstance(app.screen, GameEndScreen):
                break
            if table is None:
                await pilot.press("enter")  # a hand's result
                continue
            kinds = {type(a) for a in table.decision.legal}
            await pilot.press("n" if Pass in kinds else "enter")
        assert isinstance(app.screen, GameEndScreen)
        await pilot.pause()
        assert "game over" in _text(app).lower()
        await pilot.press("enter")
        await pilot.pause()
    assert app.problem is None and not app.is_running
    assert not list((tmp_path / "me" / "friends").glob("*.json"))  # the game is over
    await server.stop()


async def test_join_an_unknown_table_ends_the_app_with_one_line(tmp_path):
    server, url = await _server()
    from engine.server.remote_seat import Invitation

    app = RemoteApp(Invitation(url, "no-such-table"), name="ann", config=_config(),
                    data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            if app.problem is not None:
                break
            await asyncio.sleep(0.02)
        await pilot.pause()
    assert app.problem == "no table has this invitation"
    await server.stop()


def test_a_hosted_table_nobody_comes_to_is_abandoned():
    import time
    from types import SimpleNamespace

    from tui.commands.friends import abandoned

    old = time.monotonic() - 700
    assert abandoned(SimpleNamespace(state="waiting", tokens=[None] * 4, created=old), 600)
    assert not abandoned(SimpleNamespace(state="waiting", tokens=["x", None, None, None],
                                         created=old), 600)
    assert not abandoned(SimpleNamespace(state="waiting", tokens=[None] * 4,
                                         created=time.monotonic()), 600)
    assert not abandoned(SimpleNamespace(state="playing", tokens=[None] * 4, created=old), 600)


async def test_watch_from_the_launch_screen_and_q_goes_back(tmp_path):
    from textual.widgets import Input

    from tui.app import MahjongApp
    from tui.screens.friends import FriendsScreen

    server, url = await _server()
    inv = await create_table(url, ruleset="wrc", rules=SHORT, players=1)
    app = MahjongApp(data_dir=tmp_path / "me", delay=0.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        friends = app.screen
        assert isinstance(friends, FriendsScreen)
        friends.query_one("#address", Input).value = inv.url
        await pilot.click("#watch")
        for _ in range(200):
            if isinstance(app.screen, WatchScreen):
                break
            await asyncio.sleep(0.02)
        assert isinstance(app.screen, WatchScreen)
        await pilot.press("q")
        await pilot.pause()
        assert app.screen is friends and app.is_running
    await server.stop()
