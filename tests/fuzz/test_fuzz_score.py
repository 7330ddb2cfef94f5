"""`mahjong-tui score` under fuzzed input: every non-blank line gets exactly one answer.

The loop (`tui.commands.score.serve`) runs in-process on byte streams, so one
example costs microseconds to milliseconds; tests/test_score_cli.py runs the real
process for what only a process shows (exit status, /dev/full, closed stdin).
"""

from __future__ import annotations

import io
import json
import random
import re
from typing import Any

from handgen import generate_hand
from hypothesis import given
from hypothesis import strategies as st

from fuzz import fuzz_settings
from rules.request import MAX_LINE_BYTES, answer_line
from rules.ruleset import PRESET_IDS, Ruleset, resolve
from tui.commands.score import serve

CONTRACT_ERRORS = {"invalid", "no_yaku", "not_a_win"}
# A known request, dropped among the others: its answer must come back at its place.
E1 = {"concealed": "234m67m345p678s55p", "win": "8m", "riichi": True, "seat_wind": "S",
      "round_wind": "E", "dora_indicators": "7s"}
E1_LINE = json.dumps(E1).encode()

RULESETS: list[Ruleset] = [resolve(p) for p in PRESET_IDS] + [
    resolve("wrc", ["red_fives=3", "kiriage_30_4=false", "kazoe_yakuman=true"]),
    resolve("jpml", ["red_fives=4", "honba_value=600"]),
]

FIELDS = ["concealed", "win", "melds", "tsumo", "seat_wind", "round_wind", "riichi",
          "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
          "chiihou", "renhou", "dora_indicators", "ura_indicators", "honba", "riichi_sticks"]

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
BIG = "@big-number@"
_BIG_MARK = re.compile(rb'"@big-number@([0-9]+)"')
tile_text = st.text(alphabet="0123456789mpsz ESWNx", max_size=20)


@st.composite
def winning_request(draw: st.DrawFn) -> dict[str, Any]:
    """A generated winning hand (tests/handgen.py), a valid CONTRACT.md request."""
    seed = draw(st.integers(min_value=0, max_value=2**32 - 1))
    return generate_hand(random.Random(seed)).request


@st.composite
def mutated_request(draw: st.DrawFn) -> dict[str, Any]:
    """A winning request with fields dropped, replaced by any JSON value, or added."""
    request = dict(draw(winning_request()))
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        action = draw(st.sampled_from(["drop", "replace", "tiles", "add", "count"]))
        key = draw(st.sampled_from(FIELDS))
        if action == "drop":
            request.pop(key, None)
        elif action == "replace":
            request[key] = draw(json_values)
        elif action == "tiles":
            request[draw(st.sampled_from(["concealed", "win", "dora_indicators"]))] = draw(
                tile_text
            )
        elif action == "add":
            request[draw(st.text(max_size=12))] = draw(json_values)
        else:  # honba or sticks anywhere from 0 to thousands of digits
            digits = draw(st.integers(min_value=1, max_value=5000))
            request[draw(st.sampled_from(["honba", "riichi_sticks"]))] = f"{BIG}{digits}"
    return request


def _dumps(value: Any) -> bytes:
    """JSON the way a script writes it, however big the integers in it (a `BIG` marker
    becomes that many digits: Python itself cannot print an int of 4,301 digits)."""
    text = json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return _BIG_MARK.sub(lambda m: b"9" * int(m.group(1)), text)


