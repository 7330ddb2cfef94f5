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

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ai.review import Review, ReviewItem, review
from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.timeline import Timeline
from rules.tiles import Tile, format_tiles

from ..table_text import reason_text
from ..tiles import tiles_text
from ..words import first_name, message, tile_word
from .replay import LEVEL, REPLAY_CSS_PATH, ai_name, start_wind

# The words of the verdicts (`ReviewItem.verdict`) in tui/words.py.
VERDICT_KEYS = {
    "shanten": "shanten",
    "ukeire": "ukeire",
    "danger": "review.danger",
    "judgment": "review.judgment",
    "equal": "review.equal",
}
# The review's footer: the key and the word's key in tui/words.py.
REVIEW_KEYS = (
    ("↑↓", "review.choose"),
    ("Enter", "review.show"),
    ("e", "review.equal_discards"),
    ("Esc", "review.back"),
)


class ReviewScreen(Screen[int | None]):
    """The differing decisions of one seat; dismisses with the chosen action's index
    when it was opened by a viewer (`viewer=True`), else opens a viewer itself."""

    CSS_PATH: ClassVar = [REPLAY_CSS_PATH]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", first_name("review.back"), show=False),
        Binding("e", "equal", first_name("review.equal_discards"), show=False),
    ]

    def __init__(
        self,
        record: Timeline,
        *,
        seat: int | None = None,
        lang: str = "en",
        tile_style: str = "text",
        viewer: bool = False,
    ) -> None:
        super().__init__()
        self.timeline = record  # the engine's record, never a live game
        self.lang = lang
        self.tile_style = tile_style
        self.viewer = viewer
        self.result: Review = review(self.timeline, seat, LEVEL)
        self.seat = self.result.seat
        self.show_equal = False
        self.shown: tuple[ReviewItem, ...] = ()
        # The items by option id. Each filling of the list gets new ids, so a highlight
        # or a selection of a list that has been replaced since (keys sent faster than
        # the list is redrawn) names no item and is let go, never one of the new list.
        self._by_id: dict[str, ReviewItem] = {}
        self._fills = 0

    def compose(self) -> ComposeResult:
        yield Static(id="review-title")
        yield Static(id="review-summary")
        yield OptionList(id="review-list")
        yield Static(id="review-detail")
        yield Static(id="review-keys")

    def on_mount(self) -> None:
        lang = self.lang
        you = self.timeline.fresh().seating.index(0)
        self.query_one("#review-title", Static).update(
            review_title(self.seat, self.seat == you, lang)
        )
        self.query_one("#review-summary", Static).update(headline(self.result, lang))
        keys = Text(no_wrap=True, overflow="ellipsis")
        for key, what in REVIEW_KEYS:
            if keys.cell_len:
                keys.append(" ")
            keys.append(key, style="bold reverse")
            keys.append(f" {first_name(what, lang)}")
        self.query_one("#review-keys", Static).update(keys)
        self._fill()
        self.query_one("#review-list", OptionList).focus()

    def _fill(self) -> None:
        items = self.result.items if self.show_equal else self.result.notable
        self.shown = items
        options = self.query_one("#review-list", OptionList)
        options.clear_options()
        self._fills += 1
        ids = [f"{self._fills}-{i}" for i in range(len(items))]
        self._by_id = dict(zip(ids, items, strict=True))
        if not items:
            options.add_option(
                Option(message("review_all_agree", self.lang, ai=ai_name(self.lang)),
                       disabled=True)
            )
            self._detail(None)
            return
        options.add_options(
            [Option(item_line(item, self.lang), id=i) for i, item in zip(ids, items, strict=True)]
        )
        options.highlighted = 0
        self._detail(items[0])

    def _detail(self, item: ReviewItem | None) -> None:
        detail = self.query_one("#review-detail", Static)
        detail.update(item_detail(item, self.tile_style, self.lang) if item is not None else "")

    def _item(self, option_id: str | None) -> ReviewItem | None:
        """The item of an option of the list now shown (None for a replaced list's)."""
        return self._by_id.get(option_id) if option_id is not None else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        item = self._item(event.option_id)
        if item is not None:
            self._detail(item)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        item = self._item(event.option_id)
        if item is None:
            return
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


