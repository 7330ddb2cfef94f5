"""`arena --mjai-timeout SECONDS --mjai-chombo` (issue 24): an mjai bot that times out
or answers illegally gets the default action, or with the flag mjai.app's chombo (the
hand ends, it pays a mangan); the summary counts both per player, the terms reach
every worker (and Ray's tasks), and each mistake is one line naming set, seed and seat.

The bot is `tests/mjai_scripted_bot.py illegal-once`: in each game (a process each) it
answers its first turn with a tile it does not hold, then discards what it draws.
Games are East-only to keep the file fast."""

from __future__ import annotations

import asyncio
import io
import json
import pickle
import re
import shlex
import sys
from pathlib import Path

import pytest
from test_arena import _FakeRay

from engine.arena import (
    Chunk,
    OutsideTerms,
    _Counts,
    _play,
    play_chunk,
    run_arena,
    run_chunks,
)
from engine.events import ExhaustiveDraw, HandEnded, HandStarted
from engine.game import Game
from rules.ruleset import resolve
from tui.cli import main
from tui.player_specs import resolve_spec

SCRIPT = Path(__file__).with_name("mjai_scripted_bot.py")
BOT = f"mjai:{shlex.quote(sys.executable)} {shlex.quote(str(SCRIPT))} illegal-once"
EAST_ONLY = ["game_length='tonpuu'"]
SETS, SEED = 2, 5
ARGV = ["arena", "--ruleset", "tenhou", "--rule", EAST_ONLY[0], "--challenger", BOT,
        "--opponents", "greedy", "--sets", str(SETS), "--seed", str(SEED)]


def _without_seconds(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k != "seconds"}


@pytest.fixture(scope="module")
def one_worker() -> dict[bool, tuple[dict, list[str]]]:
    """The arena in this process, without and with the chombo rule: summary, stderr."""
    out = {}
    for chombo in (False, True):
        err = io.StringIO()
        summary = run_arena(resolve("tenhou", EAST_ONLY), BOT, "greedy", SETS, SEED,
                            resolve_spec, workers=1, stderr=err,
                            terms=OutsideTerms(chombo=chombo))
        out[chombo] = summary, err.getvalue().splitlines()
    return out


def _said_once_per_game(lines: list[str], played: str) -> None:
    """One line per game (the bot errs once a game), each naming its set, seed, the
    challenger's line-up seat and the bot's mjai seat, and what was played."""
    assert len(lines) == 4 * SETS
    where = [re.match(r"set (\d+) \(seed (\d+)\), challenger in line-up seat (\d): "
                      r"mjai seat \d \(the challenger\): ", line) for line in lines]
    assert all(where), lines
    assert [tuple(int(g) for g in m.groups()) for m in where if m] == [
        (k + 1, SEED + k, seat) for k in range(SETS) for seat in range(4)
    ]
    assert all("is not legal" in line and played in line for line in lines)


def test_without_the_flag_the_default_is_played_and_counted_for_the_bot(one_worker):
    summary, lines = one_worker[False]
    assert summary["errors"] == 0
    bot, greedy = summary["players"][BOT], summary["players"]["greedy"]
    assert (bot["defaults"], bot["chombos"]) == (4 * SETS, 0)
    assert (greedy["defaults"], greedy["chombos"]) == (0, 0)
    _said_once_per_game(lines, "played Discard(")


def test_with_the_flag_a_chombo_is_charged_and_counted_for_the_bot(one_worker):
    summary, lines = one_worker[True]
    assert summary["errors"] == 0
    bot, greedy = summary["players"][BOT], summary["players"]["greedy"]
    assert (bot["defaults"], bot["chombos"]) == (0, 4 * SETS)
    assert (greedy["defaults"], greedy["chombos"]) == (0, 0)
    _said_once_per_game(lines, "charged a chombo")
    assert not any("played" in line for line in lines)


def test_an_in_process_agent_s_defaults_count_for_it_too():
    """A jansou agent answering out of its legal actions (`Nuki` with four players):
    its defaults per player, one line per seat and game with the count."""
    from test_arena import _nuki_resolver

    err = io.StringIO()
    summary = run_arena(resolve("tenhou", EAST_ONLY), "bad", "greedy", 1, SEED,
                        _nuki_resolver, workers=1, stderr=err)
    bad, greedy = summary["players"]["bad"], summary["players"]["greedy"]
    assert bad["defaults"] > 0 and bad["chombos"] == 0
    assert (greedy["defaults"], greedy["chombos"]) == (0, 0)
    lines = err.getvalue().splitlines()
    counts = [int(re.search(r"\(the challenger\): (\d+) answer", line).group(1))
              for line in lines]
    assert len(lines) == 4 and sum(counts) == bad["defaults"]


