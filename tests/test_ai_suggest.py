"""The hint API: `ai.suggest(view, legal, level) -> (action, reasons)`."""

from __future__ import annotations

import asyncio

import pytest
from test_ai_units import _riichi_table, make_view, turn_legal

from ai import suggest
from ai.hard import HardPlayer
from engine.actions import Discard
from engine.driver import play_game
from engine.game import Game
from rules.ruleset import load_preset
from rules.tiles import parse_tile


def test_suggests_the_efficient_discard_with_shanten_and_ukeire():
    view = make_view("123m456p789s11z24s", drawn="9p")
    action, reasons = suggest(view, turn_legal(view), "easy")
    assert isinstance(action, Discard) and action.tile == parse_tile("9p")
    assert reasons[0].startswith("Suggested: discard 9p")
    assert any("tenpai" in r and "3s" in r for r in reasons)
    assert any(r.startswith("discard 2s: 1-shanten") or "1-shanten" in r for r in reasons)


def test_hard_explains_the_danger():
    view = _riichi_table("1379m1379p1379s5m", "5p", "1z2z3z4z5p", tiles_left=45)
    action, reasons = suggest(view, turn_legal(view))
    assert action == Discard(0, parse_tile("5p"))
    text = "\n".join(reasons)
    assert "5p against the riichi of South (shimocha, on your right) — genbutsu" in text
    assert "fold" in text


def test_riichi_reasons():
    view = make_view("123m456p789s23s55z", drawn="9m")
    action, reasons = suggest(view, turn_legal(view), "normal")
    assert action == Discard(0, parse_tile("9m"), riichi=True)
    assert reasons[0] == "Suggested: discard 9m and declare riichi"
    assert any(r.startswith("riichi:") for r in reasons)


def test_unknown_level_and_empty_legal_are_errors():
    view = make_view("123m456p789s23s55z", drawn="9m")
    with pytest.raises(ValueError, match="unknown level"):
        suggest(view, turn_legal(view), "expert")
    with pytest.raises(ValueError):
        suggest(view, [])


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_suggest_answers_every_decision_of_a_game_legally(level):
    """Used as a player: every suggestion is legal and comes with reasons."""

    class Hinted:
        def __init__(self, seat):
            self.player = HardPlayer(seat, 0) if level == "hard" else None

        async def decide(self, view, legal):
            action, reasons = suggest(view, legal, level, player=self.player)
            assert action in legal and reasons and reasons[0].startswith("Suggested: ")
            return action

    game = Game.new(load_preset("wrc"), 77)
    asyncio.run(play_game(game, [Hinted(s) for s in range(4)]))
    assert game.is_over
