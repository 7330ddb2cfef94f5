"""mjai.app's chombo rule as a flag (`sim --mjai-chombo`, `serve --mjai-chombo`): an mjai
bot that times out or answers illegally is charged a chombo — the hand ends and it
pays a mangan as by tsumo (mjai.app's arena: a `ryukyoku` with those deltas) — rather
than only having the default action played; off by default; logged; replayed."""

from __future__ import annotations

import asyncio
import io
import json
import shlex
import sys
from pathlib import Path

import pytest
from mjai_tcp_client import TcpBot
from test_mjai_rooms import _events, _rooms, _stop

from engine.actions import Chombo, action_from_dict, action_to_dict
from engine.events import ExhaustiveDraw, HandEnded
from engine.game import Game
from engine.sim import MjaiSpec, run_sim
from engine.storage.game_log import log_lines, replay
from rules.ruleset import load_preset

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
PY = shlex.quote(sys.executable)


@pytest.mark.parametrize("offender", [0, 1])
def test_a_chombo_ends_the_hand_and_the_offender_pays_a_mangan(offender):
    game = Game.new(load_preset("tenhou"), 3)
    dealer, honba = game.dealer, game.honba
    events = game.apply(Chombo(offender))
    draw = next(e for e in events if isinstance(e, ExhaustiveDraw))
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert draw.kind == "chombo" and draw.seat == offender
    want = [4000 if s == dealer else 2000 for s in range(4)]
    if offender == dealer:
        want = [4000] * 4
    want[offender] = -sum(w for s, w in enumerate(want) if s != offender)
    assert list(ended.deltas) == want
    assert ended.renchan == (offender != dealer) and ended.honba == honba + 1
    # In the log like any action: a replay charges it again.
    again = replay(list(log_lines(game)))
    assert again.events == game.events
    assert action_from_dict(action_to_dict(Chombo(2))) == Chombo(2)


def _sim(chombo: bool, log: Path | None = None) -> tuple[dict, str]:
    from ai import LEVELS

    err = io.StringIO()
    spec = MjaiSpec(f"{PY} {SCRIPT} illegal", chombo=chombo)
    summary = run_sim(load_preset("tenhou"), 1, 0, ["easy"] * 4, LEVELS, stderr=err,
                      mjai_seats={0: spec}, log_dir=log)
    return summary, err.getvalue()


def test_sim_charges_a_chombo_only_with_the_flag(tmp_path):
    summary, log = _sim(True, tmp_path)
    assert summary["errors"] == 0 and summary["invariant_violations"] == 0
    lines = log.splitlines()
    assert lines and all("seat 0 (mjai):" in line and "charged a chombo" in line
                         for line in lines)
    game = replay(next(tmp_path.glob("game-*.jsonl")).read_text().splitlines())
    chombos = [e for e in game.events if isinstance(e, ExhaustiveDraw) and e.kind == "chombo"]
    assert len(chombos) == len(lines) and all(e.seat == 0 for e in chombos)
    # Off by default: the default action, no chombo.
    summary, log = _sim(False)
    assert summary["errors"] == 0 and "chombo" not in log and "played Discard" in log


def test_sim_command_takes_the_flag(tmp_path):
    import subprocess

    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "sim", "--ruleset", "tenhou", "--games", "1",
         "--seed", "0", "--ai", "easy", "--seat", f"0=mjai:{PY} {SCRIPT} illegal",
         "--mjai-chombo"], capture_output=True, text=True, cwd=root, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["errors"] == 0
    assert "charged a chombo" in done.stderr


async def test_a_room_charges_an_illegal_client_a_chombo(caplog):
    server, rooms, port = await _rooms(chombo=True)
    bots = [TcpBot("bad", "c", mode="illegal"), *(TcpBot(f"g{i}", "c") for i in range(3))]
    await asyncio.wait_for(asyncio.gather(*(b.play(port) for b in bots)), 60)
    for bot in bots:
        events = _events(bot)
        assert events[-1]["type"] == "end_game"
        errors = [e for e in events if e["type"] == "ryukyoku" and e["reason"] == "error"]
        assert errors and all(e["deltas"][0] < 0 for e in errors)
    logged = [r.getMessage() for r in caplog.records if "mjai seat 0" in r.getMessage()]
    assert logged and all("charged a chombo" in m for m in logged)
    await _stop(server, rooms)


def test_the_hand_result_names_the_chombo_and_says_who_and_why():
    from tui import result_text as X
    from tui.screens.hand_result import HandResultScreen

    game = Game.new(load_preset("tenhou"), 3)
    draw = next(e for e in game.apply(Chombo(1)) if isinstance(e, ExhaustiveDraw))
    ctx = X.hand_context(draw, game)
    title = HandResultScreen(draw, ctx).title_text()
    assert title.startswith(X.say("end.chombo")) and "exhaustive" not in title
    notes = X.ending_notes(draw, ctx)
    assert "mjai.app's rule" in notes[0] and "pays a mangan" in notes[0]


def test_a_game_with_chombos_goes_out_as_mjai_and_comes_back_the_same(tmp_path):
    """(Before the importer knew mjai.app's `ryukyoku` `error`, such a record did not
    import: "it is seat 0's turn, the record has ryukyoku".)"""
    from engine.storage.records import load
    from engine.storage.records.importer import game_from_mjai
    from engine.storage.records.mjai import to_mjai_text

    _sim(True, tmp_path)
    game = replay(next(tmp_path.glob("game-*.jsonl")).read_text().splitlines())
    text = to_mjai_text(load(next(tmp_path.glob("game-*.jsonl"))))
    assert '"reason":"error"' in text  # as mjai.app's arena writes it
    again = game_from_mjai(text)
    # The same game (the dice aside: mjai does not carry them), its chombos included.
    assert again.actions == game.actions and again.scores == game.scores
    assert [e for e in again.events if isinstance(e, ExhaustiveDraw)] == [
        e for e in game.events if isinstance(e, ExhaustiveDraw)
    ]
