"""Headless AI-only games with statistics: the engine behind `mahjong-tui sim`.

Players come in as factories (`level name -> (seat, seed) -> Player`) so the
engine never imports `ai` (the layers point one way). Game i is played with
seed `seed + i`, so a failing game reported on stderr can be replayed alone
with `--seed <its seed> --games 1`. After every applied action the invariants
are checked (`engine.invariants`, one caching `Checker` per game). Nothing else
shares the event loop, so the driver runs headless: it never yields between
steps and asks a claim window's seats one after another (the same game as the
UI's concurrent asking, without a task per seat). The same seed gives the same
summary, `seconds` aside.
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, get_args

from rules.ruleset import Ruleset

from .aborts import AbortKind
from .actions import Action
from .driver import Player, ViewPlayer, play_game
from .ending import in_extension
from .events import (
    Called,
    Event,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    RiichiAccepted,
    Won,
)
from .game import Game
from .invariants import Checker
from .results import FinalResult, session_total
from .storage import write_atomic
from .storage.game_log import LogWriter

PlayerFactory = Callable[[int, int], Player | ViewPlayer]
ABORTIVE_KINDS: tuple[str, ...] = get_args(AbortKind)  # the summary's `abortive_draws` keys


class _Violation(Exception):
    pass


class LogDirError(ValueError):
    """`--log DIR` cannot hold the logs; the message is one line."""


def prepare_log_dir(log_dir: str | Path) -> Path:
    """The log directory, created if needed and proven writable by writing a probe
    file in it, before any game is played (a run of hours must not find out at the
    first game that its logs go nowhere). `LogDirError` otherwise."""
    path = Path(log_dir)
    if path.exists() and not path.is_dir():
        raise LogDirError(f"--log {log_dir}: not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path, prefix=".sim-probe-"):
            pass
    except OSError as error:
        raise LogDirError(
            f"--log {log_dir}: cannot write game logs there ({error.strerror or error})"
        ) from None
    return path


def _write_log(log_dir: Path, game_seed: int, text: str, stderr: TextIO | None) -> bool:
    """Put one game's log at ``game-<seed>.jsonl`` in a new file renamed into place
    (`engine.storage.write_atomic`): a symlink at that name is replaced, its target
    never written (issue #20). False, said on stderr, if the disk refused."""
    path = log_dir / f"game-{game_seed}.jsonl"
    try:
        write_atomic(path, text, prefix=".sim-log-")
    except OSError as error:
        _report(stderr, f"seed {game_seed}: --log {path}: {error.strerror or error}")
        return False
    return True


@dataclass
class _Tally:
    """Per seat or per level figures over all games."""

    games: int = 0
    ranks: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    rank_sum: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0

    def summary(self) -> dict[str, Any]:
        hands = self.hands or 1
        return {
            "avg_placement": round(self.rank_sum / self.games, 4) if self.games else 0.0,
            "win_rate": round(self.wins / hands, 4),
            "deal_in_rate": round(self.deal_ins / hands, 4),
            "riichi_rate": round(self.riichi / hands, 4),
            "call_rate": round(self.calls / hands, 4),
            "avg_win": round(self.win_points / self.wins) if self.wins else 0,
        }


class _HandStats:
    """An observer that counts what each seat did, hand by hand."""

    def __init__(self, keys: Sequence[str], tallies: dict[str, _Tally]):
        self.keys = keys
        self.tallies = tallies
        self.called: set[int] = set()
        self.hands = 0
        self.wins = 0
        self.draws = 0
        self.abortive = dict.fromkeys(ABORTIVE_KINDS, 0)
        self.extension = False  # the game entered its extension round (West, in a hanchan)
        self.bust = False  # the game ended with a seat below zero

    def on_event(self, event: Event, game: Game) -> None:
        if isinstance(event, HandStarted):
            self.called = set()
            self.extension |= in_extension(game.ruleset, event.round_wind)
        elif isinstance(event, ExhaustiveDraw):
            if event.kind in self.abortive:
                self.abortive[event.kind] += 1
        elif isinstance(event, GameEnded):
            self.bust = min(event.scores) < 0
        elif isinstance(event, Called):
            self.called.add(event.seat)
        elif isinstance(event, RiichiAccepted):
            self.tallies[self.keys[event.seat]].riichi += 1
        elif isinstance(event, Won):
            t = self.tallies[self.keys[event.winner]]
            t.wins += 1
            t.win_points += event.result["points"]["total"]
            if event.from_seat is not None:
                self.tallies[self.keys[event.from_seat]].deal_ins += 1
        elif isinstance(event, HandEnded):
            self.hands += 1
            if event.reason == "win":
                self.wins += 1
            else:
                self.draws += 1
            for seat in range(4):
                t = self.tallies[self.keys[seat]]
                t.hands += 1
                t.calls += seat in self.called


def run_sim(
    ruleset: Ruleset,
    games: int,
    seed: int,
    lineup: Sequence[str],
    factories: Mapping[str, PlayerFactory],
    *,
    rotate: bool = False,
    log_dir: str | Path | None = None,
    stderr: TextIO | None = None,
    check_invariants: bool = True,
    mjai_seats: Mapping[int, MjaiSpec] | None = None,
) -> dict[str, Any]:
    """Play `games` games and return the CONTRACT.md summary (`LogDirError` before any
    game if `log_dir` cannot hold the logs). `mjai_seats` puts an mjai bot process at
    a starting seat (`engine.mjai_seat`); those games are played through the host."""
    return asyncio.run(
        _run(ruleset, games, seed, list(lineup), factories, rotate, log_dir, stderr,
             check_invariants, dict(mjai_seats or {}))
    )


@dataclass(frozen=True)
class MjaiSpec:
    """An mjai bot process for a seat: its shell command, dialect and time per decision;
    `chombo`: a timeout or an illegal answer is charged a chombo (mjai.app's rule)."""

    command: str
    stream: bool = False
    timeout: float = 10.0
    chombo: bool = False


async def _host_game(
    game: Game,
    players: Sequence[Player | ViewPlayer],
    mjai_seats: Mapping[int, MjaiSpec],
    stats: _HandStats,
    after: Callable[[Game, Action, list[Event]], None],
    stderr: TextIO | None,
    seed: int,
) -> Sequence[FinalResult]:
    """One game through `engine.host.Host`, the mjai seats as processes."""
    from .host import Host, Seat, Watcher
    from .mjai_seat import MjaiSeat
    from .player_seat import PlayerSeat
    from .seat_view import Observer

    bots: dict[int, MjaiSeat] = {}
    seats: list[Seat] = []
    for index, player in enumerate(players):
        absolute = game.seating.index(index)
        spec = mjai_seats.get(absolute)
        if spec is None:
            seats.append(PlayerSeat(player))
            continue
        bot = MjaiSeat(
            spec.command, absolute, stream=spec.stream, timeout=spec.timeout,
            red_fives=game.ruleset.red_fives > 0,
            log=lambda line: _report(stderr, f"seed {seed}: {line}"),
            chombo=spec.chombo,
        )
        bots[absolute] = bot
        seats.append(bot)

    def hook(g: Game, a: Action, events: list[Event]) -> None:
        for event in events:
            stats.on_event(event, g)
        after(g, a, events)

    watchers: dict[Watcher, Observer] = {bot: Observer(s) for s, bot in bots.items()}
    try:
        for bot in bots.values():
            await bot.start()
        for event in game.events:  # the first hand was dealt by Game.new
            stats.on_event(event, game)
        host = Host(game, seats, watchers=watchers, after_apply=hook, concurrent=False,
                    yield_every=0)
        return await host.play()
    finally:
        for bot in bots.values():
            await bot.close()


async def _run(
    ruleset: Ruleset,
    games: int,
    seed: int,
    lineup: list[str],
    factories: Mapping[str, PlayerFactory],
    rotate: bool,
    log_dir: str | Path | None,
    stderr: TextIO | None,
    check_invariants: bool,
    mjai_seats: dict[int, MjaiSpec],
) -> dict[str, Any]:
    started = time.perf_counter()
    by_level = rotate
    tallies: dict[str, _Tally] = {}
    hands = wins = draws = errors = violations = 0
    busts = extension_games = 0
    abortive = dict.fromkeys(ABORTIVE_KINDS, 0)
    if log_dir is not None:
        prepare_log_dir(log_dir)
    tables: list[Sequence[FinalResult] | None] = []  # each game's final table (None: failed)
    for i in range(games):
        tables.append(None)
        game_seed = seed + i
        levels = [lineup[(s - i) % 4] for s in range(4)] if rotate else list(lineup)
        keys = levels if by_level else [str(s) for s in range(4)]
        for key in keys:
            tallies.setdefault(key, _Tally())
        game_tallies = {key: _Tally() for key in keys}
        stats = _HandStats(keys, game_tallies)
        log_buffer: io.StringIO | None = None  # the game's log, put in place at its end
        try:
            game = Game.new(ruleset, game_seed)
            players = [factories[levels[s]](s, game_seed) for s in range(4)]
            hooks: list[Callable[[Game, Action, list[Event]], None]] = []
            if log_dir is not None:
                log_buffer = io.StringIO()
                writer = LogWriter(log_buffer)
                writer.start(game)
                hooks.append(writer.record)
            if check_invariants:
                hooks.append(_checker(Checker()))

            def after(
                g: Game, a: Action, e: list[Event],
                hooks: list[Callable[[Game, Action, list[Event]], None]] = hooks,
            ) -> None:
                for hook in hooks:
                    hook(g, a, e)

            if mjai_seats:
                results = await _host_game(
                    game, players, mjai_seats, stats, after, stderr, game_seed
                )
            else:
                results = await play_game(
                    game, players, (stats,), after_apply=after, yield_every=0,
                    concurrent=False,
                )
        except _Violation as problem:
            violations += 1
            _report(stderr, f"seed {game_seed}: invariant violated: {problem}")
            continue
        except Exception as error:  # one broken game must not stop the run
            errors += 1
            where = traceback.extract_tb(error.__traceback__)[-1]
            _report(
                stderr,
                f"seed {game_seed}: {type(error).__name__}: {error} "
                f"({Path(where.filename).name}:{where.lineno})",
            )
            continue
        finally:
            if log_buffer is not None and not _write_log(
                Path(log_dir or "."), game_seed, log_buffer.getvalue(), stderr
            ):
                errors += 1
        hands += stats.hands
        wins += stats.wins
        draws += stats.draws
        busts += stats.bust
        extension_games += stats.extension
        for kind, count in stats.abortive.items():
            abortive[kind] += count
        for key, t in game_tallies.items():
            total = tallies[key]
            for name in ("hands", "wins", "deal_ins", "riichi", "calls", "win_points"):
                setattr(total, name, getattr(total, name) + getattr(t, name))
        tables[-1] = results
        for seat, row in enumerate(results):
            total = tallies[keys[seat]]
            total.games += 1
            total.rank_sum += row.rank
            total.ranks[row.rank - 1] += 1
    summary: dict[str, Any] = {
        "ruleset": ruleset.id,
        "games": games,
        "hands": hands,
        "seconds": round(time.perf_counter() - started, 3),
        "wins": wins,
        "draws": draws,
        "errors": errors,
        "invariant_violations": violations,
        # Added to CONTRACT.md's object (issue 19: sim says what replay --summary does):
        "busts": busts,
        "extension_games": extension_games,
        "abortive_draws": abortive,
        "placements": {
            key: [round(n / t.games, 4) if t.games else 0.0 for n in t.ranks]
            for key, t in tallies.items()
        },
        "stats": {key: t.summary() for key, t in tallies.items()},
    }
    k = ruleset.games_per_session
    if k > 1:
        # CONTRACT.md "Sessions in sim": games seed, seed+1, ... grouped k at a time; each
        # session's total per seat sums its games' results (003 §1, §28; a failed game,
        # already counted in `errors`, adds nothing).
        summary["sessions"] = games // k
        summary["session_totals"] = [
            session_total([t for t in tables[j * k:(j + 1) * k] if t is not None])
            if any(t is not None for t in tables[j * k:(j + 1) * k])
            else [0.0] * 4
            for j in range(games // k)
        ]
    return summary


def _checker(checker: Checker) -> Callable[[Game, Action, list[Event]], None]:
    """An `after_apply` hook running one game's invariant checks after every action."""

    def after(game: Game, action: Action, events: list[Event]) -> None:
        problems = checker(game)
        if problems:
            raise _Violation(f"after {action!r}: " + "; ".join(problems))

    return after


def _report(stderr: TextIO | None, message: str) -> None:
    if stderr is not None:
        stderr.write(message + "\n")
        stderr.flush()
