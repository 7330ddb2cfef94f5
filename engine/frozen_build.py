"""A quick constructor for a frozen, slotted dataclass: the same value, built without
`object.__setattr__` per field.

A frozen dataclass's generated `__init__` sets each field through
`object.__setattr__` (plain assignment would hit the frozen `__setattr__`): for
`SeatView`'s 27 fields that is several times the cost of a plain class's
`__init__`, and a seat's view (and the bot's reading of it) is built at every
decision of every game. `builder(cls)` returns a callable with `cls`'s signature
(the same fields, order and defaults) that makes an instance of a twin class with
the same slots, assigns the fields plainly and then makes the object a `cls`
(`__class__` assignment, allowed between classes of the same slot layout). What
comes out is an ordinary `cls` instance: frozen, equal, hashed and encoded as one
made by `cls(...)`; tests/test_frozen_build.py checks that for every class built
this way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar, cast

P = ParamSpec("P")
T = TypeVar("T")

__all__ = ["builder"]


def builder(make: Callable[P, T]) -> Callable[P, T]:
    """`cls(...)`'s quick twin for a frozen dataclass with slots and no `__post_init__`
    or default factories (checked); typed as `cls`'s own constructor."""
    cls = cast("type[Any]", make)
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: a frozen dataclass with slots=True")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: __post_init__ is not run by a builder")
    fields = dataclasses.fields(cast("Any", cls))
    names = [f.name for f in fields]
    if not all(f.init for f in fields):
        raise TypeError(f"{cls.__name__}: a field left out of __init__")
    if tuple(names) != tuple(cls.__dict__["__slots__"]):
        raise TypeError(f"{cls.__name__}: slots other than its fields")
    defaults: dict[str, Any] = {}
    args = []
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{f.name}: a default factory")
        if f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            defaults[f"_d_{f.name}"] = f.default
            args.append(f"{f.name}=_d_{f.name}")
    body = "".join(f"    self.{name} = {name}\n" for name in names)
    source = f"def __init__(self, {', '.join(args)}):\n{body}    self.__class__ = _cls\n"
    namespace: dict[str, Any] = {"_cls": cls, **defaults}
    exec(source, namespace)  # our own fields' names, as dataclasses does
    twin = type(
        f"_{cls.__name__}Builder",
        (),
        {"__slots__": tuple(names), "__init__": namespace["__init__"],
         "__module__": cls.__module__, "__doc__": f"Builds a {cls.__name__}."},
    )
    return cast("Callable[P, T]", twin)
