"""Baseline opponents: the permanent tsumogiri bot and a shanten-greedy bot.

Both are deterministic (no randomness at all), so the same seed always gives
the same game. They see only their `PlayerView` and answer with one of the
legal actions they were given, like every other player.
"""

from __future__ import annotations

from engine.actions import Action, Discard, Pass, Pon, Ron, ShowTenpai, Tsumo
from engine.view import PlayerView
from rules.tiles import DRAGONS
from rules.waits import discard_options


def _win(legal: list[Action]) -> Action | None:
    for action in legal:
        if isinstance(action, Tsumo | Ron):
            return action
    return None


class TsumogiriPlayer:
    """Discards the drawn tile, never calls, never declares riichi, wins whenever it can.

    The permanent baseline of `sim`: it exercises draws, claims windows, furiten
    and every way a hand can end while costing almost nothing per decision.
    """

    def __init__(self, seat: int = 0, seed: int = 0):
        self.seat = seat

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        return self.choose(view, legal)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        win = _win(legal)
        if win is not None:
            return win
        first = legal[0]
        if isinstance(first, ShowTenpai):
            return first
        if view.drawn is not None:
            tsumogiri = Discard(view.seat, view.drawn)
            if tsumogiri in legal:
                return tsumogiri
        for action in legal:
            if isinstance(action, Pass):
                return action
        return next(a for a in legal if isinstance(a, Discard))


class GreedyPlayer:
    """Shanten-greedy: the discard that leaves the lowest shanten, then the most
    unseen tiles that improve the hand; riichi whenever it may; wins whenever it
    can; pons value tiles (yakuhai) only, so an open hand keeps a yaku."""

    def __init__(self, seat: int = 0, seed: int = 0):
        self.seat = seat

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        return self.choose(view, legal)

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        win = _win(legal)
        if win is not None:
            return win
        first = legal[0]
        if isinstance(first, ShowTenpai):
            return first
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
        melds = len(view.melds[view.seat])
        chiitoitsu = view.ruleset.chiitoitsu != "none"
        options = discard_options(
            view.counts(), melds, view.visible_counts(), chiitoitsu=chiitoitsu
        )
        allowed = {d.tile.kind for d in discards}
        riichi = {d.tile.kind: d for d in discards if d.riichi}
        for option in options:
            if option.kind not in allowed:
                continue
            if option.kind in riichi:
                return riichi[option.kind]
            plain = [d for d in discards if d.tile.kind == option.kind and not d.riichi]
            # Keep a red five when an ordinary copy can go instead.
            plain.sort(key=lambda d: d.tile.red)
            return plain[0]
        return discards[0]  # pragma: no cover - every legal discard has an option
