"""One table: one engine `Host`, a stream of redacted frames per seat, one for spectators.

The server alone holds the `Game` (inside the host). Each seat is a `RemoteSeat`: while
a player is connected it sends them a `decide` and awaits their `answer`; while
nobody is (a seat no one joined, a player who left), the table's AI plays it, until
the player comes back with the seat token. Each observer's stream (`Stream`, a host
`Watcher`) numbers its messages, and keeps what a client needs to come back: the
view before the hand being played and that hand's redacted events so far — only
ever what this observer was already sent, never the game's own record.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TextIO

from engine import codec
from engine.actions import Action, action_from_dict, action_to_dict
from engine.events import HandStarted
from engine.frames import Frame, SeatEvent, Status, seat_event_to_dict
from engine.game import Game
from engine.host import Host, Seat, TimeBank
from engine.seat_view import Observer, SeatView
from engine.storage.game_log import LogWriter, write_log

from .lineup import Lineup, SeatPlayer
from .opened import HandOpener
from .protocol import CHECKSUM_EVERY, dump, error, view_checksum

log = logging.getLogger("mahjong_tui.server")

# A seat's AI: (level, seat, seed) -> a host seat (the caller hands in `ai.LEVELS`).
AiFactory = Callable[[str, int, int], Seat]
# Seconds a table resumed by a restarted server waits for its players to rejoin.
REJOIN_GRACE = 30.0


def _digest(token: str) -> str:
    """What the server keeps of a seat token: its SHA-256 (the data directory never holds
    a token that would take the seat)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Peer(Protocol):
    """A connection as a table sees it: somewhere to send text, never blocking."""

    def send(self, text: str) -> None: ...

    def close(self, reason: str) -> None: ...


class EventMemo:
    """Each event encoded once per table, and each value once per server.

    An event nothing hides from an observer is the same object in every observer's
    frame (`redact` returns it unchanged): found by identity. A redacted draw, and the
    host's `Status` (built per observer, but mostly equal: the seats not asked are told
    the same), are equal values in many frames of many tables: found by value in a
    cache the tables share (events holding a dict are not hashable: identity only).
    Equal values encode to the same bytes, so a frame is what encoding it afresh gives.
    What is kept is the event's JSON object and its text as `dump` writes it."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._done: dict[int, tuple[SeatEvent, dict[str, Any], str]] = {}

    def encoded(self, event: SeatEvent) -> tuple[dict[str, Any], str]:
        hit = self._done.get(id(event))
        if hit is not None and hit[0] is event:
            return hit[1], hit[2]
        key = (type(event), event)
        # A status with legal actions is the asked seat's own (seldom seen twice): hashing
        # its actions would cost what writing them does.
        hashable = type(event) is not Status or not event.legal
        try:
            found = _BY_VALUE.get(key) if hashable else None
        except TypeError:  # a field holds a dict
            found, hashable = None, False
        if found is None:
            data = seat_event_to_dict(event)
            found = data, dump(data)
            if hashable:
                if len(_BY_VALUE) >= _BY_VALUE_SIZE:
                    _BY_VALUE.clear()
                _BY_VALUE[key] = found
        if len(self._done) >= self.size:
            self._done.clear()
        self._done[id(event)] = (event, *found)
        return found

    def encode(self, event: SeatEvent) -> dict[str, Any]:
        return self.encoded(event)[0]


_BY_VALUE: dict[tuple[type, SeatEvent], tuple[dict[str, Any], str]] = {}
_BY_VALUE_SIZE = 4096


def events_message(seq: int, texts: list[str], checksum: str | None) -> str:
    """`dump` of `{"type": "events", "seq": seq, "events": [...], "checksum": ...}`, from
    the events' texts (keys in `dump`'s sorted order: checksum, events, seq, type)."""
    head = "{" if checksum is None else '{"checksum":' + json.dumps(checksum) + ","
    return f'{head}"events":[{",".join(texts)}],"seq":{seq},"type":"events"}}'


class Stream:
    """What one observer is told (a host `Watcher`): numbered messages, and enough kept
    to bring a client back in: the view before this hand, this hand's events so far."""

    def __init__(self, observer: Observer, memo: EventMemo | None = None) -> None:
        self.observer = observer
        self.memo = memo or EventMemo()
        self.seq = 0
        self.peers: set[Peer] = set()
        self.base: SeatView | None = None  # the view before the hand being played
        self.hand_events: list[dict[str, Any]] = []  # this observer's, redacted
        self.view: SeatView | None = None  # the view after the last frame
        self.opener: HandOpener | None = None  # the spectators': each ended hand opened
        self.lineup: Callable[[], dict[str, Any]] | None = None  # the table's, for `resume`
        self._frames = 0

    def next_seq(self) -> int:
        self.seq += 1
        return self.seq

    def send(self, message: dict[str, Any]) -> None:
        if self.peers:
            self.send_text(dump(message))

    def send_text(self, text: str) -> None:
        for peer in list(self.peers):
            peer.send(text)

    async def update(self, frame: Frame) -> None:
        encoded = [self.memo.encoded(e) for e in frame.events]
        starts = any(type(e) is HandStarted for e in frame.events)
        if starts and self.view is not None:
            self.base, self.hand_events = self.view, []
        self.hand_events.extend(data for data, _ in encoded)
        self.view = frame.view
        self._frames += 1
        seq = self.next_seq()
        if self.peers:  # nobody at a seat the AI plays: nothing to write
            checksum = None
            if starts or self._frames % CHECKSUM_EVERY == 0:
                checksum = view_checksum(frame.view)
            self.send_text(events_message(seq, [text for _, text in encoded], checksum))
        opened = None if self.opener is None else self.opener.opened(frame, self.next_seq)
        if opened is not None:
            self.send(opened)

    def resume(self) -> dict[str, Any]:
        """The message that brings a client in mid-game: fold `events` into `view`."""
        return {
            "type": "resume",
            "seq": self.seq,
            "view": None if self.base is None else codec.encode(SeatView, self.base),
            "events": list(self.hand_events),
            "checksum": None if self.view is None else view_checksum(self.view),
            **({} if self.lineup is None else {"lineup": self.lineup()}),
        }


