"""`engine.mjai_adapter`: our events masked for a seat as mjai servers mask them, read back
by the bot's side into that seat's view with the host's legal actions at every decision,
and every legal action through mjai and back."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from engine.actions import Action, Discard
from engine.game import Game
from engine.mjai_adapter import (
    FromMjai,
    MjaiActionError,
    ToMjai,
    action_from_mjai,
    action_to_mjai,
    dahai_of,
    tile_of,
)
from engine.player_view import PlayerView
from engine.redaction import redact
from engine.seat_legal import Reckoner
from engine.seat_view import Observer
from rules.ruleset import ALL_PRESET_IDS, load_preset
from rules.tiles import Tile


class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        wins = [a for a in legal if type(a).__name__ in ("Tsumo", "Ron")]
        if wins and self.rng.random() < 0.5:
            return wins[0]
        return self.rng.choice(legal)


class _Side:
    """One seat's mjai side: what it is sent, and the view it folds from that."""

    def __init__(self, seat: int, red: bool) -> None:
        self.seat = seat
        self.to = ToMjai(seat, red_fives=red)
        self.source: FromMjai | None = None
        self.reckoner: Reckoner | None = None
        self.sent: list[dict[str, Any]] = []

    def tell(self, event: Any, ruleset: Any) -> None:
        for message in self.to.events(redact(event, Observer(self.seat))):
            self.sent.append(message)
            _check_mask(message, self.seat)
            if self.source is None:
                self.source = FromMjai(ruleset)
            view = self.reckoner.view if self.reckoner is not None else None
            for ours in self.source.events(message, view):
                if self.reckoner is None:
                    self.reckoner = Reckoner(self.seat, ruleset)
                    continue
                self.reckoner.feed(ours)


def _check_mask(message: dict[str, Any], seat: int) -> None:
    kind = message["type"]
    if kind == "tsumo":
        assert (message["pai"] == "?") == (message["actor"] != seat), message
    elif kind == "start_kyoku":
        for s, hand in enumerate(message["tehais"]):
            assert len(hand) == 13
            assert all(t == "?" for t in hand) == (s != seat), message


def _play(preset: str, seed: int) -> tuple[int, list[_Side]]:
    from ai import LEVELS

    ruleset = load_preset(preset)
    game = Game.new(ruleset, seed)
    players = [_Random(seed + s) if s % 2 else LEVELS["easy"](s, seed) for s in range(4)]
    sides = [_Side(s, ruleset.red_fives > 0) for s in range(4)]
    told = compared = 0
    while True:
        for event in game.events[told:]:
            for side in sides:
                side.tell(event, ruleset)
        told = len(game.events)
        if game.is_over:
            break
        pending = game.pending_seats()
        if game.hand.phase != "declare":
            for s in pending:
                reckoner = sides[s].reckoner
                assert reckoner is not None
                view = reckoner.decision_view()
                theirs = game.legal_actions(s)
                assert sorted(map(repr, view.legal)) == sorted(map(repr, theirs)), (
                    f"{preset} seed {seed} seat {s}"
                )
                for action in view.legal:
                    riichi = isinstance(action, Discard) and action.riichi
                    message = dahai_of(action, view) if riichi else action_to_mjai(action, view)  # type: ignore[arg-type]
                    assert action_from_mjai(message, view, riichi=riichi) == action, message
                compared += 1
        s = pending[0]
        action = asyncio.run(players[game.seating[s]].decide(game.view(s), game.legal_actions(s)))
        game.apply(action)
    return compared, sides


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_mjai_round_trip_gives_each_seat_the_hosts_legal_actions(preset: str) -> None:
    compared, sides = _play(preset, 1)
    assert compared > 100
    for side in sides:
        kinds = [m["type"] for m in side.sent]
        assert kinds[0] == "start_game" and side.sent[0]["id"] == side.seat
        assert kinds[-1] == "end_game"
        # reach -> dahai -> reach_accepted, never another event between the first two
        for i, kind in enumerate(kinds):
            if kind == "reach":
                assert kinds[i + 1] == "dahai"
                assert side.sent[i + 1]["actor"] == side.sent[i]["actor"]


def test_kan_order_and_red_fives() -> None:
    """An ankan is followed by its dora (where turned at once) then the rinshan tsumo;
    red fives are named 5mr/5pr/5sr in every direction."""
    assert tile_of("5mr") == Tile(4, red=True)
    assert tile_of("5s") == Tile(22)
    assert tile_of("C") == Tile(33)
    for bad in ("0m", "5x", "55m", "5mrr", 5, None, "?"):
        with pytest.raises(ValueError):
            tile_of(bad)
    seen_ankan = 0
    for seed in range(12):
        _, sides = _play("tenhou", seed)
        sent = sides[0].sent
        for i, message in enumerate(sent):
            if message["type"] == "ankan":
                seen_ankan += 1
                assert sent[i + 1]["type"] == "dora"
                assert sent[i + 2]["type"] == "tsumo"
                assert sent[i + 2]["actor"] == message["actor"]
        if seen_ankan:
            break
    assert seen_ankan


def test_unreadable_or_illegal_answers_say_why() -> None:
    ruleset = load_preset("tenhou")
    game = Game.new(ruleset, 3)
    side = _Side(game.hand.turn, True)
    for event in game.events:
        side.tell(event, ruleset)
    assert side.reckoner is not None
    view = side.reckoner.decision_view()
    assert view.legal
    for message, words in (
        ("dahai", "JSON object"),
        ({"type": "dahai", "pai": "9z"}, "not a tile"),
        ({"type": "fly"}, "unknown action"),
        ({"type": "pon", "pai": "1m", "consumed": ["1m", "1m"]}, "not legal"),
        ({"type": "dahai", "actor": (view.seat + 1) % 4, "pai": "1m"}, "actor"),
        ({"type": "none"}, "not legal"),
    ):
        with pytest.raises(MjaiActionError, match=words):
            action_from_mjai(message, view)
