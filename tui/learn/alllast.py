"""The all-last drill (オーラス): the cheapest win that moves the player up a place.

    situation = all_last_situation(rng, ruleset)
    found = cheapest(situation, ruleset, discarder=2, target=2)   # ron off seat 2

The answer is the project's own arithmetic, never a table of this module: the
scorer's base points (`rules.scoring.hand_base`), the engine's payments of a win
(honba and riichi sticks included), whether the win ends the game and the final
places with the ruleset's tie rule, all asked of the engine
(`engine.win_outcome`: the referee's settlement, ending and results). Seats count from the first
dealer, so the all-last dealer is seat 3 and the player is one of seats 0-2 (a
dealer's win would go on to another hand).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.win_outcome import Payment, last_round_wind, places, win_outcome
from rules.ruleset import Ruleset
from rules.scoring import STICK_VALUE, DoraCount, Payments, ScoreResult, hand_base

DEALER = 3  # the last hand's dealer: the fourth seat from the first dealer
SEATS = 4
_FU = (30, 40, 25, 20, 50, 60, 70)  # the fu hands usually have, commonest first
_MAX_HAN = 13


@dataclass(frozen=True, slots=True)
class Situation:
    """The last hand of the game, before it is played."""

    scores: tuple[int, ...]  # by seat from the first dealer
    honba: int
    sticks: int  # riichi sticks on the table
    seat: int  # the player's seat (never the dealer)
    round_wind: int  # 0 East .. 3 North: the last round of the game length

    def wind(self, seat: int) -> int:
        """0 East .. 3 North: the seat's wind in this hand."""
        return (seat - DEALER) % SEATS


@dataclass(frozen=True, slots=True)
class Value:
    """One hand value: the cheapest han and fu (or limit) that pay it."""

    han: int
    fu: int
    yakuman: int
    base: int
    limit: str | None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one win does: the payments, the points after, the places, whether it ends."""

    value: Value
    payments: tuple[Payment, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    over: bool


def possible(han: int, fu: int, tsumo: bool) -> bool:
    """Whether a closed or open hand can have this han and fu: 20 fu only on a pinfu
    tsumo (2 han at least), 25 fu only for seven pairs (2 han, 3 with tsumo)."""
    if fu == 20:
        return tsumo and han >= 2
    if fu == 25:
        return han >= (3 if tsumo else 2)
    return True


def values(ruleset: Ruleset, tsumo: bool) -> list[Value]:
    """Every distinct hand value a non-dealer can win, cheapest first, each with the
    fewest fu (then han) that pay it (2 han 30 fu rather than 1 han 60 fu: the
    common hand); a yakuman last."""
    found: dict[int, Value] = {}
    for fu in _FU:
        for han in range(max(1, ruleset.min_yaku_han), _MAX_HAN + 1):
            if not possible(han, fu, tsumo):
                continue
            base, limit = hand_base(han, fu, ruleset)
            if base not in found:
                found[base] = Value(han, fu, 0, base, limit)
    base, limit = hand_base(0, 0, ruleset, yakuman=1)
    found.setdefault(base, Value(0, 0, 1, base, limit))
    return [found[b] for b in sorted(found)]


def outcome(s: Situation, value: Value, ruleset: Ruleset, discarder: int | None) -> Outcome:
    """The payments, points and places after the player wins `value` (ron off
    `discarder`, or tsumo when None)."""
    result = ScoreResult(value.han, value.fu, (), DoraCount(), value.yakuman, value.limit, (),
                         Payments(None, None, None, 0, 0, 0), value.base, "standard", "")
    found = win_outcome(ruleset, s.scores, result, round_wind=s.round_wind, dealer=DEALER,
                        honba=s.honba, sticks=s.sticks, winner=s.seat, discarder=discarder)
    return Outcome(value, found.payments, found.scores, found.ranks, found.over)


def cheapest(s: Situation, ruleset: Ruleset, discarder: int | None,
             target: int) -> tuple[Outcome | None, Outcome | None]:
    """(the cheapest win that ends the game with the player in place `target` or
    better, the most expensive one short of it): None where there is none."""
    short = None
    for value in values(ruleset, tsumo=discarder is None):
        found = outcome(s, value, ruleset, discarder)
        if found.over and found.ranks[s.seat] <= target:
            return found, short
        short = found
    return None, short


def payment_text(o: Outcome, s: Situation) -> str:
    """The hand's payment without honba or sticks: '3900' (ron), '1000/2000' (tsumo:
    from each non-dealer / from the dealer)."""
    hand = {p.payer: p.amount for p in o.payments if p.reason == "hand"}
    if len(hand) == 1:
        return str(next(iter(hand.values())))
    child = next(amount for payer, amount in hand.items() if payer != DEALER)
    return f"{child}/{hand[DEALER]}"


def all_last_situation(rng: random.Random, ruleset: Ruleset) -> Situation:
    """Random points (summing to the starting total less the sticks on the table),
    honba and sticks; the player is not first."""
    start = ruleset.starting_points
    step = 100 if start >= 10_000 else 10
    spread = start * 2 // 5 // step
    while True:
        sticks = rng.choice([0, 0, 1, 1, 2, 3]) if ruleset.riichi else 0
        honba = rng.choice([0, 0, 1, 1, 2, 3])
        scores = [start + rng.randint(-spread, spread) * step for _ in range(SEATS - 1)]
        scores.append(SEATS * start - STICK_VALUE * sticks - sum(scores))
        if min(scores) <= 0:
            continue
        seat = rng.randrange(SEATS - 1)
        rank = places(scores, ruleset)[seat]
        if rank == 1:
            continue
        return Situation(tuple(scores), honba, sticks, seat, last_round_wind(ruleset))
