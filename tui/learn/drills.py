"""The drill kinds and their seeded question makers.

    question = make_question("waits", seed=17, ruleset=load_preset("wrc"))

The same (kind, seed, ruleset) always makes the same question, so a missed one
is stored by its key (`waits:17`) and asked again exactly. Every answer comes
from the project's rules code: `rules.analysis` (what to discard), `rules.waits`
(waits), the scorer (fu, points, yaku) and `ai.danger` (defence).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ai.danger import Threat, tile_danger
from rules.analysis import analyse, shanten_state
from rules.ruleset import Ruleset
from rules.shanten import shanten
from rules.tiles import (
    KIND_COUNT,
    format_tiles,
    kind_name,
    kind_to_str,
    to_counts,
)
from rules.waits import waits

from ..words import fu_name, yaku_name
from .alllast_drill import make_all_last
from .kinds import DRILL_TITLES, DRILLS
from .question import Question, choices
from .wins import winning_hand

__all__ = ["DRILLS", "DRILL_TITLES", "make_question", "parse_key"]

_TRIES = 500
_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}


def parse_key(key: str) -> tuple[str, int]:
    """`waits:17` -> ("waits", 17); ValueError with one line otherwise."""
    kind, _, seed = key.partition(":")
    if kind not in DRILL_TITLES or not seed.isdigit():
        raise ValueError(f"not a drill question: {key!r}")
    return kind, int(seed)


def make_question(kind: str, seed: int, ruleset: Ruleset, lang: str = "en") -> Question:
    """The question `seed` of drill `kind` under `ruleset`."""
    try:
        maker = _MAKERS[kind]
    except KeyError:
        raise ValueError(f"unknown drill {kind!r}: choose one of {', '.join(DRILLS)}") from None
    rng = random.Random(f"{kind}:{seed}:{ruleset.id}")
    return maker(rng, f"{kind}:{seed}", ruleset, lang)


def _wall(rng: random.Random) -> list[int]:
    wall = [k for k in range(KIND_COUNT) for _ in range(4)]
    rng.shuffle(wall)
    return wall


def tile_label(kind: int) -> str:
    """A choice's label: '5p', 'East (1z)' (the explanations write mpsz)."""
    return kind_to_str(kind) if kind < 27 else f"{kind_name(kind)} ({kind_to_str(kind)})"


def _mpsz(kinds: list[int]) -> str:
    return format_tiles(sorted(kinds))


# --- what to discard --------------------------------------------------------------------


