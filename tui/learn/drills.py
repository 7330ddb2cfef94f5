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
    is_yaochuu,
    kind_name,
    kind_to_str,
    parse_kinds,
    to_counts,
)
from rules.waits import waits
from rules.yaku import available_table

from ..words import first_name, fu_name, yaku_name
from .alllast_drill import make_all_last
from .claims import Claim, payment_text
from .kinds import DRILL_TITLES, DRILLS
from .question import Question, choices
from .texts import danger_reason, shanten_words, text
from .wins import winning_hand

__all__ = ["DRILLS", "DRILL_TITLES", "make_question", "parse_key", "payment_text"]

_TRIES = 500
_WINDS = {"E": "East", "S": "South", "W": "West", "N": "North"}
_WINDS_JA = {"E": "東", "S": "南", "W": "西", "N": "北"}
_HONORS_JA = "東南西北白發中"


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


def tile_label(kind: int, lang: str = "en") -> str:
    """A choice's label: '5p', 'East (1z)', '東 (1z)' (the explanations write mpsz)."""
    if kind < 27:
        return kind_to_str(kind)
    return f"{tile_word(kind, lang)} ({kind_to_str(kind)})"


def _yaku_word(yaku: str, lang: str) -> str:
    """'pinfu 平和'; only '平和' in Japanese, where the romaji would read as English."""
    return first_name(f"yaku.{yaku}", lang) if lang == "ja" else yaku_name(yaku, lang)


def _fu_word(item: str, lang: str) -> str:
    return first_name(f"fu.{item}", lang) if lang == "ja" else fu_name(item, lang)


def tile_word(kind: int, lang: str) -> str:
    """'5p', 'East' ('東' in Japanese)."""
    if kind >= 27 and lang == "ja":
        return _HONORS_JA[kind - 27]
    return kind_name(kind)


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
        lines = [result.reason] if lang != "ja" else []
        lines.append(text("discard.every", lang))
        claims: list[Claim] = []
        for o in result.options:
            assert o.discard is not None
            rest = list(hand)
            rest.remove(o.discard)
            claims += [Claim("shanten_forms", tiles=kind_to_str(o.discard), hand=_mpsz(rest),
                             expected=o.shanten),
                       Claim("accepted", tiles=kind_to_str(o.discard), hand=_mpsz(rest),
                             river=_mpsz([*visible, o.discard]), expected=o.accepted_count)]
            accepted = " ".join(kind_to_str(k) for k, _ in o.accepted)
            improving = " ".join(kind_to_str(k) for k, _ in o.improving)
            state = shanten_state(o.shanten) if lang != "ja" else shanten_words(o.shanten, lang)
            lines.append(
                text("discard.line", lang).format(
                    tile=f"{kind_to_str(o.discard):>3}", state=state, count=o.accepted_count,
                    accepted=accepted, improving=o.improving_count)
                + (f" ({improving})" if improving else "")
            )
        return Question(
            kind="discard", key=key,
            prompt=text("discard.prompt", lang),
            hand=_mpsz(hand),
            facts=(text("discard.seen", lang).format(tiles=_mpsz(visible)),),
            choices=choices([(kind_to_str(k), tile_label(k, lang)) for k in sorted(set(hand))]),
            answer=frozenset(kind_to_str(k) for k in right if k is not None),
            multi=False,
            explanation=tuple(lines),
            claims=tuple(claims),
        )
    raise RuntimeError("no discard question found")


# --- waits ------------------------------------------------------------------------------


