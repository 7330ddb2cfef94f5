"""Duplicate sets between players: the engine behind `mahjong-tui arena`.

A set is one seed played once for each seat in play: the same walls (a game's
generator shuffles only the walls and throws the dice, so hand k of every game of
the set gets the same wall), with the challenger in line-up seat 0, 1, 2 and 3 in
turn (0, 1 and 2 with three players, whose seat 3 stays empty) and a copy of the
opponent in each other seat. Luck of the deal is shared out evenly, so far fewer
games tell two players apart than in free play. Places, shares and rank points are
over the ruleset's players: three places with three.

Players come in as spec strings that `resolve` (a module-level function, so a
worker process can be handed it by name) turns into factories `(seat, game_seed)
-> Seat`; the engine never imports `ai` or an outside bot. Every game is played
by a `Host` (each seat decides from its own `SeatView`), headless, with the
invariants checked after every action as `sim` does. Sets run in a process pool
(the games split into chunks across the workers) or in Ray; each chunk hands back
per-game records and the figures are summed in seed order, so the same seeds
give the same figures whatever the number of workers (`seconds` aside).

A seat that is a process of its own (an mjai bot) plays under the table's terms
(`OutsideTerms`: its time per decision and mjai.app's chombo rule, `arena
--mjai-timeout`/`--mjai-chombo`), handed to it when it sits down rather than baked
into its spec, so the spec string stays the one key a worker resolves (and caches)
a player by. What such a seat does wrong is one line each, kept in the game's record
and written by the parent in seed order, naming the set, seed and seat; the default
actions played for each player and the chombos charged to it are counted.
"""

from __future__ import annotations

import asyncio
import math
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rules.ruleset import Ruleset

from .actions import Action
from .events import Called, Event, ExhaustiveDraw, HandEnded, HandStarted, RiichiAccepted, Won
from .game import Game
from .host import Host, Seat, Watcher
from .invariants import Checker
from .results import FinalResult
from .seat_view import Observer, SeatView

SeatFactory = Callable[[int, int], Seat]  # (seat, game seed) -> a seat for that game
Resolver = Callable[[str], SeatFactory]
RANK_POINTS = (90, 45, 0, -135)  # Tenhou's upper lobbies' placement points
# With three players: the same top and bottom, no middle bonus (an assumption of this
# arena, not a site's table: Tenhou's three-player dan points differ by lobby and dan).
RANK_POINTS_THREE = (90, 0, -135)


def rank_points(players: int) -> tuple[int, ...]:
    """The placement points of a game of `players` seats."""
    return RANK_POINTS if players == 4 else RANK_POINTS_THREE


@dataclass(frozen=True)
class GameRecord:
    """One game of a set: the challenger's line-up seat, each seat's rank and counts,
    or the one-line error that stopped it."""

    seed: int
    challenger_seat: int
    ranks: tuple[int, ...] = ()
    hands: int = 0
    wins: tuple[int, ...] = (0, 0, 0, 0)
    deal_ins: tuple[int, ...] = (0, 0, 0, 0)
    riichi: tuple[int, ...] = (0, 0, 0, 0)
    calls: tuple[int, ...] = (0, 0, 0, 0)
    error: str | None = None
    defaults: int = 0  # answers out of the legal ones the seats replaced by the default
    seat_defaults: tuple[int, ...] = (0, 0, 0, 0)  # the same, per line-up seat
    chombos: tuple[int, ...] = (0, 0, 0, 0)  # chombos charged (`--mjai-chombo`)
    notes: tuple[str, ...] = ()  # what the seats did wrong, one line each, in order


@dataclass(frozen=True)
class OutsideTerms:
    """The table's terms for a seat that is a process of its own (an mjai bot): its
    time per decision in seconds, and whether a timeout or an illegal answer is
    charged a chombo (mjai.app's rule) rather than only played as the default."""

    timeout: float = 10.0
    chombo: bool = False


@dataclass(frozen=True)
class Chunk:
    """A worker's share: `games`, each a (seed, challenger's line-up seat), with what it
    needs to play them."""

    ruleset: Ruleset
    challenger: str
    opponents: str
    games: tuple[tuple[int, int], ...]
    resolve: Resolver
    check: bool = True
    terms: OutsideTerms = OutsideTerms()


