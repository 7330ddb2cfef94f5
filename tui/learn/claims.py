"""What a lesson or a drill says about a position, as data the rules code can check.

A sentence such as "1s is suji of 4s" or "tsumo is itself a yaku here" is easy to
write wrong and hard to notice. So every sentence of a lesson step or a drill
explanation that says something about a position (waits, suji, safe tiles, yaku,
fu, points, shanten) carries a `Claim`: its kind, the tiles or the win it is
about, and what it says is true. `check` asks the rules code (`rules.waits`,
`rules.shanten`, the scorer behind `rules.request.answer`) and returns why the
claim is false, or None when it holds. The tests run every claim of every
lesson and of many generated drill questions, in both languages.

    check(Claim("waits", hand="4599m", sets_done=3, expected="3m6m"), ruleset)  # None

Pure: no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.request import answer
from rules.ruleset import Ruleset
from rules.shanten import shanten
from rules.tiles import dora_skipping, format_tiles, is_yaochuu, parse_kinds, to_counts
from rules.waits import discard_furiten, discard_options, is_complete, ukeire, waits
from rules.yaku import available_table

__all__ = ["Claim", "check", "claim_tiles"]


@dataclass(frozen=True, slots=True)
class Claim:
    """One statement about a position.

    `tiles` are the tiles the sentence names (a test checks that its text shows
    them); `hand` a concealed hand (mpsz) with `sets_done` sets already made (short
    lesson hands, calls); `request` a win as a `score` request; `river` the discards
    the statement reasons from; `expected` what the sentence says.
    """

    kind: str
    tiles: str = ""
    hand: str = ""
    sets_done: int = 0
    request: Mapping[str, Any] = field(default_factory=dict)
    river: str = ""
    expected: Any = None


def claim_tiles(claim: Claim) -> list[str]:
    """The tiles a claim names, one mpsz each ('1s', '4s'); a `sets` claim's groups."""
    if claim.kind == "sets":
        return str(claim.tiles).split()
    return [format_tiles([k]) for k in parse_kinds(claim.tiles)] if claim.tiles else []


def _kinds(text: str) -> list[int]:
    return parse_kinds(text) if text else []


def _same(kinds: list[int] | tuple[int, ...], text: str) -> bool:
    return sorted(set(kinds)) == sorted(set(_kinds(text)))


def _mpsz(kinds: list[int] | tuple[int, ...]) -> str:
    return format_tiles(sorted(kinds)) or "-"


def _waits(hand: str, sets_done: int, ruleset: Ruleset) -> tuple[int, ...]:
    chiitoitsu = ruleset.seven_pairs and sets_done == 0
    return waits(to_counts(_kinds(hand)), sets_done, chiitoitsu=chiitoitsu)


def _check_waits(c: Claim, r: Ruleset) -> str | None:
    found = _waits(c.hand, c.sets_done, r)
    return None if _same(found, c.expected) else f"{c.hand} waits on {_mpsz(found)}"


def _check_waits_include(c: Claim, r: Ruleset) -> str | None:
    found = set(_waits(c.hand, c.sets_done, r))
    missing = [k for k in _kinds(c.tiles) if k not in found]
    return None if not missing else f"{_mpsz(missing)} does not complete {c.hand}"


def _check_shanten(c: Claim, r: Ruleset) -> str | None:
    found = shanten(to_counts(_kinds(c.hand)), c.sets_done, chiitoitsu=False, kokushi=False)
    return None if found == c.expected else f"{c.hand} is {found}-shanten"


def _forms(r: Ruleset) -> dict[str, bool]:
    """The hand forms the ruleset scores: seven pairs where it has them, thirteen
    orphans where its yaku table does."""
    return {"chiitoitsu": r.seven_pairs, "kokushi": "kokushi" in available_table(r)}


def _check_shanten_forms(c: Claim, r: Ruleset) -> str | None:
    """Shanten over every form the ruleset scores (the discard drill's figure)."""
    found = shanten(to_counts(_kinds(c.hand)), c.sets_done, **_forms(r))
    return None if found == c.expected else f"{c.hand} is {found}-shanten"


