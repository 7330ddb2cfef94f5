"""The review: the decisions where the `hard` AI would have played otherwise (`ai.review`).

One line per decision (where, what was played, what the AI suggests, what tells
them apart); the highlighted one is shown in full below the list: the hand, the
shanten and ukeire or the danger of both choices, the AI's reasons. Enter shows
it in the replay viewer (the viewer that opened the review, or a new one when it
was opened from the game-end screen); `e` adds the discards that were as good
by shanten, ukeire and danger (the AI only breaks the tie its own way); Esc or q
goes back.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ai.review import Review, ReviewItem, Timeline, efficiency_words, review
from engine.game import Game
from rules.tiles import Tile

from ..describe import reason_text
from ..tiles import tiles_text
from .replay import LEVEL, REPLAY_CSS_PATH, SEAT_WORDS

VERDICT_WORDS = {
    "shanten": "shanten",
    "ukeire": "ukeire",
    "danger": "danger",
    "judgment": "judgment",
    "equal": "equal",
}


class ReviewScreen(Screen[int | None]):
    """The differing decisions of one seat; dismisses with the chosen action's index
    when it was opened by a viewer (`viewer=True`), else opens a viewer itself."""

    CSS_PATH: ClassVar = [REPLAY_CSS_PATH]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "back", show=False),
        Binding("e", "equal", "equal discards", show=False),
    ]

    def __init__(
        self,
        source: Timeline | Game,
        *,
        seat: int | None = None,
        lang: str = "en",
        tile_style: str = "text",
        viewer: bool = False,
    ) -> None:
        super().__init__()
        self.timeline = source if isinstance(source, Timeline) else Timeline.of(source)
        self.lang = lang
        self.tile_style = tile_style
        self.viewer = viewer
        self.result: Review = review(self.timeline, seat, LEVEL)
        self.seat = self.result.seat
        self.show_equal = False
        self.shown: tuple[ReviewItem, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="review-title")
        yield Static(id="review-summary")
        yield OptionList(id="review-list")
        yield Static(id="review-detail")
        yield Static(id="review-keys")

    def on_mount(self) -> None:
        you = self.timeline.fresh().seating.index(0)
        who = "your" if self.seat == you else f"{SEAT_WORDS[self.seat]}'s"
        self.query_one("#review-title", Static).update(
            f"Review of {who} decisions (seat {self.seat}, {SEAT_WORDS[self.seat]} at the start)"
        )
        self.query_one("#review-summary", Static).update(self.result.headline())
        keys = Text(no_wrap=True, overflow="ellipsis")
        for key, what in (("↑↓", "choose"), ("Enter", "show in the replay"),
                          ("e", "equal discards"), ("Esc", "back")):
            if keys.cell_len:
                keys.append(" ")
            keys.append(key, style="bold reverse")
            keys.append(f" {what}")
        self.query_one("#review-keys", Static).update(keys)
        self._fill()
        self.query_one("#review-list", OptionList).focus()

    def _fill(self) -> None:
        items = self.result.items if self.show_equal else self.result.notable
        self.shown = items
        options = self.query_one("#review-list", OptionList)
        options.clear_options()
        if not items:
            options.add_option(Option(f"{LEVEL.capitalize()} AI agrees with every decision",
                                      disabled=True))
            self._detail(None)
            return
        options.add_options([Option(item_line(item), id=str(i)) for i, item in enumerate(items)])
        options.highlighted = 0
        self._detail(items[0])

    def _detail(self, item: ReviewItem | None) -> None:
        detail = self.query_one("#review-detail", Static)
        detail.update(item_detail(item, self.tile_style, self.lang) if item is not None else "")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_id is not None:
            self._detail(self.shown[int(event.option_id)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None:
            return
        item = self.shown[int(event.option_id)]
        if self.viewer:
            self.dismiss(item.step)
            return
        from .replay import ReplayScreen

        self.app.push_screen(
            ReplayScreen(self.timeline, seat=item.seat, tiles=self.tile_style, lang=self.lang,
                         step=item.step, suggesting=True)
        )

    def action_equal(self) -> None:
        self.show_equal = not self.show_equal
        self._fill()

    def action_close(self) -> None:
        self.dismiss(None)


def item_line(item: ReviewItem) -> Text:
    """'East 1, turn 5   discard 3m → discard 9p  [shanten]  shanten 2→1, ukeire 12→24'."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(f"{item.where():<22}", style="bold")
    text.append(f"{item.played_text()} → {item.suggested_text()}")
    text.append(f"  [{VERDICT_WORDS.get(item.verdict, item.verdict)}]",
                style="bold red" if item.verdict in ("shanten", "danger") else "yellow")
    diff = short_difference(item)
    if diff:
        text.append(f"  {diff}", style="dim")
    return text


def short_difference(item: ReviewItem) -> str:
    """'shanten 2→1, ukeire 12→24, loss 324→32' (played → suggested)."""
    parts = []
    if item.played_shanten is not None:
        parts.append(f"shanten {item.played_shanten}→{item.suggested_shanten}")
        parts.append(f"ukeire {item.played_ukeire}→{item.suggested_ukeire}")
    if item.played_danger is not None:
        parts.append(f"loss {item.played_danger:,.0f}→{item.suggested_danger:,.0f}")
    return ", ".join(parts)


def _hand(item: ReviewItem, style: str) -> Text:
    tiles: list[Tile] = list(item.hand)
    if item.drawn is not None and item.drawn in tiles:
        tiles.remove(item.drawn)
    row = tiles_text(tiles, style)
    if item.drawn is not None:
        row.append("  ")
        row.append_text(tiles_text([item.drawn], style))
    for meld in item.melds:
        row.append("  ")
        row.append_text(tiles_text(list(meld.tiles), style))
    return row


def item_detail(item: ReviewItem, style: str = "text", lang: str = "en") -> Group:
    """The situation and both choices in full."""
    lines: list[Text] = [Text(f"{item.where()} ({item.hand_text()})", style="bold")]
    hand = _hand(item, style)
    if item.offered is not None:
        hand.append(f"   on offer: {item.offered}")
    hand.end = "\n"
    lines.append(hand)
    played = Text("Played:    ", style="bold")
    played.append(item.played_text())
    suggested = Text(f"{LEVEL.capitalize()} AI:   ", style="bold")
    suggested.append(item.suggested_text())
    if item.played_shanten is not None:
        played.append(f"  ({efficiency_words(item.played_shanten, item.played_ukeire)})")
        suggested.append(
            f"  ({efficiency_words(item.suggested_shanten, item.suggested_ukeire)})"
        )
    if item.played_danger is not None:
        played.append(f"  loss ~{item.played_danger:,.0f}")
        suggested.append(f"  loss ~{item.suggested_danger:,.0f}")
    lines += [played, suggested]
    lines += [Text(f" {reason_text(r, lang, item.seat)}", style="italic") for r in item.reasons[:5]]
    return Group(*lines)
