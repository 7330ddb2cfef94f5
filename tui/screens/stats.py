"""Your statistics over the finished games.

`StatsScreen` shows, overall and per ruleset, the figures of `mahjong-tui stats`
(games, average placement, places, win / deal-in / riichi / call rates, average
win and deal-in value) and the yaku you win with most. Opened with `h` from the
launch screen; Esc, q, h or Enter closes it. A history that cannot be read
(locked, from a newer version, moved aside because it was corrupt) is said on
the screen and in a notification.

The hook that records each finished game is `tui.history.HistoryRecorder`.
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

from engine.history import db as history
from engine.history.stats import Summaries

from ..commands.stats import COLUMNS, load_summaries, rows, summary_cells, yaku_text
from ..words import check_lang
from .hand_result import CSS_FILE, heading

SCREEN_TIMEOUT = 1.0  # seconds a locked history is retried while the screen opens


# The columns of `COLUMNS` with two-line headings (the table fits 80 columns), and
# the places (how many times 1st, 2nd, 3rd, 4th) after the average placement.
HEADINGS = ("games", "avg\nplace", "1st/2nd/\n3rd/4th", "win", "deal-in", "riichi", "call",
            "avg\nwin", "avg\ndeal-in")


def figures_table(summaries: Summaries) -> RenderableType:
    assert len(HEADINGS) == len(COLUMNS) + 1
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="bold underline")
    table.add_column("ruleset", no_wrap=True, vertical="bottom")
    for title in HEADINGS:
        table.add_column(title, justify="right", no_wrap=True)
    for name, s in rows(summaries):
        cells = summary_cells(s)
        places = "/".join(str(n) for n in s.places)
        table.add_row(Text(name, style="bold"), *cells[:2], places, *cells[2:])
    return table


def yaku_table(summaries: Summaries, lang: str) -> RenderableType:
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for name, s in rows(summaries):
        table.add_row(Text(name, style="bold"), yaku_text(s, lang))
    return table


def stats_sections(summaries: Summaries, lang: str = "en") -> RenderableType:
    games = summaries.overall.games
    if not games:
        return Text("No finished games yet: play one to the end and it is counted here.")
    return Group(
        Text(f"{games} finished game{'s' if games != 1 else ''}", style="bold"),
        Text(""),
        figures_table(summaries),
        Text(""),
        heading("Yaku won with most"),
        yaku_table(summaries, lang),
        Text(""),
        Text(
            "Rates are per hand played; average win and deal-in are hand values "
            "(honba and riichi sticks excluded).",
            style="italic",
        ),
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
            from ..save import default_data_dir

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
            body.border_title = "Statistics"
            body.border_subtitle = " Esc close · ↑↓ scroll "
            if self.problem is not None:
                yield Static(Text(self.problem, style="bold red"), id="stats-problem",
                             classes="section")
            if self.summaries is not None:
                yield Static(stats_sections(self.summaries, self.lang), id="stats",
                             classes="section")

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()
        if self.problem is not None:
            self.notify(self.problem, title="Game history", severity="error")

    def action_close(self) -> None:
        self.dismiss(None)
