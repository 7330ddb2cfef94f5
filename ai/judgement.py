"""One judgement of a discard against threats: what `hard` plays, what the hint
(`ai.suggest`) says and what the review (`ai.review`) weighs, all from here.

Push or fold by expected value, the frame the strong public bots' documentation
describes (Mortal and akochan estimate each action's value; mjai-manue weighs a
win chance times the hand's value against a deal-in chance times the loss):

    push = P(win) x (hand value + sticks on the table) - loss(tile) - the loss of
           the risky discards still to come - (1 - P(win)) x tsumo share
    fold = - loss(tile) - tsumo share

(the tsumo share: what one pays when a threat wins by tsumo while one folds; a
win of one's own ends the hand before that.)

`loss(tile)` is the tile's expected loss against every threat (`ai.danger`:
tenpai chance x deal-in chance x value). The hand value is read the same way for
every option: the scorer's exact value of the waits when the discard leaves the
hand tenpai, and otherwise the plan's expected han counting only the dora the
plan can keep (a tanyao hand will throw its terminal dora, and the discarded
tile is gone). A far or cheap hand folds with the safest tile; a close valuable
hand pushes, and takes the safer of two equally good tiles.

`SERIOUS` is the one threshold at which a threat switches the weighing on, for
the player and for the review's words alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from rules.tiles import is_yaochuu

from .common import Context, Option
from .danger import Threat, danger_table
from .value import han_points, hand_after, meld_shapes, rough_han, scale_of, wait_value

SERIOUS = 0.4  # a threat this likely to be tenpai switches on the push/fold weighing
# Loss per further risky discard, as a share of the threats' value. Tuned in the arena
# (hard vs three jansou SmartEfficiencyAgents, tenhou rules, 50 duplicate sets, seeds
# 1000-1049): 0.01 dealt in 11.2% of hands (placement 2.435 +- 0.085), 0.005 12.4%
# (2.450 +- 0.087), the human range being ~11-13% (main's hard: 10.2%, seeds 1000-1099).
PRESS = 0.005
TENPAI_HAZARD = 0.0135  # win chance per live wait tile per go-around
NEXT_UKEIRE = 20  # typical improving tiles one step further out
TENPAI_WAITS = 5  # typical live waits once tenpai
FAR = 2  # options further than this from the most efficient one are not weighed
TSUMO = 0.35  # chance a riichi wins by tsumo over a whole hand while one folds


@dataclass(frozen=True, slots=True)
class Weighed:
    """One discard as the judgement sees it."""

    option: Option
    value: float  # points the hand is worth if it wins
    win: float  # chance it wins if pushed on
    loss: float  # expected loss of the tile now (points)
    push: float  # expected value of playing on after it
    fold: float  # expected value of giving the hand up with it

    @property
    def ev(self) -> float:
        return max(self.push, self.fold)

    @property
    def pushing(self) -> bool:
        return self.push >= self.fold


@dataclass(frozen=True, slots=True)
class Judgement:
    """The weighing of one decision: each weighed option and the chosen one."""

    threats: tuple[Threat, ...]  # the threats as weighed (placement weights applied)
    rows: tuple[Weighed, ...]
    chosen: Weighed

    def row(self, kind: int) -> Weighed | None:
        return next((r for r in self.rows if r.option.kind == kind), None)


def serious(threats: Sequence[Threat]) -> bool:
    return any(t.level >= SERIOUS for t in threats)


def judge(
    ctx: Context,
    threats: Sequence[Threat],
    options: Sequence[Option],
    attack: Option,
    own_w: float = 1.0,
    threat_w: float = 1.0,
) -> Judgement:
    """Weigh `options` (a level's ranked discards; `attack` its choice without a
    threat) against `threats`. `own_w`, `threat_w` scale the hand's and the
    threats' values (placement at all-last)."""
    weighed = tuple(replace(t, value=t.value * threat_w) for t in threats)
    loss = danger_table(ctx, list(weighed), [o.kind for o in options])
    pressure = sum(t.level * t.value for t in weighed) * PRESS
    turns = max(ctx.view.tiles_left / 4.0, 0.5)
    unseen_total = max(sum(ctx.unseen), 1)
    pot = 1000 * ctx.view.sticks + 300 * ctx.view.honba
    folded = fold_cost(ctx, weighed, turns)
    rows: list[Weighed] = []
    best: tuple[float, float, Weighed] | None = None
    for o in options:
        if o.eff_shanten > attack.eff_shanten + FAR:
            continue
        value = hand_value(ctx, o) * own_w
        p = p_win(o.eff_shanten, o.ukeire, turns, unseen_total) if value > 0 else 0.0
        steps = o.eff_shanten + 1.5 if o.eff_shanten >= 0 else 0.0
        push = p * (value + pot) - (1 - p) * folded - loss[o.kind] - pressure * steps
        w = Weighed(o, value, p, loss[o.kind], push, -folded - loss[o.kind])
        rows.append(w)
        key = (w.ev, o.score if o.eff_shanten == attack.eff_shanten else -99.0)
        if best is None or key > best[:2]:
            best = (key[0], key[1], w)
    assert best is not None, "the attacking option is always weighed"
    return Judgement(weighed, tuple(rows), best[2])


