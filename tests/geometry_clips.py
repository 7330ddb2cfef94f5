"""What a Textual screen cuts off: a checker for every screen but the table's board.

`clips(screen)` walks the widgets shown on a mounted screen and names, in words,
every place where text the screen was given cannot be read whole:

- a widget that lies beyond the screen, or sticks out of its container to the
  side (nobody scrolls sideways to read), or below a container that cannot scroll;
- a widget whose content is cut: the characters it renders at its own width and
  height (or at any height, when it or a container around it scrolls) are
  compared with what it renders on an unbounded canvas; a character missing, or
  a `…` that Rich or Textual put in for an overflow, is a clip;
- a border title or subtitle shortened by its border;
- an option of an option list cut at the list's width.

The comparison is of characters, not lines, so wrapping (which moves words to the
next line) passes and cropping (which drops them) does not. The event log is a
log: it shows the newest of its lines, wrapped, and what it shows must be the end
of its text with nothing dropped in between.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import RichVisual, Visual, visualize
from textual.widget import Widget
from textual.widgets import Footer, Input, OptionList

ELLIPSIS = "…"
WIDE = 1000  # an unbounded canvas: wider than any line the screens write
SKIP_IDS = frozenset({"board"})  # the table's board has its own geometry test


def _chars(strips: Iterable[Strip]) -> Counter[str]:
    return Counter(ch for strip in strips for ch in strip.text if not ch.isspace())


def _text(strips: Iterable[Strip]) -> str:
    return "\n".join(strip.text.rstrip() for strip in strips)


def _shown(widget: Widget) -> bool:
    node: object = widget
    while isinstance(node, Widget):
        if not node.display or node.styles.visibility == "hidden":
            return False
        node = node.parent
    return True


def _scrolls(widget: Widget) -> bool:
    """The widget or a container around it scrolls vertically (nothing below is lost)."""
    node: object = widget
    while isinstance(node, Widget) and not isinstance(node, Screen):
        if node.styles.overflow_y in ("auto", "scroll") and node.is_scrollable:
            return True
        node = node.parent
    return False


def _name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


def _line_widget(widget: Widget) -> bool:
    """Draws itself line by line (`render_line`), not through `render()`'s visual."""
    return type(widget).render_line is not Widget.render_line


def clips(screen: Screen, skip: frozenset[str] = SKIP_IDS) -> list[str]:
    """Every cut on `screen`, in words (empty: all text is there to read)."""
    # The terminal's cells: `size` leaves out the screen's own padding, where its
    # children are placed (a padded screen's widgets start at x=1), so it is not the edge.
    width, height = screen.outer_size
    found: list[str] = []
    skipped: set[Widget] = set()
    for widget in screen.walk_children(with_self=False):
        if widget.id in skip or (widget.parent in skipped):
            skipped.add(widget)
            continue
        if not _shown(widget):
            continue
        region = widget.region
        if not region.width or not region.height:
            continue
        name = _name(widget)
        parent = widget.parent
        found += _placement(widget, name, width, height, parent)
        if isinstance(widget, OptionList):
            found += _options(widget, name)
            continue
        if isinstance(widget, Footer | Input) or widget.is_container:
            found += _titles(widget, name)
            continue
        found += _titles(widget, name)
        found += _content(widget, name)
    return found


def _placement(widget: Widget, name: str, width: int, height: int, parent: object) -> list[str]:
    region = widget.region
    found = []
    if region.x < 0 or region.right > width:
        found.append(f"{name} {tuple(region)} runs off the {width}-column screen")
    if isinstance(parent, Widget) and not isinstance(parent, Screen):
        box = parent.scrollable_content_region
        if region.right > box.right or region.x < box.x:
            found.append(f"{name} {tuple(region)} sticks out of {_name(parent)} {tuple(box)}")
        if region.bottom > box.bottom and not (
            parent.styles.overflow_y in ("auto", "scroll") or _scrolls(parent)
        ):
            found.append(f"{name} {tuple(region)} is below {_name(parent)} {tuple(box)}")
    elif region.bottom > height and not _scrolls(widget):
        found.append(f"{name} {tuple(region)} runs off the {height}-row screen")
    return found


