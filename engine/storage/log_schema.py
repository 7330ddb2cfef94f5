"""The shape of every line of a game log, checked before anything is replayed.

A log line is a header (`format`, `version`, `setup`), an `event`, an `action`,
or a save's closing clock note. Events and actions are checked against their
own dataclass type hints (the hints `engine.codec` encodes them by), so this
check cannot drift from the format: every field present with the right JSON
type (an int is never a bool or a float), tiles that parse, seats and winds in
0-3, tile kinds in 0-33, numbers of a sane size, no unknown fields. The header's
setup is checked field by field (the ruleset and its overrides are built, a
scripted wall must be a real 136-tile wall). Whatever passes can be decoded and
given to the engine; whether it is *legal* is the replay's job.

Errors are `LogError` with one line: "line N: <where>: <what is wrong>".
"""

from __future__ import annotations

import dataclasses
import math
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Union, get_args, get_origin

from rules.hand import Meld, MeldKind, Source
from rules.ruleset import EVERY_PRESET_ID, Ruleset, load_preset
from rules.tiles import Tile, parse_tile, parse_tiles

from ..actions import ACTION_TYPES
from ..codec import field_types
from ..events import EVENT_TYPES
from ..wall import TILE_COUNT, TooMany, fill_wall
from .file_version import check_version
from .record_file import LogError

FORMAT = "mahjong-tui-log"
VERSION = 1
CLOCK_NOTE = "played_seconds"

# Fields whose value is a seat, a wind, a hand number or a tile kind, by name.
RANGES: dict[str, tuple[int, int]] = {
    "seat": (0, 3),
    "winner": (0, 3),
    "from_seat": (0, 3),
    "dealer": (0, 3),
    "payer": (-1, 3),  # -1: riichi sticks taken from the table (engine.settlement.TABLE)
    "payee": (0, 3),
    "liable": (0, 3),
    "break_side": (0, 3),
    "round_wind": (0, 3),
    "hand_number": (0, 3),
    "kind": (0, 33),
}
BIG = 2**53  # any other integer: beyond this it is not a score, a count or a seed
SETUP_KEYS = (
    "seed", "ruleset", "overrides", "walls", "dice", "seating", "shuffle_seats", "start",
    # the saves: which game this is, and since when (engine.storage.save_store)
    "game_id", "started_at",
    "session",  # a game of a session: {"id", "game", "of"} (tui.session_file)
)
START_KEYS = ("round_wind", "hand_number", "honba", "sticks", "scores")


class _Bad(Exception):
    """A shape problem, raised with the path of the offending value."""


def _int(value: Any, where: str, low: int = -BIG, high: int = BIG) -> int:
    if type(value) is not int:
        raise _Bad(f"{where} must be an integer, not {_kind(value)}")
    if not low <= value <= high:
        raise _Bad(f"{where} must be {low}-{high}, not {_number(value)}")
    return value


def _number(value: int) -> str:
    """`value` as written, or its size when it is too long to read in a message."""
    text = str(value)
    return text if len(text) <= 30 else f"a number of {len(text.lstrip('-')):,} digits"


