"""`mahjong-tui bot --ruleset tenhou3` on the 20 real three-player Tenhou games
(../shared/records/tenhou3p): each imported, exported as mjai, masked for one seat and
fed to one bot process (the bot starts afresh at each `start_game`), in both dialects:
a legal answer at every decision of the seat's own folded view, `none` (mjai.app) or
silence (Mortal's `--stream`) elsewhere. Half the games are fed with the North set
aside named `nukidora` (the Mortal-based tools' name) instead of `kita`; a bot that
sets one aside answers in the name its stream used (`kita` until the stream said one)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.mjai_adapter import KITA_NAMES, FromMjai, action_from_mjai
from engine.seat_legal import Reckoner
from engine.storage.records import split_hands
from engine.storage.records.mjai import masked_for, to_mjai
from engine.storage.records.tenhou_import import game_from_mjlog
from rules.ruleset import load_preset

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tenhou3p"
FILES = sorted(RECORDS.glob("*.mjlog"))
BOT = [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())", "bot",
       "--level", "easy", "--ruleset", "tenhou3"]
ALONE = ("start_game", "end_kyoku", "end_game")


def _stream(index: int, path: Path) -> list[dict[str, Any]]:
    """Record `index`'s mjai events masked for seat index % 3; odd ones say `nukidora`."""
    lines = masked_for(to_mjai(split_hands(game_from_mjlog(path.read_bytes()))), index % 3)
    if index % 2:
        lines = [{**m, "type": "nukidora"} if m["type"] == "kita" else m for m in lines]
    return lines


def _asked(reckoner: Reckoner, event: dict[str, Any]) -> bool:
    me = reckoner.view.seat
    mine = event.get("actor") == me
    kind = event["type"]
    if kind == "reach":
        return mine
    if not ((kind in ("tsumo", "chi", "pon") and mine)
            or (kind in ("dahai", "kakan", "ankan", *KITA_NAMES) and not mine)):
        return False
    return bool(reckoner.legal())


def _oracle(lines: list[dict[str, Any]]) -> list[tuple[Any, bool, str]]:
    """For each event: the seat's view with its legal actions when it is asked, else None,
    whether the ask is the dahai after its own reach, and the name a kita answer takes."""
    ruleset = load_preset("tenhou3")
    source = FromMjai(ruleset)
    reckoner: Reckoner | None = None
    out: list[tuple[Any, bool, str]] = []
    name = "kita"
    for event in lines:
        if event["type"] == "start_game":
            name = "kita"
        elif event["type"] in KITA_NAMES:
            name = event["type"]
        view = reckoner.view if reckoner is not None else None
        for ours in source.events(event, view):
            if reckoner is None:
                reckoner = Reckoner(source.seat or 0, ruleset)
                continue
            reckoner.feed(ours)
        assert reckoner is not None
        if _asked(reckoner, event):
            out.append((reckoner.decision_view(), event["type"] == "reach", name))
        else:
            out.append((None, False, name))
    return out


def _check(answer: dict[str, Any], view: Any, after_reach: bool, kita: str) -> str:
    if answer["type"] in KITA_NAMES:
        assert answer["type"] == kita, answer
    if answer["type"] != "reach":
        action_from_mjai(answer, view, riichi=after_reach)
    return str(answer["type"])


@pytest.fixture(scope="module")
def streams() -> list[tuple[list[dict[str, Any]], list[tuple[Any, bool, str]]]]:
    assert len(FILES) == 20
    out = []
    for index, path in enumerate(FILES):
        lines = _stream(index, path)
        out.append((lines, _oracle(lines)))
    return out


def test_bot_batched_answers_every_line_of_the_twenty_games(streams) -> None:
    batches: list[list[dict[str, Any]]] = []
    asks: list[tuple[Any, bool, str]] = []
    for lines, oracle in streams:
        current: list[dict[str, Any]] = []
        for event, (view, after_reach, kita) in zip(lines, oracle, strict=True):
            alone = event["type"] in ALONE
            if alone and current:
                batches.append(current)
                asks.append((None, False, kita))
                current = []
            current.append(event)
            if alone or view is not None:
                batches.append(current)
                asks.append((view, after_reach, kita))
                current = []
        if current:
            batches.append(current)
            asks.append((None, False, "kita"))
    stdin = "".join(json.dumps(b) + "\n" for b in batches)
    out = subprocess.run(BOT, input=stdin, capture_output=True, text=True, timeout=900,
                         check=True)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.stderr == ""
    assert len(answers) == len(batches)
    kinds = []
    for answer, (view, after_reach, kita) in zip(answers, asks, strict=True):
        if view is None:
            assert answer == {"type": "none"}
            continue
        kinds.append(_check(answer, view, after_reach, kita))
    assert len(kinds) > 20 * 100
    assert {"kita", "nukidora"} <= set(kinds)  # it set Norths aside, under each name


def test_bot_stream_answers_only_when_it_can_act(streams) -> None:
    proc = subprocess.Popen(
        [*BOT, "--stream"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    decisions = 0
    for lines, oracle in streams[:6]:
        for event, (view, after_reach, kita) in zip(lines, oracle, strict=True):
            proc.stdin.write(json.dumps(event) + "\n")
            proc.stdin.flush()
            if view is None:
                continue
            answer = json.loads(proc.stdout.readline())
            decisions += 1
            _check(answer, view, after_reach, kita)
    proc.stdin.close()
    assert proc.stdout.read() == ""  # silent everywhere else
    assert proc.wait(timeout=60) == 0
    assert decisions > 6 * 100
