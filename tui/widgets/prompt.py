"""The prompt and the key bar: what you may do right now, exactly, with the key for each.

"[c] Chi 4p: [3p 5p]   [p] Pon 4p   [n] Pass". When several options share a key
they are numbered and the title asks for a number. The screen builds the
options from the legal actions (`tui.describe.action_text`); this only shows them.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive

from .base import TileWidget
from .event_log import LineCache


@dataclass(frozen=True, slots=True)
class PromptData:
    title: str = ""
    options: tuple[tuple[str, str], ...] = ()  # (key, what it does)
    urgent: bool = False  # a call or a win is on offer


class PromptBar(LineCache, TileWidget[PromptData]):
    DEFAULT_DATA = PromptData()
    data: reactive[PromptData] = reactive(DEFAULT_DATA, layout=False)

    def state_classes(self) -> dict[str, bool]:
        return {"-urgent": self.data.urgent}

    def render(self) -> Text:
        data = self.data
        out = Text(end="")
        if data.title:
            out.append(data.title, style="bold")
        for key, what in data.options:
            if out.cell_len:
                out.append("   ")
            out.append(f"[{key}]", style="bold reverse")
            out.append(f" {what}")
        return out


@dataclass(frozen=True, slots=True)
class KeyHint:
    key: str  # as shown: "t", "Enter", "1-9"
    label: str  # what it does, one word: "tsumo"
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class KeyBarData:
    keys: tuple[KeyHint, ...] = ()


class KeyBar(LineCache, TileWidget[KeyBarData]):
    """The footer: every shown binding, greyed out when it cannot act now.

    Cheaper than Textual's Footer (one line of text, no widget per key), so it can
    follow every change of what is legal."""

    DEFAULT_DATA = KeyBarData()
    data: reactive[KeyBarData] = reactive(DEFAULT_DATA, layout=False)

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="ellipsis", end="")
        for hint in self.data.keys:
            if out.cell_len:
                out.append(" ")
            look = "bold reverse" if hint.enabled else "dim reverse"
            out.append(hint.key, style=look)
            out.append(f" {hint.label}", style="" if hint.enabled else "dim")
        return out
