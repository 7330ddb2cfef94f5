"""The shortcuts `mahjong-tui score` takes for speed (issue #13) change nothing it writes.

Each shortcut is checked against the plain way it replaces: the flags read without
argparse against argparse, the input read by blocks against line by line, the
answer written as text against `json.dumps` of the answer dict, tile runs read
from a memo against the careful parser, TOML read through its cache against
`tomllib`.
"""

from __future__ import annotations

import io
import json
import marshal
import os
import sys
import tomllib
from pathlib import Path

import pytest
from fuzz import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from rules import ruleset as ruleset_module
from rules.request import MAX_LINE_BYTES, answer_line, answer_line_text
from rules.ruleset import load_preset
from rules.tiles import TileNotationError, _parse_tiles_carefully, parse_tiles
from tui.cli import _plain_score_args, build_parser
from tui.commands.score import read_blocks, read_lines

ROOT = Path(__file__).resolve().parent.parent

# --- the flags ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["score"],
        ["score", "--ruleset", "jpml"],
        ["score", "--ruleset=tenhou"],
        ["score", "--rule", "kuitan=false", "--rule=red_fives=3"],
        ["score", "--ruleset", "a", "--ruleset", "gifu", "--rule", "uma=[1, 2, 3, 4]"],
        ["score", "--rule", "x=y=z"],
    ],
)
def test_plain_score_flags_read_as_argparse_reads_them(argv):
    fast = _plain_score_args(argv)
    slow = build_parser().parse_args(argv)
    assert fast is not None
    assert (fast.command, fast.ruleset, fast.rule) == (slow.command, slow.ruleset, slow.rule)


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["sim"],
        ["--ruleset", "wrc", "score"],
        ["score", "-h"],
        ["score", "--help"],
        ["score", "--ruleset"],
        ["score", "--ruleset="],
        ["score", "--ruleset", "-x"],
        ["score", "--rule", "--ruleset", "wrc"],
        ["score", "--rul", "kuitan=false"],
        ["score", "extra"],
        ["score", "--", "--ruleset", "wrc"],
    ],
)
def test_anything_else_goes_through_argparse(argv):
    assert _plain_score_args(argv) is None


# --- reading the input --------------------------------------------------------------------


