"""`normal`: efficiency plus value.

- Discards by yaku-aware shanten (`ai.value.plan_shanten`: an open hand must
  keep a reachable yaku), then ukeire, with a price on giving up dora, a value
  tile pair or triplet; among tenpai discards, the one whose waits are worth most
  (unseen copies x the scorer's value of each wait).
- Calls only when the call keeps or creates a yaku and lowers that shanten:
  value-tile pons readily, tanyao / honitsu / toitoi calls when they bring the
  hand close (or the hand is already open). Never calls into a hand with no yaku.
- Riichi judgment: riichi when the wait has live tiles and the hand needs riichi
  for its value or its yaku; stays dama with a big hand and a good wait, or late
  with a poor one. No riichi at all where the ruleset has none.
- Kans when they cost nothing: an ankan that keeps the shanten, a kakan of a tile
  the hand would discard anyway.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Ankan, Chi, Discard, Kakan, Pon
from rules.tiles import is_yaochuu

from .common import (
    BasePlayer,
    Context,
    Option,
    discards_by_kind,
    efficiency_options,
    pass_of,
    preferences,
    shape,
)
from .option_reasons import describe_option
from .reasons import Reason, Shanten, Term, Tiles
from .value import (
    NO_YAKU,
    MeldShape,
    hand_after,
    meld_shapes,
    plan_allows,
    plan_shanten,
    scale_of,
    wait_value,
)


class CallPlan:
    """A call and where it leaves the hand."""

    __slots__ = ("action", "eff", "plan", "ukeire", "yakuhai")

    def __init__(self, action: Chi | Pon, eff: int, plan: str, ukeire: int, yakuhai: bool):
        self.action = action
        self.eff = eff
        self.plan = plan
        self.ukeire = ukeire
        self.yakuhai = yakuhai


class NormalPlayer(BasePlayer):
    level = "normal"
    # Against a riichi, a tenpai hand that already has a yaku stays dama (free to fold):
    # a cautious player's habit. `hard` weighs push and fold itself and turns it off.
    dama_against_riichi = True

    # ------------------------------------------------------------------ turn
    def turn(self, ctx: Context, legal: list[Action]) -> Action:
        plain, riichi = discards_by_kind(legal)
        if ctx.view.riichi[ctx.view.seat]:
            for a in legal:
                if isinstance(a, Ankan):
                    self.note(Reason("ankan_riichi",
                                     "ankan after riichi: the waits stay the same, one more dora"))
                    return a
            return next(a for a in legal if isinstance(a, Discard))
        options = self.rank(ctx, list(plain), riichi)
        kan = self.kan_choice(ctx, legal, options)
        if kan is not None:
            return kan
        best = self.pick(ctx, options)
        if self.notes is not None:
            ranked = sorted(options, key=lambda o: (o.eff_shanten, -o.score))
            self.note(Reason("best", "best by efficiency and value: {option}",
                             option=describe_option(ranked[0])))
            for o in ranked[1:3]:
                self.note(Reason("alternative", "alternative: {option}",
                                 option=describe_option(o)))
        if best.kind in riichi and self.want_riichi(ctx, best):
            return riichi[best.kind][0]
        if best.kind in riichi:
            self.note(Reason("no_riichi", "no riichi: dama keeps the hand flexible here"))
        return plain[best.kind][0]

    def rank(self, ctx: Context, kinds: Sequence[int], riichi: dict) -> list[Option]:
        yaku_plans = ctx.opened and ctx.needs_yaku
        options = efficiency_options(ctx, kinds, slack=2 if yaku_plans else 0)
        melds = meld_shapes(ctx.view.melds[ctx.view.seat])
        counts = list(ctx.counts)
        for o in options:
            counts[o.kind] -= 1
            if yaku_plans:
                o.eff_shanten, o.plan = plan_shanten(ctx, counts, melds, True)
                if o.plan in ("tanyao", "honitsu"):
                    suit = _flush_suit(counts) if o.plan == "honitsu" else None
                    o.ukeire = sum(
                        ctx.unseen[k] for k in o.improving if plan_allows(o.plan, k, ctx, suit)
                    )
            else:
                o.plan = "closed" if ctx.closed else "free"
            counts[o.kind] += 1
            o.score = self.value_score(ctx, o)
        best = min(o.eff_shanten for o in options)
        if best == 0:
            for o in options:
                if o.eff_shanten == 0 and o.shanten == 0:
                    o.score = self.tenpai_score(ctx, o, o.kind in riichi)
        return options

    def value_score(self, ctx: Context, o: Option) -> float:
        k = o.kind
        held = ctx.counts[k]
        s = float(o.ukeire)
        dora = ctx.dora[k]
        if dora:
            s -= 3.0 * dora
        if held >= 2 and k in ctx.yakuhai:
            s -= 6.0 if held == 2 else 20.0
        if not ctx.opened and is_yaochuu(k) and ctx.view.ruleset.kuitan:
            s += 0.5  # lean towards tanyao
        s += (7 - preferences(ctx.yakuhai)[k]) * 0.05
        return s

    def tenpai_score(self, ctx: Context, o: Option, riichi: bool) -> float:
        """Expected value of the waits after this discard, in thousands of points."""
        view = ctx.view
        hand13 = hand_after(view.hand, o.kind)
        own_river = {e.tile.kind for e in view.rivers[view.seat]} | {o.kind}
        furiten = view.ruleset.furiten_scope == "all_waits" and bool(own_river & set(o.improving))
        total = 0.0
        scale = scale_of(ctx) * 1000
        for w in o.improving:
            left = ctx.unseen[w]
            if not left:
                continue
            ron, tsumo = wait_value(ctx, hand13, w, riichi)
            if furiten or (w in own_river):
                ron = 0
            total += left * (0.6 * ron + 0.4 * tsumo) / scale
        return total

    def pick(self, ctx: Context, options: list[Option]) -> Option:
        return min(options, key=lambda o: (o.eff_shanten, -o.score, o.kind))

    # ------------------------------------------------------------------ riichi
    def waits_summary(self, ctx: Context, o: Option) -> tuple[int, float, float]:
        """(unseen waits, average dama ron value, average riichi ron value)."""
        view = ctx.view
        hand13 = hand_after(view.hand, o.kind)
        left = dama = rii = 0.0
        for w in o.improving:
            n = ctx.unseen[w]
            if not n:
                continue
            d, _ = wait_value(ctx, hand13, w, False)
            r, _ = wait_value(ctx, hand13, w, True)
            left += n
            dama += n * d
            rii += n * r
        if not left:
            return 0, 0.0, 0.0
        return int(left), dama / left, rii / left

    def want_riichi(self, ctx: Context, o: Option) -> bool:
        left, dama, rii = self.waits_summary(ctx, o)
        view = ctx.view
        waits = Tiles(o.improving)
        if left == 0:
            self.note(Reason("no_riichi_dead", "no riichi: every wait ({waits}) is already out"
                             " of sight", waits=waits))
            return False
        dealer = view.seat == view.dealer
        scale = scale_of(ctx)
        if dama == 0:
            if left <= 2 and view.tiles_left > 40:
                self.note(Reason("dama_thin_early", "dama: only {count} tile(s) wait ({waits});"
                                 " early enough to improve it", count=left, waits=waits))
                return False
            self.note(Reason("riichi_no_yaku", "riichi: no yaku without it; {count} tiles wait"
                             " ({waits})", count=left, waits=waits))
            return True
        big = 3900 * scale * (1.5 if dealer else 1.0)
        if self.dama_against_riichi and any(view.riichi[s] for s in range(4) if s != view.seat):
            self.note(Reason("dama_against_riichi", "dama: the hand has a yaku and someone is in"
                             " riichi; stay free to fold"))
            return False
        if dama >= big and left >= 3:
            self.note(Reason("dama_big", "dama: already worth about {points} with {count} tiles"
                             " waiting", points=int(dama), count=left))
            return False
        if view.tiles_left <= 12 and left <= 3:
            self.note(Reason("dama_late", "dama: late in the hand with a thin wait"))
            return False
        self.note(Reason("riichi_value", "riichi: {count} tiles wait ({waits}); riichi lifts the"
                         " hand to about {points}", count=left, waits=waits, points=int(rii)))
        return True

    # ------------------------------------------------------------------ kans
    def kans_allowed(self, ctx: Context) -> bool:
        return True

    def kan_choice(self, ctx: Context, legal: list[Action], options: list[Option]) -> Action | None:
        kans = [a for a in legal if isinstance(a, Ankan | Kakan)]
        if not kans or not options or not self.kans_allowed(ctx):
            return None
        best = min(o.eff_shanten for o in options)
        by_kind = {o.kind: o for o in options}
        top = max(o.score for o in options if o.eff_shanten == best)
        melds = meld_shapes(ctx.view.melds[ctx.view.seat])
        for a in kans:
            if isinstance(a, Ankan):
                counts = list(ctx.counts)
                counts[a.kind] = 0
                after, _ = plan_shanten(ctx, counts, [*melds, (False, a.kind)], ctx.opened)
                if after <= best:
                    self.note(Reason("ankan", "ankan {tile}: the shanten stays, a rinshan draw,"
                                     " a dora", tile=Tiles((a.kind,))))
                    return a
            elif isinstance(a, Kakan):
                o = by_kind.get(a.tile.kind)
                if o is not None and o.eff_shanten == best and o.score >= top - 2:
                    self.note(Reason("kakan", "kakan {tile}: the tile is not needed anyway",
                                     tile=Tiles((a.tile.kind,))))
                    return a
        return None

    # ------------------------------------------------------------------ calls
    def claim(self, ctx: Context, legal: list[Action]) -> Action:
        plans = self.call_plans(ctx, legal)
        chosen = self.choose_call(ctx, plans)
        if chosen is not None:
            return chosen.action
        return pass_of(legal)

    def current(self, ctx: Context) -> tuple[int, str, int]:
        """(yaku-aware shanten, plan, ukeire) of the hand as it is (13 - 3m tiles)."""
        melds = meld_shapes(ctx.view.melds[ctx.view.seat])
        eff, plan = plan_shanten(ctx, ctx.counts, melds, ctx.opened)
        _, improving = shape(ctx.packed(), ctx.melds, ctx.chiitoitsu and ctx.melds == 0)
        return eff, plan, ctx.ukeire(improving)

    def call_plans(self, ctx: Context, legal: list[Action]) -> list[CallPlan]:
        view = ctx.view
        offered = view.offered
        if offered is None:
            return []
        melds = meld_shapes(view.melds[view.seat])
        out = []
        # Calls that differ only in a red five leave the same hand: work it out once.
        seen: dict[tuple[bool, tuple[int, ...]], tuple[int, int, str] | None] = {}
        for a in legal:
            if not isinstance(a, Chi | Pon):
                continue
            kinds = [t.kind for t in a.tiles]
            is_chi = isinstance(a, Chi)
            key = (is_chi, tuple(sorted(kinds)))
            if key in seen:
                best = seen[key]
            else:
                counts = list(ctx.counts)
                for k in kinds:
                    counts[k] -= 1
                run = sorted([*kinds, offered.kind])
                new_melds: list[MeldShape] = [*melds, (is_chi, run[0])]
                forbidden = _kuikae(view.ruleset.kuikae, offered.kind, run, is_chi)
                best = seen[key] = _best_after_call(ctx, counts, new_melds, forbidden)
            if best is None:
                continue
            yakuhai = isinstance(a, Pon) and offered.kind in ctx.yakuhai
            out.append(CallPlan(a, best[0], best[2], best[1], yakuhai))
        return out

    def choose_call(self, ctx: Context, plans: list[CallPlan]) -> CallPlan | None:
        if not plans:
            return None
        now, _, now_uk = self.current(ctx)
        good = []
        for p in plans:
            if ctx.needs_yaku and p.plan == "none":
                continue  # never into a hand with no yaku
            if p.eff >= NO_YAKU - 1 and ctx.needs_yaku and p.plan == "none":
                continue
            if self.call_ok(ctx, p, now, now_uk):
                good.append(p)
        if not good:
            if self.notes is not None and plans:
                self.note(Reason("pass_no_call", "pass: no call lowers the shanten ({shanten})"
                                 " while keeping a yaku", shanten=Shanten(now)))
            return None
        best = min(good, key=lambda p: (p.eff, -p.ukeire, not p.yakuhai))
        self.note(Reason(
            "call", "call {call} with {tiles}: {before} -> {after} with a yaku ({plan})",
            call=Term("chi" if isinstance(best.action, Chi) else "pon"),
            tiles=Tiles(t.kind for t in best.action.tiles), before=Shanten(now),
            after=Shanten(best.eff), plan=Term(best.plan),
        ))
        return best

    def call_ok(self, ctx: Context, p: CallPlan, now: int, now_uk: int) -> bool:
        if p.yakuhai:
            return p.eff < now or (p.eff == now and p.ukeire >= now_uk)
        if p.eff >= now:
            return False
        if ctx.opened or not ctx.needs_yaku:
            return True
        # A closed hand gives up riichi and menzen value: only when the call brings
        # the hand close, or towards a big open hand.
        if p.eff <= 1:
            return True
        return p.plan in ("honitsu", "toitoi") and p.eff <= 2


def _best_after_call(
    ctx: Context, counts: list[int], melds: list[MeldShape], forbidden: set[int]
) -> tuple[int, int, str] | None:
    """(yaku-aware shanten, ukeire, plan) after the call and the best discard: the
    lowest shanten, then the most ukeire, then the lowest kind.

    The shanten of every discard first (cheap), the ukeire (a draw scan) only for
    the discards that reach the lowest.
    """
    after: list[tuple[int, int, str]] = []
    for d in range(34):
        if not counts[d] or d in forbidden:
            continue
        counts[d] -= 1
        eff, plan = plan_shanten(ctx, counts, melds, True)
        counts[d] += 1
        after.append((d, eff, plan))
    if not after:
        return None
    low = min(eff for _, eff, _ in after)
    best: tuple[int, int, str] | None = None
    for d, eff, plan in after:
        if eff != low:
            continue
        counts[d] -= 1
        _, improving = shape(bytes(counts), len(melds), False)
        if plan == "tanyao" or plan == "honitsu":
            suit = _flush_suit(counts) if plan == "honitsu" else None
            uk = sum(ctx.unseen[k] for k in improving if plan_allows(plan, k, ctx, suit))
        else:  # every improving kind helps the other plans
            uk = ctx.ukeire(improving)
        counts[d] += 1
        if best is None or uk > best[1]:
            best = (eff, uk, plan)
    return best


def _flush_suit(counts: Sequence[int]) -> int:
    by_suit = [sum(counts[s * 9 : s * 9 + 9]) for s in range(3)]
    return max(range(3), key=by_suit.__getitem__)


def _kuikae(mode: str, called: int, run: list[int], is_chi: bool) -> set[int]:
    if mode != "forbidden":
        return set()
    out = {called}
    if is_chi:
        lo, hi = run[0], run[2]
        if called == lo and hi % 9 < 8:
            out.add(hi + 1)
        elif called == hi and lo % 9 > 0:
            out.add(lo - 1)
    return out


def make(seat: int, seed: int) -> NormalPlayer:
    return NormalPlayer(seat, seed)


__all__ = ["NormalPlayer", "make"]
