"""Navigation is the app's job: screens post these messages, the app opens screens.

A screen that pushed the next screen itself had to know how it is built and
what comes after it (the table waited on the result screen, the game-end
screen built the review). Now a screen only says what the player asked for
(open the rules, the help, the hint whole, the review of a game, the replay viewer, show a
hand's result, play a first game after the lessons) and the app, which knows
its screen stack, opens it. Messages bubble from a screen to its app;
`Navigator` is the mixin that handles them (`MahjongApp` and `ReplayApp`
inherit it; a test's host app can too).

A result screen is awaited by the game's worker: its message carries a future
the app completes when the screen is dismissed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from engine.timeline import Timeline


class OpenRules(Message):
    """The rules reference of `ruleset` (R at the table and in the viewer)."""

    def __init__(self, ruleset: Any, lang: str = "en") -> None:
        super().__init__()
        self.ruleset = ruleset
        self.lang = lang


class OpenHelp(Message):
    """The keys and the legend of every mark the board draws (?)."""

    def __init__(self, lang: str = "en", ruleset: Any = None) -> None:
        super().__init__()
        self.lang = lang
        self.ruleset = ruleset  # the game's, if any: the keys it can use (kita)


class OpenHint(Message):
    """The hint whole, with every reason, in a window (the hint key asked again;
    `aids` is the `tui.table_text.Aids` the table shows)."""

    def __init__(self, aids: Any, lang: str = "en") -> None:
        super().__init__()
        self.aids = aids
        self.lang = lang


class OpenReview(Message):
    """The review of a recorded game (its `engine.timeline.Timeline`): the
    decisions the AI would have made otherwise. `on_pick` gets the step the player
    chose to look at (the viewer jumps there), or None."""

    def __init__(
        self,
        record: Timeline,
        *,
        seat: int | None = None,
        lang: str = "en",
        tile_style: str = "text",
        viewer: bool = False,
        on_pick: Callable[[int | None], None] | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        self.seat = seat
        self.lang = lang
        self.tile_style = tile_style
        self.viewer = viewer
        self.on_pick = on_pick


class OpenReplay(Message):
    """The replay viewer on a recorded game (`engine.timeline.Timeline`), at `step`."""

    def __init__(
        self,
        timeline: Timeline,
        *,
        seat: int | None = None,
        lang: str = "en",
        tile_style: str = "text",
        step: int | None = None,
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.seat = seat
        self.lang = lang
        self.tile_style = tile_style
        self.step = step


class ShowResult(Message):
    """A hand's result (`Won`/`ExhaustiveDraw` with its `HandContext`, which names
    the seats) or the game's end (`GameEnded` with its `GameEnding`, named by
    `names`); `done` is completed when the player dismisses it."""

    def __init__(
        self,
        event: Any,
        context: Any,
        *,
        lang: str = "en",
        tile_style: str = "text",
        names: Sequence[str] | None = None,
    ) -> None:
        super().__init__()
        self.event = event
        self.context = context
        self.lang = lang
        self.tile_style = tile_style
        self.names = tuple(names) if names else None
        self.done: asyncio.Future[None] = asyncio.get_running_loop().create_future()


class PlayFirstGame(Message):
    """The learner asks for a first real game after the lessons (the last lesson's
    end, or the lesson menu): the app starts the table with
    `tui.learn.first_game.first_game_config`, in the lessons' language and tile style;
    a lesson screen never builds a table itself."""

    def __init__(self, lang: str = "en", tiles: str = "text") -> None:
        super().__init__()
        self.lang = lang
        self.tiles = tiles


class Navigator:
    """The app side: open the screen each message asks for (mix into an `App`)."""

    def on_open_rules(self, message: OpenRules) -> None:
        from .screens.rules_reference import RulesReferenceScreen

        message.stop()
        self.push_screen(RulesReferenceScreen(message.ruleset, message.lang))  # type: ignore[attr-defined]

    def on_open_help(self, message: OpenHelp) -> None:
        from .screens.help import HelpScreen

        message.stop()
        self.push_screen(HelpScreen(message.lang, message.ruleset))  # type: ignore[attr-defined]

    def on_open_hint(self, message: OpenHint) -> None:
        from .screens.hint import HintScreen

        message.stop()
        self.push_screen(HintScreen(message.aids, message.lang))  # type: ignore[attr-defined]

    def on_open_review(self, message: OpenReview) -> None:
        from .screens.review import ReviewScreen

        message.stop()
        screen = ReviewScreen(
            message.record,
            seat=message.seat,
            lang=message.lang,
            tile_style=message.tile_style,
            viewer=message.viewer,
        )
        self.push_screen(screen, callback=message.on_pick)  # type: ignore[attr-defined]

    def on_open_replay(self, message: OpenReplay) -> None:
        from .screens.replay import ReplayScreen

        message.stop()
        screen = ReplayScreen(
            message.timeline,
            seat=message.seat,
            tiles=message.tile_style,
            lang=message.lang,
            step=message.step,
        )
        self.push_screen(screen)  # type: ignore[attr-defined]

    def on_show_result(self, message: ShowResult) -> None:
        from engine.events import GameEnded

        message.stop()
        screen: Any
        if isinstance(message.event, GameEnded):
            from .screens.game_end import GameEndScreen

            screen = GameEndScreen(
                message.event,
                message.context,
                message.lang,
                tile_style=message.tile_style,
                names=message.names,
            )
        else:
            from .screens.hand_result import HandResultScreen

            screen = HandResultScreen(
                message.event, message.context, message.lang, message.tile_style
            )

        def closed(_: object) -> None:
            if not message.done.done():
                message.done.set_result(None)

        self.push_screen(screen, callback=closed)  # type: ignore[attr-defined]