def _legal(legal: tuple[Action, ...]) -> list[dict[str, Any]]:
    """A decision's legal actions as sent, each list written once per value (a seat's
    discards after a draw are asked of many seats of many tables alike)."""
    found = _LEGAL.get(legal)
    if found is None:
        if len(_LEGAL) >= _BY_VALUE_SIZE:
            _LEGAL.clear()
        found = _LEGAL[legal] = [action_to_dict(a) for a in legal]
    return found


_LEGAL: dict[tuple[Action, ...], list[dict[str, Any]]] = {}


class _Left:
    """The answer a pending decision gets when its player leaves: the AI takes over."""


LEFT = _Left()


def _reason(view: SeatView, action: Action) -> str:
    """Why `action` is refused, in the engine's words when the view has them."""
    kind = type(action).__name__.lower()
    kinds = {"daiminkan": "kan", "ankan": "kan", "kakan": "kan", "showtenpai": "tenpai"}
    kind = kinds.get(kind, kind)
    for why in view.unavailable:
        if why.kind == kind:
            detail = ", ".join(f"{k}={v}" for k, v in why.fields)
            return f"{kind} is not possible: {why.key}" + (f" ({detail})" if detail else "")
    return f"{action_to_dict(action)} is not among the legal actions"


class RemoteSeat:
    """A seat at the host: the connected player's answers, else the AI's."""

    def __init__(self, table: Table, seat: int, fallback: Seat) -> None:
        self.table = table
        self.seat = seat
        self.fallback = fallback
        self.pending: tuple[int, SeatView, asyncio.Future[Action | _Left]] | None = None
        self.taken = 0  # answers taken: the server paces these, not the rate limit

    def _ask(self, view: SeatView, future: asyncio.Future[Action | _Left]) -> None:
        stream = self.table.streams[self.seat]
        seq = stream.next_seq()
        self.pending = (seq, view, future)
        deadline = self.table.deadline
        stream.send({
            "type": "decide",
            "seq": seq,
            "legal": _legal(tuple(view.legal)),
            "seconds": self.table.seconds_for(self.seat),
            "per_decision": None if deadline is None else deadline.per_decision,
        })

    async def decide(self, view: SeatView) -> Action:
        await self._grace()
        while self.table.streams[self.seat].peers:
            future: asyncio.Future[Action | _Left] = asyncio.get_running_loop().create_future()
            self._ask(view, future)
            try:
                answer = await future
            finally:
                self.pending = None
            if not isinstance(answer, _Left):
                return answer
        return await self.fallback.decide(view)

    async def _grace(self) -> None:
        """A table resumed by a restarted server waits a while for its players to come
        back to their seats (their clients retry within seconds) before the AI plays a
        seat that has a player: else whole hands went by before anyone was back."""
        table = self.table
        while (not table.streams[self.seat].peers and table.tokens[self.seat] is not None
               and time.monotonic() < table.grace_until):
            await asyncio.sleep(0.1)

    def answer(self, seq: int, data: dict[str, Any]) -> dict[str, Any] | None:
        """A player's answer: None when taken, else the error to send. Late and duplicate
        answers are dropped; a wrong one is refused and the seat asked again."""
        pending = self.pending
        if pending is None or seq != pending[0] or pending[2].done():
            return error("stale", f"answer to {seq} dropped: no decision {seq} is open", seq)
        _, view, future = pending
        try:
            action = action_from_dict(data)
        except Exception as exc:  # the codec's errors on a bad shape are several kinds
            why = error("bad_action", f"not an action: {str(exc)[:80]}", seq)
        else:
            if getattr(action, "seat", self.seat) != self.seat:
                why = error("not_your_seat", f"you sit at seat {self.seat}", seq)
            elif action in view.legal:
                future.set_result(view.legal[view.legal.index(action)])
                self.taken += 1
                return None
            else:
                why = error("illegal", _reason(view, action), seq)
        self.table.streams[self.seat].send(why)
        self._ask(view, future)
        return None

    def left(self) -> None:
        if self.pending is not None and not self.pending[2].done():
            self.pending[2].set_result(LEFT)