def _check_accepted(c: Claim, r: Ruleset) -> str | None:
    """`expected`: how many tiles not in sight (`river`: seen elsewhere) lower the
    shanten of the 13-tile `hand`."""
    visible = _unseen_removed(to_counts(_kinds(c.river)), r)
    found = sum(left for _, left in ukeire(to_counts(_kinds(c.hand)), c.sets_done, visible,
                                           chiitoitsu=r.seven_pairs))
    return None if found == c.expected else f"{found} tiles advance {c.hand}"


def _unseen_removed(visible: list[int], r: Ruleset) -> list[int]:
    """`visible` with every copy of the kinds the ruleset's set leaves out counted as
    gone (three-player: no 2m-8m to draw)."""
    return [4 if k in r.removed_kinds else n for k, n in enumerate(visible)]


def _check_best_discard(c: Claim, r: Ruleset) -> str | None:
    """`expected`: the discards that leave the lowest shanten with the most tiles left
    that advance the hand (`rules.waits.discard_options`)."""
    options = discard_options(to_counts(_kinds(c.hand)), c.sets_done,
                              _unseen_removed([0] * 34, r), chiitoitsu=False)
    best = (options[0].shanten, options[0].ukeire_total)
    found = [o.kind for o in options if (o.shanten, o.ukeire_total) == best]
    return None if _same(found, c.expected) else f"the best discards are {_mpsz(found)}"


def _is_set(group: list[int]) -> bool:
    """Three tiles that complete a hand with three sets made and a pair added."""
    pair = next(k for k in range(27, 34) if k not in group)
    return len(group) == 3 and is_complete(to_counts([*group, pair, pair]), 3, chiitoitsu=False)


def _check_sets(c: Claim, r: Ruleset) -> str | None:
    """`expected`: the groups (space-separated mpsz) of `tiles` that are sets."""
    groups = str(c.tiles).split()
    found = [g for g in groups if _is_set(_kinds(g))]
    return None if found == str(c.expected).split() else f"the sets are {' '.join(found)}"


def _check_reading(c: Claim, r: Ruleset) -> str | None:
    """`hand` plus `tiles` (the winning tile) splits into `expected`: space-separated
    groups, each a set or the one pair."""
    whole = sorted([*_kinds(c.hand), *_kinds(c.tiles)])
    groups = [_kinds(g) for g in str(c.expected).split()]
    if sorted(k for g in groups for k in g) != whole:
        return f"{' '.join(str(c.expected).split())} is not {_mpsz(whole)}"
    pairs = [g for g in groups if len(g) == 2 and g[0] == g[1]]
    sets = [g for g in groups if _is_set(g)]
    if len(pairs) != 1 or len(sets) + 1 != len(groups):
        return f"{c.expected} is not sets and one pair"
    return None


def _win(c: Claim, r: Ruleset) -> dict[str, Any]:
    return answer(dict(c.request), r)


def _yaku_ids(result: Mapping[str, Any]) -> set[str]:
    return {y["id"] for y in result.get("yaku", [])}


def _check_has_yaku(c: Claim, r: Ruleset) -> str | None:
    found = _win(c, r)
    if not found.get("ok"):
        return f"not a win: {found.get('error')}"
    return None if c.expected in _yaku_ids(found) else f"no {c.expected}: {_yaku_ids(found)}"


def _check_lacks_yaku(c: Claim, r: Ruleset) -> str | None:
    found = _win(c, r)
    return f"the win has {c.expected}" if c.expected in _yaku_ids(found) else None


def _check_no_yaku(c: Claim, r: Ruleset) -> str | None:
    found = _win(c, r)
    return None if found.get("error") == "no_yaku" else f"the scorer says {found}"


def _check_win_value(c: Claim, r: Ruleset) -> str | None:
    """`expected`: {"han": .., "fu": .., "yaku": [...], "payment": ...}, any subset."""
    found = _win(c, r)
    if not found.get("ok"):
        return f"not a win: {found.get('error')}"
    want = dict(c.expected)
    if "yaku" in want and set(want.pop("yaku")) != _yaku_ids(found):
        return f"the yaku are {sorted(_yaku_ids(found))}"
    if "payment" in want:
        paid = payment_text(c.request, found)
        if want.pop("payment") != paid:
            return f"the payment is {paid}"
    if "fu_items" in want:
        items = [i["item"] for i in found["fu_breakdown"]]
        if list(want.pop("fu_items")) != items:
            return f"the fu items are {items}"
    for key, value in want.items():
        if found.get(key) != value:
            return f"{key} is {found.get(key)}"
    return None


