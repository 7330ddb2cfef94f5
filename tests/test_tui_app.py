"""The app around the table: launch choices remembered, flags, the words the table
shows (events, prompts, why a key does nothing), the wall layout, small terminals."""

from __future__ import annotations

import json

import pytest
from test_tui_pilot import BOTS, SCENARIOS, game_app, settle

from engine.actions import Chi, Discard, Pon, Ron
from engine.events import Called, Discarded, DoraRevealed, HandStarted, KanDeclared
from engine.scripted import advance, scripted_game
from engine.table_host import hosted_game
from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, parse_tile, parse_tiles
from tui import cli
from tui.app import MahjongApp
from tui.screens.launch import LaunchScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen
from tui.settings import Settings, config_dir, load_settings, save_settings
from tui.table_text import action_text, event_text, learning_aids


def t(text: str) -> Tile:
    return parse_tile(text)


# ---------------------------------------------------------------- settings


def test_settings_round_trip_and_bad_files(tmp_path):
    assert load_settings(tmp_path) == Settings()
    save_settings(Settings(ruleset="jpml", ai="hard", tiles="kanji", aids=False), tmp_path)
    assert load_settings(tmp_path) == Settings("jpml", "hard", "kanji", "en", False)
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    assert load_settings(tmp_path) == Settings()
    (tmp_path / "settings.json").write_text(json.dumps({"ruleset": 3, "ai": "easy"}))
    assert load_settings(tmp_path) == Settings(ai="easy")


def test_config_dir_follows_xdg():
    assert str(config_dir({"XDG_CONFIG_HOME": "/x"})) == "/x/mahjong-tui"
    assert config_dir({}).name == "mahjong-tui"


