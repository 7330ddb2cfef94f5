"""mjai for three players (issue 25 on issue 24's mjai seat and bot): what a bot at our
three-player table is told (four seats as our export writes them: the empty seat's
tehai `[]`, its score 0; a North set aside as `kita`), its `kita` or `nukidora` answer
read as our `Kita`, a scripted mjai bot setting Norths aside through whole `tenhou3`
and `mahjongsoul3` games as a seat, and the other dialect's three-player stream
(`nukidora`, three entries a list) read by the bot's side."""

from __future__ import annotations

import asyncio
import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from mjai_tcp_client import TcpBot
from test_server import ai

from engine.actions import Kita
from engine.events import Dealt, DoraRevealed, GameStarted, HandStarted, KitaDeclared
from engine.game import Game
from engine.mjai_adapter import (
    FromMjai,
    MjaiActionError,
    ToMjai,
    action_from_mjai,
    action_to_mjai,
)
from engine.redaction import redact
from engine.scripted import do, scripted_game
from engine.seat_view import Observer, build_seat_view
from engine.server.app import TableServer
from engine.server.mjai_rooms import HELLO, MjaiRooms
from engine.sim import MjaiSpec, run_sim
from engine.storage.game_log import replay
from rules.ruleset import SANMA_PRESET_IDS, load_preset
from rules.tiles import parse_tiles

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
PY = shlex.quote(sys.executable)
HANDS = ("123p456p789s11m9m4z", "567p888p99p1z2z3z7z6z", "567s111p222p1z2z3z7z")


def _kita_game():
    """Seat 0 (the dealer) may set the North it holds aside; seat 1 waits on nothing."""
    return scripted_game("tenhou3", [*HANDS, ""], "9m", rinshan="3p")


@pytest.mark.parametrize("name", ["kita", "nukidora"])
def test_a_kita_answer_under_either_name_is_our_kita(name: str) -> None:
    game = _kita_game()
    view = build_seat_view(game, 0)
    assert Kita(0) in view.legal
    assert action_from_mjai({"type": name, "actor": 0, "pai": "N"}, view) == Kita(0)
    assert action_to_mjai(Kita(0), view) == {"type": "kita", "actor": 0, "pai": "N"}
    assert action_to_mjai(Kita(0), view, "nukidora")["type"] == "nukidora"
    do(game, Kita(0))
    after = build_seat_view(game, 0)  # the replacement tile drawn: no second North
    with pytest.raises(MjaiActionError, match="not legal"):
        action_from_mjai({"type": name, "actor": 0, "pai": "N"}, after)


def test_a_seat_is_told_four_seats_the_empty_one_dealt_nothing() -> None:
    game = _kita_game()
    do(game, Kita(0))
    to = ToMjai(1, red_fives=True)
    sent = [m for e in game.events for m in to.events(redact(e, Observer(1)))]
    start = next(m for m in sent if m["type"] == "start_kyoku")
    assert start["scores"] == [35000, 35000, 35000, 0]
    assert [len(h) for h in start["tehais"]] == [13, 13, 13, 0]
    assert start["tehais"][0] == ["?"] * 13 and start["tehais"][1] != ["?"] * 13
    assert {"type": "kita", "actor": 0, "pai": "N"} in sent
    # the replacement draw follows the kita, masked
    at = sent.index({"type": "kita", "actor": 0, "pai": "N"})
    assert sent[at + 1] == {"type": "tsumo", "actor": 0, "pai": "?"}


def _three_entry_stream() -> list[dict[str, Any]]:
    """A three-player stream as other tools write it: three entries a list, `nukidora`."""
    tehai = ["1p", "2p", "3p", "4p", "5p", "6p", "7s", "8s", "9s", "1m", "1m", "9m", "N"]
    return [
        {"type": "start_game", "id": 0},
        {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0,
         "oya": 0, "dora_marker": "1s", "scores": [35000, 35000, 35000],
         "tehais": [tehai, ["?"] * 13, ["?"] * 13]},
        {"type": "tsumo", "actor": 0, "pai": "9m"},
        {"type": "nukidora", "actor": 0, "pai": "N"},
        {"type": "tsumo", "actor": 0, "pai": "3p"},
    ]


