"""mjai rooms (`serve --mjai-port`, gimite's TCP protocol) on 127.0.0.1 (issue #23).

Four scripted TCP clients play a whole game in a room; our own `mahjong-tui bot` (a
subprocess, through a line-for-line bridge) plays one; the AI fills a room's empty
seats when the server says so; no hidden tile reaches a seat's lines (the no-leak
test of tests/test_server.py: a seat's lines are the same when what it may not see
changes); bad lines get an `error` line and never stop the server or the table.
"""

from __future__ import annotations

import asyncio
import json
import random
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mjai_tcp_client import TcpBot
from test_server import _other_wall, ai

from engine.game import Game
from engine.server.app import Limits, TableServer
from engine.server.mjai_rooms import HELLO, MjaiRooms
from engine.storage.game_log import replay
from engine.wall import shuffled_tiles
from rules.ruleset import ALL_PRESET_IDS, Ruleset, load_preset

PY = shlex.quote(sys.executable)
ROOT = Path(__file__).resolve().parent.parent


def _east_only(rules: Ruleset) -> Game:
    """A room's game, East round only (the tests play many whole games)."""
    return Game.new(rules.with_overrides({"game_length": "tonpuu"}), 11)


async def _rooms(tmp: Path | None = None, *, factory=None, limits: Limits | None = None,
                 **kwargs: Any) -> tuple[TableServer, MjaiRooms, int]:
    server = TableServer(ai, data=tmp, default_level="tsumogiri", limits=limits,
                         game_factory=factory or _east_only)
    await server.start("127.0.0.1", 0)
    rooms = MjaiRooms(server, **kwargs)
    port = await rooms.start("127.0.0.1", 0)
    return server, rooms, port


async def _stop(server: TableServer, rooms: MjaiRooms) -> None:
    await rooms.stop()
    await server.stop()


def _events(bot: TcpBot) -> list[dict[str, Any]]:
    return [json.loads(t) for t in bot.lines]


def _masked(bot: TcpBot) -> None:
    """No tile of another seat's hand or draw in this client's lines."""
    me = bot.me
    assert me is not None
    for event in _events(bot):
        if event["type"] == "start_kyoku":
            for seat, hand in enumerate(event["tehais"]):
                assert (seat == me) == (hand != ["?"] * 13), event
        if event["type"] == "tsumo":
            assert (event["actor"] == me) == (event["pai"] != "?"), event


# --------------------------------------------------------------------------- whole games


async def test_four_scripted_clients_play_a_whole_game_in_a_room(tmp_path):
    server, rooms, port = await _rooms(tmp_path)
    bots = [TcpBot(f"bot{i}", "r1") for i in range(4)]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    for seat, bot in enumerate(bots):
        events = _events(bot)
        assert events[0] == HELLO
        assert events[1]["type"] == "start_game" and events[1]["id"] == seat
        assert events[1]["names"] == ["bot0", "bot1", "bot2", "bot3"]
        assert events[-1]["type"] == "end_game"
        assert bot.errors == []
        _masked(bot)
    # The same game for everyone: the lines differ only where a seat may not see.
    kinds = [[e["type"] for e in _events(b)] for b in bots]
    assert all(k == kinds[0] for k in kinds)
    await _stop(server, rooms)
    logs = list(tmp_path.glob("table-*.jsonl"))
    assert len(logs) == 1
    game = replay(logs[0].read_text().splitlines())
    assert game.is_over and game.ruleset.id == "tenhou"
    meta = json.loads(logs[0].with_suffix(".json").read_text())
    assert meta["state"] == "over" and meta["names"] == ["bot0", "bot1", "bot2", "bot3"]


@pytest.mark.slow  # three whole games: about 20 s on the shared machine
async def test_rooms_are_apart_and_a_room_is_free_again_once_it_starts():
    server, rooms, port = await _rooms()
    a = [TcpBot(f"a{i}", "same") for i in range(4)]
    b = [TcpBot(f"b{i}", "same") for i in range(4)]
    c = [TcpBot(f"c{i}", "other") for i in range(4)]
    await asyncio.wait_for(asyncio.gather(*(x.play(port) for x in a + c)), 60)
    await asyncio.wait_for(asyncio.gather(*(x.play(port) for x in b)), 60)
    for group in (a, b, c):
        names = _events(group[0])[1]["names"]
        assert names == [x.name for x in group]
        assert all(_events(x)[-1]["type"] == "end_game" for x in group)
    await _stop(server, rooms)


