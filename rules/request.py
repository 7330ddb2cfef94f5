"""CONTRACT.md `score` requests and answers as plain dicts (JSON-ready).

Turning a request into a `Win` is where bad input is caught: every problem
becomes an `InvalidRequest` whose message a player understands ("14 tiles
expected, got 13"), never a traceback.
"""

from __future__ import annotations

import json
import re
from operator import attrgetter, eq
from typing import Any

from .hand import Meld, MeldError, MeldKind, Source, Win
from .ruleset import Ruleset, red_fives_per_kind
from .scoring import NoWin, ScoreResult, answer_text, score
from .tiles import (
    NORTH,
    TileNotationError,
    format_tiles,
    parse_tile,
    parse_tiles,
    wind_from_letter,
)

FLAGS = [
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
]
KNOWN_FIELDS = frozenset(
    [
        *FLAGS,
        "concealed",
        "win",
        "melds",
        "seat_wind",
        "round_wind",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "riichi_sticks",
        "kita",
    ]
)


# Limits on one request line, checked before the work so that no line, however
# large or odd, can take the command down or starve the lines after it. A real
# request is a few hundred bytes, three levels deep, with about 20 fields.
MAX_LINE_BYTES = 65_536
MAX_DEPTH = 16
MAX_INT_DIGITS = 20
MAX_FIELDS = 256
# Honba and riichi sticks: far beyond any table, small enough to pay and write.
MAX_COUNT = 1000
# Indicators a hand can turn: one, plus one per kan, and there are at most four
# kans in a hand (a fifth is never made; RULESETS.md §5.6). The ura indicators lie
# under them, one each.
MAX_INDICATORS = 5
# Unknown fields named in the one warning; the rest are counted.
WARN_NAMES = 5


class InvalidRequest(ValueError):
    """A request that cannot be scored as given; the message says why."""


def win_from_request(request: Any) -> Win:
    """Build a validated `Win` from a CONTRACT.md request object."""
    if not isinstance(request, dict):
        raise InvalidRequest("a request must be a JSON object")
    try:
        return _build(request)
    except (TileNotationError, MeldError) as error:
        raise InvalidRequest(str(error)) from None


def unknown_fields(request: dict[str, Any]) -> list[str]:
    return sorted(request.keys() - KNOWN_FIELDS)


def _build(request: dict[str, Any]) -> Win:
    if "concealed" not in request or "win" not in request:
        raise InvalidRequest("'concealed' and 'win' are required")
    concealed = tuple(parse_tiles(_text(request, "concealed")))
    win_tile = parse_tile(_text(request, "win"))
    melds = tuple(_meld(m, i) for i, m in enumerate(_list(request, "melds")))
    flags = dict.fromkeys(FLAGS, False)
    given = _FLAG_SET.intersection(request)
    if given:
        for name in given:
            flags[name] = request[name]
        if any(value.__class__ is not bool for value in flags.values()):
            flags = {name: _bool(request, name) for name in FLAGS}  # the first bad one raises
    seat = _wind(request, "seat_wind")
    round_wind = _wind(request, "round_wind")
    win = Win(
        concealed=concealed,
        win_tile=win_tile,
        melds=melds,
        seat_wind=seat,
        round_wind=round_wind,
        dora_indicators=tuple(parse_tiles(_text(request, "dora_indicators", ""))),
        ura_indicators=tuple(parse_tiles(_text(request, "ura_indicators", ""))),
        honba=_count(request, "honba"),
        riichi_sticks=_count(request, "riichi_sticks"),
        kita=_count(request, "kita"),
        **flags,  # type: ignore[arg-type]  # FLAGS names only Win's bool fields
    )
    check_consistency(win)
    return win


_FLAG_SET = frozenset(FLAGS)
_WINDS = {letter: wind_from_letter(letter) for letter in "ESWN"}
_KIND = attrgetter("kind")


def check_consistency(win: Win) -> None:
    """Reject impossible hands and contradictory flags (CONTRACT.md: `invalid`)."""
    melds = win.melds
    expected = 14 - 3 * len(melds)
    got = len(win.concealed) + 1
    if got != expected:
        named = f" with {len(melds)} meld{'s' if len(melds) != 1 else ''}"
        raise InvalidRequest(
            f"{expected} tiles expected{named if melds else ''} "
            f"(concealed + winning tile), got {got}"
        )
    if len(melds) > 4:
        raise InvalidRequest(f"at most 4 melds, got {len(melds)}")
    indicators = win.dora_indicators + win.ura_indicators
    if indicators:
        _check_indicators(win)
    tiles = win.all_tiles + indicators if indicators else win.all_tiles
    kinds = sorted(map(_KIND, tiles))
    if any(map(eq, kinds, kinds[4:])):  # a fifth copy of some kind
        counts: dict[int, int] = {}
        for kind in map(_KIND, tiles):
            counts[kind] = counts.get(kind, 0) + 1
        kind = next(k for k, n in counts.items() if n > 4)
        shown = " (hand and indicators)" if indicators else ""
        raise InvalidRequest(
            f"{counts[kind]} copies of {format_tiles([kind])}{shown}: "
            "there are only 4 of each tile"
        )
    problem = _flag_problem(win)
    if problem:
        raise InvalidRequest(problem)


