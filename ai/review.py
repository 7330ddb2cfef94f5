"""Review a played game: the decisions where an AI level would have played otherwise.

    game = engine.log.replay("game-7.jsonl")
    for item in review(game):                      # the human seat, `hard` by default
        print(item.where(), item.summary())

A `Timeline` rebuilds a logged game at any action from its setup (the same
seed, walls and dice, the same actions), keeping a copy of the game at every
hand start so going back is cheap; the replay viewer uses it too. `review` walks
the game once and asks `ai.suggest` (a fresh player reading the seat's view, as
the in-game hint does) at each of the seat's decisions that had a choice. Where
the suggestion differs it records the situation, both actions and what tells
them apart: shanten and ukeire (live tiles that improve the hand) after each
discard (`rules.waits.discard_options`), and, when an opponent is a serious
threat, each tile's expected loss (`ai.danger`).

Pure: no Textual, no I/O beyond `review_log` reading a file.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from engine.actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.events import Event, HandEnded
from engine.game import Game
from engine.log import game_from_setup, replay
from engine.view import PlayerView
from rules.hand import Meld
from rules.tiles import Tile, format_tiles, kind_name
from rules.waits import discard_options

from .common import Context
from .danger import assess, danger_table
from .explain import shanten_words
from .suggest import suggest

__all__ = [
    "Review",
    "ReviewItem",
    "Timeline",
    "action_words",
    "efficiency_words",
    "human_seat",
    "review",
    "review_log",
    "same_action",
]

SERIOUS = 0.4  # a threat this likely to be tenpai makes the tiles' danger worth showing
_WINDS = ("East", "South", "West", "North")


# ---------------------------------------------------------------- the game, action by action


class _LoggedClock:
    """The clock of a rebuilt game: a time limit ends the game where the record says.

    A callable object rather than a closure so that `copy.deepcopy` of a game copies
    how far through the record the clock is."""

    def __init__(self, time_ups: Sequence[bool]):
        self.ticks = [0.0] + [math.inf if t else 0.0 for t in time_ups]
        self.calls = 0

    def __call__(self) -> float:
        i = self.calls
        self.calls += 1
        return self.ticks[i] if i < len(self.ticks) else 0.0


class Timeline:
    """A game's record (setup, actions, events, marks) that can be rebuilt at any action.

    `game_at(k)` is the game after its first k actions (0 <= k <= len(actions)), a
    private copy the caller may read but must not change; `decision(k)` is what the
    seat of action k saw and could do just before it.
    """

    def __init__(
        self,
        setup: dict,
        actions: Sequence[Action],
        events: Sequence[Event],
        marks: Sequence[int],
    ):
        self.setup = setup
        self.actions = list(actions)
        self.events = list(events)
        self.marks = list(marks)
        self.time_ups = [e.time_up for e in self.events if isinstance(e, HandEnded)]
        self._game: Game | None = None
        self._checkpoints: dict[int, Game] = {}  # action count -> game, at hand starts

    @classmethod
    def of(cls, game: Game) -> Timeline:
        """The timeline of a played (or replayed) game."""
        return cls(game.setup, game.actions, game.events, game.marks)

    def __len__(self) -> int:
        return len(self.actions)

    def event_end(self, k: int) -> int:
        """How many events exist after the first k actions."""
        return self.marks[k] if k < len(self.marks) else len(self.events)

    def fresh(self) -> Game:
        return game_from_setup(self.setup, clock=_LoggedClock(self.time_ups))

    def game_at(self, k: int) -> Game:
        if not 0 <= k <= len(self.actions):
            raise IndexError(f"action {k} is outside 0..{len(self.actions)}")
        game = self._game
        if game is None or len(game.actions) > k:
            base = max((c for c in self._checkpoints if c <= k), default=None)
            game = copy.deepcopy(self._checkpoints[base]) if base is not None else self.fresh()
            if base is None:
                self._checkpoints[0] = copy.deepcopy(game)
        while len(game.actions) < k:
            before = game.hands_played
            game.apply(self.actions[len(game.actions)])
            done = len(game.actions)
            if game.hands_played != before and done not in self._checkpoints:
                self._checkpoints[done] = copy.deepcopy(game)
        self._game = game
        return game

    def decision(self, k: int) -> tuple[PlayerView, list[Action]]:
        """(view, legal actions) of the seat that took action k, just before it."""
        action = self.actions[k]
        game = self.game_at(k)
        return game.view(action.seat), list(game.legal_actions(action.seat))


# ---------------------------------------------------------------- words


def action_words(action: Action, offered: Tile | None = None) -> str:
    """'discard 5p', 'riichi with 9s', 'pon 5p', 'pass' — an action in a few words."""
    if isinstance(action, Discard):
        tile = str(action.tile) if action.tile.red else kind_name(action.tile.kind)
        return f"riichi with {tile}" if action.riichi else f"discard {tile}"
    on = f" {kind_name(offered.kind)}" if offered is not None else ""
    if isinstance(action, Chi):
        return f"chi{on} with {format_tiles(action.tiles)}"
    if isinstance(action, Pon):
        return f"pon{on}"
    if isinstance(action, Daiminkan):
        return f"daiminkan{on}"
    if isinstance(action, Ankan):
        return f"ankan {kind_name(action.kind)}"
    if isinstance(action, Kakan):
        return f"kakan {kind_name(action.tile.kind)}"
    if isinstance(action, Tsumo):
        return "tsumo"
    if isinstance(action, Ron):
        return f"ron{on}"
    if isinstance(action, ShowTenpai):
        return "show tenpai"
    if isinstance(action, Pass):
        return "pass" if offered is not None else "stay silent (noten)"
    if isinstance(action, NineTerminals):
        return "call the hand off: nine terminals and honors (kyuushu kyuuhai)"
    return repr(action)  # pragma: no cover - every action type is named above


def efficiency_words(shanten: int | None, ukeire: int | None) -> str:
    """'1-shanten, ukeire 24' ('tenpai, ukeire 5': the live waits)."""
    if shanten is None:
        return ""
    return f"{shanten_words(shanten)}, ukeire {ukeire}"


# ---------------------------------------------------------------- one reviewed decision


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One decision where the AI level would have played otherwise.

    `step` indexes `game.actions` (the viewer shows the table after it at step
    `step + 1`). Shanten/ukeire are after each discard (None when an action is not
    a discard); danger is the expected loss in points of each discard against the
    serious threats (None without one). `verdict` is what tells them apart:
    shanten | ukeire | danger | judgment (value, riichi or a call, by the level's
    own weighing) | equal (two discards alike in shanten, ukeire and danger: the
    level only breaks the tie its own way)."""

    step: int
    seat: int
    round_wind: int
    hand_number: int
    honba: int
    turn: int  # the seat's own turn in the hand (discards made so far + 1)
    hand: tuple[Tile, ...]  # concealed tiles, the drawn one included
    drawn: Tile | None
    melds: tuple[Meld, ...]
    offered: Tile | None  # the tile a call decision was about
    played: Action
    suggested: Action
    reasons: tuple[str, ...]
    played_shanten: int | None = None
    played_ukeire: int | None = None
    suggested_shanten: int | None = None
    suggested_ukeire: int | None = None
    played_danger: float | None = None
    suggested_danger: float | None = None
    verdict: str = "judgment"

    def where(self) -> str:
        """'East 2, 1 honba, turn 6'."""
        honba = f", {self.honba} honba" if self.honba else ""
        return f"{_WINDS[self.round_wind]} {self.hand_number + 1}{honba}, turn {self.turn}"

    def hand_text(self) -> str:
        """'123m456p 9s + 5s [pon 777z]' — the hand in mpsz, the drawn tile apart."""
        tiles = list(self.hand)
        if self.drawn is not None and self.drawn in tiles:
            tiles.remove(self.drawn)
        text = format_tiles(tiles)
        if self.drawn is not None:
            text += f" + {self.drawn}"
        for m in self.melds:
            text += f" [{m.kind.value} {format_tiles(m.tiles)}]"
        return text

    def played_text(self) -> str:
        return action_words(self.played, self.offered)

    def suggested_text(self) -> str:
        return action_words(self.suggested, self.offered)

    def difference(self) -> str:
        """'2-shanten, ukeire 12 vs 1-shanten, ukeire 24' or the danger, or ''."""
        parts = []
        if self.played_shanten is not None and self.suggested_shanten is not None:
            parts.append(
                f"{efficiency_words(self.played_shanten, self.played_ukeire)} vs "
                f"{efficiency_words(self.suggested_shanten, self.suggested_ukeire)}"
            )
        if self.played_danger is not None and self.suggested_danger is not None:
            parts.append(
                f"expected loss ~{self.played_danger:,.0f} vs ~{self.suggested_danger:,.0f} points"
            )
        return "; ".join(parts)

    def summary(self) -> str:
        """'played discard 3m, hard: discard 9p (2-shanten, ukeire 12 vs 1-shanten, ...)'."""
        text = f"played {self.played_text()}, suggested {self.suggested_text()}"
        diff = self.difference()
        return f"{text} ({diff})" if diff else text


