"""The all-last drill's question: which win is the cheapest that moves you up.

The situation, the payments and the places are `tui.learn.alllast`'s (the rules
and engine code); this module only picks the question (ron off whom, or tsumo;
which place), the choices around the right value, and writes the explanation:
the gaps, the payments of the right win and of the one just short, and any tie.
"""

from __future__ import annotations

import random

from rules.ruleset import Ruleset

from .alllast import (
    DEALER,
    SEATS,
    Outcome,
    Situation,
    all_last_situation,
    cheapest,
    outcome,
    payment_text,
    values,
)
from .claims import Claim
from .question import Question, choices
from .texts import text

_TRIES = 300
_ROUNDS = ("East", "South", "West", "North")
_ROUNDS_JA = ("東", "南", "西", "北")


def wind_name(wind: int, lang: str) -> str:
    return _ROUNDS_JA[wind] if lang == "ja" else _ROUNDS[wind]


def place_name(rank: int, lang: str) -> str:
    if lang == "ja":
        return f"{rank}位"
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


def player_name(s: Situation, seat: int, lang: str) -> str:
    """'West (you)', 'East (dealer)', '南家'."""
    name = wind_name(s.wind(seat), lang) + ("家" if lang == "ja" else "")
    if seat == s.seat:
        name += text("you", lang)
    elif seat == DEALER:
        name += text("dealer", lang)
    return name


def value_label(o: Outcome, s: Situation, lang: str) -> str:
    """'3900 (2 han 60 fu)', '2000/4000 (mangan)'."""
    v = o.value
    if v.limit:
        kind = text(f"limit.{v.limit}", lang)
    elif lang == "ja":
        kind = f"{v.han}翻{v.fu}符"
    else:
        kind = f"{v.han} han {v.fu} fu"
    return f"{payment_text(o, s)} ({kind})"


def tie_rule(ruleset: Ruleset, lang: str) -> str:
    return text(f"tie.{ruleset.rank_tie}", lang)


def _moves(o: Outcome, s: Situation, lang: str) -> str:
    """'you 31,200 (+6,200), West 23,000 (-4,200): you are 2nd'."""
    parts = []
    for seat in range(SEATS):
        delta = o.scores[seat] - s.scores[seat]
        if delta:
            parts.append(f"{player_name(s, seat, lang)} {o.scores[seat]:,} ({delta:+,})")
    tied = [seat for seat in range(SEATS)
            if seat != s.seat and o.scores[seat] == o.scores[s.seat]]
    line = ", ".join(parts) + text("places", lang).format(place=place_name(o.ranks[s.seat], lang))
    if tied:
        line += text("tie_with", lang).format(
            who=", ".join(player_name(s, t, lang) for t in tied),
            points=f"{o.scores[s.seat]:,}")
    return line


def make_all_last(rng: random.Random, key: str, ruleset: Ruleset, lang: str) -> Question:
    """A seeded all-last question under `ruleset`."""
    for _ in range(_TRIES):
        s = all_last_situation(rng, ruleset)
        rank = _rank(s, ruleset)
        target = rank - 1 if rng.random() < 0.75 else rng.randrange(1, rank)
        others = [seat for seat in range(SEATS) if seat != s.seat]
        discarder = None if rng.random() < 0.4 else rng.choice(others)
        right, short = cheapest(s, ruleset, discarder, target)
        if right is None:
            continue
        ladder = [outcome(s, v, ruleset, discarder) for v in values(ruleset, discarder is None)]
        index = next(i for i, o in enumerate(ladder) if o.value == right.value)
        if index == 0 and rng.random() < 0.8:
            continue  # "any win will do" teaches little: keep a few
        low = max(0, min(index - rng.randrange(0, 3), len(ladder) - 4))
        shown = ladder[low:low + 4]
        return Question(
            kind="alllast", key=key,
            prompt=_prompt(s, discarder, target, lang),
            hand="",
            facts=_facts(s, ruleset, lang),
            choices=choices([(payment_text(o, s), value_label(o, s, lang)) for o in shown]),
            answer=frozenset({payment_text(right, s)}),
            multi=False,
            explanation=_explanation(s, right, short, discarder, target, ruleset, lang),
            claims=tuple(Claim("final_place", request={"scores": o.scores, "seat": s.seat},
                               expected=o.ranks[s.seat])
                         for o in (right, short) if o is not None),
            situation={"scores": list(s.scores), "honba": s.honba, "sticks": s.sticks,
                       "seat": s.seat, "discarder": discarder, "target": target},
        )
    raise RuntimeError("no all-last question found")


def _rank(s: Situation, ruleset: Ruleset) -> int:
    from engine.results import final_results

    return final_results(s.scores, ruleset)[s.seat].rank


def _prompt(s: Situation, discarder: int | None, target: int, lang: str) -> str:
    how = (text("how.tsumo", lang) if discarder is None else
           text("how.ron", lang).format(who=player_name(s, discarder, lang)))
    return text("alllast.prompt", lang).format(how=how, place=place_name(target, lang))


def _facts(s: Situation, ruleset: Ruleset, lang: str) -> tuple[str, ...]:
    order = sorted(range(SEATS), key=lambda seat: (-s.scores[seat], seat))
    standings = ", ".join(f"{player_name(s, seat, lang)} {s.scores[seat]:,}" for seat in order)
    return (
        text("alllast.where", lang).format(round=wind_name(s.round_wind, lang),
                                           honba=s.honba, sticks=s.sticks, rules=ruleset.id),
        standings,
        tie_rule(ruleset, lang),
    )


def _explanation(s: Situation, right: Outcome, short: Outcome | None, discarder: int | None,
                 target: int, ruleset: Ruleset, lang: str) -> tuple[str, ...]:
    lines = []
    above = [seat for seat in range(SEATS)
             if seat != s.seat and s.scores[seat] >= s.scores[s.seat]]
    gaps = ", ".join(f"{player_name(s, seat, lang)} {s.scores[seat] - s.scores[s.seat]:,}"
                     for seat in sorted(above, key=lambda seat: s.scores[seat]))
    lines.append(text("alllast.gaps", lang).format(gaps=gaps))
    extra = text("alllast.extra", lang).format(
        honba=s.honba, honba_points=ruleset.honba_value * s.honba, sticks=s.sticks,
        stick_points=sum(p.amount for p in right.payments if p.reason == "sticks"))
    lines.append(extra)
    lines.append(text("alllast.right", lang).format(value=value_label(right, s, lang))
                 + _moves(right, s, lang))
    if short is not None:
        lines.append(text("alllast.short", lang).format(value=value_label(short, s, lang))
                     + _moves(short, s, lang))
    else:
        lines.append(text("alllast.any", lang))
    if discarder is not None and discarder in above:
        lines.append(text("alllast.direct", lang))
    return tuple(lines)
