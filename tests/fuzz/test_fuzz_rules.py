"""`--rule KEY=VALUE` under fuzzed input: refused in one line, or accepted and playable.

An override the ruleset accepts must never make a game fail: each accepted set
plays a seeded AI game (the greedy bot, every invariant checked) with zero errors.
A refused one is one line on standard error and exit status 2, from every command
that takes `--rule` (the game itself is checked up to the point it would start).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from ai import LEVELS
from engine.sim import run_sim
from fuzz import fuzz_settings
from rules.ruleset import (
    ENUMS,
    INT_CHOICES,
    INT_MULTIPLES,
    INT_RANGES,
    PAO_CLASSIC,
    PAO_YAKUMAN,
    PRESET_IDS,
    RULE_KEYS,
    Ruleset,
    RulesetError,
    resolve,
)
from tui.cli import main

FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(Ruleset)}
INT_KEYS = [k for k in RULE_KEYS if FIELD_TYPES[k] == "int" and k not in INT_CHOICES]
# Numbers are where a game can break (payments, penalties, points): drawn four times as often.
GAME_KEYS = [*RULE_KEYS, *INT_KEYS * 3, "uma", "uma", "uma_float", "pao"]


def _toml_int(value: int) -> str:
    return str(value)


def _toml_list(values: list) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def valid_int(key: str) -> st.SearchStrategy[int]:
    """A value `key` accepts on its own: anywhere in range, or a round number in it."""
    if key in INT_CHOICES:
        return st.sampled_from(INT_CHOICES[key])
    low, high = INT_RANGES[key]
    step = INT_MULTIPLES.get(key, 1)
    anywhere = st.integers(min_value=-(-low // step), max_value=high // step).map(
        lambda n: n * step
    )
    # Values a person would type: multiples of 1,200 (round hundreds that split by 12).
    round_ = [v for v in (0, 1200, 3000 - 3000 % step, 6000, 12000) if low <= v <= high]
    edges = [v for v in (low, high, step) if low <= v <= high and v % step == 0]
    return st.one_of(anywhere, st.sampled_from(round_ + edges))


@st.composite
def valid_value(draw: st.DrawFn, key: str) -> str:
    """A TOML value `key` accepts on its own (a combination may still be refused)."""
    kind = FIELD_TYPES[key]
    if key in ENUMS:
        return f'"{draw(st.sampled_from(ENUMS[key]))}"'
    if kind == "bool":
        return draw(st.sampled_from(["true", "false"]))
    if kind == "int":
        return _toml_int(draw(valid_int(key)))
    row = st.lists(st.integers(min_value=-1000, max_value=1000), min_size=4, max_size=4)
    if key == "uma":
        return _toml_list(draw(row))
    if key == "uma_float":
        rows = [draw(row) for _ in range(3)]
        return "{" + ", ".join(f'"{i + 1}" = {_toml_list(r)}' for i, r in enumerate(rows)) + "}"
    if draw(st.booleans()):
        return f'["{PAO_CLASSIC}"]'
    items = draw(st.lists(st.sampled_from(PAO_YAKUMAN), max_size=3, unique=True))
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


@st.composite
def plausible_value(draw: st.DrawFn, key: str) -> str:
    """A TOML value for `key`, mostly of the right kind, often in range, sometimes not."""
    kind = FIELD_TYPES[key]
    if key in ENUMS:
        word = draw(st.sampled_from([*ENUMS[key], "sometimes", ""]))
        return draw(st.sampled_from([f'"{word}"', word or '""']))
    if kind == "bool":
        return draw(st.sampled_from(["true", "false", "1", '"true"', "yes"]))
    if kind == "int":
        choices = INT_CHOICES.get(key)
        low, high = (min(choices), max(choices)) if choices else INT_RANGES[key]
        around = st.sampled_from([low - 1, high + 1, -1, 0, 1, 3, 12, 300, 3000, 10**9])
        return _toml_int(draw(st.one_of(valid_int(key), around)))
    if key in ("uma", "uma_float"):
        row = st.lists(st.integers(min_value=-1100, max_value=1100), min_size=3, max_size=5)
        if key == "uma":
            return _toml_list(draw(row))
        rows = [draw(row) for _ in range(3)]
        return "{" + ", ".join(f'"{i + 1}" = {_toml_list(r)}' for i, r in enumerate(rows)) + "}"
    # pao
    items = draw(st.lists(st.sampled_from([*PAO_YAKUMAN, PAO_CLASSIC, "kokushi"]), max_size=4))
    return "[" + ", ".join(f'"{i}"' for i in items) + "]"


@st.composite
def override(draw: st.DrawFn) -> str:
    """One `--rule` argument: mostly a real key with a plausible value, else garbage."""
    shape = draw(st.sampled_from(["plausible"] * 6 + ["garbage_value", "garbage", "newline"]))
    key = draw(st.sampled_from(RULE_KEYS))
    if shape == "plausible":
        return f"{key}={draw(plausible_value(key))}"
    if shape == "garbage_value":
        return f"{key}={draw(st.text(max_size=30))}"
    if shape == "newline":
        other = draw(st.sampled_from(RULE_KEYS))
        return f"{key}={draw(plausible_value(key))}\n{other}={draw(plausible_value(other))}"
    return draw(st.text(max_size=40))


@st.composite
def accepted_overrides(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A preset and a set of overrides it accepts (most plausible sets are accepted)."""
    preset = draw(st.sampled_from(PRESET_IDS))
    keys = draw(st.lists(st.sampled_from(GAME_KEYS), min_size=1, max_size=8, unique=True))
    rules = [f"{key}={draw(valid_value(key))}" for key in keys]
    try:
        resolve(preset, rules)
    except RulesetError:
        # Keep the ones the ruleset accepts, each on its own, then as a whole.
        kept = []
        for rule in rules:
            try:
                resolve(preset, [*kept, rule])
            except RulesetError:
                continue
            kept.append(rule)
        rules = kept
    return preset, rules


