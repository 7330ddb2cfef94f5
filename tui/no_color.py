"""NO_COLOR without a crash: Textual's monochrome filter and unstyled segments.

Under ``NO_COLOR`` Textual turns every line grey through `Monochrome`, whose
`monochrome_style` reads `style.color` and fails on a segment that has no style
at all (`None`, which Rich allows and our widgets' strips contain): the first
frame raised AttributeError. `SafeMonochrome` gives such a segment an empty
style first; `use_safe_filters(app)` swaps it in, for every widget at once.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.filter import Monochrome

_NULL = Style()


class SafeMonochrome(Monochrome):
    """`Monochrome` that accepts segments without a style."""

    def apply(self, segments: list[Segment], background: Any) -> list[Segment]:
        fixed = [
            seg if seg.style is not None else Segment(seg.text, _NULL, seg.control)
            for seg in segments
        ]
        return super().apply(fixed, background)


def use_safe_filters(app: Any) -> None:
    """Replace the app's `Monochrome` filter (set when NO_COLOR is) by `SafeMonochrome`."""
    filters = getattr(app, "_filters", None)
    if not isinstance(filters, list):
        return
    for index, line_filter in enumerate(filters):
        if type(line_filter) is Monochrome:
            filters[index] = SafeMonochrome(enabled=line_filter.enabled)
