"""Snapshots of the result, game-end, rules-reference and help screens.

Fixed data only: the events come from the scripted games of `test_tui_results`
(fixed walls, autopilot opponents), never from the AI, so a snapshot changes only
when these screens, the engine's results or Textual change. Sizes: the
comfortable 120x40 and the compact 80x24. Update with `--snapshot-update` and
read the SVG text before accepting.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_tui_results import (
    classic_game,
    draw_game,
    jpml_tie_end,
    ron_game,
    tsumo_game,
    wrc_end,
)
from textual.app import App
from textual.screen import Screen

from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui.result_text import hand_context
from tui.screens.game_end import GameEndScreen, game_ending
from tui.screens.hand_result import HandResultScreen
from tui.screens.help import HelpScreen
from tui.screens.rules_reference import RulesReferenceScreen

WIDE = (120, 40)
COMPACT = (80, 24)


class ScreenApp(App):
    """Shows one screen over an empty app, as the table would push it."""

    def __init__(self, make: Callable[[], Screen]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


def result_of(scenario) -> Callable[[], Screen]:
    def make() -> Screen:
        game, event = scenario()
        return HandResultScreen(event, hand_context(event, game))

    return make


def game_end_of(scenario) -> Callable[[], Screen]:
    def make() -> Screen:
        game, event = scenario()
        return GameEndScreen(event, game_ending(game.events, game.ruleset, Timeline.of(game)))

    return make


SCREENS: dict[str, Callable[[], Screen]] = {
    "ron_wrc": result_of(ron_game),
    "tsumo_jpm": result_of(tsumo_game),
    "draw_tenpai_payments": result_of(draw_game),
    "renmei_classic_ron": result_of(classic_game),
    "game_end_wrc_uma": game_end_of(wrc_end),
    "game_end_jpml_float_tie": game_end_of(jpml_tie_end),
    "rules_reference_wrc": lambda: RulesReferenceScreen(load_preset("wrc")),
    "help": lambda: HelpScreen(),
}

COMPACT_SCREENS = (
    "ron_wrc",
    "draw_tenpai_payments",
    "game_end_wrc_uma",
    "rules_reference_wrc",
    "help",
)


@pytest.mark.parametrize("name", list(SCREENS))
def test_wide(snap_compare, name):
    assert snap_compare(ScreenApp(SCREENS[name]), terminal_size=WIDE)


@pytest.mark.parametrize("name", COMPACT_SCREENS)
def test_compact(snap_compare, name):
    assert snap_compare(ScreenApp(SCREENS[name]), terminal_size=COMPACT)


def test_rules_reference_scrolled_to_the_end(snap_compare):
    assert snap_compare(
        ScreenApp(SCREENS["rules_reference_wrc"]), press=["end"], terminal_size=WIDE
    )