def _one_line_refusal(error: RulesetError) -> None:
    message = str(error)
    assert message and "\n" not in message and len(message) < 400, message


@fuzz_settings(400)
@given(preset=st.sampled_from(PRESET_IDS), rules=st.lists(override(), max_size=4))
def test_every_override_set_is_refused_in_one_line_or_accepted_whole(preset, rules):
    try:
        ruleset = resolve(preset, rules)
    except RulesetError as error:
        event("refused")
        _one_line_refusal(error)
        return
    event("accepted")
    for rule in rules:
        assert "\n" not in rule and "\r" not in rule  # nothing after a line break is dropped
        key = rule.partition("=")[0].strip()
        assert key in RULE_KEYS
        assert dict(ruleset.overrides).get(key) is not None


def _play(preset: str, rules: list[str], seed: int) -> dict:
    ruleset = resolve(preset, rules)
    errors = io.StringIO()
    summary = run_sim(ruleset, 1, seed, ["greedy"] * 4, LEVELS, stderr=errors)
    assert (summary["errors"], summary["invariant_violations"]) == (0, 0), (
        preset, rules, seed, errors.getvalue())
    assert summary["hands"] >= 1
    return summary


@fuzz_settings(6)
@given(chosen=accepted_overrides(), seed=st.integers(min_value=0, max_value=10**6))
def test_no_accepted_override_makes_a_game_fail(chosen, seed):
    preset, rules = chosen
    event(f"{min(len(rules), 5)}+ overrides" if len(rules) >= 5 else f"{len(rules)} overrides")
    _play(preset, rules, seed)


# The values the audit found accepted and then failing every game, and their kin.
REFUSED = [
    ("wrc", "honba_value=-1"),
    ("wrc", "honba_value=100"),  # a tsumo cannot split it among three payers
    ("wrc", "noten_payment=1"),
    ("wrc", "noten_payment=-3000"),
    ("wrc", "classic_cap=-1"),
    ("wrc", "chombo_penalty_value=20"),
    ("wrc", "uma=[15, 5, -5, -15000]"),
    ("renmei_classic", "classic_cap=0"),
    ("wrc", 'chombo_penalty_kind="classic_half_mangan"'),
    ("wrc", 'pao=["classic_honor_mangan"]'),
    ("wrc", "red_fives=3\nkuitan=1"),
    ("wrc", "red_fives=3 kuitan=1"),
    ("wrc", "red_fives=3\n"),
    ("wrc", "kuitan=" + "[" * 150 + "]" * 150),
    ("wrc", "honba_value=" + "9" * 5000),
]


