"""JSON encoding of actions and events, driven by their type hints.

Actions and events are frozen dataclasses; logs and the UI feed need them as
plain JSON. Rather than a hand-written `to_dict` per class (easy to let drift),
each class's field types say how to encode: a `Tile` is mpsz (`"0p"`), a tuple
of tiles one mpsz string (`"123m55z"`, order kept), a `Meld` a small object,
nested dataclasses objects, tuples lists. Decoding reads the same hints, so
`decode(cls, encode(x)) == x` for every value the engine produces.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Union, get_args, get_origin

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, format_tiles, parse_tile, parse_tiles

_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """(name, resolved type) of each field of a dataclass, read once per class."""
    fields = _FIELDS.get(cls)
    if fields is None:
        hints = typing.get_type_hints(cls)
        fields = _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls))
    return fields


def _is_optional(tp: Any) -> tuple[bool, Any]:
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(get_args(tp)) == 2:
            return True, args[0]
    return False, tp


def encode(tp: Any, value: Any) -> Any:
    """`value` (of type `tp`) as JSON-ready data."""
    if value is None:
        return None
    optional, inner = _is_optional(tp)
    if optional:
        return encode(inner, value)
    if tp is Tile:
        return str(value)
    if tp is Meld:
        out = {"kind": str(value.kind), "tiles": format_tiles(value.tiles)}
        if value.source is not None:
            out["source"] = str(value.source)
        if value.called is not None:
            out["called"] = str(value.called)
        return out
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Tile:
                return format_tiles(value)
            return [encode(args[0], v) for v in value]
        return [encode(a, v) for a, v in zip(args, value, strict=True)]
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return {name: encode(ftp, getattr(value, name)) for name, ftp in field_types(tp)}
    return value  # int, bool, str, float, dict / Any (already JSON)


def decode(tp: Any, data: Any) -> Any:
    """The inverse of `encode`."""
    if data is None:
        return None
    optional, inner = _is_optional(tp)
    if optional:
        return decode(inner, data)
    if tp is Tile:
        return parse_tile(data)
    if tp is Meld:
        return Meld(
            MeldKind(data["kind"]),
            tuple(parse_tiles(data["tiles"])),
            Source(data["source"]) if "source" in data else None,
            parse_tile(data["called"]) if "called" in data else None,
        )
    origin = get_origin(tp)
    if origin is tuple:
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is Tile:
                return tuple(parse_tiles(data))
            return tuple(decode(args[0], v) for v in data)
        return tuple(decode(a, v) for a, v in zip(args, data, strict=True))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return tp(**{name: decode(ftp, data[name]) for name, ftp in field_types(tp)})
    return data


def to_dict(obj: Any, kind: str) -> dict[str, Any]:
    """`{"type": kind, field: value, ...}` for a dataclass instance."""
    out: dict[str, Any] = {"type": kind}
    for name, tp in field_types(type(obj)):
        out[name] = encode(tp, getattr(obj, name))
    return out


def from_dict(cls: type, data: dict[str, Any]) -> Any:
    return cls(**{name: decode(tp, data[name]) for name, tp in field_types(cls) if name in data})


class Registry:
    """Named dataclass types written as `{"type": name, ...fields}`: one mechanism
    for actions and events alike, so the log format cannot drift between them."""

    def __init__(self, what: str, types_by_name: dict[str, type]):
        self.what = what
        self.types = types_by_name
        self.names = {cls: name for name, cls in types_by_name.items()}

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