async def test_the_ai_fills_the_empty_seats_when_the_server_says_so():
    server, rooms, port = await _rooms(fill=0.2)
    bot = TcpBot("alone", "solo")
    await asyncio.wait_for(bot.play(port), 60)
    events = _events(bot)
    assert events[1]["names"] == ["alone", "AI (tsumogiri)", "AI (tsumogiri)", "AI (tsumogiri)"]
    assert events[-1]["type"] == "end_game" and bot.errors == []
    _masked(bot)
    await _stop(server, rooms)


async def test_without_fill_a_room_waits_for_four():
    server, rooms, port = await _rooms()
    bots = [TcpBot(f"w{i}", "wait") for i in range(3)]
    tasks = [asyncio.create_task(b.play(port)) for b in bots]
    await asyncio.sleep(0.5)
    assert all(len(b.lines) == 1 for b in bots)  # hello, and nothing since
    assert len(rooms.rooms["wait"].lines) == 3
    await _stop(server, rooms)
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    assert not rooms.rooms


class _Bridge:
    """A subprocess speaking mjai.app's stdio dialect seated through the TCP room: each
    event line goes to it as a one-event array; its one answer line goes back."""

    def __init__(self, command: str, room: str) -> None:
        self.command, self.room = command, room
        self.lines: list[str] = []

    async def play(self, port: int) -> int:
        proc = await asyncio.create_subprocess_shell(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=ROOT,
        )
        assert proc.stdin is not None and proc.stdout is not None
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while raw := await reader.readline():
                event = json.loads(raw)
                self.lines.append(raw.decode().strip())
                if event["type"] == "hello":
                    reply = json.dumps({"type": "join", "name": "ours", "room": self.room})
                else:
                    assert event["type"] != "error", event
                    proc.stdin.write((json.dumps([event]) + "\n").encode())
                    await proc.stdin.drain()
                    reply = (await proc.stdout.readline()).decode().strip()
                writer.write((reply + "\n").encode())
                await writer.drain()
        finally:
            writer.close()
            proc.stdin.close()
            code = await proc.wait()
        return code


async def test_our_own_bot_as_a_subprocess_plays_a_whole_game_in_a_room(caplog):
    server, rooms, port = await _rooms()
    ours = _Bridge(f"{PY} -m tui.cli bot --level easy", "mixed")
    bots = [TcpBot(f"t{i}", "mixed") for i in range(3)]
    code = await asyncio.wait_for(
        asyncio.gather(ours.play(port), *(b.play(port) for b in bots)), 120
    )
    assert code[0] == 0
    events = [json.loads(t) for t in ours.lines]
    assert events[-1]["type"] == "end_game"
    # Our bot acted (discarded) and never timed out or answered illegally.
    assert not [r for r in caplog.records if "mjai seat" in r.getMessage()]
    assert any(e["type"] == "dahai" and e["actor"] == 0 for e in events)
    await _stop(server, rooms)


# --------------------------------------------------------------------------- no leak


async def _first_hand_lines(ruleset: Ruleset, wall: list, focus: int) -> list[str]:
    """Seat `focus`'s lines of the first hand (to its first `hora`/`ryukyoku`) of four
    tsumogiri clients."""

    class Until(TcpBot):
        def answer(self, event):
            if event["type"] in ("hora", "ryukyoku", "end_kyoku"):
                raise asyncio.CancelledError
            return super().answer(event)

    server, rooms, port = await _rooms(factory=lambda r: Game.new(r, 5, wall=wall),
                                       ruleset=ruleset.id)
    bots = [Until(f"p{i}", "leak") for i in range(4)]
    await asyncio.wait_for(
        asyncio.gather(*(b.play(port) for b in bots), return_exceptions=True), 60
    )
    await _stop(server, rooms)
    return bots[focus].lines


@pytest.mark.parametrize("focus", [0, 1, 2, 3])
async def test_no_leak_a_seats_lines_are_the_same_when_hidden_tiles_change(focus):
    ruleset = load_preset("tenhou")
    wall = shuffled_tiles(random.Random(7), ruleset.red_fives)
    other = _other_wall(wall, focus)
    assert other != wall
    a = await _first_hand_lines(ruleset, wall, focus)
    b = await _first_hand_lines(ruleset, other, focus)
    assert len(a) > 100
    assert a == b
    # Another seat's lines do change: the hidden tiles were there to leak.
    c = await _first_hand_lines(ruleset, other, (focus + 1) % 4)
    d = await _first_hand_lines(ruleset, wall, (focus + 1) % 4)
    assert c != d


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
@pytest.mark.parametrize("focus", [0, 2])
async def test_no_leak_in_a_room_on_every_preset(preset, focus):
    ruleset = load_preset(preset)
    wall = shuffled_tiles(random.Random(13), ruleset.red_fives)
    other = _other_wall(wall, focus)
    assert await _first_hand_lines(ruleset, wall, focus) == await _first_hand_lines(
        ruleset, other, focus
    )


