"""Baseline opponents: the permanent tsumogiri bot and a shanten-greedy bot.

Both are deterministic (no randomness at all), so the same seed always gives
the same game. They see only their seat view (read as a `PlayerView`) and answer with one of the
legal actions they were given, like every other player.
"""

from __future__ import annotations

from engine.actions import Action, Discard, Pass, Pon, Ron, ShowTenpai, Tsumo
from engine.player_view import PlayerView, reading
from engine.seat_view import SeatView
from rules.shanten import shanten
from rules.tiles import DRAGONS
from rules.waits import ukeire

from .common import kita_of, kita_pays


def _win(legal: list[Action]) -> Action | None:
    for action in legal:
        if isinstance(action, Tsumo | Ron):
            return action
    return None


class _Baseline:
    """What both baselines share: win whenever legal, declare tenpai at a draw,
    and otherwise make their own choice (`_choose`)."""

    def __init__(self, seat: int = 0, seed: int = 0):
        self.seat = seat

    sees_seat_view = True  # decides from its `SeatView` alone (`engine.driver.ViewPlayer`)

    async def decide(
        self, view: SeatView | PlayerView, legal: list[Action] | None = None
    ) -> Action:
        """A host seat's answer from its seat view (or from a `PlayerView` and its legal list)."""
        return self.choose(*reading(view, legal))

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        win = _win(legal)
        if win is not None:
            return win
        if isinstance(legal[0], ShowTenpai):
            return legal[0]
        kita = kita_of(legal)
        if kita is not None and kita_pays(view):
            return kita
        return self._choose(view, legal)

    def _choose(self, view: PlayerView, legal: list[Action]) -> Action:
        raise NotImplementedError


class TsumogiriPlayer(_Baseline):
    """Discards the drawn tile, never calls, never declares riichi, wins whenever it can.

    The permanent baseline of `sim`: it exercises draws, claims windows, furiten
    and every way a hand can end while costing almost nothing per decision.
    """

    def _choose(self, view: PlayerView, legal: list[Action]) -> Action:
        drawn = view.drawn
        if drawn is not None:
            # The offered object itself (not an equal copy), so the engine matches it
            # by identity; tiles compared by identity first (the engine shares them),
            # which skips the dataclass's Python `__eq__` on every other discard.
            for action in legal:
                if type(action) is Discard and action.tile is drawn and not action.riichi:
                    return action
            for action in legal:
                if type(action) is Discard and action.tile == drawn and not action.riichi:
                    return action
        for action in legal:
            if isinstance(action, Pass):
                return action
        return next(a for a in legal if isinstance(a, Discard))


class GreedyPlayer(_Baseline):
    """Shanten-greedy: the discard that leaves the lowest shanten, then the most
    unseen tiles that improve the hand; riichi whenever it may; wins whenever it
    can; pons value tiles (yakuhai) only, so an open hand keeps a yaku."""

    def _choose(self, view: PlayerView, legal: list[Action]) -> Action:
        if any(isinstance(a, Pass) for a in legal):
            return self._claim(view, legal)
        discards = [a for a in legal if isinstance(a, Discard)]
        if len(discards) == 1:
            return discards[0]
        return self._discard(view, discards)

    def _claim(self, view: PlayerView, legal: list[Action]) -> Action:
        value = {*DRAGONS, view.seat_wind, view.round_wind_kind}
        for action in legal:
            if isinstance(action, Pon) and action.tiles[0].kind in value:
                return action
        return next(a for a in legal if isinstance(a, Pass))

    def _discard(self, view: PlayerView, discards: list[Discard]) -> Action:
        """The allowed discard first in `discard_options` order (lowest shanten, then
        most tiles left that improve the hand, then lowest kind), computed lazily:
        the shanten of every discard is a memo look-up, but ukeire is a pass over
        all 34 draws, so only the discards tied at the lowest shanten pay for it."""
        melds = len(view.melds[view.seat])
        chiitoitsu = view.ruleset.seven_pairs
        counts = view.counts()
        allowed = sorted({d.tile.kind for d in discards})
        after: dict[int, int] = {}
        for kind in allowed:
            counts[kind] -= 1
            after[kind] = shanten(counts, melds, chiitoitsu=chiitoitsu)
            counts[kind] += 1
        best_shanten = min(after.values())
        tied = [kind for kind in allowed if after[kind] == best_shanten]
        best = tied[0]
        if len(tied) > 1:
            visible = view.visible_counts()
            best_total = -1
            for kind in tied:  # ascending, so a tie keeps the lowest kind
                counts[kind] -= 1
                total = sum(
                    left for _, left in ukeire(counts, melds, visible, chiitoitsu=chiitoitsu)
                )
                counts[kind] += 1
                if total > best_total:
                    best, best_total = kind, total
        for d in discards:
            if d.riichi and d.tile.kind == best:
                return d
        plain = [d for d in discards if d.tile.kind == best and not d.riichi]
        # Keep a red five when an ordinary copy can go instead.
        plain.sort(key=lambda d: d.tile.red)
        return plain[0]
