"""Review a played game: the decisions where an AI level would have played otherwise.

    for item in review_log("game-7.jsonl"):        # the human seat, `hard` by default
        print(item.where(), item.summary())

`review` never holds the game: the engine replays the record for the reviewed
seat (`engine.replay_views.seat_decisions`) and hands over the seat's
`SeatView` at each of its decisions, with what it played; the review asks
`ai.suggest` (a fresh player reading that view, as the in-game hint does) at
each decision that had a choice. Where
the suggestion differs it records the situation, both actions and what tells
them apart: shanten and ukeire (live tiles that improve the hand) after each
discard (`rules.waits.discard_options`), and, when an opponent is a serious
threat, each tile's expected loss (`ai.danger`).

Pure: no Textual, no I/O beyond `review_log` reading a file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

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
from engine.player_view import PlayerView, reading
from engine.replay_views import Record, first_seat, seat_decisions
from engine.seat_view import SeatView
from rules.hand import Meld
from rules.tiles import Tile, format_tiles, kind_name
from rules.waits import discard_options

from .common import Context
from .hard import HardPlayer
from .option_reasons import shanten_words
from .suggest import suggest

__all__ = [
    "Review",
    "ReviewItem",
    "action_words",
    "efficiency_words",
    "human_seat",
    "review",
    "review_log",
    "same_action",
]

_WINDS = ("East", "South", "West", "North")


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
    played_ev: float | None = None  # `ai.judgement`'s expected value of each discard
    suggested_ev: float | None = None

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
        if self.played_ev is not None and self.suggested_ev is not None:
            parts.append(
                f"expected value ~{self.played_ev:+,.0f} vs ~{self.suggested_ev:+,.0f} points"
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


class _Facts(TypedDict, total=False):
    """What tells two discards apart: `ReviewItem`'s fields of the same names."""

    played_shanten: int
    played_ukeire: int
    suggested_shanten: int
    suggested_ukeire: int
    played_danger: float
    suggested_danger: float
    played_ev: float
    suggested_ev: float


def _discard_facts(
    view: PlayerView, legal: list[Action], played: Action, suggested: Action
) -> _Facts:
    if not (isinstance(played, Discard) and isinstance(suggested, Discard)):
        return _Facts()
    counts = view.counts()
    melds = len(view.melds[view.seat])
    chiitoitsu = view.ruleset.seven_pairs
    out = _Facts()
    try:
        options = {
            o.kind: o
            for o in discard_options(counts, melds, view.visible_counts(), chiitoitsu=chiitoitsu)
        }
    except ValueError:  # pragma: no cover - a view's hand always has a discard's size
        options = {}
    mine, theirs = options.get(played.tile.kind), options.get(suggested.tile.kind)
    if mine is not None and theirs is not None:
        out["played_shanten"], out["played_ukeire"] = mine.shanten, mine.ukeire_total
        out["suggested_shanten"], out["suggested_ukeire"] = theirs.shanten, theirs.ukeire_total
    # The danger and the value of each tile as `hard` weighed them (`ai.judgement`):
    # the review's figures are the ones the suggestion came from.
    judged = HardPlayer(view.seat, 0).judgement(Context.of(view), legal)
    if judged is not None:
        mine_row, theirs_row = judged.row(played.tile.kind), judged.row(suggested.tile.kind)
        if mine_row is not None and theirs_row is not None:
            out["played_danger"], out["suggested_danger"] = mine_row.loss, theirs_row.loss
            out["played_ev"], out["suggested_ev"] = mine_row.ev, theirs_row.ev
    return out


def _verdict(facts: _Facts) -> str:
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
    step: int,
    seen: SeatView | PlayerView,
    legal: list[Action] | None,
    played: Action,
    level: str = "hard",
) -> ReviewItem | None:
    """The review of one decision, or None when the level agrees (or there was no choice).

    `seen` is the seat's `SeatView` (`legal` None: the view's own), or a `PlayerView`
    with its legal list."""
    view, legal = reading(seen, legal)
    if len(legal) < 2:
        return None
    suggested, reasons = suggest(view, legal, level)
    if same_action(suggested, played):
        return None
    facts = _discard_facts(view, legal, played, suggested)
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
        **facts,
    )


def human_seat(record: Record) -> int:
    """The seat of the line-up's first player (the human in a TUI game)."""
    return first_seat(record)


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


def review(record: Record, seat: int | None = None, level: str = "hard") -> Review:
    """The decisions of `seat` (default: the human seat) where `level` would differ.

    `record` is whatever `engine.replay_views.seat_decisions` replays (a finished
    game, a `Timeline`, a log path); only the seat's views come back from it."""
    replayed = seat_decisions(record, seat)
    items: list[ReviewItem] = []
    decisions = 0
    for decision in replayed:
        if len(decision.view.legal) > 1:
            decisions += 1
            item = review_decision(decision.step, decision.view, None, decision.played, level)
            if item is not None:
                items.append(item)
    return Review(replayed.seat, level, decisions, tuple(items))


def review_log(path: str | Path, seat: int | None = None, level: str = "hard") -> Review:
    """`review` of a JSON-lines log (checked by `engine.storage.game_log.replay` first)."""
    return review(path, seat, level)