class _Counts:
    """An `after_apply` hook counting what each seat did (and checking invariants)."""

    def __init__(self, check: bool) -> None:
        self.checker = Checker() if check else None
        self.hands = 0
        self.wins = [0] * 4
        self.deal_ins = [0] * 4
        self.riichi = [0] * 4
        self.calls = [0] * 4
        self.chombos = [0] * 4
        self.called: set[int] = set()

    def __call__(self, game: Game, action: Action, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, HandStarted):
                self.called = set()
            elif isinstance(event, Called):
                self.called.add(event.seat)
            elif isinstance(event, RiichiAccepted):
                self.riichi[event.seat] += 1
            elif isinstance(event, Won):
                self.wins[event.winner] += 1
                if event.from_seat is not None:
                    self.deal_ins[event.from_seat] += 1
            elif isinstance(event, ExhaustiveDraw) and event.kind == "chombo":
                if event.seat is not None:
                    self.chombos[event.seat] += 1
            elif isinstance(event, HandEnded):
                self.hands += 1
                for seat in self.called:
                    self.calls[seat] += 1
        if self.checker is not None:
            problems = self.checker(game)
            if problems:
                raise AssertionError(f"invariant violated after {action!r}: " + "; ".join(problems))


class EmptySeat:
    """The seat nobody sits in (seat 3 of a three-player game): never asked."""

    async def decide(self, view: SeatView) -> Action:
        raise RuntimeError(f"the empty seat {view.seat} was asked to decide")


def play_game(chunk: Chunk, seed: int, challenger_seat: int) -> GameRecord:
    """One game of a set: the challenger at line-up seat `challenger_seat`."""
    players = chunk.ruleset.players
    roles = ["the challenger" if s == challenger_seat else "an opponent" for s in range(4)]
    notes: list[str] = []
    try:
        challenger = chunk.resolve(chunk.challenger)
        opponent = chunk.resolve(chunk.opponents)
        seats: list[Seat] = [
            (challenger if s == challenger_seat else opponent)(s, seed) if s < players
            else EmptySeat()
            for s in range(4)
        ]
        game = Game.new(chunk.ruleset, seed)
        counts = _Counts(chunk.check)
        results = asyncio.run(_play(game, seats, counts, chunk.terms, roles, notes.append))
    except Exception as error:  # one broken game must not stop the run
        where = traceback.extract_tb(error.__traceback__)[-1]
        text = " ".join(str(error).split())[:300]
        return GameRecord(
            seed, challenger_seat, notes=tuple(notes),
            error=f"{type(error).__name__}: {text} ({Path(where.filename).name}:{where.lineno})",
        )
    # Line-up seat s sits at absolute seat game.seating.index(s); records are by line-up.
    # Three players: seat 3 is empty and has no result; records hold the seats in play.
    at = [game.seating.index(s) for s in range(players)]
    defaults = [int(getattr(seats[s], "defaults", 0)) for s in range(players)]
    for s in range(players):  # a seat without a log of its own: its count, one line
        if defaults[s] and getattr(seats[s], "seated_at", None) is None:
            notes.append(f"seat {at[s]} ({roles[s]}): {defaults[s]} answer(s) not among "
                         "the legal actions, replaced by the default action")
    return GameRecord(
        seed,
        challenger_seat,
        ranks=tuple(results[a].rank for a in at),
        hands=counts.hands,
        wins=tuple(counts.wins[a] for a in at),
        deal_ins=tuple(counts.deal_ins[a] for a in at),
        riichi=tuple(counts.riichi[a] for a in at),
        calls=tuple(counts.calls[a] for a in at),
        defaults=sum(defaults),
        seat_defaults=tuple(defaults),
        chombos=tuple(counts.chombos[a] for a in at),
        notes=tuple(notes),
    )


