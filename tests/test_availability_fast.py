"""`availability.unavailable` takes shortcuts (reasons that do not depend on the state,
shared values, a quick check that every tile may go): at every decision of AI-only
games it must equal asking `_reason` for every kind, kind by kind, as it always did."""

from __future__ import annotations

import random

import pytest

from engine import availability
from engine.actions import Discard
from engine.availability import KINDS, Unavailable, _reason, action_kind
from engine.game import Game
from rules.ruleset import load_preset
from rules.tiles import Tile, format_tiles, tile_key


def _reference(game: Game, seat: int, legal: list) -> tuple[Unavailable, ...]:
    have = {action_kind(a) for a in legal}
    out = [Unavailable(kind, *_reason(game, seat, kind)) for kind in KINDS if kind not in have]
    if "discard" in have:  # every tile of the hand that may not go, each kind once
        s = game.hand.seats[seat]
        allowed = {a.tile for a in legal if isinstance(a, Discard) and not a.riichi}
        seen: set[Tile] = set()
        for tile in sorted(s.hand, key=tile_key):
            if tile in allowed or tile in seen:
                continue
            seen.add(tile)
            key = "riichi_locked" if s.riichi else (
                "kuikae" if tile.kind in s.kuikae else "cannot_discard")
            out.append(Unavailable("discard_tile", key, (("tile", format_tiles([tile])),)))
    return tuple(out)


@pytest.mark.parametrize(
    ("preset", "seed", "bars"),
    [("wrc", 4, True), ("tenhou", 9, True), ("renmei_classic", 2, False)],
)
def test_unavailable_equals_the_reason_of_every_kind(preset: str, seed: int, bars: bool) -> None:
    """`bars`: the game reaches a hand with tiles that may not go (the quick check's other
    side is then compared too)."""
    game = Game.new(load_preset(preset), seed)
    rng = random.Random(seed)
    checked = barred = 0
    while not game.is_over and checked < 3000:
        for seat in range(4):  # asked or not: every seat's reasons
            legal = game.legal_actions(seat) if seat in game.pending_seats() else []
            got = availability.unavailable(game, seat, legal)
            assert got == _reference(game, seat, legal)
            barred += any(u.kind == "discard_tile" for u in got)
            checked += 1
        seat = game.pending_seats()[0]
        legal = game.legal_actions(seat)
        # Calls, kans, everything at random; riichi whenever it may (its locked hand).
        riichi = [a for a in legal if isinstance(a, Discard) and a.riichi]
        game.apply(riichi[0] if riichi else rng.choice(legal))
    assert checked > 400 and (barred > 0 or not bars)
