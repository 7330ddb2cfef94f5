"""What a finished game says about one player, and the figures over many games.

Pure: events in, frozen records out, no I/O (`engine.storage.history.db` stores them).

    record = game_record(game.events, human_seat=game.seating.index(0))
    summary = summarize([record, ...])      # {"overall": Summary, "rulesets": {...}}

The figures follow `engine.sim` (the `mahjong-tui sim` summary), per hand:

- win rate: hands the player won / hands played;
- deal-in rate: hands in which the player's discard (or kan, robbed) was ronned /
  hands; a double ron off the player is one deal-in hand, its values added;
- riichi rate: hands with the player's riichi accepted (`RiichiAccepted`: the
  declaration tile was not ronned) / hands;
- call rate: hands in which the player called chi, pon or daiminkan / hands
  (ankan and kakan are not calls of a discard);
- average win: the hand's value (`points.total` of the scorer: honba and riichi
  sticks excluded) over the hands won; average deal-in: the same value of the
  wins ronned off the player, over the hands dealt in;
- average placement: the mean final rank (1-4, tied players share the better one).

Three-player games (RULESETS.md §9) are kept apart from four-player ones: a summary
counts the places its games have (three, or four), and `Summaries.modes` holds the
figures of each mode (3 or 4 players, from the seats a game's end ranks), so a
three-player third place never mixes with a four-player one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...events import (
    Called,
    Event,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    RiichiAccepted,
    Won,
)

TOP_YAKU = 5  # how many of the most-won yaku a summary lists


@dataclass(frozen=True, slots=True)
class HandFacts:
    """One hand as the player lived it."""

    round_wind: int  # 0 East .. 3 North
    hand_number: int  # 0-3 within the round
    honba: int
    dealer: bool  # the player was the dealer
    won: bool
    tsumo: bool  # won by tsumo (False for a ron or no win)
    dealt_in: bool
    riichi: bool
    called: bool
    win_value: int  # points.total of the player's win, 0 if none
    deal_in_value: int  # points.total of the wins ronned off the player, 0 if none
    delta: int  # the player's score change over the hand
    yaku: tuple[str, ...]  # yaku ids of the player's win, in the scorer's order


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's line of the final table (`GameEnded.results`)."""

    seat: int
    points: int
    rank: int
    uma: float
    result: float


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: what is stored per game in the history."""

    ruleset: str
    overrides: dict[str, Any]
    seed: int
    started_at: float  # seconds since the epoch
    ended_at: float
    human_seat: int
    seats: tuple[SeatResult, ...]  # by seat
    hands: tuple[HandFacts, ...]  # in play order
    sticks: int = 0  # riichi sticks left unclaimed at the end
    # A game of a session (teiai's four hanchan, `games_per_session`): the session's id
    # and this game's number in it (1, 2, ...); None for a single game.
    session_key: str | None = None
    session_game: int | None = None

    @property
    def human(self) -> SeatResult:
        return self.seats[self.human_seat]

    @property
    def players(self) -> int:
        """3 or 4: the seats the game's end ranked (three-player games rank three)."""
        return len(self.seats) if len(self.seats) == 3 else 4


class IncompleteGame(ValueError):
    """The events do not make a finished game (no GameStarted or no GameEnded)."""


def hand_facts(events: Iterable[Event], seat: int) -> list[HandFacts]:
    """Every completed hand of `events` as `seat` played it."""
    out: list[HandFacts] = []
    current: dict[str, Any] | None = None
    for event in events:
        if isinstance(event, HandStarted):
            current = {
                "round_wind": event.round_wind,
                "hand_number": event.hand_number,
                "honba": event.honba,
                "dealer": event.dealer == seat,
                "won": False,
                "tsumo": False,
                "dealt_in": False,
                "riichi": False,
                "called": False,
                "win_value": 0,
                "deal_in_value": 0,
                "yaku": (),
            }
        elif current is None:
            continue
        elif isinstance(event, RiichiAccepted) and event.seat == seat:
            current["riichi"] = True
        elif isinstance(event, Called) and event.seat == seat:
            current["called"] = True
        elif isinstance(event, Won):
            value = int(event.result["points"]["total"])
            if event.winner == seat:
                current["won"] = True
                current["tsumo"] = event.from_seat is None
                current["win_value"] = value
                current["yaku"] = tuple(y["id"] for y in event.result.get("yaku", ()))
            elif event.from_seat == seat:
                current["dealt_in"] = True
                current["deal_in_value"] += value
        elif isinstance(event, HandEnded):
            out.append(HandFacts(delta=event.deltas[seat], **current))
            current = None
    return out