def payment_text(request: Mapping[str, Any], result: Mapping[str, Any]) -> str:
    """What the winner is paid, honba included (riichi sticks aside): '3900',
    '1300 all', '700/1300' (from each non-dealer / from the dealer)."""
    points = result["points"]
    if not request.get("tsumo"):
        return f"{points['ron'] + points['honba']}"
    each = points["honba"] // 3
    if points["tsumo_dealer"] is None:
        return f"{points['tsumo_non_dealer'] + each} all"
    return f"{points['tsumo_non_dealer'] + each}/{points['tsumo_dealer'] + each}"


def _check_yaku_without_riichi(c: Claim, r: Ruleset) -> str | None:
    """`expected`: whether some wait of the closed tenpai `hand` wins with a yaku,
    without riichi, by the way in `tiles`' place: request["how"] ron or tsumo."""
    tsumo = c.request.get("how") == "tsumo"
    winds = {k: c.request[k] for k in ("seat_wind", "round_wind") if k in c.request}
    some = any(answer({"concealed": c.hand, "win": format_tiles([k]), "tsumo": tsumo, **winds},
                      r).get("ok") for k in _waits(c.hand, 0, r))
    how = "tsumo" if tsumo else "ron"
    return None if some == c.expected else f"a {how} {'does' if some else 'does not'} win"


def _check_suji(c: Claim, r: Ruleset) -> str | None:
    """Every two-sided (ryanmen) shape that waits on the first tile also waits on one
    of `river`: such a wait would be furiten."""
    (tile,) = _kinds(c.tiles)
    river = _kinds(c.river)
    for shape in _two_sided_shapes(tile):
        found = waits(to_counts([*shape, 33, 33]), 3, chiitoitsu=False)
        if not discard_furiten(found, river):
            return f"{_mpsz(shape)} waits on {_mpsz(found)}, none of them in {c.river}"
    return None


def _two_sided_shapes(tile: int) -> list[list[int]]:
    """The two adjacent tiles of one suit that wait on `tile` among others."""
    if tile >= 27:
        return []
    base, n = tile - tile % 9, tile % 9
    shapes = []
    for low in (n + 1, n - 2):
        if 1 <= low <= 6:  # 12 and 89 wait on one side only (penchan)
            shape = [base + low, base + low + 1]
            if tile in waits(to_counts([*shape, 33, 33]), 3, chiitoitsu=False):
                shapes.append(shape)
    return shapes


def _check_ron_shapes(c: Claim, r: Ruleset) -> str | None:
    """The kinds of wait (as the scorer names them) that can still win on the first
    tile by ron without furiten, given `river`: over every four-tile shape of the
    tile's suit and one honour, three sets made. `expected`: the kinds, sorted."""
    (tile,) = _kinds(c.tiles)
    river = _kinds(c.river)
    suit = list(range(tile - tile % 9, tile - tile % 9 + 9)) if tile < 27 else []
    pool = [*suit, 31]
    found: set[str] = set()
    filler = [k for k in parse_kinds("123m456m789m") if k not in suit] or \
        parse_kinds("123p456p789p")
    for shape in _multisets(pool, 4):
        counts = to_counts(shape)
        if counts[tile] >= 4:
            continue
        wins = waits(counts, 3, chiitoitsu=False)
        if tile not in wins or discard_furiten(wins, river):
            continue
        result = answer({"concealed": _mpsz([*shape, *filler]), "win": format_tiles([tile]),
                         "riichi": True, "seat_wind": "S", "round_wind": "E"}, r)
        if result.get("ok"):
            found.add(result["wait"])
    expected = sorted(c.expected)
    return None if sorted(found) == expected else f"the waits that can hit it: {sorted(found)}"


def _multisets(pool: list[int], size: int, start: int = 0) -> list[list[int]]:
    if size == 0:
        return [[]]
    out = []
    for i in range(start, len(pool)):
        out += [[pool[i], *rest] for rest in _multisets(pool, size - 1, i)]
    return out


def _check_genbutsu(c: Claim, r: Ruleset) -> str | None:
    """The tile is in the river, so any wait on it is furiten."""
    (tile,) = _kinds(c.tiles)
    return None if discard_furiten([tile], _kinds(c.river)) else f"{c.tiles} not in {c.river}"