def _titles(widget: Widget, name: str) -> list[str]:
    found = []
    outer = widget.outer_size.width
    for title in (widget.border_title, widget.border_subtitle):
        if not title or not widget.styles.border_top[0]:
            continue
        # The border keeps a corner and a space each side of a title.
        if cell_len(str(title).strip()) + 4 > outer:
            found.append(f"{name}'s border title is cut at {outer} columns: {str(title)!r}")
    return found


def _content(widget: Widget, name: str) -> list[str]:
    size = widget.size
    if not size.width or not size.height:
        return []
    if type(widget).__name__ == "EventLog":
        return _log(widget, name)
    visual = widget._render()
    if _line_widget(widget):
        shown = [widget.render_line(y) for y in range(size.height)]
    elif widget._render_cache.size == size and not widget._dirty_regions:
        shown = list(widget._render_cache.lines)  # as painted
    else:  # a container around it may scroll it, but the widget shows only its size
        shown = Visual.to_strips(widget, visual, size.width, size.height, widget.visual_style)
    return _compare(name, _full(widget, visual), shown, size.width)


_FULL: dict[int, tuple[Any, Counter[str]]] = {}


def _full(widget: Widget, visual: Any) -> Counter[str]:
    """The characters of `visual` (or an option's prompt) drawn on an unbounded canvas
    (kept per object: the same content is checked at every size)."""
    key = visual
    kept = _FULL.get(id(key))
    if kept is not None and kept[0] is key:
        return kept[1]
    if not isinstance(visual, Visual):
        visual = visualize(widget, visual)
    if isinstance(visual, RichVisual):
        console = widget.app.console
        options = console.options.update(width=WIDE, height=None)
        lines = console.render_lines(visual._renderable, options, pad=False, new_lines=False)
        chars = Counter(ch for line in lines for seg in line for ch in seg.text
                        if not ch.isspace())
    else:
        chars = _chars(Visual.to_strips(widget, visual, WIDE, None, widget.visual_style))
    if len(_FULL) > 5000:
        _FULL.clear()
    _FULL[id(key)] = (key, chars)
    return chars


def _compare(name: str, full: Counter[str] | list[Strip], shown: list[Strip],
             width: int) -> list[str]:
    want = full if isinstance(full, Counter) else _chars(full)
    got = _chars(shown)
    found = []
    lost = want - got
    if lost:
        sample = "".join(sorted(lost.elements()))[:40]
        found.append(f"{name} loses {sum(lost.values())} characters at {width} columns "
                     f"({sample!r}): {_text(shown)[-300:]!r}")
    if got[ELLIPSIS] > want[ELLIPSIS]:
        cut = [s.text.rstrip() for s in shown if ELLIPSIS in s.text]
        found.append(f"{name} is cut with … at {width} columns: {cut[:3]!r}")
    wide = [s.text for s in shown if s.cell_length > width]
    if wide:
        found.append(f"{name} draws lines wider than its {width} columns: {wide[:2]!r}")
    return found


def _log(widget: Widget, name: str) -> list[str]:
    """The log shows the end of its lines, whole, wrapped: its characters are the last
    ones of the lines' characters, none skipped, the newest line among them."""
    lines: tuple[str, ...] = widget.data.lines  # type: ignore[attr-defined]
    if not lines:
        return []
    height = widget.size.height
    shown = "".join(
        ch for y in range(height) for ch in widget.render_line(y).text if not ch.isspace()
    )
    every = "".join(ch for line in lines for ch in line if not ch.isspace())
    newest = "".join(ch for ch in lines[-1] if not ch.isspace())
    found = []
    if not every.endswith(shown):
        found.append(f"{name} drops text at {widget.size.width} columns: {shown[-200:]!r}")
    elif len(shown) < len(newest) and cell_len(lines[-1]) <= widget.size.width * height:
        found.append(f"{name} does not show its newest line whole: {lines[-1]!r}")
    return found


def _options(widget: OptionList, name: str) -> list[str]:
    """Each option's prompt, drawn at the list's width, keeps all its characters."""
    found = []
    width = widget.scrollable_content_region.width
    if widget.virtual_size.width > width:
        found.append(f"{name} is {widget.virtual_size.width} wide in {width} columns")
    style = widget.visual_style
    for option in widget.options:
        shown = widget._get_option_render(option, style)
        found += _compare(f"{name} option {option.id}", _full(widget, option.prompt),
                          shown, width)
    return found