# --------------------------------------------------------------------------- bad input


async def _talk(port: int, *lines: bytes) -> list[dict[str, Any]]:
    """Connect, write `lines` after the hello, read until the server closes."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        out = [json.loads(await reader.readline())]
        for line in lines:
            writer.write(line)
        await writer.drain()
        while raw := await asyncio.wait_for(reader.readline(), 10):
            out.append(json.loads(raw))
    except (ConnectionError, asyncio.IncompleteReadError):
        pass
    finally:
        writer.close()
    return out


async def test_bad_join_lines_get_an_error_and_the_line_is_closed():
    server, rooms, port = await _rooms(limits=Limits(max_size=1024))
    cases = [
        b"not json\n",
        b"[1, 2]\n",
        b'{"type": "hello"}\n',
        b'{"type": "join", "name": 3, "room": "r"}\n',
        b'{"type": "join", "name": "x", "room": ""}\n',
        b'{"type": "join", "name": "' + b"n" * 40 + b'", "room": "r"}\n',
        b'{"type": "join", "name": "x", "room": "' + b"r" * 2000 + b'"}\n',
    ]
    for case in cases:
        out = await _talk(port, case)
        assert out[0] == HELLO
        assert len(out) == 2 and out[1]["type"] == "error" and out[1]["message"], (case, out)
    assert not rooms.rooms and not server.addresses
    # The server still seats four good clients after all that.
    bots = [TcpBot(f"ok{i}", "r") for i in range(4)]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    assert all(_events(b)[-1]["type"] == "end_game" for b in bots)
    await _stop(server, rooms)


async def test_too_many_connections_from_one_address_are_refused():
    server, rooms, port = await _rooms(limits=Limits(per_address=2))
    held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(2)]
    for reader, _ in held:
        assert json.loads(await reader.readline()) == HELLO
    out = await _talk(port)
    assert out[0]["type"] == "error" and "at most 2" in out[0]["message"]
    for _, writer in held:
        writer.close()
    await _stop(server, rooms)


async def test_wrong_answers_in_play_get_an_error_line_and_the_game_goes_on(caplog):
    class Chatty(TcpBot):
        """Answers a call nobody offered to every other seat's discard."""

        def answer(self, event):
            if event["type"] == "dahai" and event["actor"] != self.me:
                return {"type": "pon", "actor": self.me, "pai": "Z", "consumed": []}
            return super().answer(event)

    server, rooms, port = await _rooms()
    bots = [Chatty("chatty", "bad"), *(TcpBot(f"g{i}", "bad") for i in range(3))]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    assert bots[0].errors and all("does not let you act" in e or "not legal" in e
                                  or "not a tile" in e for e in bots[0].errors)
    assert all(_events(b)[-1]["type"] == "end_game" for b in bots)
    assert all(b.errors == [] for b in bots[1:])
    await _stop(server, rooms)


async def test_illegal_decisions_take_the_default_action_with_a_log_line(caplog):
    server, rooms, port = await _rooms()
    bots = [TcpBot("bad", "ill", mode="illegal"), *(TcpBot(f"g{i}", "ill") for i in range(3))]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    assert all(_events(b)[-1]["type"] == "end_game" for b in bots)
    assert bots[0].errors and all("not legal" in e for e in bots[0].errors)
    logged = [r.getMessage() for r in caplog.records if "mjai seat 0" in r.getMessage()]
    assert logged and all("played Discard(seat=0" in m for m in logged)
    await _stop(server, rooms)


def test_serve_opens_mjai_rooms_and_refuses_bad_mjai_flags(tmp_path):
    base = [sys.executable, "-m", "tui.cli", "serve", "--port", "0", "--data", str(tmp_path)]
    for flags, words in ((["--mjai-port", "70000"], "--mjai-port"),
                         (["--mjai-port", "0", "--mjai-fill", "-1"], "--mjai-fill"),
                         (["--mjai-port", "0", "--mjai-timeout", "0"], "--mjai-timeout"),
                         (["--mjai-port", "0", "--ruleset", "nope"], "nope")):
        done = subprocess.run(base + flags, capture_output=True, text=True, cwd=ROOT, timeout=30)
        assert done.returncode == 2, flags
        assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1
    proc = subprocess.Popen([*base, "--mjai-port", "0", "--mjai-fill", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().startswith("listening on ws://127.0.0.1:")
        where = proc.stdout.readline().strip()
        assert where.startswith("mjai rooms on mjsonp://127.0.0.1:")
        port = int(where.rsplit(":", 1)[1])
        bot = TcpBot("solo", "cli")
        asyncio.run(asyncio.wait_for(bot.play(port), 60))
        assert _events(bot)[-1]["type"] == "end_game"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert proc.returncode == 0


async def test_a_room_counts_as_a_table_of_the_servers_limit():
    server, rooms, port = await _rooms(limits=Limits(tables=1))
    bots = [TcpBot(f"x{i}", "only") for i in range(4)]  # one room: all four get in
    playing = asyncio.gather(*(b.play(port) for b in bots))
    await asyncio.sleep(0.3)
    out = await _talk(port, b'{"type": "join", "name": "late", "room": "another"}\n')
    assert out[-1]["type"] == "error" and "at most 1 tables" in out[-1]["message"]
    await asyncio.wait_for(playing, 60)
    assert all(_events(b)[-1]["type"] == "end_game" for b in bots)
    # The game over, its slot is free again.
    again = [TcpBot(f"y{i}", "another") for i in range(4)]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in again)), 60)
    assert all(_events(b)[-1]["type"] == "end_game" for b in again)
    await _stop(server, rooms)


