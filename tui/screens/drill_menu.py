"""The drills: one line per kind with its figures so far; its digit starts it.

Two more lines: `m` asks discard questions from the player's own mistakes in
the kept games (how many there are is shown), and `e` switches between answers
shown at once and answers shown at the end of a run of `AT_END` questions.
Reached from the launch screen (`d`) and by `mahjong-tui drill` without a kind.
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
from engine.storage.history.drills import DrillLog, DrillLogError, DrillSummary
from rules.ruleset import Ruleset

from ..learn.drill_run import DrillSession
from ..learn.drills import DRILLS
from ..learn.mistakes import find_mistakes
from ..learn.texts import text
from .drill import CSS_FILE, KEYS_GAP, DrillScreen, drill_title, fit_line, keys_width

AT_END = 10  # questions in a run whose answers are shown at its end (`e`)


class DrillMenuScreen(Screen[None]):
    """Pick a drill by its digit; Esc goes back."""

    CSS_PATH: ClassVar = [CSS_FILE]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "back", show=False),
        Binding("l", "lessons", "lessons", show=False),
        Binding("m", "mistakes", "mistakes", show=False),
        Binding("e", "at_end", "at end", show=False),
    ]

    def __init__(self, ruleset: Ruleset, data_dir: Path | None, *, seed: int = 0,
                 lang: str = "en", tiles: str = "text", timer: float | None = None,
                 at_end: int | None = None) -> None:
        super().__init__(classes="learn-screen")
        self.ruleset = ruleset
        self.data_dir = data_dir
        self.drill_log = DrillLog(history_path(data_dir)) if data_dir is not None else None
        self.seed = seed
        self.lang = lang
        self.tiles = tiles
        self.timer = timer
        self.at_end = at_end
        self.mistakes: list[str] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="learn-body") as body:
            body.border_title = text("menu.title", self.lang).format(rules=self.ruleset.id)
            yield Static(id="drill-menu", classes="part")
        yield Static(id="learn-keys")

    def on_mount(self) -> None:
        if self.data_dir is not None:
            self.mistakes, notes = find_mistakes(self.data_dir)
            for note in notes:
                self.notify(note, severity="warning")
        self.refresh_figures()
        self._show_keys()
        self.query_one("#learn-body").focus()

    def on_resize(self) -> None:
        self._show_keys()

    def _show_keys(self) -> None:
        """The menu's keys on one row: where it is too wide, e's words shorten, then
        the lessons' key goes (they are on the launch screen too)."""
        keys = text("menu.keys", self.lang).format(last=len(DRILLS)).split(KEYS_GAP)
        parts: list[tuple[str, ...]] = [(key,) for key in keys]
        when = next(i for i, key in enumerate(keys) if key.startswith("e:"))
        lessons = next(i for i, key in enumerate(keys) if key.startswith("l:"))
        parts[when] += (text("menu.keys_when", self.lang),)
        parts[lessons] += ("",)
        self.query_one("#learn-keys", Static).update(
            fit_line(parts, [when, lessons], keys_width(self)))

    def on_screen_resume(self) -> None:
        self.refresh_figures()

    def refresh_figures(self) -> None:
        figures: dict[str, DrillSummary] = {}
        if self.drill_log is not None:
            try:
                figures = self.drill_log.summary()
            except DrillLogError as error:
                self.notify(str(error), severity="warning")
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right", style="bold")
        table.add_column()
        table.add_column(justify="right")
        self.rows: list[tuple[str, str, str]] = []
        for index, kind in enumerate(DRILLS, 1):
            done = figures.get(kind)
            shown = (f"{done.correct}/{done.asked} ({done.accuracy:.0%}), "
                     f"{done.average_seconds:.0f}s" if done else "-")
            self.rows.append((str(index), drill_title(kind, self.lang), shown))
            table.add_row(*self.rows[-1])
        self.rows.append(("m", text("menu.mistakes", self.lang).format(
            count=len(self.mistakes)), ""))
        mode = (text("menu.at_end", self.lang).format(count=self.at_end) if self.at_end
                else text("menu.at_once", self.lang))
        self.rows.append(("e", mode, ""))
        table.add_row("", "", "")
        for row in self.rows[-2:]:
            table.add_row(*row)
        self.query_one("#drill-menu", Static).update(table)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(DRILLS):
                event.stop()
                self.start(DRILLS[index])

    def start(self, kind: str, source: tuple[str, ...] = ()) -> None:
        session = DrillSession(kind, self.ruleset, self.seed, self.lang, self.drill_log,
                               source=source, data_dir=self.data_dir, at_end=self.at_end)
        self.seed += 1000
        self.app.push_screen(DrillScreen(session, timer=self.timer, tiles=self.tiles))

    def action_mistakes(self) -> None:
        """The discard questions of the own mistakes, when there are any."""
        if not self.mistakes:
            self.notify(text("menu.no_mistakes", self.lang))
            return
        self.start("discard", tuple(self.mistakes))

    def action_at_end(self) -> None:
        """Answers at once, or at the end of a run of `AT_END` questions."""
        self.at_end = None if self.at_end else AT_END
        self.refresh_figures()

    def action_lessons(self) -> None:
        """The course of lessons (`mahjong-tui learn`), with the same data directory."""
        from .lesson_menu import LessonMenuScreen

        path = self.drill_log.path.parent if self.drill_log is not None else None
        self.app.push_screen(LessonMenuScreen(path, tiles=self.tiles, lang=self.lang))

    def action_back(self) -> None:
        self.dismiss(None)
