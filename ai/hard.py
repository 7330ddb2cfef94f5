"""`hard`: normal's attack plus defence and placement.

Once a threat is likely tenpai (a riichi, three or more calls), every discard
is weighed by `ai.judgement`, the one evaluation the hint and the review use too:
the better of pushing (win chance x what the hand is worth, minus the tile's
expected loss and the risky discards still to come) and folding (minus the
tile's expected loss and the share of a threat's tsumo one pays anyway). So a
far or cheap hand folds with genbutsu, then suji, kabe and one-chance tiles,
honors in sight; a close valuable hand pushes, and
takes the safer of two equally good tiles. Without such a threat it discards
exactly like `normal`. Everything it weighs comes from the view of the moment
(which discards came after a riichi included: `ai.danger.discard_order`), so a
fresh player asked for a hint chooses as the player that sat through the hand.

It also calls less under threat, does not kan into a riichi, and at all-last
(オーラス) weighs placement: the leader defends harder and may stay silent
(noten) at a draw as dealer to end the game; the last-placed player pushes
harder, since a deal-in costs it no place.
"""

from __future__ import annotations

from dataclasses import replace

from engine.actions import Action, Chi, Discard, Pass, Pon, ShowTenpai
from engine.player_view import PlayerView
from rules.hand import Meld, MeldKind, Source

from .common import Context, Option, discards_by_kind
from .danger import Threat, assess, danger_words
from .judgement import SERIOUS, Judgement, judge, p_win, serious
from .normal import CallPlan, NormalPlayer
from .normal import _kuikae as kuikae_kinds
from .option_reasons import seat_words
from .reasons import Reason, Shanten, Term, Tiles


