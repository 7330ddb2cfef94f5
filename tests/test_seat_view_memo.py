"""`engine.seat_view` keeps what it laid out for the last views (rivers grown by a
discard, the house rules of the last ruleset): every view must still equal one laid
out from scratch, whatever was built before it."""

from __future__ import annotations

import random

from engine.actions import Discard
from engine.game import Game
from engine.seat_view import build_seat_view
from engine.table_layout import river_entries
from rules.ruleset import load_preset


def test_every_river_equals_its_layout_from_scratch() -> None:
    games = [Game.new(load_preset("wrc"), 5), Game.new(load_preset("tenhou"), 6)]
    rng = random.Random(3)
    steps = called = 0
    while steps < 3000 and not all(g.is_over for g in games):
        for game in games:  # two tables in turn: the kept layouts interleave
            if game.is_over:
                continue
            h = game.hand
            # Views now and then: a river may grow by several discards between two.
            for seat in range(4) if rng.random() < 0.3 else ():
                view = build_seat_view(game, seat)
                last = h.last_discard[0] if h.last_discard is not None else None
                for i, x in enumerate(h.seats):
                    assert view.seats[i].river == river_entries(x.river, last == i)
                    called += any(e.called for e in view.seats[i].river)
            seat = game.pending_seats()[0]
            legal = game.legal_actions(seat)
            riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
            game.apply(riichi[0] if riichi else rng.choice(legal))
            steps += 1
    assert called > 0  # calls (and riichi tiles called away) were laid out too


def test_house_rules_follow_the_game_asked() -> None:
    plain = Game.new(load_preset("wrc"), 1)
    house = Game.new(load_preset("wrc").with_overrides({"kuitan": False}), 1)
    for _ in range(2):
        assert build_seat_view(plain, 0).house_rules == ()
        assert build_seat_view(house, 0).house_rules == (("kuitan", False),)