def _check_genbutsu_in_hand(c: Claim, r: Ruleset) -> str | None:
    """`expected`: whether some tile of `hand` is in `river` (genbutsu to discard)."""
    found = bool(set(_kinds(c.hand)) & set(_kinds(c.river)))
    return None if found == c.expected else f"genbutsu in the hand is {found}"


def _check_furiten(c: Claim, r: Ruleset) -> str | None:
    """`expected`: whether a wait of `hand` is in `river`."""
    found = discard_furiten(_waits(c.hand, c.sets_done, r), _kinds(c.river))
    return None if found == c.expected else f"furiten is {found}"


def _check_safest(c: Claim, r: Ruleset) -> str | None:
    """`expected`: the tiles of `hand` least likely to deal in against a riichi whose
    river is `river` (`ai.danger`, genbutsu = that river)."""
    from .drills import defence_table

    seen = _kinds(c.request.get("seen", ""))
    table = defence_table(_kinds(c.hand), _kinds(c.river), seen, frozenset(_kinds(c.river)))
    low = min(p for p, _ in table.values())
    found = [k for k, (p, _) in table.items() if p == low]
    return None if _same(found, c.expected) else f"the safest are {_mpsz(found)}"


def _check_all_simples(c: Claim, r: Ruleset) -> str | None:
    """`expected`: whether every tile of `hand` is a simple (2-8 of a suit)."""
    found = not any(is_yaochuu(k) for k in _kinds(c.hand))
    return None if found == c.expected else f"all simples is {found}"


def _check_dora(c: Claim, r: Ruleset) -> str | None:
    """`tiles`: an indicator then the dora it points to in the ruleset's tile set
    (three-player: 1m points to 9m)."""
    indicator, dora = _kinds(c.tiles)
    found = dora_skipping(indicator, r.removed_kinds)
    return None if found == dora else f"the dora is {format_tiles([found])}"


def _check_is_yaku(c: Claim, r: Ruleset) -> str | None:
    """`expected`: the ids of `request["names"]` that are yaku under the ruleset."""
    table = available_table(r)
    found = [n for n in c.request["names"] if n in table]
    return None if found == list(c.expected) else f"the yaku are {found}"


def _check_final_place(c: Claim, r: Ruleset) -> str | None:
    """`request`: {"scores", "seat"}; `expected`: the seat's place by the ruleset's
    final results (`engine.results.final_results`), ties as the ruleset breaks them."""
    from engine.results import final_results

    rows = final_results(list(c.request["scores"]), r)
    found = next(row.rank for row in rows if row.seat == c.request["seat"])
    return None if found == c.expected else f"the place is {found}"


def _check_rule(c: Claim, r: Ruleset) -> str | None:
    """`expected`: {field: value} of the ruleset."""
    wrong = {k: getattr(r, k) for k, v in dict(c.expected).items() if getattr(r, k) != v}
    return None if not wrong else f"the ruleset says {wrong}"


_CHECKS: dict[str, Callable[[Claim, Ruleset], str | None]] = {
    "waits": _check_waits,
    "waits_include": _check_waits_include,
    "shanten": _check_shanten,
    "shanten_forms": _check_shanten_forms,
    "accepted": _check_accepted,
    "best_discard": _check_best_discard,
    "sets": _check_sets,
    "reading": _check_reading,
    "has_yaku": _check_has_yaku,
    "lacks_yaku": _check_lacks_yaku,
    "no_yaku": _check_no_yaku,
    "win_value": _check_win_value,
    "yaku_without_riichi": _check_yaku_without_riichi,
    "suji": _check_suji,
    "ron_shapes": _check_ron_shapes,
    "genbutsu": _check_genbutsu,
    "genbutsu_in_hand": _check_genbutsu_in_hand,
    "furiten": _check_furiten,
    "safest": _check_safest,
    "all_simples": _check_all_simples,
    "dora": _check_dora,
    "is_yaku": _check_is_yaku,
    "rule": _check_rule,
    "final_place": _check_final_place,
}

KINDS = frozenset(_CHECKS)


def check(claim: Claim, ruleset: Ruleset) -> str | None:
    """None when the rules code agrees with `claim`, else what it says instead."""
    try:
        run = _CHECKS[claim.kind]
    except KeyError:
        raise ValueError(f"unknown claim kind {claim.kind!r}") from None
    return run(claim, ruleset)