async def _play(
    game: Game,
    seats: list[Seat],
    counts: _Counts,
    terms: OutsideTerms = OutsideTerms(),
    roles: Sequence[str] = (),
    note: Callable[[str], None] | None = None,
) -> Sequence[FinalResult]:
    """The game at a host. A seat that is a process of its own (an mjai bot:
    `seated_at`, `start`, `close`) is told its absolute seat and the table's `terms`
    (its name in the log lines from `roles`, by line-up seat; the lines to `note`),
    watches its own observer's frames, and is started before the game and closed
    after it."""
    watchers: dict[Watcher, Observer] = {}
    processes = []
    log = None if note is None else (lambda line: note("mjai " + line))
    for s, seat in enumerate(seats):
        seated_at = getattr(seat, "seated_at", None)
        if seated_at is None:
            continue
        absolute = game.seating.index(s)
        seated_at(absolute, red_fives=game.ruleset.red_fives > 0, timeout=terms.timeout,
                  chombo=terms.chombo, name=roles[s] if s < len(roles) else None, log=log)
        watchers[seat] = Observer(absolute)  # type: ignore[index]
        processes.append(seat)
    try:
        for seat in processes:
            await seat.start()  # type: ignore[attr-defined]
        host = Host(game, seats, watchers=watchers, after_apply=counts, concurrent=False,
                    yield_every=0)
        return await host.play()
    finally:
        for seat in processes:
            await seat.close()  # type: ignore[attr-defined]


def play_chunk(chunk: Chunk) -> list[GameRecord]:
    """Every game of the chunk, in order."""
    return [play_game(chunk, seed, seat) for seed, seat in chunk.games]


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (and says so once)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def split(games: Sequence[tuple[int, int]], workers: int) -> list[tuple[tuple[int, int], ...]]:
    """The games in consecutive chunks, about four per worker (so a slow chunk does
    not leave the other workers idle at the end); a game, not a set, is the unit, so
    a few sets still keep every worker busy."""
    if not games:
        return []
    size = max(1, math.ceil(len(games) / (workers * 4)))
    return [tuple(games[i:i + size]) for i in range(0, len(games), size)]


ChunkDone = Callable[[list[GameRecord]], None]


def _ignore(records: list[GameRecord]) -> None:
    """No one to tell that a chunk is in."""


def run_chunks(
    chunks: Sequence[Chunk], workers: int, done: ChunkDone = _ignore
) -> list[list[GameRecord]]:
    """Each chunk's records, in the chunks' order: in this process for one worker,
    else in a pool of `workers` processes; each handed to `done` as soon as it and
    every chunk before it are in (a long run says its notes as it goes, in seed
    order). Ctrl-C stops the workers at once."""
    if workers <= 1 or len(chunks) <= 1:
        out = []
        for chunk in chunks:
            out.append(play_chunk(chunk))
            done(out[-1])
        return out
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupt)
    try:
        futures: list[Future[list[GameRecord]]] = [pool.submit(play_chunk, c) for c in chunks]
        out = []
        for future in futures:
            out.append(future.result())
            done(out[-1])
    except BaseException:
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return out


def run_chunks_ray(
    chunks: Sequence[Chunk], address: str, done: ChunkDone = _ignore
) -> list[list[GameRecord]]:
    """Each chunk's records, played as Ray tasks on the cluster at `address` ("local":
    a Ray instance in this machine), in the chunks' order, each handed to `done` as
    `run_chunks` does."""
    import ray  # type: ignore[import-not-found,unused-ignore]  # the optional `ray` extra

    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address)
    remote = ray.remote(play_chunk)
    refs = [remote.remote(chunk) for chunk in chunks]
    out = []
    for ref in refs:
        out.append(list(ray.get(ref)))
        done(out[-1])
    return out


