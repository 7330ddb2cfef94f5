"""Fuzzing `replay --summary` and `export` with corrupted game logs and saves.

Run longer with more examples per test (default 40):

    MAHJONG_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest tests/fuzz/test_fuzz_logs.py -s

(`-s` shows how many corrupted files were tried.) Two valid records are corrupted:
a game log (`sim --log` format, two hands of random legal play under wrc) and a
save (`engine.storage.save_store`, the same JSON-lines format plus a closing clock note, gifu).
Each is truncated at a random point, has bytes replaced, inserted or deleted, a
line nested deeply, a line grown huge, or a field given a value of another type,
and is then run through the real command line in-process (`tui.cli.main`, for
speed; `test_corrupted_records_in_real_processes` runs a few as real processes).

What must come out, every time:

- exit status 2, nothing on standard output, exactly one line on standard error
  and no traceback; or
- exit status 0 with the correct output. A record cut at a line boundary is
  still a valid log: it replays what is there (the summary says the log ends
  before the game does; the export leaves out the unfinished hand), so its
  output must be the start of the whole record's output. Any other corruption
  that still replays (a blank line, a changed clock note) must give exactly the
  output of the record it came from.

Exit status 1 (a crash reported in one line) or an exception escaping `main`
fails the test: either is a bug to fix, not an outcome to accept.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.game import Game
from engine.storage.game_log import log_lines
from engine.storage.record_file import MAX_LINE
from engine.storage.save_store import SaveStore
from rules.ruleset import load_preset
from tui.cli import main

EXAMPLES = int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ROOT = Path(__file__).resolve().parents[2]
TRIED: dict[str, int] = {}  # corrupted files per kind of corruption
REPLAYED: dict[str, int] = {}  # command runs that still replayed (exit 0, output checked)


# ---------------------------------------------------------------------- the records
class Quiet(dict):
    """Fixture data Hypothesis prints in a failing example: short, not 100 kB."""

    def __repr__(self) -> str:
        return f"<{', '.join(map(str, self))}>"


def random_game(preset: str, seed: int, hands: int) -> Game:
    """Random legal play (calls, kans, riichi and wins come often) for `hands` hands."""
    game = Game.new(load_preset(preset), seed)
    rng = random.Random(seed)
    ended = 0
    while not game.is_over and ended < hands:
        seat = game.pending_seats()[0]
        for event in game.apply(rng.choice(game.legal_actions(seat))):
            ended += type(event).__name__ == "HandEnded"
    return game


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, bytes]:
    where = tmp_path_factory.mktemp("records")
    log = "\n".join(log_lines(random_game("wrc", 7, 2))) + "\n"
    store = SaveStore(where, durable=False)
    store.save(random_game("gifu", 3, 1))
    return Quiet(log=log.encode(), save=store.path.read_bytes())


@pytest.fixture(scope="module")
def work(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.fixture(scope="module")
def expected(records, work) -> dict[tuple[str, str], str]:
    """The whole records' outputs: (record, command) -> standard output."""
    out = Quiet()
    for name, data in records.items():
        path = work / f"whole-{name}.jsonl"
        path.write_bytes(data)
        for command in COMMANDS:
            code, stdout, stderr = run(command, path)
            assert code == 0, stderr
            out[name, command] = stdout
    return out


@pytest.fixture(scope="module", autouse=True)
def tally():
    yield
    total = sum(TRIED.values())
    print(f"\ncorrupted records tried: {total} ({', '.join(f'{k} {v}' for k, v in TRIED.items())});"
          f" command runs that still replayed: {REPLAYED}")


# ---------------------------------------------------------------------- running them
COMMANDS = ("replay", "mjai", "tenhou6")


def argv(command: str, path: Path) -> list[str]:
    if command == "replay":
        return ["replay", "--summary", str(path)]
    return ["export", "--format", command, str(path)]


