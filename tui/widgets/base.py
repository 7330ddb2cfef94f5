"""The common base of the tile widgets: a tile style and a language, both reactive.

The widgets are dumb on purpose (STYLE.md: attributes down, messages up): each
holds one frozen data value handed to it by a screen, renders it, and mirrors
it in CSS classes. They never compute what is legal, only how it looks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from textual.reactive import reactive
from textual.widget import Widget

from ..tiles import DEFAULT_STYLE, check_style
from ..words import check_lang

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# Bound to dataclasses so that `update_data(**changes)` may `replace` its fields.
DataT = TypeVar("DataT", bound="DataclassInstance")


class TileWidget(Widget, Generic[DataT]):
    """A widget drawn from one immutable data value plus the tile style and the language.

    Subclasses declare `DEFAULT_DATA` and `data = reactive(DEFAULT_DATA, layout=True)`, implement
    `render()` from `self.data`, and list the classes that mirror the data in
    `state_classes()`; `update_data(**changes)` replaces fields and re-renders.
    """

    DEFAULT_CSS: ClassVar[str] = """
    TileWidget {
        height: auto;
        width: auto;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    tile_style: reactive[str] = reactive(DEFAULT_STYLE, layout=True)
    lang: reactive[str] = reactive("en", layout=True)
    data: Any  # a frozen dataclass, declared as a reactive by each subclass
    DEFAULT_DATA: ClassVar[Any]  # what the widget shows before any data arrives

    def __init__(
        self,
        data: DataT | None = None,
        *,
        tile_style: str = DEFAULT_STYLE,
        lang: str = "en",
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(TileWidget.tile_style, check_style(tile_style))
        self.set_reactive(TileWidget.lang, check_lang(lang))
        initial = self.DEFAULT_DATA if data is None else data
        self.set_reactive(type(self).data, initial)  # type: ignore[attr-defined]
        self._sync_classes()

    def validate_tile_style(self, style: str) -> str:
        return check_style(style)

    def validate_lang(self, lang: str) -> str:
        return check_lang(lang)

    def update_data(self, data: DataT | None = None, /, **changes: Any) -> None:
        """Replace the data, or some of its fields (`update_data(cursor=3)`), and re-render."""
        base: DataT = self.data if data is None else data
        self.data = replace(base, **changes) if changes else base

    def watch_data(self) -> None:
        self._sync_classes()

    def state_classes(self) -> dict[str, bool]:
        """CSS classes that mirror the current data (name -> on/off)."""
        return {}

    def _sync_classes(self) -> None:
        for name, on in self.state_classes().items():
            self.set_class(on, name)
