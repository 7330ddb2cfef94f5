"""Learning aids: shanten, what the tile under the cursor leaves, the waits with how
many remain and what each would win, furiten and riichi chances, the hint.

Everything arrives in words (`tui.table_text.learning_aids`); the panel lays it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text
from textual.reactive import reactive

from ..table_text import Aids, tile_label
from ..words import first_name, message
from .base import TileWidget


@dataclass(frozen=True, slots=True)
class AidsData:
    aids: Aids = field(default_factory=Aids)
    enabled: bool = True
    compact: bool = False


def aids_text(data: AidsData, lang: str = "en") -> Text:
    aids = data.aids
    lines: list[Text] = []
    if not data.enabled:
        return Text(message("aid_off", lang), style="dim")
    if data.compact:
        # Under the board in a few rows that scroll, every line wrapped (issue #19: cut
        # at the edge, the hint's reasons were lost): the hint first when there is one
        # (it is what the learner just asked for) with all its reasons, then the facts
        # (they change with the cursor); a furiten warning above all. The hint key
        # pressed again shows the hint whole in a window (`HintScreen`).
        if aids.furiten:
            lines.append(Text(aids.furiten, style="bold red", end=""))
        if aids.hint:
            first, *more = aids.hint.split("\n")
            hint = Text(first, style="bold reverse", end="")
            hint.append(f"  {message('aid_hint_more', lang)}", style="dim")
            lines.append(hint)
            lines.extend(Text(" " + reason, style="italic", end="") for reason in more)
        parts = [p for p in (aids.shanten, aids.cursor) if p]
        line = Text(" · ".join(parts), end="")
        if aids.waits:
            waits = ", ".join(f"{tile_label(w.kind, lang)}x{w.unseen} {w.ron.split(' (')[0]}"
                              for w in aids.waits)
            line.append(f" · {first_name('waits', lang)} {waits}")
        if line.cell_len:
            lines.append(line)
        return Text("\n", end="").join(lines)
    if aids.hint:
        first, *more = aids.hint.split("\n")
        lines.append(Text(first, style="bold reverse"))
        lines.extend(Text(f" {line}", style="italic") for line in more)
    if aids.shanten:
        lines.append(Text(aids.shanten, style="bold"))
    if aids.cursor:
        lines.append(Text(aids.cursor))
    if aids.furiten:
        lines.append(Text(aids.furiten, style="bold red"))
    if aids.waits_title:
        lines.append(Text(aids.waits_title, style="bold"))
    for w in aids.waits:
        line = Text(f" {tile_label(w.kind, lang)}", style="bold", end="")
        line.append(message("aid_left", lang, count=w.unseen), style="dim" if w.unseen else "red")
        lines.append(line)
        lines.append(Text(f"   {first_name('call.ron', lang)} {w.ron}"))
        lines.append(Text(f"   {first_name('call.tsumo', lang)} {w.tsumo}"))
    if aids.riichi:
        lines.append(Text(aids.riichi, style="bold green"))
    return Text("\n", end="").join(lines)


class AidsPanel(TileWidget[AidsData]):
    DEFAULT_DATA = AidsData()
    # layout: the panel is as tall as its text (its box scrolls), so new data resizes it
    data: reactive[AidsData] = reactive(DEFAULT_DATA, layout=True)

    def state_classes(self) -> dict[str, bool]:
        return {
            "-off": not self.data.enabled,
            "-furiten": bool(self.data.aids.furiten),
            "-tenpai": bool(self.data.aids.waits),
            "-hint": bool(self.data.aids.hint),
        }

    def render(self) -> Text:
        return aids_text(self.data, self.lang)
