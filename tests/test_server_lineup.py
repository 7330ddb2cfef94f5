"""Who sits where at a server's table, and the time a decision has (issue #23).

The `lineup` message reaches every seat and every spectator when they come in and
whenever it changes (a join, a leave, a return); it carries names and AI levels only
(never a token); a name is refused with control characters and read safely on the
client's side; `decide` says the time per decision beside the seconds in all. Real
websockets on 127.0.0.1, every wait bounded.
"""

from __future__ import annotations

import asyncio
import json

from ai import LEVELS
from engine.player_seat import PlayerSeat
from engine.server.app import TableServer
from engine.server.client import Client, ServerError
from engine.server.clock import DecisionClock, clock_of
from engine.server.lineup import Lineup, SeatPlayer, clean_name, read_lineup
from engine.server.protocol import ProtocolError, parse


def ai(level: str, seat: int, seed: int) -> PlayerSeat:
    return PlayerSeat(LEVELS[level](seat, seed))


async def _server() -> tuple[TableServer, str]:
    server = TableServer(ai, default_level="tsumogiri")
    port = await server.start("127.0.0.1", 0)
    return server, f"ws://127.0.0.1:{port}"


async def _lineup(client: Client) -> list[dict]:
    """The seats of the next `lineup` message `client` is sent."""
    while True:
        message = await asyncio.wait_for(client.recv(), 10)
        if message["type"] == "lineup":
            return list(message["seats"])


async def test_the_lineup_reaches_seats_and_spectators_and_follows_join_leave_return():
    server, url = await _server()
    try:
        owner = await Client.connect(url)
        invitation = await owner.create(ruleset="wrc", players=2, ai="tsumogiri")
        early = await Client.connect(url)
        await early.watch(invitation)  # before anyone sits: the resume says who will
        resume = json.loads(early.received[-1])
        assert [s["kind"] for s in resume["lineup"]["seats"]] == ["open", "open", "ai", "ai"]

        ann = await Client.connect(url)
        await ann.join(invitation, "Ann")
        ann_seats = await _lineup(ann)
        assert ann_seats[0] == {"kind": "person", "name": "Ann", "away": False,
                                "ai": "tsumogiri"}
        assert ann_seats[1] == {"kind": "open"}
        assert ann_seats[2:] == [{"kind": "ai", "ai": "tsumogiri"}] * 2
        assert await _lineup(early) == ann_seats

        bob = await Client.connect(url)
        await bob.join(invitation, "[red]Bob")  # markup is a name like any other
        for client in (ann, bob, early):
            seats = await _lineup(client)
            assert seats[1] == {"kind": "person", "name": "[red]Bob", "away": False,
                                "ai": "tsumogiri"}
            assert client.lineup is not None and client.lineup.seats[1].name == "[red]Bob"
        token = bob.token
        assert token is not None

        await bob.close()  # Bob leaves: the AI plays his seat until he is back
        for client in (ann, early):
            seats = await _lineup(client)
            assert seats[1]["away"] is True and seats[0]["away"] is False

        late = await Client.connect(url)
        await late.watch(invitation)  # comes in while Bob is away: told so at once
        assert late.lineup is not None and late.lineup.seats[1].away

        again = await Client.connect(url)
        await again.rejoin(invitation, 1, token)
        resume = json.loads(again.received[-1])
        assert resume["lineup"]["seats"][1]["away"] is False  # back, in the resume itself
        for client in (ann, early, late):
            seats = await _lineup(client)
            assert seats[1] == {"kind": "person", "name": "[red]Bob", "away": False,
                                "ai": "tsumogiri"}
        # Names and levels only: no seat token is ever in a line-up.
        for client in (ann, again, early, late):
            for text in client.received:
                message = json.loads(text)
                if message["type"] == "lineup" or "lineup" in message:
                    assert token not in text and (ann.token or "-") not in text
    finally:
        await server.stop()


async def test_an_unchanged_lineup_is_not_sent_again():
    """A rejoin over a connection the server has not yet seen go (a killed client that
    comes straight back) changes nobody's seat: the others are told nothing new."""
    server, url = await _server()
    try:
        owner = await Client.connect(url)
        invitation = await owner.create(ruleset="wrc", players=2, ai="tsumogiri")
        ann, bob = await Client.connect(url), await Client.connect(url)
        await ann.join(invitation, "Ann")
        await bob.join(invitation, "Bob")
        await _lineup(ann)
        await _lineup(ann)  # Ann's join, then Bob's
        again = await Client.connect(url)
        assert bob.token is not None
        await again.rejoin(invitation, 1, bob.token)  # the old connection is closed by it
        await asyncio.sleep(0.3)
        told = [json.loads(t) for t in ann.received]
        while True:
            try:
                told.append(await asyncio.wait_for(ann.recv(), 0.2))
            except TimeoutError:
                break
        assert sum(m["type"] == "lineup" for m in told) == 2
    finally:
        await server.stop()


async def test_a_name_with_control_characters_is_refused():
    server, url = await _server()
    try:
        owner = await Client.connect(url)
        invitation = await owner.create(ruleset="wrc", players=2)
        client = await Client.connect(url)
        for name in ("\x1b]52;c;aGk=\x07x", "a\nb", "x\u202eevil"):
            try:
                await client.join(invitation, name)
            except ServerError as error:
                assert error.code == "bad_message"
            else:
                raise AssertionError(f"{name!r} was taken")
        assert await client.join(invitation, "太郎 [b]") == 0  # printable: any script
    finally:
        await server.stop()


