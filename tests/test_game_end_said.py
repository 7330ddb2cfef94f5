"""Every change of score is said: Tenhou hands the riichi sticks left at the end to
first place, and the final screen says so (issue 19: 41,900 on the draw screen,
42,900 on the final one, and no line saying why)."""

from __future__ import annotations

import asyncio
import io

from rich.console import Console

from ai import LEVELS
from engine.driver import play_game
from engine.events import GameEnded, HandEnded
from engine.game import Game
from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui.screens.game_end import game_end_sections, game_ending


def _render(renderable) -> str:  # type: ignore[no-untyped-def]
    out = io.StringIO()
    Console(file=out, width=160, color_system=None).print(renderable)
    return out.getvalue()


def test_sticks_left_at_the_end_going_to_first_place_are_said() -> None:
    ruleset = load_preset("tenhou")
    game = Game.new(ruleset, 11)  # ends with two riichi sticks on the table
    asyncio.run(play_game(game, [LEVELS["easy"](s, 11) for s in range(4)]))
    last = [e for e in game.events if isinstance(e, HandEnded)][-1]
    final = game.events[-1]
    assert isinstance(final, GameEnded) and last.sticks == 2
    ending = game_ending(game.events, ruleset, Timeline.of(game))
    first = max(range(4), key=lambda s: final.scores[s] - last.scores[s])
    assert ending.moved_at_end[first] == 2000 and sum(ending.moved_at_end) == 2000
    names = ("You", "shimocha", "toimen", "kamicha")
    text = _render(game_end_sections(final, ruleset, names, "en", False, ending.moved_at_end))
    assert f"go to first place: {names[first]} +2,000" in text, text
    ja = _render(game_end_sections(final, ruleset, names, "ja", False, ending.moved_at_end))
    assert "供託" in ja and "+2,000" in ja


def test_no_line_where_nothing_moved_at_the_end() -> None:
    ruleset = load_preset("wrc")  # leftover sticks stay unclaimed
    game = Game.new(ruleset, 3)
    asyncio.run(play_game(game, [LEVELS["easy"](s, 3) for s in range(4)]))
    assert game_ending(game.events, ruleset, Timeline.of(game)).moved_at_end == ()
