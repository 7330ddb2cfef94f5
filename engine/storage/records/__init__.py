"""Game records in other programs' formats: tenhou.net/6 JSON and mjai JSON lines.

`export(log, fmt)` rebuilds a logged game (`engine.storage.game_log.replay`, so every event
is checked first) and writes it as

- `tenhou6` (`engine.storage.records.tenhou6`): the JSON the tenhou.net/6 viewer and
  review tools such as mjai-reviewer read: one array per hand with the deal,
  each seat's takes (draws and chi/pon/daiminkan strings) and discards (tiles,
  60 for tsumogiri, `r` riichi, ankan/kakan strings), the dora and ura
  indicators and the result (`和了` with deltas and the score string and yaku,
  or `流局` with the noten payments);
- `mjai` (`engine.storage.records.mjai`): one JSON object per line, start_game ...
  start_kyoku, tsumo, dahai, chi/pon/daiminkan/kakan/ankan, dora, reach /
  reach_accepted, hora / ryukyoku, end_kyoku ... end_game.

Every hand, call, riichi, kan, dora, win and draw comes through with the scores
(start of hand, deltas, end of game). Three-player games (RULESETS.md §9) keep both
formats' four seats with the North one empty (tenhou.net/6: empty deal, takes and
discards, `f44` for a kita; mjai: an empty tehai and `kita` events), as Tenhou's own
three-player records do. Where a ruleset has something the target
format cannot say, the export goes on with what is faithful and returns one
warning line per gap (`warnings(ruleset, fmt)`); the CLI prints them on stderr.
The gaps (decided from ruleset fields, never from preset ids):

- classic scoring (`scoring_model = "classic"`, renmei_classic): the points
  and the han/fu strings are written as our scorer made them (fu x 2^han,
  mangan cap); tools that recompute tenhou-style values will disagree.
- no dora (`dora = false`): both formats need an omote indicator per hand; the
  tile lying at the indicator position of that hand's wall is written, though
  it was never turned and counts for nothing in this ruleset.
- four-wind games (`game_length = "isshou"`): tenhou.net/6 knows rounds up to
  West; North-round hands are written with round codes 12-15. (mjai writes
  bakaze "N" as it is.)
- kan dora turned at once for every kan (`kan_dora_timing = "immediate"`):
  tenhou.net/6 keeps only the list of indicators, and its readers turn the dora
  of a daiminkan/kakan after the next discard (Tenhou's rule). mjai writes each
  `dora` event where it happened.
- uma / oka / rank points (`uma_mode`, `oka`): tenhou.net/6 carries our final
  results in `sc`; mjai has no field for them (end_game carries raw points).
- kuikae allowed (`kuikae = "allowed"`): discards that Tenhou-rule tools
  forbid may appear; strict checkers (Mortal) may reject them.
- time limits (`time_limit_minutes`): a game ended by the clock simply stops;
  neither format says why.
- sessions of several games (`games_per_session > 1`): one log is one game;
  the session total is not in the record.
- red fives: no preset uses them; with an override they are written as
  tenhou 51-53 / mjai "5mr" and flagged in the rule header.

Every hand ends in wins or one exhaustive draw (no preset has abortive draws or
nagashi mangan, and the rulesets refuse them as house rules); a double ron (the
house rule multiple_ron = "double_ron") is one result with two wins in
tenhou.net/6 and two hora in mjai. tenhou.net/6 keeps one ura list per hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from rules.ruleset import Ruleset
from rules.tiles import Tile

from ...events import (
    Dealt,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    Won,
)
from ...game import Game
from ..game_log import game_from_setup, replay

FORMATS = ("tenhou6", "mjai")


@dataclass
class HandRecord:
    """One hand of a game: how it started, the deal, what happened, how it ended."""

    start: HandStarted
    dealt: tuple[tuple[Tile, ...], ...] = ()
    dora: list[Tile] = field(default_factory=list)  # every indicator turned, omote first
    events: list[Event] = field(default_factory=list)  # after the deal, up to HandEnded
    end: HandEnded | None = None

    @property
    def wins(self) -> list[Won]:
        return [e for e in self.events if isinstance(e, Won)]

    @property
    def draw(self) -> ExhaustiveDraw | None:
        return next((e for e in self.events if isinstance(e, ExhaustiveDraw)), None)


@dataclass
class GameRecord:
    """A replayed game split into hands, with what the exporters need besides events."""

    game: Game
    hands: list[HandRecord]
    ended: GameEnded | None
    unfinished: bool  # the log stops inside a hand (that hand is left out)

    @property
    def ruleset(self) -> Ruleset:
        return self.game.ruleset


def split_hands(game: Game) -> GameRecord:
    """The game's events grouped by hand. The first indicator of a hand is taken from
    its `DoraRevealed`; a ruleset without dora gets the wall's indicator tile."""
    hands: list[HandRecord] = []
    ended: GameEnded | None = None
    current: HandRecord | None = None
    for event in game.events:
        if isinstance(event, HandStarted):
            current = HandRecord(event)
            hands.append(current)
        elif current is None:
            if isinstance(event, GameEnded):
                ended = event
        elif isinstance(event, Dealt):
            current.dealt = event.hands
        elif isinstance(event, DoraRevealed):
            current.dora.append(event.indicator)
            if event.kan:
                current.events.append(event)
        elif isinstance(event, HandEnded):
            current.end = event
            current = None
        else:
            current.events.append(event)
    unfinished = bool(hands) and hands[-1].end is None
    if unfinished:
        hands.pop()
    if not game.ruleset.dora:
        for hand, indicator in zip(hands, hidden_indicators(game), strict=False):
            hand.dora.insert(0, indicator)
    return GameRecord(game, hands, ended, unfinished)