def run(command: str, path: Path) -> tuple[int, str, str]:
    """The command line in this process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv(command, path))
        except SystemExit as done:
            code = done.code
    return code, out.getvalue(), err.getvalue()


def refused(code: int, stdout: str, stderr: str) -> bool:
    """Exit 2 is a clean refusal: one line, no traceback, no output."""
    if code != 2:
        return False
    assert stdout == "", stdout[:200]
    assert stderr.count("\n") == 1 and stderr.endswith("\n"), stderr[:2000]
    assert stderr.startswith("mahjong-tui: error: ") and "Traceback" not in stderr
    return True


def check(kind: str, data: bytes, work: Path, expected, name: str, *, prefix: bool = False):
    """Run every command on the corrupted `data` and judge each outcome."""
    TRIED[kind] = TRIED.get(kind, 0) + 1
    path = work / "corrupt.jsonl"
    path.write_bytes(data)
    for command in COMMANDS:
        code, stdout, stderr = run(command, path)
        if refused(code, stdout, stderr):
            continue
        REPLAYED[kind] = REPLAYED.get(kind, 0) + 1
        assert code == 0, (command, code, stderr[:2000])
        whole = expected[name, command]
        if prefix:
            assert_prefix(command, stdout, whole)
        else:
            assert stdout == whole, (command, stderr[:500])


def assert_prefix(command: str, got: str, whole: str) -> None:
    """The output of a record cut short is the start of the whole record's output."""
    if command == "replay":
        lines = got.splitlines()
        assert lines[-1] == "(the log ends before the game does)"
        body = whole.splitlines()
        assert lines[:-1] == body[: len(lines) - 1]
    elif command == "mjai":
        lines = got.splitlines()
        assert json.loads(lines[-1]) == {"type": "end_game"}
        assert lines[:-1] == whole.splitlines()[: len(lines) - 1]
    else:
        cut, full = json.loads(got), json.loads(whole)
        assert cut["log"] == full["log"][: len(cut["log"])]


# ---------------------------------------------------------------------- the corruptions
RECORDS = pytest.mark.parametrize("name", ["log", "save"])


@RECORDS
@FUZZ
@given(cut=st.floats(0, 1), snap=st.booleans())
def test_truncated_records(records, work, expected, name, cut, snap):
    """Cut anywhere, or (`snap`) just after the end of the line the cut falls in."""
    data = records[name]
    p = round(cut * len(data))
    if snap:
        p = data.find(b"\n", p) + 1 or len(data)
    at_boundary = p == len(data) or data[p : p + 1] == b"\n" or data[p - 1 : p] == b"\n"
    corrupted = data[:p]
    path = work / "cut.jsonl"
    path.write_bytes(corrupted)
    TRIED["truncated"] = TRIED.get("truncated", 0) + 1
    for command in COMMANDS:
        code, stdout, stderr = run(command, path)
        REPLAYED["truncated"] = REPLAYED.get("truncated", 0) + (code == 0)
        if p == 0 or not at_boundary:
            assert refused(code, stdout, stderr), (p, command, code, stderr[:500])
        elif p == len(data) or data[p:].strip() == b"":
            assert code == 0 and stdout == expected[name, command], stderr
        else:
            assert code == 0, (p, command, stderr)
            if not (name == "save" and data[p:].startswith(b'{"played_seconds"')):
                assert_prefix(command, stdout, expected[name, command])


@RECORDS
@FUZZ
@given(edits=st.lists(
    st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.floats(0, 1),
              st.binary(min_size=1, max_size=3)),
    min_size=1, max_size=4,
))
def test_mutated_bytes(records, work, expected, name, edits):
    data = bytearray(records[name])
    for op, where, chunk in edits:
        i = min(int(where * len(data)), len(data) - 1)
        if op == "replace":
            data[i : i + len(chunk)] = chunk
        elif op == "insert":
            data[i:i] = chunk
        else:
            del data[i : i + len(chunk)]
    check("bytes", bytes(data), work, expected, name)


def _lines(data: bytes) -> list[str]:
    return data.decode().splitlines()


def _pick_path(draw, value: Any) -> list[Any]:
    """A random path of keys/indexes into a JSON value (possibly empty: the value)."""
    path: list[Any] = []
    while isinstance(value, (dict, list)) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value) if isinstance(value, dict)
                                   else list(range(len(value)))))
        path.append(key)
        value = value[key]
    return path


def _replace(value: Any, path: list[Any], new: Any) -> Any:
    if not path:
        return new
    value[path[0]] = _replace(value[path[0]], path[1:], new)
    return value


