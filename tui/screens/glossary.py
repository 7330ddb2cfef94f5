"""The glossary screen: every entry of `tui.glossary` (each yaku and term), searchable,
in English or Japanese first (`--lang`).

Type to search (names first, then definitions), ↑/↓ to move through the matches,
Esc to close. Any screen opens it by posting `OpenGlossary` (the help, rules
reference and result screens do on `G`); the app pushes it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ..glossary import ENTRIES, Entry, search, yaku_han
from ..words import check_lang
from .drill import CSS_FILE

GLOSSARY_KEY = "G"  # the key that opens the glossary from the help, rules and result screens


class OpenGlossary(Message):
    """Ask the app for the glossary, optionally searching `query` at once.

    `lang` is the asking screen's language when it has its own (a lesson or drill
    opened from the launch screen under the language chosen there); None means the
    app's."""

    def __init__(self, query: str = "", lang: str | None = None) -> None:
        super().__init__()
        self.query = query
        self.lang = lang


def entry_name(entry: Entry, lang: str) -> str:
    """'pinfu 平和' in English, '平和 pinfu' in Japanese."""
    if lang == "ja":
        return f"{entry.japanese} {entry.romaji}"
    return f"{entry.romaji} {entry.japanese}"


def entry_detail(entry: Entry, lang: str) -> Text:
    """Everything the glossary says about `entry`, in `lang` first."""
    parts: list[Text] = [Text(entry_name(entry, lang), style="bold underline")]
    first, second = (entry.ja, entry.en) if lang == "ja" else (entry.en, entry.ja)
    parts += [Text(first), Text(second, style="dim")]
    if entry.example is not None:
        label = "例" if lang == "ja" else "Example"
        parts.append(Text(f"{label}: {entry.example.mpsz}"))
    if entry.section == "yaku":
        cells = yaku_han(entry.id)
        label = "翻数 (門前 / 鳴き)" if lang == "ja" else "Han (closed / open)"
        rows = [f"  {preset}: {cell.text() if cell else '-'}" for preset, cell in cells.items()]
        parts.append(Text("\n".join([f"{label}:", *rows])))
    if entry.see_also:
        label = "関連" if lang == "ja" else "See also"
        parts.append(Text(f"{label}: {', '.join(entry.see_also)}", style="italic"))
    return Text("\n\n").join(parts)


class GlossaryScreen(Screen[None]):
    """Search every yaku and term; Esc closes."""

    CSS_PATH: ClassVar = [CSS_FILE]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close", show=False),
        Binding("down", "move(1)", "next", show=False, priority=True),
        Binding("up", "move(-1)", "previous", show=False, priority=True),
    ]

    def __init__(self, lang: str = "en", query: str = "") -> None:
        super().__init__(classes="learn-screen")
        self.lang = check_lang(lang)
        self.query_text = query
        self.matches: list[Entry] = []

    def compose(self) -> ComposeResult:
        placeholder = "検索 (名前・説明)" if self.lang == "ja" else "search (names, definitions)"
        yield Input(self.query_text, placeholder=placeholder, id="glossary-search")
        with Horizontal(id="learn-body") as body:
            body.border_title = "用語集 Glossary" if self.lang == "ja" else "Glossary 用語集"
            yield OptionList(id="glossary-list")
            with VerticalScroll(id="glossary-detail"):
                yield Static(id="glossary-entry")
        keys = ("入力: 検索 · ↑↓: 選択 · Esc: 戻る" if self.lang == "ja"
                else "type: search · ↑↓: choose · Esc: back")
        yield Static(keys, id="learn-keys")

    def on_mount(self) -> None:
        self.show_matches(self.query_text)
        self.query_one("#glossary-search", Input).focus()

    @on(Input.Changed, "#glossary-search")
    def _typed(self, event: Input.Changed) -> None:
        self.show_matches(event.value)

    def show_matches(self, text: str) -> None:
        self.matches = search(text) if text.strip() else list(ENTRIES.values())
        found = self.query_one("#glossary-list", OptionList)
        found.clear_options()
        found.add_options([Option(entry_name(e, self.lang)) for e in self.matches])
        if self.matches:
            found.highlighted = 0
        self.show_entry(0)

    @on(OptionList.OptionHighlighted, "#glossary-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_entry(event.option_index)

    def show_entry(self, index: int) -> None:
        entry = self.query_one("#glossary-entry", Static)
        if not self.matches:
            none = "該当なし" if self.lang == "ja" else "Nothing matches."
            entry.update(Text(none, style="italic"))
            return
        entry.update(entry_detail(self.matches[index], self.lang))

    def action_move(self, step: int) -> None:
        found = self.query_one("#glossary-list", OptionList)
        if not self.matches:
            return
        now = found.highlighted or 0
        found.highlighted = max(0, min(len(self.matches) - 1, now + step))

    def action_close(self) -> None:
        self.dismiss(None)
