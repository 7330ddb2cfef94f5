"""A session of several games: teiai's four hanchan, or any preset with `games_per_session`.

003 §1 「東南回しの半荘戦4回戦を打ち切りなしで行う」: a session is `games_per_session`
complete games in a row, each from the starting points with its own rank points
(§28), and the session's result is each player's sum (`engine.results.
session_total`, RULESETS.md §4.9). Nothing carries over between games but the
players: points, honba and sticks start afresh.

`Session` is the record of one: which seeds its games are played with (decided
when it starts, from the one seeded generator's seed, so the same seed gives
the same session) and each finished game's final table. It is a frozen value,
JSON-ready (`to_json` / `from_json`), so the app can save it beside the game in
play and resume between games or in the middle of one, and `sim` can report its
totals. Results are kept by seat: within a session each player keeps the seat
it started at (the line-up the caller chose).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .results import FinalResult, session_total

if TYPE_CHECKING:
    from .game import Game


class SessionError(ValueError):
    """A session record that does not hold together; one line says why."""


def session_seeds(seed: int, games: int) -> tuple[int, ...]:
    """The seed of each game: `seed`, `seed + 1`, … (as `sim` seeds game i with seed + i)."""
    return tuple(seed + i for i in range(games))


@dataclass(frozen=True, slots=True)
class Session:
    """A session under way or finished: its games' seeds and the final tables so far."""

    games_per_session: int
    seeds: tuple[int, ...]  # one per game of the session
    results: tuple[tuple[FinalResult, ...], ...] = ()  # each finished game, by seat

    @classmethod
    def start(cls, seed: int, games_per_session: int) -> Session:
        if games_per_session < 1:
            raise SessionError(f"a session needs at least one game, not {games_per_session}")
        return cls(games_per_session, session_seeds(seed, games_per_session))

    @property
    def games_played(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.games_played >= self.games_per_session

    @property
    def next_seed(self) -> int:
        """The seed of the next game to play."""
        if self.finished:
            raise SessionError("the session is over: no game left to play")
        return self.seeds[self.games_played]

    def with_game(self, table: Sequence[FinalResult]) -> Session:
        """This session with one more finished game (its final table, any order)."""
        if self.finished:
            raise SessionError("the session is over: no game left to record")
        if sorted(row.seat for row in table) != [0, 1, 2, 3]:
            raise SessionError("a game's final table needs one line per seat 0-3")
        ordered = tuple(sorted(table, key=lambda row: row.seat))
        return Session(self.games_per_session, self.seeds, (*self.results, ordered))

    def totals(self) -> list[float]:
        """Each seat's sum of results over the games played so far (003 §28)."""
        return session_total(self.results) if self.results else [0.0] * 4

    def to_json(self) -> dict[str, Any]:
        return {
            "games_per_session": self.games_per_session,
            "seeds": list(self.seeds),
            "results": [
                [[r.seat, r.points, r.rank, r.uma, r.result] for r in game]
                for game in self.results
            ],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Session:
        """A session read back from `to_json`'s form; anything off is one `SessionError`."""
        try:
            k = data["games_per_session"]
            seeds = tuple(data["seeds"])
            raw = data["results"]
            if (
                not isinstance(k, int)
                or isinstance(k, bool)
                or not 1 <= k <= 100
                or len(seeds) != k
                or not all(isinstance(s, int) and not isinstance(s, bool) for s in seeds)
                or not isinstance(raw, list)
                or len(raw) > k
            ):
                raise SessionError("the session record's games or seeds do not hold together")
            session = cls(k, seeds)
            for game in raw:
                table = [
                    FinalResult(int(s), int(p), int(rank), float(u), float(res))
                    for s, p, rank, u, res in game
                ]
                session = session.with_game(table)
            return session
        except SessionError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise SessionError(f"the session record is not readable ({error})") from None


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """A game as the app's session counts it, read by the host that holds the game (the
    app holds no `Game`): its id, the session tag its setup carries (``setup["session"]``,
    None for a single game) and, once it is over, its final table by *player* (line-up
    index; the seats are drawn again for every game of a session, the players stay)."""

    game_id: str | None
    session: Mapping[str, Any] | None
    by_player: tuple[FinalResult, ...] | None  # None: the game is not over

    @classmethod
    def of(cls, game: Game) -> GameOutcome:
        from .events import GameEnded

        setup = game.setup
        game_id = setup.get("game_id")
        tag = setup.get("session")
        end = next((e for e in reversed(game.events) if isinstance(e, GameEnded)), None)
        table = None if end is None else tuple(
            FinalResult(game.seating[int(r["seat"])], int(r["points"]), int(r["rank"]),
                        float(r["uma"]), float(r["result"]))
            for r in end.results
        )
        return cls(game_id if isinstance(game_id, str) else None,
                   dict(tag) if isinstance(tag, dict) else None, table)
