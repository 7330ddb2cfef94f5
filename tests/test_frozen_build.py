"""`engine.frozen_build.builder`: the quick constructor makes the very value the class's
own constructor makes (same type, fields, equality, hash, frozen), for every class
built that way on the decision path."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from engine import codec
from engine.frozen_build import builder
from engine.game import Game
from engine.player_view import PlayerView, player_view_of
from engine.seat_view import (
    OwnHand,
    RiverEntry,
    SeatInfo,
    SeatView,
    WallView,
    build_seat_view,
    new_own_hand,
    new_river_entry,
    new_seat_info,
    new_view,
    new_wall_view,
)
from rules.ruleset import load_preset


def _a_view() -> SeatView:
    game = Game.new(load_preset("tenhou"), 12)
    for _ in range(30):
        seat = game.pending_seats()[0]
        game.apply(game.legal_actions(seat)[-1])
    return build_seat_view(game, game.pending_seats()[0])


def _same(made: object, cls: type, values: dict[str, object]) -> None:
    plain = cls(**values)
    assert type(made) is cls
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    first = dataclasses.fields(plain)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, first, values[first])


@pytest.mark.parametrize(
    ("cls", "make", "pick"),
    [
        (SeatView, new_view, lambda v: v),
        (SeatInfo, new_seat_info, lambda v: v.seats[1]),
        (OwnHand, new_own_hand, lambda v: v.own),
        (WallView, new_wall_view, lambda v: v.wall),
        (RiverEntry, new_river_entry, lambda v: v.seats[0].river[0]),
        (PlayerView, builder(PlayerView), player_view_of),
    ],
)
def test_a_builder_makes_the_value_the_class_makes(cls, make, pick):
    value = pick(_a_view())
    values = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    _same(make(**values), cls, values)
    _same(make(*values.values()), cls, values)


def test_a_built_view_encodes_and_decodes_to_an_equal_value():
    view = _a_view()
    again = new_view(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})
    assert codec.decode(SeatView, codec.encode(SeatView, again)) == view


def test_defaults_are_the_class_defaults():
    entry = new_river_entry(_a_view().seats[0].river[0].tile, False, False, False, False)
    assert entry.riichi is False and entry.called_by is None


def test_what_a_builder_cannot_build_is_refused():
    @dataclass(frozen=True)
    class NoSlots:
        a: int

    @dataclass(slots=True)
    class NotFrozen:
        a: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            assert self.a >= 0

    @dataclass(frozen=True, slots=True)
    class Factory:
        a: list[int] = dataclasses.field(default_factory=list)

    for cls in (NoSlots, NotFrozen, Checked, Factory):
        with pytest.raises(TypeError):
            builder(cls)