def fold_cost(ctx: Context, threats: Sequence[Threat], turns: float) -> float:
    """What folding still costs: the threats' tsumo wins, which one pays a share of
    (a half as dealer, a third or a quarter otherwise), more likely the more of the
    hand is left. A win of one's own stops them, so a push saves this in part."""
    view = ctx.view
    share = 0.5 if view.seat == view.dealer else 0.3
    left = min(1.0, turns / 12.0)
    return sum(t.level * TSUMO * left * t.value * share for t in threats if t.level >= SERIOUS)


def hand_value(ctx: Context, o: Option) -> float:
    """Points of the hand if it wins after discarding `o.kind`: the scorer's value of
    the live waits when tenpai (ron only where not furiten), else the plan's
    expected han with the dora it can keep."""
    view = ctx.view
    if o.shanten == 0 and o.eff_shanten == 0 and o.improving:
        hand13 = hand_after(view.hand, o.kind)
        riichi = ctx.riichi_possible
        own_river = {e.tile.kind for e in view.rivers[view.seat]} | {o.kind}
        every = view.ruleset.furiten_scope == "all_waits" and bool(own_river & set(o.improving))
        total = n = 0.0
        for w in o.improving:
            left = ctx.unseen[w]
            if left:
                ron, tsumo = wait_value(ctx, hand13, w, riichi)
                if every or w in own_river:  # furiten: no ron
                    ron = 0
                total += left * (0.6 * ron + 0.4 * tsumo)
                n += left
        if n:
            return total / n
    counts = list(ctx.counts)
    counts[o.kind] -= 1
    melds = meld_shapes(view.melds[view.seat])
    han = rough_han(ctx, counts, melds, o.plan) - ctx.dora_in_hand() + kept_dora(ctx, counts, o)
    return han_points(han, view.seat == view.dealer, scale_of(ctx))


def kept_dora(ctx: Context, counts: Sequence[int], o: Option) -> int:
    """Dora the hand still holds after the discard and can keep along its plan:
    the melds', the concealed ones (a tanyao plan throws terminals and honors), the
    red fives left, the Norths set aside (kita)."""
    view = ctx.view
    dora = ctx.dora
    tanyao = o.plan == "tanyao"
    n = sum(dora[k] * c for k, c in enumerate(counts) if c and not (tanyao and is_yaochuu(k)))
    for m in view.melds[view.seat]:
        n += sum(dora[t.kind] for t in m.tiles)
    if view.ruleset.dora:
        red = [t for t in view.hand if t.red]
        gone = next((t for t in red if t.kind == o.kind), None)
        plain_left = sum(1 for t in view.hand if t.kind == o.kind and not t.red)
        n += len(red) - (1 if gone is not None and not plain_left else 0)
        n += sum(t.red for m in view.melds[view.seat] for t in m.tiles)
    return n + ctx.kita_dora()


def p_win(shanten: int, ukeire: int, turns: float, unseen_total: int) -> float:
    """Chance the hand wins if pushed to the end, from its shanten and live tiles."""
    return _p_win(shanten, ukeire, int(turns + 0.5), max(5, unseen_total // 5 * 5))


@lru_cache(maxsize=65536)
def _p_win(shanten: int, ukeire: int, turns: int, unseen_total: int) -> float:
    if shanten < 0:
        return 1.0
    if turns <= 0:
        return 0.0
    if shanten == 0:
        return 1.0 - (1.0 - min(0.9, TENPAI_HAZARD * ukeire)) ** turns
    draw = min(0.9, ukeire / unseen_total)
    # the first improvement on draw i, then the rest of the way from there
    total = 0.0
    miss = 1.0
    nxt = TENPAI_WAITS if shanten == 1 else NEXT_UKEIRE
    for i in range(1, turns + 1):
        total += miss * draw * _p_win(shanten - 1, nxt, turns - i, unseen_total)
        miss *= 1.0 - draw
    return total


__all__ = [
    "SERIOUS",
    "Judgement",
    "Weighed",
    "fold_cost",
    "hand_value",
    "judge",
    "kept_dora",
    "p_win",
    "serious",
]