@dataclass
class _Tally:
    """One player's figures over its seats."""

    players: int = 4
    games: int = 0
    ranks: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    defaults: int = 0
    chombos: int = 0
    set_means: list[float] = field(default_factory=list)

    def add(self, record: GameRecord, seat: int) -> None:
        if not self.ranks:
            self.ranks = [0] * self.players
        rank = record.ranks[seat]
        self.games += 1
        self.ranks[rank - 1] += 1
        self.hands += record.hands
        self.wins += record.wins[seat]
        self.deal_ins += record.deal_ins[seat]
        self.riichi += record.riichi[seat]
        self.calls += record.calls[seat]
        self.defaults += record.seat_defaults[seat]
        self.chombos += record.chombos[seat]

    def summary(self) -> dict[str, Any]:
        games = self.games or 1
        hands = self.hands or 1
        ranks = self.ranks or [0] * self.players
        rank_sum = sum((i + 1) * n for i, n in enumerate(ranks))
        points = sum(p * n for p, n in zip(rank_points(self.players), ranks, strict=True))
        return {
            "avg_placement": round(rank_sum / games, 4) if self.games else 0.0,
            "se": round(standard_error(self.set_means), 4),
            "rank_points": round(points / games, 2) if self.games else 0.0,
            "placements": [round(n / games, 4) for n in ranks],
            "win_rate": round(self.wins / hands, 4),
            "deal_in_rate": round(self.deal_ins / hands, 4),
            "riichi_rate": round(self.riichi / hands, 4),
            "call_rate": round(self.calls / hands, 4),
            "defaults": self.defaults,
            "chombos": self.chombos,
        }


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of `values` (sample deviation over sqrt(n));
    0 for fewer than two."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def player_keys(challenger: str, opponents: str) -> tuple[str, str]:
    """The summary's keys: the specs, the opponents' marked when both are the same."""
    if challenger == opponents:
        return challenger, f"{opponents} (opponents)"
    return challenger, opponents


def summarise(
    ruleset: Ruleset,
    challenger: str,
    opponents: str,
    sets: int,
    records: Sequence[GameRecord],
    seconds: float,
) -> dict[str, Any]:
    """The CONTRACT.md object, from every game's record in seed order."""
    keys = player_keys(challenger, opponents)
    players = ruleset.players  # games a set, and places a game
    tallies = {key: _Tally(players) for key in keys}
    errors = 0
    for i in range(0, len(records), players):
        per_set = {key: [0, 0] for key in keys}  # rank sum, games
        for record in records[i:i + players]:
            if record.error is not None:
                errors += 1
                continue
            for seat in range(players):
                key = keys[0] if seat == record.challenger_seat else keys[1]
                tallies[key].add(record, seat)
                per_set[key][0] += record.ranks[seat]
                per_set[key][1] += 1
        for key, (rank_sum, games) in per_set.items():
            if games:
                tallies[key].set_means.append(rank_sum / games)
    return {
        "ruleset": ruleset.id,
        "sets": sets,
        "games": players * sets,
        "seconds": round(seconds, 3),
        "errors": errors,
        "players": {key: tally.summary() for key, tally in tallies.items()},
    }


def run_arena(
    ruleset: Ruleset,
    challenger: str,
    opponents: str,
    sets: int,
    seed: int,
    resolve: Resolver,
    *,
    workers: int | None = None,
    ray_address: str | None = None,
    stderr: TextIO | None = None,
    check: bool = True,
    terms: OutsideTerms = OutsideTerms(),
) -> dict[str, Any]:
    """Play `sets` duplicate sets on seeds `seed`, `seed + 1`, ... and return the summary.
    A failed game is a line on `stderr` (its set, seed and line-up seat) and counts in
    `errors`; the others still count. Each timeout, illegal answer or chombo of a seat
    is a line on `stderr` too, in seed order. `terms`: an mjai seat's."""
    started = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    games = [(s, seat) for s in range(seed, seed + sets) for seat in range(ruleset.players)]
    chunks = [
        Chunk(ruleset, challenger, opponents, part, resolve, check, terms)
        for part in split(games, 1 if ray_address is None and workers == 1 else workers)
    ]
    done: ChunkDone = _ignore if stderr is None else (lambda part: say(part, seed, stderr))
    if ray_address is not None:
        results = run_chunks_ray(chunks, ray_address, done)
    else:
        results = run_chunks(chunks, workers, done)
    records = [record for part in results for record in part]
    return summarise(
        ruleset, challenger, opponents, sets, records, time.perf_counter() - started
    )


def say(records: Sequence[GameRecord], seed: int, stderr: TextIO) -> None:
    """Each game's notes and error, one line each, named by set (from 1, the first
    set on `seed`), seed and the challenger's line-up seat."""
    for record in records:
        where = (f"set {record.seed - seed + 1} (seed {record.seed}), "
                 f"challenger in line-up seat {record.challenger_seat}")
        for line in record.notes:
            stderr.write(f"{where}: {line}\n")
        if record.error is not None:
            stderr.write(f"{where}: {record.error}\n")
        stderr.flush()
