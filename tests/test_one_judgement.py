"""One judgement (issue 24): the hint, the review and `hard` weigh a position the same
way (`ai.judgement`) and never contradict one another.

The issue's position: wrc, seed 906535000, the player (seat 2, dealer of East 3,
2 honba) followed the hint; West (seat 0) is in riichi with 1s as the riichi tile.
The hint offered Chi 6p with 4p 5p for tanyao tenpai, then, after the chi, told the
player to break that tenpai with 7p ("push ... no suji") instead of the genbutsu 1s;
the review then listed the 1s as the mistake. The fixture is that game's setup and
its actions up to the chi offer (made with the hint of the time, so the position
stays the issue's whatever the AI plays today).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_ai_units import make_view

from ai.danger import after_riichi_kinds, discard_order
from ai.hard import HardPlayer
from ai.normal import NormalPlayer
from ai.review import review_decision
from ai.suggest import suggest
from engine.actions import Action, Chi, Discard, Pon, action_from_dict
from engine.game import Game
from engine.state import RiverTile
from engine.storage.game_log import game_from_setup
from rules.ruleset import load_preset
from rules.tiles import parse_tile, parse_tiles

FIXTURE = Path(__file__).parent / "fixtures" / "issue24_riichi_1s.jsonl"
YOU = 2


def _issue_game(player: HardPlayer | None = None) -> Game:
    """The game at the chi offer; `player`, when given, is asked at each of the
    seat's decisions on the way (a hard player that sat through the game)."""
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines()]
    game = game_from_setup(rows[0]["setup"])
    for row in rows[1:]:
        action = action_from_dict(row["action"])
        if player is not None and action.seat == YOU:
            player.choose(game.view(YOU), list(game.legal_actions(YOU)))
        game.apply(action)
    return game


def test_the_fixture_is_the_issues_position():
    game = _issue_game()
    view = game.view(YOU)
    assert (view.round_wind, view.hand_number, view.honba) == (0, 2, 2)
    west = (view.dealer + 2) % 4
    assert view.riichi[west]
    assert [e.tile.kind for e in view.rivers[west] if e.riichi] == [parse_tile("1s").kind]
    assert view.offered is not None and view.offered.kind == parse_tile("6p").kind
    assert sorted(t.kind for t in view.hand) == sorted(
        t.kind for t in parse_tiles("456m457788p1333s"))


def test_hint_review_and_hard_agree_on_the_chi_and_the_safe_1s_after_it():
    sat_through = HardPlayer(YOU, 0)
    game = _issue_game(sat_through)
    view, legal = game.view(YOU), list(game.legal_actions(YOU))
    chi, reasons = suggest(view, legal)
    assert isinstance(chi, Chi) and sorted(t.kind for t in chi.tiles) == [
        parse_tile("4p").kind, parse_tile("5p").kind]
    assert any("tenpai" in r and "tanyao" in r for r in reasons)
    assert sat_through.choose(view, legal) == chi
    assert review_decision(len(game.actions), view, legal, chi) is None
    game.apply(chi)

    view, legal = game.view(YOU), list(game.legal_actions(YOU))
    step = len(game.actions)
    hint, reasons = suggest(view, legal)
    one_s = Discard(YOU, next(t for t in view.hand if t.kind == parse_tile("1s").kind))
    # the chi was for tanyao tenpai: the genbutsu 1s keeps it (7p 8p shanpon)
    assert hint == one_s, reasons
    assert any("genbutsu" in r for r in reasons)
    assert sat_through.choose(view, legal) == hint
    assert HardPlayer(YOU, 0).choose(view, legal) == hint
    assert review_decision(step, view, legal, one_s) is None  # the 1s is no mistake
    # ... and 7p, the old hint, is: more dangerous and worth less by the same weighing
    seven_p = next(a for a in legal if isinstance(a, Discard) and not a.riichi
                   and a.tile.kind == parse_tile("7p").kind)
    item = review_decision(step, view, legal, seven_p)
    assert item is not None and item.suggested == one_s
    assert item.played_danger is not None and item.suggested_danger is not None
    assert item.played_danger > item.suggested_danger
    assert item.played_ev is not None and item.suggested_ev is not None
    assert item.played_ev < item.suggested_ev
    assert "expected value" in item.difference()


def _river(text: str, riichi_at: int | None = None, called: dict[int, int] | None = None):
    called = called or {}
    return tuple(RiverTile(t, tsumogiri=False, riichi=i == riichi_at, called_by=called.get(i))
                 for i, t in enumerate(parse_tiles(text)))