def _check_indicators(win: Win) -> None:
    """No more indicators than a hand can turn: one, plus one per kan (at most four),
    for the dora, and as many ura indicators lying under them."""
    for name, given in (("dora", win.dora_indicators), ("ura", win.ura_indicators)):
        if len(given) > MAX_INDICATORS:
            raise InvalidRequest(
                f"{len(given)} {name} indicators: a hand turns at most {MAX_INDICATORS} "
                "(one, plus one for each of at most four kans)"
            )


def _flag_problem(win: Win) -> str | None:
    """The first contradiction among the flags, in a fixed order; None if there is none.

    Checked one by one, each only when its flag is set: most requests set one or
    two flags, and every answer pays for this.
    """
    tsumo = win.tsumo
    closed = win.closed
    if (win.riichi or win.double_riichi) and not closed:
        return "riichi needs a closed hand" if win.riichi else "double riichi needs a closed hand"
    if win.ippatsu and not (win.riichi or win.double_riichi):
        return "ippatsu needs riichi"
    if win.chankan and tsumo:
        return "chankan is a ron (robbing a kan), not a tsumo"
    if win.haitei and not tsumo:
        return "haitei is a tsumo on the last tile; use houtei for ron"
    if win.houtei and tsumo:
        return "houtei is a ron on the last discard; use haitei for tsumo"
    if win.rinshan:
        if not tsumo:
            return "rinshan is a tsumo on the replacement tile"
        if not any(m.is_quad for m in win.melds) and not win.kita:
            # three players: a North set aside also draws a replacement tile (§9)
            return "rinshan needs a kan among the melds (or a kita)"
        if win.haitei:
            return "a rinshan draw is never the haitei tile"
        if win.ippatsu:
            return "ippatsu and rinshan cannot both apply: the kan itself ends the ippatsu window"
    if win.chankan and win.houtei:
        return "chankan and houtei cannot both happen"
    if win.tenhou and not (tsumo and win.is_dealer):
        return "tenhou is the dealer's tsumo"
    if win.chiihou:
        if not tsumo:
            return "chiihou is a tsumo"
        if win.is_dealer:
            return "chiihou is a non-dealer's win; the dealer has tenhou"
    if (win.tenhou or win.chiihou) and win.melds:
        return "tenhou/chiihou allow no melds"
    if win.renhou:
        if tsumo:
            return "renhou is a ron"
        if win.is_dealer:
            return "renhou is a non-dealer's win"
        if not closed:
            return "renhou allows no open melds"
    return None


def _meld(raw: Any, index: int) -> Meld:
    """One meld of a request; melds given as plain strings are memoised (they repeat,
    and a `Meld` is immutable), so most requests skip the enum lookups and the checks."""
    if raw.__class__ is dict:
        kind, tiles, source = raw.get("type"), raw.get("tiles", ""), raw.get("from")
        if (
            kind.__class__ is str
            and tiles.__class__ is str
            and (source is None or source.__class__ is str)
            and len(tiles) < 20
        ):
            key = (kind, tiles, source)
            meld = _MELDS.get(key)
            if meld is None:
                meld = _new_meld(raw, index)
                if len(_MELDS) >= _MELDS_MAX:
                    _MELDS.clear()
                _MELDS[key] = meld
            return meld
    return _new_meld(raw, index)


_MELDS: dict[tuple[str, str, str | None], Meld] = {}
_MELDS_MAX = 4096


def _new_meld(raw: Any, index: int) -> Meld:
    if not isinstance(raw, dict):
        raise InvalidRequest(f"meld {index + 1} must be an object with 'type' and 'tiles'")
    kind_text = raw.get("type")
    try:
        kind = MeldKind(str(kind_text))
    except ValueError:
        raise InvalidRequest(
            f"meld {index + 1}: type {kind_text!r} is not one of chi, pon, minkan, ankan, kakan"
        ) from None
    tiles = tuple(parse_tiles(str(raw.get("tiles", ""))))
    source_text = raw.get("from")
    source = None
    if source_text is not None and kind is not MeldKind.ANKAN:
        try:
            source = Source(source_text)
        except ValueError:
            raise InvalidRequest(
                f"meld {index + 1}: from {source_text!r} is not kamicha, toimen or shimocha"
            ) from None
    return Meld(kind, tiles, source)