class HardPlayer(NormalPlayer):
    level = "hard"
    dama_against_riichi = False

    def __init__(self, seat: int = 0, seed: int = 0):
        super().__init__(seat, seed)
        # The threats of the decision being made: the kan check, the discard and
        # every call plan of one decision ask for them, and they do not change
        # within it (the context is held, so its identity is never reused).
        self._threats: tuple[Context, list[Threat]] | None = None

    # ------------------------------------------------------------------ placement
    def standing(self, view: PlayerView) -> tuple[bool, int, list[int]]:
        """(all-last, own rank 1-4 (1-3 with three players), scores)."""
        r = view.ruleset
        last_round = 1 if r.game_length == "hanchan" else 3
        all_last = view.round_wind == last_round and view.hand_number == 3
        scores = list(view.scores)
        me = view.seat

        players = r.players  # with three, the empty seat 3 takes no place

        def order(s: int) -> tuple[int, int]:  # ties go to the seat nearer the dealer
            return scores[s], -((s - view.dealer) % players)

        rank = 1 + sum(1 for s in range(players) if s != me and order(s) > order(me))
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
        if rank == ctx.view.ruleset.players:  # last
            return 1.3, 0.5
        return 1.0, 1.0

    # ------------------------------------------------------------------ discard
    def pick(self, ctx: Context, options: list[Option]) -> Option:
        attack = super().pick(ctx, options)
        threats = self.threats(ctx)
        if not serious(threats):
            return attack
        own_w, threat_w = self.weights(ctx)
        judged = judge(ctx, threats, options, attack, own_w, threat_w)
        if self.notes is not None:
            self._explain(ctx, judged, attack)
        return judged.chosen.option

    def judgement(self, ctx: Context, legal: list[Action]) -> Judgement | None:
        """The weighing `pick` makes of this turn's discards, or None when no threat
        is serious (the review shows its figures for the played and suggested tiles)."""
        threats = self.threats(ctx)
        if not serious(threats):
            return None
        plain, riichi = discards_by_kind(legal)
        if not plain:
            return None
        options = self.rank(ctx, list(plain), riichi)
        attack = NormalPlayer.pick(self, ctx, options)
        own_w, threat_w = self.weights(ctx)
        return judge(ctx, threats, options, attack, own_w, threat_w)

    def _explain(self, ctx: Context, judged: Judgement, attack: Option) -> None:
        threats = list(judged.threats)
        for t in threats:
            if t.level < SERIOUS:
                continue
            who = seat_words(t.seat, ctx.view.seat, ctx.view.dealer, ctx.view.ruleset.players)
            self.note(Reason(
                "threat", "threat: {who} — {why} (tenpai chance ~{chance}, ~{points} points)",
                who=who, why=Term(t.why), chance=f"{t.level:.0%}", points=int(t.value),
            ))
        row = judged.chosen
        chosen = row.option
        if not row.pushing:
            self.note(Reason(
                "fold", "fold: the hand is {shanten} and worth ~{points}; the safest tile beats"
                " pushing", shanten=Shanten(chosen.eff_shanten), points=int(row.value),
            ))
        else:
            self.note(Reason(
                "push", "push: {shanten}, win chance ~{chance} for ~{points}",
                shanten=Shanten(chosen.eff_shanten), chance=f"{row.win:.0%}",
                points=int(row.value),
            ))
        self.notes.extend(danger_words(ctx, threats, chosen.kind))  # type: ignore[union-attr]
        if chosen.kind != attack.kind:
            other = judged.row(attack.kind)
            self.note(Reason(
                "efficient_instead", "the most efficient discard would be {tile}"
                " (expected loss ~{points} points)",
                tile=Tiles((attack.kind,)), points=int(other.loss if other else 0),
            ))

    # ------------------------------------------------------------------ calls, kans
    def threats(self, ctx: Context) -> list[Threat]:
        """`assess` of this decision, worked out once (the list is shared: not to be
        changed)."""
        cached = self._threats
        if cached is not None and cached[0] is ctx:
            return cached[1]
        threats = assess(ctx)
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
        if threat >= 0.3 and p.eff >= 2:
            return False
        return self.push_after_call(ctx, p)

    def push_after_call(self, ctx: Context, p: CallPlan) -> bool:
        """Under a serious threat, a call only where the judgement (`ai.judgement`) of
        the discard after it pushes at the shanten the call promised: a call made to
        fold afterwards spends safe tiles and value for nothing, and the hint must not
        offer a call whose next discard it would then advise against."""
        threats = self.threats(ctx)
        if not serious(threats):
            return True
        after = after_call_context(ctx, p.action)
        legal = [Discard(ctx.view.seat, t) for t in after.view.hand
                 if t.kind not in after.view.kuikae]
        plain, _ = discards_by_kind(legal)
        if not plain:
            return False
        options = self.rank(after, list(plain), {})
        attack = NormalPlayer.pick(self, after, options)
        own_w, threat_w = self.weights(after)
        judged = judge(after, threats, options, attack, own_w, threat_w)
        if judged.chosen.pushing and judged.chosen.option.eff_shanten <= p.eff:
            return True
        self.note(Reason("no_call_fold", "no call: after it the hand would fold against the"
                         " threat rather than play on"))
        return False

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


def after_call_context(ctx: Context, call: Chi | Pon) -> Context:
    """The decision after `call`: its tiles out of the hand into a new meld, the own
    turn to discard (the tiles kuikae forbids marked as the engine would)."""
    view = ctx.view
    offered = view.offered
    assert offered is not None
    hand = list(view.hand)
    for t in call.tiles:
        hand.remove(t)
    players = view.ruleset.players  # with three, the seat before is kamicha, after shimocha
    offset = (view.turn - view.seat) % players
    source = (
        Source.KAMICHA if offset == players - 1
        else Source.SHIMOCHA if offset == 1 else Source.TOIMEN
    )
    kind = MeldKind.CHI if isinstance(call, Chi) else MeldKind.PON
    meld = Meld(kind, (*call.tiles, offered), source, offered)
    melds = list(view.melds)
    melds[view.seat] = (*melds[view.seat], meld)
    run = sorted([*(t.kind for t in call.tiles), offered.kind])
    chi = kind is MeldKind.CHI
    forbidden = frozenset(kuikae_kinds(view.ruleset.kuikae, offered.kind, run, chi))
    after = replace(view, hand=tuple(hand), melds=tuple(melds), offered=None, phase="turn",
                    turn=view.seat, drawn=None, kuikae=forbidden, last_discard=None)
    return Context.of(after)


def make(seat: int, seed: int) -> HardPlayer:
    return HardPlayer(seat, seed)


__all__ = ["HardPlayer", "make", "p_win"]
