"""The table server over websockets: connections, their limits, and which table they talk to.

One asyncio process holds every table. A connection says `hello`, then creates,
joins, rejoins or watches a table (`engine.server.protocol`); after that it is bound to
one seat (or to the spectators) and its answers go to that seat only. Limits, each
refused with an `error` message (or the websocket's own close code for a frame over
`max_size`), never a crash: the size of a frame, messages per second per
connection, connections per address, tables per server, spectators per table, and
how far a connection may fall behind (a client that does not read is dropped, and
the AI plays its seat until it comes back).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.game import Game
from engine.host import TimeBank
from engine.sim import MjaiSpec
from engine.storage.game_log import replay
from rules.ruleset import Ruleset, RulesetError, load_preset

from .history import history_line, read, record
from .mjai_bots import BotError, bot_seats, seat_bots
from .protocol import CREATE_FIELDS, PROTOCOL_VERSION, Message, ProtocolError, dump, error, parse
from .table import REJOIN_GRACE, AiFactory, Table

log = logging.getLogger("mahjong_tui.server")


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server allows; each is refused with a clear error when passed."""

    max_size: int = 64 * 1024  # bytes in one client frame
    rate: float = 20.0  # messages per second per connection (sustained); an answer the
    #                      table asked for is not counted (the table paces those)
    burst: float = 40.0  # messages a connection may send at once
    per_address: int = 16  # open connections from one address
    tables: int = 256  # tables held at once
    spectators: int = 32  # spectators per table
    backlog: int = 2048  # messages queued to a connection that does not read
    waiting: float = 600.0  # seconds a table nobody sits at may wait for its players