def game_record(
    events: Sequence[Event],
    human_seat: int | None = None,
    *,
    started_at: float = 0.0,
    ended_at: float = 0.0,
) -> GameRecord:
    """The record of a finished game; `human_seat` defaults to line-up entry 0's seat."""
    start = next((e for e in events if isinstance(e, GameStarted)), None)
    end = next((e for e in reversed(events) if isinstance(e, GameEnded)), None)
    if start is None or end is None:
        raise IncompleteGame("a game record needs a finished game (GameStarted ... GameEnded)")
    seat = start.seating.index(0) if human_seat is None else human_seat
    if not 0 <= seat < len(start.seating):
        raise ValueError(f"human_seat must be 0-{len(start.seating) - 1}, got {seat}")
    seats = tuple(
        SeatResult(
            int(row["seat"]), int(row["points"]), int(row["rank"]),
            float(row["uma"]), float(row["result"]),
        )
        for row in sorted(end.results, key=lambda r: r["seat"])
    )
    return GameRecord(
        ruleset=start.ruleset,
        overrides=dict(start.overrides),
        seed=start.seed,
        started_at=started_at,
        ended_at=ended_at,
        human_seat=seat,
        seats=seats,
        hands=tuple(hand_facts(events, seat)),
        sticks=end.sticks,
    )


@dataclass
class Summary:
    """The player's figures over some games (`as_dict()` is the JSON form); `players`
    sizes `places` (1st..3rd for three-player games, 1st..4th otherwise)."""

    games: int = 0
    hands: int = 0
    rank_sum: int = 0
    places: list[int] = field(default_factory=list)
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0
    deal_in_points: int = 0
    yaku: Counter[str] = field(default_factory=Counter)
    players: int = 4

    def __post_init__(self) -> None:
        if not self.places:
            self.places = [0] * self.players

    def add(self, record: GameRecord) -> None:
        self.games += 1
        rank = record.human.rank
        self.rank_sum += rank
        self.places[min(max(rank, 1), len(self.places)) - 1] += 1
        for hand in record.hands:
            self.hands += 1
            self.wins += hand.won
            self.deal_ins += hand.dealt_in
            self.riichi += hand.riichi
            self.calls += hand.called
            self.win_points += hand.win_value
            self.deal_in_points += hand.deal_in_value
            self.yaku.update(hand.yaku)

    @property
    def avg_placement(self) -> float:
        return round(self.rank_sum / self.games, 4) if self.games else 0.0

    def rate(self, count: int) -> float:
        return round(count / self.hands, 4) if self.hands else 0.0

    @property
    def avg_win(self) -> int:
        return round(self.win_points / self.wins) if self.wins else 0

    @property
    def avg_deal_in(self) -> int:
        return round(self.deal_in_points / self.deal_ins) if self.deal_ins else 0

    def top_yaku(self, n: int = TOP_YAKU) -> list[tuple[str, int]]:
        """The yaku won with most, most first (ties by id, so the order is stable)."""
        return sorted(self.yaku.items(), key=lambda item: (-item[1], item[0]))[:n]

    def as_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "avg_placement": self.avg_placement,
            "placements": list(self.places),
            "win_rate": self.rate(self.wins),
            "deal_in_rate": self.rate(self.deal_ins),
            "riichi_rate": self.rate(self.riichi),
            "call_rate": self.rate(self.calls),
            "avg_win": self.avg_win,
            "avg_deal_in": self.avg_deal_in,
            "top_yaku": [{"yaku": y, "wins": n} for y, n in self.top_yaku()],
        }


@dataclass(frozen=True)
class Summaries:
    """Figures over all the games given, per ruleset (ids sorted) and per mode (4 then
    3 players, the modes played only). `overall` mixes the modes: its places and
    average placement mean something only when one mode was played."""

    overall: Summary
    rulesets: dict[str, Summary]
    modes: dict[int, Summary] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.as_dict(),
            "modes": {f"{n}p": v.as_dict() for n, v in self.modes.items()},
            "rulesets": {k: v.as_dict() for k, v in self.rulesets.items()},
        }


def summarize(records: Iterable[GameRecord]) -> Summaries:
    overall = Summary()
    per: dict[str, Summary] = {}
    modes: dict[int, Summary] = {}
    for record in records:
        overall.add(record)
        per.setdefault(record.ruleset, Summary(players=record.players)).add(record)
        modes.setdefault(record.players, Summary(players=record.players)).add(record)
    ordered: dict[int, Summary] = {n: modes[n] for n in (4, 3) if n in modes}
    return Summaries(overall, dict(sorted(per.items())), ordered)