async def test_launch_screen_choices_start_the_game_and_are_remembered(tmp_path):
    app = MahjongApp(seed=4242, data_dir=tmp_path, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        await pilot.press("down")  # jpm -> ... the list starts at the remembered wrc
        chosen = app.screen.config.ruleset
        await pilot.press("t", "a")
        config = app.screen.config
        assert config.tiles == "kanji" and config.ai != "greedy"
        await pilot.press("enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert table.config.seed == 4242 and hosted_game(table.app.table_host).ruleset.id == chosen
    assert load_settings(tmp_path).ruleset == chosen
    assert load_settings(tmp_path).tiles == "kanji"


async def test_launch_seed_can_be_typed(tmp_path):
    app = MahjongApp(seed=1, data_dir=tmp_path, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("s", "backspace", "9", "8", "escape", "enter")
        table = await settle(pilot)
        assert table.config.seed == 98


async def test_terminal_too_small_notice_comes_and_goes(tmp_path):
    app = game_app(tmp_path)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)
        table = await settle(pilot)
        assert table is not None and not table.compact
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert table.compact


def test_cli_flags_are_checked_before_anything_starts(capsys):
    for argv, word in (
        (["--ruleset", "nope"], "unknown ruleset"),
        (["--ai", "godlike"], "unknown AI level"),
        (["--tiles", "emoji"], "unknown tile style"),
        (["--lang", "fr"], "unknown language"),
        (["--delay", "-1"], "--delay"),
    ):
        with pytest.raises(SystemExit) as stop:
            cli.main(argv)
        assert stop.value.code == 2
        assert word in capsys.readouterr().err


def test_cli_game_flags_reach_the_app(monkeypatch):
    seen = {}

    class FakeApp:
        def __init__(self, **kwargs):
            seen.update(kwargs)

        def run(self):
            seen["ran"] = True

    monkeypatch.setattr("tui.app.MahjongApp", FakeApp)
    assert cli.main(["--ruleset", "jpml", "--seed", "7", "--delay", "0.1", "--tiles", "kanji"]) == 0
    assert seen == {
        "ruleset_id": "jpml", "ai": None, "seed": 7, "tiles": "kanji", "lang": "en",
        "delay": 0.1, "rules": (), "ran": True,
    }


# ---------------------------------------------------------------- words


def test_event_lines_read_like_a_commentary():
    human, dealer = 0, 0
    assert event_text(Discarded(2, t("5p"), False, False, False), human, dealer) == (
        "West: discards 5p"
    )
    pon = Meld(MeldKind.PON, tuple(parse_tiles("555p")), Source.KAMICHA, t("5p"))
    assert event_text(Called(2, pon, 1), human, dealer) == "West: pon 5p from South"
    chi = Meld(MeldKind.CHI, tuple(parse_tiles("345p")), Source.KAMICHA, t("4p"))
    assert event_text(Called(0, chi, 3), human, dealer) == "You: chi 4p from North [3p 5p]"
    ankan = Meld(MeldKind.ANKAN, tuple(parse_tiles("1111z")))
    assert event_text(KanDeclared(1, ankan), human, dealer) == "South: ankan East 東"
    assert "dora Chun" in event_text(DoraRevealed(t("6z"), False), human, dealer)
    assert event_text(HandStarted(0, 0, 0, 2, 0, (0,) * 4, ((3, 4),), 2, 7), 0, 0) == (
        "— East 1 東1局, 2 honba 本場 —"
    )


def test_lang_ja_puts_japanese_first_in_the_event_lines():
    human, dealer = 0, 0
    pon = Meld(MeldKind.PON, tuple(parse_tiles("555p")), Source.KAMICHA, t("5p"))
    assert event_text(Called(2, pon, 1), human, dealer, "ja") == "西: 南 から 5p をポン"
    assert event_text(Discarded(1, t("1z"), False, False, False), human, dealer, "ja") == (
        "南: 打 東 East"
    )
    line = event_text(DoraRevealed(t("6z"), False), human, dealer, "ja")
    assert line.startswith("ドラ表示牌 dora indicator: 發 Hatsu → ドラ 中 Chun")


def _chi_view():
    human, draws = SCENARIOS["chi"]
    game = scripted_game("wrc", [human, *BOTS], draws)
    advance(game, lambda g: Chi(0, (t("3p"), t("5p"))) in g.legal_actions(0))
    return game, game.view(0), game.legal_actions(0)


def test_prompts_say_exactly_what_a_call_makes():
    _game, view, legal = _chi_view()
    chis = [a for a in legal if isinstance(a, Chi)]
    assert [action_text(a, view) for a in chis] == [
        "Chi チー 4p: [3p 5p]", "Chi チー 4p: [5p 6p]"
    ]
    assert action_text(Pon(0, (t("7z"), t("7z"))), view).startswith("Pon ポン 4p")


def test_learning_aids_price_each_wait():
    human, draws = SCENARIOS["ron"]
    game = scripted_game("wrc", [human, *BOTS], draws)
    advance(game, lambda g: Ron(0) in g.legal_actions(0))
    view = game.view(0)
    aids = learning_aids(view, game.legal_actions(0), None)
    assert "tenpai" in aids.shanten
    waits = {w.kind: w for w in aids.waits}
    assert set(waits) == {t("2s").kind, t("5s").kind}
    assert waits[t("5s").kind].ron.startswith("2,000 (tanyao")
    assert "Ron ロン 5s: tanyao 断幺九 = 2,000" in action_text(Ron(0), view)


def test_learning_aids_for_the_tile_under_the_cursor():
    human, draws = SCENARIOS["riichi"]
    game = scripted_game("wrc", [human, *BOTS], draws)
    view = game.view(0)
    legal = game.legal_actions(0)
    aids = learning_aids(view, legal, t("5z"))
    assert aids.cursor.startswith("Discard Haku 白 -> tenpai")
    assert [w.kind for w in aids.waits] == [t("1s").kind, t("2s").kind]
    assert "riichi" in aids.riichi and "Haku" in aids.riichi
    assert any(isinstance(a, Discard) and a.riichi for a in legal)


# ---------------------------------------------------------------- the wall and the model


def test_a_new_player_meets_the_default_ai_level():
    from ai import DEFAULT_LEVEL
    from tui.settings import GameConfig, Settings

    assert Settings().ai == GameConfig().ai == DEFAULT_LEVEL == "normal"