class Connection:
    """One client: a queue of outgoing text written by its own task (a slow reader never
    stalls a table), a token bucket for its messages, and what it is bound to."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        self.limits = limits
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = limits.burst
        self.stamp = time.monotonic()
        self.greeted = False
        self.table: Table | None = None
        self.seat: int | None = None  # None with a table: a spectator
        self.closing: str | None = None
        self.task: asyncio.Task[None] | None = None  # the writer
        self.closer: asyncio.Task[None] | None = None

    def send(self, text: str) -> None:
        if self.closing is not None:
            return
        if self.queue.qsize() >= self.limits.backlog:
            self.drop("too far behind: the connection did not read its messages")
            return
        self.queue.put_nowait(text)

    def close(self, reason: str) -> None:
        if self.closing is None:
            self.closing = reason
            self.queue.put_nowait(None)

    def drop(self, reason: str) -> None:
        """Close now, unsent messages dropped: the writer may be stuck on a reader that
        does not read, so it is cancelled, and the close handshake has its own timeout."""
        if self.closing is not None:
            return
        self.closing = reason
        if self.task is not None:
            self.task.cancel()
        self.closer = asyncio.get_running_loop().create_task(self.ws.close(1008, reason[:120]))

    def allow(self) -> bool:
        """The token bucket: False when this message is over the rate."""
        now = time.monotonic()
        self.tokens = min(self.limits.burst, self.tokens + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def refund(self) -> None:
        self.tokens = min(self.limits.burst, self.tokens + 1.0)

    async def writer(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(ConnectionClosed):
                    await self.ws.close(1008, (self.closing or "closed")[:120])
                return
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return


class TableServer:
    """Every table of one process and the websocket server in front of them."""

    def __init__(
        self,
        ai: AiFactory,
        *,
        ruleset: str = "wrc",
        data: Path | None = None,
        limits: Limits | None = None,
        game_factory: Callable[[Ruleset], Game] | None = None,
        default_level: str = "normal",
        levels: tuple[str, ...] = (),
        on_over: Callable[[Table], None] | None = None,
        rejoin_grace: float = REJOIN_GRACE,
        bots: dict[str, MjaiSpec] | None = None,
    ) -> None:
        self.ai = ai
        self.ruleset = ruleset
        self.data = data
        self.limits = limits or Limits()
        self.game_factory = game_factory or _new_game
        self.default_level = default_level
        self.levels = levels
        self.on_over = on_over  # told each table that ended (after its history line)
        self.rejoin_grace = rejoin_grace  # seconds a resumed table waits for its players
        self.bots = dict(bots or {})  # mjai bots a table may seat, by name (--bot)
        self.tables: dict[str, Table] = {}  # by invitation
        self.addresses: dict[str, int] = {}
        self.server: Server | None = None

    # ------------------------------------------------------------------ lifetime
    async def start(self, host: str = "127.0.0.1", port: int = 8765, ssl: Any = None) -> int:
        """Go on with the tables in the data directory, then listen; the port bound (the
        free one picked for port 0)."""
        self.resume_tables()
        # No permessage-deflate: a message is a frame's few hundred bytes and a seat's
        # whole hanchan about a megabyte, while a compressor and a decompressor per
        # connection cost about 0.2 MB a table and a tenth of the server's CPU per
        # action (benchmarks/bench_server.py, 50 tables: 1.85 against 2.06 ms).
        self.server = await serve(
            self.handle, host, port, max_size=self.limits.max_size, ssl=ssl,
            ping_interval=20, ping_timeout=20, compression=None,
        )
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> list[Path]:
        """Stop listening, stop every table and save its log; the logs written."""
        if self.server is not None:
            self.server.close()
        saved = []
        for table in list(self.tables.values()):
            if table.task is not None and not table.task.done():
                table.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await table.task  # its `finally` saves the log
            elif table.state == "waiting":
                continue
            path = table.data and table.data / f"table-{table.id}.jsonl"
            if path and path.exists():
                saved.append(path)
        if self.server is not None:
            await self.server.wait_closed()
        return saved

    def resume_tables(self) -> list[Table]:
        """Every table of the data directory that was not over (the server was stopped or
        killed): rebuilt from its log at its last applied action, seats and invitation
        as they were, so its players can rejoin with their tokens."""
        if self.data is None or not self.data.is_dir():
            return []
        back = []
        for path in sorted(self.data.glob("table-*.json")):
            try:
                meta = json.loads(path.read_text(encoding="utf-8"))
                if meta.get("state") not in ("waiting", "playing", "stopped"):
                    continue
                table = self._restore(meta)
            except Exception as exc:  # one bad table file never stops the server
                log.error("table %s not resumed: %s", path.name, exc)
                continue
            back.append(table)
        return back

    def _restore(self, meta: dict[str, Any]) -> Table:
        deadline = meta.get("deadline")
        game = None
        log_path = self.data / f"table-{meta['id']}.jsonl" if self.data else None
        if meta["state"] != "waiting" and log_path is not None and log_path.exists():
            text = log_path.read_text(encoding="utf-8")
            lines = text.split("\n")[:-1]  # the part after the last newline was cut
            game = replay(lines)
            if game.ruleset.time_limit_minutes:
                game.resume_clock(time.monotonic, game.played_seconds())
        ruleset = game.ruleset if game is not None else load_preset(self.ruleset)
        table = Table(
            lambda: self.game_factory(ruleset), self.ai, level=meta["level"],
            players=meta["players"],
            deadline=None if deadline is None else TimeBank(*map(float, deadline)),
            data=self.data, on_over=self._table_over,
        )
        table.id, table.invitation = str(meta["id"]), str(meta["invitation"])
        table.names, table.tokens = list(meta["names"]), list(meta["tokens"])
        self.tables[table.invitation] = table
        if game is not None:
            if game.is_over:  # ended, and the server killed before it was marked
                table.state = "over"
                table.write_meta()
                self._record(table, game)
            else:
                table.grace_until = time.monotonic() + self.rejoin_grace
                table.start(game)
        log.warning("table %s resumed at action %d", table.id,
                    0 if game is None else len(game.actions))
        return table

    def _record(self, table: Table, game: Game) -> None:
        """The table's line in the server's history (`engine.server.history`), once."""
        if self.data is None or any(h.get("table") == table.id for h in read(self.data)):
            return
        record(self.data, history_line(table.id, table.names, game, f"table-{table.id}.jsonl"))

    def _table_over(self, table: Table) -> None:
        log.info("table %s %s", table.id, table.state)
        if table.state == "over" and table.host is not None:
            self._record(table, table.host.game)
        if self.on_over is not None:
            self.on_over(table)

    # ------------------------------------------------------------------ connections
    async def handle(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        conn = Connection(ws, self.limits)
        writer = conn.task = asyncio.get_running_loop().create_task(conn.writer())
        count = self.addresses.get(address, 0) + 1
        self.addresses[address] = count
        try:
            if count > self.limits.per_address:
                log.warning("refused a connection from %s: %d open", address, count - 1)
                conn.send(dump(error(
                    "too_many_connections",
                    f"at most {self.limits.per_address} connections from one address",
                )))
                conn.close("too many connections from this address")
                return
            async for raw in ws:
                if conn.closing is not None:
                    break
                if not conn.allow():
                    log.warning("closed a connection from %s: over the message rate", address)
                    conn.send(dump(error(
                        "rate_limited", f"more than {self.limits.rate:g} messages a second",
                    )))
                    conn.close("over the message rate")
                    break
                try:
                    reply = self.on_message(conn, parse(raw))
                except ProtocolError as exc:
                    reply = error(exc.code, str(exc))
                except Exception:  # a bug answers this one message, never the server
                    log.exception("a message from %s failed", address)
                    reply = error("internal", "the server failed on this message (a bug)")
                if reply is not None:
                    conn.send(dump(reply))
        except ConnectionClosed:
            pass
        finally:
            self.addresses[address] -= 1
            if not self.addresses[address]:
                del self.addresses[address]
            self._unbind(conn)
            conn.close("bye")
            with contextlib.suppress(asyncio.CancelledError):
                await writer

    def _unbind(self, conn: Connection) -> None:
        table = conn.table
        if table is None:
            return
        if conn.seat is None:
            table.spectators.peers.discard(conn)
        else:
            table.detach(conn.seat, conn)

    # ------------------------------------------------------------------ messages
    def on_message(self, conn: Connection, message: Message) -> dict[str, Any] | None:
        """The reply to one checked message (None: the reply went out already)."""
        kind, fields = message.type, message.fields
        if kind == "hello":
            if fields["version"] != PROTOCOL_VERSION:
                conn.send(dump(error(
                    "version", f"this server speaks protocol {PROTOCOL_VERSION}",
                )))
                conn.close("protocol version")
                return None
            conn.greeted = True
            return {"type": "welcome", "version": PROTOCOL_VERSION, "server": "mahjong-tui"}
        if not conn.greeted:
            return error("hello_first", "say hello with the protocol version first")
        if kind == "create":
            return self._create(conn, fields)
        if kind == "answer":
            if conn.table is None or conn.seat is None:
                return error("not_seated", "answer only at a seat you joined")
            remote = conn.table.seats[conn.seat]
            taken = remote.taken
            reply = remote.answer(fields["seq"], fields["action"])
            if remote.taken > taken:
                conn.refund()  # an answer the table asked for is never over the rate
            return reply
        if conn.table is not None:
            return error("bound", "this connection already has a seat or watches a table")
        table = self.tables.get(fields["invitation"])
        if table is None:
            return error("no_table", "no table has this invitation")
        if kind == "join":
            got = table.join(fields["name"], conn)
            if got is None:
                return error("table_full", "every seat for people at this table is taken")
            conn.table, conn.seat = table, got[0]
            return {"type": "joined", "table": table.id, "seat": got[0], "token": got[1]}
        if kind == "rejoin":
            seat: int = fields["seat"]
            if not table.token_matches(seat, fields["token"]):
                return error("bad_token", "that is not the token of that seat")
            table.attach(seat, conn)
            conn.table, conn.seat = table, seat
            conn.send(dump({"type": "joined", "table": table.id, "seat": seat,
                            "token": fields["token"]}))
            return table.streams[seat].resume()
        # watch
        if len(table.spectators.peers) >= self.limits.spectators:
            return error("too_many_spectators",
                         f"this table has its {self.limits.spectators} spectators")
        table.spectators.peers.add(conn)
        conn.table = table
        conn.send(dump({"type": "watching", "table": table.id}))
        return table.spectators.resume()

    def _sweep(self) -> None:
        """Free the slots of ended tables (their logs are saved) and of tables that waited
        longer than `Limits.waiting` with nobody seated (else abandoned invitations would
        fill the server)."""
        now = time.monotonic()
        for key, table in list(self.tables.items()):
            abandoned = table.state == "waiting" and now - table.created > self.limits.waiting \
                and not any(s.peers for s in table.streams)
            if table.state in ("over", "failed") or abandoned:
                del self.tables[key]
                if abandoned:
                    table.state = "over"
                    table.write_meta()
                    log.info("table %s dropped: nobody came", table.id)

    def _create(self, conn: Connection, fields: dict[str, Any]) -> dict[str, Any]:
        self._sweep()
        live = [t for t in self.tables.values() if t.state in ("waiting", "playing")]
        if len(live) >= self.limits.tables:
            return error("too_many_tables", f"this server holds at most {self.limits.tables}")
        unknown = set(fields) - set(CREATE_FIELDS) - {"type"}
        if unknown:
            return error("bad_message", f"create: unknown field {sorted(unknown)[0]!r}")
        try:
            ruleset = load_preset(fields.get("ruleset", self.ruleset))
            if fields.get("rules"):
                ruleset = ruleset.with_overrides(dict(fields["rules"]))
        except (RulesetError, KeyError, ValueError, TypeError) as exc:
            return error("bad_ruleset", str(exc).splitlines()[0][:200] if str(exc) else "bad")
        # People's seats: up to the ruleset's players (three: seat 3 stays empty, §9).
        most = ruleset.players
        players = fields.get("players", most)
        if not 1 <= players <= most:
            return error("bad_message", f"create: players is 1 to {most}")
        level = fields.get("ai", self.default_level)
        if self.levels and level not in self.levels:
            return error("bad_message", f"create: AI level is one of {', '.join(self.levels)}")
        per, bank = fields.get("per_decision"), fields.get("bank", 0)
        if per is not None and not (0 < per <= 3600 and 0 <= bank <= 3600):
            return error("bad_message", "create: per_decision in (0, 3600], bank in [0, 3600]")
        try:
            bots = bot_seats(fields.get("bots", {}), players, self.bots, ruleset.players)
        except BotError as exc:
            return error("bad_message", str(exc))
        table = Table(
            lambda: self.game_factory(ruleset), self.ai, level=level, players=players,
            deadline=None if per is None else TimeBank(float(per), float(bank)),
            data=self.data, on_over=self._table_over,
        )
        seat_bots(table, bots, self.bots, red_fives=ruleset.red_fives > 0)
        self.tables[table.invitation] = table
        table.write_meta()
        log.info("table %s created (%s, %d players)", table.id, ruleset.id, players)
        return {"type": "created", "table": table.id, "invitation": table.invitation}


def _new_game(ruleset: Ruleset) -> Game:
    """A table's game: a seed nobody chose, the real clock for a time limit (gifu). Seats
    are not shuffled: people sit in the order they joined, the first as East."""
    import secrets

    return Game.new(ruleset, secrets.randbelow(2**31), clock=time.monotonic)
