"""The result screen's wording (issue 19, "Silent"): the player's own win reads
"You win", never "You (East 東) wins"."""

from __future__ import annotations

import asyncio

from ai import LEVELS
from engine.driver import play_game
from engine.events import Won
from engine.game import Game
from rules.ruleset import load_preset
from tui.result_text import hand_context, win_headline

NAMES = ("You", "shimocha", "toimen", "kamicha")


def _wins():
    for seed in range(1, 6):
        game = Game.new(load_preset("wrc"), seed)
        asyncio.run(play_game(game, [LEVELS["easy"](s, seed) for s in range(4)]))
        yield from ((game, e) for e in game.events if isinstance(e, Won))


def test_your_own_win_reads_you_win_and_others_keep_their_names() -> None:
    mine = others = 0
    for game, won in _wins():
        for lang in ("en", "ja"):
            names = NAMES if lang == "en" else ("自家", "下家", "対面", "上家")
            line = win_headline(won, hand_context(won, game, names, lang), lang)
            assert "wins" not in line or won.winner != 0, line
            if won.winner == 0:
                mine += 1
                if lang == "en":
                    assert line.startswith("You win by "), line
                assert not line.startswith(("You (", "自家 (")), line
            else:
                others += 1
                if lang == "en":
                    assert " wins by " in line or " robs " in line, line
    assert mine and others
