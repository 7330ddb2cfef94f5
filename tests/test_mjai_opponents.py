"""mjai bots as the game's opponents (`mahjong-tui --seat N=mjai:COMMAND`): N counts from
you (1 right, 2 across, 3 left); the app puts the bot where N says; the table's host
plays a whole game with the bot process as a seat of its own; bad flags exit 2."""

from __future__ import annotations

import asyncio
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from engine.events import Discarded
from engine.host import default_action
from engine.mjai_seat import MjaiSeat
from engine.sim import MjaiSpec
from engine.table_host import hosted_game, new_table_host
from rules.ruleset import load_preset
from tui.mjai_opponents import parse_game_seats, relative

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
PY = shlex.quote(sys.executable)
ROOT = Path(__file__).resolve().parent.parent


class _Autopilot:
    """The human's seat, played by the default action (a seat and a watcher)."""

    async def decide(self, view):
        return default_action(view)

    async def update(self, frame):
        pass


@pytest.mark.parametrize("where", [1, 2, 3])
def test_the_app_seats_the_bot_where_n_says(tmp_path, where):
    from tui.app import MahjongApp
    from tui.settings import GameConfig

    spec = MjaiSpec(f"{PY} {SCRIPT}")
    app = MahjongApp(data_dir=tmp_path, mjai_seats={where: spec})
    config = GameConfig(ruleset="tenhou", ai="easy", seed=41)
    table = new_table_host(config.build_ruleset(), config.seed)
    opponents = app._opponents(table, config)
    bots = [p for p in opponents if isinstance(p, MjaiSeat)]
    assert len(bots) == 1 and relative(table.seat, bots[0].seat) == where
    assert bots[0].command == spec.command
    assert sum(1 for p in opponents if not isinstance(p, MjaiSeat)) == 2


def test_a_whole_game_with_a_bot_opponent_at_the_table(tmp_path):
    from tui.app import MahjongApp
    from tui.settings import GameConfig

    app = MahjongApp(data_dir=tmp_path, mjai_seats={2: MjaiSpec(f"{PY} {SCRIPT}")})
    rules = load_preset("tenhou").with_overrides({"game_length": "tonpuu"})
    config = GameConfig(ruleset="tenhou", ai="easy", seed=5)
    table = new_table_host(rules, config.seed)
    opponents = app._opponents(table, config)
    bot = next(p for p in opponents if isinstance(p, MjaiSeat))
    asyncio.run(asyncio.wait_for(table.attach(_Autopilot(), opponents), 120))
    game = hosted_game(table)
    assert game.is_over
    discards = [e for e in game.events if isinstance(e, Discarded) and e.seat == bot.seat]
    assert discards and all(e.tsumogiri for e in discards)  # the scripted bot's play
    assert bot.errors == 0 and not (tmp_path / "mjai.log").exists()
    assert bot.process is not None and bot.process.returncode is not None  # stopped


def test_game_seat_flags_are_checked():
    spec = parse_game_seats(["3=mjai-stream:x"], 5.0, True)
    assert spec == {3: MjaiSpec("x", stream=True, timeout=5.0, chombo=True)}
    for bad in (["0=mjai:x"], ["4=mjai:x"], ["1=other:x"], ["1=mjai:"]):
        with pytest.raises(ValueError):
            parse_game_seats(bad, 5.0, False)
    for flags, words in ((["--seat", "0=mjai:x"], "--seat 0 is you"),
                         (["--seat", "9=mjai:x"], "the seat is 0-3"),
                         (["--seat", "1=mjai:x", "--mjai-timeout", "0"], "--mjai-timeout")):
        done = subprocess.run([sys.executable, "-m", "tui.cli", *flags], capture_output=True,
                              text=True, cwd=ROOT, timeout=30)
        assert done.returncode == 2 and words in done.stderr, (flags, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1


def test_the_game_flags_reach_the_app(monkeypatch):
    from tui import cli

    seen = {}

    class FakeApp:
        def __init__(self, **kwargs):
            seen.update(kwargs)

        def run(self):
            seen["ran"] = True

    monkeypatch.setattr("tui.app.MahjongApp", FakeApp)
    assert cli.main(["--ruleset", "tenhou", "--seed", "7", "--seat", "2=mjai:some bot",
                     "--mjai-timeout", "3", "--mjai-chombo"]) == 0
    assert seen["mjai_seats"] == {2: MjaiSpec("some bot", timeout=3.0, chombo=True)}
    assert seen["ran"]