def _kind(value: Any) -> str:
    names = {bool: "true/false", int: "an integer", float: "a number", str: "a string",
             list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _optional(tp: Any) -> tuple[bool, Any]:
    """(True, X) for `X | None`, else (False, tp)."""
    args = get_args(tp)
    if get_origin(tp) in (Union, types.UnionType) and len(args) == 2 and type(None) in args:
        return True, next(a for a in args if a is not type(None))
    return False, tp


def check_value(tp: Any, value: Any, where: str, name: str = "") -> None:
    """`value` (decoded JSON) is what `engine.codec.encode` writes for type `tp`."""
    optional, inner = _optional(tp)
    if optional:
        if value is not None:
            check_value(inner, value, where, name)
        return
    if tp is Tile:
        _tiles(value, where, one=True)
    elif tp is Meld:
        _meld(value, where)
    elif get_origin(tp) is tuple:
        args = get_args(tp)
        if args == (Tile, Ellipsis):
            _tiles(value, where, one=False)
            return
        if not isinstance(value, list):
            raise _Bad(f"{where} must be a list, not {_kind(value)}")
        if len(args) == 2 and args[1] is Ellipsis:
            for i, item in enumerate(value):
                check_value(args[0], item, f"{where}[{i}]", name)
        elif len(value) != len(args):
            raise _Bad(f"{where} must have {len(args)} items, not {len(value)}")
        else:
            for i, (a, item) in enumerate(zip(args, value, strict=True)):
                check_value(a, item, f"{where}[{i}]", name)
    elif isinstance(tp, type) and dataclasses.is_dataclass(tp):
        check_fields(tp, value, where)
    elif tp is bool:
        if type(value) is not bool:
            raise _Bad(f"{where} must be true or false, not {_kind(value)}")
    elif tp is int:
        _int(value, where, *RANGES.get(name, (-BIG, BIG)))
    elif tp is float:
        if type(value) not in (int, float) or not math.isfinite(value):
            raise _Bad(f"{where} must be a number, not {_kind(value)}")
    elif tp is str:
        if not isinstance(value, str):
            raise _Bad(f"{where} must be a string, not {_kind(value)}")
    elif get_origin(tp) is dict and not isinstance(value, dict):
        raise _Bad(f"{where} must be an object, not {_kind(value)}")
    # dict[str, Any] / Any: free-form JSON (the scorer's explanation), compared as a whole


def check_fields(cls: type, value: Any, where: str, extra: tuple[str, ...] = ()) -> None:
    """An object with `cls`'s fields: none unknown, none missing unless it has a default."""
    if not isinstance(value, dict):
        raise _Bad(f"{where} must be an object, not {_kind(value)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = [k for k in value if k not in fields and k not in extra]
    if unknown:
        raise _Bad(f"{where} has an unknown field {str(unknown[0])[:40]!r}")
    for name, tp in field_types(cls):
        if name in value:
            check_value(tp, value[name], f"{where}.{name}", name)
        elif fields[name].default is dataclasses.MISSING:
            raise _Bad(f"{where} has no {name!r}")


def _tiles(value: Any, where: str, *, one: bool) -> None:
    if not isinstance(value, str):
        raise _Bad(f"{where} must be tiles in mpsz, not {_kind(value)}")
    try:
        parse_tile(value) if one else parse_tiles(value)
    except ValueError as error:
        raise _Bad(f"{where}: {_short(error)}") from None


def _meld(value: Any, where: str) -> None:
    if not isinstance(value, dict):
        raise _Bad(f"{where} must be an object, not {_kind(value)}")
    unknown = set(value) - {"kind", "tiles", "source", "called"}
    if unknown:
        raise _Bad(f"{where} has an unknown field {str(sorted(unknown)[0])[:40]!r}")
    if value.get("kind") not in tuple(str(k) for k in MeldKind):  # a tuple: [] is no error
        raise _Bad(f"{where}.kind must be one of {', '.join(MeldKind)}")
    _tiles(value.get("tiles"), f"{where}.tiles", one=False)
    if "source" in value and value["source"] not in tuple(str(s) for s in Source):
        raise _Bad(f"{where}.source must be one of {', '.join(Source)}")
    if "called" in value:
        _tiles(value["called"], f"{where}.called", one=True)


def _registered(types: dict[str, type], what: str) -> Callable[[Any, str], None]:
    def check(value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise _Bad(f"{where} must be an object, not {_kind(value)}")
        name = value.get("type")
        if not isinstance(name, str) or name not in types:
            raise _Bad(f"{where}.type is not a known {what} type: {str(name)[:40]!r}")
        check_fields(types[name], value, f"{where}", extra=("type",))

    return check


check_event = _registered(EVENT_TYPES, "event")
check_action = _registered(ACTION_TYPES, "action")


# ---------------------------------------------------------------------- the header
def check_header(record: Any) -> Ruleset:
    """The header line's shape; returns the ruleset it names (overrides applied)."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise _Bad("not a mahjong-tui log: the first line must be its header")
    try:  # the one rule for newer and unknown versions (engine.storage.file_version)
        check_version(record.get("version"), VERSION, "game log", ValueError)
    except ValueError as error:
        raise _Bad(str(error)) from None
    unknown = set(record) - {"format", "version", "setup"}
    if unknown:
        raise _Bad(f"the header has an unknown field {str(sorted(unknown)[0])[:40]!r}")
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise _Bad(f"setup must be an object, not {_kind(setup)}")
    unknown = set(setup) - set(SETUP_KEYS)
    if unknown:
        raise _Bad(f"setup has an unknown field {str(sorted(unknown)[0])[:40]!r}")
    _int(setup.get("seed"), "setup.seed")
    ruleset_id = setup.get("ruleset")
    if ruleset_id not in EVERY_PRESET_ID:
        raise _Bad(f"setup.ruleset {str(ruleset_id)[:40]!r} is not a preset "
                   f"({', '.join(EVERY_PRESET_ID)})")
    ruleset = load_preset(ruleset_id)
    overrides = setup.get("overrides")
    if overrides is not None and not isinstance(overrides, dict):
        raise _Bad(f"setup.overrides must be an object, not {_kind(overrides)}")
    if overrides:
        try:
            ruleset = ruleset.with_overrides(overrides)
        except (ValueError, TypeError, KeyError) as error:  # RulesetError is a ValueError
            raise _Bad(f"setup.overrides: {_short(error)}") from None
    _walls(setup.get("walls", []), ruleset)
    _dice(setup.get("dice", []), ruleset)
    seating = setup.get("seating")
    if seating is not None and (
        not isinstance(seating, list) or sorted(map(repr, seating)) != ["0", "1", "2", "3"]
    ):
        raise _Bad("setup.seating must be null or an order of 0, 1, 2, 3")
    if type(setup.get("shuffle_seats", False)) is not bool:
        raise _Bad("setup.shuffle_seats must be true or false")
    game_id = setup.get("game_id", "")
    if not isinstance(game_id, str) or len(game_id) > 200:
        raise _Bad("setup.game_id must be a short string")
    started = setup.get("started_at", 0)
    if type(started) not in (int, float) or not 0 <= started < 1e12:
        raise _Bad("setup.started_at must be a time in seconds")
    _session(setup.get("session"))
    _start(setup.get("start"))
    return ruleset


def _session(session: Any) -> None:
    """`{"id": str, "game": k, "of": n}` with 1 <= k <= n <= 100, or absent."""
    if session is None:
        return
    if not isinstance(session, dict) or set(session) != {"id", "game", "of"}:
        raise _Bad('setup.session must be {"id", "game", "of"}')
    ident, game, of = session["id"], session["game"], session["of"]
    if not isinstance(ident, str) or len(ident) > 200:
        raise _Bad("setup.session.id must be a short string")
    if type(game) is not int or type(of) is not int or not 1 <= game <= of <= 100:
        raise _Bad("setup.session: game must be 1 to of, of at most 100")


def _walls(walls: Any, ruleset: Ruleset) -> None:
    if not isinstance(walls, list):
        raise _Bad(f"setup.walls must be a list, not {_kind(walls)}")
    for i, wall in enumerate(walls):
        where = f"setup.walls[{i}]"
        _tiles(wall, where, one=False)
        tiles = parse_tiles(wall)
        # 136 tiles, or 108 for three players without 2m-8m (RULESETS.md §9)
        count = TILE_COUNT - 4 * len(ruleset.removed_kinds)
        if len(tiles) != count:
            raise _Bad(f"{where} has {len(tiles)} tiles, not {count}")
        try:
            fill_wall(list(tiles), ruleset.red_fives, ruleset.removed_kinds)
        except TooMany as error:
            raise _Bad(f"{where}: {error}") from None


def _dice(dice: Any, ruleset: Ruleset) -> None:
    if not isinstance(dice, list):
        raise _Bad(f"setup.dice must be a list, not {_kind(dice)}")
    for i, throws in enumerate(dice):
        where = f"setup.dice[{i}]"
        # Empty: a hand rebuilt from a record that gives no dice (the break unknown).
        if not isinstance(throws, list) or len(throws) not in (0, ruleset.kaimen_dice):
            raise _Bad(f"{where} must be a list of {ruleset.kaimen_dice} throws")
        for j, pair in enumerate(throws):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _Bad(f"{where}[{j}] must be two dice")
            for k, die in enumerate(pair):
                _int(die, f"{where}[{j}][{k}]", 1, 6)


def _start(start: Any) -> None:
    if start is None:
        return
    if not isinstance(start, dict):
        raise _Bad(f"setup.start must be an object, not {_kind(start)}")
    unknown = set(start) - set(START_KEYS)
    if unknown:
        raise _Bad(f"setup.start has an unknown field {str(sorted(unknown)[0])[:40]!r}")
    _int(start.get("round_wind", 0), "setup.start.round_wind", 0, 3)
    _int(start.get("hand_number", 0), "setup.start.hand_number", 0, 3)
    _int(start.get("honba", 0), "setup.start.honba", 0, 1000)
    _int(start.get("sticks", 0), "setup.start.sticks", 0, 1000)
    scores = start.get("scores")
    if scores is not None:
        if not isinstance(scores, list) or len(scores) != 4:
            raise _Bad("setup.start.scores must be null or four integers")
        for i, score in enumerate(scores):
            _int(score, f"setup.start.scores[{i}]", -(10**9), 10**9)


# ---------------------------------------------------------------------- every line
def checked_rows(rows: Iterable[tuple[int, Any]]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The numbered rows of a log, each checked as it comes (so junk fails at its first
    line, without reading on): the header first, then events and actions, and a
    clock note only as the last line. `LogError` names the first bad line."""
    it = iter(rows)
    first = next(it, None)
    if first is None:
        raise LogError("the file is empty: not a mahjong-tui log")
    number, header = first
    try:
        check_header(header)
    except _Bad as bad:
        raise LogError(f"line {number}: {bad}") from None
    yield number, header
    clock_line: int | None = None
    for number, record in it:
        if clock_line is not None:
            raise LogError(f"line {clock_line}: {CLOCK_NOTE} may only be the last line")
        try:
            if _check_body_line(record):
                clock_line = number
        except _Bad as bad:
            raise LogError(f"line {number}: {bad}") from None
        yield number, record


def _check_body_line(record: Any) -> bool:
    """One event or action line; True for a clock note (which must be the last line)."""
    if not isinstance(record, dict):
        raise _Bad(f"a log line must be an object, not {_kind(record)}")
    keys = set(record)
    if keys == {"event"}:
        check_event(record["event"], "event")
    elif keys == {"action"}:
        check_action(record["action"], "action")
    elif keys == {CLOCK_NOTE}:
        _check_seconds(record[CLOCK_NOTE])
        return True
    else:
        raise _Bad("a log line must be one event or one action")
    return False


def _check_seconds(value: Any) -> None:
    if type(value) not in (int, float) or not 0 <= value < 1e9:
        raise _Bad(f"{CLOCK_NOTE} must be a number of seconds")


def _short(error: BaseException) -> str:
    return " ".join(str(error).split())[:200] or type(error).__name__
