"""The all-last drill's answer against a brute force written apart from the rules
code: every han and fu a hand can have, paid by the textbook formulas, the points
after the win and the places counted by hand (ties as the ruleset says)."""

from __future__ import annotations

import pytest

from rules.ruleset import load_preset
from tui.learn.drills import make_question

PRESETS = ("wrc", "jpm", "gifu", "renmei_classic")
SEEDS = range(30)
DEALER = 3


def _base(han: int, fu: int, r) -> int:
    """Basic points by the textbook: fu x 2^(han+2), the limits by han."""
    if r.scoring_model == "classic":
        return min(fu * 2 ** han, r.classic_cap)
    if han >= r.limit_sanbaiman_han:
        return 6000
    if han >= r.limit_baiman_han:
        return 4000
    if han >= r.limit_haneman_han:
        return 3000
    if han >= r.limit_mangan_han:
        return 2000
    base = fu * 2 ** (han + 2)
    if base == 1920 and ((han == 4 and r.kiriage_30_4) or (han == 3 and r.kiriage_60_3)):
        return 2000
    return min(base, 2000)


def _up(amount: int, r) -> int:
    step = r.payment_rounding
    return -(-amount // step) * step if step else amount


def _all_values(r, tsumo: bool) -> set[int]:
    """Every basic-points value of a win: han 1-13 by fu 20-70, and a yakuman."""
    found = {8000 if r.scoring_model != "classic" else r.classic_cap}
    for han in range(max(1, r.min_yaku_han), 14):
        for fu in (20, 25, 30, 40, 50, 60, 70):
            if fu == 20 and not (tsumo and han >= 2):
                continue
            if fu == 25 and han < (3 if tsumo else 2):
                continue
            found.add(_base(han, fu, r))
    return found


def _after(scores: list[int], seat: int, discarder: int | None, base: int, honba: int,
           sticks: int, r) -> tuple[list[int], str]:
    out = scores[:]
    extra = r.honba_value * honba
    if discarder is not None:
        pay = _up(4 * base, r)
        out[discarder] -= pay + extra
        out[seat] += pay + extra
        text = str(pay)
    else:
        child, dealer = _up(base, r), _up(2 * base, r)
        for other in range(4):
            if other != seat:
                each = (dealer if other == DEALER else child) + extra // 3
                out[other] -= each
                out[seat] += each
        text = f"{child}/{dealer}"
    out[seat] += 1000 * sticks if r.riichi else 0
    return out, text


def _place(scores: list[int], seat: int, r) -> int:
    if r.rank_tie == "seat_order":
        return 1 + sum(1 for o in range(4) if o != seat and
                       (scores[o] > scores[seat] or (scores[o] == scores[seat] and o < seat)))
    return 1 + sum(1 for o in range(4) if scores[o] > scores[seat])


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_cheapest_win_agrees_with_brute_force(preset, seed):
    r = load_preset(preset)
    assert r.extension == "none" and r.bust == "none"  # the game always ends on the win
    q = make_question("alllast", seed, r)
    s = q.situation
    scores, seat, discarder = s["scores"], s["seat"], s["discarder"]
    assert seat != DEALER and _place(scores, seat, r) > s["target"]
    assert sum(scores) == 4 * r.starting_points - 1000 * s["sticks"]
    enough = []
    for base in sorted(_all_values(r, discarder is None)):
        after, text = _after(scores, seat, discarder, base, s["honba"], s["sticks"], r)
        if _place(after, seat, r) <= s["target"]:
            enough.append(text)
    assert enough, "the drill asked for a place no win reaches"
    assert q.answer == {enough[0]}
    values = [c.value for c in q.choices]
    assert len(values) == len(set(values)) == 4 and enough[0] in values


def test_a_direct_hit_counts_twice_and_ties_follow_the_ruleset():
    """Seen in the explanation: a ron off a player above is called a direct hit, and
    a win that ends level with someone says so."""
    found = {"direct": False, "tie": False}
    for seed in range(200):
        q = make_question("alllast", seed, load_preset("wrc"))
        text = "\n".join(q.explanation)
        found["direct"] |= "direct hit" in text
        found["tie"] |= "tied with" in text
    assert all(found.values())
