"""No text is ever cut (issue #19): every screen but the table's board, at every size,
tile face and language.

Each screen is shown at 80x24, 100x30, 120x40, 160x50, 200x60 and 250x70, in
each tile face (text, kanji, unicode) and language (en, ja), and
`geometry_clips.clips` names every widget whose text is cut: content wider than
its region, a line cut with `…` by an overflow, text below a region that cannot
scroll or beyond the screen. Long texts must wrap or scroll. One app per test:
the screens are pushed and the terminal resized, not restarted.

Select with `-k geometry`. `test_geometry_check_catches_cuts` shows the check
failing on cut text.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest
from geometry_clips import clips
from textual.app import App, ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from engine.actions import Ankan, Discard
from engine.scripted import do, of_type, scripted_game, t
from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog
from engine.table_host import TableHost
from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui import result_text as X
from tui.learn.course import COURSE
from tui.learn.drill_run import DrillSession
from tui.learn.kinds import DRILLS
from tui.learn.lessons import LessonRun
from tui.screens import APP_CSS_PATH

SIZES = ((80, 24), (100, 30), (120, 40), (160, 50), (200, 60), (250, 70))
FACES = ("text", "kanji", "unicode")
LANGS = ("en", "ja")
EVERY = [(face, lang) for lang in LANGS for face in FACES]

Make = Callable[[str, str], Screen[Any]]
# What to do on a screen once it is shown (answer a question), by the screen's id().
PREPARE: dict[int, Callable[[Any], None]] = {}


def answer_wrong(screen: Any) -> None:
    """Pick a wrong choice and confirm: the answer and its explanation are shown."""
    q = screen.question
    assert q is not None
    screen.picked = {next(c.value for c in q.choices if c.value not in q.answer)}
    screen.confirm()


class Host(App[None]):
    """An empty app the screens are pushed on, as the game's app pushes them."""

    CSS_PATH: ClassVar = [APP_CSS_PATH]


async def sweep(pilot: Any, makes: dict[str, Make], combos=EVERY, sizes=SIZES,
                rotate: int | None = None) -> list[str]:
    """Every cut of every screen `makes` builds, at every size, face and language.

    With `rotate` (screens of one family: the lessons, the drill kinds) each screen is
    shown at every size in each language, its tile face turning with the size (a Latin
    square: screen n at size j in face j + n), so the family covers every size, face
    and language at a third of the cost."""
    app = pilot.app
    found: list[str] = []
    for number, (what, make) in enumerate(makes.items()):
        for face, lang in combos:
            shown_at = sizes
            if rotate is not None:
                turn = rotate + number + LANGS.index(lang)
                shown_at = tuple(size for j, size in enumerate(sizes)
                                 if FACES[(j + turn) % len(FACES)] == face)
            if not shown_at:
                continue
            screen = make(face, lang)
            await app.push_screen(screen)
            await pilot.pause()
            prepare = PREPARE.pop(id(screen), None)
            if prepare is not None:
                prepare(screen)
            for size in shown_at:
                await pilot.resize_terminal(*size)  # waits for the screen
                found += [f"{what} {face} {lang} {size[0]}x{size[1]}: {p}"
                          for p in clips(app.screen)]
            await app.pop_screen()
    return found


def report(found: list[str]) -> str:
    return "\n".join(found[:60]) + (f"\n... and {len(found) - 60} more" if len(found) > 60
                                    else "")


# --------------------------------------------------------------------------- results


def kan_dora_win():
    from test_tui_results import N1

    """wrc: South wins by tsumo on the rinshan tile after an ankan of 5p, with a chun
    triplet and riichi; dora indicators 3m (4m) and, from the kan, West (North)."""
    game = scripted_game(
        "wrc",
        [N1, "234m99m555p67s777z", "1z3z3z4z4z5z6z2p6p9s5s6m8m",
         "2z6z6z1z1m9m3p6p8p2s7s9s4s"],
        draws="9p1s6z1s9p1p1s2z1p5p",
        rinshan="8s",
        indicators="3m3z",
    )
    do(game, Discard(1, t("1s")))
    do(game, Discard(1, t("1p"), riichi=True))
    do(game, Ankan(1, t("5p").kind))
    from engine.actions import Tsumo
    from engine.events import Won

    [won] = of_type(do(game, Tsumo(1)), Won)
    return game, won


