"""The game as one synchronous state machine: `legal_actions(seat)` / `apply(action)`.

Everything the rules decide happens here, read from the `Ruleset` fields
(RULESETS.md §2, §5); nothing asks which preset is being played. Drawing,
dealing, revealing dora and settling are automatic; the only decisions are the
players' `Action`s. At every point `pending_seats()` says who must decide and
`legal_actions(seat)` is the complete list of what they may do; `apply` of
anything else raises `IllegalAction` saying why.

Claims on a discard are collected from every seat that can ron, pon, kan or
chi; when all have answered, priority (ron > pon/daiminkan > chi, head bump)
decides. Each seat's waits and shanten are cached whenever its hand has 3n+1
tiles, so a discard costs a set look-up per seat, not a hand analysis, and the
legal actions of a decision point are computed once: the driver's
`legal_actions` and `apply`'s legality check share one list, and the actions in
it are shared immutable objects matched by identity.

This module holds the public API and the order of play (phase, scores,
counters, event emission); each part of the rules is a module of typed
functions over the hand state and the ruleset that returns events (see `Game`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules.hand import MeldKind
from rules.ruleset import Ruleset
from rules.tiles import Tile, format_tiles, tile_key

from . import aborts, claims, ending, kans, turns, wins
from .actions import (
    Action,
    Ankan,
    Chombo,
    Discard,
    IllegalAction,
    Kakan,
    Kita,
    NineTerminals,
    Ron,
    ShowTenpai,
    Tsumo,
)
from .chips import chip_totals
from .claims import PASS
from .events import (
    Dealt,
    Event,
    ExhaustiveDraw,
    GameStarted,
    HandEnded,
    HandStarted,
    Pay,
    RiichiAccepted,
)
from .player_view import PlayerView
from .player_view_of_game import player_view
from .results import FinalResult, final_results
from .state import STICK, Furiten, HandState, Round
from .wall import Wall, shape_for, shared, shuffled_tiles, throw_dice

__all__ = ["STICK", "Game", "IllegalAction", "Start"]
SHOW_TENPAI = tuple(ShowTenpai(seat) for seat in range(4))


MANGAN_TSUMO_SHARE = 2000  # a non-dealer's share of a mangan tsumo (mjai.app's chombo)


@dataclass(frozen=True, slots=True)
class Start:
    """Where a game starts (tests and resumed sessions); the default is East 1, 0 honba."""

    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    scores: tuple[int, ...] | None = None


def _never() -> float:
    """The default clock: time never passes, so no time limit ever ends a game."""
    return 0.0


def _listed(action: Action, legal: list[Action]) -> bool:
    """`action in legal`, checking identity first: players usually hand back one of
    the very objects they were offered, and dataclass equality is the slow path."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal


class Game:
    """One game from the first deal to the final results.

    The game keeps the phase of play, the scores and counters, the seeded generator
    and the event log; the rules are functions over the hand state in one module
    each, which it calls in order: the turn (`engine.turns`), claim windows and
    calls (`engine.claims`), kans (`engine.kans`), whether a win is legal
    (`engine.wins`), the end of hands and of the game (`engine.ending`)."""

    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        *,
        walls: Sequence[Sequence[Tile]] = (),
        dice: Sequence[Sequence[tuple[int, int]]] = (),
        seating: Sequence[int] | None = None,
        shuffle_seats: bool = False,
        clock: Callable[[], float] | None = None,
        start: Start | None = None,
    ):
        self.ruleset = ruleset
        self.seed = seed
        self.rng = random.Random(seed)
        self._walls = [list(w) for w in walls]
        self._dice = [tuple((a, b) for a, b in d) for d in dice]
        self._clock = clock or _never
        start = start or Start()
        self.setup: dict[str, Any] = {
            "seed": seed,
            "ruleset": ruleset.id,
            "overrides": {k: ruleset.as_dict()[k] for k, _ in ruleset.overrides},
            "walls": [format_tiles(w) for w in self._walls],
            "dice": [[list(t) for t in d] for d in self._dice],
            "seating": list(seating) if seating is not None else None,
            "shuffle_seats": shuffle_seats,
            "start": {
                "round_wind": start.round_wind,
                "hand_number": start.hand_number,
                "honba": start.honba,
                "sticks": start.sticks,
                "scores": list(start.scores) if start.scores else None,
            },
        }
        if seating is None:
            order = [0, 1, 2, 3]
            if shuffle_seats:
                self.rng.shuffle(order)  # 5.1: a uniformly random seating and first dealer
            seating = order
        self.seating = tuple(seating)
        # Four score slots always: a three-player game's empty seat 3 holds 0 (§9).
        players = ruleset.players
        self.scores = list(
            start.scores or (ruleset.starting_points,) * players + (0,) * (4 - players)
        )
        # The counters (round wind, dealer, honba, sticks) as the one value the rule
        # modules read; replaced, never mutated, when one of them changes.
        self.counters = Round(
            start.round_wind, start.hand_number, start.honba, start.sticks, players
        )
        self.start_total = sum(self.scores) + STICK * self.sticks
        self.chiitoitsu = ruleset.seven_pairs
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.marks: list[int] = []  # len(events) before each action: the log interleaving
        self.is_over = False
        self.results: list[FinalResult] | None = None
        self.hands_played = 0
        self.hand: HandState = None  # type: ignore[assignment]  # set by _start_hand
        self._out: list[Event] = self.events
        self._legal: dict[int, list[Action]] = {}
        self._clock_start = self._clock() if ruleset.time_limit_minutes else 0.0
        self._emit(
            GameStarted(
                seed,
                ruleset.id,
                dict(self.setup["overrides"]),
                self.seating,
                tuple(self.scores),
            )
        )
        self._start_hand()

    @classmethod
    def new(
        cls,
        ruleset: Ruleset,
        seed: int,
        *,
        wall: Sequence[Tile] | None = None,
        walls: Sequence[Sequence[Tile]] = (),
        dice: Sequence[Sequence[tuple[int, int]]] = (),
        seating: Sequence[int] | None = None,
        shuffle_seats: bool = False,
        clock: Callable[[], float] | None = None,
        start: Start | None = None,
    ) -> Game:
        """A new game. `wall` scripts the first hand's wall (136 tiles in draw order),
        `walls` several hands'; `dice` the throws of the first hands; later hands are
        shuffled and thrown by the game's one seeded generator."""
        all_walls = ([list(wall)] if wall is not None else []) + [list(w) for w in walls]
        return cls(
            ruleset,
            seed,
            walls=all_walls,
            dice=dice,
            seating=seating,
            shuffle_seats=shuffle_seats,
            clock=clock,
            start=start,
        )

    # ------------------------------------------------------------------ the clock
    def played_seconds(self) -> float:
        """Playing time so far by the game's clock (what a time limit, gifu's 50
        minutes, is measured against); 0 for a ruleset without a time limit."""
        if not self.ruleset.time_limit_minutes:
            return 0.0
        return max(0.0, self._clock() - self._clock_start)

    def resume_clock(self, clock: Callable[[], float], played_seconds: float) -> None:
        """Go on with a real clock after a game was rebuilt from a log or a save, as if
        `played_seconds` had already been played (a break between sessions is not play)."""
        self._clock = clock
        self._clock_start = clock() - played_seconds

    # ------------------------------------------------------------------ queries
    @property
    def dealer(self) -> int:
        return self.counters.dealer

    @property
    def hand_number(self) -> int:
        """0-3 within the round: the dealer's seat."""
        return self.counters.dealer

    @property
    def round_wind(self) -> int:
        """0 East .. 3 North."""
        return self.counters.round_wind

    @property
    def honba(self) -> int:
        return self.counters.honba

    @property
    def sticks(self) -> int:
        """Riichi sticks on the table."""
        return self.counters.sticks

    def pending_seats(self) -> list[int]:
        """Who must decide now (several at once in a claim window)."""
        if self.is_over:
            return []
        h = self.hand
        if h.phase == "turn":
            return [h.turn]
        if h.phase == "claim":
            c = h.claim
            assert c is not None
            return [s for s in sorted(c.options) if s not in c.responses]
        if h.phase == "declare":
            return h.declare_queue[:1]
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """The complete list of what `seat` may do now (empty if not asked)."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        if seat not in self.pending_seats():
            return []
        h = self.hand
        if h.phase == "turn":
            actions = turns.turn_actions(
                self.ruleset, h, self.counters, seat, self.scores[seat]
            )
        elif h.phase == "claim":
            assert h.claim is not None
            actions = h.claim.options[seat]
        else:
            actions = [SHOW_TENPAI[seat], PASS[seat]]
        self._legal[seat] = actions
        return actions

    def view(self, seat: int) -> PlayerView:
        """What `seat` may see now (never the wall or another hand)."""
        return player_view(self, seat)

    def furiten(self, seat: int) -> Furiten | None:
        """Why `seat` cannot ron now, or None: discard | temporary | riichi (§5.8)."""
        return wins.furiten(self.ruleset, self.hand.seats[seat])

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action; return the events it caused, in order."""
        if self.is_over:
            raise IllegalAction(f"{action!r}: the game is over")
        if type(action) is Chombo:
            return self._apply_chombo(action)
        seat = action.seat
        legal = self.legal_actions(seat)
        if not _listed(action, legal):
            raise IllegalAction(self._why_illegal(action, legal))
        out: list[Event] = []
        self._out = out
        self._legal = {}
        self.marks.append(len(self.events))
        self.actions.append(action)
        h = self.hand
        if h.phase == "turn":
            self._apply_turn(action)
        elif h.phase == "claim":
            assert h.claim is not None
            h.claim.responses[seat] = action
            if len(h.claim.responses) == len(h.claim.options):
                self._close_claim()
        else:
            self._emit(ending.declare(h, seat, isinstance(action, ShowTenpai)))
            self._advance_declarations()
        self.events.extend(out)
        self._out = self.events
        return out

    def _apply_chombo(self, action: Chombo) -> list[Event]:
        """A penalty the host charges (`Chombo`), at any decision of the hand: mjai.app's
        rule (its README: a bot that sends no appropriate message, or none within the
        time, "is treated as a chombo and a mangan-sized penalty is paid"; its arena
        ends the hand as a ryukyoku with those deltas). The offender pays a mangan as
        by tsumo (4000 to the dealer and 2000 to each other seat; a dealer 4000 to
        each); the dealer keeps the deal unless he was the offender, a honba is added,
        the riichi sticks stay on the table, as after an abortive draw."""
        if not 0 <= action.seat < 4:
            raise IllegalAction(f"{action!r}: no such seat")
        out: list[Event] = []
        self._out = out
        self._legal = {}
        self.marks.append(len(self.events))
        self.actions.append(action)
        h = self.hand
        h.claim = None
        h.phase = "over"
        offender, dealer = action.seat, self.dealer
        payments = tuple(
            Pay(offender, seat, MANGAN_TSUMO_SHARE * (2 if dealer in (seat, offender) else 1),
                "chombo")
            for seat in range(4) if seat != offender
        )
        deltas = [0] * 4
        for p in payments:
            deltas[p.payer] -= p.amount
            deltas[p.payee] += p.amount
        self._emit(ExhaustiveDraw((False,) * 4, payments, "chombo", offender))
        self._end_hand("draw", deltas, renchan=offender != dealer, abortive=True)
        self.events.extend(out)
        self._out = self.events
        return out

    def _why_illegal(self, action: Action, legal: list[Action]) -> str:
        pending = self.pending_seats()
        if action.seat not in pending:
            who = ", ".join(map(str, pending)) or "nobody"
            return f"{action!r}: seat {action.seat} is not asked to act now (waiting for {who})"
        h = self.hand
        s = h.seats[action.seat]
        if isinstance(action, Discard):
            if action.tile not in s.hand:
                return f"{action!r}: {action.tile} is not in the hand"
            if s.riichi:
                return f"{action!r}: after riichi only the drawn tile may be discarded"
            if action.tile.kind in s.kuikae:
                return f"{action!r}: kuikae, {action.tile} may not go right after the call"
            if action.riichi:
                return f"{action!r}: riichi cannot be declared with this discard now"
        if isinstance(action, Ron | Tsumo):
            return f"{action!r}: not a legal win now (no winning tile, furiten, or no yaku)"
        names = ", ".join(repr(a) for a in legal[:6])
        return f"{action!r} is not legal now; legal: {names}{', ...' if len(legal) > 6 else ''}"

    def _emit(self, event: Event) -> None:
        self._out.append(event)

    # ------------------------------------------------------------------ hand start
    def _start_hand(self) -> None:
        r = self.ruleset
        dealer = self.dealer
        tiles = (
            self._walls.pop(0)
            if self._walls
            else shuffled_tiles(self.rng, r.red_fives, r.removed_kinds)
        )
        throws = (
            self._dice.pop(0)
            if self._dice
            else tuple(throw_dice(self.rng) for _ in range(r.kaimen_dice))
        )
        wall = Wall(tiles, throws, dealer, shape_for(len(tiles), r.players))
        self.hand = h = HandState(wall, wall.deal(dealer), dealer)
        self.hand_start_scores = tuple(self.scores)
        self._emit(
            HandStarted(
                self.round_wind,
                self.hand_number,
                dealer,
                self.honba,
                self.sticks,
                tuple(self.scores),
                wall.dice,
                wall.brk.side,
                wall.brk.stacks,
            )
        )
        self._emit(Dealt(tuple(tuple(s.hand) for s in h.seats)))
        if r.dora:
            self._emit(kans.reveal(h, kan=False))
        for seat in r.seats:
            turns.update_waits(h.seats[seat], self.chiitoitsu)
        self._emit(turns.draw(h, dealer))

    # ------------------------------------------------------------------ the turn
    def _apply_turn(self, action: Action) -> None:
        r, h, seat = self.ruleset, self.hand, action.seat
        if isinstance(action, Discard):
            event = turns.discard(r, h, seat, action.tile, action.riichi)
            self._emit(event)
            self._reveal_pending_dora()  # an open kan's dora, after the kan player's discard
            claims.open_discard_claims(r, h, self.counters, seat, event.tile, event.houtei)
            if h.phase != "claim":
                self._close_claim()
        elif isinstance(action, Tsumo):
            drawn = h.seats[seat].drawn
            assert drawn is not None
            self._finish_win([seat], None, drawn, chankan=False)
        elif isinstance(action, NineTerminals):
            self._abort("nine_terminals", seat)
        elif isinstance(action, Kita):
            kita = kans.kita(h, seat)
            self._emit(kita)
            # A kita is a call (§9): it ends every ippatsu and the first go-around; where
            # a ron on it keeps ippatsu, only once nobody robbed it.
            if not r.kita_ron_ippatsu:
                claims.interrupt(h)
            if kans.open_kan_claims(r, h, self.counters, seat, kita.tile, "kita", None):
                return
            self._complete_kita(seat)
        elif isinstance(action, Ankan):
            self._reveal_pending_dora()  # a second kan turns the first one's dora at once
            shown = kans.ankan(h, seat, action.kind)
            self._emit(shown)
            # Kokushi may rob an ankan only where the ruleset says so (000 第33条ロ②, §2).
            if r.kokushi_ankan and kans.open_kan_claims(
                r, h, self.counters, seat, shown.meld.tiles[0], "ankan", shown.meld
            ):
                return
            self._complete_kan(seat, closed=True)
        elif isinstance(action, Kakan):
            self._reveal_pending_dora()
            tile = shared(action.tile)
            added = kans.kakan(h, seat, tile)
            self._emit(added)
            if kans.open_kan_claims(r, h, self.counters, seat, tile, "kakan", added.meld):
                return
            self._complete_kan(seat)
        else:  # pragma: no cover - legal_actions never offers anything else here
            raise IllegalAction(f"{action!r} cannot be applied on a turn")

    def _complete_kan(self, seat: int, *, closed: bool = False) -> None:
        """The kan stands: dead wall takes a live tile, kan dora, rinshan draw (§5.6)."""
        r, h = self.ruleset, self.hand
        h.wall.add_kan()
        claims.interrupt(h)
        timing = r.kan_dora_timing
        if r.dora and r.kan_dora and timing != "none":
            if timing == "immediate" or closed:
                self._emit(kans.reveal(h, kan=True))  # 000 第9条ロ: before the rinshan draw
            else:
                h.pending_dora += 1  # Tenhou: an open kan's dora after the next discard
        turns.update_waits(h.seats[seat], self.chiitoitsu)
        self._emit(turns.draw(h, seat, rinshan=True))

    def _complete_kita(self, seat: int) -> None:
        """The kita stands: the dead wall takes a live tile and the seat draws a
        replacement tile (RULESETS.md §9); no dora indicator is turned."""
        h = self.hand
        h.wall.add_kita()
        claims.interrupt(h)
        turns.update_waits(h.seats[seat], self.chiitoitsu)
        self._emit(turns.draw(h, seat, rinshan=True))
        h.kita_draw = True

    # ------------------------------------------------------------------ claims
    def _close_claim(self) -> None:
        """Every asked seat has answered (or nobody was asked): ron, a call, or the
        next draw."""
        r, h = self.ruleset, self.hand
        claim = h.claim
        assert claim is not None
        if claim.responses:
            rons = sum(1 for a in claim.responses.values() if isinstance(a, Ron))
            if aborts.triple_ron(r, rons):
                self._abort("triple_ron")
                return
            winners, call = claims.resolve(
                claim.seat, claim.responses, r.multiple_ron, r.players
            )
        else:
            winners, call = [], None
        if winners:
            self._finish_win(
                winners, claim.seat, claim.tile, chankan=claim.source in ("kakan", "ankan")
            )
            return
        for o in claim.shape_seats:
            claims.passed(r, h.seats[o], claim.tile.kind)
        h.claim = None
        if claim.source == "kita":
            self._complete_kita(claim.seat)
            return
        if claim.source != "discard":
            assert claim.meld is not None
            self._complete_kan(claim.seat, closed=claim.meld.kind is MeldKind.ANKAN)
            return
        if claims.accept_riichi(r, h.seats[claim.seat]):
            self.scores[claim.seat] -= STICK
            self.counters = replace(self.counters, sticks=self.sticks + 1)
            self._emit(RiichiAccepted(claim.seat, self.sticks, self.scores[claim.seat]))
            if aborts.four_riichi(r, h):
                self._abort("four_riichi")
                return
        if aborts.four_winds(r, h):
            self._abort("four_winds")
            return
        if aborts.four_kans(r, h):
            self._abort("four_kans")
            return
        if call is not None:
            called = claims.call(r, h, self.counters, call, claim.seat, claim.tile)
            self._emit(called)
            if called.meld.kind is MeldKind.MINKAN:
                self._complete_kan(call.seat)
        elif h.wall.remaining == 0:
            self._exhaustive_draw()
        else:
            self._emit(turns.draw(h, (claim.seat + 1) % r.players))

    # ------------------------------------------------------------------ hand end
    def _finish_win(
        self, winners: list[int], discarder: int | None, tile: Tile, *, chankan: bool
    ) -> None:
        h = self.hand
        claim = h.claim
        if chankan and claim is not None and claim.meld is not None:
            ending.unmake_robbed_kan(h.seats[claim.seat], claim.meld)
        events, deltas = ending.settle_wins(
            self.ruleset, h, self.counters, winners, discarder, tile
        )
        for event in events:
            self._emit(event)
        self.counters = replace(self.counters, sticks=0)
        self._end_hand("win", deltas, renchan=self.dealer in winners)

    def _reveal_pending_dora(self) -> None:
        """Turn the kan dora an open kan still owes (`kan_dora_timing`)."""
        h = self.hand
        while h.pending_dora:
            h.pending_dora -= 1
            self._emit(kans.reveal(h, kan=True))

    def _abort(self, kind: aborts.AbortKind, seat: int | None = None) -> None:
        """An abortive draw (RULESETS.md §8.1): nothing is paid, the dealer stays, a
        honba is added and the riichi sticks stay on the table."""
        h = self.hand
        h.claim = None
        hand = tuple(sorted(h.seats[seat].hand, key=tile_key)) if seat is not None else ()
        self._emit(ExhaustiveDraw((False,) * 4, (), kind, seat, (), hand))
        self._end_hand("draw", [0] * 4, renchan=True, abortive=True)

    def _exhaustive_draw(self) -> None:
        h = self.hand
        h.declare_queue = ending.declaration_order(h, self.dealer, self.ruleset.players)
        h.declared = {}
        h.phase = "declare"
        self._advance_declarations()

    def _advance_declarations(self) -> None:
        """Declare automatically where there is no choice; stop at the next real choice."""
        h = self.hand
        while h.declare_queue:
            seat = h.declare_queue[0]
            show = ending.must_declare(self.ruleset, h, self.counters, seat)
            if show is None:
                return
            self._emit(ending.declare(h, seat, show))
        if h.phase != "declare":
            return
        h.phase = "over"
        event, deltas, renchan = ending.settle_draw(self.ruleset, h, self.dealer)
        self._emit(event)
        self._end_hand("draw", deltas, renchan=renchan)

    def _end_hand(
        self, reason: ending.HandEnd, deltas: list[int], *, renchan: bool, abortive: bool = False
    ) -> None:
        r = self.ruleset
        self.hand.phase = "over"
        for seat, d in enumerate(deltas):
            self.scores[seat] += d
        time_up = False
        if r.time_limit_minutes:
            time_up = self._clock() - self._clock_start >= r.time_limit_minutes * 60
        nxt = ending.next_hand(
            r, self.counters, reason, renchan, time_up, self.scores, abortive=abortive
        )
        self.counters = replace(self.counters, honba=nxt.honba)
        self.hands_played += 1
        self._emit(
            HandEnded(
                reason, tuple(deltas), tuple(self.scores), renchan, self.honba, self.sticks, time_up
            )
        )
        if nxt.over:
            self.is_over = True
            sticks = ending.deposits_to_first(r, self.scores, self.sticks, STICK)
            self.counters = replace(self.counters, sticks=sticks)
            # The seats that play are ranked; an empty fourth seat has no result.
            self.results = final_results(self.scores[: r.players], self.ruleset)
            done = self.events if self._out is self.events else [*self.events, *self._out]
            chips = chip_totals(done) if r.chips else ()
            self._emit(ending.game_ended(self.scores, self.sticks, self.results, chips))
            return
        self.counters = replace(self.counters, round_wind=nxt.round_wind, dealer=nxt.dealer)
        self._start_hand()
