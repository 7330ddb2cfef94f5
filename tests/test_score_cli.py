"""`mahjong-tui score` as CONTRACT.md defines it, run the way a script runs it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import make_request

import tui.commands.score as score_command
from rules.ruleset import load_preset
from tui.commands.score import serve

ROOT = Path(__file__).resolve().parent.parent

E1 = make_request("234m67m345p678s55p", "8m", riichi=True, dora_indicators="7s")  # 30 fu 4 han


def run_score(lines: list[str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "score", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


# One run answers every request below, in order (CONTRACT.md: one line out per line in).
REQUESTS: dict[str, str] = {
    "e1": json.dumps(E1),
    "pinfu_tsumo": json.dumps(make_request("123m456m78p234s99s", "9p", tsumo=True)),
    "thirteen_tiles": json.dumps(make_request("234m67m345p678s5p", "8m")),
    "fifteen_tiles": json.dumps(make_request("234m67m345p678s555p", "8m")),
    "open_hand_count": json.dumps(make_request("234p678p34s55s5s", "2s", ["chi 456m kamicha"])),
    "bad_tile": json.dumps(make_request("234m67m345p678s58z", "8m")),
    "bad_win_tile": json.dumps(make_request("234m67m345p678s55p", "8x")),
    "two_win_tiles": json.dumps(make_request("234m67m345p678s5p", "58m")),
    "five_copies": json.dumps(make_request("1111m234p567p789s", "1m")),
    "five_copies_with_meld": json.dumps(make_request("1m234p567p789s", "9s", ["ankan 1111m"])),
    "riichi_open": json.dumps(
        make_request("234p678p34s55s", "2s", ["chi 456m kamicha"], riichi=True)
    ),
    "chankan_tsumo": json.dumps(make_request("234m67m345p678s55p", "8m", tsumo=True, chankan=True)),
    "haitei_ron": json.dumps(make_request("234m67m345p678s55p", "8m", haitei=True)),
    "houtei_tsumo": json.dumps(make_request("234m67m345p678s55p", "8m", tsumo=True, houtei=True)),
    "rinshan_ron": json.dumps(make_request("234m99m678s67s", "5s", ["ankan 5555p"], rinshan=True)),
    "rinshan_no_kan": json.dumps(
        make_request("234m67m345p678s55p", "8m", tsumo=True, rinshan=True)
    ),
    "rinshan_haitei": json.dumps(
        make_request("234m99m678s67s", "5s", ["ankan 5555p"], tsumo=True, rinshan=True, haitei=True)
    ),
    "tenhou_non_dealer": json.dumps(
        make_request("123m456p789s234s1z", "1z", tsumo=True, tenhou=True)
    ),
    "chiihou_dealer": json.dumps(
        make_request("123m456p789s234s1z", "1z", tsumo=True, chiihou=True, seat_wind="E")
    ),
    "ippatsu_without_riichi": json.dumps(make_request("234m67m345p678s55p", "8m", ippatsu=True)),
    "chi_toimen": json.dumps(make_request("234p678p34s55s", "2s", ["chi 456m toimen"])),
    "chi_not_a_sequence": json.dumps(make_request("234p678p34s55s", "2s", ["chi 457m kamicha"])),
    "bad_meld_type": json.dumps(make_request("234p678p34s55s", "2s", ["kong 456m kamicha"])),
    "pon_without_from": json.dumps(make_request("234p678p34s55s", "2s", ["pon 555m"])),
    "bad_from": json.dumps(make_request("234p678p34s55s", "2s", ["pon 555m left"])),
    "bad_seat_wind": json.dumps(make_request("234m67m345p678s55p", "8m", seat_wind="X")),
    "bool_not_bool": json.dumps(make_request("234m67m345p678s55p", "8m", riichi="yes")),
    "negative_honba": json.dumps(make_request("234m67m345p678s55p", "8m", honba=-1)),
    "missing_win": json.dumps({"concealed": "234m67m345p678s55p"}),
    "not_json": "{concealed: 123m",
    "json_list": "[1, 2, 3]",
    "json_number": "42",
    "json_string": '"123m456p"',
    "not_a_win": json.dumps(make_request("123m456p789s1357z", "2z")),
    "no_yaku": json.dumps(
        make_request("456s78s22p", "9s", ["chi 234m kamicha", "pon 999p toimen"])
    ),
    "e1_again": json.dumps(E1),
}

INVALID = {
    "thirteen_tiles": "14 tiles expected",
    "fifteen_tiles": "14 tiles expected",
    "open_hand_count": "11 tiles expected",
    "bad_tile": "'8z' is not a tile: honors are 1z-7z",
    "bad_win_tile": "'x' is not a suit letter",
    "two_win_tiles": "one tile expected",
    "five_copies": "5 copies of 1m",
    "five_copies_with_meld": "5 copies of 1m",
    "riichi_open": "riichi needs a closed hand",
    "chankan_tsumo": "chankan",
    "haitei_ron": "haitei",
    "houtei_tsumo": "houtei",
    "rinshan_ron": "rinshan",
    "rinshan_no_kan": "kan",
    "rinshan_haitei": "haitei",
    "tenhou_non_dealer": "dealer",
    "chiihou_dealer": "dealer",
    "ippatsu_without_riichi": "riichi",
    "chi_toimen": "kamicha",
    "chi_not_a_sequence": "three consecutive tiles",
    "bad_meld_type": "'kong' is not one of chi, pon, minkan, ankan, kakan",
    "pon_without_from": "'from'",
    "bad_from": "'left' is not kamicha, toimen or shimocha",
    "bad_seat_wind": "use E, S, W or N",
    "bool_not_bool": "'riichi' must be true or false",
    "negative_honba": "'honba'",
    "missing_win": "'win'",
    "not_json": "not valid JSON",
    "json_list": "JSON object",
    "json_number": "JSON object",
    "json_string": "JSON object",
}


@pytest.fixture(scope="module")
def batch() -> tuple[subprocess.CompletedProcess, dict[str, dict]]:
    proc = run_score(list(REQUESTS.values()))
    lines = proc.stdout.splitlines()
    answers = {name: json.loads(line) for name, line in zip(REQUESTS, lines, strict=False)}
    return proc, answers


def test_exit_0_even_with_invalid_requests(batch):
    proc, _ = batch
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""


def test_one_json_line_out_per_line_in(batch):
    proc, _ = batch
    lines = proc.stdout.splitlines()
    assert len(lines) == len(REQUESTS)
    assert all(isinstance(json.loads(line), dict) for line in lines)


def test_answers_come_back_in_order(batch):
    _, answers = batch
    assert answers["e1"]["points"]["ron"] == 8000  # --ruleset defaults to wrc
    assert answers["pinfu_tsumo"]["points"]["tsumo_dealer"] == 700
    assert answers["e1_again"] == answers["e1"]
    assert answers["not_a_win"]["error"] == "not_a_win"
    assert answers["no_yaku"]["error"] == "no_yaku"


def test_a_win_has_every_contract_field(batch):
    _, answers = batch
    e1 = answers["e1"]
    assert e1["ok"] is True
    assert (e1["han"], e1["fu"], e1["yakuman"], e1["limit"]) == (4, 30, 0, "mangan")
    assert sorted((y["id"], y["han"]) for y in e1["yaku"]) == [
        ("pinfu", 1),
        ("riichi", 1),
        ("tanyao", 1),
    ]
    assert e1["dora"] == {"dora": 1, "aka": 0, "ura": 0}
    assert e1["points"] == {
        "ron": 8000,
        "tsumo_dealer": None,
        "tsumo_non_dealer": None,
        "total": 8000,
        "honba": 0,
        "sticks": 0,
    }
    assert {"item": "base", "fu": 20} in e1["fu_breakdown"]


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_request_says_why(batch, name):
    _, answers = batch
    got = answers[name]
    assert got["ok"] is False
    assert got["error"] == "invalid"
    message = got["message"]
    assert INVALID[name] in message, message
    assert "\n" not in message and "Traceback" not in message
    assert "Tile(" not in message and "MeldKind" not in message  # words, not Python reprs


def test_tile_count_message_says_what_it_got(batch):
    _, answers = batch
    assert "got 13" in answers["thirteen_tiles"]["message"]
    assert "got 15" in answers["fifteen_tiles"]["message"]


@pytest.mark.parametrize(("name", "error"), [("not_a_win", "not_a_win"), ("no_yaku", "no_yaku")])
def test_not_a_win_and_no_yaku(batch, name, error):
    _, answers = batch
    got = answers[name]
    assert (got["ok"], got["error"]) == (False, error)
    assert got["message"] and "\n" not in got["message"]


def test_blank_lines_do_not_shift_the_answers():
    """A blank line is not a request; it may be skipped or answered, never misaligned."""
    pinfu_tsumo = json.dumps(make_request("123m456m78p234s99s", "9p", tsumo=True))
    proc = run_score([json.dumps(E1), "", pinfu_tsumo])
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert proc.returncode == 0
    assert len(answers) in (2, 3)
    assert answers[0]["points"]["ron"] == 8000
    assert answers[-1]["points"]["tsumo_dealer"] == 700


# --- --ruleset and --rule --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "ron"),
    [
        ((), 8000),
        (("--ruleset", "wrc"), 8000),
        (("--ruleset", "jpml"), 7700),
        (("--ruleset", "teiai"), 7700),
        (("--ruleset", "jpm"), 8000),
        (("--ruleset", "wrc", "--rule", "kiriage_30_4=false"), 7700),
        (("--ruleset", "jpml", "--rule", "kiriage_30_4=true"), 8000),
        (("--ruleset", "wrc", "--rule", "kiriage_30_4=false", "--rule", "kiriage_30_4=true"), 8000),
    ],
)
def test_ruleset_and_rule_flags(args, ron):
    proc = run_score([json.dumps(E1)], *args)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["points"]["ron"] == ron


def test_common_online_rules_on_the_command_line():
    hand = json.dumps(make_request("234m67m340p678s55p", "8m"))  # a red 5p; pinfu tanyao
    args = [
        "--ruleset",
        "wrc",
        "--rule",
        "red_fives=3",
        "--rule",
        "kiriage_30_4=false",
        "--rule",
        "kiriage_60_3=false",
        "--rule",
        "kazoe_yakuman=true",
    ]
    proc = run_score([hand], *args)
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["dora"]["aka"] == 1
    assert answer["points"]["ron"] == 3900


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--ruleset", "nope"), "nope"),
        (("--ruleset", "WRC"), "WRC"),
        (("--rule", "akadora=3"), "akadora"),
        (("--rule", "kuikae=sometimes"), "sometimes"),
        (("--rule", "red_fives=9"), "red_fives"),
        (("--rule", "kiriage_30_4=maybe"), "kiriage_30_4"),
        (("--rule", "uma=[1, 2"), "uma"),
        (("--rule", "kuikae"), "KEY=VALUE"),
        (("--ruleset",), "--ruleset"),
        (("--bogus",), "--bogus"),
    ],
)
def test_bad_flags_are_one_line_on_stderr_and_exit_2(args, words):
    proc = run_score([json.dumps(E1)], *args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.endswith("\n") and proc.stderr.count("\n") == 1, proc.stderr
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr


def test_score_does_not_import_textual():
    code = (
        "import io, json, sys\n"
        f"sys.stdin = io.StringIO({json.dumps(json.dumps(E1) + chr(10))})\n"
        "from tui.cli import main\n"
        "rc = main(['score'])\n"
        "sys.stderr.write(json.dumps({'rc': rc, 'modules': sorted(sys.modules)}))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    report = json.loads(proc.stderr)
    assert report["rc"] == 0
    assert json.loads(proc.stdout)["points"]["ron"] == 8000  # it really scored
    loaded = {name.split(".")[0] for name in report["modules"]}
    assert "textual" not in loaded
    assert "rich" not in loaded


def test_a_reader_that_stops_early_ends_the_command_quietly():
    """`mahjong-tui score < requests | head -1`: no traceback when the pipe closes."""
    request = json.dumps({"concealed": "123m456p789s111z1s", "win": "1s"}) + "\n"
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "score"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    process.stdin.write(request.encode())
    process.stdin.flush()
    assert process.stdout.readline().startswith(b'{"ok": true')
    process.stdout.close()  # the reader goes away; the requests keep coming
    _, stderr = process.communicate(input=(request * 3000).encode(), timeout=60)
    assert b"Traceback" not in stderr
    assert process.returncode == 0


# --- nothing lost, nothing crashes (issue #10) -----------------------------------------------


def run_score_bytes(
    data: bytes, *args: str, shell_redirect: str = ""
) -> subprocess.CompletedProcess:
    """The real process on raw bytes; `shell_redirect` adds e.g. '>/dev/full' or '<&-'."""
    command = [sys.executable, "-m", "tui.cli", "score", *args]
    if shell_redirect:
        command = ["sh", "-c", 'exec "$@" ' + shell_redirect, "sh", *command]
    return subprocess.run(command, input=data, capture_output=True, cwd=ROOT, timeout=120)


E1_BYTES = json.dumps(E1).encode()
EXTREME = {
    "nesting_1000": b"[" * 1000 + b"]" * 1000,
    "nesting_100000_objects": b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
    "int_4301_digits": b'{"x": ' + b"7" * 4301 + b', "concealed": "1m", "win": "1m"}',
    "int_4301_digits_alone": b"7" * 4301,
    "honba_4299_digits": E1_BYTES[:-1] + b', "honba": ' + b"9" * 4299 + b"}",
    "sticks_4299_digits": E1_BYTES[:-1] + b', "riichi_sticks": ' + b"9" * 4299 + b"}",
    "honba_1001": E1_BYTES[:-1] + b', "honba": 1001}',
    "nan": E1_BYTES[:-1] + b', "honba": NaN}',
    "infinity": E1_BYTES[:-1] + b', "riichi_sticks": -Infinity}',
    "not_utf8": b'{"concealed": "\xff\xfe", "win": "8m"}',
    "lone_surrogate": b'{"concealed": "\\ud800", "win": "8m", "\\udfff": 1}',
    "string_100k": b'{"concealed": "' + b"1m" * 50_000 + b'", "win": "8m"}',
    "five_million_keys": b"",  # built when used (50 MB): see _extreme
}


def _extreme(name: str) -> bytes:
    if name == "five_million_keys":
        return b"{" + b"".join(b'"k%d":0,' % i for i in range(5_000_000)) + b'"win": "8m"}'
    return EXTREME[name]


def test_extreme_json_gets_one_invalid_answer_each_and_the_lines_after_still_count():
    lines = []
    for name in EXTREME:
        lines += [_extreme(name), E1_BYTES]
    proc = run_score_bytes(b"\n".join(lines) + b"\n")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == b""
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(answers) == 2 * len(EXTREME)
    e1 = answers[1]
    assert e1["points"]["ron"] == 8000
    for index, name in enumerate(EXTREME):
        got, after = answers[2 * index], answers[2 * index + 1]
        assert (got["ok"], got["error"]) == (False, "invalid"), (name, got)
        assert len(got["message"]) < 300, name
        assert after == e1, name


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("nesting_1000", "nested more than 16"),
        ("int_4301_digits", "at most 20 digits"),
        ("honba_4299_digits", "at most 20 digits"),
        ("honba_1001", "from 0 to 1000"),
        ("nan", "NaN"),
        ("infinity", "-Infinity"),
        ("not_utf8", "UTF-8"),
        ("string_100k", "at most 65,536 bytes"),
        ("five_million_keys", "at most 65,536 bytes"),
    ],
)
def test_limits_are_named_in_the_answer(name, words):
    out = io.BytesIO()
    assert serve(io.BytesIO(_extreme(name)), out, load_preset("wrc")) == 0
    [got] = [json.loads(line) for line in out.getvalue().splitlines()]
    assert got["error"] == "invalid" and words in got["message"], got


def test_many_unknown_fields_are_one_warning():
    request = {**E1, **{f"extra_{i}": i for i in range(200)}}
    proc = run_score([json.dumps(request)])
    got = json.loads(proc.stdout)
    assert got["ok"] is True
    [warning] = got["warnings"]
    assert "'extra_0'" in warning and "195 more" in warning
    one = json.loads(run_score([json.dumps({**E1, "colour": "red"})]).stdout)
    assert one["warnings"] == ["unknown field 'colour' ignored"]  # as before


@pytest.mark.parametrize(
    ("rules", "concealed", "valid"),
    [
        (["red_fives=3"], "234m67m340p678s00p", False),  # three red 5p (the audit case)
        (["red_fives=3"], "234m67m345p678s00p", False),  # two red 5p: the wall holds one
        (["red_fives=3"], "234m67m340p678s55p", True),
        (["red_fives=3"], "204m67m340p670s55p", True),  # one red five of each suit
        (["red_fives=4"], "234m67m345p678s00p", True),  # two red 5p under 4
        (["red_fives=4"], "234m67m340p678s00p", False),  # three red 5p
        (["red_fives=4"], "200m67m345p678s55p", False),  # two red 5m: the wall holds one
        (["red_fives=1"], "234m67m345p670s55p", False),  # a red 5s: only 5p is red
        ([], "234m67m340p678s00p", True),  # no red fives: a 0 is read as a plain five
    ],
)
def test_red_fives_per_suit_come_from_the_ruleset(rules, concealed, valid):
    args = [a for rule in rules for a in ("--rule", rule)]
    proc = run_score([json.dumps(make_request(concealed, "8m"))], *args)
    got = json.loads(proc.stdout)
    assert got["ok"] is valid or (valid and got["error"] != "invalid"), got
    if not valid:
        assert got["error"] == "invalid" and "red" in got["message"], got


def test_three_red_5p_as_dora_and_hand_under_red_fives_3_is_invalid():
    request = make_request("234m67m340p678s55p", "8m", dora_indicators="0p")
    got = json.loads(run_score([json.dumps(request)], "--rule", "red_fives=3").stdout)
    assert got["error"] == "invalid" and "2 red 5p" in got["message"], got


@pytest.mark.parametrize(
    ("redirect", "words"),
    [
        (">/dev/full", "No space left"),
        ("<&-", "standard input is closed"),
        (">&-", "standard output is closed"),
    ],
)
def test_a_stream_that_fails_is_one_line_and_exit_2(redirect, words):
    if redirect == ">/dev/full" and not Path("/dev/full").exists():  # pragma: no cover
        pytest.skip("no /dev/full here")
    proc = run_score_bytes(E1_BYTES + b"\n", shell_redirect=redirect)
    assert proc.returncode == 2, proc.stderr
    stderr = proc.stderr.decode()
    assert stderr.count("\n") == 1 and words in stderr, stderr
    assert "Traceback" not in stderr and "Exception ignored" not in stderr


def test_a_scorer_bug_on_one_line_is_answered_and_never_exits_0(monkeypatch):
    real = score_command.answer_line_text

    def flaky(line, ruleset):
        if b"boom" in line:
            raise ZeroDivisionError("a bug")
        return real(line, ruleset)

    monkeypatch.setattr(score_command, "answer_line_text", flaky)
    out = io.BytesIO()
    status = score_command.serve(
        io.BytesIO(b'{"boom": 1}\n' + E1_BYTES + b"\n"), out, load_preset("wrc")
    )
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert status == 1
    assert first["error"] == "internal" and "ZeroDivisionError" in first["message"]
    assert second["points"]["ron"] == 8000