def result_screen(scenario) -> Make:
    from tui.screens.hand_result import HandResultScreen

    game, event = scenario()

    def make(face: str, lang: str) -> Screen[Any]:
        names = None
        return HandResultScreen(event, X.hand_context(event, game, names, lang), lang, face)

    return make


async def test_geometry_hand_results() -> None:
    from test_tui_results import draw_game

    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, {"win with a kan dora": result_screen(kan_dora_win)})
        # The draw's tenpai hands and payments: every size and language, the faces
        # turning with the size (the win above has every face at every size).
        found += await sweep(pilot, {"draw": result_screen(draw_game)}, rotate=0)
    assert not found, report(found)


async def test_geometry_game_end_and_session_table(tmp_path: Path) -> None:
    from test_tui_results import wrc_end
    from test_tui_session import finished_session, short_game

    from tui.screens.game_end import GameEndScreen, game_ending
    from tui.screens.session_table import SessionTableScreen
    from tui.settings import GameConfig

    game, end = wrc_end()
    played = finished_session(tmp_path, games=4, played=3)
    ruleset = short_game(GameConfig("teiai")).ruleset
    makes: dict[str, Make] = {
        "game end": lambda face, lang: GameEndScreen(
            end, game_ending(game.events, game.ruleset, Timeline.of(game)), lang, tile_style=face),
        "session table": lambda face, lang: SessionTableScreen(
            played, ruleset, tiles=face, lang=lang),
    }
    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, makes, [("text", lang) for lang in LANGS])
    assert not found, report(found)


# --------------------------------------------------------------------------- references


async def test_geometry_help_rules_and_glossary() -> None:
    from tui.screens.glossary import GlossaryScreen
    from tui.screens.help import HelpScreen
    from tui.screens.rules_reference import RulesReferenceScreen

    ruleset = load_preset("wrc").with_overrides({"kiriage_30_4": False, "games_per_session": 3})

    def glossary(face: str, lang: str) -> Screen[Any]:
        return GlossaryScreen(lang, query="chiitoitsu")

    makes: dict[str, Make] = {
        "help": lambda face, lang: HelpScreen(lang),
        "rules": lambda face, lang: RulesReferenceScreen(ruleset, lang),
        "glossary": glossary,
    }
    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, makes, [("text", lang) for lang in LANGS])
    assert not found, report(found)


# --------------------------------------------------------------------------- learning


def lesson_screen(index: int, step: int) -> Make:
    from tui.screens.lesson import LessonScreen

    lesson = COURSE[index]

    def make(face: str, lang: str) -> Screen[Any]:
        run = LessonRun(lesson, load_preset(lesson.ruleset), step, lang=lang)
        screen = LessonScreen(run, index + 1, tiles=face)
        PREPARE[id(screen)] = answer_wrong
        return screen

    return make


async def test_geometry_lessons(tmp_path: Path) -> None:
    from tui.screens.lesson_menu import LessonMenuScreen

    makes: dict[str, Make] = {
        "lesson menu": lambda face, lang: LessonMenuScreen(tmp_path, tiles=face, lang=lang)}
    for index, lesson in enumerate(COURSE):
        last = len(lesson.steps) - 1
        makes[f"lesson {index + 1}"] = lesson_screen(index, last)
    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, makes, rotate=0)
    assert not found, report(found)


def drill_screen(kind: str, tmp_path: Path) -> Make:
    from tui.screens.drill import DrillScreen

    def make(face: str, lang: str) -> Screen[Any]:
        log = DrillLog(history_path(tmp_path / f"{kind}-{face}-{lang}"))
        session = DrillSession(kind, load_preset("wrc"), 5, lang, log)
        screen = DrillScreen(session, tiles=face)
        PREPARE[id(screen)] = answer_wrong
        return screen

    return make