# ---------------------------------------------------------------- the review in words
# `ai.review` words its items in English ("East 1, turn 5", "discard 3m"); these say
# the same from tui/words.py in either language (the English is the same text).


def review_title(seat: int, yours: bool, lang: str = "en") -> str:
    """'Review of your decisions (seat 0, East at the start)'."""
    key = "review_title_you" if yours else "review_title_seat"
    return message(key, lang, seat=seat, wind=start_wind(seat, lang))


def headline(result: Review, lang: str = "en") -> str:
    """'hard: 12 of 176 decisions played otherwise (and 30 equal discards)'."""
    notable = len(result.notable)
    equal = len(result.items) - notable
    text = message(
        "review_headline", lang, level=_level(result.level, lang), notable=notable,
        decisions=result.decisions,
    )
    return text + (message("review_headline_equal", lang, equal=equal) if equal else "")


def _level(level: str, lang: str) -> str:
    try:
        return first_name(f"level.{level}", lang)
    except KeyError:
        return level


def where_text(item: ReviewItem, lang: str = "en") -> str:
    """'East 2, 1 honba, turn 6' ('東2局 1本場 6巡目' in ja)."""
    wind = start_wind(item.round_wind, lang)
    round_ = message("review_round", lang, wind=wind, hand=item.hand_number + 1)
    honba = message("review_honba", lang, honba=item.honba) if item.honba else ""
    return message("review_where", lang, round=round_, honba=honba, turn=item.turn)


def _tile(tile: Tile | int, lang: str) -> str:
    """'5p', '0p' (a red five), 'East' ('東' in ja)."""
    if isinstance(tile, Tile):
        if tile.red:
            return str(tile)
        tile = tile.kind
    return tile_word(tile).part(lang)


def action_words(action: Action, offered: Tile | None, lang: str = "en") -> str:
    """'discard 5p', 'riichi with 9s', 'pon 5p', 'pass' — an action in a few words."""
    on = f" {_tile(offered.kind, lang)}" if offered is not None else ""
    if isinstance(action, Discard):
        tile = _tile(action.tile, lang)
        return message("review_act_riichi" if action.riichi else "review_act_discard", lang,
                       tile=tile)
    if isinstance(action, Chi):
        return message("review_act_chi", lang, on=on, tiles=format_tiles(action.tiles))
    if isinstance(action, Pon):
        return message("review_act_pon", lang, on=on)
    if isinstance(action, Daiminkan):
        return message("review_act_daiminkan", lang, on=on)
    if isinstance(action, Ankan):
        return message("review_act_ankan", lang, tile=_tile(action.kind, lang))
    if isinstance(action, Kakan):
        return message("review_act_kakan", lang, tile=_tile(action.tile.kind, lang))
    if isinstance(action, Tsumo):
        return message("review_act_tsumo", lang)
    if isinstance(action, Ron):
        return message("review_act_ron", lang, on=on)
    if isinstance(action, ShowTenpai):
        return message("review_act_show_tenpai", lang)
    if isinstance(action, Pass):
        return message("review_act_pass" if offered is not None else "review_act_silent", lang)
    if isinstance(action, NineTerminals):
        return message("review_act_nine_terminals", lang)
    if isinstance(action, Kita):
        return message("review_act_kita", lang)
    return repr(action)  # pragma: no cover - every action type is named above


def efficiency_text(shanten: int | None, ukeire: int | None, lang: str = "en") -> str:
    """'1-shanten, ukeire 24' ('tenpai, ukeire 5': the live waits)."""
    if shanten is None:
        return ""
    if shanten < 0:
        words = first_name("review.complete", lang)
    elif shanten == 0:
        words = first_name("tenpai", lang)
    else:
        words = message("review_shanten", lang, count=shanten)
    return message("review_efficiency", lang, shanten=words, ukeire=ukeire)


