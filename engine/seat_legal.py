"""A seat's legal actions worked out from what the seat sees: its view and its own memory.

A seat at our host is told its legal actions (`Status`); a bot that sits at
someone else's table (an mjai server) is told only the events, so it works them
out itself. It does so with the engine's own rule functions (`engine.turns`,
`engine.claims`, `engine.kans`, `engine.wins`) run on a hand state rebuilt from
the view: the own hand, every meld, the own river, the wall's counts, the
indicators, the riichi and ippatsu flags. Nothing hidden is read: the ura
indicators a riichi win would turn are unknown here, and they change only the
value of a win, never whether it is one.

Two things a view does not hold, since they are the seat's own history rather
than the table's, are kept in `Memory`, updated by `remember` from the events
the seat is sent: the wins it let go by (temporary furiten, the passed kinds of
the `same_tile` scope, furiten after riichi) and the kinds barred after its own
chi or pon (kuikae). The test checks `legal_actions` against the host's
`Game.legal_actions` at every turn and claim decision of seeded games of every
preset. The exhaustive draw's tenpai declaration has no mjai event; a seat is
told of it by the host's `Status`, and `legal_actions` leaves it out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from rules.ruleset import Ruleset
from rules.shanten import shanten_kokushi
from rules.tiles import Tile

from .actions import Action, Daiminkan
from .claims import PASS, RON, chi_options, kuikae_kinds, pon_options
from .events import Called, Discarded, DoraRevealed, Drew, Won
from .frames import Seated, SeatEvent, Status
from .seat_view import SeatView
from .state import OTHERS_BY, Furiten, HandState, Round, SeatState
from .turns import turn_actions, update_waits
from .wall import Wall, shape_for
from .wins import can_ron, furiten

__all__ = ["Memory", "furiten_of", "legal_actions", "remember", "with_legal"]


@dataclass(frozen=True, slots=True)
class Memory:
    """What a seat remembers of its own hand that its view does not say."""

    temp_furiten: bool = False  # passed a win since its last take (until_next_take)
    temp_kinds: frozenset[int] = frozenset()  # same_tile scope: kinds passed (001 第6章5)
    riichi_furiten: bool = False  # passed a win after riichi: to the end of the hand
    kuikae: frozenset[int] = frozenset()  # kinds barred for the discard after its call
    kita_draw: bool = False  # its tile in hand is a kita's replacement (`kita_rinshan`)


class _SeenWall:
    """The wall as far as a seat knows it: what is left, the kans made. The ura
    indicators are hidden; a placeholder changes a win's value, never its legality."""

    __slots__ = ("kans", "remaining")

    def __init__(self, remaining: int, kans: int) -> None:
        self.remaining = remaining
        self.kans = kans

    def ura_indicator(self, n: int) -> Tile:
        return Tile(0)


def _seat_state(view: SeatView, ruleset: Ruleset, memory: Memory) -> SeatState:
    """The viewing seat's `SeatState`, its cached waits those of the hand without the
    drawn tile (the engine caches them at 3n+1 tiles)."""
    seat = view.seat
    info = view.seats[seat]
    own = view.own
    s = SeatState(list(own.tiles))
    s.melds = [e.meld for e in info.melds if e.meld is not None]
    if len(own.tiles) % 3 == 1:
        update_waits(s, ruleset.seven_pairs)
    if own.drawn is not None:
        s.add(own.drawn)
        s.drawn = own.drawn
    s.discard_kinds = {e.tile.kind for e in info.river}
    s.riichi = info.riichi
    s.double_riichi = view.double_riichi[seat]
    s.ippatsu = view.ippatsu[seat]
    s.first_discard_done = bool(info.river)
    s.riichi_furiten = memory.riichi_furiten
    s.temp_furiten = memory.temp_furiten
    s.temp_kinds = set(memory.temp_kinds)
    s.kuikae = memory.kuikae
    return s


def _replacements(ruleset: Ruleset) -> int:
    """The replacement tiles of the ruleset's dead wall (4; 8 with three, §9)."""
    removed = ruleset.removed_kinds
    return len(shape_for(4 * (34 - len(removed)), ruleset.players).rinshan)


