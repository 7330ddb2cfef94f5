"""Navigation is the app's: screens post messages, a `Navigator` app opens screens.

The screens the table owns never push another screen themselves (a source
check); a result is shown by the app and awaited through the message's future;
an app that does not handle the messages opens nothing (so the handler, not the
screen, did it).
"""

from __future__ import annotations

import ast
from pathlib import Path

from test_tui_results import ron_game
from textual.app import App
from textual.screen import Screen

from rules.ruleset import load_preset
from tui.navigation import Navigator, OpenHelp, OpenRules, ShowResult
from tui.result_text import hand_context
from tui.screens.hand_result import HandResultScreen

SCREENS = Path(__file__).resolve().parent.parent / "tui" / "screens"
OWNED = ("table.py", "replay.py", "hand_result.py", "game_end.py", "help.py")


def pushes(source: str) -> list[int]:
    """Lines that call `push_screen` or `switch_screen`."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("push_screen", "switch_screen")
    ]


def test_the_check_sees_a_push() -> None:
    assert pushes("self.app.push_screen(X())") == [1]
    assert pushes("self.post_message(OpenRules(r))") == []


def test_the_table_screens_post_messages_instead_of_pushing_screens() -> None:
    found = {name: pushes((SCREENS / name).read_text(encoding="utf-8")) for name in OWNED}
    assert found == {name: [] for name in OWNED}


class Blank(Screen[None]):
    pass


class NavHost(Navigator, App[None]):
    def on_mount(self) -> None:
        self.push_screen(Blank())


class PlainHost(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Blank())


async def test_the_app_opens_what_a_screen_asks_for() -> None:
    for host, opens in ((NavHost(), True), (PlainHost(), False)):
        async with host.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            host.screen.post_message(OpenRules(load_preset("wrc")))
            await pilot.pause()
            assert (type(host.screen).__name__ == "RulesReferenceScreen") is opens
            if opens:
                await pilot.press("escape")
                await pilot.pause()
            host.screen.post_message(OpenHelp("ja"))
            await pilot.pause()
            assert (type(host.screen).__name__ == "HelpScreen") is opens


async def test_a_result_is_shown_by_the_app_and_awaited_until_closed() -> None:
    game, won = ron_game()
    app = NavHost()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = ShowResult(won, hand_context(won, game))
        app.screen.post_message(shown)
        await pilot.pause()
        assert isinstance(app.screen, HandResultScreen)
        assert not shown.done.done()
        await pilot.press("enter")
        await pilot.pause()
        assert shown.done.done() and isinstance(app.screen, Blank)