@RECORDS
@FUZZ
@given(data=st.data(), depth=st.integers(1, 200_000), brackets=st.sampled_from(["[]", "{}"]))
def test_deeply_nested_lines(records, work, expected, name, data, depth, brackets):
    lines = _lines(records[name])
    i = data.draw(st.integers(0, len(lines) - 1))
    record = json.loads(lines[i])
    path = _pick_path(data.draw, record)
    open_, close = brackets
    nested = open_ * depth + close * depth if open_ == "[" else '{"a":' * depth + "1" + "}" * depth
    lines[i] = json.dumps(_replace(record, path, "@@NEST@@")).replace('"@@NEST@@"', nested)
    check("nested", ("\n".join(lines) + "\n").encode(), work, expected, name)


@RECORDS
@FUZZ
@given(data=st.data(), size=st.sampled_from([1_000, 100_000, MAX_LINE - 200, MAX_LINE + 1,
                                             3 * MAX_LINE]),
       junk=st.booleans())
def test_huge_lines(records, work, expected, name, data, size, junk):
    lines = _lines(records[name])
    i = data.draw(st.integers(0, len(lines) - 1))
    if junk:  # a line of size bytes of no JSON at all, put in before line i
        lines.insert(i, "x" * size)
    else:  # a value of line i grown to a string of `size` characters
        record = json.loads(lines[i])
        lines[i] = json.dumps(_replace(record, _pick_path(data.draw, record), "y" * size))
    check("huge", ("\n".join(lines) + "\n").encode(), work, expected, name)


def _containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    _containers,
    max_leaves=8,
)


@RECORDS
@FUZZ
@given(data=st.data(), new=JSON_VALUES)
def test_fields_of_the_wrong_type(records, work, expected, name, data, new):
    lines = _lines(records[name])
    i = data.draw(st.integers(0, len(lines) - 1))
    record = json.loads(lines[i])
    path = _pick_path(data.draw, record)
    lines[i] = json.dumps(_replace(record, path, new))
    check("types", ("\n".join(lines) + "\n").encode(), work, expected, name)


@pytest.fixture(scope="module")
def mjai_record(records, work) -> Quiet:
    """The log exported as mjai lines (what the importer reads) and its replay summary."""
    path = work / "whole-log.jsonl"
    path.write_bytes(records["log"])
    code, text, _ = run("mjai", path)
    assert code == 0
    mjai = work / "whole.mjai.jsonl"
    mjai.write_text(text)
    code, summary, stderr = run("replay", mjai)
    assert code == 0, stderr
    return Quiet(text=text.encode(), summary=summary)


@FUZZ
@given(data=st.data(), new=JSON_VALUES)
def test_mjai_lines_with_fields_of_the_wrong_type(mjai_record, work, data, new):
    """The importer path: a corrupted mjai record is refused in one line or, if it
    still imports, replays to exactly the same summary."""
    summary = mjai_record["summary"]
    lines = _lines(mjai_record["text"])
    i = data.draw(st.integers(0, len(lines) - 1))
    record = json.loads(lines[i])
    lines[i] = json.dumps(_replace(record, _pick_path(data.draw, record), new))
    path = work / "corrupt.mjai.jsonl"
    path.write_text("\n".join(lines) + "\n")
    TRIED["mjai types"] = TRIED.get("mjai types", 0) + 1
    code, stdout, stderr = run("replay", path)
    if not refused(code, stdout, stderr):
        assert code == 0, (code, stderr[:2000])
        got, want = stdout.splitlines(), summary.splitlines()
        assert got[1:] == want[1:]
        # The seed in `mahjong_tui` only labels an mjai record (the walls come from the
        # record), and without a readable field it is a bare one, imported under the
        # defaults (wrc, seed 0) as documented in the importer: the record is wrc.
        assert want[0] == "wrc seed 7" and re.fullmatch(r"wrc seed -?\d+", got[0]), got[0]
        REPLAYED["mjai types"] = REPLAYED.get("mjai types", 0) + 1