def test_the_chombo_ends_the_hand_and_the_bot_pays_a_mangan():
    """A game as the arena plays it (its seats from the specs, the terms handed at the
    table): the bot's illegal first answer ends that hand, the bot paying 8,000 (12,000
    as dealer), so its final figures include the payment."""
    ruleset = resolve("tenhou", EAST_ONLY)
    game = Game.new(ruleset, SEED)
    seats = [resolve_spec(BOT)(0, SEED), *(resolve_spec("greedy")(s, SEED) for s in (1, 2, 3))]
    counts, notes = _Counts(True), []
    results = asyncio.run(_play(game, seats, counts, OutsideTerms(chombo=True),
                                ["the challenger", *["an opponent"] * 3], notes.append))
    bot = game.seating.index(0)
    draws = [i for i, e in enumerate(game.events)
             if isinstance(e, ExhaustiveDraw) and e.kind == "chombo"]
    assert len(draws) == 1 and game.events[draws[0]].seat == bot
    started = [e for e in game.events[:draws[0]] if isinstance(e, HandStarted)][-1]
    ended = next(e for e in game.events[draws[0]:] if isinstance(e, HandEnded))
    want = [4000 if s == started.dealer or bot == started.dealer else 2000 for s in range(4)]
    want[bot] = -sum(w for s, w in enumerate(want) if s != bot)
    assert list(ended.deltas) == want
    assert counts.chombos == [1 if s == bot else 0 for s in range(4)]
    assert len(notes) == 1 and "charged a chombo" in notes[0]
    assert len(results) == 4


@pytest.mark.parametrize("chombo", [False, True])
def test_two_workers_give_the_same_figures(one_worker, chombo, capsys):
    """The flags reach the pool's workers: the CLI with two workers, the same summary
    and the same lines as one worker in this process."""
    flags = ["--mjai-chombo"] if chombo else []
    assert main([*ARGV, "--workers", "2", *flags]) == 0
    captured = capsys.readouterr()
    summary, lines = one_worker[chombo]
    assert _without_seconds(json.loads(captured.out.splitlines()[-1])) == _without_seconds(
        summary)
    assert captured.err.splitlines() == lines


class _PicklingRay(_FakeRay):
    """Ray's calls as `engine.arena` makes them (test_arena's fake), each task's
    arguments pickled and unpickled as Ray ships them to a worker."""

    def remote(self, function):
        return super().remote(lambda *args: function(*pickle.loads(pickle.dumps(args))))


def test_ray_tasks_play_under_the_same_terms(one_worker, monkeypatch, capsys):
    import tui.commands.arena as command

    fake = _PicklingRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(command, "ray_available", lambda: True)
    assert main([*ARGV, "--workers", "2", "--mjai-chombo", "--ray", "local"]) == 0
    captured = capsys.readouterr()
    assert fake.tasks > 1
    summary, lines = one_worker[True]
    assert _without_seconds(json.loads(captured.out.splitlines()[-1])) == _without_seconds(
        summary)
    assert captured.err.splitlines() == lines


def test_the_timeout_reaches_the_seat():
    """`late` answers its first turn after a second: under a 0.3 s timeout, carried in
    the chunk a worker unpickles, that turn is the default (a loaded machine may add
    more), said as a timeout; the default 10 s would have waited for it."""
    late = f"mjai:{shlex.quote(sys.executable)} {shlex.quote(str(SCRIPT))} late"
    chunk = Chunk(resolve("tenhou", EAST_ONLY), late, "greedy", ((SEED, 1),), resolve_spec,
                  terms=OutsideTerms(timeout=0.3))
    (record,) = play_chunk(pickle.loads(pickle.dumps(chunk)))
    assert record.error is None
    assert record.seat_defaults[1] >= 1 and record.defaults == record.seat_defaults[1]
    assert record.notes and "no answer within 0.3 s" in record.notes[0]
    assert len(record.notes) == record.defaults


def test_each_chunk_is_said_as_soon_as_it_and_those_before_it_are_in():
    """A long run's lines come as it goes, in seed order, not all at the end: in one
    process the first chunk is handed on before the second is played."""
    ruleset = resolve("tenhou", EAST_ONLY)
    resolved: list[str] = []  # two specs resolved a game

    def counting(spec: str):
        resolved.append(spec)
        return resolve_spec(spec)

    chunks = [Chunk(ruleset, "greedy", "greedy", ((seed, 0),), counting) for seed in (3, 4)]
    seen: list[tuple[int, int]] = []
    run_chunks(chunks, 1, lambda part: seen.append((part[0].seed, len(resolved))))
    assert seen == [(3, 2), (4, 4)]
    chunks = [Chunk(ruleset, "greedy", "greedy", ((seed, 0),), resolve_spec) for seed in (3, 4)]
    seen.clear()
    out = run_chunks(chunks, 2, lambda part: seen.append((part[0].seed, 0)))
    assert seen == [(3, 0), (4, 0)] and [part[0].seed for part in out] == [3, 4]


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("0", "--mjai-timeout must be more than 0 seconds"),
        ("soon", "invalid float value: 'soon'"),
        ("nan", "--mjai-timeout must be a finite number of seconds"),
        ("601", "--mjai-timeout must be at most 600 seconds"),
    ],
)
def test_a_bad_timeout_is_one_line_and_exit_2(value, words, capsys):
    with pytest.raises(SystemExit) as stop:
        status = main(["arena", "--challenger", "greedy", "--opponents", "easy", "--sets",
                       "1", "--workers", "1", "--mjai-timeout", value])
        raise SystemExit(status)
    assert stop.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and words in captured.err
