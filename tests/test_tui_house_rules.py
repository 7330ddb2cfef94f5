"""House rules at the table (issue #12): the launch screen's panel, the rules reference,
the saved log's overrides, the history, a resumed game, and a bad combination refused."""

from __future__ import annotations

import json

from test_tui_pilot import screen_text, settle

from engine.storage.save_store import SAVE_NAME
from engine.table_host import TableHost, hosted_game
from tui.app import MahjongApp
from tui.house_rules import HOUSE_RULES, WAITING_FOR_ENGINE, chosen, cycle, house_rules
from tui.screens.house_rules import HouseRulesScreen
from tui.screens.launch import LaunchScreen
from tui.screens.rules_reference import RulesReferenceScreen
from tui.screens.table import TableScreen


def test_cycling_goes_through_each_value_and_back_to_the_preset():
    rules: tuple[str, ...] = ("games_per_session=2",)
    seen = []
    for _ in range(4):
        rules = cycle(rules, "red_fives")
        seen.append(chosen(rules).get("red_fives", "preset"))
    assert seen == [0, 3, 4, "preset"]
    assert rules == ("games_per_session=2",)  # a --rule the panel does not offer stays
    assert cycle((), "kuitan") == ("kuitan=true",)
    assert cycle(("kuitan=true",), "kuitan") == ("kuitan=false",)
    assert cycle(("multiple_ron=\"multiple\"",), "multiple_ron") == ()


def test_the_panel_offers_the_common_rules_and_keeps_a_place_for_the_engines():
    keys = [rule.key for rule in HOUSE_RULES]
    assert keys == ["red_fives", "kuitan", "kiriage_30_4", "kazoe_yakuman",
                    "yakuman_stacking", "multiple_ron", "chips"]
    assert "nagashi_mangan" in {rule.key for rule in WAITING_FOR_ENGINE}


async def test_house_rules_chosen_on_the_panel_reach_the_game_its_save_and_its_resume(tmp_path):
    app = MahjongApp(delay=0, data_dir=tmp_path, seed=77, ai="easy")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert "House rules none" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, HouseRulesScreen)
        # red fives: preset -> 0 -> 3; open tanyao: preset -> yes -> no
        await pilot.press("enter", "enter", "down", "enter", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "red fives" in text and "3" + " " * 11 + "house rule" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert "House rules red_fives=3, kuitan=false" in screen_text(app)
        await pilot.press("enter")
        table = await settle(pilot)
        assert table is not None
        hosted = hosted_game(table.app.table_host)
        assert hosted.ruleset.red_fives == 3 and hosted.ruleset.kuitan is False
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RulesReferenceScreen)
        text = screen_text(app)
        assert "House rules" in text and "(this game's own, over the preset)" in text
        assert "kuitan" in text and "(preset: yes)" in text
        await pilot.press("escape")
        events = list(hosted_game(table.app.table_host).events)
        header = json.loads((tmp_path / SAVE_NAME).read_text().splitlines()[0])
        assert header["setup"]["overrides"] == {"red_fives": 3, "kuitan": False}
    # A new run resumes the game with its house rules.
    again = MahjongApp(delay=0, data_dir=tmp_path, seed=1)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # The launch screen remembers the panel's choice for the next new game.
        assert "House rules red_fives=3, kuitan=false" in screen_text(again)
        await pilot.press("r")
        table = await settle(pilot)
        assert table is not None
        hosted = hosted_game(table.app.table_host)
        assert hosted.events[: len(events)] == events
        assert set(house_rules(hosted.ruleset)) == {("red_fives", "3"), ("kuitan", "no")}
        assert set(again.config.rules) == {"red_fives=3", "kuitan=false"}


async def test_a_bad_combination_is_one_line_and_the_game_does_not_start(tmp_path):
    # classic_cap=0 fits a modern preset but not the classic one the player picks.
    app = MahjongApp(ruleset_id="renmei_classic", delay=0, data_dir=tmp_path,
                     rules=("classic_cap=0",))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        text = screen_text(app)
        assert "House rules refused: rule 'classic_cap'" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        assert not (tmp_path / SAVE_NAME).exists()
        # The panel says it too, on its own line.
        await pilot.press("u")
        await pilot.pause()
        assert "House rules refused" in screen_text(app)


async def test_a_game_with_house_rules_is_recorded_with_them(tmp_path):
    from test_tui_session import history_rows, short_game

    from ai.baseline import TsumogiriPlayer
    from tui.settings import GameConfig

    game = short_game(GameConfig("wrc", seed=3, rules=("kuitan=false", "red_fives=4")))
    app = MahjongApp(host=TableHost(game),
                     opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], delay=0,
                     data_dir=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        assert table is not None
        await pilot.press("t")
        for _ in range(10):
            await pilot.pause()
            if not app.is_running:
                break
            await pilot.press("enter")
    [row] = history_rows(tmp_path)
    assert row.overrides == {"kuitan": False, "red_fives": 4}
    assert row.session_key is None


async def test_a_session_games_kept_log_exports_with_its_house_rules(tmp_path):
    from test_tui_session import session_app, win_the_game

    from engine.storage.kept_games import games_dir
    from engine.storage.records import export, load

    app = session_app(tmp_path, ruleset_id="wrc", seed=4,
                      rules=("games_per_session=2", "kuitan=false"))
    async with app.run_test(size=(120, 40)) as pilot:
        await win_the_game(pilot)
    [kept] = games_dir(tmp_path).glob("*.jsonl")
    text, _ = export(load(kept), "mjai")
    start = json.loads(text.splitlines()[0])
    assert start["mahjong_tui"]["overrides"] == {"games_per_session": 2, "kuitan": False}


def test_the_remembered_house_rules_round_trip_and_bad_ones_are_dropped(tmp_path):
    from tui.house_rules import panel_rules
    from tui.settings import Settings, load_settings, save_settings

    save_settings(Settings(rules=("kuitan=false", "red_fives=0")), tmp_path)
    assert load_settings(tmp_path).rules == ("kuitan=false", "red_fives=0")
    (tmp_path / "settings.json").write_text('{"rules": [1, "x"], "ai": "easy"}')
    assert load_settings(tmp_path) == Settings(ai="easy")
    assert panel_rules(("classic_cap=0", "kuitan=false")) == ("kuitan=false",)
