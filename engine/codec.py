"""JSON encoding of actions and events, driven by their type hints.

Actions and events are frozen dataclasses; logs and the UI feed need them as
plain JSON. Rather than a hand-written `to_dict` per class (easy to let drift),
each class's field types say how to encode: a `Tile` is mpsz (`"0p"`), a tuple
of tiles one mpsz string (`"123m55z"`, order kept), a `Meld` a small object,
nested dataclasses objects, tuples lists. Decoding reads the same hints, so
`decode(cls, encode(x)) == x` for every value the engine produces.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, Union, get_args, get_origin

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, format_tiles, parse_tile, parse_tiles

NOT_ENCODED = {"codec": False}  # field metadata: a derived field kept out of the JSON


@cache
def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The encoded fields of `cls` and their types (fields marked `NOT_ENCODED` are
    derived values: left out, so adding one never changes the log format)."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (f.name, hints[f.name])
        for f in dataclasses.fields(cls)
        if f.metadata.get("codec", True)
    )


# Dataclasses registered under a name (`Registry`): a union of them (`Action`) is
# written as its member's tagged dict `{"type": name, ...}`.
_TAGGED: dict[type, Registry] = {}


@cache
def _plan(tp: Any) -> tuple[str, Any]:
    """How values of `tp` are written, worked out once per type (encoding a whole
    table view walks thousands of values; asking `typing` each time is the cost)."""
    if tp is Tile:
        return "tile", None
    if tp is Meld:
        return "meld", None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "enum", tp
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        rest = tuple(a for a in args if a is not type(None))
        if len(rest) == 1 and len(args) == 2:
            return "optional", rest[0]
        return "union", rest
    if origin is collections.abc.Sequence:  # written as the tuple it reads back as
        (item,) = get_args(tp)
        return ("tiles", None) if item is Tile else ("seq", item)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return ("tiles", None) if args[0] is Tile else ("seq", args[0])
        return "fixed", args
    if dataclasses.is_dataclass(tp):
        return "dataclass", tp
    return "plain", None


def encode(tp: Any, value: Any) -> Any:
    """`value` (of type `tp`) as JSON-ready data."""
    if value is None:
        return None
    return _encoder(tp)(value)


Encoder = Callable[[Any], Any]
_building: set[Any] = set()  # types whose encoder is being made (a type that holds itself)


@cache
def _encoder(tp: Any) -> Encoder:
    """A function that writes non-None values of `tp`, made once per type: the walk of
    `_plan` done ahead, so a whole table view (thousands of values, a checksum every
    few frames at a server) is written without asking the plan again at each value."""
    if tp in _building:  # a type that holds itself: look its encoder up when used
        return lambda v: encode(tp, v)
    _building.add(tp)
    try:
        return _make_encoder(tp)
    finally:
        _building.discard(tp)


def _tile_text(value: Tile) -> str:
    text = _TILE_TEXT.get(value)
    if text is None:
        text = _TILE_TEXT[value] = str(value)
    return text


_TILE_TEXT: dict[Tile, str] = {}  # 37 tiles at most: each written once


def _make_encoder(tp: Any) -> Encoder:
    how, arg = _plan(tp)
    if how == "optional":
        how, arg = _plan(tp := arg)
    if how == "tile":
        return _tile_text
    if how == "seq":
        item = _optional(_encoder(arg))
        return lambda v: [item(x) for x in v]
    if how == "tiles":
        return format_tiles
    if how == "dataclass":
        fields = tuple((name, _optional(_encoder(ftp))) for name, ftp in field_types(tp))
        return lambda v: {name: f(getattr(v, name)) for name, f in fields}
    if how == "fixed":
        items = tuple(_optional(_encoder(a)) for a in arg)
        return lambda v: [f(x) for f, x in zip(items, v, strict=True)]
    if how == "enum":
        return lambda v: v.value
    if how == "union":
        members = arg

        def union(value: Any) -> Any:
            registry = _TAGGED.get(type(value))
            if registry is not None and type(value) in members:
                return registry.to_dict(value)
            return value

        return union
    if how == "meld":
        return _meld
    return _plain  # int, bool, str, float, dict / Any (already JSON)


def _optional(f: Encoder) -> Encoder:
    return lambda v: None if v is None else f(v)


def _plain(value: Any) -> Any:
    return value


def _meld(value: Meld) -> dict[str, str]:
    out = {"kind": str(value.kind), "tiles": format_tiles(value.tiles)}
    if value.source is not None:
        out["source"] = str(value.source)
    if value.called is not None:
        out["called"] = str(value.called)
    return out


def json_text(tp: Any, value: Any) -> str:
    """`json.dumps(encode(tp, value), sort_keys=True, separators=(",", ":"))`, written
    part by part: the text of each frozen dataclass value (a river entry, a wall stack,
    a seat, a view) is kept by identity, so writing a view again after an action (a
    server's checksum of every stream) writes only the parts that changed."""
    return _text_writer(tp, False)(value)


Writer = Callable[[Any], str]


@cache
def _text_writer(tp: Any, keep: bool = True) -> Writer:
    """The writer of `tp`'s values; `keep`: frozen values' texts kept (not the whole
    value written at the top, a view: it is written once, its parts again and again)."""
    if (tp, keep) in _writing:
        return lambda v: _text_writer(tp, keep)(v)
    _writing.add((tp, keep))
    try:
        return _make_writer(tp, keep)
    finally:
        _writing.discard((tp, keep))


_writing: set[tuple[Any, bool]] = set()  # as `_building`, for the writers


def _dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _make_writer(tp: Any, keep: bool) -> Writer:
    how, arg = _plan(tp)
    if how == "optional":
        how, arg = _plan(tp := arg)
    if how == "seq":
        item = _text_writer(arg)
        return lambda v: "null" if v is None else "[" + ",".join([item(x) for x in v]) + "]"
    if how == "fixed":
        items = tuple(_text_writer(a) for a in arg)
        return lambda v: "null" if v is None else "[" + ",".join(
            [f(x) for f, x in zip(items, v, strict=True)]
        ) + "]"
    if how == "dataclass" and tp.__dataclass_params__.frozen:
        fields = tuple(sorted(
            ((name, _dumps(name) + ":", _text_writer(ftp)) for name, ftp in field_types(tp)),
            key=lambda f: f[0],
        ))

        def frozen(v: Any) -> str:
            if v is None:
                return "null"
            hit = _TEXTS.get(id(v)) if keep else None
            if hit is not None and hit[0] is v:
                return hit[1]
            text = "{" + ",".join([key + f(getattr(v, name)) for name, key, f in fields]) + "}"
            if not keep:
                return text
            if len(_TEXTS) >= _TEXTS_SIZE:
                _TEXTS.clear()
            _TEXTS[id(v)] = (v, text)
            return text

        return frozen
    encoder = _encoder(tp)
    return lambda v: "null" if v is None else _dumps(encoder(v))


# Texts of frozen dataclass values, by identity (the value kept: its id stays its own).
_TEXTS: dict[int, tuple[Any, str]] = {}
_TEXTS_SIZE = 8192


def decode(tp: Any, data: Any) -> Any:
    """The inverse of `encode`."""
    if data is None:
        return None
    how, arg = _plan(tp)
    if how == "optional":
        how, arg = _plan(tp := arg)
    if how == "tile":
        return parse_tile(data)
    if how == "seq":
        return tuple(decode(arg, v) for v in data)
    if how == "tiles":
        return tuple(parse_tiles(data))
    if how == "dataclass":
        return tp(**{name: decode(ftp, data[name]) for name, ftp in field_types(tp)})
    if how == "fixed":
        return tuple(decode(a, v) for a, v in zip(arg, data, strict=True))
    if how == "enum":
        return arg(data)
    if how == "union":
        if isinstance(data, dict) and "type" in data:
            for member in arg:
                registry = _TAGGED.get(member)
                if registry is not None and registry.types.get(data["type"]) is member:
                    return registry.from_dict(data)
        return data
    if how == "meld":
        return Meld(
            MeldKind(data["kind"]),
            tuple(parse_tiles(data["tiles"])),
            Source(data["source"]) if "source" in data else None,
            parse_tile(data["called"]) if "called" in data else None,
        )
    return data


def to_dict(obj: Any, kind: str) -> dict[str, Any]:
    """`{"type": kind, field: value, ...}` for a dataclass instance."""
    out: dict[str, Any] = {"type": kind}
    cls: type = type(obj)
    for name, f in _field_encoders(cls):
        out[name] = f(getattr(obj, name))
    return out


@cache
def _field_encoders(cls: type) -> tuple[tuple[str, Encoder], ...]:
    return tuple((name, _optional(_encoder(tp))) for name, tp in field_types(cls))


def from_dict(cls: type, data: dict[str, Any]) -> Any:
    return cls(**{name: decode(tp, data[name]) for name, tp in field_types(cls) if name in data})


class Registry:
    """Named dataclass types written as `{"type": name, ...fields}`: one mechanism
    for actions and events alike, so the log format cannot drift between them."""

    def __init__(self, what: str, types_by_name: dict[str, type]):
        self.what = what
        self.types = types_by_name
        self.names = {cls: name for name, cls in types_by_name.items()}
        for cls in types_by_name.values():
            _TAGGED[cls] = self

    def name(self, obj: Any) -> str:
        return self.names[type(obj)]

    def to_dict(self, obj: Any) -> dict[str, Any]:
        return to_dict(obj, self.names[type(obj)])

    def from_dict(self, data: dict[str, Any]) -> Any:
        try:
            cls = self.types[data["type"]]
        except KeyError:
            raise ValueError(f"unknown {self.what} type {data.get('type')!r}") from None
        return from_dict(cls, data)
