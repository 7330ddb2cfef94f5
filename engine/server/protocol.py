"""The wire protocol of the table server: versioned JSON messages, one per websocket frame.

Every message is a JSON object with a `type`. A client first says `hello` with the
protocol version it speaks; the server answers `welcome` (or an `error` with code
`version` and closes). Then (client -> server):

- `create`: a table (ruleset, house rules, how many people play, the AI level of the
  other seats, seconds per decision and a time bank) -> `created` with the table id and
  its invitation code (a secret of 192 bits from `secrets`);
- `join`: invitation + name (1 to `MAX_NAME` printable characters) -> `joined` with
  the seat and its seat token (another secret), then the seat's stream;
- `rejoin`: invitation + seat + seat token -> `joined`, then `resume`;
- `watch`: invitation -> `watching`, then `resume` of the spectator's stream;
- `answer`: the `seq` of the `decide` it answers and the action.

Server -> client, on a seat's (or the spectators') stream, numbered by `seq`, one
counter per stream:

- `events`: one host frame, the events redacted for this observer as
  `engine.frames` encodes them; every `CHECKSUM_EVERY` frames (and on every
  frame that starts a hand) also `checksum`, a digest of the view after them, so a
  client that folds wrongly finds out;
- `decide`: the seat must act: its legal actions and `seconds` it has (the time
  per decision plus what is left of its bank; null: no limit), and `per_decision`,
  the table's time per decision (the rest of `seconds` is the bank);
- `resume`: after a (re)join or watch mid-game: `view`, the view before the hand
  now being played (null in the first hand), and `events`, that hand's redacted
  events so far; folding them gives the view now (`checksum` is its digest);
  `lineup`, who plays each seat now (as below);
- `opened` (the spectators' stream only): `hands`, the four concealed hands of the
  hand that just ended, right after the frame that ended it (`engine.server.opened`);
- `error`: `code` and a one-line `message`; `seq` when it refuses an answer.

Server -> client, outside the numbering (no `seq`), to every seat and spectator:

- `lineup`: `seats`, four objects by absolute seat, whenever who plays them changes
  (a player joins, leaves, comes back): `{"kind": "person", "name": N, "away": B,
  "ai": LEVEL}` (`away`: the table's AI plays for them until they come back),
  `{"kind": "ai", "ai": LEVEL}`, `{"kind": "bot", "name": N}` (an mjai bot),
  `{"kind": "open"}` (a people's seat nobody took yet) or `{"kind": "empty"}` (no such
  seat: three players). Names are the players' own; nothing else of theirs is in it.

Within a version, messages and fields are only added, never changed: a client ignores
a message type or a field it does not know (version 1 gained `lineup`, `resume`'s
`lineup` and `decide`'s `per_decision` so: older clients read on as before). A change
an older client would misread takes a new `PROTOCOL_VERSION`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from engine import codec
from engine.seat_view import SeatView

PROTOCOL_VERSION = 1
CHECKSUM_EVERY = 32  # frames between two checksums of the view (and at each hand's start)

# What each client message must hold: field -> accepted JSON types.
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"version": (int,)},
    "create": {},
    "join": {"invitation": (str,), "name": (str,)},
    "rejoin": {"invitation": (str,), "seat": (int,), "token": (str,)},
    "watch": {"invitation": (str,)},
    "answer": {"seq": (int,), "action": (dict,)},
}
# Optional fields of `create` and their types.
CREATE_FIELDS: dict[str, tuple[type, ...]] = {
    "ruleset": (str,),
    "rules": (dict,),
    "players": (int,),
    "ai": (str,),
    "per_decision": (int, float),
    "bank": (int, float),
    "bots": (dict,),  # seat -> the name of an mjai bot the server has (engine.server.mjai_bots)
}
MAX_NAME = 32


class ProtocolError(ValueError):
    """A client message the server refuses: `code` names why, the text says it in a line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class Message:
    """A client message that passed the checks: its type and fields."""

    type: str
    fields: dict[str, Any]


def _typed(value: Any, kinds: tuple[type, ...]) -> bool:
    if isinstance(value, bool):  # JSON true is not a number here
        return bool in kinds
    return isinstance(value, kinds)


def parse(text: str | bytes) -> Message:
    """A client message read and checked: JSON object, known type, fields of the right types."""
    if isinstance(text, bytes):
        raise ProtocolError("bad_message", "messages are JSON text, not binary frames")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ProtocolError("bad_json", f"not JSON: {str(error)[:80]}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("unknown_type", f"unknown message type {str(kind)[:40]!r}")
    for name, kinds in _FIELDS[kind].items():
        if not _typed(data.get(name), kinds):
            raise ProtocolError("bad_message", f"{kind}: {name!r} missing or of the wrong type")
    if kind == "create":
        for name, kinds in CREATE_FIELDS.items():
            if name in data and not _typed(data[name], kinds):
                raise ProtocolError("bad_message", f"create: {name!r} of the wrong type")
    if kind == "join" and not (0 < len(data["name"]) <= MAX_NAME
                               and str(data["name"]).isprintable()):
        raise ProtocolError("bad_message",
                            f"join: a name is 1 to {MAX_NAME} printable characters")
    return Message(kind, data)


def dump(message: dict[str, Any]) -> str:
    """A server message as sent: compact, keys sorted (the same value, the same bytes)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def error(code: str, message: str, seq: int | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "error", "code": code, "message": message}
    if seq is not None:
        out["seq"] = seq
    return out


def view_checksum(view: SeatView) -> str:
    """A digest of a view: the server's of the view it built, the client's of its fold."""
    data = codec.json_text(SeatView, view)  # json.dumps(encode(...), sort_keys=True, ...)
    return hashlib.sha256(data.encode()).hexdigest()[:16]