def _hand_state(view: SeatView, ruleset: Ruleset, s: SeatState, memory: Memory) -> HandState:
    h = HandState.__new__(HandState)
    seats = [SeatState([]) for _ in range(4)]
    seats[view.seat] = s
    h.seats = seats
    # Kans made: the replacement tiles drawn, less those a kita drew (three players).
    kita = sum(len(info.kita) for info in view.seats)
    kans = _replacements(ruleset) - view.wall.rinshan_left - kita
    if view.phase == "claim" and view.offered_from == "kita":
        kans += 1  # a North set aside whose replacement tile is not drawn yet
    h.wall = cast(Wall, _SeenWall(view.wall.tiles_left, kans))
    h.indicators = len(view.wall.dora_indicators)
    h.pending_dora = 0
    h.dora_indicators = view.wall.dora_indicators
    h.turn = view.turn
    if s.drawn is None:
        h.turn_kind = "call"
    else:
        # A kita's replacement tile is a rinshan draw even where the view says a tsumo
        # on it is no rinshan kaihou (`kita_rinshan` false).
        h.turn_kind = "rinshan" if view.rinshan_draw or memory.kita_draw else "draw"
    h.phase = "turn"
    h.claim = None
    h.kita_draw = memory.kita_draw
    h.calls_made = view.calls_made
    h.discards = []
    h.last_discard = None
    h.declare_queue = []
    h.declared = {}
    h.wins = {}
    return h


def _round(view: SeatView, ruleset: Ruleset) -> Round:
    return Round(view.round_wind, view.dealer, view.honba, view.sticks, ruleset.players)


def legal_actions(view: SeatView, ruleset: Ruleset, memory: Memory) -> tuple[Action, ...]:
    """What the viewing seat may do now: its turn's actions, or its answers to the
    window open on another seat's discard or kan (empty when it is not asked)."""
    seat = view.seat
    if view.sight == "none" or not view.ruleset:
        return ()
    own = view.own
    size = len(own.tiles) + (own.drawn is not None)
    if view.phase == "turn":
        if view.turn != seat or size % 3 != 2:
            return ()
        s = _seat_state(view, ruleset, memory)
        h = _hand_state(view, ruleset, s, memory)
        return tuple(
            turn_actions(ruleset, h, _round(view, ruleset), seat, view.seats[seat].score)
        )
    if view.phase != "claim" or view.turn == seat or view.offered is None:
        return ()
    tile = view.offered
    s = _seat_state(view, ruleset, memory)
    h = _hand_state(view, ruleset, s, memory)
    rnd = _round(view, ruleset)
    remaining = h.wall.remaining
    kind = tile.kind
    opts: list[Action] = []
    source = view.offered_from or "discard"
    if source != "discard":
        if kind not in s.wait_set:
            return ()
        if source == "ankan" and shanten_kokushi(s.counts) != 0:
            return ()
        if can_ron(ruleset, h, rnd, seat, tile, robbing=source, houtei=False):  # type: ignore[arg-type]
            return (RON[seat], PASS[seat])
        return ()
    houtei = remaining == 0
    if kind in s.wait_set and can_ron(ruleset, h, rnd, seat, tile, robbing=None, houtei=houtei):
        opts.append(RON[seat])
    if not houtei and not s.riichi:
        kuikae = ruleset.kuikae == "forbidden"
        held = s.counts[kind]
        if held >= 2:
            opts.extend(pon_options(seat, s, tile, kuikae))
            if held == 3 and remaining > 0 and h.wall.kans < ruleset.max_kans:
                opts.append(Daiminkan(seat))
        if ruleset.chi and seat == OTHERS_BY[ruleset.players][view.turn][0]:  # the shimocha
            opts.extend(chi_options(seat, s, tile, kuikae))
    if opts:
        opts.append(PASS[seat])
    return tuple(opts)


def furiten_of(view: SeatView, ruleset: Ruleset, memory: Memory) -> Furiten | None:
    """Why the seat cannot ron now, as `Game.furiten` says it (`OwnHand.furiten`)."""
    if not view.own.waits:
        return None
    return furiten(ruleset, _seat_state(view, ruleset, memory))


def _passed(memory: Memory, ruleset: Ruleset, kind: int, riichi: bool) -> Memory:
    """`engine.claims.passed`: the seat did not win on a tile completing its hand."""
    if ruleset.furiten_temporary == "until_next_take":
        memory = replace(memory, temp_furiten=True)
    else:
        memory = replace(memory, temp_kinds=memory.temp_kinds | {kind})
    if riichi and ruleset.riichi_pass == "furiten" and ruleset.furiten_after_riichi == "permanent":
        memory = replace(memory, riichi_furiten=True)
    return memory