def test_discards_after_a_riichi_follow_the_calls():
    # Dealer seat 0. Seat 3 pons seat 0's second discard (5z), skipping seats 1 and 2;
    # then seat 1 declares riichi with 3z; seat 2 discards 6p after it and seat 3 7s.
    # Turn order without the call would put seat 1's 3z after seat 2's 8m.
    rivers = (
        _river("1z5z9m", called={1: 3}),
        _river("1m3z", riichi_at=1),
        _river("4z6p"),
        _river("2z8m7s"),
    )
    view = make_view("123m456p789s23s55z", rivers=rivers, riichi=(False, True, False, False))
    order = discard_order(view)
    assert order[:6] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (3, 1)]
    assert order[6:] == [(0, 2), (1, 1), (2, 1), (3, 2)]
    after = after_riichi_kinds(view, 1)
    assert after == {parse_tile("6p").kind, parse_tile("7s").kind}


def _hard_decisions(seed: int, preset: str) -> list[tuple[int, object, list[Action], Action]]:
    """A game with `hard` (one instance each, kept all game) in seats 0 and 2 and
    `normal` in 1 and 3: each hard decision with a choice, and what hard played."""
    game = Game.new(load_preset(preset), seed)
    players = {s: (HardPlayer if s % 2 == 0 else NormalPlayer)(s, seed) for s in range(4)}
    out = []
    while not game.is_over:
        seat = game.pending_seats()[0]
        view, legal = game.view(seat), list(game.legal_actions(seat))
        action = players[seat].choose(view, legal)
        if seat % 2 == 0 and len(legal) > 1:
            out.append((len(game.actions), view, legal, action))
        game.apply(action)
    return out


def _agreement(seed: int, preset: str) -> tuple[int, int]:
    """(hard decisions under a serious threat, all hard decisions), after checking at
    every one that the hint equals hard's play and the review finds no fault in it."""
    threatened = total = 0
    for step, view, legal, played in _hard_decisions(seed, preset):
        total += 1
        hint, reasons = suggest(view, legal)
        assert hint == played, (seed, step, played, hint, reasons)
        assert review_decision(step, view, legal, played) is None, (seed, step)
        if any(view.riichi[s] for s in range(4) if s != view.seat):
            threatened += 1
    return threatened, total


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_the_hint_is_hards_play_and_the_review_never_faults_it(seed):
    threatened, total = _agreement(seed, "tenhou")
    assert total > 50 and threatened > 0


@pytest.mark.slow
def test_the_hint_is_hards_play_over_many_seeded_games():
    rng = random.Random(24)
    threatened = 0
    for preset in ("tenhou", "wrc", "mleague"):
        for _ in range(6):
            t, _total = _agreement(rng.randrange(10**6), preset)
            threatened += t
    assert threatened > 100  # the property was tested where it matters: under riichi



def _calls_then_folds(seed: int, preset: str) -> tuple[int, list[int]]:
    """(hard's calls under a riichi, the steps after which its next discard folded)."""
    game = Game.new(load_preset(preset), seed)
    players = {s: (HardPlayer if s % 2 == 0 else NormalPlayer)(s, seed) for s in range(4)}
    called: set[int] = set()
    calls, folds = 0, []
    while not game.is_over:
        seat = game.pending_seats()[0]
        view, legal = game.view(seat), list(game.legal_actions(seat))
        action = players[seat].choose(view, legal)
        if seat in called and view.phase == "turn":
            called.discard(seat)
            calls += 1
            _, reasons = suggest(view, legal)
            if any(r.startswith("fold") for r in reasons):
                folds.append(len(game.actions))
        if seat % 2 == 0 and isinstance(action, Chi | Pon) and any(
            view.riichi[s] for s in range(4) if s != seat
        ):
            called.add(seat)
        game.apply(action)
    return calls, folds


@pytest.mark.parametrize("seed", [8, 9])
def test_hard_never_calls_into_a_riichi_to_fold_right_after(seed):
    """A call under a riichi is made only when the judgement of the discard after it
    pushes (`HardPlayer.push_after_call`): the hint never offers a chi and then
    advises folding with the next tile (before, seeds 8 and 9 of wrc did)."""
    _calls, folds = _calls_then_folds(seed, "wrc")
    assert folds == []


@pytest.mark.slow
def test_hard_never_calls_into_a_riichi_to_fold_over_many_games():
    total = 0
    for seed in range(40):
        for preset in ("tenhou", "wrc"):
            calls, folds = _calls_then_folds(seed, preset)
            assert folds == [], (preset, seed)
            total += calls
    assert total > 20