def test_the_audited_cases_are_one_line_and_status_2(records, work, expected):
    """The audit's examples: a trailing list line, overrides as a list, a round wind
    of 9, a file holding `null`; also an illegal action named by its line."""
    lines = _lines(records["log"])
    header = json.loads(lines[0])
    cases = {"trailing": "\n".join([*lines, "[1,2,3]"]) + "\n", "null": "null\n"}
    for field, value in (("overrides", [1]), ("start", {"round_wind": 9})):
        bad = json.loads(lines[0])
        bad["setup"][field] = value
        cases[field] = "\n".join([json.dumps(bad), *lines[1:]]) + "\n"
    i = next(i for i, line in enumerate(lines) if '"action"' in line and "discard" in line)
    action = json.loads(lines[i])
    action["action"]["seat"] = (action["action"]["seat"] + 1) % 4  # not this seat's turn
    cases["illegal"] = "\n".join([*lines[:i], json.dumps(action), *lines[i + 1 :]]) + "\n"
    assert header["setup"]["ruleset"] == "wrc"
    for case, text in cases.items():
        path = work / f"{case}.jsonl"
        path.write_text(text)
        for command in COMMANDS:
            code, stdout, stderr = run(command, path)
            assert refused(code, stdout, stderr), (case, command, stderr)
            if case == "illegal":
                assert f"line {i + 1}:" in stderr and "cannot be played" in stderr


def test_corrupted_records_in_real_processes(records, work):
    """A few of the same corruptions through real processes: status 2, one line, and
    the exit status is the process's own (nothing swallowed, nothing left running)."""
    data = records["log"]
    lines = _lines(data)
    cases = {
        "cut": data[: len(data) // 2 + 7],
        "bytes": data[:300] + b"\xff\xfe" + data[302:],
        "nested": (lines[0] + "\n" + '{"event":' + "[" * 100_000 + "]" * 100_000 + "}\n").encode(),
        "huge": (lines[0] + "\n" + "z" * (MAX_LINE + 10) + "\n").encode(),
        "type": "\n".join([lines[0], '{"action": {"type": "discard", "seat": "0"}}']).encode(),
    }
    for case, text in cases.items():
        path = work / f"proc-{case}.jsonl"
        path.write_bytes(text)
        for command in ("replay", "mjai"):
            done = subprocess.run(
                [sys.executable, "-m", "tui.cli", *argv(command, path)],
                capture_output=True, text=True, cwd=ROOT, timeout=60,
            )
            assert done.returncode == 2, (case, done.stderr)
            assert done.stdout == "" and done.stderr.count("\n") == 1, (case, done.stderr)
            assert "Traceback" not in done.stderr


def test_lists_and_objects_where_a_name_is_expected(records, mjai_record, work):
    """Found by the fuzzer (a meld kind of `[]` was looked up in a set: TypeError, exit
    1): every field that names something, given a list or an object, is refused."""
    lines = _lines(records["log"])
    i = next(i for i, line in enumerate(lines) if '"called"' in line)
    for field, value in (("kind", []), ("kind", {}), ("source", []), ("called", [])):
        record = json.loads(lines[i])
        record["event"]["meld"][field] = value
        path = work / "unhashable.jsonl"
        path.write_text("\n".join([*lines[:i], json.dumps(record), *lines[i + 1 :]]) + "\n")
        for command in COMMANDS:
            assert refused(*run(command, path)), (field, value, command)
    mjai = _lines(mjai_record["text"])
    j = next(j for j, line in enumerate(mjai) if '"start_kyoku"' in line)
    for value in ([], {}, ["E"]):
        record = json.loads(mjai[j])
        record["bakaze"] = value
        path = work / "unhashable.mjai.jsonl"
        path.write_text("\n".join([*mjai[:j], json.dumps(record), *mjai[j + 1 :]]) + "\n")
        assert refused(*run("replay", path)), value


def test_an_mjai_hand_left_open_or_an_unknown_type_is_refused(mjai_record, work):
    """Found by the fuzzer: the last end_kyoku given another type left that hand open,
    and the importer dropped it without a word (exit 0, one hand short)."""
    lines = _lines(mjai_record["text"])
    last = max(i for i, line in enumerate(lines) if '"end_kyoku"' in line)
    for kind, words in (("", "unknown mjai type"), ("tsumo_x", "unknown mjai type"),
                        ("reach_accepted", "end_game inside a hand")):
        record = json.loads(lines[last])
        record["type"] = kind
        path = work / "open.mjai.jsonl"
        path.write_text("\n".join([*lines[:last], json.dumps(record), *lines[last + 1 :]]) + "\n")
        code, stdout, stderr = run("replay", path)
        assert refused(code, stdout, stderr) and words in stderr, (kind, stderr)