def _waits(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    """A tenpai hand whose waits all lie in one suit: a one-suit block of 4, 7, 10 or
    13 tiles, the rest complete sequences in the other suits."""
    chiitoitsu = ruleset.seven_pairs
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
        lines = [text("waits.are", lang).format(tiles=" ".join(kind_to_str(k) for k in found))]
        claims = [Claim("waits", tiles=_mpsz(list(found)), hand=_mpsz(block + rest),
                        expected=_mpsz(list(found)))]
        for wait in found:
            counts[wait] += 1
            reading = _reading(counts, lang)
            lines.append(f"  + {kind_to_str(wait)}: {reading}")
            if not reading.startswith(text("waits.pairs", lang)):
                claims.append(Claim("reading", tiles=kind_to_str(wait),
                                    hand=_mpsz(block + rest), expected=reading))
            counts[wait] -= 1
        return Question(
            kind="waits", key=key,
            prompt=text("waits.prompt", lang),
            hand=_mpsz(block + rest),
            facts=(),
            choices=choices([(kind_to_str(k), kind_to_str(k)) for k in kinds]),
            answer=frozenset(kind_to_str(k) for k in found),
            multi=True,
            explanation=tuple(lines),
            claims=tuple(claims),
        )
    raise RuntimeError("no waits question found")


def _reading(counts: list[int], lang: str = "en") -> str:
    """One way the 14 tiles split into sets and a pair ('123m 456m ... 55p'), or seven
    pairs."""
    for pair in range(KIND_COUNT):
        if counts[pair] >= 2:
            rest = counts[:]
            rest[pair] -= 2
            sets = _sets(rest)
            if sets is not None:
                return " ".join([*sets, format_tiles([pair, pair])])
    return text("waits.pairs", lang) + " ".join(format_tiles([k, k]) for k in range(KIND_COUNT)
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


def _win_facts(request: dict[str, Any], lang: str = "en") -> tuple[str, ...]:
    melds = " ".join(f"{text('meld.' + m['type'], lang)} {m['tiles']}"
                     for m in request.get("melds", []))
    how = text("how.tsumo" if request.get("tsumo") else "how.ron_plain", lang)
    flags = [text(f"flag.{name}", lang) for name in ("riichi", "ippatsu", "double_riichi",
                                                      "haitei", "houtei", "rinshan", "chankan")
             if request.get(name)]
    winds = _WINDS_JA if lang == "ja" else _WINDS
    lines = [
        text("win.how", lang).format(how=how, tile=request["win"])
        + (text("win.calls", lang).format(melds=melds) if melds else text("win.closed", lang)),
        text("win.winds", lang).format(seat=winds[request["seat_wind"]],
                                       round=winds[request["round_wind"]])
        + (f"; {', '.join(flags)}" if flags else ""),
        text("win.dora", lang).format(tiles=request.get("dora_indicators") or "-")
        + (text("win.ura", lang).format(tiles=request["ura_indicators"])
           if request.get("ura_indicators") else ""),
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
    lines = [text("fu.items", lang)]
    for item in items:
        tiles = f" {item['tiles']}" if item.get("tiles") else ""
        lines.append(f"  {_fu_word(item['item'], lang)}{tiles}: {item['fu']}")
    total = sum(item["fu"] for item in items)
    if total != fu:
        lines.append(text("fu.rounded", lang).format(total=total, fu=fu))
    else:
        lines.append(text("fu.total", lang).format(fu=fu))
    claims = [Claim("win_value", request=request,
                    expected={"fu": fu, "fu_items": [i["item"] for i in items]})]
    yaku = {y["id"] for y in result["yaku"]}
    if "pinfu" in yaku and request.get("tsumo"):
        lines.append(text("fu.pinfu_tsumo", lang))
        claims += [Claim("has_yaku", request=request, expected="pinfu"),
                   Claim("win_value", request=request, expected={"fu": 20})]
    elif result.get("form") == "chiitoitsu":
        lines.append(text("fu.chiitoitsu", lang))
        claims.append(Claim("win_value", request=request,
                            expected={"fu": 25, "form": "chiitoitsu"}))
    return Question(
        kind="fu", key=key,
        prompt=text("fu.prompt", lang),
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request, lang),
        choices=choices([(str(v), text("fu.value", lang).format(fu=v))
                         for v in _number_choices(rng, fu, _FU_VALUES)]),
        answer=frozenset({str(fu)}),
        multi=False,
        explanation=tuple(lines),
        request=request,
        claims=tuple(claims),
    )


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
            paid = payment_text(request, found)
            if paid != right and paid not in wrong:
                wrong.append(paid)
    base = int(right.split("/")[0].split()[0])
    for factor in (2, 0.5, 1.5):
        paid = right.replace(str(base), str(int(base * factor // 100 * 100)), 1)
        if paid != right and paid not in wrong:
            wrong.append(paid)
    options = [right, *wrong[:3]]
    rng.shuffle(options)
    limit = f" ({text('limit.' + result['limit'], lang)})" if result["limit"] else ""
    who = text("who.dealer" if dealer else "who.child", lang)
    how_text = text("how.tsumo" if how == "tsumo" else "how.ron_plain", lang)
    value = text("points.value", lang).format(han=result["han"], fu=result["fu"])
    lines = [
        text("points.line", lang).format(value=value + limit, who=who, how=how_text,
                                         pay=_pay_label(right, lang))
        + (text("points.honba", lang).format(points=result["points"]["honba"])
           if honba else "") + text("stop", lang),
        text("points.basic", lang).format(basic=_basic(result, lang))
        + text("points.ron" if how == "ron" else "points.tsumo", lang),
        text("points.yaku", lang).format(
            yaku=", ".join(f"{_yaku_word(y['id'], lang)} {y['han']}" for y in result["yaku"]),
            dora=sum(result["dora"].values())),
    ]
    return Question(
        kind="points", key=key,
        prompt=text("points.prompt", lang).format(
            value=value, who=who, how=how_text, rules=ruleset.id,
            honba=text("points.prompt_honba", lang).format(honba=honba) if honba else ""),
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request, lang),
        choices=choices([(o, _pay_label(o, lang)) for o in options]),
        answer=frozenset({right}),
        multi=False,
        explanation=tuple(lines),
        request=request,
        claims=(Claim("win_value", request=request,
                      expected={"han": result["han"], "fu": result["fu"], "payment": right}),),
    )


def _pay_label(payment: str, lang: str) -> str:
    """'1300 all' reads '1300オール' in Japanese."""
    return payment.replace(" all", "オール") if lang == "ja" else payment


def _basic(result: dict[str, Any], lang: str = "en") -> str:
    if result["limit"]:
        return text("points.from_limit", lang).format(limit=text("limit." + result["limit"], lang))
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
    lines = [text("yaku.are", lang).format(yaku=", ".join(
        f"{_yaku_word(y['id'], lang)} ({text('yaku.han', lang).format(han=y['han'])})"
        for y in result["yaku"]))]
    dora = result["dora"]
    if any(dora.values()):
        lines.append(text("yaku.dora", lang).format(dora=dora["dora"], red=dora["aka"],
                                                    ura=dora["ura"]))
    lines.append(text("yaku.total", lang).format(han=result["han"], fu=result["fu"]))
    claims = [Claim("win_value", request=request,
                    expected={"yaku": right, "han": result["han"], "fu": result["fu"]})]
    wrong = [y for y in shown if y not in right]
    if wrong:
        lines.append(text("yaku.not_here", lang))
    for yaku in wrong:
        lines.append("  " + _why_not(yaku, request, right, ruleset, lang))
        claims.append(Claim("lacks_yaku", request=request, expected=yaku))
    return Question(
        kind="yaku", key=key,
        prompt=text("yaku.prompt", lang),
        hand=request["concealed"] + request["win"],
        facts=_win_facts(request, lang),
        choices=choices([(y, _yaku_word(y, lang)) for y in shown]),
        answer=frozenset(right),
        multi=True,
        explanation=tuple(lines),
        request=request,
        claims=tuple(claims),
    )


def _why_not(yaku: str, request: dict[str, Any], right: list[str], ruleset: Ruleset,
             lang: str) -> str:
    """What the win lacks for `yaku`, from the ruleset's yaku table and the request:
    a closed-only yaku on an open hand, a riichi not declared, a ron for a tsumo
    yaku, a yaku replaced by a higher one, terminals for tanyao; else what the yaku
    needs (the glossary's definition)."""
    from ..glossary import lookup

    name = _yaku_word(yaku, lang)
    table = available_table(ruleset)
    rule = table.get(yaku)
    if rule is None:
        return text("yaku.no_such", lang).format(yaku=name, rules=ruleset.id)
    melds = request.get("melds") or []
    by = [y for y in right if yaku in table[y].replaces]
    if by:
        return text("yaku.replaced", lang).format(yaku=name, by=_yaku_word(by[0], lang))
    if melds and not rule.open and not rule.yakuman:
        meld = melds[0]
        return text("yaku.needs_closed", lang).format(
            yaku=name, meld=f"{text('meld.' + meld['type'], lang)} {meld['tiles']}")
    if yaku in ("riichi", "ippatsu", "double_riichi") and not request.get(yaku):
        return text("yaku.needs_riichi", lang).format(yaku=name)
    if yaku == "menzen_tsumo" and not request.get("tsumo"):
        return text("yaku.needs_tsumo", lang).format(yaku=name)
    if yaku == "tanyao":
        every = parse_kinds(request["concealed"] + request["win"]) + [
            k for m in melds for k in parse_kinds(m["tiles"])]
        outside = sorted({k for k in every if is_yaochuu(k)})
        if outside:
            return text("yaku.needs_simples", lang).format(
                yaku=name, tiles=" ".join(kind_to_str(k) for k in outside))
    entry = lookup(f"yaku.{yaku}")
    return text("yaku.lacks", lang).format(yaku=name,
                                           definition=entry.ja if lang == "ja" else entry.en)


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


_WHY_KEYS = {f"why.{reason}" for reason in _WHY}


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
        first = table[right[0]][1]
        why_first = (_WHY.get(first, first) if lang != "ja" else
                     text(f"why.{first}", lang) if f"why.{first}" in _WHY_KEYS
                     else danger_reason(first, lang))
        lines = [text("defence.safest", lang).format(
            tiles=" ".join(tile_word(k, lang) for k in right), why=why_first)]
        ranked = sorted(table.items(), key=lambda item: (item[1][0], item[0]))
        lines.append(text("defence.each", lang))
        lines += [f"  {tile_word(k, lang)}: {danger_reason(why, lang)}, {p:.1%}"
                  for k, (p, why) in ranked]
        claims = [Claim("safest", tiles=_mpsz(right), hand=_mpsz(hand),
                        river=" ".join(kind_to_str(k) for k in river),
                        request={"seen": _mpsz(others)}, expected=_mpsz(right))]
        if first == "genbutsu":
            claims += [Claim("genbutsu", tiles=kind_to_str(k), river=_mpsz(river))
                       for k in right]
        elif first == "suji":
            claims += [Claim("suji", tiles=kind_to_str(k), river=_mpsz(river)) for k in right]
        return Question(
            kind="defence", key=key,
            prompt=text("defence.prompt", lang),
            hand=_mpsz(hand),
            facts=(text("defence.river", lang).format(
                       tiles=" ".join(kind_to_str(k) for k in river)),
                   text("defence.others", lang).format(tiles=_mpsz(others))),
            choices=choices([(kind_to_str(k), tile_label(k, lang)) for k in sorted(set(hand))]),
            answer=frozenset(kind_to_str(k) for k in right),
            multi=False,
            explanation=tuple(lines),
            claims=tuple(claims),
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