@pytest.mark.parametrize("kind", DRILLS)
async def test_geometry_drills(kind: str, tmp_path: Path) -> None:
    from tui.screens.drill_menu import DrillMenuScreen

    makes: dict[str, Make] = {kind: drill_screen(kind, tmp_path)}
    if kind == DRILLS[0]:
        makes["drill menu"] = lambda face, lang: DrillMenuScreen(
            load_preset("wrc"), tmp_path, lang=lang, tiles=face)
    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, makes, rotate=DRILLS.index(kind))
    assert not found, report(found)


# --------------------------------------------------------------------------- the check


class Cut(Screen[None]):
    """Text that cannot fit: a no-wrap line wider than the screen, a one-row box
    given two rows of text, a line cut with an ellipsis."""

    CSS = """
    #wide { width: 100%; height: 1; text-wrap: nowrap; }
    #tall { height: 1; }
    #dots { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield Static("word " * 30, id="wide")
        yield Static("line one\nline two", id="tall")
        yield Static("a long sentence, " * 10, id="dots")


async def test_geometry_check_catches_cuts() -> None:
    async with Host().run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(Cut())
        await pilot.pause()
        found = clips(pilot.app.screen)
    assert any(p.startswith("Static#wide loses") for p in found), found
    assert any(p.startswith("Static#tall loses") for p in found), found
    assert any(p.startswith("Static#dots is cut with …") for p in found), found


# --------------------------------------------------------------------------- launch, table


async def test_geometry_launch_and_house_rules(tmp_path: Path) -> None:
    """The launch screen in every face and language (t and l cycle them), then the
    house-rules panel in each language."""
    from tui.app import MahjongApp

    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0, tiles="text", lang="en")
    found: list[str] = []
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        for _lang in LANGS:
            for _face in FACES:
                for size in SIZES:
                    await pilot.resize_terminal(*size)  # waits for the screen
                    config = app.screen.config
                    found += [f"launch {config.tiles} {config.lang} {size[0]}x{size[1]}: {p}"
                              for p in clips(app.screen)]
                await pilot.press("t")
            await pilot.press("u")
            for size in SIZES:
                await pilot.resize_terminal(*size)  # waits for the screen
                found += [f"house rules {size[0]}x{size[1]}: {p}" for p in clips(app.screen)]
            await pilot.press("escape")
            await pilot.press("l")
    assert not found, report(found)


TABLE_SKIP = frozenset({"board"})  # the board: the table's own tests (its key bar is checked here)


def riichi_app(tmp_path: Path, face: str, lang: str):
    """The human (East) far from tenpai while South has declared riichi: the hint folds,
    with its longest reasons (the threat, the danger of each tile, the alternatives)."""
    from test_tui_pilot import BOTS

    from ai.baseline import TsumogiriPlayer
    from tui.app import MahjongApp

    game = scripted_game("wrc", ["1m4m7m2p5p8p3s6s9s1z2z3z4z", "123m456m789p1122s", BOTS[1],
                                 BOTS[2]], "6z5z9p7s9m")
    do(game, Discard(1, t("5z"), riichi=True))
    return MahjongApp(host=TableHost(game),
                      opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], delay=0,
                      tiles=face, lang=lang, data_dir=tmp_path)


@pytest.mark.parametrize(("face", "lang"), EVERY, ids=[f"{f}-{g}" for f, g in EVERY])
async def test_geometry_table_aids_side_bar_and_hint(face: str, lang: str,
                                                     tmp_path: Path) -> None:
    """The table's aids under the board (below 160 columns), the side bar's log and aids
    (from 160), with the hint and its reasons shown against a riichi; then the hint
    whole in its window (the hint key again), every reason in it."""
    from test_tui_pilot import press, settle

    app = riichi_app(tmp_path, face, lang)
    found: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        table = await settle(pilot)
        for size in SIZES:
            await pilot.resize_terminal(*size)  # waits for the screen
            # The hint asked for at this size (the panels take it as it comes), after
            # a cursor move has cleared the last one.
            await press(pilot, "left", "i")
            found += [f"table {size[0]}x{size[1]}: {p}"
                      for p in clips(app.screen, skip=TABLE_SKIP)]
        reasons = table.hint.split("\n")
        assert len(reasons) > 3, reasons
        assert not found, report(found)
        from tui.screens.hint import HintScreen

        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, HintScreen)
        whole = "".join(app.screen.text.plain.split())
        for reason in reasons:
            assert "".join(reason.split()) in whole, reason
        for size in SIZES:
            await pilot.resize_terminal(*size)  # waits for the screen
            found += [f"hint {size[0]}x{size[1]}: {p}" for p in clips(app.screen)]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
    assert not found, report(found)


@pytest.mark.parametrize("lang", LANGS)
async def test_geometry_table_key_bar_with_nine_terminals(lang: str, tmp_path: Path) -> None:
    """tenhou seed 106 opens on a nine-terminals draw: the key bar lists `y` too, its
    longest, and at every size it is never cut, the help key first."""
    from test_tui_pilot import settle

    from tui.app import MahjongApp
    from tui.widgets.prompt import KeyBar

    app = MahjongApp(ruleset_id="tenhou", ai="greedy", seed=106, tiles="text", lang=lang,
                     delay=0, data_dir=tmp_path)
    found: list[str] = []
    async with app.run_test(size=SIZES[0]) as pilot:
        table = await settle(pilot)
        assert any(h.key == "y" for h in table.query_one("#keys", KeyBar).data.keys)
        for size in SIZES:
            await pilot.resize_terminal(*size)  # waits for the screen
            found += [f"table {size[0]}x{size[1]}: {p}"
                      for p in clips(app.screen, skip=TABLE_SKIP)]
            shown = "".join(s.text for s in table.query_one("#keys", KeyBar).render_line(0))
            assert shown.startswith("? "), (size, shown)
            assert "…" not in shown, (size, shown)
    assert not found, report(found)


async def test_geometry_notices_and_stats(tmp_path: Path) -> None:
    """The notices (a saved game about to be replaced, a game not saved, another
    process on the data directory) with a long path, and the statistics screen."""
    from tui.screens.notice import NotSavedScreen, OtherGameScreen, ReplaceSaveScreen
    from tui.screens.stats import StatsScreen

    deep = str(tmp_path / ("a-rather-long-directory-name" * 3) / "games" / "g-20261128.jsonl")
    saved = ("A game was saved: wrc, seed 123456789, East 3, 2 honba, scores 31,000, "
             "29,000, 22,000, 18,000")
    makes: dict[str, Make] = {
        "replace save": lambda face, lang: ReplaceSaveScreen(saved, deep, new="jpml, seed 7"),
        "not saved": lambda face, lang: NotSavedScreen(f"{deep} is read-only."),
        "other game": lambda face, lang: OtherGameScreen(4242, deep, can_replay=True),
        "stats": lambda face, lang: StatsScreen(tmp_path, lang),
    }
    async with Host().run_test(size=SIZES[0]) as pilot:
        found = await sweep(pilot, makes, [("text", lang) for lang in LANGS])
    assert not found, report(found)


# --------------------------------------------------------------------------- replay


@pytest.mark.parametrize(("face", "lang"), EVERY, ids=[f"{f}-{g}" for f, g in EVERY])
async def test_geometry_replay_viewer_and_review(face: str, lang: str) -> None:
    """The replay viewer (its header, log, aids and key bar; its board is the table's)
    at the first decision with the hard AI's suggestion and reasons shown, then the
    review of the game (`v`), at every size."""
    from test_replay_viewer import _scripted_game

    from engine.timeline import Timeline
    from tui.replay_app import ReplayApp
    from tui.screens.replay import ReplayScreen
    from tui.screens.review import ReviewScreen

    app = ReplayApp(Timeline.of(_scripted_game()), tiles=face, lang=lang, step=0)
    found: list[str] = []
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("s")  # the suggestion, with its reasons
        await pilot.pause()
        for size in SIZES:
            await pilot.resize_terminal(*size)  # waits for the screen
            found += [f"replay {size[0]}x{size[1]}: {p}"
                      for p in clips(app.screen, skip=TABLE_SKIP)]
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        for size in SIZES:
            await pilot.resize_terminal(*size)  # waits for the screen
            found += [f"review {size[0]}x{size[1]}: {p}" for p in clips(app.screen)]
    assert not found, report(found)