class _Trickle(io.RawIOBase):
    """A stream whose reads return pieces of the given sizes, as a pipe may."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes, self.at = data, sizes, 0

    def readable(self) -> bool:
        return True

    def read1(self, size: int = -1) -> bytes:
        step = self.sizes.pop(0) if self.sizes else size
        piece = self.data[self.at : self.at + min(step, size)]
        self.at += len(piece)
        return piece


pieces = st.lists(
    st.sampled_from(
        [b"a", b" ", b"\n", b"\r", b"\t", b"{}", b'{"x": 1}', b"\r\n", b"x" * 100,
         b" " * MAX_LINE_BYTES, b"y" * (MAX_LINE_BYTES - 1), b"z" * MAX_LINE_BYTES]
    ),
    max_size=12,
)


@fuzz_settings(300)
@given(parts=pieces, sizes=st.lists(st.integers(1, 3 * MAX_LINE_BYTES), max_size=20))
def test_blocks_hold_the_lines_read_line_by_line(parts, sizes):
    data = b"".join(parts)
    by_line = list(read_lines(io.BytesIO(data)))
    by_block = [line for block in read_blocks(_Trickle(data, sizes)) for line in block]
    assert by_block == by_line


def test_one_line_is_answered_before_the_next_read():
    """A script that sends a line and waits for its answer is not kept waiting."""
    blocks = read_blocks(_Trickle(b"one\ntwo\nthr", [4, 4, 3]))
    assert next(blocks) == [b"one"]
    assert next(blocks) == [b"two"]
    assert next(blocks) == [b"thr"]


# --- writing the answer -------------------------------------------------------------------

E1 = {"concealed": "123m456p789s1122z", "win": "1z"}
LINES = [
    json.dumps(E1),
    json.dumps({**E1, "riichi": True, "tsumo": True, "dora_indicators": "9s", "zz": 1}),
    json.dumps({**E1, "a": 1, "b": 2, "\ud800": 3}),
    json.dumps({**E1, "riichi": "yes", "ippatsu": 1}),
    json.dumps({**E1, "melds": [{"type": "pon", "tiles": "777z"}], "concealed": "123m456p11z"}),
    json.dumps({"concealed": "11112222333344m", "win": "5m"}),
    json.dumps({"concealed": "123m456p789s112z", "win": "3z"}),
    json.dumps({"concealed": "19m19p19s1234567z", "win": "1m", "honba": 3, "riichi_sticks": 2}),
    '{"concealed": "\\ud800", "win": "8m"}',
    "[1, 2]",
    "{bad json",
    json.dumps({**E1, "honba": 1001}),
]


@pytest.mark.parametrize("preset", ["wrc", "renmei_classic", "mahjongsoul"])
@pytest.mark.parametrize("line", LINES)
def test_answer_text_is_the_answer_dict_as_json(line, preset):
    ruleset = load_preset(preset)
    raw = line.encode("utf-8", "surrogatepass")
    expected = json.dumps(answer_line(raw, ruleset), ensure_ascii=False)
    assert answer_line_text(raw, ruleset) == expected


# --- tiles --------------------------------------------------------------------------------


@fuzz_settings(500)
@given(st.text(alphabet="0123456789mpszx ", max_size=30))
def test_tile_runs_read_as_the_careful_parser_reads_them(text):
    def read(parse):
        try:
            return parse(text)
        except TileNotationError as error:
            return str(error)

    assert read(parse_tiles) == read(_parse_tiles_carefully)
    assert read(parse_tiles) == read(_parse_tiles_carefully)  # now from the memo


# --- the TOML cache -----------------------------------------------------------------------


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path


def _parsed(name: str) -> dict:
    return tomllib.loads((ROOT / "rules" / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["presets.toml", "yaku.toml"])
def test_toml_through_the_cache_is_the_toml(cache_dir, name):
    first = ruleset_module.load_data_toml(name)  # parsed, then cached
    cached = Path(ruleset_module._toml_cache_path(name))
    assert cached.is_file() and str(cached).startswith(str(cache_dir))
    assert first == ruleset_module.load_data_toml(name) == _parsed(name)


def test_a_stale_or_broken_cache_is_parsed_again(cache_dir):
    name = "presets.toml"
    cached = Path(ruleset_module._toml_cache_path(name))
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(b"not marshal")
    assert ruleset_module.load_data_toml(name) == _parsed(name)
    stamp, _ = marshal.loads(cached.read_bytes())
    cached.write_bytes(marshal.dumps(((stamp[0], stamp[1] - 1, stamp[2]), {})))
    assert ruleset_module.load_data_toml(name) == _parsed(name)  # another mtime: a miss


def test_no_cache_is_written_when_bytecode_is_not(cache_dir, monkeypatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert ruleset_module.load_data_toml("yaku.toml") == _parsed("yaku.toml")
    assert not any(files for _, _, files in os.walk(cache_dir))


# --- melds --------------------------------------------------------------------------------

MELDS = [
    {"type": "pon", "tiles": "777z", "from": "toimen"},
    {"type": "chi", "tiles": "123m", "from": "kamicha"},
    {"type": "chi", "tiles": "123m", "from": "toimen"},  # chi only from kamicha
    {"type": "ankan", "tiles": "1111p", "from": "toimen"},  # ankan: `from` ignored
    {"type": "pon", "tiles": "677z", "from": "toimen"},
    {"type": "pon", "tiles": "778z", "from": "toimen"},
    {"type": "pom", "tiles": "777z", "from": "toimen"},
    {"type": "pon", "tiles": "777z"},
    {"type": ["pon"], "tiles": "777z", "from": "toimen"},
    {"type": "pon", "tiles": ["777z"], "from": "toimen"},
    {"type": "pon", "tiles": "777z", "from": {"a": 1}},
    ["pon", "777z"],
]


@pytest.mark.parametrize("index", [0, 2])
@pytest.mark.parametrize("raw", MELDS)
def test_a_memoised_meld_is_the_meld_built_afresh(raw, index):
    """Twice (the second from the memo if any), each as the unmemoised builder makes it:
    the same meld, or the same message naming the meld's own place."""
    from rules import request

    def build(make):
        try:
            return make(raw, index)
        except (request.InvalidRequest, request.MeldError, TileNotationError) as error:
            return f"{type(error).__name__}: {error}"

    fresh = build(request._new_meld)
    assert build(request._meld) == fresh
    assert build(request._meld) == fresh