def hidden_indicators(game: Game) -> list[Tile]:
    """The tile at the omote indicator position of each hand's wall, for rulesets that
    turn no dora: the game is played again from its setup and actions (a replayed
    game's own hand state only holds the last wall)."""
    time_ups = [e.time_up for e in game.events if isinstance(e, HandEnded)]
    ticks = iter([0.0] + [math.inf if t else 0.0 for t in time_ups])
    again = game_from_setup(game.setup, clock=lambda: next(ticks, 0.0))
    found = [again.hand.wall.indicator(0)]
    for action in game.actions:
        for event in again.apply(action):
            if isinstance(event, HandStarted):
                found.append(again.hand.wall.indicator(0))
    return found


def load(source: str | Path | Iterable[str]) -> GameRecord:
    """Replay a log (checking every event) and split it into hands."""
    return split_hands(replay(source))


def warnings(ruleset: Ruleset, fmt: str) -> list[str]:
    """One line per thing this ruleset has that `fmt` cannot say (see the module doc)."""
    out: list[str] = []
    rid = ruleset.id
    if ruleset.scoring_model == "classic":
        out.append(
            f"{rid}: classic scoring (fu x 2^han, mangan cap) has no {fmt} equivalent: "
            "points and han/fu are written as scored here"
        )
    if not ruleset.dora:
        out.append(
            f"{rid}: plays without dora, but {fmt} needs a dora indicator: the unturned "
            "tile at the indicator position is written (it counts for nothing here)"
        )
    if ruleset.game_length == "isshou" and fmt == "tenhou6":
        out.append(
            f"{rid}: four-wind game: tenhou.net/6 has no North round; North hands are "
            "written with round codes 12-15"
        )
    if (
        fmt == "tenhou6"
        and ruleset.dora
        and ruleset.kan_dora
        and ruleset.kan_dora_timing == "immediate"
    ):
        out.append(
            f"{rid}: kan dora are turned at once for every kan; tenhou.net/6 keeps no "
            "timing and its readers turn daiminkan/kakan dora after the next discard"
        )
    if fmt == "mjai" and (ruleset.uma_mode != "none" or ruleset.oka):
        out.append(
            f"{rid}: uma/oka (final results) have no mjai field: end_game carries raw points"
        )
    if ruleset.kuikae == "allowed":
        out.append(
            f"{rid}: kuikae allowed: discards that Tenhou-rule tools forbid may appear"
        )
    if ruleset.time_limit_minutes:
        out.append(
            f"{rid}: {ruleset.time_limit_minutes}-minute time limit: a game ended by the "
            f"clock just stops in {fmt}"
        )
    if ruleset.games_per_session > 1:
        out.append(
            f"{rid}: one game of a {ruleset.games_per_session}-game session: the session "
            f"total is not in {fmt}"
        )
    return out


def export(record: GameRecord, fmt: str) -> tuple[str, list[str]]:
    """The game as `fmt` text, and the warning lines for the ruleset and the log."""
    if fmt == "tenhou6":
        from .tenhou6 import to_tenhou6_text

        text = to_tenhou6_text(record)
    elif fmt == "mjai":
        from .mjai import to_mjai_text

        text = to_mjai_text(record)
    else:
        raise ValueError(f"unknown format {fmt!r}: choose one of {', '.join(FORMATS)}")
    notes = warnings(record.ruleset, fmt)
    if record.unfinished:
        notes.append("the log ends inside a hand: that hand is left out")
    return text, notes
