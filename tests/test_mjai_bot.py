"""`mahjong-tui bot`: a recorded game's mjai stream, masked for one seat, fed to the bot in
both dialects: a legal answer at every decision, `none` (mjai.app) or silence (Mortal's
`--stream`) elsewhere, and one line of standard error for an event it cannot follow."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.mjai_adapter import FromMjai, action_from_mjai
from engine.seat_legal import Reckoner
from engine.storage.records.mjai import masked_for
from rules.ruleset import load_preset


def _cli(*args: str, stdin: str = "", check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())", *args],
        input=stdin, capture_output=True, text=True, timeout=600, check=check,
    )


def _record(logs: Path, seed: int) -> list[dict[str, Any]]:
    """One tenhou game, `sim --log` then `export --format mjai`."""
    _cli("sim", "--ruleset", "tenhou", "--games", "1", "--seed", str(seed), "--ai", "easy",
         "--log", str(logs))
    out = _cli("export", "--format", "mjai", str(Path(logs) / f"game-{seed}.jsonl"))
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return _record(tmp_path_factory.mktemp("logs"), 11)


@pytest.fixture(scope="module")
def record1(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return _record(tmp_path_factory.mktemp("logs1"), 1)


TRIGGERS = ("tsumo", "chi", "pon", "dahai", "kakan", "ankan", "reach")


def _asked(reckoner: Reckoner, event: dict[str, Any]) -> bool:
    me = reckoner.view.seat
    mine = event.get("actor") == me
    kind = event["type"]
    if kind == "reach":
        return mine
    if not ((kind in ("tsumo", "chi", "pon") and mine) or
            (kind in ("dahai", "kakan", "ankan") and not mine)):
        return False
    return bool(reckoner.legal())


def _oracle(lines: list[dict[str, Any]]) -> list[tuple[Any, bool]]:
    """For each event: the seat's view with its legal actions when it is asked, else None
    (and whether the ask is the dahai after its own reach)."""
    ruleset = load_preset("tenhou")
    source = FromMjai(ruleset)
    reckoner: Reckoner | None = None
    out: list[tuple[Any, bool]] = []
    for event in lines:
        view = reckoner.view if reckoner is not None else None
        for ours in source.events(event, view):
            if reckoner is None:
                reckoner = Reckoner(source.seat or 0, ruleset)
                continue
            reckoner.feed(ours)
        assert reckoner is not None
        if _asked(reckoner, event):
            out.append((reckoner.decision_view(), event["type"] == "reach"))
        else:
            out.append((None, False))
    return out


@pytest.mark.parametrize("seat", [0, 2])
def test_bot_batched_answers_every_line(record: list[dict[str, Any]], seat: int) -> None:
    lines = masked_for(record, seat)
    oracle = _oracle(lines)
    # Events grouped as mjai.app sends them: each line the events up to the next ask;
    # start_game, end_kyoku and end_game on their own lines.
    batches: list[list[dict[str, Any]]] = []
    asks: list[tuple[Any, bool]] = []
    current: list[dict[str, Any]] = []
    for event, ask in zip(lines, oracle, strict=True):
        alone = event["type"] in ("start_game", "end_kyoku", "end_game")
        if alone and current:
            batches.append(current)
            asks.append((None, False))
            current = []
        current.append(event)
        if alone or ask[0] is not None:
            batches.append(current)
            asks.append(ask)
            current = []
    if current:
        batches.append(current)
        asks.append((None, False))
    stdin = "".join(json.dumps(b) + "\n" for b in batches)
    out = _cli("bot", "--level", "easy", stdin=stdin)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == len(batches)
    assert out.stderr == ""
    decisions = 0
    for answer, (view, after_reach) in zip(answers, asks, strict=True):
        if view is None:
            assert answer == {"type": "none"}
            continue
        decisions += 1
        if answer["type"] != "reach":
            action_from_mjai(answer, view, riichi=after_reach)
    assert decisions > 20


@pytest.mark.parametrize("seat", [1, 3])
def test_bot_stream_answers_only_when_it_can_act(record: list[dict[str, Any]], seat: int) -> None:
    lines = masked_for(record, seat)
    oracle = _oracle(lines)
    # Feed line by line through one process, reading an answer exactly when asked.
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())",
         "bot", "--level", "easy", "--stream"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdin is not None and proc.stdout is not None
    decisions = 0
    for event, (view, after_reach) in zip(lines, oracle, strict=True):
        proc.stdin.write(json.dumps(event) + "\n")
        proc.stdin.flush()
        if view is None:
            continue
        answer = json.loads(proc.stdout.readline())
        decisions += 1
        if answer["type"] != "reach":
            action_from_mjai(answer, view, riichi=after_reach)
    proc.stdin.close()
    assert proc.stdout.read() == ""  # silent everywhere else
    assert proc.wait(timeout=60) == 0
    assert decisions > 20


def test_bot_survives_what_it_cannot_follow(record: list[dict[str, Any]]) -> None:
    lines = masked_for(record, 0)
    stdin = "".join(
        [json.dumps([lines[0]]) + "\n", "not json\n", json.dumps([{"type": "tsumo"}]) + "\n",
         json.dumps(["x"]) + "\n", json.dumps([{"type": "end_game"}]) + "\n"]
    )
    out = _cli("bot", "--level", "easy", stdin=stdin)
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert answers == [{"type": "none"}] * 5
    assert len(out.stderr.splitlines()) == 3
    assert all(line.startswith("mahjong-tui bot: ") for line in out.stderr.splitlines())


def test_bot_refuses_a_bad_ruleset_with_exit_2() -> None:
    out = _cli("bot", "--level", "easy", "--ruleset", "nope", check=False)
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_every_level_follows_a_record_with_its_own_reach(
    record1: list[dict[str, Any]], level: str
) -> None:
    """A recorded seat's `reach` the bot did not choose is answered with a riichi dahai,
    never an error (the hard level once raised on a list of riichi discards only)."""
    record = record1
    seats = {e["actor"] for e in record if e["type"] == "reach"}
    assert seats
    seat = min(seats)
    lines = masked_for(record, seat)
    stdin = "".join(json.dumps([e]) + "\n" for e in lines)
    out = _cli("bot", "--level", level, stdin=stdin)
    assert out.stderr == ""
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == len(lines)
    for event, answer in zip(lines, answers, strict=True):
        if event["type"] == "reach" and event["actor"] == seat:
            assert answer["type"] == "dahai"