_CLOSES_WINDOW = (Won, DoraRevealed, Status, Seated)  # events that do not close a window


def remember(memory: Memory, view: SeatView, event: SeatEvent, ruleset: Ruleset) -> Memory:
    """`memory` after `event`, `view` being the seat's view before it."""
    seat = view.seat
    if view.sight == "none":
        return memory
    if view.phase == "over" or isinstance(event, Seated):
        return Memory() if not isinstance(event, Status) else memory
    riichi = view.seats[seat].riichi
    own = view.own
    # A window on another seat's tile closes without a win: every seat whose hand the
    # tile completes has passed it (`Game._close_claim`).
    if (
        view.phase == "claim"
        and view.turn != seat
        and view.offered is not None
        and not isinstance(event, _CLOSES_WINDOW)
        and view.offered.kind in own.waits
    ):
        source = view.offered_from
        counts = [0] * 34
        for tile in own.tiles:
            counts[tile.kind] += 1
        if source == "discard" or source == "kakan" or source == "kita" or (
            source == "ankan" and ruleset.kokushi_ankan and shanten_kokushi(counts) == 0
        ):
            memory = _passed(memory, ruleset, view.offered.kind, riichi)
    if isinstance(event, Drew) and event.seat == seat:
        # A replacement tile after the seat's own kita (the window on the North is
        # still what its view offers) is no rinshan kaihou unless `kita_rinshan`.
        kita_draw = event.rinshan and view.offered_from == "kita"
        memory = replace(memory, temp_furiten=False, kita_draw=kita_draw)
    elif isinstance(event, Called) and event.seat == seat:
        memory = replace(memory, temp_furiten=False)
        meld = event.meld
        if ruleset.kuikae == "forbidden" and meld.called is not None and len(meld.tiles) == 3:
            mine = list(meld.tiles)
            mine.remove(meld.called)
            chi = meld.tiles[0].kind != meld.tiles[1].kind
            memory = replace(
                memory, kuikae=kuikae_kinds(meld.called.kind, [t.kind for t in mine], chi)
            )
    elif isinstance(event, Discarded) and event.seat == seat:
        if riichi and own.drawn is not None:
            s = _seat_state(view, ruleset, memory)
            if event.tile.kind in s.wait_set:  # a riichi hand lets a winning tile go
                memory = _passed(memory, ruleset, event.tile.kind, True)
        if own.drawn is not None:  # not the discard after a call
            memory = replace(memory, temp_kinds=frozenset())
        memory = replace(memory, kuikae=frozenset())
    return memory


def with_legal(view: SeatView, ruleset: Ruleset, memory: Memory) -> SeatView:
    """The view with its decision filled in from the seat's own reckoning: a `Status`
    folded into it, as the host's would be (`engine.fold`)."""
    from .fold import fold

    legal = legal_actions(view, ruleset, memory)
    status = Status(
        phase=view.phase,
        on_turn=(view.seat,) if legal else (),
        legal=legal,
        unavailable=(),
        furiten=furiten_of(view, ruleset, memory),
        kuikae=tuple(sorted(memory.kuikae)),
        minutes_left=None,
    )
    return fold(view, status)


class Reckoner:
    """One seat's side of the table: its view folded from its redacted events
    (`engine.fold`, the same code as any seat), its memory, and its legal actions."""

    def __init__(self, seat: int, ruleset: Ruleset | None = None) -> None:
        from .fold import fold

        self.view: SeatView = fold(None, Seated(seat, "seat"))
        self.memory = Memory()
        self._ruleset = ruleset

    @property
    def ruleset(self) -> Ruleset:
        if self._ruleset is None:
            from .fold import ruleset_of

            self._ruleset = ruleset_of(self.view)
        return self._ruleset

    def feed(self, event: SeatEvent) -> None:
        from .fold import fold

        if not isinstance(event, Seated | Status) and self.view.ruleset:
            self.memory = remember(self.memory, self.view, event, self.ruleset)
        self.view = fold(self.view, event)

    def legal(self) -> tuple[Action, ...]:
        return legal_actions(self.view, self.ruleset, self.memory)

    def decision_view(self) -> SeatView:
        """The view with its legal actions, furiten and kuikae filled in."""
        return with_legal(self.view, self.ruleset, self.memory)