def test_the_protocol_parser_refuses_unprintable_names():
    try:
        parse(json.dumps({"type": "join", "invitation": "x", "name": "a\tb"}))
    except ProtocolError as error:
        assert error.code == "bad_message" and "printable" in str(error)
    else:
        raise AssertionError("a tab in a name was taken")
    assert parse(json.dumps({"type": "join", "invitation": "x", "name": "[red]x"}))


def test_names_are_cleaned_on_the_clients_side():
    """A server that did not check (an older one, or a hostile one) cannot put a
    control or bidi character, or an endless name, on the screen."""
    assert clean_name("\x1b[31mred\x1b[0m") == "[31mred[0m"
    assert clean_name("a\u202eb\u2066c\u2028d\x00") == "abcd"
    assert clean_name("x" * 500) == "x" * 32
    assert clean_name(None) == "" and clean_name(5) == ""
    assert clean_name("  [b]bold  ") == "[b]bold"  # markup stays text: widgets show it so


def test_read_lineup_takes_only_a_lineup():
    seats = [{"kind": "person", "name": "A\x07", "away": True, "ai": "normal"},
             {"kind": "ai", "ai": "hard"}, {"kind": "bot", "name": "mortal"},
             {"kind": "something new"}]
    lineup = read_lineup({"type": "lineup", "seats": seats})
    assert lineup == Lineup((SeatPlayer("person", "A", "normal", True), SeatPlayer("ai",
                             level="hard"), SeatPlayer("bot", "mortal"), SeatPlayer("ai")))
    assert read_lineup({"seats": seats[:3]}) is None
    assert read_lineup({"seats": [1, 2, 3, 4]}) is None
    assert read_lineup("lineup") is None
    assert read_lineup(lineup.to_dict()) == Lineup(
        (*lineup.seats[:3], SeatPlayer("ai")))


async def test_decide_says_the_time_per_decision_beside_the_seconds_in_all():
    server, url = await _server()
    try:
        owner = await Client.connect(url)
        invitation = await owner.create(ruleset="wrc", players=1, per_decision=5, bank=20)
        client = await Client.connect(url)
        await client.join(invitation, "a")
        while True:
            message = await asyncio.wait_for(client.recv(), 10)
            if message["type"] == "decide":
                break
        assert message["seconds"] == 25.0 and message["per_decision"] == 5.0
        clock = clock_of(message, 100.0)
        assert clock == DecisionClock(25.0, 5.0, 100.0)
    finally:
        await server.stop()


def test_the_decision_clock_counts_the_time_per_decision_then_the_bank():
    clock = DecisionClock(25.0, 5.0, 100.0)
    assert clock.left(100.0) == (5.0, 20.0)
    assert clock.left(103.0) == (2.0, 20.0)
    assert clock.left(110.0) == (0.0, 15.0)
    assert clock.left(200.0) == (0.0, 0.0)
    assert clock_of({"seconds": None}, 0.0) is None
    assert clock_of({"seconds": 7}, 0.0) == DecisionClock(7.0, 7.0, 0.0)  # an older server
    assert clock_of({"seconds": True}, 0.0) is None
    assert clock_of({"seconds": float("nan")}, 0.0) is None


def test_the_lineup_names_bots_and_says_which_seat_is_not_in_play():
    """An mjai bot's seat is named by the bot; with three players seat 3 is `empty`;
    a person's seat nobody took is `open`; the level is the table's AI's."""
    from types import SimpleNamespace

    from engine.server.table import Table

    table = Table(lambda: None, ai, level="hard", players=2, deadline=None, data=None)
    table.seats[2] = SimpleNamespace(name="mortal")  # as `mjai_bots.seat_bots` seats one
    table.names[0], table.tokens[0] = "Ann", "digest"
    table.host = SimpleNamespace(game=SimpleNamespace(ruleset=SimpleNamespace(players=3)))
    assert read_lineup(table.lineup()) == Lineup((
        SeatPlayer("person", "Ann", "hard", away=True),  # nobody connected to the seat
        SeatPlayer("open"),
        SeatPlayer("bot", "mortal"),
        SeatPlayer("empty"),
    ))
    assert "digest" not in json.dumps(table.lineup())


async def test_the_countdown_counts_from_when_the_decide_came_not_when_it_was_read():
    """A result screen kept open holds the client's queue up while the server's clock
    runs: the decision's clock starts when the `decide` was received."""
    from types import SimpleNamespace

    from engine.server.remote_seat import RECEIVED, Invitation, RemoteTable

    remote = RemoteTable(Invitation("ws://127.0.0.1:9", "code"), name="a")
    remote.view = SimpleNamespace(legal=())  # type: ignore[assignment]
    clocks: list = []

    class Seat:
        def timed(self, clock) -> None:
            clocks.append(clock)

        async def decide(self, view):
            await asyncio.sleep(30)

    remote._decide(Seat(), {"type": "decide", "seq": 3, "legal": [], "seconds": 10,
                            "per_decision": 10, RECEIVED: 50.0})
    remote._close_decision()
    assert clocks == [DecisionClock(10.0, 10.0, 50.0)]
