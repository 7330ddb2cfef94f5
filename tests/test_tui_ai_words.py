"""The AI's reasons in the player's language: every key and term the levels use in a
seeded game has a Japanese wording, and `--lang ja` shows it (issue 5 "Words")."""

from __future__ import annotations

import asyncio

import pytest

from ai import suggest
from ai.hard import HardPlayer
from ai.reasons import Reason, Term
from engine.driver import play_game
from engine.game import Game
from rules.ruleset import load_preset
from tui.table_text import reason_text
from tui.words import AI_REASONS, AI_TERMS


def _reasons_of_a_game(preset: str, seed: int) -> list[Reason]:
    seen: list[Reason] = []

    class Hinted:
        def __init__(self, seat):
            self.player = HardPlayer(seat, seed)

        async def decide(self, view, legal):
            action, reasons = suggest(view, legal, "hard", player=self.player)
            seen.extend(reasons)
            for level in ("easy", "normal"):
                seen.extend(suggest(view, legal, level)[1])
            return action

    asyncio.run(play_game(Game.new(load_preset(preset), seed), [Hinted(s) for s in range(4)]))
    return seen


def _terms(reason: Reason):
    for value in reason.fields.values():
        if isinstance(value, Reason):
            yield from _terms(value)
        elif isinstance(value, Term) and value:
            yield str(value)


@pytest.mark.parametrize(("preset", "seed"), [("wrc", 5), ("jpml", 6)])
def test_every_reason_the_ai_gives_has_a_japanese_wording(preset, seed):
    reasons = _reasons_of_a_game(preset, seed)
    assert reasons and all(isinstance(r, Reason) for r in reasons)
    keys = {r.key for r in reasons} | {
        v.key for r in reasons for v in r.fields.values() if isinstance(v, Reason)
    }
    assert keys - AI_REASONS.keys() == set()
    terms = {t for r in reasons for t in _terms(r)}
    assert terms - AI_TERMS.keys() == set()
    assert len(keys) >= 8  # the game exercised a fair part of the vocabulary


def test_lang_ja_words_a_reason_in_japanese_and_en_keeps_the_ais_english():
    from ai.reasons import Shanten, Tiles

    option = Reason("option", "discard {tile}: {shanten}, {count} tiles improve ({tiles}{more})",
                    tile=Tiles((27,)), shanten=Shanten(1), count=20, tiles=Tiles((9, 10)),
                    more=Term(""))
    best = Reason("best", "best by efficiency and value: {option}", option=option)
    assert reason_text(best, "en") == str(best) == (
        "best by efficiency and value: discard East: 1-shanten, 20 tiles improve (1p 2p)"
    )
    assert reason_text(best, "ja") == (
        "効率と打点で最善: 打 東 East: 1向聴 1-shanten、有効牌 20枚 (1p 2p)"
    )
