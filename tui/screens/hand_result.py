"""The end of a hand explained: a win (yaku, dora, fu, limit, payments) or a draw.

`HandResultScreen(event, context)` is opened by the app (`tui.navigation.ShowResult`,
posted by the table) when a `Won` or an `ExhaustiveDraw` arrives, and dismissed
with Enter, Space or Esc. It never sees the `Game`: it gets the event (a win
carries the engine's typed facts and score, `Won.facts`/`Won.score`) and the
hand's `HandContext` (`tui.result_text.hand_context`, built by the table session
that owns the game). Everything it says is computed by `tui.result_text`; this
module only lays it out: on a wide terminal in two columns
(hand, yaku and fu on the left; payments and score changes on the right) with
the other-presets comparison underneath, on a narrow one in a single scrolling
column.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalGroup, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from engine.events import ExhaustiveDraw, Won
from rules.hand import Meld
from rules.tiles import Tile, tile_key

from .. import result_text as X
from ..chip_lines import win_chips_line
from ..tiles import check_style, tiles_text
from ..widgets.flow import Flow
from ..widgets.result_tiles import MELD_GAP, dora_pair, hand_row, meld_pieces
from ..words import check_lang

CSS_FILE = Path(__file__).resolve().parent / "results.tcss"
WIDE = 120  # columns from which the result is laid out in two columns
HAND_MELD_GAP = 4  # cells between the concealed tiles and the first meld


def heading(text: str) -> Text:
    return Text(text, style="bold underline")


def line(text: Text) -> Text:
    """`text` ending its line (the tile helpers return Text with `end=""`)."""
    text = text.copy()
    text.end = "\n"
    return text


def grid(columns: int, *, right: Sequence[int] = (), wrap: Sequence[int] = ()) -> Table:
    """A borderless table: columns two cells apart, the `right` ones right-aligned.
    Every column may wrap, at spaces, when the terminal is too narrow for the table:
    Rich narrows the widest columns first, so names and numbers stay whole where they
    can, and a long name wraps rather than being cut with `…` (issue #19). `wrap` is
    kept for the callers that name the columns expected to wrap."""
    table = Table.grid(padding=(0, 2))
    for i in range(columns):
        table.add_column(justify="right" if i in right else "left", overflow="fold")
    return table


def wrapping(text: Text) -> Text:
    """A copy of a tile row that may wrap between tiles (tile rows are made no-wrap)."""
    text = text.copy()
    text.no_wrap = False
    text.overflow = "fold"
    return text


def hand_line(
    concealed: Sequence[Tile],
    win: Tile | None,
    melds: Sequence[Meld],
    style: str,
    owner: int = 0,
) -> RenderableType:
    """The concealed tiles (the winning tile set apart) and the melds beside them,
    drawn as the board draws them (the called tile turned towards `owner`'s giver).
    A `Flow`: on a narrow terminal a meld goes to the next line whole, never cut."""
    shown = (*concealed, win) if win is not None else tuple(concealed)
    pieces = [(0, hand_row(shown, style, drawn=win is not None))]
    pieces += [(HAND_MELD_GAP if i == 0 else MELD_GAP, meld)
               for i, meld in enumerate(meld_pieces(melds, owner, style))]
    return Flow(pieces)


def indicators_text(indicators: Sequence[Tile], style: str, lang: str) -> Flow:
    """The dora pairs (`3m -> 4m`), wrapping between pairs."""
    return Flow([(2, dora_pair(t, style, lang)) for t in indicators])


# ---------------------------------------------------------------------------
# Sections of a win


def win_sections(
    event: Won, ctx: X.HandContext, style: str, lang: str
) -> dict[str, RenderableType]:
    """Every part of a win's explanation as a Rich renderable, by section id."""
    concealed, win = X.hand_tiles(event)
    top = Group(
        Text(X.win_headline(event, ctx, lang), style="bold"),
        hand_line(concealed, win, event.melds, style, event.winner),
    )

    yaku = grid(3, right=(2,))
    for row in X.yaku_rows(event, ctx, lang):
        extra: RenderableType = Text("")
        if row.tiles:
            extra = (indicators_text(row.tiles, style, lang) if row.indicators
                     else tiles_text(row.tiles, style))
        yaku.add_row(row.label, extra, row.value)
    total = Text(X.total_line(event, ctx, lang), style="bold")
    liable = X.liability_line(event, ctx, lang)
    yaku_parts: list[RenderableType] = [heading(X.say("yaku", lang)), yaku, total]
    base = X.base_line(event, ctx, lang)
    if base:
        yaku_parts.append(Text(base))
    if liable:
        yaku_parts.append(Text(liable, style="bold yellow"))

    fu = grid(3, right=(2,))
    for row in X.fu_rows(event, lang):
        fu.add_row(row.label, wrapping(tiles_text(row.tiles, style)) if row.tiles else "",
                   row.value)
    fu_parts: list[RenderableType] = [heading(X.say("fu", lang))]
    if fu.row_count:
        fu_parts.append(fu)
    fu_parts += [Text(note) for note in X.fu_notes(event, ctx, lang)]

    return {
        "top": top,
        "yaku": Group(*yaku_parts),
        "fu": Group(*fu_parts),
        "payments": Group(
            payments_section(event.payments, ctx, lang), *_tsumo_loss(event, ctx, lang),
            *_chips(event, ctx, lang)
        ),
        "scores": scores_section(ctx, lang),
        "others": others_section(event, ctx, lang),
    }


def _tsumo_loss(event: Won, ctx: X.HandContext, lang: str) -> list[Text]:
    """A three-player tsumo's note under its payments: who does not pay, and why."""
    said = X.tsumo_loss_line(event, ctx, lang)
    return [Text(said, style="italic")] if said else []


def _chips(event: Won, ctx: X.HandContext, lang: str) -> list[Text]:
    """The win's chips under its payments, where the rules pay them (RULESETS.md §8.5)."""
    said = win_chips_line(event, ctx.label, lang)
    return [Text(said, style="italic")] if said else []


def payments_section(payments: Sequence[Any], ctx: X.HandContext, lang: str) -> RenderableType:
    parts: list[RenderableType] = [heading(X.say("result.payments", lang))]
    if payments:
        table = grid(4, right=(2,), wrap=(3,))
        for payer, payee, amount, what in X.payment_rows(payments, ctx, lang):
            table.add_row(payer, f"-> {payee}", amount, what)
        parts.append(table)
    return Group(*parts)


def scores_section(ctx: X.HandContext, lang: str) -> RenderableType:
    rows = X.score_rows(ctx)
    sticks = any(row[2] for row in rows)
    table = Table(box=None, padding=(0, 2), show_edge=False, header_style="dim")
    for i, title in enumerate(X.score_columns(lang)):
        if i == 2 and not sticks:
            continue
        table.add_column(title, justify="right" if i else "left", overflow="fold")
    for name, before, stick, change, after in rows:
        style = "bold green" if change.startswith("+") else "bold red" if change != "0" else ""
        cells: list[RenderableType] = [
            name,
            before,
            *([stick] if sticks else []),
            Text(change, style=style),
            after,
        ]
        table.add_row(*cells)
    parts: list[RenderableType] = [heading(X.say("result.score_changes", lang)), table]
    line = X.next_hand_line(ctx, lang)
    if line:
        parts.append(Text(line, style="italic"))
    return Group(*parts)


def others_section(event: Won, ctx: X.HandContext, lang: str) -> RenderableType:
    table = grid(3, right=(1,), wrap=(2,))
    for line in X.other_presets(event, ctx, lang):
        table.add_row(
            Text(line.preset, style="bold"),
            line.value,
            Text(line.detail, style="" if line.ok else "italic"),
        )
    parts: list[RenderableType] = [heading(X.say("result.other_presets", lang)), table]
    parts += [Text(note, style="italic") for note in X.other_preset_notes(event, ctx, lang)]
    return Group(*parts)


# ---------------------------------------------------------------------------
# Sections of a draw


def draw_sections(
    event: ExhaustiveDraw, ctx: X.HandContext, style: str, lang: str
) -> dict[str, RenderableType]:
    hands = grid(3)
    for row in X.tenpai_rows(event, ctx):
        state = X.say("tenpai" if row.tenpai else "noten", lang)
        shown: RenderableType = (
            hand_line(row.hand, None, row.melds, style, row.seat) if row.tenpai else Text("")
        )
        hands.add_row(
            Text(row.name, style="bold"),
            Text(state, style="bold green" if row.tenpai else "dim"),
            shown,
        )
    said = X.draw_notes(event, ctx, lang)
    if event.kind in X.ABORTIVE:
        # An abortive draw explains itself on top, as a win does: why it ended (and
        # the 九種九牌 hand shown), then what happens next; nobody's tenpai matters.
        top: list[RenderableType] = [Text(said[0], style="bold")]
        if event.hand:
            nine = tuple(sorted(event.hand, key=tile_key))
            top.append(hand_line(nine, None, (), style, event.seat or 0))
        return {
            "top": Group(*top),
            "yaku": Group(*(Text(n, style="italic") for n in said[1:])),  # nothing paid
            "scores": scores_section(ctx, lang),
        }
    # A nagashi mangan names itself and who was paid first; a plain draw has no such line.
    ending = [Text(said.pop(0), style="bold")] if event.kind == "nagashi_mangan" else []
    notes = [Text(n, style="italic") for n in said]
    return {
        "top": Group(*ending, heading(X.say("result.tenpai_hands", lang)), hands),
        "yaku": Group(payments_section(event.payments, ctx, lang), *notes),
        "scores": scores_section(ctx, lang),
    }


# ---------------------------------------------------------------------------
# The screen


def hint_text(lang: str, key: str = "result.continue") -> str:
    """The keys line shown in the frame's bottom border."""
    return f" {X.first_word(key, lang)} · {X.first_word('result.scroll', lang)} "


class HandResultScreen(ModalScreen[None]):
    """The result of one hand; Enter, Space or Esc continues.

    The seats are labelled as the context names them (`hand_context(..., names)`),
    each also by its wind in the hand.
    """

    CSS_PATH = CSS_FILE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space,escape", "close", "continue", show=False),
        Binding("G", "glossary", "glossary", show=False),
    ]

    def __init__(
        self,
        event: Won | ExhaustiveDraw,
        context: X.HandContext,
        lang: str = "en",
        tile_style: str = "text",
    ) -> None:
        super().__init__(classes="result-screen")
        if not isinstance(event, Won | ExhaustiveDraw):
            raise TypeError(f"HandResultScreen needs a Won or ExhaustiveDraw, got {event!r}")
        if not isinstance(context, X.HandContext):
            raise TypeError(f"HandResultScreen needs the hand's HandContext, got {context!r}")
        self.event = event
        self.lang = check_lang(lang)
        self.tile_style = check_style(tile_style)
        self.context = context  # the seats' names are the context's

    def title_text(self) -> str:
        if isinstance(self.event, Won):
            kind = "result.win"
        elif self.event.kind in X.ABORTIVE or self.event.kind in ("nagashi_mangan", "chombo"):
            kind = f"end.{self.event.kind}"  # the ending is named, as a win is
        else:
            kind = "result.draw"
        where = X.round_label(self.context, self.lang, X.sticks_at_end(self.context))
        return f"{X.say(kind, self.lang)} - {where}"

    def compose(self) -> ComposeResult:
        lang, style = self.lang, self.tile_style
        if isinstance(self.event, Won):
            parts = win_sections(self.event, self.context, style, lang)
            self.set_class(True, "-win")
        else:
            parts = draw_sections(self.event, self.context, style, lang)
            self.set_class(True, "-draw")
        with VerticalScroll(id="result-body") as body:
            body.border_title = self.title_text()
            body.border_subtitle = hint_text(lang)
            yield Static(parts["top"], id="top", classes="section")
            with Horizontal(id="columns"):
                with VerticalGroup(id="left"):
                    for key in ("yaku", "fu"):
                        if key in parts:
                            yield Static(parts[key], id=key, classes="section")
                with VerticalGroup(id="right"):
                    for key in ("payments", "scores"):
                        if key in parts:
                            yield Static(parts[key], id=key, classes="section")
            if "others" in parts:
                yield Static(parts["others"], id="others", classes="section")

    def on_mount(self) -> None:
        self._fit(self.app.size.width)
        self.query_one("#result-body").focus()

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        self.set_class(width < WIDE, "-narrow")

    def action_glossary(self) -> None:
        """The glossary over this screen (the app pushes it: `OpenGlossary`)."""
        from .glossary import OpenGlossary

        self.post_message(OpenGlossary())

    def action_close(self) -> None:
        self.dismiss(None)
