"""Chips (祝儀, RULESETS.md §8.5) on the launch screen's house-rules panel (issue 19):
offered with the values the ruleset data gives them (Tenhou's chip lobby), taken by
the game as the `--rule 'chips={...}'` override is, and paid at the table."""

from __future__ import annotations

from test_tui_pilot import screen_text, settle

from rules.ruleset import chip_lobby, parse_override
from tui.app import MahjongApp
from tui.house_rules import chosen, cycle
from tui.screens.house_rules import HouseRulesScreen
from tui.screens.launch import LaunchScreen


def test_chips_cycle_through_the_rulesets_values_and_off():
    rules = cycle((), "chips")
    assert chosen(rules) == {"chips": chip_lobby("tenhou")["chips"]}
    key, value = parse_override(rules[0])  # `--rule` reads back what the panel writes
    assert (key, value) == ("chips", chip_lobby("tenhou")["chips"])
    assert chosen(cycle(rules, "chips")) == {"chips": False}
    assert cycle(cycle(rules, "chips"), "chips") == ()


async def test_chips_chosen_on_the_panel_reach_the_game(tmp_path):
    app = MahjongApp(delay=0, data_dir=tmp_path, seed=77, ai="easy")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        assert "chips" in screen_text(app)
        await pilot.press(*["down"] * 6, "enter")  # chips: the seventh rule; preset -> on
        await pilot.pause()
        text = screen_text(app)
        assert "red five 1, ura dora 1, ippatsu 1, yakuman 5" in text, text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        await pilot.press("enter")
        table = await settle(pilot)
        assert table is not None
        ruleset = table.app.table_host.game.ruleset
        assert dict(ruleset.chips) == chip_lobby("tenhou")["chips"]


def test_a_seat_view_of_a_game_with_chips_names_its_ruleset():
    """The house rule travels in a seat's view as TOML text (a table is not hashable);
    the AI reading the view gets the chips back, not a refused rule."""
    from engine.fold import ruleset_of
    from engine.game import Game
    from engine.seat_view import build_seat_view
    from rules.ruleset import resolve

    chips = chip_lobby("tenhou")["chips"]
    ruleset = resolve("wrc", list(cycle((), "chips")))
    game = Game(ruleset, 5)
    view = build_seat_view(game, 0)
    assert dict(ruleset_of(view).chips) == chips
