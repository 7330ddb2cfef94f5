"""The hint whole: the AI's suggestion with every one of its reasons, and the aids.

Under the board (below the side bar's 160 columns) the aids have two or four rows,
too few for a hint's reasons at 80x24 or 120x40; pressing the hint key again opens
them here, wrapped to the window's width and scrolled by keyboard (issue #19: the
reasoning was cut at the edge, `… — no suji: about 7% to dea…`). Esc, Enter, Space
or i closes it.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..table_text import Aids
from ..widgets.aids import AidsData, aids_text
from ..words import check_lang, message
from ..wrap_ja import JaWrapped
from .hand_result import CSS_FILE, hint_text


class HintScreen(ModalScreen[None]):
    """The hint with its reasons and the learning aids; Esc, Enter, Space or i closes it."""

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,space,i", "close", "close", show=False),
    ]

    def __init__(self, aids: Aids, lang: str = "en") -> None:
        super().__init__(classes="result-screen -hint")
        self.aids = aids
        self.lang = check_lang(lang)
        self.text = aids_text(AidsData(aids), self.lang)  # what the window shows

    def compose(self) -> ComposeResult:
        text = self.text
        with VerticalScroll(id="result-body") as body:
            body.border_title = message("aid_hint_title", self.lang)
            body.border_subtitle = hint_text(self.lang, "result.close")
            yield Static(JaWrapped(text) if self.lang == "ja" else text, id="hint-whole",
                         classes="section")

    def on_mount(self) -> None:
        self.query_one("#result-body").focus()

    def action_close(self) -> None:
        self.dismiss(None)
