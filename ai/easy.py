"""`easy`: tile efficiency and nothing else.

Discards to leave the lowest shanten, then the most unseen tiles that improve
the hand (ukeire counts the copies it can see elsewhere); among equal tiles it
lets go of honors and terminals first. Wins whenever a win is legal, declares
riichi as soon as it may on the efficient discard, and calls only to pon a
value tile it holds a pair of (so an open hand always has a yaku).
"""

from __future__ import annotations

from engine.actions import Action, Ankan, Pon

from .common import (
    BasePlayer,
    Context,
    Option,
    discards_by_kind,
    efficiency_options,
    pass_of,
    preferences,
    shape,
    tile_preference,
)
from .option_reasons import describe_option
from .reasons import Reason, Tiles


class EasyPlayer(BasePlayer):
    level = "easy"

    def claim(self, ctx: Context, legal: list[Action]) -> Action:
        for action in legal:
            if isinstance(action, Pon) and action.tiles[0].kind in ctx.yakuhai:
                self.note(Reason("pon_value", "pon {tile}: a value tile triplet is a yaku",
                                 tile=Tiles((action.tiles[0].kind,))))
                return action
        return pass_of(legal)

    def turn(self, ctx: Context, legal: list[Action]) -> Action:
        plain, riichi = discards_by_kind(legal)
        for action in legal:
            if isinstance(action, Ankan) and self._ankan_ok(ctx, action.kind, plain):
                self.note(Reason("ankan_free", "ankan of {tile}: the quad is not part of a"
                                 " sequence", tile=Tiles((action.kind,))))
                return action
        if not plain:
            return next(a for a in legal if not isinstance(a, Ankan))
        options = efficiency_options(ctx, list(plain))
        pref = preferences(ctx.yakuhai)
        best = min(options, key=lambda o: (o.shanten, -o.ukeire, pref[o.kind], o.kind))
        if self.notes is not None:
            ranked = sorted(options, key=lambda o: self._key(o, ctx))
            for o in ranked[:3]:
                self.note(describe_option(o))
        if best.kind in riichi:
            self.note(Reason("riichi_closed", "riichi: the hand is tenpai and closed"))
            return riichi[best.kind][0]
        return plain[best.kind][0]

    @staticmethod
    def _key(o: Option, ctx: Context) -> tuple:
        return (o.shanten, -o.ukeire, tile_preference(o.kind, ctx.yakuhai), o.kind)

    def _ankan_ok(self, ctx: Context, kind: int, plain: dict) -> bool:
        if ctx.view.riichi[ctx.view.seat]:
            return True  # the engine offers it after riichi only when the waits stay
        counts = list(ctx.counts)
        counts[kind] = 0
        after, _ = shape(bytes(counts), ctx.melds + 1, False)
        packed = bytearray(ctx.counts)
        packed[kind] -= 1
        now, _ = shape(bytes(packed), ctx.melds, ctx.chiitoitsu and ctx.melds == 0)
        return after <= now


def make(seat: int, seed: int) -> EasyPlayer:
    return EasyPlayer(seat, seed)
