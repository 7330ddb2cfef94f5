"""The end of the game: raw points, oka, uma and the final result, as the preset writes them.

The figures come from the `GameEnded` event (the engine's `final_results`);
`tui.result_text` decides the columns and the notation: pt with one decimal where
the preset has rank points (jpm, jpml, wrc, teiai), points with ▲ for a minus
against the return points (gifu), raw points (renmei_classic). Tied players
share a place ("2="). Enter, Space or Esc closes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.events import Event, GameEnded, HandEnded
from rules.ruleset import Ruleset
from rules.scoring import STICK_VALUE

from .. import result_text as X
from ..chip_lines import game_chips_line
from ..navigation import OpenReview
from ..words import check_lang
from .hand_result import CSS_FILE, heading, hint_text

if TYPE_CHECKING:
    from engine.timeline import Timeline

_RIGHT = {"points", "vs_return", "oka", "uma", "result"}


def final_table(
    event: GameEnded, ruleset: Ruleset, names: Sequence[str] | None, lang: str
) -> RenderableType:
    """The final table with the columns this preset shows, best place first."""
    columns = X.final_columns(ruleset, lang)
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold underline")
    for key, title in columns:
        table.add_column(title, justify="right" if key in _RIGHT else "left", no_wrap=True)
    for row in X.final_rows(event, ruleset, names, lang):
        cells: list[Text | str] = []
        for key, _ in columns:
            value = getattr(row, key)
            if key == "result":
                bad = value.startswith(("-", "▲"))
                cells.append(Text(value, style="bold red" if bad else "bold green"))
            elif key == "place":
                cells.append(Text(value, style="bold"))
            else:
                cells.append(value)
        table.add_row(*cells)
    return table


def game_end_sections(
    event: GameEnded,
    ruleset: Ruleset,
    names: Sequence[str] | None,
    lang: str,
    time_up: bool = False,
    moved_at_end: Sequence[int] = (),
) -> RenderableType:
    notes = [Text(n, style="italic") for n in X.final_notes(event, ruleset, lang)]
    for seat, amount in enumerate(moved_at_end):
        if amount > 0:  # the sticks left on the table, to first place (final_deposits)
            who = names[seat] if names else X.seat_names(0, None, lang)[seat]
            notes.append(Text(X.sentence("sticks_to_first", lang, who=who,
                                         points=X.points(amount), sticks=amount // STICK_VALUE),
                              style="bold"))
    seats = X.seat_names(0, names, lang)  # seat 0 is the first dealer (East)
    chips = game_chips_line(event, lambda seat: seats[seat], lang)
    if chips:  # a game with chips (RULESETS.md §8.5): every seat's chips over the game
        notes.append(Text(chips, style="italic"))
    if time_up:
        minutes = ruleset.time_limit_minutes
        notes.append(Text(X.sentence("time_up_note", lang, minutes=minutes), style="italic"))
    return Group(
        Text(X.preset_title(ruleset), style="bold"),
        Text(""),
        heading(X.say("result.final", lang)),
        final_table(event, ruleset, names, lang),
        Text(""),
        *notes,
    )


@dataclass(frozen=True, slots=True)
class GameEnding:
    """What the final results need besides the `GameEnded` event: the ruleset the
    points are counted under, whether the clock ended the game, and the record
    the review reads (the host's `engine.timeline.Timeline`, handed on untouched in
    an `OpenReview` message: the screen never reads it)."""

    ruleset: Ruleset
    time_up: bool = False
    record: Timeline | None = None
    # Points the end itself moved (Tenhou's leftover riichi sticks to first place), by seat:
    # the final scores less those of the last hand's end.
    moved_at_end: tuple[int, ...] = ()


def game_ending(events: Sequence[Event], ruleset: Ruleset,
                record: Timeline | None = None) -> GameEnding:
    """The ending of a game from its events: the clock ended it if its last hand
    ended with the time up."""
    ends = [e for e in events if isinstance(e, HandEnded)]
    final = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
    moved: tuple[int, ...] = ()
    if ends and final is not None:
        moved = tuple(a - b for a, b in zip(final.scores, ends[-1].scores, strict=True))
    return GameEnding(ruleset, bool(ends) and ends[-1].time_up, record,
                      moved if any(moved) else ())


class GameEndScreen(ModalScreen[None]):
    """The final results of the game; Enter, Space or Esc closes it."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "close", show=False),
        Binding("v", "review", "review", show=False),
    ]

    def __init__(
        self,
        event: GameEnded,
        ending: GameEnding,
        lang: str = "en",
        *,
        tile_style: str = "text",
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__(classes="result-screen -game-end")
        if not isinstance(event, GameEnded):
            raise TypeError(f"GameEndScreen needs a GameEnded, got {event!r}")
        if not isinstance(ending, GameEnding):
            raise TypeError(f"GameEndScreen needs a GameEnding, got {ending!r}")
        self.event = event
        self.ending = ending
        self.ruleset: Ruleset = ending.ruleset
        self.lang = check_lang(lang)
        self.names = tuple(names) if names else None
        self.tile_style = tile_style  # accepted for a uniform call; no tiles are shown

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-body") as body:
            body.border_title = X.say("result.game_end", self.lang)
            review = X.first_word("result.review", self.lang)
            body.border_subtitle = f" {review} ·{hint_text(self.lang)}"
            yield Static(
                game_end_sections(
                    self.event, self.ruleset, self.names, self.lang, self.ending.time_up,
                    self.ending.moved_at_end,
                ),
                id="final-table",
                classes="section",
            )

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_review(self) -> None:
        """v: the human's decisions the hard AI would have made otherwise (tui.screens.review)."""
        if self.ending.record is None:
            return
        self.post_message(
            OpenReview(self.ending.record, lang=self.lang, tile_style=self.tile_style)
        )