async def test_bot_connect_plays_in_a_room_and_says_what_is_wrong(caplog):
    server, rooms, port = await _rooms()
    others = [TcpBot(f"o{i}", "connect") for i in range(3)]
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tui.cli", "bot", "--level", "easy", "--name", "ours",
        "--connect", f"mjsonp://127.0.0.1:{port}/connect", cwd=ROOT,
        stderr=subprocess.PIPE,
    )
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in others)), 120)
    _, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode == 0 and err == b""
    start = _events(others[0])[1]
    assert "ours" in start["names"]
    assert not [r for r in caplog.records if "mjai seat" in r.getMessage()]
    await _stop(server, rooms)
    for url, code, words in (("http://x/y", 2, "mjsonp://HOST:PORT/ROOM"),
                             ("mjsonp://127.0.0.1:1/r", 1, "cannot reach")):
        done = subprocess.run([sys.executable, "-m", "tui.cli", "bot", "--level", "easy",
                               "--connect", url], capture_output=True, text=True, cwd=ROOT,
                              timeout=30)
        assert done.returncode == code and words in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("chombo", [False, True])
async def test_a_late_answer_is_dropped_and_the_lines_stay_in_step(caplog, chombo):
    server, rooms, port = await _rooms(timeout=0.3, chombo=chombo)
    bots = [TcpBot("slow", "late", mode="late"), *(TcpBot(f"g{i}", "late") for i in range(3))]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    logged = [r.getMessage() for r in caplog.records if "mjai seat 0" in r.getMessage()]
    assert len(logged) == 1 and "no answer within 0.3 s" in logged[0]
    assert ("charged a chombo" in logged[0]) == chombo
    # The client is told once; after its late answer every answer lines up again: no
    # other error, a whole game.
    assert all(_events(b)[-1]["type"] == "end_game" for b in bots)
    assert bots[0].errors == ["no answer within 0.3 s"]
    errors = [e for e in _events(bots[1]) if e["type"] == "ryukyoku" and e["reason"] == "error"]
    assert len(errors) == (1 if chombo else 0)
    await _stop(server, rooms)


async def test_garbage_lines_in_play_get_errors_and_break_nothing():
    junk = ["{", "[]", "null", '{"type": 5}', '"dahai"', "x" * 500, '{"type": "dahai"}',
            '{"type": "none", "extra": [1, {"a": null}]}']

    class Junk(TcpBot):
        def __init__(self, *args):
            super().__init__(*args)
            self.sent = 0

        def answer(self, event):
            if event["type"] in ("tsumo", "dahai") and event.get("actor") != self.me:
                self.sent += 1
                return junk[self.sent % len(junk)]  # type: ignore[return-value]
            return super().answer(event)

    async def play(bot: Junk) -> None:  # writes junk lines as they are, not as JSON
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            while raw := await reader.readline():
                event = json.loads(raw)
                bot.lines.append(raw.decode().strip())
                if event["type"] == "hello":
                    reply: Any = {"type": "join", "name": "junk", "room": "junk"}
                elif event["type"] == "error":
                    bot.errors.append(event["message"])
                    continue
                else:
                    reply = bot.answer(event)
                text = reply if isinstance(reply, str) else json.dumps(reply)
                writer.write((text + "\n").encode())
                await writer.drain()
        finally:
            writer.close()

    server, rooms, port = await _rooms()
    bad = Junk("junk", "junk")
    good = [TcpBot(f"g{i}", "junk") for i in range(3)]
    await asyncio.wait_for(asyncio.gather(play(bad), *(b.play(port) for b in good)), 60)
    assert all(_events(b)[-1]["type"] == "end_game" for b in good)
    assert bad.sent > 20 and len(bad.errors) >= bad.sent * 3 // 4
    await _stop(server, rooms)