async def _closed(process: Any) -> None:
    """Stop a bot's process and wait until it is gone, even through the server's stop
    (a process left behind would outlive the event loop that watches it)."""
    closing = asyncio.ensure_future(process.close())
    try:
        await asyncio.shield(closing)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):
            await closing
    except Exception as exc:
        log.error("a bot's process did not stop cleanly: %s", exc)


class Table:
    """One game and who sits at it. `players` seats are for people (joined in order,
    seats 0..players-1); the rest, and any seat whose player is away, the AI plays."""

    def __init__(
        self,
        game_factory: Callable[[], Game],
        ai: AiFactory,
        *,
        level: str,
        players: int,
        deadline: TimeBank | None,
        data: Path | None,
        on_over: Callable[[Table], None] | None = None,
    ) -> None:
        self.id = secrets.token_hex(8)
        self.invitation = secrets.token_urlsafe(24)  # 192 bits
        self.players = players
        self.level = level
        self.names: list[str | None] = [None] * 4
        self.tokens: list[str | None] = [None] * 4  # SHA-256 of each seat token, hex
        memo = EventMemo()
        self.streams = [Stream(Observer(s), memo) for s in range(4)]
        self.spectators = Stream(Observer.spectator(), memo)
        self.deadline = deadline
        self.data = data
        self.on_over = on_over
        self.seats = [RemoteSeat(self, s, ai(level, s, secrets.randbelow(2**31))) for s in range(4)]
        # Watchers besides the streams (an mjai seat is told its own frames: mjai_rooms).
        self.watchers: dict[Any, Observer] = {}
        self.processes: list[Any] = []  # bots with a process: started and stopped with the game
        self._game_factory = game_factory
        self._live: TextIO | None = None
        self.host: Host | None = None
        self.task: asyncio.Task[None] | None = None
        self.created = time.monotonic()
        self.grace_until = 0.0  # a resumed table waits for its players until then
        self.state = "waiting"  # waiting | playing | over | stopped | failed
        for stream in (*self.streams, self.spectators):
            stream.lineup = self.lineup
        self._told_lineup: str | None = None  # the line-up last told every client
        self._telling = False

    # ------------------------------------------------------------------ seats
    def join(self, name: str, peer: Peer) -> tuple[int, str] | None:
        """A free people's seat for `name`: (seat, token), or None when the table is full."""
        for seat in range(self.players):
            if self.tokens[seat] is None:
                token = secrets.token_urlsafe(32)
                self.names[seat], self.tokens[seat] = name, _digest(token)
                self.attach(seat, peer)
                if all(t is not None for t in self.tokens[: self.players]):
                    self.start()
                else:
                    self.write_meta()
                return seat, token
        return None

    def token_matches(self, seat: int, token: str) -> bool:
        held = self.tokens[seat] if 0 <= seat < 4 else None
        return held is not None and hmac.compare_digest(held, _digest(token))

    def attach(self, seat: int, peer: Peer) -> None:
        """`peer` takes the seat (a connection that held it before is closed)."""
        stream = self.streams[seat]
        for old in list(stream.peers):
            old.close("the seat was taken by a new connection with its token")
        stream.peers = {peer}
        self.seats[seat].left()  # a decision open on the old connection is asked again
        self.lineup_changed()

    def detach(self, seat: int, peer: Peer) -> None:
        stream = self.streams[seat]
        if peer in stream.peers:
            stream.peers.discard(peer)
            self.seats[seat].left()
            self.lineup_changed()

    def lineup(self) -> dict[str, Any]:
        """Who plays each seat (`engine.server.lineup`): the names people joined with,
        the AI's level, a bot's name; never a token."""
        in_play = 4 if self.host is None else self.host.game.ruleset.players
        seats = []
        for seat in range(4):
            player = self.seats[seat]
            if seat >= in_play:
                seats.append(SeatPlayer("empty"))
            elif not isinstance(player, RemoteSeat):  # an mjai bot or client
                name = getattr(player, "name", None) or self.names[seat] or "mjai"
                seats.append(SeatPlayer("bot", str(name)))
            elif seat >= self.players:
                seats.append(SeatPlayer("ai", level=self.level))
            elif self.tokens[seat] is None:
                seats.append(SeatPlayer("open"))
            else:
                seats.append(SeatPlayer("person", self.names[seat] or "?", self.level,
                                        away=not self.streams[seat].peers))
        return Lineup(tuple(seats)).to_dict()

    def lineup_changed(self) -> None:
        """Tell every client the line-up, once the message being handled is answered (a
        `joined` or `resume` goes first: a client reads its reply before anything
        else), once for all the changes of one turn of the loop, and only if it changed."""
        if self._telling:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop: no connection to tell
            return
        self._telling = True
        loop.call_soon(self._tell_lineup)

    def _tell_lineup(self) -> None:
        self._telling = False
        text = dump(self.lineup())
        if text == self._told_lineup:
            return
        self._told_lineup = text
        for stream in (*self.streams, self.spectators):
            for peer in list(stream.peers):
                peer.send(text)

    def seconds_for(self, seat: int) -> float | None:
        if self.host is None or self.deadline is None:
            return None
        return round(self.deadline.per_decision + self.host.banks.get(seat, 0.0), 3)

    # ------------------------------------------------------------------ the game
    def start(self, game: Game | None = None) -> None:
        """Deal (or go on with `game`, rebuilt from the table's log after a restart); the
        log is written line by line as the game is played, so a killed server loses
        nothing that was applied."""
        resumed = game is not None
        game = game if game is not None else self._game_factory()
        opener = HandOpener()  # told first: each ended hand opened to the spectators
        self.spectators.opener = opener
        watchers: dict[Any, Observer] = {opener: opener.observer}
        watchers.update({s: s.observer for s in self.streams})
        watchers[self.spectators] = self.spectators.observer
        watchers.update(self.watchers)
        deadlines = {} if self.deadline is None else {s: self.deadline for s in range(4)}
        self._live = self._open_log(game, resumed)
        writer = None if self._live is None else LogWriter(self._live)
        self.host = Host(
            game, self.seats, watchers=watchers, deadlines=deadlines,
            after_apply=None if writer is None else writer.record,
        )
        self.state = "playing"
        self.write_meta()
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        assert self.host is not None
        ended = "stopped"  # by the server's stop: a restarted server goes on with it
        try:
            for process in self.processes:
                await process.start()
            await self.host.play()
            ended = "over"
        except asyncio.CancelledError:
            raise
        except Exception:  # a table's failure is logged and ends that table only
            ended = "failed"
            log.exception("table %s stopped on an error", self.id)
        finally:
            for process in self.processes:
                await _closed(process)
            self.state = ended
            if self._live is not None:
                self._live.close()
                self._live = None
            self.save()
            self.write_meta()
            if self.on_over is not None:
                self.on_over(self)

    def _open_log(self, game: Game, resumed: bool) -> TextIO | None:
        if self.data is None:
            return None
        path = self.data / f"table-{self.id}.jsonl"
        try:
            self.data.mkdir(parents=True, exist_ok=True)
            if resumed:
                write_log(game, path)  # whole lines only: a cut last line is gone
            stream = path.open("a" if resumed else "w", encoding="utf-8", buffering=1)
            if not resumed:
                LogWriter(stream).start(game)
        except OSError as exc:
            log.error("table %s: no live log: %s", self.id, exc)
            return None
        return stream

    def meta(self) -> dict[str, Any]:
        """What a restarted server needs besides the log: who sits where (token digests,
        never tokens), the invitation, the AI level and the deadline."""
        return {
            "id": self.id, "invitation": self.invitation, "players": self.players,
            "level": self.level, "names": self.names, "tokens": self.tokens,
            "deadline": None if self.deadline is None else [
                self.deadline.per_decision, self.deadline.bank,
            ],
            "state": self.state,
        }

    def write_meta(self) -> None:
        if self.data is None:
            return
        path = self.data / f"table-{self.id}.json"
        try:
            self.data.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(".json.part")
            part.write_text(json.dumps(self.meta()), encoding="utf-8")
            os.replace(part, path)
        except OSError as exc:
            log.error("table %s: not recorded: %s", self.id, exc)

    def save(self) -> Path | None:
        """The table's log in the data directory (replayable like any local game)."""
        if self.data is None or self.host is None:
            return None
        path = self.data / f"table-{self.id}.jsonl"
        try:
            self.data.mkdir(parents=True, exist_ok=True)
            write_log(self.host.game, path)
        except OSError as exc:
            log.error("table %s: log not written: %s", self.id, exc)
            return None
        return path