def _wind(request: dict[str, Any], key: str) -> int:
    letter = request.get(key, "E")
    wind = _WINDS.get(letter) if letter.__class__ is str else None
    return wind if wind is not None else wind_from_letter(_text(request, key, "E"))


def _text(request: dict[str, Any], key: str, default: str | None = None) -> str:
    value = request.get(key, default)
    if value.__class__ is str:
        return value
    if value is None:
        raise InvalidRequest(f"{key!r} is required")
    if not isinstance(value, str):
        raise InvalidRequest(f"{key!r} must be a string, got {value!r}")
    return value


def _bool(request: dict[str, Any], key: str) -> bool:
    value = request.get(key, False)
    if not isinstance(value, bool):
        raise InvalidRequest(f"{key!r} must be true or false, got {value!r}")
    return value


def _count(request: dict[str, Any], key: str) -> int:
    value = request.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise InvalidRequest(f"{key!r} must be a whole number from 0 to {MAX_COUNT}, got {value!r}")
    return value


def _list(request: dict[str, Any], key: str) -> list[Any]:
    value = request.get(key, [])
    if not isinstance(value, list):
        raise InvalidRequest(f"{key!r} must be a list")
    return value


def check_red_fives(win: Win, ruleset: Ruleset) -> None:
    """No more red fives of a suit than the ruleset's wall holds (engine/wall.py deals them).

    Under `red_fives = 0` a `0` is read as a plain five and scores nothing: a hand
    from a game with red fives can still be scored under every preset (the game's
    "other presets" comparison does exactly that).
    """
    if not ruleset.red_fives:
        return
    allowed = red_fives_per_kind(ruleset.red_fives)
    counts: dict[int, int] = {}
    for tile in (*win.all_tiles, *win.dora_indicators, *win.ura_indicators):
        if tile.red:
            counts[tile.kind] = counts.get(tile.kind, 0) + 1
    for kind, count in sorted(counts.items()):
        if count > allowed.get(kind, 0):
            have = allowed.get(kind, 0)
            raise InvalidRequest(
                f"{count} red {format_tiles([kind])}: red_fives = {ruleset.red_fives} puts"
                f" {have} red {format_tiles([kind])} in the wall"
            )


def check_table(win: Win, ruleset: Ruleset) -> None:
    """The hand fits the ruleset's table (RULESETS.md §9): no tile of a removed kind, no
    North seat wind when the North seat is empty, kita only where the ruleset has it and
    at most four Norths in all."""
    removed = ruleset.removed_kinds
    if removed:
        tiles = (*win.all_tiles, *win.dora_indicators, *win.ura_indicators)
        bad = sorted({t.kind for t in tiles if t.kind in removed})
        if bad:
            raise InvalidRequest(
                f"{format_tiles(bad)}: {ruleset.id} plays without {ruleset.removed_tiles}"
            )
    if ruleset.players == 3 and win.seat_wind == NORTH:
        raise InvalidRequest("seat_wind N: a three-player table has no North seat")
    if win.kita:
        if not ruleset.kita:
            raise InvalidRequest(f"kita {win.kita}: {ruleset.id} has no kita (North set aside)")
        if win.rinshan and not ruleset.kita_rinshan and not any(m.is_quad for m in win.melds):
            raise InvalidRequest(f"rinshan: {ruleset.id} gives no rinshan kaihou on a kita's"
                                 " replacement tile (kita_rinshan = false)")
        norths = win.kita + sum(1 for t in win.all_tiles if t.kind == NORTH)
        if win.kita > 4 or norths > 4:
            raise InvalidRequest(
                f"kita {win.kita}: with the hand's Norths that is {norths}; there are only 4"
            )


def answer(request: Any, ruleset: Ruleset) -> dict[str, Any]:
    """The CONTRACT.md answer for one request (never raises on bad input)."""
    try:
        win = win_from_request(request)
        check_red_fives(win, ruleset)
        check_table(win, ruleset)
    except InvalidRequest as error:
        return invalid(str(error))
    out = result_to_dict(score(win, ruleset))
    extra = unknown_fields(request)
    if extra:
        out["warnings"] = [unknown_fields_warning(extra)]
    return out


def invalid(message: str) -> dict[str, Any]:
    """The CONTRACT.md answer for a request that cannot be scored as given."""
    return {"ok": False, "error": "invalid", "message": message}


def unknown_fields_warning(names: list[str]) -> str:
    """One warning for all unknown fields: thousands of them are one line, not thousands."""
    if len(names) == 1:
        return f"unknown field {names[0]!r} ignored"
    shown = ", ".join(repr(name[:40]) for name in names[:WARN_NAMES])
    more = f" and {len(names) - WARN_NAMES} more" if len(names) > WARN_NAMES else ""
    return f"unknown fields {shown}{more} ignored"


