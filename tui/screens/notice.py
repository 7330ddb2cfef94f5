"""Modal notices about the data directory: the few moments the player must decide
or must know, each a clear text and a few keys.

- `ReplaceSaveScreen`: a saved game exists and a new one is about to start; it
  answers "resume", "new" (the saved game is then kept in ``games/``) or None.
- `NotSavedScreen`: the game is not being saved, and why; said once.
- `OtherGameScreen`: another mahjong-tui process holds this data directory; its
  save can be watched read-only, or the player quits and uses another directory.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

NOTICE_WIDTH = 90  # columns: the widest a notice is, on a wide terminal
_CSS = """
{name} {{ align: center middle; background: $background 60%; }}
{name} #notice {{ width: auto; max-width: 90; border: heavy $warning; padding: 1 2;
    background: $surface; }}
"""


class _Notice(ModalScreen[Any]):
    """A framed text in the middle of the screen."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.text, id="notice", markup=False)

    def on_mount(self) -> None:
        self._fit(self.app.size.width)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        """At most 90 columns wide, and never wider than the screen: the text (a long
        path) wraps inside instead of running off an 80-column terminal (issue #19)."""
        self.query_one("#notice").styles.max_width = max(20, min(NOTICE_WIDTH, width - 2))


class ReplaceSaveScreen(_Notice):
    """Asked before a new game replaces a saved one: nothing is replaced unasked."""

    DEFAULT_CSS = _CSS.format(name="ReplaceSaveScreen")
    BINDINGS: ClassVar = [
        Binding("y", "answer('new')", "Start the new game", priority=True),
        Binding("r", "answer('resume')", "Resume the saved game", priority=True),
        Binding("n,escape", "answer(None)", "Back", priority=True),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self, saved: str, kept_in: str, *, new: str = "", back: str = "go back"
    ) -> None:
        super().__init__(
            f"{saved}\n\n"
            f"Start a new game{f' ({new})' if new else ''} instead? The saved game is not "
            "lost: it is kept in\n"
            f"{kept_in}\n"
            "(replay or export it from there).\n\n"
            f"y        start the new game\n"
            "r        resume the saved game\n"
            f"n / Esc  {back}"
        )

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)


class NotSavedScreen(_Notice):
    """Said once, at the start or when saving first fails: the game goes on unsaved."""

    DEFAULT_CSS = _CSS.format(name="NotSavedScreen")
    BINDINGS: ClassVar = [
        Binding("enter,escape,space", "close", "Play on", priority=True),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__(
            "THIS GAME IS NOT BEING SAVED\n\n"
            f"{reason}\n\n"
            "You can play on, but if the game stops it cannot be resumed, and it may\n"
            "not reach the history. To save, make the data directory writable or\n"
            "start the game with MAHJONG_TUI_DATA set to a writable directory.\n\n"
            "Enter  play on"
        )

    def action_close(self) -> None:
        self.dismiss(None)


class OtherGameScreen(_Notice):
    """Another process plays in this data directory: one game saves there at a time."""

    DEFAULT_CSS = _CSS.format(name="OtherGameScreen")
    BINDINGS: ClassVar = [
        Binding("v", "answer('replay')", "Watch its game", priority=True),
        Binding("q,escape", "answer('quit')", "Quit", priority=True),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, pid: int, data_dir: str, *, can_replay: bool) -> None:
        who = f"process {pid}" if pid else "another process"
        watch = (
            "v  watch its saved game, read only, as it stands now\n" if can_replay
            else "(it has no readable saved game to watch yet)\n"
        )
        super().__init__(
            f"Another mahjong-tui ({who}) is playing with the data directory\n"
            f"{data_dir}\n"
            "Only one game at a time can save there, so this one will not start.\n\n"
            f"{watch}"
            "q  quit\n\n"
            "To play a game of your own meanwhile, start it with another data directory:\n"
            "MAHJONG_TUI_DATA=/path/to/another/dir mahjong-tui"
        )
        self.can_replay = can_replay

    def action_answer(self, answer: str) -> None:
        if answer == "replay" and not self.can_replay:
            return
        self.dismiss(answer)
