"""The teiai session table speaks Japanese too (issue 19): with `lang="ja"` every
heading, row name, status line and key is Japanese, and the game end's names of the
players are the session table's."""

from __future__ import annotations

import re

from rich.console import Console
from test_tui_session import finished_session, short_game

from tui.screens.session_table import SessionTableScreen, player_name, session_sections
from tui.settings import GameConfig

ENGLISH = re.compile(r"\b(You|Opponent|Game|Total|Place|Session|session|Next|Enter: play|"
                     r"replay|Each game|House rules|games)\b")


def shown(played, ruleset, lang: str) -> str:
    console = Console(width=120, record=True)
    console.print(session_sections(played, ruleset, lang))
    return console.export_text()


def test_the_session_table_in_japanese(tmp_path):
    played = finished_session(tmp_path, games=4, played=3)
    ruleset = short_game(GameConfig("teiai")).ruleset
    text = shown(played, ruleset, "ja")
    for words in ("自家", "相手3", "合計", "順位", "全4戦", "第3戦", "第4戦",
                  "1-3: その対局を再生"):
        assert words in text, (words, text)
    body = text.replace(ruleset.id, "")  # the preset's id and name stay as written
    english = [w for w in ENGLISH.findall(body)]
    assert not english, (english, text)
    assert "Total" in shown(played, ruleset, "en")


def test_the_end_of_a_session_in_japanese(tmp_path):
    played = finished_session(tmp_path, games=2, played=2)
    ruleset = short_game(GameConfig("wrc", rules=("games_per_session=2",))).ruleset
    text = shown(played, ruleset, "ja")
    assert "セッション終了: 全2戦" in text and "Enter: 終了" in text, text


def test_the_players_are_named_in_the_language():
    assert [player_name(i, "ja") for i in range(4)] == ["自家", "相手1", "相手2", "相手3"]
    assert [player_name(i) for i in range(4)] == ["You", "Opponent 1", "Opponent 2",
                                                  "Opponent 3"]


async def test_the_screen_title_in_japanese(tmp_path):
    from textual.app import App

    played = finished_session(tmp_path, games=4, played=3)
    ruleset = short_game(GameConfig("teiai")).ruleset
    screen = SessionTableScreen(played, ruleset, lang="ja")
    async with App().run_test(size=(100, 30)) as pilot:
        await pilot.app.push_screen(screen)
        await pilot.pause()
        body = screen.query_one("#result-body")
        assert body.border_title == "セッション", body.border_title
