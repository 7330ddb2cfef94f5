"""The table server over real websockets on 127.0.0.1 (issue #23).

A whole game of four remote clients; the first hand of every preset; the no-leak
test (every message to a seat, or to the spectators, is byte-for-byte the same when
everything that observer may not see is changed — the reconnect stream included);
bad clients refused with a message while the table goes on; the `serve` command.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from ai import LEVELS
from engine.actions import Action, Discard
from engine.game import Game
from engine.host import default_action
from engine.player_seat import PlayerSeat
from engine.server.app import Limits, TableServer
from engine.server.client import Client, ServerError
from engine.server.protocol import PROTOCOL_VERSION
from engine.storage.game_log import replay
from engine.wall import FOUR, deal_indices, shuffled_tiles
from rules.presets import PRESET_IDS
from rules.ruleset import Ruleset, load_preset

HAND_OVER = {"won", "exhaustive_draw", "tenpai_declared", "hand_ended"}


def ai(level: str, seat: int, seed: int) -> PlayerSeat:
    return PlayerSeat(LEVELS[level](seat, seed))


def autopilot(view, legal: list[Action]) -> Action:
    return default_action(view)


async def _server(tmp: Path | None = None, **kwargs) -> tuple[TableServer, str]:
    server = TableServer(ai, data=tmp, default_level="tsumogiri", **kwargs)
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}"


def _hand_over(client: Client) -> bool:
    return any(
        e["type"] in HAND_OVER
        for text in client.received[-1:]
        for e in json.loads(text).get("events", ())
    )


# --------------------------------------------------------------------------- whole games


async def test_a_whole_game_of_four_remote_clients_and_a_spectator(tmp_path):
    server, url = await _server(tmp_path)
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="wrc", players=4)
    watcher = await Client.connect(url)
    await watcher.watch(invitation)
    clients = [await Client.connect(url) for _ in range(4)]
    seats = [await c.join(invitation, f"p{i}") for i, c in enumerate(clients)]
    assert seats == [0, 1, 2, 3]

    async def spectate() -> None:
        while not watcher.over:
            await watcher.recv()

    await asyncio.wait_for(
        asyncio.gather(*(c.play(autopilot) for c in clients), spectate()), 120
    )
    saved = await server.stop()
    assert len(saved) == 1
    game = replay(saved[0])  # the table's log replays like any local game
    assert game.is_over
    for client in clients:
        assert client.view is not None and client.view.phase == "over"
        assert tuple(s.score for s in client.view.seats) == tuple(game.scores)
    assert watcher.view is not None and tuple(s.score for s in watcher.view.seats) == tuple(
        game.scores
    )


@pytest.mark.parametrize("preset", PRESET_IDS)
async def test_the_first_hand_of_every_preset_over_websockets(preset):
    server, url = await _server()
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset=preset, players=2)  # two AI seats
    clients = [await Client.connect(url) for _ in range(2)]
    for i, client in enumerate(clients):
        await client.join(invitation, f"p{i}")
    await asyncio.wait_for(
        asyncio.gather(*(c.play(autopilot, until=_hand_over) for c in clients)), 60
    )
    assert all(c.view is not None and c.view.ruleset == preset for c in clients)
    await server.stop()


# --------------------------------------------------------------------------- no leak


def _other_wall(wall: list, focus: int | None) -> list:
    """`wall` with every tile `focus` may not see in a hand of tsumogiri and passes
    shuffled (the other deals, the dead wall but the first indicator); `focus` None is a
    spectator, who sees no deal."""
    seen = set(range(FOUR.deal_end, FOUR.live_end)) | {FOUR.indicators[0]}
    if focus is not None:
        seen |= set(deal_indices(focus, 0))
    hidden = [i for i in range(len(wall)) if i not in seen]
    moved = [wall[i] for i in hidden]
    random.Random(11).shuffle(moved)
    other = list(wall)
    for i, tile in zip(hidden, moved, strict=True):
        other[i] = tile
    return other


async def _table_stream(
    ruleset: Ruleset, wall: list, focus: int | None
) -> dict[str, list[str]]:
    """Four remote autopilot seats and a spectator play the first hand of `wall`. At the
    tenth turn of seat `focus` (of seat 0 for a spectator), that seat's client goes away
    without answering; the others hold their next answer; the AI (here also autopilot)
    plays the seat; then, at the next seat's turn, the seat comes back with its token (and
    for a spectator, a second spectator comes in). Every message each stream sent, the
    replies to join and watch aside (they carry the table's id and the seat's token)."""

    def factory(rules: Ruleset) -> Game:
        return Game.new(rules, 5, wall=wall)

    def autopilot_ai(level: str, seat: int, seed: int):
        class Auto:
            async def decide(self, view):
                return default_action(view)

        return Auto()

    server = TableServer(autopilot_ai, game_factory=factory)
    port = await server.start("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{port}"
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset=ruleset.id)
    spectator = await Client.connect(url)
    await spectator.watch(invitation)
    clients = [await Client.connect(url) for _ in range(4)]
    for i, client in enumerate(clients):
        await client.join(invitation, f"p{i}")
    leaver = 0 if focus is None else focus
    gate, held = asyncio.Event(), asyncio.Event()
    gate.set()
    turns = 0
    late: list[Client] = []

    async def seat(i: int) -> None:
        nonlocal turns
        client = clients[i]
        while not _hand_over(client):
            message = await client.recv()
            if message["type"] != "decide":
                continue
            if i == leaver and any(a["type"] == "discard" for a in message["legal"]):
                turns += 1
                if turns == 10:
                    gate.clear()
                    await client.close()
                    await held.wait()  # every other seat waits at its next decision
                    if focus is None:
                        second = await Client.connect(url)
                        await second.watch(invitation)
                        late.append(second)
                    again = await Client.connect(url)
                    await again.rejoin(invitation, i, client.token)
                    again.received[:0] = client.received
                    clients[i] = client = again
                    gate.set()
                    continue
            turn = any(a["type"] == "discard" for a in message["legal"])
            if turn and not gate.is_set():  # (a claim is answered: whether one is open
                held.set()                  # at all is not the leaver's to see)
                await gate.wait()
            await client.answer(message["seq"], default_action(client.view))

    async def watch(client: Client) -> None:
        while not _hand_over(client):
            await client.recv()

    await asyncio.wait_for(asyncio.gather(*(seat(i) for i in range(4)), watch(spectator)), 60)
    if late:
        await asyncio.wait_for(watch(late[0]), 30)
    await server.stop()
    streams = {f"seat{i}": c.received for i, c in enumerate(clients)}
    streams["spectator"] = spectator.received
    if late:
        streams["late"] = late[0].received
    secret = ("joined", "watching")
    return {k: [t for t in v if json.loads(t)["type"] not in secret] for k, v in streams.items()}


@pytest.mark.parametrize("focus", [0, 1, 2, 3, None], ids=lambda f: f"seat{f}")
async def test_no_leak_every_message_is_the_same_when_hidden_tiles_change(focus):
    ruleset = load_preset("wrc")
    wall = shuffled_tiles(random.Random(7), ruleset.red_fives)
    other = _other_wall(wall, focus)
    assert other != wall
    a = await _table_stream(ruleset, wall, focus)
    b = await _table_stream(ruleset, other, focus)
    names = ["spectator", "late"] if focus is None else [f"seat{focus}"]
    for name in names:
        assert a[name] == b[name], name
    ours = a[names[-1]]
    assert len(ours) > 20
    if focus is not None:
        resume = [json.loads(t) for t in ours if json.loads(t)["type"] == "resume"]
        assert len(resume) == 1 and resume[0]["events"]  # the reconnect was compared too
    # The hidden tiles do reach the other seats: the streams as a whole do differ.
    assert any(a[k] != b[k] for k in a if k.startswith("seat"))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
@pytest.mark.parametrize("focus", [0, 1, 2, 3, None], ids=lambda f: f"seat{f}")
async def test_no_leak_on_every_preset(preset, focus):
    ruleset = load_preset(preset)
    wall = shuffled_tiles(random.Random(13), ruleset.red_fives)
    other = _other_wall(wall, focus)
    a = await _table_stream(ruleset, wall, focus)
    b = await _table_stream(ruleset, other, focus)
    for name in ["spectator", "late"] if focus is None else [f"seat{focus}"]:
        assert a[name] == b[name], name


async def test_a_spectator_sees_no_concealed_tile_until_the_hand_is_over():
    ruleset = load_preset("wrc")
    wall = shuffled_tiles(random.Random(3), ruleset.red_fives)
    streams = await _table_stream(ruleset, wall, None)
    for name in ("spectator", "late"):
        for text in streams[name]:
            message = json.loads(text)
            for event in message.get("events", ()):
                if event["type"] == "dealt":
                    assert all(not hand for hand in event["hands"]), name
                if event["type"] == "drew":
                    assert event["tile"] is None, name
            views = [message.get("view")] if message["type"] == "resume" else []
            for view in filter(None, views):
                assert not view["own"]["tiles"] and view["own"]["drawn"] is None, name
                assert all(not info["concealed"] for info in view["seats"]), name
    late = [json.loads(t) for t in streams["late"]]
    assert any(m["type"] == "resume" and m["events"] for m in late)  # came in mid-hand


# --------------------------------------------------------------------------- bad clients


async def _raw(url: str):
    ws = await connect(url)
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
    assert json.loads(await ws.recv())["type"] == "welcome"
    return ws


async def _reply(ws, text) -> dict:
    await ws.send(text)
    return json.loads(await ws.recv())


async def test_bad_clients_are_refused_with_a_message_and_the_table_goes_on():
    server, url = await _server(limits=Limits(max_size=4096, per_address=8))
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="wrc", players=2)
    a, b = await Client.connect(url), await Client.connect(url)
    await a.join(invitation, "a")
    await b.join(invitation, "b")

    raw = await _raw(url)
    assert (await _reply(raw, "{not json"))["code"] == "bad_json"
    assert (await _reply(raw, "[1, 2]"))["code"] == "bad_message"
    assert (await _reply(raw, b"\x00\x01"))["code"] == "bad_message"
    assert (await _reply(raw, '{"type": "launch"}'))["code"] == "unknown_type"
    assert (await _reply(raw, '{"type": "join", "invitation": 5, "name": "x"}'))[
        "code"
    ] == "bad_message"
    assert (await _reply(raw, '{"type": "answer", "seq": "1", "action": {}}'))[
        "code"
    ] == "bad_message"
    assert (await _reply(raw, '{"type": "answer", "seq": 1, "action": {}}'))[
        "code"
    ] == "not_seated"
    wrong = {"type": "rejoin", "invitation": invitation, "seat": 0, "token": "x" * 43}
    assert (await _reply(raw, json.dumps(wrong)))["code"] == "bad_token"
    assert (await _reply(raw, json.dumps({**wrong, "seat": 9})))["code"] == "bad_token"
    assert (await _reply(raw, json.dumps({**wrong, "invitation": "guess"})))[
        "code"
    ] == "no_table"
    full = {"type": "join", "invitation": invitation, "name": "c"}
    assert (await _reply(raw, json.dumps(full)))["code"] == "table_full"
    await raw.send("x" * 10_000)  # over max_size: the websocket's own refusal
    with pytest.raises(ConnectionClosed) as closed:
        await raw.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    # Seat 0's first decision: answers out of turn, for another seat, illegal, replayed.
    decide = await _until(a, "decide")
    seq = decide["seq"]
    await b.answer(seq, decide["legal"][0])  # b is not asked: nothing of b's is open
    assert (await _until(b, "error"))["code"] == "stale"
    theirs = dict(decide["legal"][0], seat=1)
    await a.answer(seq, theirs)
    assert (await _until(a, "error"))["code"] == "not_your_seat"
    decide = await _until(a, "decide")  # asked again, under a new number
    assert decide["seq"] > seq
    await a.answer(decide["seq"], {"type": "discard", "seat": 0, "tile": "9z"})
    assert (await _until(a, "error"))["code"] == "bad_action"
    decide = await _until(a, "decide")
    hand = {str(t) for t in a.view.own.tiles} | {str(a.view.own.drawn)}
    kinds = [f"{n}{suit}" for suit in "mps" for n in range(1, 10)]
    missing = next(t for t in kinds if t not in hand)
    await a.answer(decide["seq"], Discard(0, _tile(missing)))
    refused = await _until(a, "error")
    assert refused["code"] == "illegal" and refused["message"]
    decide = await _until(a, "decide")
    await a.answer(decide["seq"], default_action(a.view))
    await a.answer(decide["seq"], default_action(a.view))  # the same answer again
    assert (await _until(a, "error"))["code"] == "stale"

    # The table went on: both seats play the first hand out.
    await asyncio.wait_for(
        asyncio.gather(a.play(autopilot, until=_hand_over), b.play(autopilot, until=_hand_over)),
        60,
    )
    await server.stop()


def _tile(text: str):
    from rules.tiles import parse_tiles

    return parse_tiles(text)[0]


async def _until(client: Client, kind: str) -> dict:
    while True:
        message = await asyncio.wait_for(client.recv(), 10)
        if message["type"] == kind:
            return message


async def test_limits_connections_tables_spectators_and_rate():
    server, url = await _server(
        limits=Limits(per_address=3, tables=1, spectators=1, rate=5, burst=5)
    )
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="wrc", players=1)
    with pytest.raises(ServerError, match="too_many_tables"):
        await owner.create(ruleset="wrc")
    one = await Client.connect(url)
    await one.watch(invitation)
    ws = await connect(url)  # the third connection from this address
    await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
    await ws.recv()
    assert (await _reply(ws, json.dumps({"type": "watch", "invitation": invitation})))[
        "code"
    ] == "too_many_spectators"
    flood = await connect(url)  # the fourth: refused
    assert json.loads(await flood.recv())["code"] == "too_many_connections"
    with pytest.raises(ConnectionClosed):
        await flood.recv()
    for _ in range(10):  # over 5 messages at once
        await ws.send(json.dumps({"type": "hello", "version": PROTOCOL_VERSION}))
    codes = []
    with pytest.raises(ConnectionClosed):
        while True:
            codes.append(json.loads(await ws.recv()).get("code"))
    assert "rate_limited" in codes
    await server.stop()


async def test_a_wrong_protocol_version_is_refused():
    server, url = await _server()
    ws = await connect(url)
    assert (await _reply(ws, json.dumps({"type": "hello", "version": 999})))["code"] == "version"
    with pytest.raises(ConnectionClosed):
        await ws.recv()
    ws = await connect(url)
    assert (await _reply(ws, json.dumps({"type": "create"})))["code"] == "hello_first"
    await server.stop()


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
_typed = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "create", "join", "rejoin", "watch", "answer"])},
    optional={
        "version": _json, "invitation": _json | st.just("INVITATION"), "name": _json,
        "seat": _json, "token": _json,
        "seq": _json, "action": _json, "ruleset": _json, "rules": _json, "players": _json,
        "per_decision": _json, "bank": _json, "ai": _json,
    },
)
_frames = st.lists(
    st.one_of(st.text(max_size=40), _json.map(json.dumps), _typed.map(json.dumps)), max_size=12
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames=_frames)
def test_hypothesis_frames_get_a_reply_and_break_nothing(frames):
    async def run() -> None:
        server, url = await _server(limits=Limits(tables=4))
        owner = await Client.connect(url)
        invitation = await owner.create(ruleset="wrc", players=1)
        seated = await Client.connect(url)
        await seated.join(invitation, "a")
        ws = await _raw(url)
        for text in frames:
            await ws.send(text.replace("INVITATION", invitation))
            reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
            assert reply["type"] in {
                "error", "welcome", "created", "joined", "watching", "resume", "events",
            }
            if reply["type"] == "error":
                assert reply["code"] != "internal" and reply["message"]
        decided = 0

        def count(view, legal):
            nonlocal decided
            decided += 1
            return default_action(view)

        await asyncio.wait_for(seated.play(count, until=lambda c: decided >= 3), 30)
        await server.stop()

    asyncio.run(run())


# --------------------------------------------------------------------------- serve


def test_serve_prints_where_it_listens_and_saves_tables_on_sigterm(tmp_path):
    env = dict(os.environ, MAHJONG_TUI_DATA=str(tmp_path / "home"))
    proc = subprocess.Popen(
        [str(Path(sys.executable).with_name("mahjong-tui")), "serve", "--port", "0",
         "--data", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    try:
        line = proc.stdout.readline().strip()
        assert line.startswith("listening on ws://127.0.0.1:")
        url = line.removeprefix("listening on ")
        assert int(url.rsplit(":", 1)[1]) > 0

        async def play_some() -> None:
            client = await Client.connect(url)
            invitation = await client.create(ruleset="wrc", players=1, ai="tsumogiri")
            await client.join(invitation, "a")
            turns = 0

            def count(view, legal):
                nonlocal turns
                turns += 1
                return default_action(view)

            await asyncio.wait_for(client.play(count, until=lambda c: turns >= 5), 60)
            await client.close()

        asyncio.run(play_some())
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    logs = list(tmp_path.glob("table-*.jsonl"))
    assert len(logs) == 1
    game = replay(logs[0])
    assert len(game.actions) >= 5


def test_serve_refuses_bad_flags():
    exe = str(Path(sys.executable).with_name("mahjong-tui"))
    for argv in (["--port", "70000"], ["--ruleset", "nope"], ["--cert", "x.pem"]):
        done = subprocess.run([exe, "serve", *argv], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2
        assert len(done.stderr.strip().splitlines()) == 1


async def test_answers_the_table_asked_for_are_not_over_the_rate():
    server, url = await _server(limits=Limits(rate=1, burst=3))
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="wrc", players=1)
    client = await Client.connect(url)
    await client.join(invitation, "a")
    decided = 0

    def count(view, legal):
        nonlocal decided
        decided += 1
        return default_action(view)

    await asyncio.wait_for(client.play(count, until=lambda c: decided >= 12), 30)
    assert not any(e["code"] == "rate_limited" for e in client.errors)
    await server.stop()


async def test_a_connection_that_does_not_read_is_dropped_not_waited_for():
    from engine.server.app import Connection

    class Stuck:
        """A websocket whose reader never reads: every send waits forever."""

        closed_with: tuple | None = None

        async def send(self, text):
            await asyncio.Event().wait()

        async def close(self, code, reason):
            self.closed_with = (code, reason)

    ws = Stuck()
    conn = Connection(ws, Limits(backlog=3))
    conn.task = asyncio.get_running_loop().create_task(conn.writer())
    for i in range(10):
        conn.send(f"message {i}")
        await asyncio.sleep(0)
    await asyncio.sleep(0.01)
    assert conn.closing and "too far behind" in conn.closing
    assert conn.task.cancelled()
    assert ws.closed_with is not None and ws.closed_with[0] == 1008


def _serve(data: Path) -> tuple[subprocess.Popen, str]:
    exe = str(Path(sys.executable).with_name("mahjong-tui"))
    proc = subprocess.Popen(
        [exe, "serve", "--port", "0", "--data", str(data)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    line = proc.stdout.readline().strip()
    assert line.startswith("listening on ws://127.0.0.1:"), line
    return proc, line.removeprefix("listening on ")


async def _answer_applied(client: Client) -> None:
    """Until the events of the last answer came back (it is in the table's log): a
    resumed table waits for its players, so no AI move stands in for a lost answer."""
    await asyncio.wait_for(_until(client, "events"), 30)


def test_a_server_killed_with_sigkill_resumes_its_tables_and_seats(tmp_path):
    proc, url = _serve(tmp_path)
    try:
        async def before() -> tuple[str, str, int]:
            client = await Client.connect(url)
            invitation = await client.create(ruleset="wrc", players=1, ai="tsumogiri")
            await client.join(invitation, "a")
            turns = 0

            def count(view, legal):
                nonlocal turns
                turns += 1
                return default_action(view)

            await asyncio.wait_for(client.play(count, until=lambda c: turns >= 6), 60)
            await _answer_applied(client)
            # Killed while the player is still connected, as a crash finds it: a client
            # closed first lets the server see the seat left and the AI play it (whole
            # hands on a loaded machine, where the kill came late) before it dies.
            proc.kill()
            proc.wait(10)
            await client.close()
            return invitation, client.token, len(client.view.seats[0].river)

        invitation, token, river = asyncio.run(before())
    finally:
        if proc.poll() is None:
            proc.kill()
    proc, url = _serve(tmp_path)
    try:
        async def after() -> None:
            intruder = await Client.connect(url)
            with pytest.raises(ServerError, match="bad_token"):
                await intruder.rejoin(invitation, 0, "x" + token[1:])
            client = await Client.connect(url)
            await client.rejoin(invitation, 0, token)  # the resume's checksum is checked
            assert client.view is not None and len(client.view.seats[0].river) >= river
            turns = 0

            def count(view, legal):
                nonlocal turns
                turns += 1
                return default_action(view)

            def two_more(c: Client) -> bool:  # decisions include passes on calls offered
                return turns >= 3 and len(c.view.seats[0].river) >= river + 2

            await asyncio.wait_for(client.play(count, until=two_more), 60)
            await _answer_applied(client)
            assert len(client.view.seats[0].river) >= river + 2
            proc.send_signal(signal.SIGTERM)  # the player still there, as above
            assert await asyncio.to_thread(proc.wait, 30) == 0
            await client.close()

        asyncio.run(after())
    finally:
        if proc.poll() is None:
            proc.kill()
    game = replay(next(tmp_path.glob("table-*.jsonl")))
    assert sum(1 for a in game.actions if getattr(a, "seat", None) == 0) >= 9


async def test_a_seat_out_of_time_gets_the_default_and_its_late_answer_is_dropped():
    server, url = await _server()
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="wrc", players=1, per_decision=0.3, bank=0)
    client = await Client.connect(url)
    await client.join(invitation, "slow")
    decide = await _until(client, "decide")
    assert decide["seconds"] == 0.3
    await asyncio.sleep(0.8)  # the host plays the default for the seat meanwhile
    await client.answer(decide["seq"], decide["legal"][0])
    while True:
        message = await asyncio.wait_for(client.recv(), 10)
        if message["type"] == "error":
            assert message["code"] == "stale" and message["seq"] == decide["seq"]
            break
    discards = [
        e for t in client.received for e in json.loads(t).get("events", ())
        if e["type"] == "discarded" and e["seat"] == 0
    ]
    assert discards  # the table went on without the seat's answer
    await server.stop()


def test_one_server_per_data_directory(tmp_path):
    proc, _ = _serve(tmp_path)
    try:
        exe = str(Path(sys.executable).with_name("mahjong-tui"))
        done = subprocess.run([exe, "serve", "--port", "0", "--data", str(tmp_path)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and "another server" in done.stderr
        assert done.stdout == ""
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0


async def test_tables_nobody_sits_at_are_dropped_and_free_their_slot():
    server, url = await _server(limits=Limits(tables=1, waiting=0.2))
    owner = await Client.connect(url)
    first = await owner.create(ruleset="wrc")
    with pytest.raises(ServerError, match="too_many_tables"):
        await owner.create(ruleset="wrc")
    await asyncio.sleep(0.3)
    second = await owner.create(ruleset="wrc")  # the first waited too long, alone
    other = await Client.connect(url)
    with pytest.raises(ServerError, match="no_table"):
        await other.join(first, "late")
    await other.join(second, "on time")
    await server.stop()