def _pad(text: str, width: int) -> str:
    """`text` padded with spaces to `width` cells (Japanese is two cells a character)."""
    return text + " " * max(0, width - cell_len(text))


def item_line(item: ReviewItem, lang: str = "en") -> Text:
    """'East 1, turn 5   discard 3m → discard 9p  [shanten]  shanten 2→1, ukeire 12→24'."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append(_pad(where_text(item, lang), 22), style="bold")
    played = action_words(item.played, item.offered, lang)
    suggested = action_words(item.suggested, item.offered, lang)
    text.append(f"{played} → {suggested}")
    key = VERDICT_KEYS.get(item.verdict)
    verdict = first_name(key, lang) if key else item.verdict
    text.append(f"  [{verdict}]",
                style="bold red" if item.verdict in ("shanten", "danger") else "yellow")
    diff = short_difference(item, lang)
    if diff:
        text.append(f"  {diff}", style="dim")
    return text


def short_difference(item: ReviewItem, lang: str = "en") -> str:
    """'shanten 2→1, ukeire 12→24, loss 324→32' (played → suggested)."""
    parts = []
    if item.played_shanten is not None:
        shanten, ukeire = first_name("shanten", lang), first_name("ukeire", lang)
        parts.append(f"{shanten} {item.played_shanten}→{item.suggested_shanten}")
        parts.append(f"{ukeire} {item.played_ukeire}→{item.suggested_ukeire}")
    if item.played_danger is not None:
        loss = first_name("review.loss", lang)
        parts.append(f"{loss} {item.played_danger:,.0f}→{item.suggested_danger:,.0f}")
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


def hand_words(item: ReviewItem, lang: str = "en") -> str:
    """'123m456p 9s + 5s [pon 777z]' — the hand in mpsz, the drawn tile apart."""
    tiles = list(item.hand)
    if item.drawn is not None and item.drawn in tiles:
        tiles.remove(item.drawn)
    text = format_tiles(tiles)
    if item.drawn is not None:
        text += f" + {item.drawn}"
    for m in item.melds:
        kind = m.kind.value if lang == "en" else first_name(f"call.{m.kind.value}", lang)
        text += f" [{kind} {format_tiles(m.tiles)}]"
    return text


def item_detail(item: ReviewItem, style: str = "text", lang: str = "en") -> Group:
    """The situation and both choices in full."""
    lines: list[Text] = [
        Text(f"{where_text(item, lang)} ({hand_words(item, lang)})", style="bold")
    ]
    hand = _hand(item, style)
    if item.offered is not None:
        hand.append(f"   {message('review_on_offer', lang, tile=item.offered)}")
    hand.end = "\n"
    lines.append(hand)
    played_label = f"{first_name('review.played', lang)}:"
    ai_label = f"{ai_name(lang)}:"
    width = max(11, cell_len(played_label) + 1, cell_len(ai_label) + 1)
    played = Text(_pad(played_label, width), style="bold")
    played.append(action_words(item.played, item.offered, lang))
    suggested = Text(_pad(ai_label, width), style="bold")
    suggested.append(action_words(item.suggested, item.offered, lang))
    if item.played_shanten is not None:
        played.append(f"  ({efficiency_text(item.played_shanten, item.played_ukeire, lang)})")
        suggested.append(
            f"  ({efficiency_text(item.suggested_shanten, item.suggested_ukeire, lang)})"
        )
    if item.played_danger is not None:
        loss = first_name("review.loss", lang)
        played.append(f"  {loss} ~{item.played_danger:,.0f}")
        suggested.append(f"  {loss} ~{item.suggested_danger:,.0f}")
    lines += [played, suggested]
    lines += [Text(f" {reason_text(r, lang, item.seat)}", style="italic") for r in item.reasons[:5]]
    return Group(*lines)
