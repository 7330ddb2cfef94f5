"""The price a prompt shows before a win ("Ron 6s: riichi, ippatsu, dora 1 = 8,000") is
the engine's figure: the view carries every public situational flag (ippatsu, double
riichi, rinshan, chankan, haitei/houtei, tenhou/chiihou); only ura dora wait for the win.
"""

from __future__ import annotations

import asyncio

import pytest

from engine.actions import Ron, Tsumo
from engine.driver import play_game
from engine.events import Won
from engine.game import Game
from engine.player_view import PlayerView
from rules.ruleset import PRESET_IDS, load_preset
from rules.scoring import ScoreResult
from tui.table_text import price


class WinTaker:
    """Takes every win at once, after noting the price the table would show for it."""

    def __init__(self, seat: int, quotes: dict):
        from ai import LEVELS

        self.bot = LEVELS["greedy"](seat, seat)
        self.quotes = quotes

    async def decide(self, view: PlayerView, legal):
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                tile = view.drawn if isinstance(action, Tsumo) else view.offered
                concealed = list(view.hand)
                if isinstance(action, Tsumo):
                    concealed.remove(tile)
                key = (view.seat, tile, tuple(sorted(concealed)), view.melds[view.seat])
                self.quotes[key] = price(view, concealed, tile, tsumo=isinstance(action, Tsumo))
                return action
        return await self.bot.decide(view, legal)


def _without_ura(result: dict) -> tuple[int, int, tuple[str, ...]]:
    return (
        result["han"] - result["dora"]["ura"],
        result["fu"],
        tuple(sorted(y["id"] for y in result["yaku"])),
    )


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_the_price_shown_before_a_win_is_the_engines_figure(preset):
    checked = 0
    for seed in range(4):
        quotes: dict = {}
        game = Game.new(load_preset(preset), seed)
        asyncio.run(play_game(game, [WinTaker(s, quotes) for s in range(4)]))
        for won in game.events:
            if not isinstance(won, Won):
                continue
            # A ron that lost to a head bump was quoted too; only the applied wins count.
            quote = quotes[(won.winner, won.win_tile, tuple(sorted(won.concealed)), won.melds)]
            assert isinstance(quote, ScoreResult)
            shown = (quote.han, quote.fu, tuple(sorted(y.id for y in quote.yaku)))
            assert shown == _without_ura(won.result), (preset, seed, won)
            checked += 1
    assert checked > 10
