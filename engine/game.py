"""The game as one synchronous state machine: `legal_actions(seat)` / `apply(action)`.

Everything the rules decide happens here, read from the `Ruleset` fields
(RULESETS.md §2, §5); nothing asks which preset is being played. Drawing,
dealing, revealing dora and settling are automatic; the only decisions are the
players' `Action`s. At every point `pending_seats()` says who must decide and
`legal_actions(seat)` is the complete list of what they may do; `apply` of
anything else raises `IllegalAction` saying why.

Claims on a discard are collected from every seat that can ron, pon, kan or
chi; when all have answered, priority (ron > pon/daiminkan > chi, head bump)
decides. Each seat's waits are cached whenever its hand has 3n+1 tiles, so a
discard costs a set look-up per seat, not a hand analysis.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules.hand import Meld, MeldKind, Source, Win
from rules.ruleset import PAO_CLASSIC, Ruleset
from rules.scoring import ScoreResult, score
from rules.shanten import shanten
from rules.tiles import Tile, format_tiles
from rules.waits import waits as shape_waits

from . import claims
from .actions import (
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Kakan,
    Pass,
    Ron,
    ShowTenpai,
    Tsumo,
)
from .ending import HandEnding
from .events import (
    Called,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    GameStarted,
    HandStarted,
    RiichiAccepted,
)
from .kans import KanRules, distinct_tiles
from .results import FinalResult
from .settlement import (
    classic_certain_mangan,
    pao_liability,
)
from .state import Claim, HandState, RiverTile, SeatState
from .wall import Wall, shuffled_tiles, throw_dice

if TYPE_CHECKING:
    from .view import PlayerView

STICK = 1000


class IllegalAction(ValueError):
    """An action that is not in `legal_actions(seat)`; the message says why."""


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


def _source(caller: int, discarder: int) -> Source:
    return {3: Source.KAMICHA, 2: Source.TOIMEN, 1: Source.SHIMOCHA}[(discarder - caller) % 4]


class Game(KanRules, HandEnding):
    """One game from the first deal to the final results.

    The kan rules live in `engine.kans`, the end of hands and game in
    `engine.ending`; this module has the public API, the turn and the claims."""

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
        self._dice = [tuple(tuple(t) for t in d) for d in dice]
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
        self.scores = list(start.scores or (ruleset.starting_points,) * 4)
        self.sticks = start.sticks
        self.honba = start.honba
        self.round_wind = start.round_wind
        self.hand_number = start.hand_number
        self.start_total = sum(self.scores) + STICK * self.sticks
        self.chiitoitsu = ruleset.chiitoitsu != "none"
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.marks: list[int] = []  # len(events) before each action: the log interleaving
        self.is_over = False
        self.results: list[FinalResult] | None = None
        self.hands_played = 0
        self.hand: HandState = None  # type: ignore[assignment]  # set by _start_hand
        self._out: list[Event] = self.events
        self._legal: dict[int, list[Action]] = {}
        self._wins: dict[int, ScoreResult] = {}  # seat -> result of the win now on offer
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

    # ------------------------------------------------------------------ queries
    @property
    def dealer(self) -> int:
        return self.hand_number

    def seat_wind(self, seat: int) -> int:
        """Tile kind of the seat's wind (27 East .. 30 North)."""
        return 27 + (seat - self.dealer) % 4

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
            actions = self._turn_actions(seat)
        elif h.phase == "claim":
            assert h.claim is not None
            actions = h.claim.options[seat]
        else:
            actions = [ShowTenpai(seat), Pass(seat)]
        self._legal[seat] = actions
        return actions

    def view(self, seat: int) -> PlayerView:
        """What `seat` may see now (never the wall or another hand)."""
        from .view import player_view  # local: engine.view imports this module's types

        return player_view(self, seat)

    def furiten(self, seat: int) -> str | None:
        """Why `seat` cannot ron now, or None: discard | temporary | riichi (§5.8)."""
        s = self.hand.seats[seat]
        if s.riichi_furiten:
            return "riichi"
        if self.ruleset.furiten_scope == "all_waits" and not s.wait_set.isdisjoint(
            s.discard_kinds
        ):
            return "discard"
        if s.temp_furiten:
            return "temporary"
        if self.ruleset.furiten_scope == "same_tile" and not s.wait_set.isdisjoint(
            s.discard_kinds | s.temp_kinds
        ):
            return "discard" if not s.wait_set.isdisjoint(s.discard_kinds) else "temporary"
        return None

    # ------------------------------------------------------------------ apply
    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action; return the events it caused, in order."""
        if self.is_over:
            raise IllegalAction(f"{action!r}: the game is over")
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
            self._declare(seat, isinstance(action, ShowTenpai))
            self._advance_declarations()
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
        tiles = self._walls.pop(0) if self._walls else shuffled_tiles(self.rng, r.red_fives)
        throws = (
            self._dice.pop(0)
            if self._dice
            else tuple(throw_dice(self.rng) for _ in range(r.kaimen_dice))
        )
        wall = Wall(tiles, throws, dealer)
        self.hand = h = HandState(wall, wall.deal(dealer), dealer)
        self._wins = {}
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
            self._reveal(kan=False)
        for seat in range(4):
            self._update_waits(seat)
        self._draw(dealer)

    def _reveal(self, kan: bool) -> None:
        h = self.hand
        indicator = h.wall.indicator(h.indicators)
        h.indicators += 1
        self._emit(DoraRevealed(indicator, kan))

    def _update_waits(self, seat: int) -> None:
        """Recompute a seat's waits; only called when its hand has 3n+1 tiles."""
        s = self.hand.seats[seat]
        melds = len(s.melds)
        if shanten(s.counts, melds, chiitoitsu=self.chiitoitsu) == 0:
            s.waits = shape_waits(s.counts, melds, chiitoitsu=self.chiitoitsu)
        else:
            s.waits = ()
        s.wait_set = frozenset(s.waits)

    def _draw(self, seat: int, rinshan: bool = False) -> None:
        h = self.hand
        s = h.seats[seat]
        tile = h.wall.draw_rinshan() if rinshan else h.wall.draw()
        remaining = h.wall.remaining
        s.add(tile)
        s.drawn = tile
        s.temp_furiten = False  # A5: temporary furiten ends at the next take
        h.turn = seat
        h.turn_kind = "rinshan" if rinshan else "draw"
        h.phase = "turn"
        h.claim = None
        self._wins.pop(seat, None)
        self._emit(Drew(seat, tile, rinshan, not rinshan and remaining == 0, remaining))

    # ------------------------------------------------------------------ the turn
    def _turn_actions(self, seat: int) -> list[Action]:
        r = self.ruleset
        h = self.hand
        s = h.seats[seat]
        actions: list[Action] = []
        after_draw = h.turn_kind != "call"
        if after_draw:
            assert s.drawn is not None
            if s.drawn.kind in s.wait_set and self._tsumo_result(seat) is not None:
                actions.append(Tsumo(seat))
            # No kan on the haitei draw or once the live wall is empty (000 第6条, 5.9),
            # nor beyond max_kans (000 第29条ヘ).
            if h.wall.remaining > 0 and h.wall.kans < r.max_kans:
                actions.extend(self._kan_actions(seat))
        if s.riichi:
            assert s.drawn is not None
            actions.append(Discard(seat, s.drawn))
            return actions
        tiles = distinct_tiles(s.hand)
        actions.extend(Discard(seat, t) for t in tiles if t.kind not in s.kuikae)
        if after_draw and self._may_riichi(seat):
            riichi = self._riichi_discards(seat, tiles)
            actions.extend(Discard(seat, t, riichi=True) for t in riichi)
        return actions

    def _may_riichi(self, seat: int) -> bool:
        """Riichi conditions other than tenpai (§5.7, §2 riichi_*)."""
        r = self.ruleset
        h = self.hand
        s = h.seats[seat]
        if not r.riichi or s.riichi or not s.closed:
            return False
        if r.riichi_points != "any" and self.scores[seat] < STICK:
            return False
        remaining = h.wall.remaining
        if remaining == 0 and not r.riichi_last_tile:
            return False  # 000 第32条ハ※: not with the houtei discard
        if remaining < 4 and not r.riichi_no_draw:
            return False  # he would never draw again
        return shanten(s.counts, len(s.melds), chiitoitsu=self.chiitoitsu) <= 0

    def _riichi_discards(self, seat: int, tiles: list[Tile]) -> list[Tile]:
        s = self.hand.seats[seat]
        out = []
        melds = len(s.melds)
        for tile in tiles:
            s.counts[tile.kind] -= 1
            try:
                waits = shape_waits(s.counts, melds, chiitoitsu=self.chiitoitsu)
                ok = bool(waits) and self._formal_tenpai(s, waits)
            finally:
                s.counts[tile.kind] += 1
            if ok and not self.ruleset.furiten_riichi:
                ok = not (set(waits) & (s.discard_kinds | {tile.kind}))
            if ok:
                out.append(tile)
        return out

    def _formal_tenpai(self, s: SeatState, waits: Sequence[int]) -> bool:
        """Tenpai as counted at a draw: not when every winning tile is already the
        player's own (`tenpai_own_waits`, 000 第17条ロ, §6 A23)."""
        if self.ruleset.tenpai_own_waits == "noten":
            return any(s.own_count(t) < 4 for t in waits)
        return True

    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        if isinstance(action, Tsumo):
            self._finish_win([seat], None, self.hand.seats[seat].drawn, chankan=False)  # type: ignore[arg-type]
        elif isinstance(action, Discard):
            self._discard(seat, action.tile, action.riichi)
        elif isinstance(action, Ankan):
            self._ankan(seat, action.kind)
        elif isinstance(action, Kakan):
            self._kakan(seat, action.tile)
        else:  # pragma: no cover - legal_actions never offers anything else here
            raise IllegalAction(f"{action!r} cannot be applied on a turn")

    def _discard(self, seat: int, tile: Tile, riichi: bool) -> None:
        r = self.ruleset
        h = self.hand
        s = h.seats[seat]
        tsumogiri = h.turn_kind != "call" and tile == s.drawn
        if s.riichi and tile.kind in s.wait_set:
            # Discarding a winning tile after riichi declines that win (§5.7).
            self._passed(seat, tile.kind)
        s.remove(tile)
        s.river.append(RiverTile(tile, tsumogiri, riichi))
        s.discard_kinds.add(tile.kind)
        s.last_discard_index = len(h.discards)
        h.discards.append((seat, tile.kind))
        h.last_discard = (seat, tile)
        if riichi:
            s.riichi_pending = True
            # Double riichi: the first discard, no call of any kind before it (000 第55条①).
            s.double_riichi = r.double_riichi and not s.first_discard_done and not h.calls_made
        elif s.riichi:
            s.ippatsu = False  # the window closes with his next discard (§5.7)
        if h.turn_kind != "call":
            s.temp_kinds.clear()  # 001 第6章5: until his next draw and discard
        s.first_discard_done = True
        h.any_discard = True
        s.drawn = None
        s.kuikae = frozenset()
        self._update_waits(seat)
        houtei = h.wall.remaining == 0
        self._emit(Discarded(seat, tile, tsumogiri, riichi, houtei))
        self._open_discard_claims(seat, tile, houtei)

    # ------------------------------------------------------------------ claims
    def _open_discard_claims(self, seat: int, tile: Tile, houtei: bool) -> None:
        r = self.ruleset
        h = self.hand
        kind = tile.kind
        kuikae = r.kuikae == "forbidden"
        can_kan = h.wall.remaining > 0 and h.wall.kans < r.max_kans
        options: dict[int, list[Action]] = {}
        shape: list[int] = []
        self._wins = {}
        for k in (1, 2, 3):
            o = (seat + k) % 4
            s = h.seats[o]
            opts: list[Action] = []
            if kind in s.wait_set:
                shape.append(o)
                if self._can_ron(o, tile, robbing=None, houtei=houtei):
                    opts.append(Ron(o))
            # No call on the houtei discard (000 第7条); none by a riichi player.
            if not houtei and not s.riichi and s.counts[kind] >= 2:
                opts.extend(claims.pon_options(o, s, tile, kuikae))
                if can_kan and s.counts[kind] == 3:
                    opts.append(Daiminkan(o))
            if k == 1 and not houtei and not s.riichi:
                opts.extend(claims.chi_options(o, s, tile, kuikae))
            if opts:
                opts.append(Pass(o))
                options[o] = opts
        claim = Claim("discard", seat, tile, options, shape_seats=tuple(shape))
        h.claim = claim
        if options:
            h.phase = "claim"
        else:
            self._close_claim()

    def _can_ron(self, seat: int, tile: Tile, *, robbing: str | None, houtei: bool) -> bool:
        """A legal ron: not furiten (§5.8) and a real win under the ruleset (yaku where needed).

        `robbing` is None on a discard, "kakan" or "ankan" for chankan."""
        r = self.ruleset
        s = self.hand.seats[seat]
        kind = tile.kind
        if s.riichi_furiten or s.temp_furiten:
            return False
        if r.furiten_scope == "all_waits":
            if not s.wait_set.isdisjoint(s.discard_kinds):
                return False  # 000 第36条
        elif kind in s.discard_kinds or kind in s.temp_kinds:
            return False  # 001 第6章1④, 第6章5: only the identical kind
        win = self._win(
            seat, list(s.hand), tile, tuple(s.melds), tsumo=False, chankan=robbing is not None,
            houtei=houtei,
        )
        result = score(win, r)
        if not isinstance(result, ScoreResult):
            return False
        if robbing == "ankan" and not any(y.id == "kokushi" for y in result.yaku):
            return False
        self._wins[seat] = result
        return True

    def _passed(self, seat: int, kind: int) -> None:
        """`seat` did not win on a tile that completes its hand (§5.8, A39)."""
        r = self.ruleset
        s = self.hand.seats[seat]
        if r.furiten_temporary == "until_next_take":
            s.temp_furiten = True
        else:
            s.temp_kinds.add(kind)
        if s.riichi and r.riichi_pass == "furiten" and r.furiten_after_riichi == "permanent":
            s.riichi_furiten = True  # 000 第32条ト

    def _close_claim(self) -> None:
        h = self.hand
        claim = h.claim
        assert claim is not None
        if claim.responses:
            winners, call = claims.resolve(claim.seat, claim.responses, self.ruleset.multiple_ron)
        else:
            winners, call = [], None
        if winners:
            self._finish_win(winners, claim.seat, claim.tile, chankan=claim.source != "discard")
            return
        for o in claim.shape_seats:
            self._passed(o, claim.tile.kind)
        h.claim = None
        if claim.source != "discard":
            assert claim.meld is not None
            self._complete_kan(claim.seat)
            return
        discarder = h.seats[claim.seat]
        if discarder.riichi_pending:
            # The declaration tile was not ronned: riichi stands (000 第32条イ).
            discarder.riichi_pending = False
            discarder.riichi = True
            discarder.ippatsu = self.ruleset.ippatsu
            self.scores[claim.seat] -= STICK
            self.sticks += 1
            self._emit(RiichiAccepted(claim.seat, self.sticks, self.scores[claim.seat]))
        if call is not None:
            self._call(call, claim.seat, claim.tile)
        elif h.wall.remaining == 0:
            self._exhaustive_draw()
        else:
            self._draw((claim.seat + 1) % 4)

    def _call(self, action: Action, discarder: int, tile: Tile) -> None:
        r = self.ruleset
        h = self.hand
        seat = action.seat
        s = h.seats[seat]
        source = _source(seat, discarder)
        if isinstance(action, Daiminkan):
            own = tuple(t for t in s.hand if t.kind == tile.kind)
            kind = MeldKind.MINKAN
        else:
            own = action.tiles  # type: ignore[union-attr]
            kind = MeldKind.CHI if isinstance(action, Chi) else MeldKind.PON
        for t in own:
            s.remove(t)
        meld = Meld(kind, tuple(sorted((*own, tile))), source, tile)
        before = tuple(s.melds)
        s.melds.append(meld)
        s.called = True
        river = h.seats[discarder].river
        river[-1] = replace(river[-1], called_by=seat)
        self._interrupt()
        s.temp_furiten = False  # a call is a take (A5)
        self._check_pao(seat, discarder, before, meld)
        h.turn = seat
        h.turn_kind = "call"
        h.phase = "turn"
        s.drawn = None
        self._emit(Called(seat, meld, discarder))
        if kind is MeldKind.MINKAN:
            self._complete_kan(seat)
            return
        if r.kuikae == "forbidden":
            s.kuikae = claims.kuikae_kinds(tile.kind, [t.kind for t in own], kind is MeldKind.CHI)

    def _interrupt(self) -> None:
        """Any call, kans included, ends every ippatsu window and the first go-around (A43)."""
        h = self.hand
        h.calls_made = True
        for s in h.seats:
            s.ippatsu = False

    def _check_pao(self, seat: int, discarder: int, before: tuple[Meld, ...], meld: Meld) -> None:
        """Record liability (§4.6) when a called tile confirms a big hand."""
        r = self.ruleset
        s = self.hand.seats[seat]
        if s.pao is not None or not r.pao:
            return
        if r.pao == (PAO_CLASSIC,):
            if meld.base_kind < 27:
                return
            wind, rnd = self.seat_wind(seat), 27 + self.round_wind
            if classic_certain_mangan(before, wind, rnd, r) or not classic_certain_mangan(
                (*before, meld), wind, rnd, r
            ):
                return
            # 001 第7章1: the first discard of that kind since the caller's own last
            # discard is the pao tile; the caller's own discard makes nobody liable (A34).
            h = self.hand
            start = max(s.last_discard_index, 0)
            first = next(
                (who for who, kind in h.discards[start:] if kind == meld.base_kind), discarder
            )
            if first != seat:
                s.pao = (first, PAO_CLASSIC)
            return
        name = pao_liability(r, before, meld)
        if name is not None:
            s.pao = (discarder, name)

    # ------------------------------------------------------------------ wins
    def _win(
        self,
        seat: int,
        concealed: list[Tile],
        tile: Tile,
        melds: tuple[Meld, ...],
        *,
        tsumo: bool,
        chankan: bool = False,
        houtei: bool = False,
    ) -> Win:
        """The scorer's input with the engine's situational flags (RULESETS.md §3.2, §4.1)."""
        r = self.ruleset
        h = self.hand
        s = h.seats[seat]
        rinshan = tsumo and h.turn_kind == "rinshan"
        last = h.wall.remaining == 0
        riichi = s.riichi
        first = not h.calls_made and not s.first_discard_done and not rinshan
        indicators = tuple(h.wall.indicator(i) for i in range(h.indicators))
        ura = (
            tuple(h.wall.ura_indicator(i) for i in range(h.indicators))
            if riichi and r.ura_dora
            else ()
        )
        return Win(
            concealed=tuple(concealed),
            win_tile=tile,
            melds=melds,
            tsumo=tsumo,
            seat_wind=self.seat_wind(seat),
            round_wind=27 + self.round_wind,
            riichi=riichi,
            double_riichi=riichi and s.double_riichi,
            ippatsu=riichi and s.ippatsu and r.ippatsu,
            rinshan=rinshan,
            chankan=chankan,
            haitei=tsumo and last and (not rinshan or r.haitei_rinshan),
            houtei=not tsumo and houtei and not chankan,
            tenhou=tsumo and first and seat == self.dealer,
            chiihou=tsumo and first and seat != self.dealer,
            dora_indicators=indicators if r.dora else (),
            ura_indicators=ura,
            honba=self.honba,
            riichi_sticks=self.sticks,
        )

    def _tsumo_result(self, seat: int) -> ScoreResult | None:
        if seat in self._wins:
            return self._wins[seat]
        s = self.hand.seats[seat]
        drawn = s.drawn
        assert drawn is not None
        concealed = list(s.hand)
        concealed.remove(drawn)
        result = score(self._win(seat, concealed, drawn, tuple(s.melds), tsumo=True), self.ruleset)
        if isinstance(result, ScoreResult):
            self._wins[seat] = result
            return result
        return None
