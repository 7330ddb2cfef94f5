"""mjai bots at websocket tables (`serve --bot NAME=mjai:COMMAND`, `create` with
`"bots": {"3": NAME}`): the operator names the commands, a table seats them; a remote
player plays a whole game with one; bad `bots` fields are refused with a message."""

from __future__ import annotations

import asyncio
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from test_server import _server, autopilot

from engine.events import Discarded
from engine.server.client import Client, ServerError
from engine.server.mjai_bots import BotError, parse_bots
from engine.sim import MjaiSpec
from engine.storage.game_log import replay

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
PY = shlex.quote(sys.executable)
ROOT = Path(__file__).resolve().parent.parent


async def test_a_player_plays_a_whole_game_with_an_mjai_bot_at_the_table(tmp_path, caplog):
    bots = {"tsumogiri": MjaiSpec(f"{PY} {SCRIPT}"),
            "ours": MjaiSpec(f"{PY} -m tui.cli bot --level easy", timeout=30)}
    server, url = await _server(tmp_path, bots=bots)
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="tenhou", rules={"game_length": "tonpuu"},
                                    players=1, bots={"2": "tsumogiri", "3": "ours"})
    player = await Client.connect(url)
    assert await player.join(invitation, "me") == 0
    await asyncio.wait_for(player.play(autopilot), 120)
    saved = await server.stop()
    game = replay(saved[0])
    assert game.is_over
    # The scripted bot's every discard is its draw; ours discards from its hand too.
    discards = [e for e in game.events if isinstance(e, Discarded) and e.seat == 2]
    assert discards and all(e.tsumogiri for e in discards)
    assert any(not e.tsumogiri for e in game.events if isinstance(e, Discarded) and e.seat == 3)
    # No timeout, no illegal answer (each would be a "played ..." line in the log).
    assert not [r for r in caplog.records if "played" in r.getMessage()]
    table = server.tables[invitation]
    assert table.names[2:] == ["tsumogiri (mjai)", "ours (mjai)"]


@pytest.mark.parametrize(("bots", "words"), [
    ({"0": "tsumogiri"}, "a bot seat is 1 to 3"),
    ({"2": "nobody"}, "unknown bot 'nobody'"),
    ({"x": "tsumogiri"}, "a bot seat"),
    ([1], "of the wrong type"),
])
async def test_bad_bots_fields_are_refused(bots, words):
    server, url = await _server(bots={"tsumogiri": MjaiSpec(f"{PY} {SCRIPT}")})
    owner = await Client.connect(url)
    with pytest.raises(ServerError, match=words):
        await owner.create(players=1, bots=bots)
    assert await owner.create(players=1)  # the connection goes on
    await server.stop()


def test_bot_flags_are_checked():
    assert parse_bots(["a=mjai:x y", "b=mjai-stream:z"], timeout=3, chombo=True) == {
        "a": MjaiSpec("x y", timeout=3, chombo=True),
        "b": MjaiSpec("z", stream=True, timeout=3, chombo=True),
    }
    for bad in (["a"], ["a=mjai:"], ["=mjai:x"], ["a=other:x"], ["a=mjai:x", "a=mjai:y"]):
        with pytest.raises(BotError):
            parse_bots(bad, timeout=3, chombo=False)
    done = subprocess.run([sys.executable, "-m", "tui.cli", "serve", "--port", "0",
                           "--bot", "nope"], capture_output=True, text=True, cwd=ROOT,
                          timeout=30)
    assert done.returncode == 2 and "--bot 'nope'" in done.stderr


async def test_an_illegal_bot_at_a_table_is_logged_and_the_table_goes_on(caplog):
    server, url = await _server(bots={"bad": MjaiSpec(f"{PY} {SCRIPT} illegal")})
    owner = await Client.connect(url)
    invitation = await owner.create(ruleset="tenhou", rules={"game_length": "tonpuu"},
                                    players=1, bots={"1": "bad"})
    player = await Client.connect(url)
    await player.join(invitation, "me")
    await asyncio.wait_for(player.play(autopilot), 120)
    lines = [r.getMessage() for r in caplog.records if "seat 1 (bad)" in r.getMessage()]
    assert lines and all("not legal" in m and "played Discard(seat=1" in m for m in lines)
    await server.stop()