# --- one line of `score` input -------------------------------------------------------------

# A backslash pair, a quote or a bracket: enough to follow strings while counting depth.
_DEPTH_TOKEN = re.compile(r'\\.|["\[\]{}]', re.S)


def parse_line(line: bytes) -> Any:
    """One request line (without its newline) as JSON, within the limits above.

    Raises `InvalidRequest` naming the first limit broken or the JSON error. The
    cheap checks (length, a count of brackets and colons) run first; the exact
    ones only when a cheap one says the line comes near a limit. Every whole
    number is checked as it is read (a request holds two or three).
    """
    if len(line) > MAX_LINE_BYTES:
        raise InvalidRequest(f"a request line may hold at most {MAX_LINE_BYTES:,} bytes")
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidRequest(
            f"not valid UTF-8: byte 0x{line[error.start]:02x} at position {error.start}"
        ) from None
    if text.count("[") + text.count("{") > MAX_DEPTH and _depth(text) > MAX_DEPTH:
        raise InvalidRequest(f"JSON nested more than {MAX_DEPTH} levels deep")
    try:
        return (_CAREFUL if text.count(":") > MAX_FIELDS else _PLAIN).decode(text)
    except json.JSONDecodeError as error:
        raise InvalidRequest(f"not valid JSON: {error.msg} (column {error.colno})") from None


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects, brackets inside strings left out.

    One pass over the few characters that matter (linear, however the line is built).
    """
    depth = deepest = 0
    in_string = False
    for match in _DEPTH_TOKEN.finditer(text):
        token = match.group()
        if token == '"':
            in_string = not in_string
        elif in_string or token[0] == "\\":
            continue
        elif token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise InvalidRequest(f"not valid JSON: {name} is not a JSON number")


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise InvalidRequest(f"a number may have at most {MAX_INT_DIGITS} digits")
    return int(digits)


def _bounded_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    if len(pairs) > MAX_FIELDS:
        raise InvalidRequest(
            f"a JSON object may have at most {MAX_FIELDS} fields, got {len(pairs)}"
        )
    return dict(pairs)


# NaN and Infinity are not JSON; Python's parser takes them unless told otherwise.
# With at most MAX_FIELDS colons no object can hold more fields: `_PLAIN` leaves out
# the (slower) check of each object.
_PLAIN = json.JSONDecoder(parse_constant=_no_constant, parse_int=_bounded_int)
_CAREFUL = json.JSONDecoder(
    parse_constant=_no_constant, parse_int=_bounded_int, object_pairs_hook=_bounded_object
)


def answer_line(line: bytes, ruleset: Ruleset) -> dict[str, Any]:
    """The answer to one non-blank input line of `score` (never raises on bad input)."""
    try:
        request = parse_line(line)
    except InvalidRequest as error:
        return invalid(str(error))
    return answer(request, ruleset)


def answer_line_text(line: bytes, ruleset: Ruleset) -> str:
    """`answer_line` written as its JSON text (`json.dumps(..., ensure_ascii=False)`).

    What `mahjong-tui score` writes: the same bytes as the dict answer, without
    building the dict (`rules.scoring.answer_text`; tests/test_score_cli.py compares).
    """
    try:
        request = parse_line(line)
        win = win_from_request(request)
        check_red_fives(win, ruleset)
        check_table(win, ruleset)
    except InvalidRequest as error:
        return json.dumps(invalid(str(error)), ensure_ascii=False)
    text = answer_text(score(win, ruleset))
    if not request.keys() <= KNOWN_FIELDS:
        extra = unknown_fields(request)
        warnings = json.dumps([unknown_fields_warning(extra)], ensure_ascii=False)
        text = f'{text[:-1]}, "warnings": {warnings}}}'
    return text


def result_to_dict(result: ScoreResult | NoWin) -> dict[str, Any]:
    if isinstance(result, NoWin):
        return {"ok": False, "error": result.error, "message": result.message}
    p = result.points
    return {
        "ok": True,
        "han": result.han,
        "fu": result.fu,
        "yaku": [{"id": y.id, "han": y.han} for y in result.yaku],
        "dora": {"dora": result.dora.dora, "aka": result.dora.aka, "ura": result.dora.ura},
        "yakuman": result.yakuman,
        "limit": result.limit,
        "fu_breakdown": [
            {"item": i.item, "fu": i.fu, **({"tiles": i.tiles} if i.tiles else {})}
            for i in result.fu_breakdown
        ],
        "points": {
            "ron": p.ron,
            "tsumo_dealer": p.tsumo_dealer,
            "tsumo_non_dealer": p.tsumo_non_dealer,
            "total": p.total,
            "honba": p.honba,
            "sticks": p.sticks,
        },
        "form": result.form,
        "wait": result.wait,
    }
