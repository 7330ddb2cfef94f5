"""The course: the ten lessons in order, each with how far it got; its digit opens it
(0 the tenth); p asks the app for the first real game (`tui.navigation.PlayFirstGame`).

`mahjong-tui learn` opens it (and `--lesson N` one lesson straight away), and so does
the launch screen (c), in the language and tile style chosen there.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.table import Table
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from engine.storage.history.db import history_path
from engine.storage.history.drills import DrillLog, DrillLogError, LessonProgress, lesson_progress
from rules.ruleset import load_preset

from ..learn.course import COURSE
from ..learn.first_game import first_game_lesson
from ..learn.lessons import LessonRun, Say
from ..navigation import PlayFirstGame
from .drill import CSS_FILE
from .lesson import PLAY_KEY, LessonScreen

MENU_TITLE = Say("Lessons: learn by playing", "レッスン: 打ちながら覚える")
MENU_KEYS = Say("1-9, 0: open a lesson · {key}: play your first game against easy · Esc: back",
                "1-9, 0: レッスンを開く · {key}: 初めての対局 (相手は easy) · Esc: 戻る")


def lesson_key(number: int) -> str:
    """The key of lesson `number` (1-based) on the menu: its digit, 0 for the tenth."""
    return str(number % 10)
DONE = Say("done", "完了")
AT_STEP = Say("step {step} of {total}", "ステップ {step}/{total}")


class LessonMenuScreen(Screen[None]):
    """Pick a lesson by its digit; Esc goes back."""

    CSS_PATH: ClassVar = [CSS_FILE]
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back", show=False)]

    def __init__(self, data_dir: Path | None, *, tiles: str = "text", lang: str = "en") -> None:
        super().__init__(classes="learn-screen")
        self.lesson_log = DrillLog(history_path(data_dir)) if data_dir is not None else None
        self.tiles = tiles
        self.lang = lang
        self.rows: list[tuple[str, str, str]] = []
        self.start_with: int | None = None  # a lesson to open at once (`learn --lesson N`)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="learn-body") as body:
            body.border_title = MENU_TITLE.text(self.lang)
            yield Static(id="lesson-menu", classes="part")
        yield Static(MENU_KEYS.text(self.lang, key=PLAY_KEY), id="learn-keys")

    def on_mount(self) -> None:
        self.refresh_progress()
        self.query_one("#learn-body").focus()
        if self.start_with is not None:
            self.open(self.start_with)

    def on_screen_resume(self) -> None:
        self.refresh_progress()

    def progress(self) -> dict[str, LessonProgress]:
        if self.lesson_log is None:
            return {}
        try:
            return lesson_progress(self.lesson_log)
        except DrillLogError as error:
            self.notify(f"Progress is not kept: {error}", severity="warning")
            self.lesson_log = None
            return {}

    def refresh_progress(self) -> None:
        kept = self.progress()
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold")
        table.add_column()
        table.add_column()
        self.rows = []
        for number, lesson in enumerate(COURSE, 1):
            got = kept.get(lesson.id)
            if got is None:
                state = "-"
            elif got.done:
                state = DONE.text(self.lang)
            else:
                state = AT_STEP.text(self.lang, step=got.step + 1, total=len(lesson.steps))
            self.rows.append((lesson_key(number), lesson.title.text(self.lang), state))
            table.add_row(*self.rows[-1])
        self.query_one("#lesson-menu", Static).update(table)

    def on_key(self, event: events.Key) -> None:
        if event.character == PLAY_KEY:
            event.stop()
            self.post_message(PlayFirstGame(self.lang, self.tiles))
        elif event.character and event.character.isdigit():
            index = (int(event.character) - 1) % 10  # 0 opens the tenth
            if 0 <= index < len(COURSE):
                event.stop()
                self.open(index)

    def open(self, index: int) -> None:
        lesson = COURSE[index]
        got = self.progress().get(lesson.id)
        start = got.step if got is not None and not got.done else 0
        run = LessonRun(lesson, load_preset(lesson.ruleset), start, lang=self.lang)
        self.app.push_screen(LessonScreen(run, index + 1, log=self.lesson_log, tiles=self.tiles,
                                          last=index == first_game_lesson()))

    def action_back(self) -> None:
        self.dismiss(None)
