"""Scripted games: set up any situation on a fixed wall and play it step by step.

Scenario tests (one per rule) and examples use these:

    game = scripted_game("wrc", ["123m456m789m67p11s", ...], draws="1z5p")
    do(game, Discard(1, t("1z"), riichi=True))   # plays others on autopilot until legal
    do(game, Tsumo(1))

The autopilot is the dullest possible player: it discards the tile it drew,
passes on every call and win, and shows tenpai at a draw. It never wins, so a
scripted hand only ends the way the test says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules.ruleset import load_preset
from rules.tiles import Tile, parse_tile

from .actions import Action, Discard, Pass, ShowTenpai
from .events import Event, HandStarted
from .game import Game, Start
from .wall import scripted_wall


def t(text: str) -> Tile:
    """One tile from mpsz: `t("5p")`, `t("0p")` (red)."""
    return parse_tile(text)


def scripted_game(
    preset: str,
    hands: Sequence[str],
    draws: str = "",
    *,
    tail: str = "",
    rinshan: str = "",
    indicators: str = "",
    ura: str = "",
    rules: Mapping[str, Any] | None = None,
    start: Start | None = None,
    more_walls: Sequence[Sequence[Tile]] = (),
    seed: int = 0,
) -> Game:
    """A game whose first hand is dealt from `hands` (13 tiles per absolute seat) and
    whose live draws start with `draws`, in draw order (see `scripted_wall`)."""
    ruleset = load_preset(preset)
    if rules:
        ruleset = ruleset.with_overrides(dict(rules))
    dealer = start.hand_number if start else 0
    wall = scripted_wall(
        hands,
        draws,
        dealer=dealer,
        tail=tail,
        rinshan=rinshan,
        indicators=indicators,
        ura=ura,
        red_fives=ruleset.red_fives,
        removed=ruleset.removed_kinds,
        players=ruleset.players,
    )
    return Game.new(
        ruleset, seed, walls=[wall, *more_walls], dice=[[(3, 4)]], start=start
    )


def autopilot(game: Game, seat: int) -> Action:
    """Tsumogiri on a turn, Pass on any claim, ShowTenpai at a draw."""
    legal = game.legal_actions(seat)
    if isinstance(legal[0], ShowTenpai):
        return legal[0]
    for action in legal:
        if isinstance(action, Pass):
            return action
    drawn = game.hand.seats[seat].drawn
    if drawn is not None and Discard(seat, drawn) in legal:
        return Discard(seat, drawn)
    return next(a for a in legal if isinstance(a, Discard) and not a.riichi)


def advance(
    game: Game, until: Callable[[Game], bool], *, max_steps: int = 2000, same_hand: bool = True
) -> list[Event]:
    """Autopilot every pending seat until `until(game)` holds; the events on the way."""
    events: list[Event] = []
    for _ in range(max_steps):
        if until(game):
            return events
        if game.is_over:
            raise AssertionError("the game ended before the awaited moment")
        seat = game.pending_seats()[0]
        new = game.apply(autopilot(game, seat))
        if same_hand and any(isinstance(e, HandStarted) for e in new):
            raise AssertionError("the hand ended before the awaited moment")
        events.extend(new)
    raise AssertionError("the awaited moment never came")


def do(game: Game, *actions: Action, same_hand: bool = True) -> list[Event]:
    """Autopilot other seats until the first action is legal, apply the actions, and,
    if they answered a claim window, let the autopilot answer for the seats still
    pending in it (so the returned events include the window's resolution). Give several actions for
    several answers to one window: `do(game, Ron(1), Ron(2))`."""
    first = actions[0]
    events = advance(game, lambda g: first in g.legal_actions(first.seat), same_hand=same_hand)
    answering = game.hand.phase == "claim"
    for action in actions:
        events.extend(game.apply(action))
    seats = {a.seat for a in actions}
    while answering and not game.is_over and game.hand.phase == "claim":
        pending = [s for s in game.pending_seats() if s not in seats]
        if not pending:
            break
        events.extend(game.apply(autopilot(game, pending[0])))
    return events


def of_type(events: Sequence[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