def _discard(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    for _ in range(_TRIES):
        wall = _wall(rng)
        hand, visible = wall[:14], wall[14:14 + rng.randrange(6, 18)]
        counts = to_counts(hand)
        if not 1 <= shanten(counts[:], 0) <= 2 or len(set(hand)) < 9:
            continue
        result = analyse(_mpsz(hand), ruleset, visible=_mpsz(visible))
        best = result.best
        right = {o.discard for o in result.options
                 if (o.shanten, o.accepted_count) == (best.shanten, best.accepted_count)}
        if len(right) > 3:
            continue  # too many equal answers teach nothing
        lines = [result.reason, "Every discard: shanten, accepted tiles still unseen (the "
                 "kinds), improving tiles (draws that keep the shanten but widen the hand):"]
        for o in result.options:
            assert o.discard is not None
            accepted = " ".join(kind_to_str(k) for k, _ in o.accepted)
            improving = " ".join(kind_to_str(k) for k, _ in o.improving)
            lines.append(
                f"{kind_to_str(o.discard):>3}: {shanten_state(o.shanten)}, {o.accepted_count} "
                f"({accepted}); improving {o.improving_count}"
                + (f" ({improving})" if improving else "")
            )
        return Question(
            kind="discard", key=key,
            prompt="Which tile do you discard? (tile efficiency: shanten, then accepted tiles)",
            hand=_mpsz(hand),
            facts=(f"Seen elsewhere (counted): {_mpsz(visible)}",),
            choices=choices([(kind_to_str(k), tile_label(k)) for k in sorted(set(hand))]),
            answer=frozenset(kind_to_str(k) for k in right if k is not None),
            multi=False,
            explanation=tuple(lines),
        )
    raise RuntimeError("no discard question found")


# --- waits ------------------------------------------------------------------------------


def _waits(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    """A tenpai hand whose waits all lie in one suit: a one-suit block of 4, 7, 10 or
    13 tiles, the rest complete sequences in the other suits."""
    chiitoitsu = ruleset.chiitoitsu != "none"
    for _ in range(_TRIES):
        suit = rng.randrange(3)
        size = rng.choice([4, 7, 7, 10, 13])
        block = [suit * 9 + rng.randrange(9) for _ in range(size)]
        rest: list[int] = []
        for _ in range((13 - size) // 3):
            other = rng.choice([s for s in range(3) if s != suit])
            start = other * 9 + rng.randrange(7)
            rest += [start, start + 1, start + 2]
        counts = to_counts(block + rest)
        if max(counts) > 4:
            continue
        found = waits(counts, 0, chiitoitsu=chiitoitsu)
        if not found or any(k // 9 != suit for k in found):
            continue
        if len(found) == 1 and rng.random() < 0.7:
            continue  # lean towards multi-waits: the point of the drill
        kinds = list(range(suit * 9, suit * 9 + 9))
        lines = [f"The waits: {' '.join(kind_to_str(k) for k in found)}."]
        for wait in found:
            counts[wait] += 1
            lines.append(f"  + {kind_to_str(wait)}: {_reading(counts)}")
            counts[wait] -= 1
        return Question(
            kind="waits", key=key,
            prompt="This hand is tenpai. Pick every tile it wins on, then Enter.",
            hand=_mpsz(block + rest),
            facts=(),
            choices=choices([(kind_to_str(k), kind_to_str(k)) for k in kinds]),
            answer=frozenset(kind_to_str(k) for k in found),
            multi=True,
            explanation=tuple(lines),
        )
    raise RuntimeError("no waits question found")


def _reading(counts: list[int]) -> str:
    """One way the 14 tiles split into sets and a pair ('123m 456m ... 55p'), or seven
    pairs."""
    for pair in range(KIND_COUNT):
        if counts[pair] >= 2:
            rest = counts[:]
            rest[pair] -= 2
            sets = _sets(rest)
            if sets is not None:
                return " ".join([*sets, format_tiles([pair, pair])])
    return "seven pairs: " + " ".join(format_tiles([k, k]) for k in range(KIND_COUNT)
                                       if counts[k] == 2)


def _sets(counts: list[int]) -> list[str] | None:
    first = next((k for k in range(KIND_COUNT) if counts[k]), None)
    if first is None:
        return []
    if counts[first] >= 3:
        counts[first] -= 3
        rest = _sets(counts)
        counts[first] += 3
        if rest is not None:
            return [format_tiles([first] * 3), *rest]
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for k in (first, first + 1, first + 2):
            counts[k] -= 1
        rest = _sets(counts)
        for k in (first, first + 1, first + 2):
            counts[k] += 1
        if rest is not None:
            return [format_tiles([first, first + 1, first + 2]), *rest]
    return None


# --- winning hands: fu, points, yaku ------------------------------------------------------


def _win_facts(request: dict[str, Any]) -> tuple[str, ...]:
    melds = " ".join(f"{m['type']} {m['tiles']}" for m in request.get("melds", []))
    how = "tsumo" if request.get("tsumo") else "ron"
    flags = [name for name in ("riichi", "ippatsu", "double_riichi", "haitei", "houtei",
                               "rinshan", "chankan") if request.get(name)]
    lines = [
        f"Won by {how} on {request['win']}" + (f"; calls: {melds}" if melds else "; closed"),
        f"Seat wind {_WINDS[request['seat_wind']]}, round wind {_WINDS[request['round_wind']]}"
        + (f"; {', '.join(flags)}" if flags else ""),
        f"Dora indicator {request.get('dora_indicators') or '-'}"
        + (f", ura {request['ura_indicators']}" if request.get("ura_indicators") else ""),
    ]
    return tuple(lines)


def _number_choices(rng: random.Random, right: int, pool: list[int]) -> list[int]:
    near = sorted((p for p in pool if p != right), key=lambda p: (abs(p - right), p))[:5]
    picked = [right, *rng.sample(near, min(3, len(near)))]
    return sorted(picked)


_FU_VALUES = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110]


def _fu(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    request, result = winning_hand(rng, ruleset, recorded=rng.random() < 0.5)
    fu = result["fu"]
    items = result["fu_breakdown"]
    lines = ["Item by item:"]
    for item in items:
        tiles = f" {item['tiles']}" if item.get("tiles") else ""
        lines.append(f"  {fu_name(item['item'], lang)}{tiles}: {item['fu']}")
    total = sum(item["fu"] for item in items)
    if total != fu:
        lines.append(f"Sum {total}, rounded up to the next 10: {fu} fu.")
    else:
        lines.append(f"Total: {fu} fu.")
    return Question(
        kind="fu", key=key,
        prompt="How many fu is this win worth?",
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request),
        choices=choices([(str(v), f"{v} fu") for v in _number_choices(rng, fu, _FU_VALUES)]),
        answer=frozenset({str(fu)}),
        multi=False,
        explanation=tuple(lines),
        request=request,
    )


def payment_text(request: dict[str, Any], result: dict[str, Any]) -> str:
    """What the winner is paid, honba included (riichi sticks aside): '3900',
    '1300 all', '700/1300' (from each non-dealer / from the dealer)."""
    points = result["points"]
    if not request.get("tsumo"):
        return f"{points['ron'] + points['honba']}"
    each = points["honba"] // 3
    if points["tsumo_dealer"] is None:
        return f"{points['tsumo_non_dealer'] + each} all"
    return f"{points['tsumo_non_dealer'] + each}/{points['tsumo_dealer'] + each}"


def _points(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    from rules.request import answer

    request, result = winning_hand(rng, ruleset, recorded=rng.random() < 0.5)
    right = payment_text(request, result)
    dealer = request["seat_wind"] == "E"
    how = "tsumo" if request.get("tsumo") else "ron"
    honba = request.get("honba", 0)
    wrong: list[str] = []
    variants: list[dict[str, Any]] = [
        {"seat_wind": "S" if dealer else "E"},
        {"honba": honba + 1 if not honba else 0},
        {"honba": honba + 2},
    ]
    for change in variants:
        other = {**request, **change}
        found = answer(other, ruleset)
        if found.get("ok"):
            text = payment_text(request, found)
            if text != right and text not in wrong:
                wrong.append(text)
    base = int(right.split("/")[0].split()[0])
    for factor in (2, 0.5, 1.5):
        text = right.replace(str(base), str(int(base * factor // 100 * 100)), 1)
        if text != right and text not in wrong:
            wrong.append(text)
    options = [right, *wrong[:3]]
    rng.shuffle(options)
    limit = f" ({result['limit']})" if result["limit"] else ""
    who = "dealer" if dealer else "non-dealer"
    lines = [
        f"{result['han']} han {result['fu']} fu{limit}, {who} {how}: {right}"
        + (f" (honba: +{result['points']['honba']} in all)" if honba else "") + ".",
        f"Basic points {_basic(result)}; " + (
            "ron: the discarder pays 4x (dealer 6x), rounded up to 100."
            if how == "ron" else
            "tsumo: each non-dealer pays 1x (the dealer 2x; a dealer's win: 2x all), "
            "rounded up to 100."),
        "Yaku: " + ", ".join(f"{yaku_name(y['id'], lang)} {y['han']}" for y in result["yaku"])
        + f"; dora {sum(result['dora'].values())}.",
    ]
    return Question(
        kind="points", key=key,
        prompt=f"{result['han']} han {result['fu']} fu, {who} {how}"
        + (f", {honba} honba" if honba else "") + f" ({ruleset.id}): what is the payment?",
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request),
        choices=choices([(o, o) for o in options]),
        answer=frozenset({right}),
        multi=False,
        explanation=tuple(lines),
        request=request,
    )


def _basic(result: dict[str, Any]) -> str:
    if result["limit"]:
        return f"from the limit ({result['limit']})"
    return f"{result['fu']} x 2^({result['han']} + 2) = {result['fu'] * 2 ** (result['han'] + 2)}"


_COMMON_YAKU = ["riichi", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "yakuhai_haku",
                "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind",
                "toitoi", "sanankou", "sanshoku", "ittsu", "chanta", "honitsu", "junchan",
                "chinitsu", "ippatsu", "chiitoitsu"]


def _yaku(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    request, result = winning_hand(rng, ruleset, recorded=rng.random() < 0.5)
    right = [y["id"] for y in result["yaku"]]
    others = [y for y in _COMMON_YAKU if y not in right]
    shown = sorted([*right, *rng.sample(others, 8 - len(right))] if len(right) < 8 else right,
                   key=lambda y: (_COMMON_YAKU.index(y) if y in _COMMON_YAKU else 99, y))
    lines = ["The yaku: " + ", ".join(f"{yaku_name(y['id'], lang)} ({y['han']} han)"
                                      for y in result["yaku"]) + "."]
    dora = result["dora"]
    if any(dora.values()):
        lines.append(f"Dora are not yaku: dora {dora['dora']}, red {dora['aka']}, "
                     f"ura {dora['ura']}.")
    lines.append(f"In all {result['han']} han {result['fu']} fu.")
    return Question(
        kind="yaku", key=key,
        prompt="Pick every yaku of this win, then Enter (dora are not yaku).",
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request),
        choices=choices([(y, yaku_name(y, lang)) for y in shown]),
        answer=frozenset(right),
        multi=True,
        explanation=tuple(lines),
        request=request,
    )


# --- defence ----------------------------------------------------------------------------


def defence_table(hand: list[int], river: list[int], seen_extra: list[int],
                  riichi_kinds: frozenset[int]) -> dict[int, tuple[float, str]]:
    """Each kind of `hand`: (chance of dealing in against a tenpai riichi, why), by
    `ai.danger.tile_danger`: genbutsu = the riichi player's own discards."""
    threat = Threat(seat=1, level=1.0, value=1.0, why="riichi", safe=riichi_kinds, riichi=True)
    seen = to_counts([*hand, *river, *seen_extra])
    return {k: tile_danger(k, threat, seen) for k in sorted(set(hand))}


_WHY = {
    "genbutsu": "genbutsu: the riichi player discarded it, and cannot ron on it (furiten)",
    "suji": "suji: both ryanmen waits through it are cleared by the riichi player's discards",
    "kabe": "kabe: the tiles a ryanmen wait needs are all in sight",
    "one-chance": "one-chance: three of a tile a ryanmen wait needs are in sight",
}


def _defence(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    for _ in range(_TRIES):
        wall = _wall(rng)
        hand = wall[:14]
        river = wall[14:14 + rng.randrange(6, 13)]
        others = wall[30:30 + rng.randrange(8, 20)]
        table = defence_table(hand, river, others, frozenset(river))
        low = min(p for p, _ in table.values())
        right = [k for k, (p, _) in table.items() if p == low]
        if len(right) > 2 or len(table) < 8:
            continue
        if table[right[0]][1] == "genbutsu" and rng.random() < 0.5:
            continue  # half the questions need suji or kabe reading
        lines = [f"Safest: {' '.join(kind_name(k) for k in right)} - "
                 f"{_WHY.get(table[right[0]][1], table[right[0]][1])}."]
        ranked = sorted(table.items(), key=lambda item: (item[1][0], item[0]))
        lines.append("Each tile, safest first (chance of dealing in if the riichi is tenpai):")
        lines += [f"  {kind_name(k)}: {why}, {p:.1%}" for k, (p, why) in ranked]
        return Question(
            kind="defence", key=key,
            prompt="South declared riichi. Which tile is safest to discard?",
            hand=_mpsz(hand),
            facts=(f"South's river (riichi): {' '.join(kind_to_str(k) for k in river)}",
                   f"Other tiles in sight: {_mpsz(others)}"),
            choices=choices([(kind_to_str(k), tile_label(k)) for k in sorted(set(hand))]),
            answer=frozenset(kind_to_str(k) for k in right),
            multi=False,
            explanation=tuple(lines),
        )
    raise RuntimeError("no defence question found")


_MAKERS: dict[str, Callable[[random.Random, str, Ruleset, str], Question]] = {
    "discard": _discard,
    "waits": _waits,
    "fu": _fu,
    "points": _points,
    "yaku": _yaku,
    "defence": _defence,
    "alllast": make_all_last,
}