@st.composite
def adversarial_line(draw: st.DrawFn) -> bytes:
    """Valid but extreme JSON, or not JSON at all."""
    kind = draw(st.sampled_from([
        "deep", "deep_in_request", "huge_int", "huge_string", "many_keys", "constant",
        "non_object", "bytes", "surrogate", "blank", "long_blank", "too_long", "brackets_in_string",
    ]))
    n = draw(st.integers(min_value=1, max_value=6000))
    if kind == "deep":
        opener, closer = draw(st.sampled_from([(b"[", b"]"), (b'{"a":', b"}")]))
        return opener * n + b"1" + closer * n
    if kind == "deep_in_request":
        return _dumps(E1)[:-1] + b', "melds": ' + b"[" * n + b"]" * n + b"}"
    if kind == "huge_int":
        digits = draw(st.integers(min_value=1, max_value=12000))
        where = draw(st.sampled_from([b"%s", b'{"honba": %s}', b"[%s]", b'{"x": -%s}']))
        return where.replace(b"%s", b"7" * digits)
    if kind == "huge_string":
        return _dumps({**E1, "concealed": "1m" * draw(st.integers(0, 40000))})
    if kind == "many_keys":
        return b"{" + b",".join(b'"k%d": 0' % i for i in range(n * 3)) + b', "win": "8m"}'
    if kind == "constant":
        word = draw(st.sampled_from([b"NaN", b"Infinity", b"-Infinity"]))
        return _dumps(E1)[:-1] + b', "honba": ' + word + b"}"
    if kind == "non_object":
        return _dumps(draw(json_values))
    if kind == "bytes":
        return draw(st.binary(max_size=200)).replace(b"\n", b"")
    if kind == "surrogate":
        return b'{"concealed": "\\ud800", "\\udfff": 1, "win": "8m"}'
    if kind == "blank":
        return draw(st.sampled_from([b"", b" ", b"\t", b"\r", b" \t \r"]))
    if kind == "long_blank":
        return b" " * (MAX_LINE_BYTES + n)
    if kind == "too_long":
        return _dumps({**E1, "pad": "x" * (MAX_LINE_BYTES + n)})
    return _dumps({**E1, "x": "[[[{{{" * n})


any_line = st.one_of(
    winning_request().map(_dumps),
    mutated_request().map(_dumps),
    adversarial_line(),
    st.just(E1_LINE),
)


def _run(lines: list[bytes], ruleset: Ruleset, final_newline: bool) -> tuple[int, list[bytes]]:
    data = b"\n".join(lines) + (b"\n" if final_newline else b"")
    out = io.BytesIO()
    status = serve(io.BytesIO(data), out, ruleset)
    return status, out.getvalue().splitlines()


def _no_constant(name: str) -> None:
    raise AssertionError(f"an answer holds {name}, which is not JSON")


def _check(lines: list[bytes], ruleset: Ruleset, status: int, answers: list[bytes]) -> None:
    expected = [line for line in lines if line.strip()]
    assert status == 0
    assert len(answers) == len(expected), (len(answers), len(expected))
    e1 = answer_line(E1_LINE, ruleset)
    for line, raw in zip(expected, answers, strict=True):
        got = json.loads(raw, parse_constant=_no_constant)
        assert isinstance(got, dict) and isinstance(got.get("ok"), bool), got
        if not got["ok"]:
            assert got["error"] in CONTRACT_ERRORS, got
            assert isinstance(got["message"], str) and got["message"], got
        assert len(got.get("warnings", ())) <= 1, got
        assert len(raw) < 2 * MAX_LINE_BYTES  # an answer never echoes a whole huge line
        if line == E1_LINE:
            assert got == e1  # in order: the known request's answer is at its own place


@fuzz_settings(200)
@given(
    lines=st.lists(any_line, min_size=1, max_size=8),
    ruleset=st.sampled_from(RULESETS),
    final_newline=st.booleans(),
)
def test_every_line_gets_exactly_one_answer_in_order(lines, ruleset, final_newline):
    status, answers = _run(lines, ruleset, final_newline)
    _check(lines, ruleset, status, answers)


@fuzz_settings(150)
@given(requests=st.lists(winning_request(), min_size=1, max_size=20),
       ruleset=st.sampled_from(RULESETS))
def test_winning_hands_are_answered_as_the_contract_says(requests, ruleset):
    lines = [_dumps(r) for r in requests]
    status, answers = _run(lines, ruleset, True)
    _check(lines, ruleset, status, answers)
    for raw in answers:
        got = json.loads(raw)
        if ruleset.chiitoitsu != "none":  # every generated shape is a winning form here
            assert got["ok"] or got["error"] == "no_yaku", got
        if got["ok"]:
            assert got["points"]["total"] > 0


@fuzz_settings(200)
@given(lines=st.lists(mutated_request().map(_dumps), min_size=1, max_size=10),
       ruleset=st.sampled_from(RULESETS))
def test_mutated_requests_never_stop_the_loop(lines, ruleset):
    status, answers = _run(lines, ruleset, True)
    _check(lines, ruleset, status, answers)


@fuzz_settings(150)
@given(data=st.binary(max_size=3000), ruleset=st.sampled_from(RULESETS))
def test_any_bytes_at_all(data, ruleset):
    out = io.BytesIO()
    status = serve(io.BytesIO(data), out, ruleset)
    _check(data.split(b"\n"), ruleset, status, out.getvalue().splitlines())
