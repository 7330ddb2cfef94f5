"""The rules reference of a preset: every parameter, grouped A-K as RULESETS.md §2,
and its yaku table (closed / open han, limit hands), all read from the ruleset data.
The house rules of the game (overrides of the preset: the launch screen's panel or
`--rule`) come first, marked as such, and the values in the tables are theirs.

Scrolled by keyboard (arrows, PgUp/PgDn, Home/End); Esc, q or g closes it.
"""

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

from rules.presets import preset_infos
from rules.ruleset import Ruleset, RulesetError, load_preset

from .. import result_text as X
from ..house_rules import house_rules, show
from ..words import check_lang
from .hand_result import CSS_FILE, heading, hint_text


def parameters_section(ruleset: Ruleset, lang: str) -> RenderableType:
    """Every parameter in one two-column table (so the columns line up), by group."""
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column(ratio=1)
    for n, (title, rows) in enumerate(X.parameter_groups(ruleset, lang)):
        if n:
            table.add_row("", "")
        table.add_row(Text(title, style="bold"), "")
        for label, value in rows:
            table.add_row(f"  {label}", value)
    return Group(heading(X.say("rules.parameters", lang)), table)


def three_player_section(ruleset: Ruleset, lang: str) -> RenderableType | None:
    """Where three-player play differs (RULESETS.md §9); None for four players."""
    notes = X.three_player_notes(ruleset, lang)
    if not notes:
        return None
    lines = [Text(f"- {note}") for note in notes]
    return Group(heading(X.say("sanma", lang)), *lines)


def yaku_section(ruleset: Ruleset, lang: str) -> RenderableType:
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="bold underline")
    table.add_column(X.first_word("yaku", lang), no_wrap=True)
    table.add_column(X.first_word("rules.closed", lang), justify="right", no_wrap=True)
    table.add_column(X.first_word("rules.open", lang), justify="right", no_wrap=True)
    for name, closed, opened in X.yaku_table_rows(ruleset, lang):
        table.add_row(name, closed, opened)
    note = Text(f"-  {X.say('rules.closed_only', lang)}", style="italic")
    return Group(heading(X.say("rules.yaku_table", lang)), table, note)


def summary_section(ruleset: Ruleset) -> RenderableType:
    info = {p.id: p for p in preset_infos(three_players=True)}.get(ruleset.id)
    parts: list[RenderableType] = [Text(X.preset_title(ruleset), style="bold")]
    if info is not None:
        parts.append(Text(info.summary))
    house = house_rules_section(ruleset)
    if house is not None:
        parts.extend((Text(""), house))
    return Group(*parts)


def house_rules_section(ruleset: Ruleset) -> RenderableType | None:
    """The game's house rules (each against the preset's own value); None without any."""
    lines = house_rules(ruleset)
    if not lines:
        return None
    try:
        preset = load_preset(ruleset.id).as_dict()
    except RulesetError:
        preset = {}
    table = Table.grid(padding=(0, 2))
    table.add_column(no_wrap=True)
    table.add_column()
    table.add_column(style="dim")
    for key, value in lines:
        was = f"(preset: {show(preset[key])})" if key in preset else ""
        table.add_row(Text(f"  {key}", style="bold"), Text(value, style="reverse"), was)
    title = Text("House rules", style="bold underline")
    title.append("  (this game's own, over the preset)", style="italic")
    return Group(title, table)


class RulesReferenceScreen(ModalScreen[None]):
    """A preset's parameters and yaku table; Esc, q or g closes it."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,g,enter", "close", "close", show=False),
        Binding("G", "glossary", "glossary", show=False),
    ]

    def __init__(self, ruleset: Ruleset, lang: str = "en") -> None:
        super().__init__(classes="result-screen -rules")
        self.ruleset = ruleset
        self.lang = check_lang(lang)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-body") as body:
            body.border_title = f"{X.say('rules.title', self.lang)} - {self.ruleset.id}"
            body.border_subtitle = hint_text(self.lang, "result.close")
            yield Static(summary_section(self.ruleset), id="summary", classes="section")
            sanma = three_player_section(self.ruleset, self.lang)
            if sanma is not None:
                yield Static(sanma, id="sanma", classes="section")
            yield Static(yaku_section(self.ruleset, self.lang), id="yaku", classes="section")
            yield Static(
                parameters_section(self.ruleset, self.lang), id="parameters", classes="section"
            )

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_glossary(self) -> None:
        """The glossary over this screen (the app pushes it: `OpenGlossary`)."""
        from .glossary import OpenGlossary

        self.post_message(OpenGlossary())

    def action_close(self) -> None:
        self.dismiss(None)