@pytest.mark.parametrize(("preset", "rule"), REFUSED)
def test_what_the_audit_found_is_refused(preset, rule):
    with pytest.raises(RulesetError) as caught:
        resolve(preset, [rule])
    _one_line_refusal(caught.value)


@pytest.mark.parametrize(
    ("preset", "rules"),
    [
        ("wrc", ["honba_value=0", "noten_payment=0"]),
        ("wrc", ["honba_value=1500", "noten_payment=1200"]),
        ("jpml", ["classic_cap=500", 'chombo_penalty_kind="classic_half_mangan"']),
        ("renmei_classic", ["noten_payment=3000", "honba_value=300"]),
        ("gifu", ["red_fives=4", "call_word_penalty=-3000", "starting_points=100"]),
    ],
)
def test_edges_of_the_ranges_play(preset, rules):
    _play(preset, rules, seed=11)


def _edge(key: str, which: str) -> int | None:
    """The lowest, highest or smallest positive value `key` accepts (None: no such value)."""
    low, high = INT_RANGES[key]
    step = INT_MULTIPLES.get(key, 1)
    if which == "low":
        return -(-low // step) * step
    if which == "high":
        return high // step * step
    return step if low <= step <= high else None


@pytest.mark.parametrize("which", ["low", "high", "small"])
@pytest.mark.parametrize("preset", ["wrc", "renmei_classic", "gifu"])
def test_every_number_at_the_edge_of_its_range_plays(preset, which):
    """Every int rule at once at its lowest (highest, smallest positive) accepted value:
    a range drawn too wide (a negative payment, a penalty that pays) fails this game."""
    rules: list[str] = []
    for key in INT_KEYS:
        value = _edge(key, which)
        if value is None:
            continue
        try:
            resolve(preset, [*rules, f"{key}={value}"])
        except RulesetError:
            continue  # refused as a combination (the limit ladder): the others still play
        rules.append(f"{key}={value}")
    assert len(rules) >= len(INT_KEYS) // 2
    _play(preset, rules, seed=5)


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    return status, out.getvalue(), err.getvalue()


@fuzz_settings(25)
@given(preset=st.sampled_from(PRESET_IDS), rules=st.lists(override(), min_size=1, max_size=3),
       seed=st.integers(min_value=0, max_value=10**6))
def test_sim_with_any_rule_flags_plays_or_refuses_in_one_line(preset, rules, seed):
    try:
        sessions_of = resolve(preset, rules).games_per_session
    except RulesetError:
        sessions_of = 1
    # A session ruleset plays whole sessions (CONTRACT.md "Sessions in sim"); one game
    # is refused in one line, so a long session is checked by that refusal.
    games = sessions_of if sessions_of <= 4 else 1
    argv = ["sim", "--ruleset", preset, "--games", str(games), "--seed", str(seed)]
    for rule in rules:
        argv += ["--rule", rule]
    status, out, err = _cli(argv)
    try:
        resolve(preset, rules)
    except RulesetError:
        event("refused: exit 2")
        assert status == 2 and out == "", (status, out, err)
        assert err.count("\n") == 1 and err.startswith("mahjong-tui"), err
        assert ": error: " in err and "Traceback" not in err, err
        return
    if games % sessions_of:
        event("a long session refused: exit 2")
        assert status == 2 and out == "" and "multiple of" in err, (status, out, err)
        assert err.count("\n") == 1, err
        return
    event("accepted: a game played")
    assert status == 0, err
    summary = json.loads(out.splitlines()[-1])
    assert (summary["errors"], summary["invariant_violations"]) == (0, 0), err
