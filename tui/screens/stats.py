"""Your statistics over the finished games.

`StatsScreen` shows, overall and per ruleset, the figures of `mahjong-tui stats`
(games, average placement, places, win / deal-in / riichi / call rates, average
win and deal-in value) and the yaku you win with most. Opened with `h` from the
launch screen; Esc, q, h or Enter closes it. A history that cannot be read
(locked, from a newer version, moved aside because it was corrupt) is said on
the screen and in a notification.

The hook that records each finished game is `engine.storage.history_recorder.HistoryRecorder`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.storage.history import db as history
from engine.storage.history.stats import Summaries

from ..commands.stats import (
    COLUMNS,
    games_text,
    load_summaries,
    rows,
    summary_cells,
    yaku_text,
)
from ..words import check_lang, first_name, message
from .hand_result import CSS_FILE
from .hand_result import heading as section_heading

SCREEN_TIMEOUT = 1.0  # seconds a locked history is retried while the screen opens


# The columns of `COLUMNS` with the places (how many times 1st, 2nd, 3rd, 4th) after
# the average placement; the headings take two lines (the table fits 80 columns).
HEADINGS = (COLUMNS[0][0], COLUMNS[1][0], "stats.places", *(key for key, _ in COLUMNS[2:]))


def heading(key: str, lang: str = "en") -> str:
    """A column's heading on two lines: "avg\nplace", "1st/2nd/\n3rd/4th"; a Japanese
    one of four or more characters breaks in the middle: "平均\n順位"."""
    title = first_name(key, lang)
    if " " in title:
        return title.replace(" ", "\n", 1)
    if title.count("/") == 3:
        cut = title.index("/", title.index("/") + 1) + 1
        return f"{title[:cut]}\n{title[cut:]}"
    if not title.isascii() and len(title) >= 4:
        return f"{title[: len(title) // 2]}\n{title[len(title) // 2 :]}"
    return title


def figures_table(summaries: Summaries, lang: str = "en") -> RenderableType:
    assert len(HEADINGS) == len(COLUMNS) + 1
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold underline")
    table.add_column(first_name("stats.ruleset", lang), no_wrap=True, vertical="bottom")
    for key in HEADINGS:
        table.add_column(heading(key, lang), justify="right", no_wrap=True)
    for name, s in rows(summaries, lang):
        cells = summary_cells(s)
        places = "/".join(str(n) for n in s.places)
        table.add_row(Text(name, style="bold"), *cells[:2], places, *cells[2:])
    return table


def yaku_table(summaries: Summaries, lang: str) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for name, s in rows(summaries, lang):
        table.add_row(Text(name, style="bold"), yaku_text(s, lang))
    return table


def stats_sections(summaries: Summaries, lang: str = "en") -> RenderableType:
    games = summaries.overall.games
    if not games:
        return Text(message("stats_none", lang))
    return Group(
        Text(games_text(games, lang), style="bold"),
        Text(""),
        figures_table(summaries, lang),
        Text(""),
        section_heading(message("stats_top_yaku", lang)),
        yaku_table(summaries, lang),
        Text(""),
        Text(message("stats_note", lang), style="italic"),
    )


class StatsScreen(ModalScreen[None]):
    """The statistics of the games in the history; Esc, q, h or Enter closes it."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,h,enter", "close", "close", show=False),
    ]

    def __init__(
        self, data_dir: str | Path, lang: str = "en", *, timeout: float = SCREEN_TIMEOUT
    ) -> None:
        super().__init__(classes="result-screen -stats")
        self.data_dir = Path(data_dir)
        self.lang = check_lang(lang)
        self.timeout = timeout
        self.summaries: Summaries | None = None
        self.problem: str | None = None

    @classmethod
    def for_app(cls, app: Any) -> StatsScreen:
        """The screen for `app`'s data directory (the save's) and language."""
        store = getattr(app, "store", None)
        if store is not None:
            data_dir = store.dir
        else:
            from ..data_dirs import default_data_dir

            data_dir = default_data_dir()
        config = getattr(app, "config", None)
        return cls(data_dir, getattr(config, "lang", "en"))

    def compose(self) -> ComposeResult:
        try:
            self.summaries, _, self.problem = load_summaries(
                self.data_dir, timeout=self.timeout
            )
        except history.HistoryError as error:
            self.problem = str(error)
        with VerticalScroll(id="result-body") as body:
            body.border_title = first_name("stats.title", self.lang)
            body.border_subtitle = message("stats_keys", self.lang)
            if self.problem is not None:
                yield Static(Text(self.problem, style="bold red"), id="stats-problem",
                             classes="section")
            if self.summaries is not None:
                yield Static(stats_sections(self.summaries, self.lang), id="stats",
                             classes="section")

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()
        if self.problem is not None:
            self.notify(self.problem, title=first_name("stats.history", self.lang),
                        severity="error")

    def action_close(self) -> None:
        self.dismiss(None)
