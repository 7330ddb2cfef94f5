"""Key help: every binding of the table screen (`tui.keys.BINDINGS_TABLE`), how tiles
are written (text and kanji faces, mpsz, the red fives) and the marks the table
uses. Esc, q, ? or Enter closes it."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from rules.ruleset import DEFAULT_PRESET, load_preset

from .. import result_text as X
from ..keys import help_rows
from ..tiles import notation
from ..words import check_lang
from .hand_result import CSS_FILE, heading, hint_text


def mark_samples() -> dict[str, Text]:
    """A sample of each mark, drawn by the board's own code (text tile style)."""
    from ..widgets.board import legend

    # Each sample as spans of its own, so a table's padding never takes its style.
    return {key: Text.assemble(sample) for sample, key in legend()}


def help_sections(lang: str, ruleset: object = None) -> RenderableType:
    keys = Table.grid(padding=(0, 2))
    keys.add_column(justify="right", no_wrap=True, style="bold")
    keys.add_column()
    for key, what in help_rows(lang, ruleset):
        keys.add_row(key, what)  # G, the glossary, is one of the table's keys
    marks = Table.grid(padding=(0, 2))
    marks.add_column(justify="right", no_wrap=True)
    marks.add_column()
    for mark, sample in mark_samples().items():
        marks.add_row(sample, X.first_word(mark, lang))
    tiles = Table.grid(padding=(0, 2))
    tiles.add_column(justify="right", no_wrap=True)
    tiles.add_column()
    for sample, key in notation("kanji"):
        tiles.add_row(Text.assemble(sample), X.first_word(key, lang))
    return Group(
        keys,
        Text(""),
        heading(X.say("help.tiles", lang)),
        tiles,
        Text(""),
        heading(X.say("help.marks", lang)),
        marks,
    )


class HelpScreen(ModalScreen[None]):
    """Every key binding with its description; Esc, q, ? or Enter closes it."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark,enter", "close", "close", show=False),
        Binding("G", "glossary", "glossary", show=False),
    ]

    def __init__(self, lang: str = "en", ruleset: object = None) -> None:
        super().__init__(classes="result-screen -help")
        self.lang = check_lang(lang)
        # The game's (the default preset's without one): its keys only where it can
        # use them (kita).
        self.ruleset = ruleset if ruleset is not None else load_preset(DEFAULT_PRESET)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-body") as body:
            body.border_title = X.say("help.title", self.lang)
            body.border_subtitle = hint_text(self.lang, "result.close")
            yield Static(help_sections(self.lang, self.ruleset), id="help", classes="section")

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_glossary(self) -> None:
        """The glossary over this screen (the app pushes it: `OpenGlossary`)."""
        from .glossary import OpenGlossary

        self.post_message(OpenGlossary(lang=self.lang))

    def action_close(self) -> None:
        self.dismiss(None)
