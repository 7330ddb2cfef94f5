"""mjai in both directions, for one seat: our events to its masked mjai events, its
actions to ours, and (for a bot of ours at an mjai table) mjai events to our own.

mjai (gimite's protocol, Mortal, mjai.app) tells each seat every event with what it
may not see masked: the other seats' hands in `start_kyoku` and their `tsumo` tiles
are `?`. A riichi is `reach` (the seat's answer, echoed to every seat), then its
`dahai`, then `reach_accepted` once the tile was not ronned; a kan is shown, its
`dora` turned when the ruleset turns it, then the rinshan `tsumo`. Red fives are
`5mr 5pr 5sr`. Tiles and the event shapes are `engine.storage.records.mjai`'s (its
`MjaiEvents` writes them for the export and, through `ToMjai`, for a seat).

- `ToMjai`: our redacted events for one seat (a host's frames) -> its mjai events.
- `action_from_mjai`: a seat's mjai answer -> the one of its legal actions it names,
  or `MjaiActionError` saying why not (unreadable, or not legal now).
- `action_to_mjai`: one of our actions -> the mjai answer that names it.
- `FromMjai`: an mjai event stream for one seat -> our events as that seat may see
  them, to be folded into its view (`engine.fold`) by `engine.seat_legal.Reckoner`.

Three players (RULESETS.md §9). Our stream writes four seats as the export does:
`start_kyoku`'s `scores` and `tehais` have four entries, the empty seat 3's score 0
and its tehai `[]`; a North set aside is `{"type":"kita","actor":A,"pai":"N"}`.
Readers of three-player mjai differ: RiichiEnv's logs say `kita`, the Mortal-based
tools (libriichi3p and the clients built on it) `nukidora` with the same fields,
and some streams carry three entries in `scores`, `tehais` and `deltas`. `FromMjai`
takes both names and three or four entries (three padded with the empty seat);
`action_from_mjai` takes `kita` or `nukidora` as the answer that sets a North aside,
and a bot of ours answers in the name its stream used (`FromMjai.kita_name`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.hand import Meld, MeldKind, Source
from rules.ruleset import Ruleset
from rules.tiles import Tile, tile_key

from .actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Kita,
    NineTerminals,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from .events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    ExhaustiveDraw,
    GameEnded,
    GameStarted,
    HandEnded,
    HandStarted,
    KanDeclared,
    KitaDeclared,
    RiichiAccepted,
    Won,
)
from .frames import Seated, SeatEvent, Status
from .redaction import HIDDEN_SEED
from .seat_view import SeatView
from .state import STICK
from .storage.records.mjai import (
    HIDDEN,
    HONORS,
    RYUKYOKU_REASONS,
    WINDS,
    MjaiEvents,
    pai,
    start_game,
)
from .wall import TILE_COUNT, shape_for

__all__ = [
    "FromMjai",
    "MjaiActionError",
    "MjaiEventError",
    "ToMjai",
    "action_from_mjai",
    "action_to_mjai",
    "tile_of",
]

_REASON_KINDS = {v: k for k, v in RYUKYOKU_REASONS.items()}
KITA_NAMES = ("kita", "nukidora")  # a North set aside: RiichiEnv's name, Mortal-based tools'
NORTH = Tile(30)


def source_of(target: int, caller: int, players: int) -> Source:
    """Where a called tile came from, seen by the caller: with three players the seat
    before him is his kamicha and the one after his shimocha (no toimen)."""
    offset = (target - caller) % players
    if offset == players - 1:
        return Source.KAMICHA
    return Source.SHIMOCHA if offset == 1 else Source.TOIMEN


def players_of(preset: str, overrides: dict[str, Any]) -> int:
    """Seats in play under a game's ruleset (its id and overrides, as `GameStarted`
    names them)."""
    from rules.ruleset import load_preset

    players = overrides.get("players")
    return int(players) if players is not None else load_preset(preset).players


def four(values: Sequence[Any], fill: Any) -> list[Any]:
    """A per-seat list of three (a three-player stream's) or four, as four."""
    out = list(values)
    if len(out) == 3:
        out.append(fill)
    if len(out) != 4:
        raise ValueError(f"{len(out)} seats: three or four")
    return out


class MjaiActionError(ValueError):
    """An mjai answer that cannot be read, or names no legal action now."""


class MjaiEventError(ValueError):
    """An mjai event that cannot follow the stream so far, or cannot be read."""


def tile_of(name: object) -> Tile:
    """The tile an mjai name stands for: "3m", "5pr" (red), "E" .. "C"."""
    if not isinstance(name, str):
        raise ValueError(f"not a tile: {name!r}")
    if len(name) == 1 and name in HONORS:
        return Tile(27 + HONORS.index(name))
    red = name.endswith("r") and len(name) == 3
    body = name[:2]
    if len(body) != 2 or body[1] not in "mps" or not body[0].isdigit() or body[0] == "0":
        raise ValueError(f"not a tile: {name!r}")
    if len(name) not in (2, 3) or (len(name) == 3 and not red):
        raise ValueError(f"not a tile: {name!r}")
    kind = "mps".index(body[1]) * 9 + int(body[0]) - 1
    try:
        return Tile(kind, red=red)
    except ValueError:
        raise ValueError(f"not a tile: {name!r}") from None


# --------------------------------------------------------------------- ours -> mjai


class ToMjai(MjaiEvents):
    """Our events, redacted for `seat` (a host's frames), as the mjai events a server
    sends that seat: `MjaiEvents`' shapes, `start_game` naming the seat, and the
    window's timing below. `reach_sent` is set by a seat that has already echoed a
    `reach` to its bot, so the declaration's discard does not send it twice."""

    def __init__(self, seat: int, *, red_fives: bool = True) -> None:
        super().__init__()
        self.seat = seat
        self.red_fives = red_fives
        self._held: list[dict[str, Any]] = []
        self._after_discard = False

    def events(self, event: SeatEvent) -> list[dict[str, Any]]:
        """The mjai events `event` makes for this seat (none for the host's own).

        A kan dora turned right after a discard (an open kan's, `kan_dora_timing`) is
        sent after the window on that discard, before the next event: a seat answers
        the `dahai` itself, as mjai servers ask it."""
        if isinstance(event, Seated | Status):
            return []
        out = self._held
        self._held = []
        if isinstance(event, DoraRevealed) and event.kan and self._after_discard:
            self._held = [{"type": "dora", "dora_marker": pai(event.indicator)}]
            return out
        self._after_discard = isinstance(event, Discarded)
        if isinstance(event, GameStarted):
            self.players = players_of(event.ruleset, event.overrides)
            out.append(start_game([f"seat {s}" for s in range(4)], self.red_fives,
                                  seat=self.seat))
        out.extend(super().events(event))
        return out


# --------------------------------------------------------------------- actions


def _tiles(value: object, what: str) -> list[Tile]:
    if not isinstance(value, list) or not value:
        raise MjaiActionError(f"{what}: a list of tiles, not {value!r}")
    try:
        return [tile_of(t) for t in value]
    except ValueError as error:
        raise MjaiActionError(f"{what}: {error}") from None


def _same(a: Sequence[Tile], b: Sequence[Tile]) -> bool:
    return sorted(a, key=tile_key) == sorted(b, key=tile_key)


def action_from_mjai(message: object, view: SeatView, *, riichi: bool = False) -> Action:
    """The legal action of `view` that an mjai answer names (`riichi`: a `dahai` after
    the seat's own `reach`, which declares riichi with it). `{"type": "reach"}` is not
    an action of ours on its own: the caller echoes it and asks for the `dahai`."""
    if not isinstance(message, dict):
        raise MjaiActionError(f"an answer is a JSON object, not {message!r}")
    kind = message.get("type")
    legal = view.legal
    seat = view.seat
    if not legal:
        raise MjaiActionError(f"seat {seat} is not asked to act now")
    actor = message.get("actor", seat)
    if kind != "none" and actor != seat:
        raise MjaiActionError(f"actor {actor!r}: this seat is {seat}")
    found: list[Action] = []
    try:
        if kind == "none":
            found = [a for a in legal if type(a) is Pass]
        elif kind == "dahai":
            tile = tile_of(message.get("pai"))
            found = [a for a in legal if type(a) is Discard and a.tile == tile
                     and a.riichi == riichi]
        elif kind == "hora":
            found = [a for a in legal if type(a) in (Tsumo, Ron)]
        elif kind in ("chi", "pon"):
            tile = tile_of(message.get("pai"))
            if view.offered is not None and tile != view.offered:
                raise MjaiActionError(f"{kind} of {message.get('pai')}: the tile on offer "
                                      f"is {pai(view.offered)}")
            own = _tiles(message.get("consumed"), "consumed")
            cls = Chi if kind == "chi" else Pon
            found = [a for a in legal if type(a) is cls and _same(a.tiles, own)]
        elif kind == "daiminkan":
            found = [a for a in legal if type(a) is Daiminkan]
        elif kind == "ankan":
            own = _tiles(message.get("consumed"), "consumed")
            found = [a for a in legal if type(a) is Ankan and len(own) == 4
                     and all(t.kind == a.kind for t in own)]
        elif kind == "kakan":
            tile = tile_of(message.get("pai"))
            found = [a for a in legal if type(a) is Kakan and a.tile == tile]
        elif kind == "ryukyoku":
            found = [a for a in legal if type(a) is NineTerminals]
        elif kind in KITA_NAMES:
            found = [a for a in legal if type(a) is Kita]
        elif kind == "reach":
            raise MjaiActionError("reach is answered with its dahai")
        else:
            raise MjaiActionError(f"unknown action type {kind!r}")
    except ValueError as error:
        if isinstance(error, MjaiActionError):
            raise
        raise MjaiActionError(str(error)) from None
    if not found:
        raise MjaiActionError(f"{_short(message)} is not legal now")
    return found[0]


def _short(message: dict[str, Any]) -> str:
    text = str({k: v for k, v in message.items() if k != "meta"})
    return text if len(text) <= 200 else text[:197] + "..."


def action_to_mjai(action: Action, view: SeatView, kita: str = "kita") -> dict[str, Any]:
    """The mjai answer naming `action` (a riichi discard: its `reach`; the `dahai`
    follows the echo, `dahai_of`; a North set aside: `kita`, or the name given)."""
    seat = view.seat
    if isinstance(action, Kita):
        return {"type": kita, "actor": seat, "pai": pai(NORTH)}
    if isinstance(action, Discard):
        if action.riichi:
            return {"type": "reach", "actor": seat}
        return dahai_of(action, view)
    if isinstance(action, Tsumo):
        drawn = view.own.drawn
        assert drawn is not None
        return {"type": "hora", "actor": seat, "target": seat, "pai": pai(drawn)}
    if isinstance(action, Ron):
        assert view.offered is not None
        return {"type": "hora", "actor": seat, "target": view.turn, "pai": pai(view.offered)}
    if isinstance(action, Chi | Pon):
        assert view.offered is not None
        return {
            "type": "chi" if isinstance(action, Chi) else "pon",
            "actor": seat,
            "target": view.turn,
            "pai": pai(view.offered),
            "consumed": [pai(t) for t in sorted(action.tiles, key=tile_key)],
        }
    if isinstance(action, Daiminkan):
        assert view.offered is not None
        kind = view.offered.kind
        own = [t for t in view.own.tiles if t.kind == kind]
        return {
            "type": "daiminkan",
            "actor": seat,
            "target": view.turn,
            "pai": pai(view.offered),
            "consumed": [pai(t) for t in sorted(own, key=tile_key)],
        }
    if isinstance(action, Ankan):
        hand = [*view.own.tiles, *((view.own.drawn,) if view.own.drawn else ())]
        own = [t for t in hand if t.kind == action.kind]
        return {"type": "ankan", "actor": seat,
                "consumed": [pai(t) for t in sorted(own, key=tile_key)]}
    if isinstance(action, Kakan):
        pon = next(
            e.meld for e in view.seats[seat].melds
            if e.meld is not None and e.meld.kind is MeldKind.PON
            and e.meld.base_kind == action.tile.kind
        )
        return {"type": "kakan", "actor": seat, "pai": pai(action.tile),
                "consumed": [pai(t) for t in sorted(pon.tiles, key=tile_key)]}
    if isinstance(action, NineTerminals):
        return {"type": "ryukyoku", "actor": seat, "reason": "kyushukyuhai"}
    return {"type": "none"}


def dahai_of(action: Discard, view: SeatView) -> dict[str, Any]:
    drawn = view.own.drawn
    return {
        "type": "dahai",
        "actor": view.seat,
        "pai": pai(action.tile),
        "tsumogiri": drawn is not None and action.tile == drawn,
    }


# --------------------------------------------------------------------- mjai -> ours


class FromMjai:
    """An mjai event stream for one seat, as our events redacted for that seat.

    What mjai does not say and the fold needs is made up where it changes nothing a
    seat decides from: the dice (the wall's layout), the settlement's details."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.players = players = ruleset.players
        shape = shape_for(TILE_COUNT - 4 * len(ruleset.removed_kinds), players)
        self._draws = shape.live_end - shape.deal_end  # the live wall after the deal
        self.kita_name = "kita"  # the stream's name for a North set aside, once it says
        self.seat: int | None = None
        self._remaining = self._draws
        self._kan = False  # the next tsumo is a rinshan draw
        self._reach: set[int] = set()
        self._scores: list[int] = self._start_scores()
        self._deltas: list[int] = [0] * 4
        self._reason = "draw"

    def events(self, message: dict[str, Any], view: SeatView | None) -> list[SeatEvent]:
        """Our events for one mjai event (`view`: the seat's view before it)."""
        try:
            return self._events(message, view)
        except MjaiEventError:
            raise
        except (KeyError, ValueError, TypeError, IndexError, StopIteration) as error:
            raise MjaiEventError(f"{message.get('type')}: {type(error).__name__}: {error}") \
                from None

    def _tile(self, name: object) -> Tile:
        return tile_of(name)

    def _start_scores(self) -> list[int]:
        r = self.ruleset
        return [r.starting_points if s < self.players else 0 for s in range(4)]

    def _events(self, m: dict[str, Any], view: SeatView | None) -> list[SeatEvent]:
        kind = m.get("type")
        r = self.ruleset
        if kind == "start_game":
            seat = m.get("id")
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise MjaiEventError(f"start_game: id 0-{self.players - 1}, not {seat!r}")
            self.seat = seat
            self._scores = self._start_scores()
            return [
                Seated(seat, "seat"),
                GameStarted(HIDDEN_SEED, r.id, {}, (0, 1, 2, 3), tuple(self._scores)),
            ]
        if self.seat is None or view is None:
            raise MjaiEventError(f"{kind}: the stream has not begun with start_game")
        me = self.seat
        if kind == "start_kyoku":
            dealer = int(m["oya"])
            scores = (
                tuple(int(s) for s in four(m["scores"], 0)) if "scores" in m
                else tuple(self._scores)
            )
            self._scores = list(scores)
            self._remaining = self._draws
            self._kan = False
            self._reach = set()
            self._deltas = [0] * 4
            tehais = four(m["tehais"], [])
            seated = sum(1 for hand in tehais if hand)
            if seated != self.players:
                raise MjaiEventError(
                    f"start_kyoku: a {seated}-player deal under {r.id}, a "
                    f"{self.players}-player ruleset (the bot's --ruleset names the game's)"
                )
            hands = tuple(
                tuple(self._tile(t) for t in tehais[s]) if s == me else ()
                for s in range(4)
            )
            if len(hands[me]) != 13:
                raise MjaiEventError("start_kyoku: the seat's own tehai is not 13 tiles")
            dice = ((3, 4),) * r.kaimen_dice
            out: list[SeatEvent] = [
                HandStarted(
                    WINDS.index(m["bakaze"]), int(m["kyoku"]) - 1, dealer, int(m.get("honba", 0)),
                    int(m.get("kyotaku", 0)), scores, dice, dealer, 0,
                ),
                Dealt(hands),
            ]
            marker = m.get("dora_marker")
            if marker not in (None, HIDDEN):
                out.append(DoraRevealed(self._tile(marker), False))
            return out
        actor = m.get("actor")
        if kind == "tsumo":
            seat = int(actor)  # type: ignore[arg-type]
            name = m.get("pai")
            tile = self._tile(name) if seat == me else None
            rinshan = self._kan
            self._kan = False
            self._remaining -= 1
            if self._remaining < 0:
                raise MjaiEventError("tsumo: the wall is already empty")
            return [Drew(seat, tile, rinshan, not rinshan and self._remaining == 0,
                         self._remaining)]
        if kind == "reach":
            self._reach.add(int(actor))  # type: ignore[arg-type]
            return []
        if kind == "dahai":
            seat = int(actor)  # type: ignore[arg-type]
            riichi = seat in self._reach
            self._reach.discard(seat)
            return [Discarded(seat, self._tile(m["pai"]), bool(m.get("tsumogiri", False)),
                              riichi, self._remaining == 0)]
        if kind == "reach_accepted":
            seat = int(actor)  # type: ignore[arg-type]
            if "scores" in m:
                self._scores = [int(s) for s in four(m["scores"], 0)]
                score = self._scores[seat]
            else:
                score = view.seats[seat].score - STICK
                self._scores[seat] = score
            return [RiichiAccepted(seat, view.sticks + 1, score)]
        if kind in ("chi", "pon", "daiminkan"):
            seat, target = int(actor), int(m["target"])  # type: ignore[arg-type]
            called = self._tile(m["pai"])
            own = [self._tile(t) for t in m["consumed"]]
            meld_kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON,
                         "daiminkan": MeldKind.MINKAN}[kind]
            meld = Meld(meld_kind, tuple(sorted((*own, called), key=tile_key)),
                        source_of(target, seat, self.players), called)
            if kind == "daiminkan":
                self._kan = True
            return [Called(seat, meld, target)]
        if kind == "ankan":
            seat = int(actor)  # type: ignore[arg-type]
            tiles = tuple(sorted((self._tile(t) for t in m["consumed"]), key=tile_key))
            self._kan = True
            return [KanDeclared(seat, Meld(MeldKind.ANKAN, tiles))]
        if kind == "kakan":
            seat = int(actor)  # type: ignore[arg-type]
            added = self._tile(m["pai"])
            pon = next(
                e.meld for e in view.seats[seat].melds
                if e.meld is not None and e.meld.kind is MeldKind.PON
                and e.meld.base_kind == added.kind
            )
            self._kan = True
            return [KanDeclared(
                seat, Meld(MeldKind.KAKAN, (*pon.tiles, added), pon.source, pon.called)
            )]
        if kind == "dora":
            return [DoraRevealed(self._tile(m["dora_marker"]), True)]
        if kind in KITA_NAMES:
            seat = int(actor)  # type: ignore[arg-type]
            self.kita_name = kind
            self._kan = True  # the replacement draw follows, from the dead wall
            return [KitaDeclared(seat, self._tile(m.get("pai", "N")))]
        if kind == "hora":
            seat, target = int(actor), int(m["target"])  # type: ignore[arg-type]
            tile = self._tile(m["pai"])
            hand = [self._tile(t) for t in m.get("hora_tehais") or ()]
            if tile in hand:
                hand.remove(tile)
            ura = tuple(self._tile(t) for t in (m.get("ura_markers") or
                                                 m.get("uradora_markers") or ()))
            self._settle(m)
            self._reason = "win"
            return [Won(seat, None if target == seat else target, tile, tuple(hand), (), ura,
                        {}, (), None)]
        if kind == "ryukyoku":
            tenpai = tuple(bool(t) for t in four(m.get("tenpais") or (False,) * 4, False))
            self._settle(m)
            self._reason = "draw"
            return [ExhaustiveDraw(tenpai, (), _REASON_KINDS.get(m.get("reason", ""),
                                                                 "exhaustive"))]
        if kind == "end_kyoku":
            deltas, self._deltas = self._deltas, [0] * 4
            return [HandEnded(self._reason, tuple(deltas), tuple(self._scores), False, 0, 0,
                              False)]
        if kind == "end_game":
            scores = tuple(int(s) for s in four(m.get("scores") or self._scores, 0))
            return [GameEnded(scores, 0, ())]
        return []  # none, hello, error and the like: nothing happened at the table

    def _settle(self, m: dict[str, Any]) -> None:
        if "scores" in m:
            self._scores = [int(s) for s in four(m["scores"], 0)]
        elif "deltas" in m:
            for seat, d in enumerate(four(m["deltas"], 0)):
                self._scores[seat] += int(d)
                self._deltas[seat] += int(d)