def test_a_three_entry_nukidora_stream_reads_as_four_seats_and_a_kita() -> None:
    source = FromMjai(load_preset("tenhou3"))
    stream = _three_entry_stream()
    events = source.events(stream[0], None)
    assert isinstance(events[1], GameStarted) and events[1].scores == (35000, 35000, 35000, 0)
    started, dealt, dora = source.events(stream[1], object())  # type: ignore[arg-type]
    assert isinstance(started, HandStarted) and started.scores == (35000, 35000, 35000, 0)
    assert isinstance(dealt, Dealt) and [len(h) for h in dealt.hands] == [13, 0, 0, 0]
    assert isinstance(dora, DoraRevealed) and dora.indicator == parse_tiles("1s")[0]
    (drew,) = source.events(stream[2], object())  # type: ignore[arg-type]
    assert drew.remaining == 108 - 14 - 39 - 1  # a three-player wall's live draws
    (kita,) = source.events(stream[3], object())  # type: ignore[arg-type]
    assert kita == KitaDeclared(0, parse_tiles("4z")[0])
    assert source.kita_name == "nukidora"
    (rinshan,) = source.events(stream[4], object())  # type: ignore[arg-type]
    assert rinshan.rinshan and rinshan.remaining == drew.remaining - 1


def _kitas(log_dir: Path, seat: int) -> int:
    n = 0
    for path in log_dir.glob("*.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            action = json.loads(line).get("action")
            if action and action.get("type") == "kita" and action.get("seat") == seat:
                n += 1
    return n


@pytest.mark.parametrize(("preset", "name"), list(zip(SANMA_PRESET_IDS, ["kita", "nukidora"],
                                                      strict=True)))
def test_a_scripted_mjai_bot_plays_whole_three_player_games(
    preset: str, name: str, tmp_path: Path
) -> None:
    from ai import LEVELS

    err = io.StringIO()
    seats = {1: MjaiSpec(f"{PY} {SCRIPT} {name}"), 2: MjaiSpec(f"{PY} {SCRIPT}")}
    summary = run_sim(load_preset(preset), 2, 1, ["easy"] * 4, LEVELS, stderr=err,
                      mjai_seats=seats, log_dir=tmp_path)
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0, err.getvalue()
    assert err.getvalue() == ""  # every answer legal, none late
    assert summary["hands"] > 0
    assert _kitas(tmp_path, 1) > 0  # the bot set Norths aside, under its name


# --------------------------------------------------------------------------- mjai rooms


async def test_three_clients_play_a_whole_three_player_game_in_a_room(tmp_path: Path) -> None:
    """Under a three-player ruleset three joins start the game: seat 3 stays empty (its
    tehai `[]`), every line is masked, and the table is logged like any other."""
    def east_only(rules):
        return Game.new(rules.with_overrides({"game_length": "tonpuu"}), 11)

    server = TableServer(ai, data=tmp_path, default_level="tsumogiri", game_factory=east_only)
    await server.start("127.0.0.1", 0)
    rooms = MjaiRooms(server, ruleset="tenhou3")
    port = await rooms.start("127.0.0.1", 0)
    try:
        bots = [TcpBot(f"bot{i}", "r3") for i in range(3)]
        await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 120)
    finally:
        await rooms.stop()
        await server.stop()
    for seat, bot in enumerate(bots):
        events = [json.loads(t) for t in bot.lines]
        assert events[0] == HELLO and bot.errors == []
        assert events[1]["type"] == "start_game" and events[1]["id"] == seat
        assert events[-1]["type"] == "end_game"
        for event in events:
            if event["type"] == "start_kyoku":
                hands = event["tehais"]
                assert hands[3] == [] and event["scores"][3] == 0
                assert [h != ["?"] * 13 for h in hands[:3]] == [s == seat for s in range(3)]
            if event["type"] == "tsumo":
                assert event["actor"] != 3
                assert (event["actor"] == seat) == (event["pai"] != "?"), event
    logs = list(tmp_path.glob("table-*.jsonl"))
    assert len(logs) == 1
    game = replay(logs[0].read_text().splitlines())
    assert game.is_over and game.ruleset.id == "tenhou3" and len(game.results) == 3


BOT = f"{PY} -c 'import sys; from tui.cli import main; sys.exit(main())' bot --level easy"


