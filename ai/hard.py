"""`hard`: normal's attack plus defence and placement.

Once a threat is likely tenpai (a riichi, three or more calls), every discard
is valued as the better of two plans (`ai.danger` prices the tile):
- push: the chance to win from where the discard leaves the hand (shanten, live
  tiles, draws left; `p_win`) x what the hand is worth, minus the tile's
  expected loss and a small charge for the risky discards still to come;
- fold: minus the tile's expected loss.
So a far or cheap hand folds with genbutsu, then suji, kabe and one-chance
tiles, honors in sight; a close valuable hand pushes, and takes the safer of two
equally good tiles. Without such a threat it discards exactly like `normal`.

The weights were tuned in duplicate self-play against `normal` (the same walls
with the seats swapped): charging much for future risky discards made `hard`
fold hands that win often enough against players who never fold, and lost to
`normal`; with the small charge it beats it.

It also calls less under threat, does not kan into a riichi, and at all-last
(オーラス) weighs placement: the leader defends harder and may stay silent
(noten) at a draw as dealer to end the game; the last-placed player pushes
harder, since a deal-in costs it no place.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.actions import Action, Pass, ShowTenpai

from .common import Context, Option
from .danger import (
    RiverMemory,
    Threat,
    assess,
    danger_table,
    danger_words,
)
from .normal import CallPlan, NormalPlayer
from .player_view import PlayerView
from .reasons import Reason, Shanten, Term, Tiles
from .value import han_points, hand_after, meld_shapes, rough_han, scale_of, wait_value

_SERIOUS = 0.4  # a threat this likely to be tenpai switches on the push/fold weighing
_PRESS = 0.01  # loss per further risky discard, as a share of the threats' value
_TENPAI_HAZARD = 0.0135  # win chance per live wait tile per go-around
_NEXT_UKEIRE = 20  # typical improving tiles one step further out
_TENPAI_WAITS = 5  # typical live waits once tenpai


class HardPlayer(NormalPlayer):
    level = "hard"
    dama_against_riichi = False

    def __init__(self, seat: int = 0, seed: int = 0):
        super().__init__(seat, seed)
        self.memory = RiverMemory()
        # The threats of the decision being made: the kan check, the discard and
        # every call plan of one decision ask for them, and they do not change
        # within it (the context is held, so its identity is never reused).
        self._threats: tuple[Context, list[Threat]] | None = None

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        self.memory.observe(view)
        return super().choose(view, legal)

    # ------------------------------------------------------------------ placement
    def standing(self, view: PlayerView) -> tuple[bool, int, list[int]]:
        """(all-last, own rank 1-4, scores)."""
        r = view.ruleset
        last_round = 1 if r.game_length == "hanchan" else 3
        all_last = view.round_wind == last_round and view.hand_number == 3
        scores = list(view.scores)
        me = view.seat

        def order(s: int) -> tuple[int, int]:  # ties go to the seat nearer the dealer
            return scores[s], -((s - view.dealer) % 4)

        rank = 1 + sum(1 for s in range(4) if s != me and order(s) > order(me))
        return all_last, rank, scores

    def declare(self, view: PlayerView, legal: list[Action]) -> Action:
        all_last, rank, scores = self.standing(view)
        if all_last and rank == 1 and view.seat == view.dealer:
            second = max(s for i, s in enumerate(scores) if i != view.seat)
            noten = view.ruleset.noten_payment  # the most a lone noten player pays
            if scores[view.seat] - noten > second + noten:
                self.note(Reason("silent_leader",
                                 "stay silent (noten) as the leading dealer at all-last:"
                                 " the game ends"))
                return next(a for a in legal if isinstance(a, Pass))
        return next(a for a in legal if isinstance(a, ShowTenpai))

    def weights(self, ctx: Context) -> tuple[float, float]:
        """(own value factor, threat factor) from the placement at all-last."""
        all_last, rank, _ = self.standing(ctx.view)
        if not all_last:
            return 1.0, 1.0
        if rank == 1:
            return 0.6, 1.6
        if rank == 4:
            return 1.3, 0.5
        return 1.0, 1.0

    # ------------------------------------------------------------------ discard
    def pick(self, ctx: Context, options: list[Option]) -> Option:
        attack = super().pick(ctx, options)
        threats = self.threats(ctx)
        serious = [t for t in threats if t.level >= _SERIOUS]
        if not serious:
            return attack
        own_w, threat_w = self.weights(ctx)
        if threat_w != 1.0:
            threats = [replace(t, value=t.value * threat_w) for t in threats]
        kinds = [o.kind for o in options]
        danger = danger_table(ctx, threats, kinds)
        # average loss of an unknown tile while pushing on
        pressure = sum(t.level * t.value for t in threats) * _PRESS
        turns = max(ctx.view.tiles_left / 4.0, 0.5)
        unseen_total = max(sum(ctx.unseen), 1)
        best: tuple[float, float, Option] | None = None
        rows = []
        for o in options:
            if o.eff_shanten > attack.eff_shanten + 2:
                continue
            value = self.value_after(ctx, o) * own_w
            p = p_win(o.eff_shanten, o.ukeire, turns, unseen_total)
            steps = o.eff_shanten + 1.5 if o.eff_shanten >= 0 else 0
            push = p * value - danger[o.kind] - pressure * steps
            fold = -danger[o.kind]
            u = max(push, fold)
            rows.append((o, push, fold, value, p))
            key = (u, o.score if o.eff_shanten == attack.eff_shanten else -99.0)
            if best is None or key > best[:2]:
                best = (key[0], key[1], o)
        assert best is not None
        chosen = best[2]
        if self.notes is not None:
            self._explain(ctx, threats, chosen, attack, rows, danger)
        return chosen

    def value_after(self, ctx: Context, o: Option) -> float:
        """Rough points of the hand if it wins after discarding `o.kind`."""
        view = ctx.view
        scale = scale_of(ctx)
        dealer = view.seat == view.dealer
        if o.shanten == 0 and o.eff_shanten == 0 and o.improving:
            hand13 = hand_after(view.hand, o.kind)
            riichi = ctx.riichi_possible
            total = n = 0.0
            for w in o.improving:
                left = ctx.unseen[w]
                if left:
                    ron, tsumo = wait_value(ctx, hand13, w, riichi)
                    total += left * (0.6 * ron + 0.4 * tsumo)
                    n += left
            if n:
                return total / n
        counts = list(ctx.counts)
        counts[o.kind] -= 1
        melds = meld_shapes(view.melds[view.seat])
        han = rough_han(ctx, counts, melds, o.plan)
        return han_points(han, dealer, scale)

    def _explain(self, ctx, threats, chosen, attack, rows, danger) -> None:
        serious = [t for t in threats if t.level >= _SERIOUS]
        for t in serious:
            from .explain import seat_words

            who = seat_words(t.seat, ctx.view.seat, ctx.view.dealer)
            self.note(Reason(
                "threat", "threat: {who} — {why} (tenpai chance ~{chance}, ~{points} points)",
                who=who, why=Term(t.why), chance=f"{t.level:.0%}", points=int(t.value),
            ))
        row = next(r for r in rows if r[0] is chosen)
        mode = "push" if row[1] >= row[2] else "fold"
        if mode == "fold":
            self.note(Reason(
                "fold", "fold: the hand is {shanten} and worth ~{points}; the safest tile beats"
                " pushing", shanten=Shanten(chosen.eff_shanten), points=int(row[3]),
            ))
        else:
            self.note(Reason(
                "push", "push: {shanten}, win chance ~{chance} for ~{points}",
                shanten=Shanten(chosen.eff_shanten), chance=f"{row[4]:.0%}", points=int(row[3]),
            ))
        self.notes.extend(danger_words(ctx, threats, chosen.kind))  # type: ignore[union-attr]
        if chosen.kind != attack.kind:
            self.note(Reason(
                "efficient_instead", "the most efficient discard would be {tile}"
                " (expected loss ~{points} points)",
                tile=Tiles((attack.kind,)), points=int(danger[attack.kind]),
            ))

    # ------------------------------------------------------------------ calls, kans
    def threats(self, ctx: Context) -> list[Threat]:
        """`assess` of this decision, worked out once (the list is shared: not to be
        changed)."""
        cached = self._threats
        if cached is not None and cached[0] is ctx:
            return cached[1]
        threats = assess(ctx, self.memory)
        self._threats = (ctx, threats)
        return threats

    def _max_threat(self, ctx: Context) -> float:
        return max((t.level for t in self.threats(ctx)), default=0.0)

    def call_ok(self, ctx: Context, p: CallPlan, now: int, now_uk: int) -> bool:
        if not super().call_ok(ctx, p, now, now_uk):
            return False
        threat = self._max_threat(ctx)
        if threat >= 0.6 and p.eff >= 1:
            self.note(Reason("no_call_threat",
                             "no call: a threat is on the table and the hand would still be far"))
            return False
        return not (threat >= 0.3 and p.eff >= 2)

    def kans_allowed(self, ctx: Context) -> bool:
        return self._max_threat(ctx) < 0.6

    def want_riichi(self, ctx: Context, o: Option) -> bool:
        all_last, rank, _ = self.standing(ctx.view)
        if all_last and rank == 1:
            left, dama, _ = self.waits_summary(ctx, o)
            if dama > 0 and left >= 1:
                self.note(Reason("dama_leader",
                                 "dama at all-last as the leader: any win ends the game on top"))
                return False
        return super().want_riichi(ctx, o)


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
        return 1.0 - (1.0 - min(0.9, _TENPAI_HAZARD * ukeire)) ** turns
    draw = min(0.9, ukeire / unseen_total)
    # the first improvement on draw i, then the rest of the way from there
    total = 0.0
    miss = 1.0
    nxt = _TENPAI_WAITS if shanten == 1 else _NEXT_UKEIRE
    for i in range(1, turns + 1):
        total += miss * draw * _p_win(shanten - 1, nxt, turns - i, unseen_total)
        miss *= 1.0 - draw
    return total


def make(seat: int, seed: int) -> HardPlayer:
    return HardPlayer(seat, seed)
