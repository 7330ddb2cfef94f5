"""The session table between two games of a session, and at its end (issue #12).

One row per game played (each player's result in it, and their place), then the
running total (003 §28: the session's result is the sum of the games' results,
`Session.totals`) and the players' places by that total. Columns are the
players, not the seats: the seats are drawn again for every game. Figures are
written as the preset writes a game's result (`explain.format_result`).

Enter, Space or Esc goes on: to the next game, or, once the session is over,
back where a single game's end leads. 1-9 replays that game of the session, move
by move (`ReplayScreen`), from its log kept in the data directory's ``games/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.storage.kept_games import games_dir, safe_name
from rules.ruleset import Ruleset

from .. import result_text as X
from ..session_file import PlayedSession
from ..words import message
from .hand_result import CSS_FILE, heading

# The players by line-up (the seats are drawn again for every game); the game end of a
# session names them the same way, with the seat they had ("Opponent 2 (toimen)").
PLAYERS = ("You", "Opponent 1", "Opponent 2", "Opponent 3")


def player_name(index: int, lang: str = "en") -> str:
    """The player at line-up `index` in `lang`: "You", "Opponent 2" (自家, 相手2)."""
    if index == 0:
        return message("session.you", lang)
    return message("session.opponent", lang, n=index)


def _places(totals: list[float]) -> list[str]:
    """Each player's place by total; tied players share it ("2=")."""
    places = []
    for value in totals:
        place = 1 + sum(other > value for other in totals)
        tied = sum(other == value for other in totals) > 1
        places.append(f"{place}=" if tied else str(place))
    return places


def session_table(played: PlayedSession, ruleset: Ruleset, lang: str = "en") -> RenderableType:
    """The games so far and the total, one column per player."""
    session = played.session
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold underline")
    table.add_column(message("session.game", lang), no_wrap=True)
    for index in range(len(PLAYERS)):
        table.add_column(player_name(index, lang), justify="right", no_wrap=True)
    for number, game in enumerate(session.results, 1):
        cells: list[Text | str] = [str(number)]
        for line in game:  # by player (PlayedSession keeps them so)
            cell = Text(X.format_result(line.result, ruleset))
            cell.append(f" ({line.rank})", style="dim")
            cells.append(cell)
        table.add_row(*cells)
    for number in range(session.games_played + 1, session.games_per_session + 1):
        table.add_row(Text(str(number), style="dim"), *(Text("-", style="dim"),) * 4)
    totals = session.totals()
    table.add_row("", *("",) * 4)
    row: list[Text | str] = [Text(message("session.total", lang), style="bold")]
    for value in totals:
        bad = value < 0
        row.append(Text(X.format_result(value, ruleset), style="bold red" if bad
                        else "bold green"))
    table.add_row(*row)
    table.add_row(Text(message("session.place", lang), style="bold"),
                  *(Text(p, style="bold") for p in _places(totals)))
    return table


def session_sections(played: PlayedSession, ruleset: Ruleset,
                     lang: str = "en") -> RenderableType:
    """The whole screen's text in `lang` (tui/words.py `session.*`)."""
    session = played.session
    k = session.games_per_session
    if session.finished:
        status = message("session.over", lang, k=k)
        keys = message("session.keys_done", lang)
    else:
        status = message("session.next", lang, played=session.games_played, k=k,
                         next=played.next_game, seed=session.next_seed)
        keys = message("session.keys_next", lang, n=played.next_game)
    house = ", ".join(played.rules)
    parts: list[RenderableType] = [
        Text(X.preset_title(ruleset), style="bold"),
        Text(message("session.house", lang, rules=house), style="italic") if house
        else Text(""),
        heading(message("session.heading", lang, k=k)),
        session_table(played, ruleset, lang),
        Text(""),
        Text(status),
        Text(message("session.explain", lang), style="italic"),
        Text(f"{keys} · {_replay_keys(session.games_played, lang)}", style="bold")
        if session.games_played else Text(keys, style="bold"),
    ]
    return Group(*parts)


def _replay_keys(played: int, lang: str = "en") -> str:
    """The replay keys in words: "1: replay game 1", "1-3: replay that game"."""
    if played == 1:
        return message("session.replay_one", lang)
    return message("session.replay_many", lang, n=played)


class SessionTableScreen(ModalScreen[None]):
    """The session's games and running total; Enter, Space or Esc goes on."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "continue", show=False),
        *(Binding(str(n), f"replay({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, played: PlayedSession, ruleset: Ruleset, *,
                 data_dir: Path | None = None, tiles: str = "text",
                 lang: str = "en") -> None:
        super().__init__(classes="result-screen -session")
        self.played = played
        self.ruleset = ruleset
        self.data_dir = data_dir
        self.tiles = tiles
        self.lang = lang

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-body") as body:
            body.border_title = message("session.title", self.lang)
            body.border_subtitle = message("session.continue", self.lang)
            yield Static(session_sections(self.played, self.ruleset, self.lang),
                         id="session-table",
                         classes="section")

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def kept_log(self, number: int) -> Path | None:
        """Where game `number` (from 1) of the session is kept, if it is."""
        ids = self.played.game_ids
        if self.data_dir is None or not 1 <= number <= len(ids):
            return None
        path = games_dir(self.data_dir) / f"{safe_name(ids[number - 1])}.jsonl"
        return path if path.exists() else None

    def action_replay(self, number: int) -> None:
        """Game `number` replayed move by move (the replay viewer), from its kept log."""
        path = self.kept_log(number)
        if path is None:
            self.notify(f"Game {number} of the session is not kept in games/ to replay.",
                        severity="warning")
            return
        from engine.timeline import Timeline

        from .replay import ReplayScreen

        try:
            record = Timeline.replayed(path)
        except Exception as error:  # a damaged file: said, never a crash
            self.notify(f"{path} cannot be replayed: {error}", severity="error")
            return
        self.app.push_screen(ReplayScreen(record, tiles=self.tiles, lang=self.lang))