@pytest.mark.parametrize(("preset", "stream"), [("tenhou3", False), ("mahjongsoul3", True)])
def test_our_bot_as_a_three_player_mjai_seat_plays_as_the_level_in_process(
    preset: str, stream: bool
) -> None:
    """`bot --ruleset PRESET` as seat 1 of a three-player game (it folds the stream into
    its view and works out its legal actions itself, kita and a ron on one included):
    the same game as the level at our host, in either dialect."""
    from ai import LEVELS

    command = f"{BOT} --ruleset {preset}" + (" --stream" if stream else "")
    err = io.StringIO()
    ruleset = load_preset(preset)
    seats = {1: MjaiSpec(command, stream=stream, timeout=30)}
    summary = run_sim(ruleset, 1, 3, ["easy"] * 4, LEVELS, stderr=err, mjai_seats=seats)
    assert err.getvalue() == ""
    alone = run_sim(ruleset, 1, 3, ["easy"] * 4, LEVELS)
    for key in ("hands", "wins", "draws", "errors", "placements", "stats"):
        assert summary[key] == alone[key], key


async def test_a_three_player_table_seats_an_mjai_bot_only_in_a_seat_in_play():
    """`create` with a three-player ruleset: a bot in the empty seat 3 is refused, one in
    seat 2 is seated."""
    from test_server import _server

    from engine.server.client import Client, ServerError

    server, url = await _server(bots={"tsumogiri": MjaiSpec(f"{PY} {SCRIPT}")})
    try:
        owner = await Client.connect(url)
        with pytest.raises(ServerError, match="a bot seat is 1 to 2"):
            await owner.create(ruleset="tenhou3", players=1, bots={"3": "tsumogiri"})
        invitation = await owner.create(ruleset="tenhou3", players=1, bots={"2": "tsumogiri"})
        assert server.tables[invitation].names[2] == "tsumogiri (mjai)"
    finally:
        await server.stop()


def test_a_deal_for_another_number_of_players_is_one_clear_error() -> None:
    """A three-player stream fed to a four-player bot (or the other way round) is refused
    at the deal, naming the ruleset: the bot says so in one line instead of folding
    nonsense."""
    from engine.mjai_adapter import MjaiEventError

    stream = _three_entry_stream()
    source = FromMjai(load_preset("tenhou"))
    source.events(stream[0], None)
    with pytest.raises(MjaiEventError, match="a 3-player deal under tenhou"):
        source.events(stream[1], object())  # type: ignore[arg-type]
    four = {**stream[1], "tehais": [*stream[1]["tehais"], ["?"] * 13],
            "scores": [35000] * 4}
    source = FromMjai(load_preset("tenhou3"))
    source.events(stream[0], None)
    with pytest.raises(MjaiEventError, match="a 4-player deal under tenhou3"):
        source.events(four, object())  # type: ignore[arg-type]


# --------------------------------------------------------------------------- tables


async def test_a_three_player_table_seats_three_people_and_plays_a_whole_game(tmp_path):
    """`create` under `tenhou3`: at most three people's seats (a fourth is refused, the
    empty seat 3 is nobody's), the default is three; two people and the AI in seat 2
    play a whole game over loopback websockets, logged and replayable."""
    from test_server import _server, autopilot

    from engine.server.client import Client, ServerError

    server, url = await _server(tmp_path)
    try:
        owner = await Client.connect(url)
        with pytest.raises(ServerError, match="players is 1 to 3"):
            await owner.create(ruleset="tenhou3", players=4)
        full = await owner.create(ruleset="tenhou3")
        assert server.tables[full].players == 3
        invitation = await owner.create(ruleset="tenhou3", rules={"game_length": "tonpuu"},
                                        players=2)
        people = [await Client.connect(url) for _ in range(3)]
        assert [await people[i].join(invitation, f"p{i}") for i in range(2)] == [0, 1]
        with pytest.raises(ServerError, match="every seat for people"):
            await people[2].join(invitation, "p2")
        await asyncio.wait_for(asyncio.gather(*(p.play(autopilot) for p in people[:2])), 120)
        table = server.tables[invitation].id
    finally:
        await server.stop()
    game = replay((tmp_path / f"table-{table}.jsonl").read_text().splitlines())
    assert game.is_over and game.ruleset.id == "tenhou3" and len(game.results) == 3