# ---------------------------------------------------------------- the review


def same_action(a: Action, b: Action) -> bool:
    """The same decision (a discard of an equal tile, with or without riichi alike)."""
    if isinstance(a, Discard) and isinstance(b, Discard):
        return a.tile == b.tile and a.riichi == b.riichi
    return a == b


def _discard_facts(
    view: PlayerView, played: Action, suggested: Action
) -> dict[str, int | float | None]:
    if not (isinstance(played, Discard) and isinstance(suggested, Discard)):
        return {}
    counts = view.counts()
    melds = len(view.melds[view.seat])
    chiitoitsu = view.ruleset.seven_pairs
    out: dict[str, int | float | None] = {}
    try:
        options = {
            o.kind: o
            for o in discard_options(counts, melds, view.visible_counts(), chiitoitsu=chiitoitsu)
        }
    except ValueError:  # pragma: no cover - a view's hand always has a discard's size
        options = {}
    mine, theirs = options.get(played.tile.kind), options.get(suggested.tile.kind)
    if mine is not None and theirs is not None:
        out.update(
            played_shanten=mine.shanten,
            played_ukeire=mine.ukeire_total,
            suggested_shanten=theirs.shanten,
            suggested_ukeire=theirs.ukeire_total,
        )
    ctx = Context.of(view)
    threats = assess(ctx)
    if any(t.level >= SERIOUS for t in threats):
        table = danger_table(ctx, threats, [played.tile.kind, suggested.tile.kind])
        out.update(
            played_danger=table[played.tile.kind], suggested_danger=table[suggested.tile.kind]
        )
    return out


def _verdict(facts: dict[str, int | float | None]) -> str:
    ps, ss = facts.get("played_shanten"), facts.get("suggested_shanten")
    if ps is not None and ss is not None and ps > ss:
        return "shanten"
    pd, sd = facts.get("played_danger"), facts.get("suggested_danger")
    if pd is not None and sd is not None and pd > sd + 100:
        return "danger"
    pu, su = facts.get("played_ukeire"), facts.get("suggested_ukeire")
    if ps is not None and ps == ss and pu is not None and su is not None:
        if pu < su:
            return "ukeire"
        if pu == su and (pd is None or sd is None or abs(pd - sd) <= 100):
            return "equal"
    return "judgment"


def review_decision(
    step: int, view: PlayerView, legal: list[Action], played: Action, level: str = "hard"
) -> ReviewItem | None:
    """The review of one decision, or None when the level agrees (or there was no choice)."""
    if len(legal) < 2:
        return None
    suggested, reasons = suggest(view, legal, level)
    if same_action(suggested, played):
        return None
    facts = _discard_facts(view, played, suggested)
    return ReviewItem(
        step=step,
        seat=view.seat,
        round_wind=view.round_wind,
        hand_number=view.hand_number,
        honba=view.honba,
        turn=len(view.rivers[view.seat]) + 1,
        hand=view.hand,
        drawn=view.drawn,
        melds=view.melds[view.seat],
        offered=view.offered,
        played=played,
        suggested=suggested,
        reasons=tuple(reasons[1:]),
        verdict=_verdict(facts),
        **facts,  # type: ignore[arg-type]
    )


def human_seat(game: Game) -> int:
    """The seat of the line-up's first player (the human in a TUI game)."""
    return game.seating.index(0)


@dataclass(frozen=True, slots=True)
class Review:
    """The review of one seat's game: every decision with a choice was asked of `level`;
    `items` are those it would have made otherwise, in the order they were made."""

    seat: int
    level: str
    decisions: int
    items: tuple[ReviewItem, ...]

    def __iter__(self) -> Iterator[ReviewItem]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    @property
    def notable(self) -> tuple[ReviewItem, ...]:
        """The differences that matter: every item but the `equal` discards."""
        return tuple(i for i in self.items if i.verdict != "equal")

    def headline(self) -> str:
        """'hard: 12 of 176 decisions played otherwise (+ 30 equal discards)'."""
        notable = len(self.notable)
        equal = len(self.items) - notable
        text = f"{self.level}: {notable} of {self.decisions} decisions played otherwise"
        return text + (f" (and {equal} equal discards)" if equal else "")


def review(game: Game | Timeline, seat: int | None = None, level: str = "hard") -> Review:
    """The decisions of `seat` (default: the human seat) where `level` would differ."""
    timeline = game if isinstance(game, Timeline) else Timeline.of(game)
    rebuilt = timeline.fresh()
    if seat is None:
        seat = human_seat(rebuilt)
    items: list[ReviewItem] = []
    decisions = 0
    for k, action in enumerate(timeline.actions):
        if action.seat == seat:
            legal = rebuilt.legal_actions(seat)
            if len(legal) > 1:
                decisions += 1
                item = review_decision(k, rebuilt.view(seat), list(legal), action, level)
                if item is not None:
                    items.append(item)
        rebuilt.apply(action)
    return Review(seat, level, decisions, tuple(items))


def review_log(path: str | Path, seat: int | None = None, level: str = "hard") -> Review:
    """`review` of a JSON-lines log (checked by `engine.log.replay` first)."""
    return review(replay(path), seat, level)
